//! One upstream server's connection: started or reached, watched, and restarted with backoff.
//!
//! A connection is up (an rmcp client over the server's stdio or streamable HTTP) or away. A
//! supervisor task watches it: when the transport closes without codemode stopping it (the
//! process exited, the remote server dropped the connection, a call failed at the transport),
//! the connection is away, the loss is logged once, and it is connected again after 1 s, then
//! 2, 4, ... at most [`MAX_BACKOFF`] apart, each attempt bounded by the server's startup
//! timeout; each failed attempt is logged while the wait grows, and the return is logged.
//!
//! A call made while the connection is away fails at once with `upstream_unavailable` (it was
//! not sent); a call in flight when the transport fails ends with `outcome_unknown`. Secrets in
//! headers and `env` are read at each connection attempt, never logged.

use std::collections::HashMap;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, Implementation,
    ProtocolVersion, Tool,
};
use rmcp::service::NotificationContext;
use rmcp::service::{RunningService, ServiceError};
use rmcp::transport::TokioChildProcess;
use rmcp::transport::streamable_http_client::{
    StreamableHttpClientTransport, StreamableHttpClientTransportConfig,
};
use rmcp::{ClientHandler, Peer, RoleClient, ServiceExt};
use serde_json::Value;
use tokio::sync::{Notify, watch};
use tokio_util::sync::CancellationToken;

use super::CallFailure;
use crate::config::{HttpServer, ServerConfig, StdioServer, Transport};
use crate::{Error, log};
use codemode_tool::json_kind;

/// How long a server may take to exit once its stdin is closed, before it is killed.
const SHUTDOWN_TIMEOUT: Duration = Duration::from_secs(8);

/// The first wait before connecting again.
const FIRST_BACKOFF: Duration = Duration::from_secs(1);

/// The longest wait between two attempts to connect.
pub const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// Why a server is away until an attempt to connect it again fails.
const LOST: &str = "its connection was lost; it is being connected again";

/// How often the supervisor looks at the transport.
const WATCH_EVERY: Duration = Duration::from_millis(250);

/// What an upstream server gets from the host's environment.
#[cfg(not(windows))]
pub(super) const INHERITED_ENV: &[&str] = &["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"];
/// What an upstream server gets from the host's environment.
#[cfg(windows)]
pub(super) const INHERITED_ENV: &[&str] = &[
    "APPDATA",
    "HOMEDRIVE",
    "HOMEPATH",
    "LOCALAPPDATA",
    "PATH",
    "PROCESSOR_ARCHITECTURE",
    "SYSTEMDRIVE",
    "SYSTEMROOT",
    "TEMP",
    "USERNAME",
    "USERPROFILE",
    "PROGRAMFILES",
];

type Service = RunningService<RoleClient, UpstreamClient>;

/// codemode as the client of an upstream server: who it says it is, and a signal raised when the
/// server says its tools changed (`notifications/tools/list_changed`).
pub(super) struct UpstreamClient {
    info: ClientConfig,
    list_changed: Arc<Notify>,
}

impl ClientHandler for UpstreamClient {
    fn get_info(&self) -> ClientConfig {
        self.info.clone()
    }

    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.list_changed.notify_one();
    }
}

/// A live client: the peer calls go to, and the service that owns the transport.
struct Live {
    peer: Peer<RoleClient>,
    service: Arc<tokio::sync::Mutex<Option<Service>>>,
    /// Which connection this is (1 for the first): a call that fails on an older one does not
    /// drop a newer one.
    generation: u64,
}

/// One upstream server, up or away.
pub(super) struct Connection {
    config: ServerConfig,
    live: RwLock<Option<Live>>,
    /// Why the connection is away, when it is.
    away: RwLock<Option<String>>,
    /// Set when codemode itself stops the server, so that its end is not reported as a loss.
    stopping: AtomicBool,
    stop: CancellationToken,
    /// How many clients have been installed.
    generations: AtomicU64,
    /// Its tools as last listed; none until it has connected once.
    tools: RwLock<Option<Vec<Tool>>>,
    /// Bumped whenever the tools of a server change (its first connection included).
    changes: Arc<watch::Sender<u64>>,
    /// Raised when the server says its tools changed.
    list_changed: Arc<Notify>,
}

