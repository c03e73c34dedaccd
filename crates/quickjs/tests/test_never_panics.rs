//! A run never panics out of `Interpreter::run`, even polled where it cannot work.

use std::time::Duration;

use codemode_interpreter::{Interpreter, RunOptions, StopReason};
use codemode_quickjs::QuickJs;

#[test]
fn a_run_polled_outside_a_tokio_runtime_reports_an_internal_failure_instead_of_panicking() {
    // The engine runs on a thread of tokio's blocking pool, and tools as tasks on the runtime:
    // without a runtime, a run says what it needs rather than panic.
    let interpreter = QuickJs::default();
    for code in ["return 1", "await new Promise(() => {})"] {
        let options = RunOptions::default().with_timeout(Duration::from_millis(100));
        let result = futures::executor::block_on(interpreter.run(code, options));
        assert_eq!(result.reason, Some(StopReason::Internal), "{result:?}");
        assert!(
            result.error.unwrap_or_default().contains("tokio runtime"),
            "{code}"
        );
    }
}
