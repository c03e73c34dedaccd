//! The HTTP edge: accepting connections, and closing the ones that hold the server without
//! asking it anything.
//!
//! axum's own `serve` keeps a connection as long as its client likes: one that sends half a
//! request head, or nothing at all, holds a file descriptor forever, before the bearer token is
//! ever read, and a thousand of them lock every client out. Here each connection is watched:
//!
//! - **head**: a request head must arrive whole within `headerTimeoutMs` of its first byte (or,
//!   on a new connection, of the connection's start);
//! - **idle**: a keep-alive connection with no request under way and no byte of a new one is
//!   closed after `idleTimeoutMs`;
//! - **cap**: at most `maxConnections` connections are open at once. A new connection past the
//!   cap closes the connection that has waited longest without a request under way (a
//!   half-sent head or an idle keep-alive), and is refused (closed at once) only when every open
//!   connection has a request under way. A client with the token therefore always gets in ahead
//!   of connections that ask nothing; the default cap leaves file descriptors for upstream
//!   servers and logs below the process's open-file limit, which is raised to its hard limit.
//!
//! (A body must arrive whole within `bodyTimeoutMs`: that is the request front's, in the parent
//! module, since only a request's handler reads its body.)

use std::collections::HashMap;
use std::convert::Infallible;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::Body;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::sync::CancellationToken;
use tower_service::Service;

use super::{Guarded, every};
use crate::log;

/// How often the watch looks for connections past their time.
const SWEEP_EVERY: Duration = Duration::from_millis(250);

/// How long open requests may take to finish once the server stops.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// How long the accept loop rests after the system refused a connection (out of file
/// descriptors), so that it does not spin.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// File descriptors kept below the open-file limit for what is not a client connection:
/// upstream servers' pipes, the listener, logs.
pub(crate) const RESERVED_FDS: u64 = 128;

/// The most connections when neither the config nor the open-file limit says less.
pub(crate) const DEFAULT_MAX_CONNECTIONS: usize = 4096;

/// The edge's limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EdgeLimits {
    /// How long a request head may take to arrive whole.
    pub header_timeout: Duration,
    /// How long a keep-alive connection may wait for its next request.
    pub idle_timeout: Duration,
    /// The most connections open at once.
    pub max_connections: usize,
}

/// Raises the process's soft open-file limit to its hard limit, and returns the soft limit in
/// force after that, if it can be known.
pub(crate) fn raise_open_files() -> Option<u64> {
    #[cfg(unix)]
    {
        use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
        let limit = getrlimit(Resource::Nofile);
        if let Some(hard) = limit.maximum
            && limit.current.is_some_and(|soft| soft < hard)
        {
            let raised = Rlimit {
                current: Some(hard),
                maximum: Some(hard),
            };
            if let Err(err) = setrlimit(Resource::Nofile, raised) {
                log(&format!(
                    "cannot raise the open-file limit to {hard}: {err}"
                ));
            }
        }
        getrlimit(Resource::Nofile).current
    }
    #[cfg(not(unix))]
    None
}

/// The connection cap for an open-file limit: the limit less [`RESERVED_FDS`], at most
/// [`DEFAULT_MAX_CONNECTIONS`], at least 16.
pub(crate) fn max_connections_for(open_files: Option<u64>) -> usize {
    let fit = open_files.map_or(DEFAULT_MAX_CONNECTIONS as u64, |limit| {
        limit.saturating_sub(RESERVED_FDS)
    });
    usize::try_from(fit)
        .unwrap_or(usize::MAX)
        .clamp(16, DEFAULT_MAX_CONNECTIONS)
}

