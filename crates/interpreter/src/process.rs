//! An interpreter in another process, reached through the JSON-lines protocol of
//! [`crate::protocol`].
//!
//! [`ProcessInterpreter`] starts the command on its first run and keeps it for later ones; runs may
//! overlap. The host side keeps the parts of the result it can vouch for itself: the calls it ran
//! (and which were still in flight when the run stopped) and the duration. It also bounds every
//! wait: a process that neither finishes nor times out a run is answered by the host's own
//! deadline, and a process that dies fails its runs with [`StopReason::Internal`] (or the reason
//! of [`ProcessInterpreter::with_death_reason`]), its exit status in the error, and is started
//! again on the next run. A host that runs sandboxed code can start the process with an empty
//! environment in a process group of its own, ahead of the first run, and have it killed when a
//! run goes unanswered.

use std::collections::HashMap;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant};

use futures::FutureExt;
use futures::future::BoxFuture;
use futures::stream::{FuturesUnordered, StreamExt};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{ChildStdin, Command};
use tokio::sync::{Mutex, mpsc};

use crate::protocol::{ChildMessage, ChildResult, HostMessage, RefusedCall, WireLimits};
use crate::{
    CallFailure, CallRecord, Error, FailureCode, Interpreter, Limits, RunOptions, RunResult,
    StopReason,
};

/// How long the host waits past a run's timeout (or its cancellation) for the process to answer.
const DEFAULT_GRACE: Duration = Duration::from_secs(2);

/// An interpreter that runs code in another process, speaking [`crate::protocol`].
pub struct ProcessInterpreter {
    name: String,
    language: String,
    argv: Vec<String>,
    limits: Limits,
    grace: Duration,
    spawn: SpawnOptions,
    child: Mutex<Option<Arc<Child>>>,
    next_id: AtomicU64,
}

/// How the process is started and what its death means; see the builder methods.
#[derive(Debug, Clone)]
struct SpawnOptions {
    clean_environment: bool,
    new_process_group: bool,
    kill_unanswered: bool,
    death_reason: StopReason,
    max_line_bytes: usize,
    stderr_label: Option<String>,
}

impl std::fmt::Debug for ProcessInterpreter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProcessInterpreter")
            .field("name", &self.name)
            .field("argv", &self.argv)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

/// One live interpreter process.
struct Child {
    stdin: Mutex<ChildStdin>,
    write_bound: Duration,
    runs: StdMutex<HashMap<u64, mpsc::UnboundedSender<ChildMessage>>>,
    dead: AtomicBool,
    failure: StdMutex<Option<String>>,
    // Killed when the last handle goes (`kill_on_drop`), or when it breaks the protocol.
    process: StdMutex<tokio::process::Child>,
}

impl Child {
    fn register(&self, id: u64) -> mpsc::UnboundedReceiver<ChildMessage> {
        let (tx, rx) = mpsc::unbounded_channel();
        lock(&self.runs).insert(id, tx);
        rx
    }

    fn unregister(&self, id: u64) {
        lock(&self.runs).remove(&id);
    }

    /// Writes one message. A process that stops reading its input fills the pipe; the write is
    /// then abandoned after `write_bound` and the process is treated as dead.
    async fn send(&self, message: &HostMessage) -> Result<(), Error> {
        let mut line = serde_json::to_vec(message).map_err(|e| Error::Protocol {
            line: String::new(),
            message: e.to_string(),
        })?;
        line.push(b'\n');
        let write = async {
            let mut stdin = self.stdin.lock().await;
            stdin.write_all(&line).await?;
            stdin.flush().await
        };
        match tokio::time::timeout(self.write_bound, write).await {
            Ok(written) => Ok(written?),
            Err(_) => {
                let error = Error::Io(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "the interpreter process stopped reading its input",
                ));
                self.die(error.to_string());
                let _ = lock(&self.process).start_kill();
                Err(error)
            }
        }
    }

    fn die(&self, why: String) {
        self.dead.store(true, Ordering::SeqCst);
        let mut failure = lock(&self.failure);
        if failure.is_none() {
            *failure = Some(why);
        }
        // Dropping the senders ends every run's receiver.
        lock(&self.runs).clear();
    }
}

