//! The upstream bridge: each configured server (started over stdio, or reached over streamable
//! HTTP) as an rmcp client, its tools as [`ToolDefinition`]s that code can call.
//!
//! Servers connect at once and each is bounded by its `startupTimeoutMs`. A server that fails
//! to start, to answer the handshake or to list its tools is logged to stderr and left out; the
//! others work. A server that is lost later (its process exits, its connection drops) is
//! connected again with backoff by its connection's supervisor (`connection`); meanwhile its
//! calls fail at once with `upstream_unavailable`, and a call in flight when it was lost ends
//! with `outcome_unknown`. Each call is bounded by the server's `toolTimeoutMs` and by the
//! caller's cancellation, never a hang or a panic.
//!
//! An upstream result becomes a [`ToolOutput`]: its `structuredContent` when present; else the text
//! of a single text block (code may `JSON.parse` it); else the content array as JSON. An
//! `isError` result becomes an error output whose value is its text blocks joined by newlines (or,
//! without text, the value the rule above gives).
//!
//! A stdio server's environment is not the host's: like the reference MCP clients, it gets only
//! `HOME`, `LOGNAME`, `PATH`, `SHELL`, `TERM` and `USER` from the host (on Windows, the few
//! variables a process needs to start), plus the config's `env`. Its stderr is ours; its stdout
//! carries the protocol.

mod connection;

use std::sync::Arc;

use codemode_tool::{Handler, Hints, ToolDefinition, ToolOutput};
use rmcp::model::{CallToolResult, Tool, ToolAnnotations};
use serde_json::Value;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use crate::config::Config;
use crate::{Rebuilt, log, naming};
use connection::{Connection, connect};

pub use connection::MAX_BACKOFF;

/// The upstream servers and their tools.
///
/// Each configured server has a connection, up or not: one that did not start keeps trying, and
/// one that comes back may bring other tools. The tools are the union of what each server last
/// listed, named for code, rebuilt when a server's list changes ([`Bridge::version`] counts the
/// changes, and [`Bridge::changes`] says when one happens).
pub struct Bridge {
    connections: Vec<Arc<Connection>>,
    built: Rebuilt<Vec<UpstreamTool>>,
    changes: Arc<watch::Sender<u64>>,
}

/// One upstream tool, under its name for code.
#[derive(Clone)]
pub struct UpstreamTool {
    /// Its definition for code: the name for code, the upstream description and schemas, the hints
    /// from its annotations, and a handler that calls it upstream.
    pub definition: ToolDefinition,
    /// The server it belongs to.
    pub server: String,
    /// Its name upstream.
    pub upstream_name: String,
    connection: Arc<Connection>,
}

impl UpstreamTool {
    /// Calls the tool upstream and returns its result as the server sent it, or why there is none.
    pub async fn call_raw(
        &self,
        arguments: Value,
        cancel: CancellationToken,
    ) -> Result<CallToolResult, CallFailure> {
        self.connection
            .call(
                &self.upstream_name,
                &self.definition.name,
                arguments,
                cancel,
            )
            .await
    }
}

impl std::fmt::Debug for UpstreamTool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UpstreamTool")
            .field("name", &self.definition.name)
            .field("server", &self.server)
            .field("upstream_name", &self.upstream_name)
            .finish_non_exhaustive()
    }
}

impl Bridge {
    /// Starts every server of the config at once and lists their tools. Never fails: a server
    /// that cannot be used now is logged, reported by [`Bridge::down`], and tried again.
    pub async fn start(config: &Config) -> Self {
        let started = futures::future::join_all(config.servers.iter().map(|server| async move {
            let list_changed = Arc::new(tokio::sync::Notify::new());
            let outcome = connect(server, Arc::clone(&list_changed)).await;
            (server, outcome, list_changed)
        }))
        .await;
        let changes = Arc::new(watch::Sender::new(0));
        let mut connections = Vec::new();
        for (server, outcome, list_changed) in started {
            let outcome = outcome.map_err(|err| {
                let why = err.to_string();
                log(&format!(
                    "upstream server `{}` is not running: {why}; codemode tries again, at most {} s apart",
                    server.name,
                    MAX_BACKOFF.as_secs()
                ));
                why
            });
            connections.push(Connection::start(
                server.clone(),
                outcome,
                Arc::clone(&changes),
                list_changed,
            ));
        }
        let bridge = Self {
            connections,
            built: Rebuilt::new(u64::MAX, Vec::new()),
            changes,
        };
        bridge.tools();
        bridge
    }

    /// How many times the tools have changed since the start.
    pub fn version(&self) -> u64 {
        *self.changes.borrow()
    }

