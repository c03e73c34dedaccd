//! Catastrophic regular-expression backtracking is stopped at the timeout.

mod common;

use codemode_interpreter::StopReason;
use common::{assert_returned, assert_stopped, run, run_short};
use serde_json::json;

#[tokio::test]
async fn exponential_backtracking_is_stopped_at_the_timeout() {
    let code = "return /^(a+)+$/.test('a'.repeat(50) + 'b')";
    assert_stopped(&run_short(code).await, StopReason::Timeout);
}

#[tokio::test]
async fn backtracking_inside_try_finally_is_still_stopped() {
    let code = "try { /(x+x+)+y/.test('x'.repeat(60)) } catch (e) { return 'caught' } finally { return 'finally' }";
    assert_stopped(&run_short(code).await, StopReason::Timeout);
}

#[tokio::test]
async fn ordinary_regular_expressions_work() {
    assert_returned(
        &run("return 'a1b22c333'.match(/\\d+/g)").await,
        json!(["1", "22", "333"]),
    );
}
