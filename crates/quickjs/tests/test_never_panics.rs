//! A run never panics out of `Interpreter::run`, even polled where it cannot work.

use std::time::Duration;

use codemode_interpreter::{Interpreter, RunOptions, StopReason};
use codemode_quickjs::QuickJs;
use serde_json::json;

#[test]
fn a_run_polled_outside_a_tokio_runtime_reports_an_internal_failure_instead_of_panicking() {
    // Code that never waits on the host runs anywhere; code that waits needs the run's deadline
    // timer, which cannot exist without a tokio runtime: the run must say so, not panic.
    let interpreter = QuickJs::default();
    let quick =
        futures::executor::block_on(interpreter.run("await null; return 1", RunOptions::default()));
    assert_eq!(quick.value, Some(json!(1)));
    let options = RunOptions::default().with_timeout(Duration::from_millis(100));
    let waiting =
        futures::executor::block_on(interpreter.run("await new Promise(() => {})", options));
    assert_eq!(waiting.reason, Some(StopReason::Internal), "{waiting:?}");
    assert!(waiting.error.unwrap_or_default().contains("panicked"));
}
