//! The MCP server over streamable HTTP, MCP's current HTTP transport (rmcp's server for it, on
//! axum): many clients at once, one endpoint.
//!
//! Every MCP session gets its own [`McpServer`] (its own peer, progress and elicitation), while
//! the upstream servers of the [`Session`] are started once and shared by all. The endpoint is
//! `/mcp`. A server bound to a loopback address accepts only loopback `Host` headers (rmcp's guard
//! against DNS rebinding); a server given a bearer token checks it on every request, before
//! anything else runs, and answers 401 when it is missing or wrong. A token makes the `Host` guard
//! unneeded (a page a browser was lured to cannot send it), so it is off then, and the server can
//! sit behind a reverse proxy under any name.
//!
//! Beyond rmcp's own handling:
//!
//! - **The edge** ([`edge`]) closes connections that hold the server without asking anything (a
//!   half-sent head, an idle keep-alive) and caps how many are open, so that clients that never
//!   finish a request cannot lock out the ones with the token.
//! - **The front** (`front`) reads each POST body whole within the body timeout and screens it
//!   as the stdio filter screens a line: lone surrogate escapes become U+FFFD, a body that is not
//!   JSON gets `-32700`, a served method's ill-fitting params get `-32602` with the request's id,
//!   so one request gets one answer whichever transport carries it. Every refusal, rmcp's
//!   plain-text ones included, is a JSON-RPC error (with the request's id when it is known).
//! - **Sessions** ([`sessions`]) are capped in number (`initialize` past the cap gets a JSON-RPC
//!   error with a retry hint) and closed once idle, which gives their memory back.
//! - A client whose connection drops while its `tools/call` runs is taken to be gone: the run is
//!   cancelled, with its upstream calls. (MCP lets a client resume a dropped stream; codemode
//!   does not keep a run going for that, since a run is bounded by its timeout and a client that
//!   comes back can call again.)

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use http_body::{Frame, SizeHint};
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::Value;
use subtle::ConstantTimeEq;
use tokio_util::sync::{CancellationToken, DropGuard};

use crate::config::HttpConfig;
use crate::server::McpServer;
use crate::session::Session;
use crate::stdio::{Verdict, screen_message};
use crate::{Error, log};

pub mod edge;
mod sessions;

use edge::EdgeLimits;
use sessions::Sessions;

/// The path the MCP endpoint is served at.
pub const ENDPOINT: &str = "/mcp";

/// The largest request body a client may send, in bytes: a run_code call carries code, so a few
/// megabytes is generous; a larger body is refused before it is read.
pub const MAX_REQUEST_BYTES: usize = 4 * 1024 * 1024;

/// The JSON-RPC error codes of the HTTP server's own refusals, beside JSON-RPC's standard ones
/// (`-32700` parse error, `-32600` invalid request, `-32601` method not found, `-32602` invalid
/// params, `-32603` internal error).
pub mod codes {
    /// The bearer token is missing or wrong (HTTP 401).
    pub const UNAUTHORIZED: i64 = -32001;
    /// The server holds as many sessions as it keeps (HTTP 503, with `Retry-After`).
    pub const BUSY: i64 = -32002;
    /// The request body did not arrive whole in time (HTTP 408).
    pub const REQUEST_TIMEOUT: i64 = -32003;
    /// JSON-RPC's parse error.
    pub const PARSE_ERROR: i64 = -32700;
    /// JSON-RPC's invalid request.
    pub const INVALID_REQUEST: i64 = -32600;
    /// JSON-RPC's internal error.
    pub const INTERNAL_ERROR: i64 = -32603;
}

/// How the HTTP server is set up.
#[derive(Clone, Default)]
pub struct HttpOptions {
    /// The bearer token every request must carry (`Authorization: Bearer TOKEN`); none on a
    /// loopback address.
    pub token: Option<String>,
    /// The limits at the edge: timeouts, connections, sessions (the config's `http` section).
    pub limits: HttpConfig,
    /// Stops the server: it answers no new request, and the upstream servers are stopped.
    pub shutdown: CancellationToken,
}