/// Serves `router` on `listener` until `shutdown` is cancelled, under `limits`.
pub(crate) async fn serve(
    listener: TcpListener,
    router: axum::Router,
    limits: EdgeLimits,
    shutdown: CancellationToken,
) {
    let registry = Arc::new(Registry::default());
    let sweeper = tokio::spawn(Arc::clone(&registry).sweep(limits, shutdown.clone()));
    let mut refused = Refusals::default();
    loop {
        let accepted = tokio::select! {
            biased;
            () = shutdown.cancelled() => break,
            accepted = listener.accept() => accepted,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(err) if is_per_connection(&err) => continue,
            Err(err) => {
                refused.note(&format!("cannot accept a connection: {err}"));
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let Some((id, conn)) = registry.admit(limits.max_connections) else {
            refused.note(&format!(
                "refused a connection: {} are open, each with a request under way",
                limits.max_connections
            ));
            drop(stream);
            continue;
        };
        let router = router.clone();
        let registry = Arc::clone(&registry);
        let shutdown = shutdown.clone();
        tokio::spawn(async move {
            serve_connection(stream, Arc::clone(&conn), router, shutdown).await;
            registry.remove(id);
        });
    }
    // Open connections finish their requests (bounded), then the sweeper stops.
    let deadline = Instant::now() + SHUTDOWN_GRACE;
    while registry.open() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    sweeper.abort();
}

/// Accept errors that concern one connection only (it went away before it was accepted).
fn is_per_connection(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
    )
}

/// Serves one connection until it ends, is closed by the watch, or the server stops.
async fn serve_connection(
    stream: TcpStream,
    conn: Arc<Conn>,
    router: axum::Router,
    shutdown: CancellationToken,
) {
    let _ = stream.set_nodelay(true);
    let io = TokioIo::new(Tracked {
        io: stream,
        conn: Arc::clone(&conn),
    });
    let requests = Arc::clone(&conn);
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let under_way = UnderWay::start(Arc::clone(&requests));
        let mut router = router.clone();
        async move {
            let response = match router.call(request.map(Body::new)).await {
                Ok(response) => response,
                Err(never) => match never {},
            };
            Ok::<_, Infallible>(response.map(|body| Body::new(Guarded::new(body, under_way, drop))))
        }
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .keep_alive(true)
        .serve_connection(io, service);
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => {}
        () = conn.close.cancelled() => {}
        () = shutdown.cancelled() => {
            connection.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(SHUTDOWN_GRACE, connection).await;
        }
    }
}

/// Counts what was refused, logging the first refusal and then at most one line a minute.
#[derive(Default)]
struct Refusals {
    count: u64,
    logged: Option<Instant>,
}

impl Refusals {
    fn note(&mut self, what: &str) {
        self.count += 1;
        if self
            .logged
            .is_none_or(|at| at.elapsed() >= Duration::from_secs(60))
        {
            log(&format!("{what} ({} so far)", self.count));
            self.logged = Some(Instant::now());
        }
    }
}

/// The open connections.
#[derive(Default)]
struct Registry {
    conns: StdMutex<HashMap<u64, Arc<Conn>>>,
    next: AtomicU64,
}

impl Registry {
    fn conns(&self) -> MutexGuard<'_, HashMap<u64, Arc<Conn>>> {
        // Each operation leaves the map whole; a panic cannot break it half-way.
        self.conns
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn open(&self) -> usize {
        self.conns().len()
    }

    /// Registers a new connection, making room past `max` by closing the connection that has
    /// waited longest without a request under way; `None` when there is none to close.
    fn admit(&self, max: usize) -> Option<(u64, Arc<Conn>)> {
        let mut conns = self.conns();
        if conns.len() >= max {
            let oldest = conns
                .iter()
                .filter_map(|(id, conn)| Some((conn.state().waiting_since()?, *id)))
                .min()
                .map(|(_, id)| id)?;
            if let Some(evicted) = conns.remove(&oldest) {
                evicted.close.cancel();
            }
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let conn = Arc::new(Conn::new());
        conns.insert(id, Arc::clone(&conn));
        Some((id, conn))
    }

    fn remove(&self, id: u64) {
        self.conns().remove(&id);
    }

    /// Closes every connection past its time, every [`SWEEP_EVERY`], until `stop`.
    async fn sweep(self: Arc<Self>, limits: EdgeLimits, stop: CancellationToken) {
        every(SWEEP_EVERY, stop, || {
            self.close_overdue(&limits);
            std::future::ready(())
        })
        .await;
    }

    /// Closes every connection past its head or idle timeout.
    fn close_overdue(&self, limits: &EdgeLimits) {
        let now = Instant::now();
        self.conns().retain(|_, conn| {
            let overdue = conn.state().overdue(now, limits);
            if overdue {
                conn.close.cancel();
            }
            !overdue
        });
    }
}

/// One open connection, as the watch sees it.
struct Conn {
    state: StdMutex<ConnState>,
    /// Cancelled to close the connection at once.
    close: CancellationToken,
}

impl Conn {
    fn new() -> Self {
        Self {
            state: StdMutex::new(ConnState {
                in_flight: 0,
                served: 0,
                since: Instant::now(),
                head_since: None,
            }),
            close: CancellationToken::new(),
        }
    }

    fn state(&self) -> MutexGuard<'_, ConnState> {
        // Each update leaves the state whole; a panic cannot break it half-way.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Where a connection is between requests.
#[derive(Debug)]
struct ConnState {
    /// Requests whose answers are still going out.
    in_flight: usize,
    /// Requests answered.
    served: u64,
    /// When it opened, or when its last answer ended.
    since: Instant,
    /// When the first byte of a request head came, while no request is under way.
    head_since: Option<Instant>,
}

impl ConnState {
    /// Since when it has waited without a request under way; `None` while one is.
    fn waiting_since(&self) -> Option<Instant> {
        (self.in_flight == 0).then(|| self.head_since.unwrap_or(self.since))
    }

