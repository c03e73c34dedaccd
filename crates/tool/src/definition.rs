//! What a tool is: its static facts (name, description, schemas, declared hints) and its handler.
//!
//! A [`ToolDefinition`] is the one owner of a tool's static facts; a policy reads the hints from
//! it, the code tool turns its schemas into TypeScript, and a server publishes it. What a call
//! returns is a [`ToolOutput`]: a JSON value and whether it is an error, kept apart from any
//! protocol failure.

use std::fmt;
use std::future::Future;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;

use futures::FutureExt;
use futures::future::BoxFuture;
use serde::Serialize;
use serde_json::Value;
use tokio_util::sync::CancellationToken;

/// What a tool declares about itself. The hints are claims for a policy to weigh, never proof:
/// `None` means the tool said nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Hints {
    /// The tool runs code that a model wrote (such as `run_code`): a policy must grant code before
    /// it runs at all.
    pub runs_code: bool,
    /// The tool only reads: it changes nothing outside itself.
    pub read_only: Option<bool>,
    /// The tool may destroy or overwrite (meaningful when it is not read-only).
    pub destructive: Option<bool>,
    /// Calling it again with the same arguments has no further effect.
    pub idempotent: Option<bool>,
    /// It reaches an open world of entities (the web, say) rather than a closed one.
    pub open_world: Option<bool>,
}

impl Hints {
    /// Hints for a tool that only reads.
    pub fn read_only() -> Self {
        Self {
            read_only: Some(true),
            destructive: Some(false),
            ..Self::default()
        }
    }

    /// Hints for a tool that may destroy or overwrite.
    pub fn destructive() -> Self {
        Self {
            read_only: Some(false),
            destructive: Some(true),
            ..Self::default()
        }
    }

    /// Whether a call of the tool may change state: anything not declared read-only may.
    pub fn may_change_state(&self) -> bool {
        self.read_only != Some(true)
    }

    /// Whether the tool counts as destructive. A tool that is not declared read-only is taken as
    /// destructive unless it says it is not, as MCP's annotations prescribe.
    pub fn is_destructive(&self) -> bool {
        self.may_change_state() && self.destructive != Some(false)
    }
}

/// What one call of a tool produced: a value, or an error the caller should see as a failed
/// call. A handler never fails in any other way: a panic becomes an error output.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOutput {
    /// The result, or the error's content (a message string, or structured details).
    pub value: Value,
    /// True when the call failed.
    pub is_error: bool,
    /// True when the call failed in a way that does not prove it had no effect (a transport lost
    /// or timed out mid-call): whether it took effect is unknown. Only set with `is_error`.
    pub outcome_unknown: bool,
}

impl ToolOutput {
    /// A successful result.
    pub fn ok(value: Value) -> Self {
        Self {
            value,
            is_error: false,
            outcome_unknown: false,
        }
    }

    /// A failed call with this content.
    pub fn error(value: impl Into<Value>) -> Self {
        Self {
            value: value.into(),
            is_error: true,
            outcome_unknown: false,
        }
    }

    /// A call that failed without proof that it had no effect (its connection was lost, or it
    /// timed out after it was sent), with this content.
    pub fn unknown(value: impl Into<Value>) -> Self {
        Self {
            value: value.into(),
            is_error: true,
            outcome_unknown: true,
        }
    }

    /// The error's message, for a failed call: the content itself when it is a string, its
    /// `error` or `message` field when it has one, otherwise the content as JSON.
    pub fn error_message(&self) -> String {
        match &self.value {
            Value::String(text) => text.clone(),
            Value::Object(fields) => match fields.get("error").or_else(|| fields.get("message")) {
                Some(Value::String(text)) => text.clone(),
                _ => self.value.to_string(),
            },
            other => other.to_string(),
        }
    }
}

/// What a handler's future resolves to.
pub type OutputFuture = BoxFuture<'static, ToolOutput>;

/// The message of a call whose handler panicked.
const HANDLER_PANICKED: &str = "the tool panicked";

/// A tool's async handler: arguments and a [`CallContext`] in, a [`ToolOutput`] out.
#[derive(Clone)]
pub struct Handler(Arc<dyn Fn(Value, CallContext) -> OutputFuture + Send + Sync>);

impl Handler {
    /// Wraps an async function.
    pub fn new<F, Fut>(f: F) -> Self
    where
        F: Fn(Value, CallContext) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ToolOutput> + Send + 'static,
    {
        Self(Arc::new(move |args, context| Box::pin(f(args, context))))
    }

    /// Starts one call. A handler that panics (when called or while running) gives an error
    /// output instead of unwinding into the caller.
    pub fn call(&self, arguments: Value, context: CallContext) -> OutputFuture {
        match panic::catch_unwind(AssertUnwindSafe(|| (self.0)(arguments, context))) {
            Ok(future) => Box::pin(
                AssertUnwindSafe(future)
                    .catch_unwind()
                    .map(|outcome| outcome.unwrap_or_else(|_| ToolOutput::error(HANDLER_PANICKED))),
            ),
            Err(_) => Box::pin(std::future::ready(ToolOutput::error(HANDLER_PANICKED))),
        }
    }
}

impl fmt::Debug for Handler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Handler(..)")
    }
}

