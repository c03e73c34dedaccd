//! Helpers shared by the QuickJS tests: bounded runs and a few host tools.

#![allow(dead_code)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use codemode_interpreter::{Interpreter, RunOptions, RunResult, StopReason, Tool, ToolError};
use codemode_quickjs::{Config, QuickJs};
use serde_json::Value;

/// The longest any single run in these tests may take before the test fails.
pub const BOUND: Duration = Duration::from_secs(20);

/// A short timeout for runs that are meant to hit it.
pub const SHORT: Duration = Duration::from_millis(300);

/// Runs `code` with `options` under [`BOUND`].
pub async fn run_with(interpreter: &QuickJs, code: &str, options: RunOptions) -> RunResult {
    tokio::time::timeout(BOUND, interpreter.run(code, options))
        .await
        .expect("the run came back within the bound")
}

/// Runs `code` on a default interpreter with no tools.
pub async fn run(code: &str) -> RunResult {
    run_with(&QuickJs::default(), code, RunOptions::default()).await
}

/// Runs `code` with a short timeout.
pub async fn run_short(code: &str) -> RunResult {
    run_with(
        &QuickJs::default(),
        code,
        RunOptions::default().with_timeout(SHORT),
    )
    .await
}

/// An interpreter with `config` changed by `f`.
pub fn quickjs(f: impl FnOnce(&mut Config)) -> QuickJs {
    let mut config = Config::default();
    f(&mut config);
    QuickJs::new(config)
}

/// Asserts the run stopped for `reason`.
pub fn assert_stopped(result: &RunResult, reason: StopReason) {
    assert!(
        !result.ok && result.reason == Some(reason),
        "expected {reason:?}, got {}",
        serde_json::to_string(result).unwrap_or_default()
    );
    assert!(result.value.is_none());
    assert_eq!(result.timed_out, reason == StopReason::Timeout);
}

/// Asserts the run returned `value`.
pub fn assert_returned(result: &RunResult, value: Value) {
    assert!(
        result.ok,
        "expected a return, got {}",
        serde_json::to_string(result).unwrap_or_default()
    );
    assert_eq!(result.value, Some(value));
}

/// `echo` returns its arguments; `fail` fails with "nope"; `hang` never finishes and sets the
/// returned flag when its future is dropped.
pub fn tools() -> (RunOptions, Arc<AtomicBool>) {
    let dropped = Arc::new(AtomicBool::new(false));
    let flag = dropped.clone();
    let options = RunOptions::default()
        .with_tool("echo", Tool::new(|args| async move { Ok(args) }))
        .with_tool(
            "fail",
            Tool::new(|_| async move { Err(ToolError::new("nope")) }),
        )
        .with_tool(
            "hang",
            Tool::new(move |_| {
                let guard = DropFlag(flag.clone());
                async move {
                    let _guard = guard;
                    std::future::pending::<()>().await;
                    Ok(Value::Null)
                }
            }),
        );
    (options, dropped)
}

struct DropFlag(Arc<AtomicBool>);

impl Drop for DropFlag {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}
