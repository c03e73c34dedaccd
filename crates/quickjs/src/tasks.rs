//! The async driver's host: a run on a thread of tokio's blocking pool, its calls carried out as
//! tasks on the runtime.
//!
//! [`QuickJs::run`](crate::QuickJs) hands the run to [`QuickJs::run_blocking`](crate::QuickJs)
//! on a blocking-pool thread, with a [`TaskHost`] as its host: a tool that answers at once is
//! answered on that thread; any other call becomes a task on the runtime, whose outcome comes
//! back over a channel. The engine is built, run and dropped on that one thread, so it never
//! moves between threads and needs no `Send`; busy JavaScript holds that thread, never a worker
//! of the runtime.

use std::collections::BTreeMap;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::Instant;

use codemode_interpreter::Tool;
use futures::FutureExt;
use serde_json::Value;
use tokio::runtime::Handle;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::blocking::{BlockingHost, Dispatch, Event};

/// What the tasks of a run tell its thread.
enum Message {
    /// Call number `.0` ended.
    Settled(usize, Result<Value, String>),
    /// The run's token was cancelled.
    Cancelled,
}

/// Carries a blocking run's calls out as tasks on a tokio runtime. Its run over, [`Self::end`]
/// ends the tasks still running, so that a call in flight when its run ends is dropped, as the
/// contract says, before the run answers; dropping the host aborts them too.
pub(crate) struct TaskHost {
    handle: Handle,
    tools: BTreeMap<String, Tool>,
    sender: Sender<Message>,
    receiver: Receiver<Message>,
    tasks: Vec<JoinHandle<()>>,
}

impl TaskHost {
    /// A host for a run with these tools, whose tasks run on `handle`'s runtime; a cancelled
    /// `cancel` is told to the run while it waits.
    pub(crate) fn new(
        handle: Handle,
        tools: BTreeMap<String, Tool>,
        cancel: &CancellationToken,
    ) -> Self {
        let (sender, receiver) = channel();
        let watcher = {
            let sender = sender.clone();
            let cancel = cancel.clone();
            handle.spawn(async move {
                cancel.cancelled().await;
                let _ = sender.send(Message::Cancelled);
            })
        };
        Self {
            handle,
            tools,
            sender,
            receiver,
            tasks: vec![watcher],
        }
    }
}

impl TaskHost {
    /// Ends the run's tasks still running, and waits until each has dropped its future (an
    /// aborted task answers once it has; a finished one at once).
    pub(crate) async fn end(mut self) {
        let tasks = std::mem::take(&mut self.tasks);
        for task in &tasks {
            task.abort();
        }
        for task in tasks {
            let _ = task.await;
        }
    }
}

impl BlockingHost for TaskHost {
    fn call(&mut self, index: usize, name: &str, args: &Value) -> Dispatch {
        let Some(tool) = self.tools.get(name) else {
            return Dispatch::Answered(Err(format!("unknown tool: {name}")));
        };
        // Inside the runtime's context, so that a tool may start timers and I/O when it is
        // first polled here.
        let _context = self.handle.enter();
        let mut future = tool.call(args.clone());
        // A tool that answers at once is answered on this thread, without a task.
        if let Some(outcome) = (&mut future).now_or_never() {
            return Dispatch::Answered(outcome.map_err(|e| e.message().to_owned()));
        }
        let sender = self.sender.clone();
        let task = self.handle.spawn(async move {
            let outcome = future.await.map_err(|e| e.message().to_owned());
            let _ = sender.send(Message::Settled(index, outcome));
        });
        self.tasks.push(task);
        Dispatch::Sent
    }

    fn wait(&mut self, deadline: Instant) -> Event {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.receiver.recv_timeout(left) {
            Ok(Message::Settled(call, outcome)) => Event::Settled { call, outcome },
            Ok(Message::Cancelled) => Event::Cancelled,
            // The host holds a sender itself, so the channel is never disconnected.
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => Event::Deadline,
        }
    }
}

impl Drop for TaskHost {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}