    /// A receiver that sees each change of the tools.
    pub fn changes(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// Every tool of the servers that have connected, in the config's order of servers and each
    /// server's order of tools (as each last listed them).
    pub fn tools(&self) -> Arc<Vec<UpstreamTool>> {
        self.built.get(self.version(), || {
            let mut tools = Vec::new();
            for connection in &self.connections {
                if let Some(listed) = connection.tools() {
                    named(connection, &listed, &mut tools);
                }
            }
            tools
        })
    }

    /// The tool code calls `name`, if any.
    pub fn tool(&self, name: &str) -> Option<UpstreamTool> {
        self.tools()
            .iter()
            .find(|tool| tool.definition.name == name)
            .cloned()
    }

    /// The servers that have not connected since the start (they are tried again), each with
    /// why, in the config's order.
    pub fn down(&self) -> Vec<(String, String)> {
        self.connections
            .iter()
            .filter(|connection| !connection.ever_up())
            .map(|connection| {
                (
                    connection.server().to_owned(),
                    connection.away().unwrap_or_default(),
                )
            })
            .collect()
    }

    /// The servers that were running and are away now (being connected again), each with why,
    /// in the config's order.
    pub fn away(&self) -> Vec<(&str, String)> {
        self.connections
            .iter()
            .filter(|connection| connection.ever_up())
            .filter_map(|connection| Some((connection.server(), connection.away()?)))
            .collect()
    }

    /// Stops every server: closes its stdin (or its HTTP session) and waits, bounded, killing
    /// a process past that.
    pub async fn shutdown(&self) {
        futures::future::join_all(
            self.connections
                .iter()
                .map(|connection| connection.shutdown()),
        )
        .await;
    }
}

/// The tools one server `listed`, named for code (each collision logged), appended to `tools`.
fn named(connection: &Arc<Connection>, listed: &[Tool], tools: &mut Vec<UpstreamTool>) {
    let server = connection.config();
    let names: Vec<String> = listed.iter().map(|tool| tool.name.to_string()).collect();
    let assignment = naming::assign(&server.prefix, &names);
    for (name, left_out) in &assignment.collisions {
        let list: Vec<String> = left_out.iter().map(|tool| format!("`{tool}`")).collect();
        log(&format!(
            "upstream server `{}`: {} left out, since {} would be named `{name}` too",
            server.name,
            list.join(", "),
            if left_out.len() == 1 {
                "another tool"
            } else {
                "they"
            }
        ));
    }
    for (upstream_name, name) in assignment.named {
        let Some(tool) = listed.iter().find(|tool| tool.name == upstream_name) else {
            continue;
        };
        tools.push(UpstreamTool {
            definition: definition(&name, tool, connection),
            server: server.name.clone(),
            upstream_name,
            connection: Arc::clone(connection),
        });
    }
}

impl std::fmt::Debug for Bridge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bridge")
            .field("tools", &self.tools())
            .field("down", &self.down())
            .finish_non_exhaustive()
    }
}

/// The definition of one upstream tool for code.
fn definition(name: &str, tool: &Tool, connection: &Arc<Connection>) -> ToolDefinition {
    let description = tool
        .description
        .as_deref()
        .or(tool.title.as_deref())
        .unwrap_or_default();
    let connection = Arc::clone(connection);
    let upstream_name = tool.name.to_string();
    let code_name = name.to_owned();
    let handler = Handler::new(move |arguments, context| {
        let connection = Arc::clone(&connection);
        let upstream_name = upstream_name.clone();
        let code_name = code_name.clone();
        async move {
            output(
                connection
                    .call(&upstream_name, &code_name, arguments, context.cancel)
                    .await,
            )
        }
    });
    let mut definition = ToolDefinition::new(name, description, handler)
        .with_input_schema(Value::Object(tool.input_schema.as_ref().clone()))
        .with_hints(hints(tool.annotations.as_ref()));
    if let Some(schema) = &tool.output_schema {
        definition = definition.with_output_schema(Value::Object(schema.as_ref().clone()));
    }
    definition
}

/// The hints an upstream tool's MCP annotations declare.
pub fn hints(annotations: Option<&ToolAnnotations>) -> Hints {
    let Some(annotations) = annotations else {
        return Hints::default();
    };
    Hints {
        runs_code: false,
        read_only: annotations.read_only_hint,
        destructive: annotations.destructive_hint,
        idempotent: annotations.idempotent_hint,
        open_world: annotations.open_world_hint,
    }
}

