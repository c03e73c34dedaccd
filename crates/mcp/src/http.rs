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

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use subtle::ConstantTimeEq;
use tokio_util::sync::CancellationToken;

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
    let mut router = axum::Router::new().nest_service(ENDPOINT, service);
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
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": -32001, "message": format!("unauthorized: {why}")}
    });
    let mut response = (StatusCode::UNAUTHORIZED, axum::Json(body)).into_response();
    response.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static("Bearer realm=\"codemode\""),
    );
    response
}
