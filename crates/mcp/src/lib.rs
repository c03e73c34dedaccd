//! run_code and run_instruction over MCP: a stdio server whose code (written by a model, or
//! planned from an instruction) calls the tools of upstream MCP servers.
//!
//! The only crate of codemode that knows MCP (through rmcp, the official Rust SDK).
//!
//! - [`config`]: the config file (`mcpServers`, stdio or remote, plus a `policy` section);
//! - [`naming`]: upstream tools as `{server}__{tool}` JavaScript identifiers;
//! - [`upstream`]: the [`Bridge`], which connects each upstream server (and connects it again
//!   when it is lost) and turns its tools into tool definitions;
//! - [`discovery`]: for a catalog too large to declare, a brief listing, `search_tools`,
//!   `tools.$search` and one tool for the direct calls a person approves;
//! - [`oauth`]: `codemode login` and the token file of a remote server behind OAuth;
//! - [`policy`]: the config's policy, and the wrapper for calls a person approves;
//! - [`session`]: the [`Session`] that `codemode mcp`, `codemode run --mcp` and `codemode do`
//!   share: the bridge, the policy, run_code, run_instruction and the tools served directly;
//! - [`content`]: tool outputs as MCP results, with the media code returns as content blocks;
//! - [`server`]: the rmcp server over a session, on stdio, with progress notifications;
//! - [`http`]: the same server over streamable HTTP, for many clients at once, with a bearer
//!   token for addresses beyond loopback;
//! - `stdio`: the line filter between stdin and rmcp, which answers the lines rmcp would drop
//!   unanswered.
//!
//! The config reference, the naming scheme, the policy's defaults and the result mapping are in
//! the crate's README.
//!
//! # Example
//!
//! ```
//! use std::path::Path;
//! use codemode_mcp::{Config, DefaultRule};
//!
//! let config = Config::parse(
//!     r#"{"mcpServers": {"everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"]}},
//!         "policy": {"tools": {"everything__toggle_*": "ask"}}}"#,
//!     Path::new("."),
//! )?;
//! assert_eq!(config.servers[0].prefix, "everything");
//! assert_eq!(config.policy.default, DefaultRule::Hints);
//!
//! // A problem names its place.
//! let problem = Config::parse(r#"{"mcpServers": {"fs": {"command": "x", "args": [1]}}}"#, Path::new("."))
//!     .unwrap_err();
//! assert_eq!(problem.to_string(), "mcpServers.fs.args[0]: expected a string, not a number");
//! # Ok::<(), codemode_mcp::Error>(())
//! ```
//!
//! Serving a config over stdio, as `codemode mcp` does:
//!
//! ```no_run
//! # async fn serve(config: codemode_mcp::Config) -> Result<(), codemode_mcp::Error> {
//! use std::sync::Arc;
//! use codemode_quickjs::QuickJs;
//!
//! // No planner: run_code alone (the binary passes the shipped planner for run_instruction).
//! let session = codemode_mcp::Session::start(&config, Arc::new(QuickJs::default()), None).await;
//! codemode_mcp::serve_stdio(Arc::new(session)).await
//! # }
//! ```
#![deny(missing_docs)]

pub mod config;
pub mod content;
pub mod discovery;
mod error;
pub mod http;
pub mod naming;
pub mod oauth;
pub mod policy;
pub mod server;
pub mod session;
mod stdio;
pub mod upstream;

pub use config::{Config, DefaultRule, PlannerConfig, PolicyConfig, Sandbox, ServerConfig};
pub use error::Error;
pub use http::{HttpOptions, serve_http};
pub use policy::PersonApproves;
pub use server::{McpServer, serve_stdio};
pub use session::{Served, Session, SessionPlanner};
pub use upstream::{Bridge, UpstreamTool};

/// A value built for one version of something that changes (the upstream tools), built again on
/// the first read of a newer version; reads of the same version share one value.
pub(crate) struct Rebuilt<T> {
    cell: std::sync::RwLock<(u64, std::sync::Arc<T>)>,
}

impl<T> Rebuilt<T> {
    /// `value`, built for `version`.
    pub(crate) fn new(version: u64, value: T) -> Self {
        Self {
            cell: std::sync::RwLock::new((version, std::sync::Arc::new(value))),
        }
    }

    /// The value for `version`: the kept one, or (kept from now on) what `build` makes.
    pub(crate) fn get(&self, version: u64, build: impl FnOnce() -> T) -> std::sync::Arc<T> {
        use std::sync::PoisonError;
        {
            let kept = self.cell.read().unwrap_or_else(PoisonError::into_inner);
            if kept.0 == version {
                return std::sync::Arc::clone(&kept.1);
            }
        }
        let mut kept = self.cell.write().unwrap_or_else(PoisonError::into_inner);
        if kept.0 != version {
            *kept = (version, std::sync::Arc::new(build()));
        }
        std::sync::Arc::clone(&kept.1)
    }
}

/// Writes one log line to stderr (stdout carries the protocol).
pub(crate) fn log(message: &str) {
    eprintln!("codemode mcp: {message}");
}

/// Waits at most `limit` for `task` to end; past that, aborts it and logs `late`.
pub(crate) async fn join_within(
    task: tokio::task::JoinHandle<()>,
    limit: std::time::Duration,
    late: &str,
) {
    let abort = task.abort_handle();
    if tokio::time::timeout(limit, task).await.is_err() {
        abort.abort();
        log(late);
    }
}
