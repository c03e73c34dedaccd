//! What one run is given: the host functions it may call, a timeout and a cancellation token.

use std::collections::BTreeMap;
use std::fmt;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use std::panic::{self, AssertUnwindSafe};

use futures::FutureExt;
use futures::future::BoxFuture;
use serde_json::Value;
use tokio_util::sync::CancellationToken;

/// The message of a call whose tool panicked.
const TOOL_PANICKED: &str = "the tool panicked";

/// What a tool's future resolves to.
pub type ToolFuture = BoxFuture<'static, Result<Value, ToolError>>;

/// A tool's failure. Its message reaches the code as the `message` of the `Error` that
/// `await tools.NAME(args)` rejects with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolError {
    message: String,
}

impl ToolError {
    /// A failure with this message.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }

    /// The message the code sees.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ToolError {}

/// A host function the code calls as `await tools.NAME(args)`. It runs outside the interpreter,
/// takes the arguments as JSON and returns JSON or a [`ToolError`].
///
/// When a run stops while a call is in flight, the interpreter drops the call's future: the tool
/// must treat a drop as "stop now, outcome unknown to the caller".
#[derive(Clone)]
pub struct Tool(Arc<dyn Fn(Value) -> ToolFuture + Send + Sync>);

impl Tool {
    /// Wraps an async function.
    pub fn new<F, Fut>(f: F) -> Self
    where
        F: Fn(Value) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Value, ToolError>> + Send + 'static,
    {
        Self(Arc::new(move |args| Box::pin(f(args))))
    }

    /// Starts one call. A tool that panics (when called or while running) fails the call with
    /// "the tool panicked" instead of unwinding into the interpreter.
    pub fn call(&self, args: Value) -> ToolFuture {
        match panic::catch_unwind(AssertUnwindSafe(|| (self.0)(args))) {
            Ok(future) => Box::pin(
                AssertUnwindSafe(future)
                    .catch_unwind()
                    .map(|outcome| outcome.unwrap_or_else(|_| Err(ToolError::new(TOOL_PANICKED)))),
            ),
            Err(_) => Box::pin(std::future::ready(Err(ToolError::new(TOOL_PANICKED)))),
        }
    }
}

impl fmt::Debug for Tool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Tool(..)")
    }
}

/// The options of one run.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// The functions the code may call, by name. Only these are tools; every other name (including
    /// the names of `Object.prototype`) rejects as an unknown tool.
    pub tools: BTreeMap<String, Tool>,
    /// Stops the code after this long; `None` uses the interpreter's default.
    pub timeout: Option<Duration>,
    /// Stops the code when cancelled (the contract's `AbortSignal`).
    pub cancel: Option<CancellationToken>,
}

impl RunOptions {
    /// Adds a tool under `name`, replacing any tool of that name.
    pub fn with_tool(mut self, name: impl Into<String>, tool: Tool) -> Self {
        self.tools.insert(name.into(), tool);
        self
    }

    /// Sets the timeout.
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// Sets the cancellation token.
    pub fn with_cancel(mut self, cancel: CancellationToken) -> Self {
        self.cancel = Some(cancel);
        self
    }
}
