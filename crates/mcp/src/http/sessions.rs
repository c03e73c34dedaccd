//! The MCP sessions of the HTTP server: at most so many at once, and each closed once idle.
//!
//! rmcp's [`LocalSessionManager`] keeps every session it ever created until its client ends it
//! with `DELETE`: a session whose worker stopped on its own stays in its map, with the memory it
//! held. [`Sessions`] wraps it, and
//!
//! - admits a new session only with a slot of a fixed number (`maxSessions`): the request's
//!   front takes the slot before rmcp creates the session ([`Slot`]), so a server that is full
//!   refuses `initialize` with a JSON-RPC error and a retry hint instead of growing;
//! - closes a session no request has used for `sessionIdleMs` and that has no request under way
//!   (rmcp's own idle timer is off: it counts only messages, so it would end a session in the
//!   middle of a long run), which removes it from rmcp's map and frees its memory and its slot.

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use futures::Stream;
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::streamable_http_server::SessionManager;
use rmcp::transport::streamable_http_server::session::ServerSseMessage;
use rmcp::transport::streamable_http_server::session::SessionId;
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError,
};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;

use super::every;
use crate::log;

tokio::task_local! {
    /// The slot the request being served took for the session its `initialize` creates.
    static SLOT: StdMutex<Option<OwnedSemaphorePermit>>;
}

/// Why a session could not be created or used.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SessionsError {
    /// Every slot is taken.
    #[error("the server holds as many sessions as it keeps ({0}); retry later")]
    Full(usize),
    /// rmcp's own error.
    #[error(transparent)]
    Local(#[from] LocalSessionManagerError),
}

/// A session slot, taken by the front of an `initialize` request; it becomes the session's when
/// rmcp creates one while the request is served (see [`Slot::serve`]), and is given back
/// otherwise.
pub(crate) struct Slot(OwnedSemaphorePermit);

impl Slot {
    /// Runs `request` (the rest of the `initialize` request's handling) with this slot at hand
    /// for the session it creates.
    pub(crate) async fn serve<F: Future>(self, request: F) -> F::Output {
        SLOT.scope(StdMutex::new(Some(self.0)), request).await
    }
}

/// One session's bookkeeping.
struct Entry {
    activity: Arc<Activity>,
    /// Its slot, given back when the entry goes.
    _slot: Option<OwnedSemaphorePermit>,
}

/// What a session's requests are doing.
struct Activity {
    /// Its requests whose answers are still going out.
    in_flight: AtomicUsize,
    /// When a request last reached it or ended, in milliseconds since the book's epoch.
    last_ms: AtomicU64,
}

impl Activity {
    fn new(epoch: Instant) -> Self {
        let activity = Self {
            in_flight: AtomicUsize::new(0),
            last_ms: AtomicU64::new(0),
        };
        activity.mark(epoch);
        activity
    }

    fn mark(&self, epoch: Instant) {
        let now = u64::try_from(epoch.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last_ms.store(now, Ordering::Release);
    }

    /// Idle for at least `limit` by `now` (since the epoch), with no request under way.
    fn idle(&self, now_ms: u64, limit: Duration) -> bool {
        let limit = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX);
        self.in_flight.load(Ordering::Acquire) == 0
            && now_ms.saturating_sub(self.last_ms.load(Ordering::Acquire)) >= limit
    }
}

/// rmcp's sessions, bounded in number and closed when idle.
pub(crate) struct Sessions {
    inner: LocalSessionManager,
    book: StdMutex<HashMap<SessionId, Entry>>,
    slots: Arc<Semaphore>,
    max: usize,
    idle: Duration,
    epoch: Instant,
}

impl Sessions {
    /// At most `max` sessions at once, each closed after `idle` without a request.
    pub(crate) fn new(max: usize, idle: Duration) -> Self {
        let mut inner = LocalSessionManager::default();
        // Idle sessions are closed here, where requests under way are known.
        inner.session_config.keep_alive = None;
        Self {
            inner,
            book: StdMutex::new(HashMap::new()),
            slots: Arc::new(Semaphore::new(max)),
            max,
            idle,
            epoch: Instant::now(),
        }
    }

    /// The most sessions it keeps.
    pub(crate) fn max(&self) -> usize {
        self.max
    }

