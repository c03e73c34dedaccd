//! The interpreter contract of codemode, with no JavaScript engine in it.
//!
//! A model writes a snippet of code that calls the agent's tools; an [`Interpreter`] runs the
//! snippet in one step. The snippet is the body of an async function: it reaches the host only
//! through `await tools.NAME(args)`, logs with `console`, and `return`s a value.
//!
//! This crate holds what every interpreter shares:
//!
//! - [`Interpreter`]: the trait (a name, a language, and `run`, which never fails and never panics:
//!   what went wrong is in the [`RunResult`]);
//! - [`RunOptions`] and [`Tool`]: the host functions a run may call, its timeout and a
//!   cancellation token;
//! - [`RunResult`], [`CallRecord`] and [`StopReason`]: what a run did, serialized with the field
//!   names of the contract (`ok`, `value`, `error`, `logs`, `calls`, `timedOut`, `durationMs`) plus a
//!   typed `reason` so callers classify failures without matching on text;
//! - [`Limits`] and [`LogBuffer`]: the limits every interpreter applies, and the log cutter;
//! - [`conformance`]: the suite that checks any interpreter against the contract;
//! - [`process`]: [`ProcessInterpreter`], an interpreter in another process speaking the JSON-lines
//!   protocol of [`protocol`].
//!
//! # Example
//!
//! ```
//! use codemode_interpreter::{RunOptions, Tool, ToolError};
//! use serde_json::json;
//!
//! let options = RunOptions::default()
//!     .with_tool("add", Tool::new(|args| async move {
//!         let a = args["a"].as_i64().ok_or_else(|| ToolError::new("a must be an integer"))?;
//!         let b = args["b"].as_i64().ok_or_else(|| ToolError::new("b must be an integer"))?;
//!         Ok(json!(a + b))
//!     }));
//! assert!(options.tools.contains_key("add"));
//! ```
#![deny(missing_docs)]

pub mod conformance;
mod error;
pub mod json;
mod limits;
mod options;
pub mod process;
pub mod protocol;
mod result;

pub use error::Error;
pub use limits::{LOG_CUT_MARKER, Limits, LogBuffer};
pub use options::{RunOptions, Tool, ToolError, ToolFuture};
pub use process::ProcessInterpreter;
pub use result::{CallFailure, CallRecord, FailureCode, RunResult, StopReason};

use std::future::Future;
use std::panic::AssertUnwindSafe;

use futures::FutureExt;
use futures::future::BoxFuture;

/// Runs code: the body of an async function that can `await tools.NAME(args)` and `return` a value.
///
/// Implementations never return an error and never panic out of [`Interpreter::run`]: a throw, a
/// timeout, a cancellation, a limit or an internal failure are all described by the
/// [`RunResult`]. Runs are independent: nothing one run leaves behind is seen by the next.
pub trait Interpreter: Send + Sync {
    /// Names the interpreter in reports, such as `quickjs`.
    fn name(&self) -> &str;

    /// The language its code is written in, for the model, such as `JavaScript`.
    fn language(&self) -> &str;

    /// Runs `code` with the tools, timeout and cancellation token of `options`.
    fn run<'a>(&'a self, code: &'a str, options: RunOptions) -> BoxFuture<'a, RunResult>;
}

/// Drives `run`, turning a panic inside it into a result with [`StopReason::Internal`]. The
/// interpreters of this workspace wrap their runs in it, so that `Interpreter::run` never panics
/// even when it is polled somewhere it cannot work (outside a tokio runtime with timers, say).
pub fn never_panic<'a>(
    run: impl Future<Output = RunResult> + Send + 'a,
) -> BoxFuture<'a, RunResult> {
    Box::pin(AssertUnwindSafe(run).catch_unwind().map(|outcome| {
        outcome.unwrap_or_else(|panic| {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_owned());
            RunResult::stopped(
                StopReason::Internal,
                format!("the interpreter panicked: {what}"),
            )
        })
    }))
}
