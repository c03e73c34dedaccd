//! Model-facing tools for codemode: what a tool is, who may call it, and `run_code`.
//!
//! - [`ToolDefinition`]: a tool's static facts (name, description, input and output JSON
//!   Schemas, declared [`Hints`]) and its async [`Handler`], which answers a [`ToolOutput`];
//! - [`Policy`]: decides each call before it runs ([`Decision::Allow`], `Deny`, `Ask`), with the
//!   ready-made [`AllowAll`], [`FollowHints`] and [`Lists`];
//! - [`code_tool`]: `run_code`, which runs a model's code in any
//!   [`Interpreter`](codemode_interpreter::Interpreter) with the tools callable from it, each call
//!   decided by the policy, and answers a result shaped by the tool-contract guidelines;
//! - [`instruction_tool`]: `run_instruction`, which plans an English instruction with a planner
//!   ([`PlanRecord`](codemode_plan::PlanRecord)) against the tools code may call
//!   ([`plannable`], [`catalog`]) and runs the compiled plan as run_code runs code;
//! - [`call_tool`]: a model's direct call of a tool, through the policy first;
//! - [`typescript::declarations`]: the TypeScript the code tool's description carries.
//!
//! # Example
//!
//! ```
//! use std::sync::Arc;
//! use codemode_quickjs::QuickJs;
//! use codemode_tool::{call_tool, code_tool, AllowAll, CallContext, CodeToolOptions, FollowHints,
//!     Handler, Hints, ToolDefinition, ToolOutput};
//! use serde_json::json;
//!
//! let add = ToolDefinition::new("add", "Adds a and b.", Handler::new(|args, _| async move {
//!     ToolOutput::ok(json!(args["a"].as_i64().unwrap_or(0) + args["b"].as_i64().unwrap_or(0)))
//! }))
//! .with_input_schema(json!({"type": "object", "properties": {
//!     "a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["a", "b"]}))
//! .with_hints(Hints::read_only());
//! let run_code = code_tool(Arc::new(QuickJs::default()), CodeToolOptions {
//!     tools: vec![add],
//!     // Each call the code makes: read-only tools run, destructive ones are refused.
//!     policy: Arc::new(FollowHints),
//!     ..CodeToolOptions::default()
//! });
//! let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
//! // The host grants code itself (here to anyone), then each call is decided alone.
//! let code = json!({"code": "return await tools.add({a: 1, b: 2})"});
//! let output = runtime.block_on(call_tool(&run_code, code, &AllowAll, CallContext::default()));
//! assert_eq!(output, ToolOutput::ok(json!({
//!     "value": 3,
//!     "calls": [{"tool": "add", "outcome": "returned"}]
//! })));
//! ```
#![deny(missing_docs)]

pub mod catalog;
mod code_tool;
mod definition;
mod input;
mod instruction;
pub mod plannable;
mod policy;
mod slots;
pub mod typescript;

pub use code_tool::{
    CodeToolOptions, FailureStage, ReasonCode, StateChanged, call_tool, code_tool, invalid_input,
};
pub use definition::{
    Approval, ApprovalRequest, Approver, CallContext, CallOutcome, Handler, Hints, OutputFuture,
    ProgressEvent, ProgressSink, ToolDefinition, ToolOutput,
};
pub use input::json_kind;
pub use instruction::{InstructionToolOptions, instruction_tool};
pub use policy::{AllowAll, CallRequest, Decision, FollowHints, Lists, Origin, Policy, Rule};
pub use slots::RunSlots;
