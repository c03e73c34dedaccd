//! What a run did: the result, its calls, and why it stopped.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Why a run did not return normally. Serialized in `snake_case`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum StopReason {
    /// The code threw (or its promise rejected) and nothing caught it.
    Threw,
    /// The code is not valid: it never started.
    Syntax,
    /// The run reached its timeout (busy code, or an `await` that never settled).
    Timeout,
    /// The run was cancelled by its token.
    Cancelled,
    /// The run reached its heap limit.
    HeapLimit,
    /// The code tried to make more calls than the call limit.
    CallLimit,
    /// The returned value is larger than the interpreter accepts.
    ValueTooLarge,
    /// The returned value cannot cross as JSON (a cycle, a BigInt, a throwing `toJSON`, or nesting
    /// deeper than the interpreter accepts).
    ValueInvalid,
    /// The interpreter itself failed (an engine that could not start, a process that died or broke
    /// the protocol). The code may or may not have run.
    Internal,
    /// The sandbox worker process that ran the code crashed, was killed (by its seccomp filter
    /// for a forbidden system call, or by a resource limit), or broke the protocol. Only this run
    /// failed; the worker is replaced. Its calls may or may not have taken effect.
    SandboxCrashed,
}

impl StopReason {
    /// The reason's serialized name, such as `heap_limit`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Threw => "threw",
            Self::Syntax => "syntax",
            Self::Timeout => "timeout",
            Self::Cancelled => "cancelled",
            Self::HeapLimit => "heap_limit",
            Self::CallLimit => "call_limit",
            Self::ValueTooLarge => "value_too_large",
            Self::ValueInvalid => "value_invalid",
            Self::Internal => "internal",
            Self::SandboxCrashed => "sandbox_crashed",
        }
    }
}

/// One call the code made through `tools`, in the order it was made.
///
/// `ok` is `true` when the call returned, `false` when it failed (the tool's error, an unknown
/// tool, arguments that cannot cross as JSON or are too large, too many calls in flight), and
/// `null` (`None`) when it was **unsettled**: it was still in flight when the run stopped, its host
/// future was dropped, and whether it took effect is unknown.
///
/// A failed call says why in `failure`: [`FailureCode::ToolFailed`] for the tool's own error,
/// any other code for a call the interpreter refused before it reached a tool. Tools are called
/// in the order of the calls: the calls that reached a tool are the ones whose `failure` is
/// absent or [`FailureCode::ToolFailed`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CallRecord {
    /// The tool's name, as the code wrote it.
    pub name: String,
    /// Its arguments, as JSON (`null` when they could not be serialized).
    pub args: Value,
    /// `Some(true)` returned, `Some(false)` failed, `None` unsettled.
    pub ok: Option<bool>,
    /// Why it failed, when it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<CallFailure>,
}

impl CallRecord {
    /// A call made and not yet settled.
    pub fn made(name: impl Into<String>, args: Value) -> Self {
        Self {
            name: name.into(),
            args,
            ok: None,
            failure: None,
        }
    }

    /// A call that failed.
    pub fn failed(name: impl Into<String>, args: Value, failure: CallFailure) -> Self {
        Self {
            ok: Some(false),
            failure: Some(failure),
            ..Self::made(name, args)
        }
    }

    /// Settles the call: returned, or failed in its tool with `message`.
    pub fn settle(&mut self, outcome: Result<(), &str>) {
        self.ok = Some(outcome.is_ok());
        self.failure = outcome
            .err()
            .map(|message| CallFailure::new(FailureCode::ToolFailed, message));
    }

    /// Whether the call was in flight when the run stopped.
    pub fn is_unsettled(&self) -> bool {
        self.ok.is_none()
    }

    /// Whether the call reached its tool (settled or not); false when the interpreter refused it.
    pub fn reached_tool(&self) -> bool {
        self.failure
            .as_ref()
            .is_none_or(|failure| failure.code == FailureCode::ToolFailed)
    }
}

