//! The worker's side of the process protocol: QuickJS behind `codemode_interpreter::protocol`
//! on the worker's stdin and stdout, on the worker's one thread.
//!
//! The worker serves its runs one after another with [`QuickJs::run_blocking`]: each gets a fresh
//! runtime and context, built ahead of it while the worker waits (so a run pays for its code, not
//! for the engine's start), and each of its calls is written to stdout as a `call` and answered by
//! the host's `result` on stdin. No async runtime and no second thread stand between the pipe and
//! the engine. While a run waits on a call, the worker first polls its pipe for a short while
//! before it sleeps ([`Spin`]): on a machine whose idle processors are slow to wake, a sleep costs
//! more than the host takes to answer a quick tool.
//!
//! A `run` that arrives while another runs waits its turn (a pool never sends one). A `cancel`
//! ends a run that waits on the host at once, and busy code within a few milliseconds: between
//! the code's instructions the engine asks [`cancel_probe`], which reads what stdin has without
//! waiting. When no run has come for [`IDLE_AFTER`], the worker calls its idle hook (the binary
//! has mimalloc give freed memory back).

use std::collections::{HashSet, VecDeque};
use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use codemode_interpreter::protocol::{ChildMessage, ChildResult, HostMessage, RefusedCall};
use codemode_interpreter::{Limits, RunResult};
use codemode_quickjs::{BlockingHost, BlockingRun, Dispatch, Event, Prepared, Probe, QuickJs};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use crate::{Error, WorkerSpec};

/// A run the host asked for.
struct Start {
    id: u64,
    code: String,
    tools: Vec<String>,
    limits: Limits,
}

impl Start {
    /// The run a `run` message asks for; `None` for any other message.
    fn of(message: HostMessage) -> Option<Self> {
        let HostMessage::Run {
            id,
            code,
            tools,
            timeout_ms,
            limits,
        } = message
        else {
            return None;
        };
        Some(Self {
            id,
            code,
            tools,
            limits: Limits {
                timeout: Duration::from_millis(timeout_ms),
                memory_mb: limits.memory_mb,
                max_log_chars: limits.max_log_chars,
                max_calls: limits.max_calls,
            },
        })
    }
}

/// How long a worker waits for its next run before it calls the idle hook of [`serve`].
pub const IDLE_AFTER: Duration = Duration::from_secs(1);

/// Serves runs on stdin and stdout until stdin closes. Call it after [`crate::lock_down`].
/// `on_idle` is called when no run has come for [`IDLE_AFTER`], once per idle spell: the place
/// to hand freed memory back to the system (a run frees its heap, and the worker keeps it for
/// the next run while runs keep coming).
pub fn serve(spec: &WorkerSpec, on_idle: &dyn Fn()) -> Result<(), Error> {
    let pipe = Arc::new(Mutex::new(Pipe::default()));
    let mut queued: VecDeque<Start> = VecDeque::new();
    let mut cancelled: HashSet<u64> = HashSet::new();
    let mut prepared: Option<Prepared> = None;
    loop {
        // The next run's engine, built while nothing waits on this worker.
        if prepared.is_none() {
            prepared = ahead(spec).prepare().ok();
        }
        let start = match queued.pop_front() {
            Some(start) => start,
            None => match next_run(&mut lock(&pipe), on_idle)? {
                Some(message) => match Start::of(message) {
                    Some(start) => start,
                    // Late answers to calls of runs that are over, and cancellations of them.
                    None => continue,
                },
                // The host closed stdin.
                None => return Ok(()),
            },
        };
        let cancel = CancellationToken::new();
        if cancelled.remove(&start.id) {
            cancel.cancel();
        }
        let mut host = PipeHost {
            pipe: pipe.clone(),
            id: start.id,
            sent: Vec::new(),
            inside: Vec::new(),
            queued: &mut queued,
            cancelled: &mut cancelled,
            ended: None,
        };
        let mut names = start.tools;
        names.extend(crate::hooks::NAMES.iter().map(|name| (*name).to_owned()));
        let engine = QuickJs::new(spec.engine_config(start.limits));
        let run = BlockingRun {
            prepared: prepared.take(),
            cancel,
            probe: Some(cancel_probe(&pipe, start.id)),
            ..BlockingRun::new(&start.code, &names, start.limits.timeout)
        };
        let result = engine.run_blocking(run, &mut host);
        let child = to_child(result, &host.sent, &host.inside);
        let ended = host.ended.take();
        write(&ChildMessage::Done {
            id: start.id,
            result: child,
        })?;
        match ended {
            None => {}
            Some(Ended::Closed) => return Ok(()),
            Some(Ended::Broken(error)) => return Err(error),
        }
    }
}