impl std::fmt::Debug for HttpOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpOptions")
            .field("token", &self.token.as_ref().map(|_| "(set)"))
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

/// Serves `session` over streamable HTTP on `listener` until `options.shutdown` is cancelled,
/// then stops the upstream servers.
pub async fn serve_http(
    session: Arc<Session>,
    listener: tokio::net::TcpListener,
    options: HttpOptions,
) -> Result<(), Error> {
    let limits = options.limits;
    let address: Option<SocketAddr> = listener.local_addr().ok();
    let open_files = edge::raise_open_files();
    let fitting = edge::max_connections_for(open_files);
    let max_connections = limits.max_connections.unwrap_or(fitting);
    if max_connections > fitting
        && let Some(open_files) = open_files
    {
        log(&format!(
            "http.maxConnections {max_connections} is above what the open-file limit \
({open_files}) leaves for clients ({fitting}); connections past it will be refused by the system"
        ));
    }
    let sessions = Arc::new(Sessions::new(limits.max_sessions, limits.session_idle));
    let mut config = StreamableHttpServerConfig::default()
        .with_cancellation_token(options.shutdown.child_token())
        .with_max_request_body_bytes(MAX_REQUEST_BYTES);
    if options.token.is_some() {
        config = config.disable_allowed_hosts();
    }
    let factory_session = Arc::clone(&session);
    let service = StreamableHttpService::new(
        move || Ok(McpServer::new(Arc::clone(&factory_session))),
        Arc::clone(&sessions),
        config,
    );
    let front_state = Arc::new(Front {
        sessions: Arc::clone(&sessions),
        body_timeout: limits.body_timeout,
        retry_after: limits.session_idle.min(RETRY_AFTER_CAP),
    });
    let mut router = axum::Router::new()
        .nest_service(ENDPOINT, service)
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(front_state, front));
    if let Some(token) = options.token.clone() {
        router = router.layer(middleware::from_fn_with_state(
            Arc::new(token),
            require_token,
        ));
    }
    log(&format!(
        "HTTP limits: at most {max_connections} connections and {} sessions; a request head \
within {} ms, a body within {} ms; keep-alive idle {} ms, session idle {} ms",
        limits.max_sessions,
        limits.header_timeout.as_millis(),
        limits.body_timeout.as_millis(),
        limits.idle_timeout.as_millis(),
        limits.session_idle.as_millis(),
    ));
    if let Some(address) = address {
        log(&format!("serving MCP on http://{address}{ENDPOINT}"));
    }
    let sweeper = tokio::spawn(Arc::clone(&sessions).sweep(options.shutdown.clone()));
    let edge_limits = EdgeLimits {
        header_timeout: limits.header_timeout,
        idle_timeout: limits.idle_timeout,
        max_connections,
    };
    edge::serve(listener, router, edge_limits, options.shutdown.clone()).await;
    sweeper.abort();
    session.shutdown().await;
    Ok(())
}

/// Runs `tick` every `period` (a late tick is not made up) until `stop` is cancelled: the edge's
/// and the sessions' sweeps.
async fn every<F: Future<Output = ()>>(
    period: Duration,
    stop: CancellationToken,
    mut tick: impl FnMut() -> F,
) {
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            () = stop.cancelled() => return,
            _ = ticks.tick() => {}
        }
        tick().await;
    }
}

/// The longest retry hint a full server gives.
const RETRY_AFTER_CAP: Duration = Duration::from_secs(30);

/// What the request front needs.
struct Front {
    sessions: Arc<Sessions>,
    body_timeout: Duration,
    retry_after: Duration,
}

/// Answers a path other than the endpoint.
async fn not_found() -> Response {
    json_rpc_error(
        StatusCode::NOT_FOUND,
        codes::INVALID_REQUEST,
        None,
        format!("invalid request: the MCP endpoint is {ENDPOINT}"),
    )
}

