//! The blocking driver: a run on the calling thread, its calls answered by a [`BlockingHost`]
//! rather than by async tool functions.
//!
//! This is how a sandbox worker runs code: one run at a time, on its only thread, its calls sent
//! over a pipe and their outcomes read back from it. Nothing here is async, so the run never
//! needs a runtime, a task switch or a second thread between a call and its answer; the host
//! decides how it waits (a worker spins briefly on its pipe before it sleeps). The engine, its
//! limits and every reason a run stops are the same as [`QuickJs::run`](crate::QuickJs)'s.

use std::time::{Duration, Instant};

use codemode_interpreter::{CallRecord, RunResult, StopReason};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use crate::engine::Done;
use crate::{Prepared, QuickJs, refuse, settle};

/// What a [`BlockingHost`] did with a call.
#[derive(Debug)]
pub enum Dispatch {
    /// Sent on: its outcome comes later from [`BlockingHost::wait`].
    Sent,
    /// Answered at once with this outcome.
    Answered(Result<Value, String>),
}

/// What a [`BlockingHost`] has to say while the code waits on it.
#[derive(Debug)]
pub enum Event {
    /// Call number `call` (its [`BlockingHost::call`] index) ended with this outcome.
    Settled {
        /// The call's index.
        call: usize,
        /// Its value, or its error message.
        outcome: Result<Value, String>,
    },
    /// The run is cancelled.
    Cancelled,
    /// The deadline passed with nothing to say.
    Deadline,
}

/// The host of a blocking run: it carries the code's calls out and tells the run when they end.
pub trait BlockingHost {
    /// Carries out call number `index` (its place among the run's calls, from 0) of tool `name`,
    /// a tool the run was given, with arguments that crossed and were within bounds.
    fn call(&mut self, index: usize, name: &str, args: &Value) -> Dispatch;

    /// Waits for the next thing to say, until `deadline` at most.
    fn wait(&mut self, deadline: Instant) -> Event;
}

/// Asked between the code's instructions (at most every few thousand) whether the run is
/// cancelled: how a blocking host that cannot cancel a token from elsewhere (a worker with one
/// thread) still stops busy code. Keep it cheap, or make it look only now and then.
pub type Probe = Box<dyn FnMut() -> bool + Send>;

/// A blocking run: what [`QuickJs::run_blocking`] runs.
pub struct BlockingRun<'a> {
    /// The code: the body of an async function.
    pub code: &'a str,
    /// The names of the tools the host carries out.
    pub tools: &'a [String],
    /// The run's timeout.
    pub timeout: Duration,
    /// An engine built ahead (used when it was built with the interpreter's limits).
    pub prepared: Option<Prepared>,
    /// Stops the run when cancelled.
    pub cancel: CancellationToken,
    /// Asked, with `cancel`, whether the run is cancelled, also while the code is busy.
    pub probe: Option<Probe>,
}

impl<'a> BlockingRun<'a> {
    /// A run of `code` with the tools `tools` and this timeout, on a fresh engine, with no way to
    /// cancel it.
    pub fn new(code: &'a str, tools: &'a [String], timeout: Duration) -> Self {
        Self {
            code,
            tools,
            timeout,
            prepared: None,
            cancel: CancellationToken::new(),
            probe: None,
        }
    }
}

impl QuickJs {
    /// Runs `run` on this thread, its calls carried out by `host`; it returns when the code has
    /// answered or been stopped (timeout, cancellation, a limit), with the result
    /// [`QuickJs::run`](crate::QuickJs) would give.
    pub fn run_blocking(&self, run: BlockingRun<'_>, host: &mut dyn BlockingHost) -> RunResult {
        let start = Instant::now();
        let mut result = self.drive_blocking(run, host, start);
        result.duration_ms = start.elapsed().as_secs_f64() * 1000.0;
        result
    }

    fn drive_blocking(
        &self,
        run: BlockingRun<'_>,
        host: &mut dyn BlockingHost,
        start: Instant,
    ) -> RunResult {
        let BlockingRun {
            code,
            tools: names,
            timeout,
            prepared,
            cancel,
            probe,
        } = run;
        let deadline = start
            .checked_add(timeout)
            .unwrap_or(start + Duration::from_secs(86_400 * 365));
        let begun = self.begin(prepared, code, names, cancel, probe, deadline, timeout);
        let (mut engine, flags) = match begun {
            Ok(started) => started,
            Err(result) => return *result,
        };
        let mut calls: Vec<CallRecord> = Vec::new();
        // Each call's promise id, by index, and how many the host has yet to answer.
        let mut ids: Vec<u32> = Vec::new();
        let mut in_flight = 0usize;
        let mut settled: Vec<(u32, Result<String, String>)> = Vec::new();

        let outcome = loop {
            engine.pump(&mut settled, &flags);
            let new_calls = std::mem::take(&mut engine.state.borrow_mut().new_calls);
            for call in new_calls {
                let index = calls.len();
                let known = names.contains(&call.name);
                let (args, admitted) = self.admit(&call, known, in_flight);
                calls.push(CallRecord::made(call.name.clone(), args));
                ids.push(call.id);
                match admitted {
                    Ok(()) => match host.call(index, &call.name, &calls[index].args) {
                        Dispatch::Sent => in_flight += 1,
                        Dispatch::Answered(outcome) => {
                            settle(&mut calls, &mut settled, (index, call.id, outcome));
                        }
                    },
                    Err(failure) => refuse(&mut calls[index], &mut settled, call.id, failure),
                }
            }
            if flags.poll().is_some() {
                break None;
            }
            if let Some(done) = engine.state.borrow_mut().done.take() {
                break Some(done);
            }
            if !settled.is_empty() {
                continue;
            }
            match host.wait(deadline) {
                Event::Settled { call, outcome } => {
                    // An answer to a call the run never sent, or one already answered, is not
                    // the host's to give: it is dropped.
                    let unanswered = calls.get(call).is_some_and(|record| record.ok.is_none());
                    if let (true, Some(&id)) = (unanswered, ids.get(call)) {
                        in_flight = in_flight.saturating_sub(1);
                        settle(&mut calls, &mut settled, (call, id, outcome));
                    }
                }
                Event::Cancelled => {
                    flags.stop(StopReason::Cancelled);
                    break None;
                }
                Event::Deadline => {
                    if Instant::now() >= deadline {
                        flags.stop(StopReason::Timeout);
                        break None;
                    }
                }
            }
        };
        let thrown = match &outcome {
            Some(Done::Threw(_, by_call)) => *by_call,
            _ => None,
        };
        let outcome = self.conclude(&flags, outcome);
        let mut result = self.finish(&engine, calls, &flags, timeout, outcome);
        // The promise id of a call is its index.
        result.set_thrown_by_call(thrown.and_then(|id| usize::try_from(id).ok()));
        result
    }
}