    /// Takes a slot for a new session, or says that every slot is taken.
    pub(crate) fn slot(&self) -> Result<Slot, SessionsError> {
        Arc::clone(&self.slots)
            .try_acquire_owned()
            .map(Slot)
            .map_err(|_| SessionsError::Full(self.max))
    }

    /// How many sessions are open.
    pub(crate) fn open(&self) -> usize {
        self.book().len()
    }

    fn book(&self) -> std::sync::MutexGuard<'_, HashMap<SessionId, Entry>> {
        // The book holds no invariant a panic elsewhere could break half-way.
        self.book
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Marks a request reaching `id`.
    fn touch(&self, id: &SessionId) {
        if let Some(entry) = self.book().get(id) {
            entry.activity.mark(self.epoch);
        }
    }

    /// Marks a request of `id` whose answer is a stream: the session is not idle while it lasts.
    fn streaming(&self, id: &SessionId) -> Option<Busy> {
        let book = self.book();
        let activity = Arc::clone(&book.get(id)?.activity);
        activity.mark(self.epoch);
        activity.in_flight.fetch_add(1, Ordering::AcqRel);
        Some(Busy {
            activity,
            epoch: self.epoch,
        })
    }

    /// Closes every session idle for longer than the limit; returns how many.
    pub(crate) async fn close_idle(&self) -> usize {
        let now_ms = u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX);
        let idle: Vec<SessionId> = self
            .book()
            .iter()
            .filter(|(_, entry)| entry.activity.idle(now_ms, self.idle))
            .map(|(id, _)| id.clone())
            .collect();
        for id in &idle {
            if let Err(err) = self.close_session(id).await {
                log(&format!("closing an idle session failed: {err}"));
            }
        }
        idle.len()
    }

    /// Closes idle sessions every so often until `stop` is cancelled.
    pub(crate) async fn sweep(self: Arc<Self>, stop: CancellationToken) {
        let period = (self.idle / 10).clamp(Duration::from_millis(100), Duration::from_secs(10));
        every(period, stop, || async {
            self.close_idle().await;
        })
        .await;
    }
}

/// A request of a session under way: the session is not idle until it is dropped.
struct Busy {
    activity: Arc<Activity>,
    epoch: Instant,
}

impl Drop for Busy {
    fn drop(&mut self) {
        // Idle from the moment its last request ended.
        self.activity.mark(self.epoch);
        self.activity.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A session's answer stream, which keeps the session busy until it ends or is dropped.
struct BusyStream {
    inner: Pin<Box<dyn Stream<Item = ServerSseMessage> + Send + Sync>>,
    _busy: Option<Busy>,
}

impl Stream for BusyStream {
    type Item = ServerSseMessage;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.inner.as_mut().poll_next(cx)
    }
}

impl SessionManager for Sessions {
    type Error = SessionsError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        // The front took a slot for this request; a request that reached here without one (none
        // should) takes its own, or is refused.
        let taken = SLOT
            .try_with(|slot| {
                slot.lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .take()
            })
            .ok()
            .flatten();
        let slot = match taken {
            Some(slot) => slot,
            None => self.slot()?.0,
        };
        let (id, transport) = self.inner.create_session().await?;
        self.book().insert(
            id.clone(),
            Entry {
                activity: Arc::new(Activity::new(self.epoch)),
                _slot: Some(slot),
            },
        );
        Ok((id, transport))
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        self.touch(id);
        Ok(self.inner.initialize_session(id, message).await?)
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        Ok(self.book().contains_key(id) && self.inner.has_session(id).await?)
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        let closed = self.inner.close_session(id).await;
        self.book().remove(id);
        Ok(closed?)
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        let busy = self.streaming(id);
        let stream = self.inner.create_stream(id, message).await?;
        Ok(BusyStream {
            inner: Box::pin(stream),
            _busy: busy,
        })
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        self.touch(id);
        Ok(self.inner.accept_message(id, message).await?)
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        // A standing GET stream alone does not keep a session: only requests do.
        self.touch(id);
        Ok(self.inner.create_standalone_stream(id).await?)
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.touch(id);
        Ok(self.inner.resume(id, last_event_id).await?)
    }
}
