//! `toJSON` that loops or throws, in a returned value or in a tool's arguments, is bounded.

mod common;

use codemode_interpreter::StopReason;
use codemode_quickjs::QuickJs;
use common::{SHORT, assert_returned, assert_stopped, run, run_short, run_with, tools};
use serde_json::json;

#[tokio::test]
async fn a_returned_value_whose_to_json_loops_is_stopped_at_the_timeout() {
    assert_stopped(
        &run_short("return { toJSON() { while (true) {} } }").await,
        StopReason::Timeout,
    );
}

#[tokio::test]
async fn a_returned_value_whose_to_json_throws_is_a_value_error() {
    let result = run("return { toJSON() { throw new Error('no json') } }").await;
    assert_stopped(&result, StopReason::ValueInvalid);
    assert!(result.error.unwrap_or_default().contains("no json"));
}

#[tokio::test]
async fn arguments_whose_to_json_loops_are_stopped_at_the_timeout() {
    let (options, _) = tools();
    let code = "await tools.echo({ toJSON() { while (true) {} } })";
    let result = run_with(&QuickJs::default(), code, options.with_timeout(SHORT)).await;
    assert_stopped(&result, StopReason::Timeout);
}

#[tokio::test]
async fn arguments_whose_to_json_throws_fail_the_call() {
    let (options, _) = tools();
    let code = "try { await tools.echo({ toJSON() { throw new Error('bad args') } }) } \
                catch (e) { return e.message }";
    let result = run_with(&QuickJs::default(), code, options).await;
    assert_returned(
        &result,
        json!("the arguments cannot cross as JSON: Error: bad args"),
    );
    assert_eq!(result.calls[0].ok, Some(false));
    assert_eq!(result.calls[0].args, serde_json::Value::Null);
}

#[tokio::test]
async fn the_value_a_to_json_returns_is_not_converted_again() {
    let code = "const o = { toJSON() { return { toJSON: this.toJSON, n: 1 } } }; return o";
    let result = run(code).await;
    assert_returned(&result, json!({"n": 1}));
}
