//! Microtask storms and endless awaits are stopped at the timeout; work the code leaves behind
//! once it has answered does not hold the answer back.

mod common;

use codemode_interpreter::StopReason;
use common::{assert_returned, assert_stopped, run_short};

#[tokio::test]
async fn a_self_scheduling_microtask_chain_is_stopped_at_the_timeout() {
    let code = "(function f() { Promise.resolve().then(f) })(); await new Promise(() => {})";
    assert_stopped(&run_short(code).await, StopReason::Timeout);
}

#[tokio::test]
async fn an_endless_await_loop_is_stopped_at_the_timeout() {
    assert_stopped(&run_short("for (;;) await null").await, StopReason::Timeout);
}

#[tokio::test]
async fn a_fan_out_of_microtasks_is_stopped_by_the_timeout_or_the_heap() {
    let code = "(function f() { Promise.resolve().then(f); Promise.resolve().then(f) })(); \
                await new Promise(() => {})";
    assert_stopped_by_clock_or_heap(&run_short(code).await);
}

#[tokio::test]
async fn a_microtask_storm_that_never_awaits_the_host_is_stopped_too() {
    // Each step keeps the chain it resolves into alive, so which limit comes first, the clock or
    // the heap, depends on how fast the build runs (optimised dependencies reach the heap first).
    let code =
        "let n = 0; const loop = () => { n++; return Promise.resolve().then(loop) }; await loop()";
    assert_stopped_by_clock_or_heap(&run_short(code).await);
}

/// Asserts a run was stopped by its timeout or its heap limit, whichever the build reached first.
fn assert_stopped_by_clock_or_heap(result: &codemode_interpreter::RunResult) {
    assert!(
        matches!(
            result.reason,
            Some(StopReason::Timeout | StopReason::HeapLimit)
        ),
        "{result:?}"
    );
}

#[tokio::test]
async fn a_chain_left_running_after_the_code_returned_does_not_hold_its_answer() {
    let code = "(function f() { Promise.resolve().then(f) })(); return 42";
    assert_returned(&run_short(code).await, serde_json::json!(42));
    let code = "(async () => { for (;;) await null })(); throw new Error('done')";
    let result = run_short(code).await;
    assert_stopped(&result, StopReason::Threw);
    assert_eq!(result.error.as_deref(), Some("Error: done"));
}
