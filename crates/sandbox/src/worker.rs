//! The worker's side of the process protocol: QuickJS behind `codemode_interpreter::protocol`
//! on the worker's stdin and stdout.
//!
//! Each `run` gets a fresh [`QuickJs`] run (a fresh runtime and context) on a task of its own;
//! each of its tools sends a `call` to the host and waits for the matching `result`; `cancel`
//! cancels the run's token. The host's limits come with each run; the fixed ones come from the
//! [`WorkerSpec`].

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use codemode_interpreter::protocol::{ChildMessage, ChildResult, HostMessage, RefusedCall};
use codemode_interpreter::{
    CallRecord, Interpreter, Limits, RunOptions, RunResult, Tool, ToolError,
};
use codemode_quickjs::QuickJs;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use crate::{Error, WorkerSpec};

/// The calls of one run waiting for their results, by number.
type Pending = Arc<Mutex<HashMap<u64, oneshot::Sender<Result<Value, String>>>>>;

/// The calls of one run sent to the host, in order: each tool's name and arguments.
type Sent = Arc<Mutex<Vec<(String, Value)>>>;

/// One run in progress.
struct Run {
    cancel: CancellationToken,
    pending: Pending,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Serves runs on stdin and stdout until stdin closes. Call it after [`crate::lock_down`].
pub fn serve(spec: &WorkerSpec) -> Result<(), Error> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()?;
    runtime.block_on(serve_pipes(*spec))
}

async fn serve_pipes(spec: WorkerSpec) -> Result<(), Error> {
    let (out, mut outbox) = mpsc::unbounded_channel::<ChildMessage>();
    let writer = tokio::spawn(async move {
        let mut stdout = tokio::io::stdout();
        while let Some(message) = outbox.recv().await {
            let mut line = serde_json::to_vec(&message).unwrap_or_default();
            line.push(b'\n');
            stdout.write_all(&line).await?;
            stdout.flush().await?;
        }
        Ok::<(), std::io::Error>(())
    });
    let runs: Arc<Mutex<HashMap<u64, Run>>> = Arc::default();
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    while let Some(line) = lines.next_line().await? {
        if line.trim().is_empty() {
            continue;
        }
        let message: HostMessage = serde_json::from_str(&line).map_err(|e| {
            Error::Io(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("not a host message: {e}"),
            ))
        })?;
        match message {
            HostMessage::Run {
                id,
                code,
                tools,
                timeout_ms,
                limits,
            } => {
                let cancel = CancellationToken::new();
                let pending = Pending::default();
                lock(&runs).insert(
                    id,
                    Run {
                        cancel: cancel.clone(),
                        pending: pending.clone(),
                    },
                );
                let limits = Limits {
                    timeout: Duration::from_millis(timeout_ms),
                    memory_mb: limits.memory_mb,
                    max_log_chars: limits.max_log_chars,
                    max_calls: limits.max_calls,
                };
                let engine = QuickJs::new(spec.engine_config(limits));
                let mut options = RunOptions::default()
                    .with_timeout(limits.timeout)
                    .with_cancel(cancel);
                let numbers = Arc::new(AtomicU64::new(0));
                let sent = Sent::default();
                for name in &tools {
                    let tool = host_tool(id, name.clone(), &out, &pending, &numbers, &sent);
                    options = options.with_tool(name.clone(), tool);
                }
                options = crate::hooks::add(options);
                let out = out.clone();
                let runs = runs.clone();
                tokio::spawn(async move {
                    let result = engine.run(&code, options).await;
                    lock(&runs).remove(&id);
                    let sent = std::mem::take(&mut *lock(&sent));
                    let _ = out.send(ChildMessage::Done {
                        id,
                        result: to_child(result, &sent),
                    });
                });
            }
            HostMessage::Result {
                id,
                call,
                ok,
                value,
                error,
            } => {
                let waiting = lock(&runs)
                    .get(&id)
                    .and_then(|run| lock(&run.pending).remove(&call));
                if let Some(waiting) = waiting {
                    let _ = waiting.send(if ok {
                        Ok(value.unwrap_or(Value::Null))
                    } else {
                        Err(error.unwrap_or_else(|| "the tool failed".to_owned()))
                    });
                }
            }
            HostMessage::Cancel { id } => {
                if let Some(run) = lock(&runs).get(&id) {
                    run.cancel.cancel();
                }
            }
        }
    }
    // The host closed stdin: cancel what is left, let it answer, and go.
    for run in lock(&runs).values() {
        run.cancel.cancel();
    }
    drop(out);
    let _ = tokio::time::timeout(Duration::from_secs(1), writer).await;
    Ok(())
}

/// The tool `name` of run `id`: each call is sent to the host, and its result awaited.
fn host_tool(
    id: u64,
    name: String,
    out: &mpsc::UnboundedSender<ChildMessage>,
    pending: &Pending,
    numbers: &Arc<AtomicU64>,
    sent: &Sent,
) -> Tool {
    let out = out.clone();
    let pending = pending.clone();
    let numbers = numbers.clone();
    let sent_calls = sent.clone();
    Tool::new(move |args| {
        let call = numbers.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        lock(&pending).insert(call, tx);
        lock(&sent_calls).push((name.clone(), args.clone()));
        let sent = out.send(ChildMessage::Call {
            id,
            call,
            name: name.clone(),
            args,
        });
        async move {
            if sent.is_err() {
                return Err(ToolError::new("the worker is shutting down"));
            }
            match rx.await {
                Ok(Ok(value)) => Ok(value),
                Ok(Err(error)) => Err(ToolError::new(error)),
                Err(_) => Err(ToolError::new("the run ended before the call did")),
            }
        }
    })
}

/// The worker's side of a result: everything but the calls and the duration, which the host
/// keeps itself, and the calls the engine refused without sending them (`sent` is what it sent,
/// in order).
fn to_child(result: RunResult, sent: &[(String, Value)]) -> ChildResult {
    let refused = refused(&result.calls, sent);
    ChildResult {
        refused,
        ok: result.ok,
        value: result.value,
        error: result.error,
        reason: result.reason,
        logs: result.logs,
        logs_truncated: result.logs_truncated,
        timed_out: result.timed_out,
    }
}

/// The engine's records that were not sent to the host, with their places. The engine sends a
/// call the moment it records it, so the sent calls are the records, in order, that match them;
/// a failed record that does not match the next sent call was refused by the engine. Places count
/// only those two kinds: a record that was neither, a test hook's, ran inside the worker and is
/// not the host's to list.
fn refused(records: &[CallRecord], sent: &[(String, Value)]) -> Vec<RefusedCall> {
    let mut next = sent.iter().peekable();
    let mut refused = Vec::new();
    // The place among the calls the host will list: the sent ones and the refused ones.
    let mut index = 0;
    for record in records {
        if next
            .next_if(|(name, args)| *name == record.name && *args == record.args)
            .is_some()
        {
            index += 1;
        } else if record.ok == Some(false) {
            refused.push(RefusedCall {
                index,
                name: record.name.clone(),
                args: record.args.clone(),
            });
            index += 1;
        }
    }
    refused
}
