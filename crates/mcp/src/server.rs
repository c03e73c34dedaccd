//! The MCP server: a [`Session`]'s tools over stdio or HTTP, with rmcp.
//!
//! `tools/list` answers run_code, run_instruction (when the session has a planner) and the
//! upstream tools served directly (or, past the discovery budget, `search_tools` and
//! `call_tool`), as the session's latest tools: when the upstream tools change, each client is
//! sent `notifications/tools/list_changed`. Each tool is listed with MCP annotations from its
//! hints (run_instruction's are run_code's: its plans reach the same tools). `tools/call` goes through [`Session::call`]: a tool-level failure
//! (a refusal, a failed run, an upstream error) is a result with `isError`, never a protocol
//! error; only a name that is not served is one (`-32602`, listing the served names).
//!
//! When the request carries `_meta.progressToken`, each step the code tool reports (a nested call
//! started or finished) becomes a `notifications/progress` with an increasing `progress` and the
//! step as `message`, all sent before the result. Cancelling the request
//! (`notifications/cancelled`) cancels the run, and with it the upstream calls in flight; over
//! HTTP, so does the client dropping the connection the answer was to go out on.

use std::sync::Arc;
use std::time::Duration;

use codemode_tool::{
    Approval, ApprovalRequest, Approver, CallContext, CallRequest, Decision, Hints, Origin,
    ProgressEvent, ProgressSink, Rule, ToolDefinition,
};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ElicitRequestParams, ElicitationAction,
    ElicitationSchema, Implementation, ListToolsResult, PaginatedRequestParams,
    ProgressNotificationParam, ProgressToken, ServerCapabilities, ServerConfig, Tool,
    ToolAnnotations,
};
use rmcp::service::{ElicitationMode, NotificationContext, RequestContext};
use rmcp::{ErrorData, Peer, RoleServer, ServerHandler, ServiceExt};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

use crate::http::ClientGone;
use crate::session::{Served, Session};
use crate::{Error, join_within, log, stdio};

/// How long the progress notifications of a finished call may take to go out.
const PROGRESS_FLUSH_TIMEOUT: Duration = Duration::from_secs(2);

/// What the server tells a client about itself.
const INSTRUCTIONS: &str = "Call `run_code` with JavaScript that calls the tools declared in its \
description (`await tools.NAME(args)`); independent calls can run at once with `Promise.all`. A \
call the policy wants a person to approve is refused inside the code, and the result's \
`follow_up` names the tool and arguments to call directly.";

/// What the server adds when it serves run_instruction.
const INSTRUCTIONS_PLANNER: &str = " For 1-3 calls with literal arguments and no logic between \
them, `run_instruction` takes the request in English (naming each tool and argument) and plans, \
compiles and runs it in one step; when it cannot plan a request it says so and nothing runs.";

/// The rmcp server handler over a [`Session`].
#[derive(Clone)]
pub struct McpServer {
    session: Arc<Session>,
}

impl McpServer {
    /// A server for `session`.
    pub fn new(session: Arc<Session>) -> Self {
        Self { session }
    }

    /// The MCP description of every served tool. An upstream server that is away (lost since
    /// the start, and being connected again) is named in run_code's and run_instruction's
    /// descriptions, and in those of its tools served directly: their calls fail until it is
    /// back.
    pub fn tools(&self) -> Vec<Tool> {
        let away = self.session.bridge().away();
        let exited: Vec<&str> = away.iter().map(|(server, _)| *server).collect();
        let current = self.session.current();
        current
            .served()
            .iter()
            .map(|served| {
                let definition = served.definition();
                let (annotations, gone): (Hints, Vec<&str>) = match served {
                    Served::Code(_) => (run_code_hints(&self.session), exited.clone()),
                    Served::Search(_) => (definition.hints, Vec::new()),
                    Served::Gate(..) => (definition.hints, exited.clone()),
                    Served::Direct(tool) => (
                        definition.hints,
                        exited
                            .iter()
                            .copied()
                            .filter(|server| *server == tool.server)
                            .collect(),
                    ),
                };
                if gone.is_empty() {
                    return mcp_tool(definition, annotations);
                }
                let mut noted = definition.clone();
                for server in gone {
                    noted.description.push_str(&format!(
                        "\n\nUpstream server `{server}` is unavailable (it is being connected again): \
calls of its tools fail until it is back."
                    ));
                }
                mcp_tool(&noted, annotations)
            })
            .collect()
    }
}