/// Why an upstream call has no result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallFailure {
    /// What happened, for the caller.
    pub message: String,
    /// True when the request may have reached the server (it was sent and then lost, timed out
    /// or cancelled): whether it took effect is unknown.
    pub outcome_unknown: bool,
}

impl CallFailure {
    /// A failure that proves the call never reached the server.
    pub(crate) fn known(message: String) -> Self {
        Self {
            message,
            outcome_unknown: false,
        }
    }

    /// A failure after the call was sent.
    pub(crate) fn unknown(message: String) -> Self {
        Self {
            message,
            outcome_unknown: true,
        }
    }
}

/// An upstream result as a [`ToolOutput`] (see the module docs), or the error output for why there
/// is none ([`ToolOutput::unknown`] when the call may have taken effect).
pub fn output(result: Result<CallToolResult, CallFailure>) -> ToolOutput {
    let result = match result {
        Ok(result) => result,
        Err(failure) if failure.outcome_unknown => return ToolOutput::unknown(failure.message),
        Err(failure) => return ToolOutput::error(failure.message),
    };
    if result.is_error == Some(true) {
        let texts: Vec<&str> = result
            .content
            .iter()
            .filter_map(|block| block.as_text().map(|text| text.text.as_str()))
            .collect();
        if texts.is_empty() {
            return ToolOutput::error(value(result));
        }
        return ToolOutput::error(texts.join("\n"));
    }
    ToolOutput::ok(value(result))
}

fn value(result: CallToolResult) -> Value {
    if let Some(structured) = result.structured_content {
        return structured;
    }
    if let [block] = result.content.as_slice()
        && let Some(text) = block.as_text()
    {
        return Value::String(text.text.clone());
    }
    serde_json::to_value(&result.content).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::ContentBlock;
    use serde_json::json;

    #[test]
    fn annotations_become_hints_and_missing_ones_stay_unknown() {
        let annotations = ToolAnnotations::new()
            .read_only(false)
            .destructive(true)
            .idempotent(false)
            .open_world(true);
        assert_eq!(
            hints(Some(&annotations)),
            Hints {
                runs_code: false,
                read_only: Some(false),
                destructive: Some(true),
                idempotent: Some(false),
                open_world: Some(true),
            }
        );
        assert_eq!(hints(None), Hints::default());
        assert_eq!(
            hints(Some(&ToolAnnotations::new().read_only(true))),
            Hints {
                read_only: Some(true),
                ..Hints::default()
            }
        );
    }

    #[test]
    fn structured_content_is_the_value_when_present() {
        let mut result = CallToolResult::structured(json!({"temperature": 22}));
        result.content = vec![ContentBlock::text("ignored")];
        assert_eq!(
            output(Ok(result)),
            ToolOutput::ok(json!({"temperature": 22}))
        );
    }

    #[test]
    fn a_single_text_block_is_its_text() {
        let result = CallToolResult::success(vec![ContentBlock::text("{\"a\": 1}")]);
        assert_eq!(output(Ok(result)), ToolOutput::ok(json!("{\"a\": 1}")));
    }

    #[test]
    fn other_content_is_the_content_array() {
        let result = CallToolResult::success(vec![
            ContentBlock::text("one"),
            ContentBlock::image("AAAA", "image/png"),
        ]);
        assert_eq!(
            output(Ok(result)),
            ToolOutput::ok(json!([
                {"type": "text", "text": "one"},
                {"type": "image", "data": "AAAA", "mimeType": "image/png"}
            ]))
        );
        let empty = CallToolResult::success(vec![]);
        assert_eq!(output(Ok(empty)), ToolOutput::ok(json!([])));
    }

    #[test]
    fn an_error_result_is_an_error_output_with_its_text() {
        let result = CallToolResult::error(vec![
            ContentBlock::text("no such file"),
            ContentBlock::text("x"),
        ]);
        assert_eq!(output(Ok(result)), ToolOutput::error("no such file\nx"));
        let structured = CallToolResult::structured_error(json!({"code": 7}));
        assert_eq!(output(Ok(structured)), ToolOutput::error("{\"code\":7}"));
        let bare = CallToolResult::error(vec![]);
        assert_eq!(output(Ok(bare)), ToolOutput::error(json!([])));
        assert_eq!(
            output(Err(CallFailure::known(
                "upstream server `fs` is not running".to_owned()
            ))),
            ToolOutput::error("upstream server `fs` is not running")
        );
    }

    #[test]
    fn only_a_few_host_variables_reach_an_upstream_server() {
        let inherited = connection::inherited_env();
        assert!(
            inherited
                .iter()
                .all(|(key, _)| connection::INHERITED_ENV.contains(&key.as_str()))
        );
    }
}