/// The next message between runs: waits [`IDLE_AFTER`], then calls `on_idle` and waits for good.
/// `None` when stdin has closed.
fn next_run(pipe: &mut Pipe, on_idle: &dyn Fn()) -> Result<Option<HostMessage>, Error> {
    let until = Instant::now() + IDLE_AFTER;
    if let Some(message) = pipe.next_message(Some(until), Duration::ZERO)? {
        return Ok(Some(message));
    }
    if Instant::now() < until {
        return Ok(None);
    }
    on_idle();
    pipe.next_message(None, Duration::ZERO)
}

fn lock(pipe: &Mutex<Pipe>) -> MutexGuard<'_, Pipe> {
    pipe.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// How often busy code looks at the pipe for its run's `cancel`.
const CANCEL_EVERY: Duration = Duration::from_millis(2);

/// Whether the host has cancelled run `id` (or gone), looked at while the code is busy, at most
/// every [`CANCEL_EVERY`]: what the host sends is read into the pipe's buffer, where the run's
/// waits find it later; only a `cancel` of this run answers true.
fn cancel_probe(pipe: &Arc<Mutex<Pipe>>, id: u64) -> Probe {
    let pipe = pipe.clone();
    let mut looked = Instant::now();
    Box::new(move || {
        if looked.elapsed() < CANCEL_EVERY {
            return false;
        }
        looked = Instant::now();
        // The pipe is free while the code runs; a wait holds it only between the code's turns.
        pipe.try_lock().is_ok_and(|mut pipe| pipe.cancels(id))
    })
}

/// An engine for the runs this worker is told to expect (the spec's heap): a run with other
/// limits gets an engine of its own.
fn ahead(spec: &WorkerSpec) -> QuickJs {
    QuickJs::new(spec.engine_config(Limits {
        memory_mb: spec.memory_mb,
        ..Limits::default()
    }))
}

/// Why the pipe ended during a run.
enum Ended {
    /// The host closed stdin.
    Closed,
    /// It could not be read, or a line was not a host message.
    Broken(Error),
}

/// The host of one run, over the pipes.
struct PipeHost<'a> {
    pipe: Arc<Mutex<Pipe>>,
    id: u64,
    /// The calls sent to the host, by index.
    sent: Vec<usize>,
    /// The calls answered inside the worker (the test hooks), by index.
    inside: Vec<usize>,
    queued: &'a mut VecDeque<Start>,
    cancelled: &'a mut HashSet<u64>,
    ended: Option<Ended>,
}

impl BlockingHost for PipeHost<'_> {
    fn call(&mut self, index: usize, name: &str, args: &Value) -> Dispatch {
        if let Some(outcome) = crate::hooks::run(name, args) {
            self.inside.push(index);
            return Dispatch::Answered(outcome);
        }
        let call = ChildMessage::Call {
            id: self.id,
            call: index as u64,
            name: name.to_owned(),
            args: args.clone(),
        };
        match write(&call) {
            Ok(()) => {
                self.sent.push(index);
                Dispatch::Sent
            }
            Err(e) => Dispatch::Answered(Err(format!("the host cannot be reached: {e}"))),
        }
    }

    fn wait(&mut self, deadline: Instant) -> Event {
        loop {
            let next = lock(&self.pipe).next_message(Some(deadline), SPIN);
            let message = match next {
                Ok(Some(message)) => message,
                Ok(None) if Instant::now() >= deadline => return Event::Deadline,
                Ok(None) => {
                    self.ended = Some(Ended::Closed);
                    return Event::Cancelled;
                }
                Err(error) => {
                    self.ended = Some(Ended::Broken(error));
                    return Event::Cancelled;
                }
            };
            match message {
                HostMessage::Result {
                    id,
                    call,
                    ok,
                    value,
                    error,
                } if id == self.id => {
                    let outcome = if ok {
                        Ok(value.unwrap_or(Value::Null))
                    } else {
                        Err(error.unwrap_or_else(|| "the tool failed".to_owned()))
                    };
                    let call = usize::try_from(call).unwrap_or(usize::MAX);
                    return Event::Settled { call, outcome };
                }
                HostMessage::Cancel { id } if id == self.id => return Event::Cancelled,
                // A queued run stays queued, to be answered `cancelled` in its turn.
                HostMessage::Cancel { id } => {
                    if self.queued.iter().any(|run| run.id == id) {
                        self.cancelled.insert(id);
                    }
                }
                run @ HostMessage::Run { .. } => self.queued.extend(Start::of(run)),
                HostMessage::Result { .. } => {}
            }
        }
    }
}

