//! `codemode mcp` and `codemode run --mcp` against real MCP servers and clients.
//!
//! The upstream servers are the reference servers `@modelcontextprotocol/server-everything` and
//! `@modelcontextprotocol/server-filesystem` (in a scratch folder), and `tests/mcp/notes-server.mjs`,
//! a small server written with the official TypeScript SDK (it has a destructive tool, which the
//! everything server lacks, and a tool that makes it exit). The clients are rmcp's (`server`,
//! `instruction`: run_instruction with the shipped planner) and the Python `mcp` package's
//! (`python`). What they need is installed by
//! `scripts/install-test-deps`, which the tests run themselves when it is missing.
#![allow(clippy::unwrap_used)] // a test fails loudly on what it did not expect

#[path = "mcp/cli.rs"]
mod cli;
mod common;
#[path = "mcp/discovery.rs"]
mod discovery;
#[path = "mcp/edge.rs"]
mod edge;
#[path = "mcp/http.rs"]
mod http;
#[path = "mcp/instruction.rs"]
mod instruction;
#[allow(dead_code)] // the load bench (benches/load.rs) uses the figures the tests do not
#[path = "mcp/load.rs"]
mod load;
#[path = "mcp/oauth.rs"]
mod oauth;
#[path = "mcp/python.rs"]
mod python;
#[path = "mcp/remote.rs"]
mod remote;
#[path = "mcp/server.rs"]
mod server;
#[path = "mcp/support.rs"]
mod support;
