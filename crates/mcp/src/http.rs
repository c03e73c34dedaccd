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
//! Two things differ from rmcp's own answers. A body that is not JSON-RPC, or larger than
//! [`MAX_REQUEST_BYTES`], is answered with a JSON-RPC error (`-32700` parse error or `-32600`
//! invalid request, `id` null) rather than a line of text. And a client whose connection drops
//! while its `tools/call` runs is taken to be gone: the run is cancelled, with its upstream calls.
//! (MCP lets a client resume a dropped stream; codemode does not keep a run going for that, since
//! a run is bounded by its timeout and a client that comes back can call again.)

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use http_body::{Frame, SizeHint};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use subtle::ConstantTimeEq;
use tokio_util::sync::{CancellationToken, DropGuard};

use crate::server::McpServer;
use crate::session::Session;
use crate::{Error, log};

/// The path the MCP endpoint is served at.
pub const ENDPOINT: &str = "/mcp";

/// The largest request body a client may send, in bytes: a run_code call carries code, so a few
/// megabytes is generous; a larger body is refused before it is read.
pub const MAX_REQUEST_BYTES: usize = 4 * 1024 * 1024;

/// How the HTTP server is set up.
#[derive(Clone, Default)]
pub struct HttpOptions {
    /// The bearer token every request must carry (`Authorization: Bearer TOKEN`); none on a
    /// loopback address.
    pub token: Option<String>,
    /// Stops the server: it answers no new request, and the upstream servers are stopped.
    pub shutdown: CancellationToken,
}

impl std::fmt::Debug for HttpOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpOptions")
            .field("token", &self.token.as_ref().map(|_| "(set)"))
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
    let address: Option<SocketAddr> = listener.local_addr().ok();
    let mut config = StreamableHttpServerConfig::default()
        .with_cancellation_token(options.shutdown.child_token())
        .with_max_request_body_bytes(MAX_REQUEST_BYTES);
    if options.token.is_some() {
        config = config.disable_allowed_hosts();
    }
    let factory_session = Arc::clone(&session);
    let service = StreamableHttpService::new(
        move || Ok(McpServer::new(Arc::clone(&factory_session))),
        Arc::new(LocalSessionManager::default()),
        config,
    );
    let mut router = axum::Router::new()
        .nest_service(ENDPOINT, service)
        .layer(middleware::from_fn(watch_connection));
    if let Some(token) = options.token.clone() {
        router = router.layer(middleware::from_fn_with_state(
            Arc::new(token),
            require_token,
        ));
    }
    if let Some(address) = address {
        log(&format!("serving MCP on http://{address}{ENDPOINT}"));
    }
    let shutdown = options.shutdown.clone();
    let outcome = axum::serve(listener, router)
        .with_graceful_shutdown(async move { shutdown.cancelled().await })
        .await
        .map_err(|err| Error::Serve {
            message: err.to_string(),
        });
    session.shutdown().await;
    outcome
}

/// Cancelled when the client that sent a request drops the connection its answer goes out on
/// before the answer ended. The HTTP server puts one in each POST's extensions, which rmcp hands
/// to the request's handler with the request's [`Parts`](axum::http::request::Parts).
#[derive(Debug, Clone)]
pub struct ClientGone(pub CancellationToken);

/// Gives each POST a [`ClientGone`] token, cancelled when its response is dropped before its end,
/// and turns rmcp's plain-text refusals of bodies into JSON-RPC errors. A session ended by
/// `DELETE` is answered `204 No Content` rather than rmcp's `202 Accepted`: the session is gone
/// when the answer leaves, and the Python SDK warns on every close at anything but 200 or 204.
async fn watch_connection(mut request: Request, next: Next) -> Response {
    if request.method() == Method::DELETE {
        let mut response = next.run(request).await;
        if response.status() == StatusCode::ACCEPTED {
            *response.status_mut() = StatusCode::NO_CONTENT;
            *response.body_mut() = Body::empty();
        }
        return response;
    }
    if request.method() != Method::POST {
        return next.run(request).await;
    }
    // Armed before the request runs: a client gone before the answer starts counts too.
    let gone = CancellationToken::new();
    request.extensions_mut().insert(ClientGone(gone.clone()));
    let guard = gone.drop_guard();
    let response = as_json_rpc(next.run(request).await).await;
    response.map(|body| {
        Body::new(Watched {
            inner: body,
            guard: Some(guard),
        })
    })
}

/// rmcp's plain-text refusal of a body (not JSON, not JSON-RPC, too large) as a JSON-RPC error.
async fn as_json_rpc(response: Response) -> Response {
    let status = response.status();
    let plain = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_none_or(|kind| !kind.as_bytes().starts_with(b"application/json"));
    let refused_body = matches!(
        status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE
            | StatusCode::PAYLOAD_TOO_LARGE
            | StatusCode::BAD_REQUEST
    );
    if !(refused_body && plain) {
        return response;
    }
    let text = axum::body::to_bytes(response.into_body(), 64 * 1024)
        .await
        .map(|bytes| String::from_utf8_lossy(&bytes).trim().to_owned())
        .unwrap_or_default();
    if let Some(detail) = text.strip_prefix("fail to deserialize request body") {
        let detail = detail.trim();
        return if detail.contains("JSON-RPC") {
            json_rpc_error(
                StatusCode::BAD_REQUEST,
                -32600,
                format!("invalid request: {detail}"),
            )
        } else {
            json_rpc_error(
                StatusCode::BAD_REQUEST,
                -32700,
                format!("parse error: {detail}"),
            )
        };
    }
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        return json_rpc_error(
            status,
            -32600,
            format!("invalid request: the body is larger than {MAX_REQUEST_BYTES} bytes"),
        );
    }
    json_rpc_error(status, -32600, format!("invalid request: {text}"))
}

/// A JSON-RPC error response with `id` null.
fn json_rpc_error(status: StatusCode, code: i64, message: String) -> Response {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": code, "message": message}
    });
    (status, axum::Json(body)).into_response()
}

/// A response body that knows whether it was read to its end: its guard cancels the request's
/// [`ClientGone`] token when the body is dropped before then, and is disarmed at the end.
struct Watched {
    inner: Body,
    guard: Option<DropGuard>,
}

impl HttpBody for Watched {
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
            drop(guard.disarm());
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

/// Answers 401 unless the request carries the bearer token.
async fn require_token(State(token): State<Arc<String>>, request: Request, next: Next) -> Response {
    let given = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| {
            value
                .strip_prefix("Bearer ")
                .or_else(|| value.strip_prefix("bearer "))
        })
        .map(str::trim);
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
        -32001,
        format!("unauthorized: {why}"),
    );
    response.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static("Bearer realm=\"codemode\""),
    );
    response
}