/// The longest a run waiting on the host polls its pipe before it sleeps. The host answers a
/// tool that returns at once in a few tens of microseconds; waking a processor that went idle
/// can cost as much again.
const SPIN: Duration = Duration::from_micros(300);

/// Writes one message to stdout, at once. A host that stops reading fills the pipe and the write
/// blocks: the host then kills the worker for leaving its run unanswered.
fn write(message: &ChildMessage) -> Result<(), Error> {
    let mut line = serde_json::to_vec(message).map_err(|e| Error::Io(std::io::Error::other(e)))?;
    line.push(b'\n');
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(&line)?;
    stdout.flush()?;
    Ok(())
}

/// The worker's stdin, read line by line, each wait first polling for up to a spin budget and
/// then sleeping until its deadline.
#[derive(Default)]
struct Pipe {
    buffer: Vec<u8>,
    /// Where the unread part of `buffer` begins.
    read: usize,
    spin: Spin,
}

impl Pipe {
    /// The next message, or `None` when `deadline` passed first or stdin closed (the two are
    /// told apart by the clock). A line that is not a host message is an error: the host broke
    /// the protocol.
    fn next_message(
        &mut self,
        deadline: Option<Instant>,
        spin: Duration,
    ) -> Result<Option<HostMessage>, Error> {
        loop {
            let Some(line) = self.next_line(deadline, spin)? else {
                return Ok(None);
            };
            let line = String::from_utf8_lossy(&line);
            if line.trim().is_empty() {
                continue;
            }
            return serde_json::from_str(&line).map(Some).map_err(|e| {
                Error::Io(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("not a host message: {e}"),
                ))
            });
        }
    }

    fn next_line(
        &mut self,
        deadline: Option<Instant>,
        spin: Duration,
    ) -> Result<Option<Vec<u8>>, Error> {
        loop {
            if let Some(end) = self.buffer[self.read..].iter().position(|&b| b == b'\n') {
                let line = self.buffer[self.read..self.read + end].to_vec();
                self.read += end + 1;
                if self.read == self.buffer.len() {
                    self.buffer.clear();
                    self.read = 0;
                }
                return Ok(Some(line));
            }
            if !self.readable(deadline, spin)? {
                return Ok(None);
            }
            if self.read > 0 {
                self.buffer.drain(..self.read);
                self.read = 0;
            }
            if !read_more(&mut self.buffer)? {
                return Ok(None);
            }
        }
    }

    /// Reads what stdin has without waiting, and tells whether a `cancel` of run `id` is among
    /// the whole lines not yet taken, or stdin has closed (the host is gone).
    fn cancels(&mut self, id: u64) -> bool {
        if let Ok(true) = poll_stdin(Some(Duration::ZERO)) {
            if self.read > 0 {
                self.buffer.drain(..self.read);
                self.read = 0;
            }
            if !matches!(read_more(&mut self.buffer), Ok(true)) {
                return true;
            }
        }
        let unread = &self.buffer[self.read..];
        let Some(end) = unread.iter().rposition(|&b| b == b'\n') else {
            return false;
        };
        // A `cancel` is a short line; longer ones are not parsed here.
        unread[..end].split(|&b| b == b'\n').any(|line| {
            line.len() < 64
                && matches!(
                    serde_json::from_slice::<HostMessage>(line),
                    Ok(HostMessage::Cancel { id: cancelled }) if cancelled == id
                )
        })
    }

    /// Waits until stdin has something (or has closed): polls without sleeping for up to the
    /// spin budget, then sleeps until `deadline` (for good without one). False when the deadline
    /// passed first.
    fn readable(&mut self, deadline: Option<Instant>, spin: Duration) -> Result<bool, Error> {
        let begun = Instant::now();
        let budget = self.spin.budget(spin);
        if !budget.is_zero() {
            loop {
                if poll_stdin(Some(Duration::ZERO))? {
                    self.spin.record(true);
                    return Ok(true);
                }
                if begun.elapsed() >= budget {
                    break;
                }
                std::thread::yield_now();
            }
            self.spin.record(false);
        }
        loop {
            let timeout = match deadline {
                Some(deadline) => {
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return Ok(false);
                    }
                    Some(left)
                }
                None => None,
            };
            if poll_stdin(timeout)? {
                return Ok(true);
            }
        }
    }
}

