//! Model-facing tools for codemode: what a tool is, who may call it, and `run_code`.
//!
//! - [`ToolDefinition`]: a tool's static facts (name, description, input and output JSON
//!   Schemas, declared [`Hints`]) and its async [`Handler`], which answers a [`ToolOutput`];
//! - [`Policy`]: decides each call before it runs ([`Decision::Allow`], `Deny`, `Ask`), with the
//!   ready-made [`AllowAll`], [`FollowHints`] and [`Lists`].
#![deny(missing_docs)]

mod definition;
mod policy;

pub use definition::{
    CallContext, CallOutcome, Handler, Hints, OutputFuture, ProgressEvent, ProgressSink,
    ToolDefinition, ToolOutput,
};
pub use policy::{AllowAll, CallRequest, Decision, FollowHints, Lists, Origin, Policy, Rule};