impl Connection {
    /// A connection over the started `service` and its `tools`, or (when the start failed, for
    /// the reason given) one that keeps trying to connect; watched by a supervisor task from
    /// now on. `changes` is bumped whenever its tools change.
    pub(super) fn start(
        config: ServerConfig,
        started: Result<(Service, Vec<Tool>), String>,
        changes: Arc<watch::Sender<u64>>,
        list_changed: Arc<Notify>,
    ) -> Arc<Self> {
        let connection = Arc::new(Self {
            config,
            live: RwLock::new(None),
            away: RwLock::new(None),
            stopping: AtomicBool::new(false),
            stop: CancellationToken::new(),
            generations: AtomicU64::new(0),
            tools: RwLock::new(None),
            changes,
            list_changed,
        });
        match started {
            Ok((service, tools)) => {
                connection.install(service);
                *connection
                    .tools
                    .write()
                    .unwrap_or_else(PoisonError::into_inner) = Some(tools);
            }
            Err(why) => connection.set_away(why),
        }
        tokio::spawn(Arc::clone(&connection).supervise());
        tokio::spawn(Arc::clone(&connection).follow_list_changes());
        connection
    }

    /// Lists the server's tools again each time it says they changed.
    async fn follow_list_changes(self: Arc<Self>) {
        loop {
            tokio::select! {
                () = self.stop.cancelled() => return,
                () = self.list_changed.notified() => {}
            }
            let Some(peer) = self.peer() else { continue };
            let listed =
                tokio::time::timeout(self.config.startup_timeout, peer.list_all_tools()).await;
            match listed {
                Ok(Ok(tools)) => {
                    let count = tools.len();
                    if self.set_tools(tools) {
                        log(&format!(
                            "upstream server `{}` changed its tools: {count} now; clients are \
told the list changed",
                            self.config.name
                        ));
                    }
                }
                Ok(Err(err)) => log(&format!(
                    "upstream server `{}` said its tools changed, but listing them failed: {}",
                    self.config.name,
                    self.config.redact(&err.to_string())
                )),
                Err(_) => log(&format!(
                    "upstream server `{}` said its tools changed, but did not list them within {} ms",
                    self.config.name,
                    self.config.startup_timeout.as_millis()
                )),
            }
        }
    }