/// Why a call failed: a code and a message (the message is what the code's `catch` sees).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallFailure {
    /// What kind of failure.
    pub code: FailureCode,
    /// Its message.
    pub message: String,
}

impl CallFailure {
    /// A failure with this code and message.
    pub fn new(code: FailureCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }
}

/// What kind of failure a call met. Serialized in `snake_case`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum FailureCode {
    /// The tool ran and answered with an error.
    ToolFailed,
    /// No tool has that name; the call reached none.
    UnknownTool,
    /// The arguments cannot cross as JSON (a cycle, a BigInt, a throwing `toJSON`).
    InvalidArguments,
    /// The arguments are larger than the interpreter accepts.
    ArgumentsTooLarge,
    /// Too many calls were in flight at once.
    TooManyInFlight,
    /// The interpreter refused it before any tool, without saying why (a process interpreter
    /// that reports only the refusal).
    Refused,
}

/// What a run did. Serialized with the contract's field names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunResult {
    /// True when the code returned; false when it threw, was stopped, or hit a limit.
    pub ok: bool,
    /// What the code returned (`undefined` is `null`), present only when `ok`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    /// What it threw, or why it was stopped, present only when not `ok`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Why it did not return, present only when not `ok`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<StopReason>,
    /// What it logged with `console`, one entry per call, cut at the log limit with a marker.
    pub logs: Vec<String>,
    /// True when the logs were cut.
    #[serde(default)]
    pub logs_truncated: bool,
    /// The calls it made, in the order it made them.
    pub calls: Vec<CallRecord>,
    /// When the code threw the very error one of its calls failed with (and nothing caught it):
    /// that call's index in `calls`. A new error with the same message is the code's own throw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thrown_by_call: Option<usize>,
    /// True when it was stopped by its timeout.
    pub timed_out: bool,
    /// How long it ran, in milliseconds.
    pub duration_ms: f64,
}

impl RunResult {
    /// A returned value.
    pub fn returned(value: Value) -> Self {
        Self {
            ok: true,
            value: Some(value),
            error: None,
            reason: None,
            logs: Vec::new(),
            logs_truncated: false,
            calls: Vec::new(),
            thrown_by_call: None,
            timed_out: false,
            duration_ms: 0.0,
        }
    }

    /// A run that did not return, for `reason`, with `error` as its text.
    pub fn stopped(reason: StopReason, error: impl Into<String>) -> Self {
        Self {
            ok: false,
            value: None,
            error: Some(error.into()),
            reason: Some(reason),
            logs: Vec::new(),
            logs_truncated: false,
            calls: Vec::new(),
            thrown_by_call: None,
            timed_out: reason == StopReason::Timeout,
            duration_ms: 0.0,
        }
    }

    /// Sets the call whose very error the code threw to `index`, where that can stand: the run
    /// ended by a throw and that call failed; otherwise to none.
    pub fn set_thrown_by_call(&mut self, index: Option<usize>) {
        self.thrown_by_call = index.filter(|&index| {
            self.reason == Some(StopReason::Threw)
                && self
                    .calls
                    .get(index)
                    .is_some_and(|call| call.ok == Some(false))
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_stopped_run_serializes_with_the_contract_field_names() {
        let mut result = RunResult::stopped(StopReason::Timeout, "timed out after 5 ms");
        result.calls.push(CallRecord::made("slow", json!({})));
        result.calls.push(CallRecord::failed(
            "nope",
            json!({}),
            CallFailure::new(FailureCode::UnknownTool, "unknown tool: nope"),
        ));
        result.duration_ms = 5.5;
        assert_eq!(
            serde_json::to_value(&result).unwrap(),
            json!({
                "ok": false,
                "error": "timed out after 5 ms",
                "reason": "timeout",
                "logs": [],
                "logsTruncated": false,
                "calls": [
                    {"name": "slow", "args": {}, "ok": null},
                    {"name": "nope", "args": {}, "ok": false,
                     "failure": {"code": "unknown_tool", "message": "unknown tool: nope"}}
                ],
                "timedOut": true,
                "durationMs": 5.5
            })
        );
    }
}