/// A run's place in the process's routing table. Dropped with the run's future: if the caller
/// dropped the run before it finished, the process is told to cancel it.
struct Registration {
    child: Arc<Child>,
    id: u64,
    finished: bool,
}

impl Drop for Registration {
    fn drop(&mut self) {
        self.child.unregister(self.id);
        if !self.finished
            && let Ok(handle) = tokio::runtime::Handle::try_current()
        {
            let child = self.child.clone();
            let id = self.id;
            handle.spawn(async move {
                let _ = child.send(&HostMessage::Cancel { id }).await;
            });
        }
    }
}

fn lock<T>(m: &StdMutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl ProcessInterpreter {
    /// An interpreter that runs `sh -c COMMAND`, named after the command, for JavaScript, with the
    /// default [`Limits`].
    pub fn shell(command: &str) -> Self {
        Self::new(vec!["sh".into(), "-c".into(), command.into()]).named(command)
    }

    /// An interpreter that runs `argv` (program first).
    pub fn new(argv: Vec<String>) -> Self {
        Self {
            name: argv.join(" "),
            language: "JavaScript".into(),
            argv,
            limits: Limits::default(),
            grace: DEFAULT_GRACE,
            spawn: SpawnOptions {
                clean_environment: false,
                new_process_group: false,
                kill_unanswered: false,
                death_reason: StopReason::Internal,
                max_line_bytes: usize::MAX,
                stderr_label: None,
            },
            child: Mutex::new(None),
            next_id: AtomicU64::new(1),
        }
    }

    /// Sets the name used in reports.
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// Sets the limits sent with each run.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Sets how long the host waits past a timeout or a cancellation for the process to answer.
    pub fn with_grace(mut self, grace: Duration) -> Self {
        self.grace = grace;
        self
    }

    /// Starts the process with an empty environment instead of the host's.
    pub fn with_clean_environment(mut self) -> Self {
        self.spawn.clean_environment = true;
        self
    }

    /// Starts the process as the leader of a new process group (on Unix).
    pub fn in_new_process_group(mut self) -> Self {
        self.spawn.new_process_group = true;
        self
    }

    /// Kills the process when a run gets no `done` within the grace past its timeout, instead of
    /// leaving it to later runs: for a process that serves one run at a time, where a run that
    /// is not answered means a process that is stuck.
    pub fn kill_unanswered(mut self) -> Self {
        self.spawn.kill_unanswered = true;
        self
    }

    /// Sets the reason given to the runs of a process that dies or breaks the protocol
    /// ([`StopReason::Internal`] unless set).
    pub fn with_death_reason(mut self, reason: StopReason) -> Self {
        self.spawn.death_reason = reason;
        self
    }

    /// Bounds the lines the process may write: a longer line breaks the protocol (the process is
    /// killed and its runs fail), so a process cannot make the host hold more than this much of
    /// one message. Unbounded unless set.
    pub fn with_max_line_bytes(mut self, bytes: usize) -> Self {
        self.spawn.max_line_bytes = bytes;
        self
    }

    /// Passes the process's standard error to the host's line by line, each line behind
    /// `LABEL[PID]: ` with its control characters escaped, at most [`STDERR_LINE_BYTES`] of a
    /// line and [`STDERR_BUDGET_BYTES`] in all (then a note that the rest was dropped): a process
    /// that cannot be trusted cannot write lines that pass for the host's own in its log, nor
    /// flood it. Without it, the process writes to the host's standard error directly.
    pub fn with_stderr_label(mut self, label: impl Into<String>) -> Self {
        self.spawn.stderr_label = Some(label.into());
        self
    }

    /// Starts the process now, ahead of the first run (a later run starts it otherwise).
    pub async fn start(&self) -> Result<(), Error> {
        self.child().await.map(|_| ())
    }

    /// Whether a process is running and has neither died nor broken the protocol.
    pub async fn is_alive(&self) -> bool {
        self.child
            .lock()
            .await
            .as_ref()
            .is_some_and(|child| !child.dead.load(Ordering::SeqCst))
    }

    async fn child(&self) -> Result<Arc<Child>, Error> {
        let mut slot = self.child.lock().await;
        if let Some(child) = slot.as_ref()
            && !child.dead.load(Ordering::SeqCst)
        {
            return Ok(child.clone());
        }
        let child = self.spawn()?;
        *slot = Some(child.clone());
        Ok(child)
    }

    fn spawn(&self) -> Result<Arc<Child>, Error> {
        let (program, args) = self.argv.split_first().ok_or(Error::EmptyCommand)?;
        let mut command = Command::new(program);
        if self.spawn.clean_environment {
            command.env_clear();
        }
        #[cfg(unix)]
        if self.spawn.new_process_group {
            command.process_group(0);
        }
        let mut process = command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if self.spawn.stderr_label.is_some() {
                Stdio::piped()
            } else {
                Stdio::inherit()
            })
            .kill_on_drop(true)
            .spawn()
            .map_err(|source| Error::Spawn {
                command: self.argv.join(" "),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (process.stdin.take(), process.stdout.take()) else {
            return Err(Error::Exited);
        };
        if let (Some(label), Some(stderr)) = (&self.spawn.stderr_label, process.stderr.take()) {
            let label = format!("{label}[{}]", process.id().unwrap_or_default());
            tokio::spawn(forward_stderr(label, stderr));
        }
        let child = Arc::new(Child {
            stdin: Mutex::new(stdin),
            write_bound: self.grace,
            runs: StdMutex::new(HashMap::new()),
            dead: AtomicBool::new(false),
            failure: StdMutex::new(None),
            process: StdMutex::new(process),
        });
        let reader = Arc::downgrade(&child);
        let max_line = self.spawn.max_line_bytes;
        tokio::spawn(async move {
            let mut lines = BufReader::new(stdout);
            let mut buffer = Vec::new();
            let why = loop {
                let line = match read_line(&mut lines, &mut buffer, max_line).await {
                    Ok(Some(line)) => line,
                    Ok(None) => break Error::Exited.to_string(),
                    Err(e) => break e.to_string(),
                };
                let Some(child) = reader.upgrade() else {
                    return;
                };
                if line.trim().is_empty() {
                    continue;
                }
                match serde_json::from_str::<ChildMessage>(&crate::json::repair_surrogates(&line)) {
                    Ok(message) => {
                        let id = match &message {
                            ChildMessage::Call { id, .. } | ChildMessage::Done { id, .. } => *id,
                        };
                        if let Some(tx) = lock(&child.runs).get(&id) {
                            let _ = tx.send(message);
                        }
                    }
                    Err(e) => {
                        break Error::Protocol {
                            line: line.chars().take(200).collect(),
                            message: e.to_string(),
                        }
                        .to_string();
                    }
                }
            };
            if let Some(child) = reader.upgrade() {
                let why = match exit_status(&child).await {
                    Some(status) => format!("{why} ({})", describe_exit(status)),
                    None => why,
                };
                child.die(why);
                // A process that broke the protocol is not trusted with later runs.
                let _ = lock(&child.process).start_kill();
            }
        });
        Ok(child)
    }

    async fn run_inner(&self, code: &str, options: RunOptions) -> RunResult {
        let start = Instant::now();
        let timeout = options.timeout.unwrap_or(self.limits.timeout);
        let mut result = self.drive(code, options, start, timeout).await;
        result.duration_ms = start.elapsed().as_secs_f64() * 1000.0;
        result
    }

    async fn drive(
        &self,
        code: &str,
        options: RunOptions,
        start: Instant,
        timeout: Duration,
    ) -> RunResult {
        let child = match self.child().await {
            Ok(child) => child,
            Err(e) => return RunResult::stopped(StopReason::Internal, e.to_string()),
        };
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut rx = child.register(id);
        let mut registration = Registration {
            child: child.clone(),
            id,
            finished: false,
        };
        let request = HostMessage::Run {
            id,
            code: code.to_owned(),
            tools: options.tools.keys().cloned().collect(),
            timeout_ms: u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX),
            limits: WireLimits {
                memory_mb: self.limits.memory_mb,
                max_log_chars: self.limits.max_log_chars,
                max_calls: self.limits.max_calls,
            },
        };
        if let Err(e) = child.send(&request).await {
            registration.finished = true;
            child.die(e.to_string());
            return RunResult::stopped(self.spawn.death_reason, e.to_string());
        }

        let deadline = tokio::time::Instant::from_std(start + timeout);
        let host_deadline = deadline + self.grace;
        let cancel = options.cancel.clone().unwrap_or_default();
        let mut cancelled = false;
        let mut calls: Vec<CallRecord> = Vec::new();
        let mut in_flight: FuturesUnordered<InFlight> = FuturesUnordered::new();
        let mut past_timeout = false;
        // Made once and polled in place: a timer or a waiter made afresh on every turn of the
        // loop costs each call a registration and a removal.
        let timed_out = tokio::time::sleep_until(deadline);
        let unanswered = tokio::time::sleep_until(host_deadline);
        let cancelled_now = cancel.cancelled();
        tokio::pin!(timed_out, unanswered, cancelled_now);

        let outcome: Result<ChildResult, RunResult> = loop {
            tokio::select! {
                message = rx.recv() => match message {
                    Some(ChildMessage::Done { result, .. }) => break Ok(result),
                    Some(ChildMessage::Call { call, name, args, .. }) => {
                        if past_timeout || cancelled {
                            continue;
                        }
                        if calls.len() >= self.limits.max_calls {
                            let _ = child.send(&failure(id, call, "call limit reached")).await;
                            continue;
                        }
                        let index = calls.len();
                        calls.push(CallRecord::made(name.clone(), args.clone()));
                        match options.tools.get(&name) {
                            Some(tool) => {
                                let mut future = tool.call(args);
                                // A tool that answers at once is answered at once, without a
                                // turn through the calls in flight.
                                match (&mut future).now_or_never() {
                                    Some(outcome) => {
                                        let outcome = outcome.map_err(|e| e.message().to_owned());
                                        let reply = settle(&mut calls[index], id, call, outcome);
                                        let _ = child.send(&reply).await;
                                    }
                                    None => in_flight.push(Box::pin(async move {
                                        (index, call, future.await.map_err(|e| e.message().to_owned()))
                                    })),
                                }
                            }
                            None => {
                                let message = format!("unknown tool: {name}");
                                calls[index] = CallRecord::failed(
                                    name.clone(),
                                    calls[index].args.clone(),
                                    CallFailure::new(FailureCode::UnknownTool, message.clone()),
                                );
                                let _ = child.send(&failure(id, call, &message)).await;
                            }
                        }
                    }
                    None => {
                        let why = lock(&child.failure).clone().unwrap_or_else(|| Error::Exited.to_string());
                        break Err(RunResult::stopped(self.spawn.death_reason, why));
                    }
                },
                Some((index, call, outcome)) = in_flight.next(), if !in_flight.is_empty() => {
                    let reply = settle(&mut calls[index], id, call, outcome);
                    let _ = child.send(&reply).await;
                }
                () = &mut cancelled_now, if !cancelled => {
                    cancelled = true;
                    in_flight = FuturesUnordered::new();
                    let _ = child.send(&HostMessage::Cancel { id }).await;
                    unanswered.as_mut().reset(tokio::time::Instant::now() + self.grace);
                }
                () = &mut timed_out, if !past_timeout => {
                    // The process should answer `done` now; calls still running are unsettled.
                    past_timeout = true;
                    in_flight = FuturesUnordered::new();
                }
                () = &mut unanswered => {
                    if self.spawn.kill_unanswered {
                        child.die("the interpreter process did not answer a run".to_owned());
                        let _ = lock(&child.process).start_kill();
                    } else {
                        let _ = child.send(&HostMessage::Cancel { id }).await;
                    }
                    break Err(if cancelled {
                        RunResult::stopped(StopReason::Cancelled, "cancelled (the interpreter process did not answer)")
                    } else {
                        RunResult::stopped(StopReason::Timeout, format!("timed out after {} ms (the interpreter process did not answer)", timeout.as_millis()))
                    });
                }
            }
        };
        drop(in_flight);
        registration.finished = true;
        drop(registration);

        let (mut result, refused) = match outcome {
            Ok(mut child_result) => {
                let refused = std::mem::take(&mut child_result.refused);
                (from_child(child_result), refused)
            }
            Err(result) => (result, Vec::new()),
        };
        result.calls = with_refused(calls, refused);
        // The process's word on which call's error the code threw stands only where that call
        // failed.
        result.set_thrown_by_call(result.thrown_by_call);
        result
    }
}

/// Records how call `call` of run `id` ended, and the `result` that tells the process.
fn settle(
    record: &mut CallRecord,
    id: u64,
    call: u64,
    outcome: Result<Value, String>,
) -> HostMessage {
    record.settle(outcome.as_ref().map(|_| ()).map_err(String::as_str));
    match outcome {
        Ok(value) => HostMessage::Result {
            id,
            call,
            ok: true,
            value: Some(value),
            error: None,
        },
        Err(error) => failure(id, call, &error),
    }
}

/// The host's calls with the interpreter's refused ones put in their places, as failed calls; the
/// host's alone when the places do not fit (not increasing, or past the end).
fn with_refused(calls: Vec<CallRecord>, refused: Vec<RefusedCall>) -> Vec<CallRecord> {
    let total = calls.len() + refused.len();
    let fits = refused.windows(2).all(|pair| pair[0].index < pair[1].index)
        && refused.last().is_none_or(|last| last.index < total);
    if refused.is_empty() || !fits {
        return calls;
    }
    let mut refused = refused.into_iter().peekable();
    let mut ran = calls.into_iter();
    (0..total)
        .filter_map(|index| match refused.next_if(|call| call.index == index) {
            Some(call) => {
                let failure = call.failure.unwrap_or_else(|| {
                    CallFailure::new(FailureCode::Refused, "the interpreter refused the call")
                });
                Some(CallRecord::failed(call.name, call.args, failure))
            }
            None => ran.next(),
        })
        .collect()
}

/// The most of one line of a labelled process's standard error the host passes on.
pub const STDERR_LINE_BYTES: usize = 4096;

/// The most of a labelled process's standard error the host passes on over its life.
pub const STDERR_BUDGET_BYTES: usize = 64 * 1024;

/// Passes `stderr` on to the host's standard error, labelled and bounded (see
/// [`ProcessInterpreter::with_stderr_label`]); drains the rest once the budget is spent.
async fn forward_stderr(label: String, stderr: tokio::process::ChildStderr) {
    let mut reader = BufReader::new(stderr);
    let mut buffer = Vec::new();
    let mut budget = STDERR_BUDGET_BYTES;
    loop {
        buffer.clear();
        let bound = u64::try_from(STDERR_LINE_BYTES).unwrap_or(u64::MAX);
        match (&mut reader)
            .take(bound)
            .read_until(b'\n', &mut buffer)
            .await
        {
            Ok(0) | Err(_) => return,
            Ok(read) if budget > 0 => {
                budget = budget.saturating_sub(read);
                let text = String::from_utf8_lossy(&buffer);
                let text: String = text
                    .trim_end_matches(['\n', '\r'])
                    .chars()
                    .flat_map(|c| {
                        let escaped: Vec<char> = if c.is_control() {
                            c.escape_default().collect()
                        } else {
                            vec![c]
                        };
                        escaped
                    })
                    .collect();
                eprintln!("{label}: {text}");
                if budget == 0 {
                    eprintln!("{label}: (the rest of its standard error is dropped)");
                }
            }
            Ok(_) => {}
        }
    }
}

/// Reads one line of at most `max` bytes (without its newline): `None` at the end of the output,
/// a protocol error for a longer line or one that is not UTF-8.
async fn read_line(
    reader: &mut BufReader<tokio::process::ChildStdout>,
    buffer: &mut Vec<u8>,
    max: usize,
) -> Result<Option<String>, Error> {
    buffer.clear();
    let bound = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    let read = (&mut *reader).take(bound).read_until(b'\n', buffer).await?;
    if read == 0 {
        return Ok(None);
    }
    if buffer.last() == Some(&b'\n') {
        buffer.pop();
    } else if buffer.len() > max {
        return Err(Error::Protocol {
            line: String::from_utf8_lossy(&buffer[..200.min(buffer.len())]).into_owned(),
            message: format!("a line longer than {max} bytes"),
        });
    }
    if buffer.last() == Some(&b'\r') {
        buffer.pop();
    }
    String::from_utf8(std::mem::take(buffer))
        .map(Some)
        .map_err(|e| Error::Protocol {
            line: String::from_utf8_lossy(&e.as_bytes()[..200.min(e.as_bytes().len())])
                .into_owned(),
            message: "not UTF-8".to_owned(),
        })
}

/// The exit status of a process whose output ended, if it exits within a moment (its output
/// closes as it exits, a little before it can be reaped).
async fn exit_status(child: &Child) -> Option<std::process::ExitStatus> {
    for _ in 0..50 {
        match lock(&child.process).try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) => {}
            Err(_) => return None,
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    None
}

/// How a process ended, in words: its exit code, or the signal that killed it and what that
/// signal usually means.
fn describe_exit(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let meaning = match signal {
                6 => " (SIGABRT: the process aborted)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV: an invalid memory access)",
                24 => " (SIGXCPU: its CPU time limit)",
                31 => " (SIGSYS: a forbidden system call)",
                _ => "",
            };
            return format!("killed by signal {signal}{meaning}");
        }
    }
    match status.code() {
        Some(code) => format!("exit code {code}"),
        None => "exited".to_owned(),
    }
}

