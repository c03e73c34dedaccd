//! The JSON-lines protocol between a host and an interpreter in another process.
//!
//! The host starts the interpreter command once and keeps it running. Each message is one JSON
//! object on one line: the host writes to the process's standard input, the process writes to its
//! standard output (its standard error is passed through for diagnostics). Several runs may be in
//! flight at once; every message carries the run's `id`.
//!
//! Host to interpreter:
//!
//! ```text
//! {"type":"run","id":1,"code":"return await tools.add({a:1,b:2})","tools":["add"],
//!  "timeoutMs":10000,"limits":{"memoryMb":64,"maxLogChars":64000,"maxCalls":100}}
//! {"type":"result","id":1,"call":0,"ok":true,"value":3}
//! {"type":"result","id":1,"call":1,"ok":false,"error":"no such file"}
//! {"type":"cancel","id":1}
//! ```
//!
//! Interpreter to host:
//!
//! ```text
//! {"type":"call","id":1,"call":0,"name":"add","args":{"a":1,"b":2}}
//! {"type":"done","id":1,"result":{"ok":true,"value":3,"logs":[],"timedOut":false}}
//! ```
//!
//! Rules:
//!
//! - `call` numbers a run's calls from 0 in the order the code made them; the host answers each with
//!   one `result` (an unknown tool is answered with `ok: false`). A `result` for a run that is
//!   already done is ignored.
//! - The interpreter applies `timeoutMs` and `limits`: it stops the run at the timeout
//!   (`timedOut: true`, `reason: "timeout"`), at the heap limit (`reason: "heap_limit"`), and on the
//!   call past `maxCalls` (`reason: "call_limit"`, that call is not sent); it cuts logs at
//!   `maxLogChars`. On `cancel` it stops the run and answers `done` with `reason: "cancelled"`.
//! - `done.result` has the fields of [`crate::RunResult`] except `calls` and `durationMs`, which the
//!   host keeps itself: it knows which calls it ran and which were still in flight (unsettled).
//!   An interpreter that refuses some calls itself (an unknown tool, say) may list them in
//!   `done.result.refused` with their places among the run's calls (and, optionally, each one's
//!   `failure`: `{code, message}`); the host lists them as failed calls there, and ignores a list
//!   whose places do not fit the calls it saw. `done.result.thrownByCall`, optional, is the place
//!   of the call whose very error the code threw; the host keeps it only where that call failed.
//! - Exactly one `done` per `run`. The host does not wait forever: a run without `done` a while
//!   after its timeout is reported as timed out, and a process that exits fails its runs with
//!   `reason: "internal"` (or the reason its host chose, such as `sandbox_crashed` for a sandbox
//!   worker) and an error naming how it ended; the next run starts a new process.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{CallFailure, StopReason};

/// The limits sent with each run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireLimits {
    /// The heap one run may use, in megabytes.
    pub memory_mb: usize,
    /// What one run may log, in characters.
    pub max_log_chars: usize,
    /// The most calls one run may make.
    pub max_calls: usize,
}

/// A message from the host to the interpreter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum HostMessage {
    /// Start a run.
    Run {
        /// The run's id, unique while the process lives.
        id: u64,
        /// The code: the body of an async function.
        code: String,
        /// The names of the tools the host provides.
        tools: Vec<String>,
        /// The timeout in milliseconds.
        #[serde(rename = "timeoutMs")]
        timeout_ms: u64,
        /// The run's limits.
        limits: WireLimits,
    },
    /// The outcome of one call.
    Result {
        /// The run's id.
        id: u64,
        /// The call's number within the run.
        call: u64,
        /// Whether the tool returned.
        ok: bool,
        /// What it returned, when `ok`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<Value>,
        /// Its error message, when not `ok`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        error: Option<String>,
    },
    /// Stop a run.
    Cancel {
        /// The run's id.
        id: u64,
    },
}

/// A message from the interpreter to the host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ChildMessage {
    /// The code called a tool.
    Call {
        /// The run's id.
        id: u64,
        /// The call's number within the run, from 0.
        call: u64,
        /// The tool's name.
        name: String,
        /// Its arguments.
        #[serde(default)]
        args: Value,
    },
    /// The run is over.
    Done {
        /// The run's id.
        id: u64,
        /// What it did.
        result: ChildResult,
    },
}

/// The interpreter's side of a run's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChildResult {
    /// True when the code returned.
    pub ok: bool,
    /// What it returned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    /// What it threw, or why it was stopped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Why it did not return.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<StopReason>,
    /// Its log entries.
    #[serde(default)]
    pub logs: Vec<String>,
    /// Whether the logs were cut.
    #[serde(default)]
    pub logs_truncated: bool,
    /// Whether it was stopped by its timeout.
    #[serde(default)]
    pub timed_out: bool,
    /// The calls the interpreter refused itself, never sent as `call` (an unknown tool, arguments
    /// that cannot cross or are too large, too many in flight), each with its place among all
    /// the run's calls. Optional: an interpreter that sends every call as `call` leaves it out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<RefusedCall>,
    /// When the code threw the very error one of its calls failed with: that call's place among
    /// all the run's calls (as `refused` counts them). Optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thrown_by_call: Option<usize>,
}

/// A call the interpreter refused without sending it to the host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RefusedCall {
    /// Its place among all the calls of the run, from 0.
    pub index: usize,
    /// The tool's name, as the code wrote it.
    pub name: String,
    /// Its arguments (`null` when they could not cross).
    #[serde(default)]
    pub args: Value,
    /// Why it was refused. Optional: without it the host records `refused`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<CallFailure>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_run_request_uses_the_documented_field_names() {
        let message = HostMessage::Run {
            id: 1,
            code: "return 1".into(),
            tools: vec!["add".into()],
            timeout_ms: 10_000,
            limits: WireLimits {
                memory_mb: 64,
                max_log_chars: 64_000,
                max_calls: 100,
            },
        };
        assert_eq!(
            serde_json::to_value(&message).unwrap(),
            json!({"type": "run", "id": 1, "code": "return 1", "tools": ["add"], "timeoutMs": 10000,
                   "limits": {"memoryMb": 64, "maxLogChars": 64000, "maxCalls": 100}})
        );
    }

    #[test]
    fn a_call_message_parses() {
        let line = r#"{"type":"call","id":3,"call":0,"name":"add","args":{"a":1}}"#;
        assert_eq!(
            serde_json::from_str::<ChildMessage>(line).unwrap(),
            ChildMessage::Call {
                id: 3,
                call: 0,
                name: "add".into(),
                args: json!({"a": 1})
            }
        );
    }
}