    /// Its tools as last listed, or `None` while it has never connected.
    pub(super) fn tools(&self) -> Option<Vec<Tool>> {
        self.tools
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Whether it has connected at least once.
    pub(super) fn ever_up(&self) -> bool {
        self.tools
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }

    /// Keeps `tools` as its tools, and says so to the bridge when they changed.
    fn set_tools(&self, tools: Vec<Tool>) -> bool {
        let mut kept = self.tools.write().unwrap_or_else(PoisonError::into_inner);
        let same = kept
            .as_ref()
            .is_some_and(|old| serde_json::to_value(old).ok() == serde_json::to_value(&tools).ok());
        if same {
            return false;
        }
        *kept = Some(tools);
        drop(kept);
        self.changes.send_modify(|version| *version += 1);
        true
    }

    /// The server's name.
    pub(super) fn server(&self) -> &str {
        &self.config.name
    }

    /// The server's config.
    pub(super) fn config(&self) -> &ServerConfig {
        &self.config
    }

    fn install(&self, service: Service) {
        let generation = self.generations.fetch_add(1, Ordering::AcqRel) + 1;
        let live = Live {
            peer: service.peer().clone(),
            service: Arc::new(tokio::sync::Mutex::new(Some(service))),
            generation,
        };
        *self.live.write().unwrap_or_else(PoisonError::into_inner) = Some(live);
        *self.away.write().unwrap_or_else(PoisonError::into_inner) = None;
    }

    fn peer(&self) -> Option<Peer<RoleClient>> {
        self.current().map(|(peer, _)| peer)
    }

    /// The live peer and its generation.
    fn current(&self) -> Option<(Peer<RoleClient>, u64)> {
        self.live
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .map(|live| (live.peer.clone(), live.generation))
    }

    /// Why the server is away (being connected again), or `None` while it is up.
    pub(super) fn away(&self) -> Option<String> {
        if self.stopping.load(Ordering::Acquire) {
            return None;
        }
        if let Some(why) = self
            .away
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
        {
            return Some(why);
        }
        match self.peer() {
            Some(peer) if !peer.is_transport_closed() => None,
            _ => Some(LOST.to_owned()),
        }
    }

    fn set_away(&self, why: String) {
        *self.away.write().unwrap_or_else(PoisonError::into_inner) = Some(why);
    }

    /// Closes the transport of the live client of `generation` (any, when `None`); the
    /// supervisor connects again.
    async fn drop_live(&self, generation: Option<u64>) {
        let live = {
            let mut live = self.live.write().unwrap_or_else(PoisonError::into_inner);
            if generation.is_some_and(|generation| {
                live.as_ref()
                    .is_none_or(|live| live.generation != generation)
            }) {
                return;
            }
            live.take()
        };
        if let Some(live) = live
            && let Some(service) = live.service.lock().await.take()
        {
            let _ = service.cancel().await;
        }
    }

    /// Watches the transport, and connects again with backoff when it closes (or, for a server
    /// that did not start, until it does).
    async fn supervise(self: Arc<Self>) {
        let mut never_up = !self.ever_up();
        loop {
            if !never_up {
                loop {
                    tokio::select! {
                        () = self.stop.cancelled() => return,
                        () = tokio::time::sleep(WATCH_EVERY) => {}
                    }
                    let closed = self.peer().is_none_or(|peer| peer.is_transport_closed());
                    if closed {
                        break;
                    }
                }
                if self.stopping.load(Ordering::Acquire) {
                    return;
                }
                let noun = match self.config.transport {
                    Transport::Stdio(_) => "exited",
                    Transport::Http(_) => "dropped its connection",
                };
                log(&format!(
                    "upstream server `{}` {noun}: connecting again (calls of its tools fail with \
upstream_unavailable meanwhile)",
                    self.config.name
                ));
                self.set_away(LOST.to_owned());
                self.drop_live(None).await;
            }
            let mut wait = FIRST_BACKOFF;
            let mut attempt = 1_u32;
            loop {
                tokio::select! {
                    () = self.stop.cancelled() => return,
                    () = tokio::time::sleep(wait) => {}
                }
                match connect(&self.config, Arc::clone(&self.list_changed)).await {
                    Ok((service, tools)) => {
                        self.install(service);
                        let count = tools.len();
                        let changed = self.set_tools(tools);
                        log(&format!(
                            "upstream server `{}` is {} after {attempt} attempt{}, with {count} tools{}",
                            self.config.name,
                            if never_up { "up" } else { "back" },
                            if attempt == 1 { "" } else { "s" },
                            if changed && !never_up {
                                " (its tools changed: clients are told the list changed)"
                            } else {
                                ""
                            }
                        ));
                        break;
                    }
                    Err(err) => {
                        let err = self.config.redact(&err.to_string());
                        let why = if never_up {
                            err.clone()
                        } else {
                            format!("it is being connected again; attempt {attempt} failed: {err}")
                        };
                        if wait < MAX_BACKOFF {
                            log(&format!(
                                "upstream server `{}`: attempt {attempt} to connect {}failed: \
{err}; next in {} s",
                                self.config.name,
                                if never_up { "" } else { "again " },
                                (wait * 2).min(MAX_BACKOFF).as_secs()
                            ));
                        }
                        self.set_away(why);
                        wait = (wait * 2).min(MAX_BACKOFF);
                        attempt = attempt.saturating_add(1);
                    }
                }
            }
            never_up = false;
        }
    }

    /// Stops the supervisor and the server: closes its stdin (or its HTTP session) and waits,
    /// bounded, killing a process past that.
    pub(super) async fn shutdown(&self) {
        self.stopping.store(true, Ordering::Release);
        self.stop.cancel();
        let service = {
            let live = self.live.read().unwrap_or_else(PoisonError::into_inner);
            live.as_ref().map(|live| Arc::clone(&live.service))
        };
        let Some(service) = service else {
            return;
        };
        let service = service.lock().await.take();
        if let Some(mut service) = service
            && !matches!(
                service.close_with_timeout(SHUTDOWN_TIMEOUT).await,
                Ok(Some(_))
            )
        {
            log(&format!(
                "upstream server `{}` did not stop in time",
                self.config.name
            ));
        }
    }

    /// Calls `upstream_name` (called `code_name` by code) with `arguments`, within the
    /// server's tool timeout and until `cancel`.
    pub(super) async fn call(
        &self,
        upstream_name: &str,
        code_name: &str,
        arguments: Value,
        cancel: CancellationToken,
    ) -> Result<CallToolResult, CallFailure> {
        let arguments = match arguments {
            Value::Object(fields) => Some(fields),
            Value::Null => None,
            other => {
                return Err(CallFailure::known(format!(
                    "`{code_name}` takes an object of arguments, not {}",
                    json_kind(&other)
                )));
            }
        };
        let live = match self.away() {
            None => self.current(),
            Some(_) => None,
        };
        let Some((peer, generation)) = live else {
            // Lost between the two reads, the client is away for the usual reason.
            let why = self.away().unwrap_or_else(|| LOST.to_owned());
            return Err(CallFailure::known(format!(
                "upstream_unavailable: upstream server `{}` is unavailable ({why}); the call of \
`{code_name}` was not sent",
                self.config.name
            )));
        };
        let mut params = CallToolRequestParams::new(upstream_name.to_owned());
        if let Some(arguments) = arguments {
            params = params.with_arguments(arguments);
        }
        let timeout = self.config.tool_timeout;
        // Dropping the request (on cancellation or the timeout) sends `notifications/cancelled`.
        let call = tokio::time::timeout(timeout, peer.call_tool(params));
        tokio::select! {
            biased;
            () = cancel.cancelled() => Err(CallFailure::unknown(format!(
                "outcome_unknown: the call of `{code_name}` was cancelled; whether it took effect upstream is unknown"
            ))),
            outcome = call => match outcome {
                Ok(Ok(result)) => Ok(result),
                Ok(Err(err)) => Err(self.failure(&peer, generation, &err).await),
                Err(_) => Err(CallFailure::unknown(format!(
                    "outcome_unknown: upstream server `{}` did not answer `{upstream_name}` within {} ms; whether the call took effect is unknown",
                    self.config.name,
                    timeout.as_millis()
                ))),
            },
        }
    }

    async fn failure(
        &self,
        peer: &Peer<RoleClient>,
        generation: u64,
        err: &ServiceError,
    ) -> CallFailure {
        let server = &self.config.name;
        if let ServiceError::McpError(data) = err {
            return CallFailure::known(format!(
                "upstream server `{server}` refused the call: {}",
                data.message
            ));
        }
        if err.auth_challenge().is_some() {
            return CallFailure::known(format!(
                "upstream_unavailable: upstream server `{server}` refused codemode's credentials \
(HTTP 401/403): {}, and restart codemode",
                credentials_fix(&self.config)
            ));
        }
        let transport = matches!(
            err,
            ServiceError::TransportSend(_) | ServiceError::TransportClosed
        );
        let err = self.config.redact(&err.to_string());
        if transport || peer.is_transport_closed() {
            // The supervisor connects again; this call's fate is unknown.
            if self.current().is_some_and(|(_, live)| live == generation) {
                self.set_away(LOST.to_owned());
            }
            self.drop_live(Some(generation)).await;
            return CallFailure::unknown(format!(
                "outcome_unknown: upstream server `{server}` failed during the call ({err}); \
whether the call took effect is unknown, and the server is being connected again"
            ));
        }
        CallFailure::unknown(format!(
            "outcome_unknown: upstream server `{server}`: {err}"
        ))
    }
}

/// Connects to one server, completes the handshake and lists its tools, within its startup
/// timeout.
pub(super) async fn connect(
    server: &ServerConfig,
    list_changed: Arc<Notify>,
) -> Result<(Service, Vec<Tool>), Error> {
    let client = UpstreamClient {
        info: client_config(),
        list_changed,
    };
    let start = async {
        let service = match &server.transport {
            Transport::Stdio(stdio) => {
                let transport = child_process(stdio)?;
                client.serve(transport).await
            }
            Transport::Http(http) if http.oauth.is_some() => {
                let (http_client, config) = http_parts(http)?;
                let url = config.uri.to_string();
                let authorized = crate::oauth::authorized_client(server, &url, http_client)
                    .await
                    .map_err(|message| Error::Initialize { message })?;
                let transport = StreamableHttpClientTransport::with_client(authorized, config);
                client.serve(transport).await
            }
            Transport::Http(http) => {
                let (http_client, config) = http_parts(http)?;
                let transport = StreamableHttpClientTransport::with_client(http_client, config);
                client.serve(transport).await
            }
        }
        .map_err(|err| Error::Initialize {
            message: server.redact(&init_message(server, &err)),
        })?;
        let tools = service
            .peer()
            .list_all_tools()
            .await
            .map_err(|err| Error::ListTools {
                message: server.redact(&err.to_string()),
            })?;
        Ok((service, tools))
    };
    // On a timeout the half-started service is dropped, which kills the process.
    tokio::time::timeout(server.startup_timeout, start)
        .await
        .map_err(|_| Error::StartupTimeout {
            timeout: server.startup_timeout,
        })?
}

/// Why a handshake failed, with what to do about a refused token.
fn init_message(server: &ServerConfig, err: &rmcp::service::ClientInitializeError) -> String {
    if err.auth_challenge().is_some() {
        return format!(
            "the server refused codemode's credentials (HTTP 401/403): {}",
            credentials_fix(server)
        );
    }
    err.to_string()
}

/// What to do when a server refuses codemode's credentials.
fn credentials_fix(server: &ServerConfig) -> String {
    match &server.transport {
        Transport::Http(http) if http.oauth.is_some() => format!(
            "sign in again with `{}`",
            crate::oauth::login_command(server)
        ),
        _ => "set a valid token in its `headers`".to_owned(),
    }
}

fn child_process(stdio: &StdioServer) -> Result<TokioChildProcess, Error> {
    let mut env = Vec::new();
    for (key, value) in &stdio.env {
        let value = value.resolve().map_err(|why| Error::Spawn {
            command: stdio.command.clone(),
            source: std::io::Error::other(format!("env `{key}`: {why}")),
        })?;
        env.push((key.clone(), value));
    }
    let mut command = tokio::process::Command::new(&stdio.command);
    command
        .args(&stdio.args)
        .env_clear()
        .envs(inherited_env())
        .envs(env)
        .kill_on_drop(true);
    if let Some(cwd) = &stdio.cwd {
        command.current_dir(cwd);
    }
    let (transport, _) = TokioChildProcess::builder(command)
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|source| Error::Spawn {
            command: stdio.command.clone(),
            source,
        })?;
    Ok(transport)
}