/// Cancelled when the client that sent a request drops the connection its answer goes out on
/// before the answer ended. The HTTP server puts one in each POST's extensions, which rmcp hands
/// to the request's handler with the request's [`Parts`](axum::http::request::Parts).
#[derive(Debug, Clone)]
pub struct ClientGone(pub CancellationToken);

/// The request front. Each POST gets a [`ClientGone`] token, cancelled when its response is
/// dropped before its end; its body is read whole within the body timeout and screened as the
/// stdio filter screens a line; an `initialize` that would open a session takes a session slot
/// first, or is refused while the server is full. Every refusal goes out as a JSON-RPC error.
/// A session ended by `DELETE` is answered `204 No Content` rather than rmcp's `202 Accepted`:
/// the session is gone when the answer leaves, and the Python SDK warns on every close at
/// anything but 200 or 204.
async fn front(State(front): State<Arc<Front>>, request: Request, next: Next) -> Response {
    match *request.method() {
        Method::POST => post(&front, request, next).await,
        Method::DELETE => {
            let mut response = next.run(request).await;
            if response.status() == StatusCode::ACCEPTED {
                *response.status_mut() = StatusCode::NO_CONTENT;
                *response.body_mut() = Body::empty();
            }
            as_json_rpc(response, None).await
        }
        _ => as_json_rpc(next.run(request).await, None).await,
    }
}

/// One POST through the front.
async fn post(front: &Front, request: Request, next: Next) -> Response {
    // The body is read up to the limit even when its length is announced beyond it: answering
    // before reading would reset the connection under a client still writing, and it would
    // never see the answer.
    let (parts, body) = request.into_parts();
    let mut bytes = match tokio::time::timeout(front.body_timeout, read_body(body)).await {
        Err(_) => {
            return closing(json_rpc_error(
                StatusCode::REQUEST_TIMEOUT,
                codes::REQUEST_TIMEOUT,
                None,
                format!(
                    "request timeout: the body did not arrive whole within {} ms",
                    front.body_timeout.as_millis()
                ),
            ));
        }
        Ok(BodyRead::TooLarge) => return closing(too_large()),
        Ok(BodyRead::Broken) => {
            return closing(json_rpc_error(
                StatusCode::BAD_REQUEST,
                codes::INVALID_REQUEST,
                None,
                "invalid request: the body could not be read".to_owned(),
            ));
        }
        Ok(BodyRead::Whole(bytes)) => bytes,
    };
    let (verdict, message) = screen_message(&mut bytes);
    if let Verdict::Answer(answer) = verdict {
        return screened(answer);
    }
    let id = message
        .as_ref()
        .and_then(|message| message.get("id"))
        .cloned();
    let opens_session = !parts.headers.contains_key(SESSION_HEADER)
        && message
            .as_ref()
            .and_then(|message| message.get("method"))
            .is_some_and(|method| method == "initialize");
    let mut request = Request::from_parts(parts, Body::from(bytes));
    // Armed before the request runs: a client gone before the answer starts counts too.
    let gone = CancellationToken::new();
    request.extensions_mut().insert(ClientGone(gone.clone()));
    let guard = gone.drop_guard();
    let slot = if opens_session {
        match front.sessions.slot() {
            Ok(slot) => Some(slot),
            Err(full) => return busy(id, &full.to_string(), front),
        }
    } else {
        None
    };
    let answered = async move { as_json_rpc(next.run(request).await, id).await };
    let response = match slot {
        Some(slot) => slot.serve(answered).await,
        None => answered.await,
    };
    response.map(|body| {
        Body::new(Guarded::new(body, guard, |guard: DropGuard| {
            drop(guard.disarm());
        }))
    })
}

/// The header naming a request's MCP session.
const SESSION_HEADER: HeaderName = HeaderName::from_static("mcp-session-id");