/// Serves `session` over stdin/stdout until the client closes the connection, then stops the
/// upstream servers.
///
/// The lines of stdin reach rmcp through a line filter (the crate's `stdio` module), which
/// repairs lone surrogate escapes and answers the lines rmcp would leave unanswered: not JSON
/// (`-32700`), or a request whose params do not fit a served method (`-32602`).
pub async fn serve_stdio(session: Arc<Session>) -> Result<(), Error> {
    let server = McpServer::new(Arc::clone(&session));
    let (stdin, stdout) = rmcp::transport::stdio();
    let (input, output, filter) = stdio::start(stdin, stdout);
    let outcome = match server.serve((input, output)).await {
        Ok(running) => running
            .waiting()
            .await
            .map(|_| ())
            .map_err(|err| Error::Serve {
                message: err.to_string(),
            }),
        Err(err) => Err(Error::Serve {
            message: err.to_string(),
        }),
    };
    filter.finish().await;
    session.shutdown().await;
    outcome
}

impl ServerHandler for McpServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_tool_list_changed()
                .build(),
        )
        .with_server_info(Implementation::new("codemode", env!("CARGO_PKG_VERSION")))
        .with_instructions(if self.session.plans() {
            format!("{INSTRUCTIONS}{INSTRUCTIONS_PLANNER}")
        } else {
            INSTRUCTIONS.to_owned()
        })
    }

    /// Tells the client each time the upstream tools change (a server that did not start has
    /// connected, or one came back with other tools), until the client is gone.
    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        let mut changes = self.session.changes();
        let peer = context.peer;
        tokio::spawn(async move {
            while changes.changed().await.is_ok() {
                if peer.notify_tool_list_changed().await.is_err() {
                    break;
                }
            }
        });
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let current = self.session.current();
        let Some(served) = current.find(&request.name) else {
            let names: Vec<String> = current
                .served()
                .iter()
                .map(|served| format!("`{}`", served.definition().name))
                .collect();
            return Err(ErrorData::invalid_params(
                format!(
                    "unknown tool `{}`; the tools are {}",
                    request.name,
                    names.join(", ")
                ),
                None,
            ));
        };
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        let progress = context
            .meta
            .get_progress_token()
            .map(|token| Progress::start(context.peer.clone(), token));
        let cancel = context.ct.child_token();
        let watcher = client_gone(&context).map(|gone| {
            let cancel = cancel.clone();
            tokio::spawn(async move {
                gone.cancelled().await;
                cancel.cancel();
            })
        });
        let call_context = CallContext {
            cancel,
            progress: progress.as_ref().map(|progress| progress.sink.clone()),
            approver: elicitation_approver(&context.peer),
        };
        let result = self.session.call(served, arguments, call_context).await;
        if let Some(watcher) = watcher {
            watcher.abort();
        }
        if let Some(progress) = progress {
            progress.finish().await;
        }
        Ok(CallToolResponse::Complete(result))
    }
}

/// The token the HTTP server cancels when this request's client drops its connection (none over
/// stdio, where the client going away ends the whole server).
fn client_gone(context: &RequestContext<RoleServer>) -> Option<CancellationToken> {
    let parts = context.extensions.get::<axum::http::request::Parts>()?;
    let gone = parts.extensions.get::<ClientGone>()?;
    Some(gone.0.clone())
}

/// Asks the client's person, by elicitation, about a call the policy would ask about, when the
/// client declared that it can be asked (form elicitation); otherwise none, and such a call is
/// refused with a follow-up.
fn elicitation_approver(peer: &Peer<RoleServer>) -> Option<Approver> {
    if !peer
        .supported_elicitation_modes()
        .contains(&ElicitationMode::Form)
    {
        return None;
    }
    let peer = peer.clone();
    Some(Approver::new(move |request: ApprovalRequest| {
        let peer = peer.clone();
        async move {
            let params = ElicitRequestParams::FormElicitationParams {
                meta: None,
                message: approval_message(&request),
                requested_schema: ElicitationSchema::new(Default::default()),
            };
            match peer.create_elicitation(params).await {
                Ok(result) => match result.action {
                    ElicitationAction::Accept => Approval::Approved,
                    ElicitationAction::Decline => Approval::Declined,
                    ElicitationAction::Cancel => Approval::Cancelled,
                    // An answer of a later protocol: not a yes.
                    _ => Approval::Declined,
                },
                Err(err) => Approval::Unavailable(err.to_string()),
            }
        }
    }))
}

/// The most characters of a call's arguments an approval question shows.
const APPROVAL_ARGUMENTS_CHARS: usize = 2000;

