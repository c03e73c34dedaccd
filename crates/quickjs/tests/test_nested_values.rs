//! Deeply nested values, returned or passed to a tool, are clear errors, never a crash.

mod common;

use codemode_interpreter::StopReason;
use codemode_quickjs::QuickJs;
use common::{assert_returned, assert_stopped, run, run_with, tools};
use serde_json::json;

#[tokio::test]
async fn a_value_nested_a_hundred_thousand_deep_is_a_value_error() {
    let result = run("let a = []; for (let i = 0; i < 100000; i++) a = [a]; return a").await;
    assert_stopped(&result, StopReason::ValueInvalid);
}

#[tokio::test]
async fn a_value_nested_past_what_the_host_parses_is_a_value_error() {
    let result = run("let a = {}; for (let i = 0; i < 300; i++) a = {a}; return a").await;
    assert_stopped(&result, StopReason::ValueInvalid);
}

#[tokio::test]
async fn a_value_nested_a_hundred_deep_crosses() {
    let result = run("let a = 0; for (let i = 0; i < 100; i++) a = [a]; return a").await;
    let mut expected = json!(0);
    for _ in 0..100 {
        expected = json!([expected]);
    }
    assert_returned(&result, expected);
}

#[tokio::test]
async fn deeply_nested_arguments_fail_the_call_and_the_code_can_catch_it() {
    let (options, _) = tools();
    let code = "let a = []; for (let i = 0; i < 100000; i++) a = [a]; \
                try { await tools.echo(a); return 'sent' } catch (e) { return e.message }";
    let result = run_with(&QuickJs::default(), code, options).await;
    assert!(result.ok, "{result:?}");
    let message = result
        .value
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    assert!(message.contains("cannot cross as JSON"), "{message}");
    assert_eq!(result.calls.len(), 1);
    assert_eq!(result.calls[0].ok, Some(false));
}