/// A call running on the host: its index in the run's list, its number, its outcome.
type InFlight = BoxFuture<'static, (usize, u64, Result<Value, String>)>;

fn failure(id: u64, call: u64, error: &str) -> HostMessage {
    HostMessage::Result {
        id,
        call,
        ok: false,
        value: None,
        error: Some(error.to_owned()),
    }
}

fn from_child(child: ChildResult) -> RunResult {
    let ok = child.ok;
    RunResult {
        ok,
        value: if ok {
            Some(child.value.unwrap_or(Value::Null))
        } else {
            None
        },
        error: if ok {
            None
        } else {
            Some(child.error.unwrap_or_else(|| "the run failed".into()))
        },
        reason: if ok {
            None
        } else {
            Some(child.reason.unwrap_or(if child.timed_out {
                StopReason::Timeout
            } else {
                StopReason::Threw
            }))
        },
        logs: child.logs,
        logs_truncated: child.logs_truncated,
        calls: Vec::new(),
        thrown_by_call: child.thrown_by_call,
        timed_out: child.timed_out,
        duration_ms: 0.0,
    }
}

impl Interpreter for ProcessInterpreter {
    fn name(&self) -> &str {
        &self.name
    }

    fn language(&self) -> &str {
        &self.language
    }

    fn run<'a>(&'a self, code: &'a str, options: RunOptions) -> BoxFuture<'a, RunResult> {
        crate::never_panic(self.run_inner(code, options))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn record(name: &str, ok: Option<bool>) -> CallRecord {
        let mut record = CallRecord::made(name, json!({}));
        if let Some(ok) = ok {
            record.settle(if ok { Ok(()) } else { Err("failed") });
        }
        record
    }

    fn refused(index: usize, name: &str) -> RefusedCall {
        RefusedCall {
            index,
            name: name.into(),
            args: json!({}),
            failure: (name == "x")
                .then(|| CallFailure::new(FailureCode::UnknownTool, "unknown tool: x")),
        }
    }

    #[test]
    fn refused_calls_take_their_places_among_the_calls_the_host_ran() {
        let ran = vec![record("a", Some(true)), record("b", None)];
        let all = with_refused(ran, vec![refused(0, "x"), refused(2, "y"), refused(3, "z")]);
        let names: Vec<(&str, Option<bool>)> =
            all.iter().map(|c| (c.name.as_str(), c.ok)).collect();
        assert_eq!(
            names,
            [
                ("x", Some(false)),
                ("a", Some(true)),
                ("y", Some(false)),
                ("z", Some(false)),
                ("b", None)
            ]
        );
        // A refusal keeps the interpreter's reason, or is recorded as refused without one.
        let codes: Vec<Option<FailureCode>> = all
            .iter()
            .map(|c| c.failure.as_ref().map(|f| f.code))
            .collect();
        assert_eq!(
            codes,
            [
                Some(FailureCode::UnknownTool),
                None,
                Some(FailureCode::Refused),
                Some(FailureCode::Refused),
                None
            ]
        );
    }

    #[test]
    fn places_that_do_not_fit_leave_the_hosts_calls_alone() {
        let ran = vec![record("a", Some(true))];
        for places in [
            vec![refused(2, "x")],
            vec![refused(1, "x"), refused(0, "y")],
        ] {
            assert_eq!(with_refused(ran.clone(), places), ran);
        }
    }
}