    /// Whether it is past the head or the idle timeout at `now`.
    fn overdue(&self, now: Instant, limits: &EdgeLimits) -> bool {
        if self.in_flight > 0 {
            return false;
        }
        match self.head_since {
            Some(head) => now.saturating_duration_since(head) >= limits.header_timeout,
            // A new connection that says nothing is a head that does not come.
            None if self.served == 0 => {
                now.saturating_duration_since(self.since) >= limits.header_timeout
            }
            None => now.saturating_duration_since(self.since) >= limits.idle_timeout,
        }
    }
}

/// A request under way on a connection, from its head to the end of its answer (or until the
/// connection drops it).
struct UnderWay(Arc<Conn>);

impl UnderWay {
    fn start(conn: Arc<Conn>) -> Self {
        {
            let mut state = conn.state();
            state.in_flight += 1;
            state.head_since = None;
        }
        Self(conn)
    }
}

impl Drop for UnderWay {
    fn drop(&mut self) {
        let mut state = self.0.state();
        state.in_flight = state.in_flight.saturating_sub(1);
        state.served += 1;
        if state.in_flight == 0 {
            state.since = Instant::now();
            state.head_since = None;
        }
    }
}

/// A connection's socket, which tells the watch when the bytes of a new request head begin.
struct Tracked {
    io: TcpStream,
    conn: Arc<Conn>,
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.io).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            let mut state = self.conn.state();
            if state.in_flight == 0 && state.head_since.is_none() {
                state.head_since = Some(Instant::now());
            }
        }
        polled
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: EdgeLimits = EdgeLimits {
        header_timeout: Duration::from_secs(10),
        idle_timeout: Duration::from_secs(60),
        max_connections: 2,
    };

    fn state(in_flight: usize, served: u64, since: Instant, head: Option<Instant>) -> ConnState {
        ConnState {
            in_flight,
            served,
            since,
            head_since: head,
        }
    }

    #[test]
    fn a_connection_that_says_nothing_is_held_to_the_head_timeout() {
        let start = Instant::now();
        let silent = state(0, 0, start, None);
        assert!(!silent.overdue(start + Duration::from_secs(9), &LIMITS));
        assert!(silent.overdue(start + Duration::from_secs(10), &LIMITS));
    }

    #[test]
    fn a_half_sent_head_is_timed_from_its_first_byte_and_idle_keep_alive_from_the_last_answer() {
        let start = Instant::now();
        let idle = state(0, 3, start, None);
        assert!(!idle.overdue(start + Duration::from_secs(59), &LIMITS));
        assert!(idle.overdue(start + Duration::from_secs(60), &LIMITS));
        let half = state(0, 3, start, Some(start + Duration::from_secs(30)));
        assert!(!half.overdue(start + Duration::from_secs(39), &LIMITS));
        assert!(half.overdue(start + Duration::from_secs(40), &LIMITS));
    }

    #[test]
    fn a_request_under_way_is_never_overdue_nor_evicted() {
        let start = Instant::now();
        let busy = state(1, 0, start, None);
        assert!(!busy.overdue(start + Duration::from_secs(3600), &LIMITS));
        assert_eq!(busy.waiting_since(), None);
    }

    #[test]
    fn past_the_cap_the_longest_waiting_connection_makes_room_and_busy_ones_never_do() {
        let registry = Registry::default();
        let (first, a) = registry.admit(2).unwrap();
        let (_, b) = registry.admit(2).unwrap();
        // `a` waits longest: it is closed for the third.
        b.state().since = Instant::now() + Duration::from_secs(1);
        let (_, c) = registry.admit(2).unwrap();
        assert!(a.close.is_cancelled());
        assert!(!registry.conns().contains_key(&first));
        // With both open ones busy, the next is refused.
        let _b_busy = UnderWay::start(Arc::clone(&b));
        let _c_busy = UnderWay::start(Arc::clone(&c));
        assert!(registry.admit(2).is_none());
        assert!(!b.close.is_cancelled() && !c.close.is_cancelled());
    }

    #[test]
    fn the_cap_follows_the_open_file_limit() {
        assert_eq!(max_connections_for(Some(1024)), 896);
        assert_eq!(max_connections_for(Some(100)), 16);
        assert_eq!(max_connections_for(Some(1 << 20)), DEFAULT_MAX_CONNECTIONS);
        assert_eq!(max_connections_for(None), DEFAULT_MAX_CONNECTIONS);
    }
}