/// A tool: its static facts and its handler.
#[derive(Debug, Clone)]
pub struct ToolDefinition {
    /// The name callers use.
    pub name: String,
    /// What it does, for a model.
    pub description: String,
    /// The JSON Schema of its arguments (an object schema).
    pub input_schema: Value,
    /// The JSON Schema of what it returns, when it declares one.
    pub output_schema: Option<Value>,
    /// What it declares about itself.
    pub hints: Hints,
    /// What runs when it is called.
    pub handler: Handler,
}

impl ToolDefinition {
    /// A tool with an open object input schema, no output schema and no hints; set the rest with
    /// the `with_` methods.
    pub fn new(name: impl Into<String>, description: impl Into<String>, handler: Handler) -> Self {
        Self {
            name: name.into(),
            description: description.into(),
            input_schema: serde_json::json!({"type": "object"}),
            output_schema: None,
            hints: Hints::default(),
            handler,
        }
    }

    /// Sets the input schema.
    pub fn with_input_schema(mut self, schema: Value) -> Self {
        self.input_schema = schema;
        self
    }

    /// Sets the output schema.
    pub fn with_output_schema(mut self, schema: Value) -> Self {
        self.output_schema = Some(schema);
        self
    }

    /// Sets the hints.
    pub fn with_hints(mut self, hints: Hints) -> Self {
        self.hints = hints;
        self
    }
}

/// What a call is given besides its arguments.
#[derive(Debug, Clone, Default)]
pub struct CallContext {
    /// Cancelled when the caller gives up on the call (the handler should stop; its outcome is
    /// then unknown to the caller).
    pub cancel: CancellationToken,
    /// Where a long call reports its steps, when the caller asked for progress.
    pub progress: Option<ProgressSink>,
    /// Who can be asked, while the call runs, to approve a call the policy would ask a person
    /// about (an MCP client that declared elicitation); none: such a call is refused.
    pub approver: Option<Approver>,
}

/// A call the policy wants a person to approve, as the person is asked about it.
#[derive(Debug, Clone, PartialEq)]
pub struct ApprovalRequest {
    /// The tool to call.
    pub tool: String,
    /// Its arguments.
    pub arguments: Value,
    /// Why the policy asks (`notes__delete_note` is declared destructive).
    pub reason: String,
}

/// What the person answered.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Approval {
    /// The person approved the call: it runs.
    Approved,
    /// The person declined it: it does not run.
    Declined,
    /// The person dismissed the question without deciding: the call does not run.
    Cancelled,
    /// The person could not be asked (the request failed, with this reason): the call does not
    /// run and is handed back as a follow-up, as when no one can be asked.
    Unavailable(String),
}

/// Asks a person to approve a call and waits for the answer; the wait is cancelled with the run.
#[derive(Clone)]
pub struct Approver(Arc<dyn Fn(ApprovalRequest) -> BoxFuture<'static, Approval> + Send + Sync>);

impl Approver {
    /// Wraps an async function that asks.
    pub fn new<F, Fut>(f: F) -> Self
    where
        F: Fn(ApprovalRequest) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Approval> + Send + 'static,
    {
        Self(Arc::new(move |request| Box::pin(f(request))))
    }

    /// Asks about `request`.
    pub fn ask(&self, request: ApprovalRequest) -> BoxFuture<'static, Approval> {
        (self.0)(request)
    }
}

impl fmt::Debug for Approver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Approver(..)")
    }
}

/// How a call the code made ended, as the code tool reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CallOutcome {
    /// The tool ran and returned.
    Returned,
    /// The tool ran (or was reached) and failed.
    Failed,
    /// The policy denied the call: it never ran.
    Denied,
    /// The policy would ask a person: the call was refused inside the code and never ran (no
    /// one could be asked, or the run stopped before the person answered).
    Refused,
    /// The person asked about the call declined or dismissed it: it never ran.
    Declined,
    /// The call was in flight when the run stopped: whether it took effect is unknown.
    Unknown,
    /// The code called a name that is not one of its tools: nothing ran.
    NoSuchTool,
}

impl CallOutcome {
    /// The outcome's serialized name, such as `returned`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Returned => "returned",
            Self::Failed => "failed",
            Self::Denied => "denied",
            Self::Refused => "refused",
            Self::Declined => "declined",
            Self::Unknown => "unknown",
            Self::NoSuchTool => "no_such_tool",
        }
    }
}

/// One step of a run, for progress reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgressEvent {
    /// The code's call number `call` (from 0, in the order the calls were started) began.
    Started {
        /// The call's number.
        call: usize,
        /// The tool called.
        tool: String,
    },
    /// The code's call number `call` ended.
    Finished {
        /// The call's number.
        call: usize,
        /// The tool called.
        tool: String,
        /// How it ended.
        outcome: CallOutcome,
    },
}

impl fmt::Display for ProgressEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Started { call, tool } => write!(f, "call {} started: {tool}", call + 1),
            Self::Finished {
                call,
                tool,
                outcome,
            } => write!(f, "call {} {}: {tool}", call + 1, outcome.as_str()),
        }
    }
}

/// A receiver of [`ProgressEvent`]s.
#[derive(Clone)]
pub struct ProgressSink(Arc<dyn Fn(ProgressEvent) + Send + Sync>);

impl ProgressSink {
    /// Wraps a function that receives each event; it must not block.
    pub fn new(f: impl Fn(ProgressEvent) + Send + Sync + 'static) -> Self {
        Self(Arc::new(f))
    }

    /// Reports one event.
    pub fn report(&self, event: ProgressEvent) {
        (self.0)(event);
    }
}

impl fmt::Debug for ProgressSink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ProgressSink(..)")
    }
}
