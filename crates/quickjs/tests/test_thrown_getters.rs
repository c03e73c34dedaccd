//! A thrown value whose getters loop, throw or recurse is stopped by the run's limits.

mod common;

use codemode_interpreter::StopReason;
use common::{assert_stopped, run, run_short};

#[tokio::test]
async fn a_thrown_object_whose_message_getter_loops_is_stopped_at_the_timeout() {
    let result = run_short("throw { get message() { while (true) {} } }").await;
    assert_stopped(&result, StopReason::Timeout);
}

#[tokio::test]
async fn a_thrown_error_whose_name_getter_loops_is_stopped_at_the_timeout() {
    let code = "const e = new Error('x'); Object.defineProperty(e, 'name', { get() { for (;;) {} } }); throw e";
    assert_stopped(&run_short(code).await, StopReason::Timeout);
}

#[tokio::test]
async fn a_thrown_error_whose_getters_throw_is_still_reported() {
    let code = "const e = new Error('x'); Object.defineProperty(e, 'message', { get() { throw e } }); throw e";
    let result = run(code).await;
    assert_stopped(&result, StopReason::Threw);
    assert!(!result.error.unwrap_or_default().is_empty());
}

#[tokio::test]
async fn a_thrown_proxy_whose_traps_loop_is_stopped_at_the_timeout() {
    let code =
        "throw new Proxy({}, { get() { while (true) {} }, getPrototypeOf() { while (true) {} } })";
    assert_stopped(&run_short(code).await, StopReason::Timeout);
}

#[tokio::test]
async fn a_rejection_with_a_looping_to_string_is_stopped_at_the_timeout() {
    let code = "await Promise.reject({ toString() { for (;;) {} }, toJSON() { for (;;) {} } })";
    assert_stopped(&run_short(code).await, StopReason::Timeout);
}