/// The HTTP client and transport settings of a remote server, with its secrets read now.
fn http_parts(
    http: &HttpServer,
) -> Result<(reqwest::Client, StreamableHttpClientTransportConfig), Error> {
    let unusable = |why: String| Error::Initialize { message: why };
    let url = http
        .url
        .resolve()
        .map_err(|why| unusable(format!("url: {why}")))?;
    let mut headers = HashMap::new();
    for (name, value) in &http.headers {
        let value = value
            .resolve()
            .map_err(|why| unusable(format!("header `{name}`: {why}")))?;
        let name = reqwest::header::HeaderName::from_bytes(name.as_bytes())
            .map_err(|_| unusable(format!("`{name}` is not a valid header name")))?;
        let mut value = reqwest::header::HeaderValue::from_str(&value).map_err(|_| {
            unusable(format!(
                "header `{name}`: its value is not a valid header value"
            ))
        })?;
        value.set_sensitive(true);
        headers.insert(name, value);
    }
    let client = reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .build()
        .map_err(|err| unusable(format!("cannot build an HTTP client: {err}")))?;
    let mut config = StreamableHttpClientTransportConfig::with_uri(url).custom_headers(headers);
    config.reinit_on_expired_session = true;
    Ok((client, config))
}

/// Who codemode says it is to upstream servers.
fn client_config() -> ClientConfig {
    ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new("codemode", env!("CARGO_PKG_VERSION")),
    )
    .with_protocol_version(ProtocolVersion::LATEST_WITH_INITIALIZE)
}

pub(super) fn inherited_env() -> Vec<(String, String)> {
    INHERITED_ENV
        .iter()
        .filter_map(|key| {
            let value = std::env::var(key).ok()?;
            // A shell function exported into the environment is not for the server.
            (!value.starts_with("()")).then(|| ((*key).to_owned(), value))
        })
        .collect()
}