/// What reading a request body gave.
enum BodyRead {
    /// All of it.
    Whole(Vec<u8>),
    /// More than [`MAX_REQUEST_BYTES`]; the rest was not read.
    TooLarge,
    /// The connection failed while it was read.
    Broken,
}

/// Reads a body whole, refusing it as soon as it passes [`MAX_REQUEST_BYTES`].
async fn read_body(body: Body) -> BodyRead {
    let mut stream = body.into_data_stream();
    let mut bytes = Vec::new();
    while let Some(chunk) = stream.next().await {
        let Ok(chunk) = chunk else {
            return BodyRead::Broken;
        };
        if bytes.len() + chunk.len() > MAX_REQUEST_BYTES {
            return BodyRead::TooLarge;
        }
        bytes.extend_from_slice(&chunk);
    }
    BodyRead::Whole(bytes)
}

/// The answer to a body larger than [`MAX_REQUEST_BYTES`].
fn too_large() -> Response {
    json_rpc_error(
        StatusCode::PAYLOAD_TOO_LARGE,
        codes::INVALID_REQUEST,
        None,
        format!("invalid request: the body is larger than {MAX_REQUEST_BYTES} bytes"),
    )
}

/// The answer of the screen (a parse error, or invalid params with the request's id) as an
/// HTTP response: a body that is not JSON is a bad request; invalid params are JSON-RPC's answer
/// to a request HTTP carried fine.
fn screened(answer: Vec<u8>) -> Response {
    let parse_error = serde_json::from_slice::<Value>(&answer)
        .ok()
        .and_then(|answer| answer.pointer("/error/code").and_then(Value::as_i64))
        == Some(codes::PARSE_ERROR);
    let status = if parse_error {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    let mut response = (status, answer).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// The answer to an `initialize` while every session slot is taken.
fn busy(id: Option<Value>, why: &str, front: &Front) -> Response {
    let seconds = front.retry_after.as_secs().max(1);
    let mut response = json_rpc_error_with(
        StatusCode::SERVICE_UNAVAILABLE,
        codes::BUSY,
        id,
        format!("server busy: {why}"),
        Some(serde_json::json!({
            "retryAfterMs": seconds * 1000,
            "maxSessions": front.sessions.max(),
            "openSessions": front.sessions.open(),
        })),
    );
    response.headers_mut().insert(
        header::RETRY_AFTER,
        HeaderValue::from_str(&seconds.to_string()).unwrap_or(HeaderValue::from_static("30")),
    );
    response
}

/// `response`, with the connection closed after it (the rest of the request was not read).
fn closing(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// rmcp's plain-text refusals (not JSON-RPC, too large, no session, wrong `Accept`, a `Host`
/// not allowed, a method not allowed) as JSON-RPC errors, with the request's `id` when known;
/// the status and the headers a client acts on (`Allow`, `Retry-After`, `WWW-Authenticate`)
/// stay.
async fn as_json_rpc(response: Response, id: Option<Value>) -> Response {
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|kind| kind.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || json {
        return response;
    }
    let kept = kept_headers(response.headers());
    let text = axum::body::to_bytes(response.into_body(), 64 * 1024)
        .await
        .map(|bytes| String::from_utf8_lossy(&bytes).trim().to_owned())
        .unwrap_or_default();
    let text = if text.is_empty() {
        status.canonical_reason().unwrap_or("refused").to_owned()
    } else {
        text
    };
    let mut status = status;
    let (code, message) =
        if let Some(detail) = text.strip_prefix("fail to deserialize request body") {
            // rmcp answers a body it cannot read as JSON-RPC with 415; it is a bad request.
            status = StatusCode::BAD_REQUEST;
            let detail = detail.trim();
            if detail.contains("JSON-RPC") {
                (codes::INVALID_REQUEST, format!("invalid request: {detail}"))
            } else {
                (codes::PARSE_ERROR, format!("parse error: {detail}"))
            }
        } else if status == StatusCode::PAYLOAD_TOO_LARGE {
            (
                codes::INVALID_REQUEST,
                format!("invalid request: the body is larger than {MAX_REQUEST_BYTES} bytes"),
            )
        } else if status.is_server_error() {
            (codes::INTERNAL_ERROR, format!("internal error: {text}"))
        } else {
            (codes::INVALID_REQUEST, format!("invalid request: {text}"))
        };
    let mut answer = json_rpc_error(status, code, id, message);
    answer.headers_mut().extend(kept);
    answer
}

/// The headers of a refusal that a client acts on.
fn kept_headers(headers: &HeaderMap) -> HeaderMap {
    let mut kept = HeaderMap::new();
    for name in [header::ALLOW, header::RETRY_AFTER, header::WWW_AUTHENTICATE] {
        if let Some(value) = headers.get(&name) {
            kept.insert(name, value.clone());
        }
    }
    kept
}

/// A JSON-RPC error response (`id` null unless given).
fn json_rpc_error(status: StatusCode, code: i64, id: Option<Value>, message: String) -> Response {
    json_rpc_error_with(status, code, id, message, None)
}

/// A JSON-RPC error response with `data`.
fn json_rpc_error_with(
    status: StatusCode,
    code: i64,
    id: Option<Value>,
    message: String,
    data: Option<Value>,
) -> Response {
    let mut error = serde_json::json!({"code": code, "message": message});
    if let Some(data) = data {
        error["data"] = data;
    }
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id.unwrap_or(Value::Null),
        "error": error,
    });
    (status, axum::Json(body)).into_response()
}

/// A response body that holds a guard while it goes out: at the body's end the guard is handed
/// to `at_end`; a body dropped before its end drops the guard with it. The front's guard cancels
/// the request's [`ClientGone`] token when dropped and is disarmed at the end; the edge's keeps
/// its connection's request under way.
pub(crate) struct Guarded<G> {
    inner: Body,
    guard: Option<G>,
    at_end: fn(G),
}

impl<G> Guarded<G> {
    /// `inner`, holding `guard` until its end (then `at_end(guard)`) or its drop.
    pub(crate) fn new(inner: Body, guard: G, at_end: fn(G)) -> Self {
        Self {
            inner,
            guard: Some(guard),
            at_end,
        }
    }
}

impl<G: Unpin> HttpBody for Guarded<G> {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let polled = Pin::new(&mut self.inner).poll_frame(cx);
        if let Poll::Ready(None) = polled
            && let Some(guard) = self.guard.take()
        {
            (self.at_end)(guard);
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// Answers 401 unless the request carries the bearer token (the scheme's name in any case, as
/// HTTP has it).
async fn require_token(State(token): State<Arc<String>>, request: Request, next: Next) -> Response {
    let given = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(bearer);
    let accepted = given.is_some_and(|given| bool::from(given.as_bytes().ct_eq(token.as_bytes())));
    if accepted {
        return next.run(request).await;
    }
    let why = if given.is_some() {
        "the bearer token is not the server's"
    } else {
        "this server needs `Authorization: Bearer TOKEN`"
    };
    let mut response = json_rpc_error(
        StatusCode::UNAUTHORIZED,
        codes::UNAUTHORIZED,
        None,
        format!("unauthorized: {why}"),
    );
    response.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static("Bearer realm=\"codemode\""),
    );
    response
}

/// The token of an `Authorization` value of the `Bearer` scheme (named in any case).
fn bearer(value: &str) -> Option<&str> {
    let (scheme, token) = value.trim().split_once(char::is_whitespace)?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|token| !token.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bearer_scheme_is_read_in_any_case() {
        assert_eq!(bearer("Bearer abc"), Some("abc"));
        assert_eq!(bearer("BEARER abc"), Some("abc"));
        assert_eq!(bearer("bearer   abc "), Some("abc"));
        assert_eq!(bearer("Basic abc"), None);
        assert_eq!(bearer("Bearer"), None);
        assert_eq!(bearer("Bearer "), None);
    }
}