/// Whether to spin, learnt from the last waits: after a few waits in a row that the spin did not
/// shorten (tools that take longer), a wait sleeps at once, and every so often spins again to see
/// whether the answers have become quick.
#[derive(Default)]
struct Spin {
    misses: u32,
    skipped: u32,
}

/// Waits in a row that the spin must miss before waits stop spinning.
const MISSES: u32 = 4;

/// How often a wait spins again once waits have stopped spinning.
const PROBE_EVERY: u32 = 32;

impl Spin {
    fn budget(&mut self, spin: Duration) -> Duration {
        if self.misses < MISSES {
            return spin;
        }
        self.skipped += 1;
        if self.skipped.is_multiple_of(PROBE_EVERY) {
            spin
        } else {
            Duration::ZERO
        }
    }

    fn record(&mut self, hit: bool) {
        self.misses = if hit {
            0
        } else {
            (self.misses + 1).min(MISSES)
        };
    }
}

/// Whether stdin is readable (or closed) within `timeout` (for good without one).
#[cfg(unix)]
fn poll_stdin(timeout: Option<Duration>) -> Result<bool, Error> {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdin = std::io::stdin();
    let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
    let timeout = timeout.map(|t| Timespec {
        tv_sec: i64::try_from(t.as_secs()).unwrap_or(i64::MAX),
        tv_nsec: i64::from(t.subsec_nanos()),
    });
    match poll(&mut fds, timeout.as_ref()) {
        Ok(ready) => Ok(ready > 0),
        Err(rustix::io::Errno::INTR) => Ok(false),
        Err(e) => Err(Error::Io(e.into())),
    }
}

/// Reads what stdin has into `buffer`; false when it has closed.
#[cfg(unix)]
fn read_more(buffer: &mut Vec<u8>) -> Result<bool, Error> {
    let at = buffer.len();
    buffer.resize(at + 64 * 1024, 0);
    let read = loop {
        match rustix::io::read(std::io::stdin(), &mut buffer[at..]) {
            Ok(read) => break read,
            Err(rustix::io::Errno::INTR) => continue,
            Err(e) => {
                buffer.truncate(at);
                return Err(Error::Io(e.into()));
            }
        }
    };
    buffer.truncate(at + read);
    Ok(read > 0)
}

#[cfg(not(unix))]
fn poll_stdin(_timeout: Option<Duration>) -> Result<bool, Error> {
    Err(Error::Unsupported(
        "a sandbox worker needs a Unix pipe".to_owned(),
    ))
}

#[cfg(not(unix))]
fn read_more(_buffer: &mut Vec<u8>) -> Result<bool, Error> {
    Err(Error::Unsupported(
        "a sandbox worker needs a Unix pipe".to_owned(),
    ))
}

/// The worker's side of a result: everything but the calls and the duration, which the host
/// keeps itself, and the calls the engine refused without sending them, each with its place
/// among the calls the host lists (the ones sent and the ones refused; a call answered inside
/// the worker, a test hook's, is not the host's to list).
fn to_child(result: RunResult, sent: &[usize], inside: &[usize]) -> ChildResult {
    let mut refused = Vec::new();
    let mut place = 0;
    let mut thrown_by_call = None;
    for (index, record) in result.calls.iter().enumerate() {
        if result.thrown_by_call == Some(index) && inside.binary_search(&index).is_err() {
            thrown_by_call = Some(place);
        }
        // Both lists are in increasing order.
        if sent.binary_search(&index).is_ok() {
            place += 1;
        } else if inside.binary_search(&index).is_err() && record.ok == Some(false) {
            refused.push(RefusedCall {
                index: place,
                name: record.name.clone(),
                args: record.args.clone(),
                failure: record.failure.clone(),
            });
            place += 1;
        }
    }
    ChildResult {
        refused,
        thrown_by_call,
        ok: result.ok,
        value: result.value,
        error: result.error,
        reason: result.reason,
        logs: result.logs,
        logs_truncated: result.logs_truncated,
        timed_out: result.timed_out,
    }
}
