//! How values cross: JSON in, JSON out, and clear errors for what JSON cannot hold.

mod common;

use codemode_interpreter::RunOptions;
use codemode_interpreter::StopReason;
use common::{assert_returned, assert_stopped, quickjs, run, run_with};
use serde_json::json;

#[tokio::test]
async fn a_returned_bigint_is_a_value_error() {
    let result = run("return [1n]").await;
    assert_stopped(&result, StopReason::ValueInvalid);
    assert!(result.error.unwrap_or_default().contains("BigInt"));
}

#[tokio::test]
async fn a_returned_cycle_is_a_value_error() {
    let result = run("const a = [1]; a.push({a}); return a").await;
    assert_stopped(&result, StopReason::ValueInvalid);
}

#[tokio::test]
async fn values_json_cannot_hold_become_what_json_stringify_makes_of_them() {
    let code = "return {u: undefined, f() {}, s: Symbol('x'), n: NaN, i: -Infinity, \
                d: new Date(0), m: new Map([[1, 2]]), a: [undefined, () => 1]}";
    assert_returned(
        &run(code).await,
        json!({"n": null, "i": null, "d": "1970-01-01T00:00:00.000Z", "m": {}, "a": [null, null]}),
    );
}

#[tokio::test]
async fn a_returned_function_or_symbol_is_null() {
    assert_returned(&run("return () => 1").await, json!(null));
    assert_returned(&run("return Symbol('s')").await, json!(null));
}

#[tokio::test]
async fn nested_errors_keep_their_name_and_message() {
    let code = "class MyError extends Error { constructor(m) { super(m); this.name = 'MyError' } } \
                return {list: [new MyError('deep')], plain: new Error('')}";
    assert_returned(
        &run(code).await,
        json!({"list": [{"name": "MyError", "message": "deep"}], "plain": {"name": "Error", "message": ""}}),
    );
}

#[tokio::test]
async fn lone_surrogates_and_unicode_cross_as_valid_text() {
    assert_returned(
        &run("return ['\\ud83d\\ude00', '\\udc00', '\\u2028']").await,
        json!(["😀", "\u{fffd}", "\u{2028}"]),
    );
}

#[tokio::test]
async fn a_returned_value_past_the_size_limit_is_refused() {
    let interpreter = quickjs(|c| c.max_value_bytes = 1000);
    let result = run_with(
        &interpreter,
        "return 'x'.repeat(2000)",
        RunOptions::default(),
    )
    .await;
    assert_stopped(&result, StopReason::ValueTooLarge);
    let fits = run_with(
        &interpreter,
        "return 'x'.repeat(900)",
        RunOptions::default(),
    )
    .await;
    assert!(fits.ok);
}

#[tokio::test]
async fn a_thrown_string_or_null_is_reported_as_text() {
    let result = run("throw 'plain'").await;
    assert_stopped(&result, StopReason::Threw);
    assert_eq!(result.error.as_deref(), Some("plain"));
    assert_eq!(run("throw null").await.error.as_deref(), Some("null"));
    assert_eq!(
        run("throw {code: 7}").await.error.as_deref(),
        Some("{\"code\":7}")
    );
}
