//! run_code over MCP: a stdio server whose code calls the tools of upstream MCP servers.
//!
//! The only crate of codemode that knows MCP (through rmcp, the official Rust SDK).
//!
//! - [`config`]: the config file (`mcpServers` plus a `policy` section);
//! - [`naming`]: upstream tools as `{server}__{tool}` JavaScript identifiers;
//! - [`upstream`]: the [`Bridge`], which starts each upstream server and turns its tools into
//!   tool definitions;
//! - [`policy`]: the config's policy, and the wrapper for calls a person approves;
//! - [`session`]: the [`Session`] that `codemode mcp` and `codemode run --mcp` share: the bridge,
//!   the policy, run_code and the tools served directly;
//! - [`server`]: the rmcp server over a session, on stdio, with progress notifications.
#![deny(missing_docs)]

pub mod config;
mod error;
pub mod naming;
pub mod policy;
pub mod server;
pub mod session;
pub mod upstream;

pub use config::{Config, DefaultRule, PolicyConfig, ServerConfig};
pub use error::Error;
pub use policy::PersonApproves;
pub use server::{McpServer, serve_stdio};
pub use session::{Served, Session};
pub use upstream::{Bridge, UpstreamTool};

/// Writes one log line to stderr (stdout carries the protocol).
pub(crate) fn log(message: &str) {
    eprintln!("codemode mcp: {message}");
}