/// What the person is asked: the tool, its arguments (cut when long) and why the policy asks.
fn approval_message(request: &ApprovalRequest) -> String {
    let mut arguments = request.arguments.to_string();
    if arguments.chars().count() > APPROVAL_ARGUMENTS_CHARS {
        arguments = arguments
            .chars()
            .take(APPROVAL_ARGUMENTS_CHARS)
            .chain("…".chars())
            .collect();
    }
    format!(
        "Code running in codemode wants to call `{}` with {arguments}. The policy asks a person \
first: {}. Allow this call?",
        request.tool, request.reason
    )
}

/// The forwarding of one call's progress events to the client.
struct Progress {
    sink: ProgressSink,
    done: CancellationToken,
    task: tokio::task::JoinHandle<()>,
}

impl Progress {
    fn start(peer: Peer<RoleServer>, token: ProgressToken) -> Self {
        let (sender, mut events) = tokio::sync::mpsc::unbounded_channel::<ProgressEvent>();
        let sink = ProgressSink::new(move |event| {
            // The receiver is gone only once the call has finished; a late event has no reader.
            let _ = sender.send(event);
        });
        let done = CancellationToken::new();
        let finished = done.clone();
        let task = tokio::spawn(async move {
            let mut step = 0_u32;
            let notify = |step: u32, event: ProgressEvent| {
                let peer = peer.clone();
                let param = ProgressNotificationParam::new(token.clone(), f64::from(step))
                    .with_message(event.to_string());
                async move {
                    if let Err(err) = peer.notify_progress(param).await {
                        log(&format!("cannot send a progress notification: {err}"));
                    }
                }
            };
            loop {
                tokio::select! {
                    biased;
                    event = events.recv() => match event {
                        Some(event) => {
                            step += 1;
                            notify(step, event).await;
                        }
                        None => break,
                    },
                    () = finished.cancelled() => {
                        while let Ok(event) = events.try_recv() {
                            step += 1;
                            notify(step, event).await;
                        }
                        break;
                    }
                }
            }
        });
        Self { sink, done, task }
    }

    /// Sends what is left (bounded), so every notification precedes the result.
    async fn finish(self) {
        self.done.cancel();
        join_within(
            self.task,
            PROGRESS_FLUSH_TIMEOUT,
            "progress notifications did not go out in time",
        )
        .await;
    }
}

/// A tool as MCP describes it.
fn mcp_tool(definition: &ToolDefinition, hints: Hints) -> Tool {
    let input_schema = match &definition.input_schema {
        Value::Object(schema) => schema.clone(),
        _ => serde_json::Map::from_iter([("type".to_owned(), Value::from("object"))]),
    };
    let mut tool = Tool::new(
        definition.name.clone(),
        definition.description.clone(),
        input_schema,
    );
    if let Some(Value::Object(schema)) = &definition.output_schema {
        tool = tool.with_raw_output_schema(Arc::new(schema.clone()));
    }
    if let Some(annotations) = annotations(hints) {
        tool = tool.with_annotations(annotations);
    }
    tool
}

/// MCP annotations for declared hints; none when nothing is declared.
pub fn annotations(hints: Hints) -> Option<ToolAnnotations> {
    let declared = [
        hints.read_only,
        hints.destructive,
        hints.idempotent,
        hints.open_world,
    ];
    declared.iter().any(Option::is_some).then(|| {
        ToolAnnotations::from_raw(
            None,
            hints.read_only,
            hints.destructive,
            hints.idempotent,
            hints.open_world,
        )
    })
}

/// What run_code may do, for a client that decides by annotations whether to ask a person: it
/// is read-only when every tool the policy lets code call is; destructive when one of them is;
/// open-world when one of them may be. With the `code` grant "ask", it says it is destructive, so
/// that such a client asks before each run.
pub fn run_code_hints(session: &Session) -> Hints {
    let allowed: Vec<Hints> = session
        .bridge()
        .tools()
        .iter()
        .filter(|tool| {
            session.policy().decide(&CallRequest {
                tool: &tool.definition,
                arguments: &json!({}),
                origin: Origin::Code,
            }) == Decision::Allow
        })
        .map(|tool| tool.definition.hints)
        .collect();
    let read_only = allowed.iter().all(|hints| hints.read_only == Some(true));
    let destructive = !read_only && allowed.iter().any(Hints::is_destructive);
    let open_world = allowed.iter().any(|hints| hints.open_world != Some(false));
    let asks = session.code_grant() == Rule::Ask;
    Hints {
        runs_code: true,
        read_only: Some(read_only && !asks),
        destructive: Some(destructive || asks),
        idempotent: None,
        open_world: Some(open_world),
    }
}
