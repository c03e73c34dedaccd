//! A QuickJS sandbox with hard limits: codemode's built-in [`Interpreter`].
//!
//! Every run gets a fresh QuickJS runtime and context (quickjs-ng, through rquickjs), so nothing a
//! run leaves behind is seen by the next. The code is the body of an async function; it reaches the
//! host only through `tools` (each call crosses as JSON to the host function of that name in
//! [`RunOptions::tools`]) and logs through `console`. There is no module loader, no QuickJS
//! `std`/`os`, and no timer. This is the only crate that knows rquickjs.
//!
//! Limits, all in [`Config`]: the timeout (10 s), the heap (64 MB, counted by the runtime's own
//! allocator), the log characters (64,000), the calls (100), the stack, the calls in flight at
//! once, and the sizes of the returned value and of each call's arguments. Busy code is stopped by
//! QuickJS's interrupt handler, which code cannot catch (not even in `finally`); an `await` that
//! never settles is stopped by a host-side deadline; a cancelled [`RunOptions::cancel`] token stops
//! either. A call still in flight when a run stops is dropped and listed as unsettled.
//!
//! [`Interpreter::run`] runs the engine on a thread of tokio's blocking pool, where it is built,
//! run and dropped (it never moves between threads): busy JavaScript holds that thread, never a
//! worker of the runtime. A tool that answers at once is answered on that thread; others run as
//! tasks on the runtime, concurrently with each other. Dropping the run's future stops the run.
//!
//! A host that carries calls out itself, on one thread, uses [`QuickJs::run_blocking`] with a
//! [`BlockingHost`] instead (the sandbox worker does, over its pipes), optionally on an engine
//! built ahead with [`QuickJs::prepare`] while nothing waits.
//!
//! ```
//! use codemode_interpreter::{Interpreter, RunOptions, Tool};
//! use codemode_quickjs::QuickJs;
//! use serde_json::json;
//!
//! # tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap().block_on(async {
//! let interpreter = QuickJs::default();
//! let options = RunOptions::default().with_tool("double", Tool::new(|args| async move {
//!     Ok(json!(args["n"].as_i64().unwrap_or(0) * 2))
//! }));
//! let result = interpreter.run("console.log('hi'); return await tools.double({n: 21})", options).await;
//! assert_eq!(result.value, Some(json!(42)));
//! assert_eq!(result.logs, ["hi"]);
//! assert_eq!(result.calls.len(), 1);
//! # });
//! ```
#![deny(missing_docs)]

mod blocking;
mod engine;
mod error;
mod heap;
mod tasks;

use std::sync::Arc;
use std::time::{Duration, Instant};

use codemode_interpreter::json::repair_surrogates;
use codemode_interpreter::{
    CallFailure, CallRecord, FailureCode, Interpreter, Limits, RunOptions, RunResult, StopReason,
};
use futures::future::BoxFuture;
use serde_json::Value;

pub use blocking::{BlockingHost, BlockingRun, Dispatch, Event, Probe};
pub use error::Error;

use engine::{Done, Engine, EngineLimits, Flags, Launch, NewCall};

/// A runtime and context built ahead of a run, the prelude loaded and no code run: what a fresh
/// run costs before its code, paid while nothing waits (see [`QuickJs::prepare`]). It serves one
/// run.
pub struct Prepared(Engine);

impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prepared").finish_non_exhaustive()
    }
}

thread_local! {
    /// An engine built ahead on this thread of tokio's blocking pool for the next run the pool
    /// gives it (used when it was built with that run's limits); an engine never leaves the
    /// thread that built it.
    static NEXT_ENGINE: std::cell::RefCell<Option<Prepared>> = const { std::cell::RefCell::new(None) };
}

/// The limits of the QuickJS interpreter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// The contract's limits: timeout, heap, log characters and calls.
    pub limits: Limits,
    /// The most native stack the code may use, in bytes. Keep it well under the stack of the
    /// thread that runs the engine: tokio's blocking pool for `run` (2 MiB unless the runtime
    /// sets otherwise), the caller's for `run_blocking`.
    pub stack_bytes: usize,
    /// The most calls in flight at once; a call past it fails (the code can catch that).
    pub max_in_flight: usize,
    /// The largest returned value, as JSON bytes.
    pub max_value_bytes: usize,
    /// The largest arguments of one call, as JSON bytes; a call past it fails.
    pub max_args_bytes: usize,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            limits: Limits::default(),
            stack_bytes: 512 * 1024,
            max_in_flight: 32,
            max_value_bytes: 4 * 1024 * 1024,
            max_args_bytes: 1024 * 1024,
        }
    }
}

/// The QuickJS interpreter.
#[derive(Debug, Clone, Default)]
pub struct QuickJs {
    config: Config,
}

impl QuickJs {
    /// An interpreter with these limits.
    pub fn new(config: Config) -> Self {
        Self { config }
    }

    /// Its limits.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Builds a runtime and context for a later run with this interpreter's limits, ahead of
    /// it: [`QuickJs::run_blocking`] then starts the code at once.
    pub fn prepare(&self) -> Result<Prepared, Error> {
        let limits = self.engine_limits();
        let heap = Arc::new(heap::HeapFlag::default());
        Engine::prepare(limits.heap_bytes, limits.stack_bytes, heap).map(Prepared)
    }

    async fn run_inner(&self, code: &str, options: RunOptions) -> RunResult {
        let Ok(handle) = tokio::runtime::Handle::try_current() else {
            return RunResult::stopped(
                StopReason::Internal,
                "a run needs a tokio runtime (or run_blocking with a host of its own)".to_owned(),
            );
        };
        let timeout = options.timeout.unwrap_or(self.config.limits.timeout);
        // Dropping the run's future cancels the run, which then stops at once.
        let cancel = options.cancel.clone().unwrap_or_default().child_token();
        let _stop_when_dropped = cancel.clone().drop_guard();
        let interpreter = self.clone();
        let code = code.to_owned();
        let (answer, answered) = tokio::sync::oneshot::channel();
        tokio::task::spawn_blocking(move || {
            let names: Vec<String> = options.tools.keys().cloned().collect();
            let mut host = tasks::TaskHost::new(handle, options.tools, &cancel);
            let run = BlockingRun {
                cancel,
                prepared: NEXT_ENGINE.with(|next| next.borrow_mut().take()),
                ..BlockingRun::new(&code, &names, timeout)
            };
            let result = interpreter.run_blocking(run, &mut host);
            // When no one waits for the run any more, the host comes back and is dropped here,
            // which aborts its calls still running.
            let _ = answer.send((result, host));
            // The next run on this thread starts on an engine built now, after this run has
            // answered and while nothing waits on the thread.
            if let Ok(engine) = interpreter.prepare() {
                NEXT_ENGINE.with(|next| *next.borrow_mut() = Some(engine));
            }
        });
        match answered.await {
            Ok((result, host)) => {
                host.end().await;
                result
            }
            Err(_) => RunResult::stopped(
                StopReason::Internal,
                "the run's thread ended without an answer".to_owned(),
            ),
        }
    }

    /// The limits the engine applies itself.
    fn engine_limits(&self) -> EngineLimits {
        let config = &self.config;
        EngineLimits {
            heap_bytes: config.limits.memory_mb.saturating_mul(1024 * 1024),
            stack_bytes: config.stack_bytes,
            max_calls: config.limits.max_calls,
            max_log_chars: config.limits.max_log_chars,
        }
    }

    /// Starts `code` on `prepared` (when it was built for these limits) or on a fresh engine,
    /// with the tool `names`. Returns the running engine and its flags, or the run's result when
    /// it is over before it began (a syntax error, an engine that could not start).
    #[allow(clippy::too_many_arguments)]
    fn begin(
        &self,
        prepared: Option<Prepared>,
        code: &str,
        names: &[String],
        cancel: tokio_util::sync::CancellationToken,
        probe: Option<Probe>,
        deadline: Instant,
        timeout: Duration,
    ) -> Result<(Engine, Arc<Flags>), Box<RunResult>> {
        let limits = self.engine_limits();
        let prepared = prepared
            .map(|prepared| prepared.0)
            .filter(|engine| engine.built_for(limits.heap_bytes, limits.stack_bytes));
        let (mut engine, flags) = match prepared {
            Some(engine) => {
                let flags = Arc::new(Flags::new(cancel, probe, deadline, engine.heap_flag()));
                (engine, flags)
            }
            None => {
                let heap = Arc::new(heap::HeapFlag::default());
                let flags = Arc::new(Flags::new(cancel, probe, deadline, heap.clone()));
                match Engine::prepare(limits.heap_bytes, limits.stack_bytes, heap) {
                    Ok(engine) => (engine, flags),
                    Err(e) => {
                        let reason = StopReason::Internal;
                        return Err(Box::new(self.stopped(
                            &flags,
                            timeout,
                            reason,
                            e.to_string(),
                        )));
                    }
                }
            }
        };
        let failure = match engine.launch(&limits, &flags, names, code) {
            Launch::Started => return Ok((engine, flags)),
            Launch::Syntax(message) => (StopReason::Syntax, message),
            // Stopped by a limit while starting: the run loop records the calls the code made
            // before it was stopped, then ends the run.
            Launch::Failed(_) if flags.final_reason().is_some() => return Ok((engine, flags)),
            Launch::Failed(e) => (StopReason::Internal, e.to_string()),
        };
        let result = self.finish(&engine, Vec::new(), &flags, timeout, Err(failure));
        Err(Box::new(result))
    }

    /// Checks a call the code made: its arguments (encodable, within the size cap, parseable),
    /// its tool (`known`: one of the host's), and the calls in flight. Returns the arguments
    /// (`null` when they did not cross) and whether the call goes to the host, or why it fails.
    fn admit(
        &self,
        call: &NewCall,
        known: bool,
        in_flight: usize,
    ) -> (Value, Result<(), CallFailure>) {
        let config = &self.config;
        let fail = CallFailure::new;
        if !call.problem.is_empty() {
            let failure = fail(FailureCode::InvalidArguments, call.problem.clone());
            return (Value::Null, Err(failure));
        }
        if call.json.len() > config.max_args_bytes {
            let message = format!(
                "the arguments are larger than {} bytes",
                config.max_args_bytes
            );
            return (
                Value::Null,
                Err(fail(FailureCode::ArgumentsTooLarge, message)),
            );
        }
        let args = match serde_json::from_str::<Value>(&repair_surrogates(&call.json)) {
            Ok(args) => args,
            Err(e) => {
                let message = format!("the arguments cannot cross as JSON: {e}");
                return (
                    Value::Null,
                    Err(fail(FailureCode::InvalidArguments, message)),
                );
            }
        };
        if !known {
            let message = format!("unknown tool: {}", call.name);
            return (args, Err(fail(FailureCode::UnknownTool, message)));
        }
        if in_flight >= config.max_in_flight {
            let message = format!(
                "too many calls in flight (the limit is {})",
                config.max_in_flight
            );
            return (args, Err(fail(FailureCode::TooManyInFlight, message)));
        }
        (args, Ok(()))
    }

    /// How a run ended, from its flags and what the code answered (`None` when it was stopped
    /// before it did).
    fn conclude(
        &self,
        flags: &Flags,
        outcome: Option<Done>,
    ) -> Result<Value, (StopReason, String)> {
        match (flags.reason(), outcome) {
            (Some(reason), _) => Err((reason, String::new())),
            (None, Some(Done::Value(text))) => self.decode(text),
            (None, Some(Done::Threw(message, _))) => Err((StopReason::Threw, message)),
            (None, Some(Done::Invalid(message))) => Err((
                StopReason::ValueInvalid,
                format!("the returned value cannot cross as JSON: {message}"),
            )),
            (None, None) => Err((
                StopReason::Internal,
                "the run ended without an outcome".to_owned(),
            )),
        }
    }

    fn decode(&self, text: String) -> Result<Value, (StopReason, String)> {
        if text.len() > self.config.max_value_bytes {
            return Err((
                StopReason::ValueTooLarge,
                format!(
                    "the returned value is {} bytes of JSON, more than the limit of {} bytes",
                    text.len(),
                    self.config.max_value_bytes
                ),
            ));
        }
        serde_json::from_str(&repair_surrogates(&text)).map_err(|e| {
            (
                StopReason::ValueInvalid,
                format!("the returned value cannot cross as JSON: {e}"),
            )
        })
    }

    fn finish(
        &self,
        engine: &Engine,
        calls: Vec<CallRecord>,
        flags: &Flags,
        timeout: Duration,
        outcome: Result<Value, (StopReason, String)>,
    ) -> RunResult {
        // A limit reached on the way out (a toJSON that loops, a heap refusal) still wins.
        let outcome = match (flags.final_reason(), outcome) {
            (Some(reason), Ok(_)) => Err((reason, String::new())),
            (Some(reason), Err((other, _))) if other != reason => Err((reason, String::new())),
            (_, outcome) => outcome,
        };
        let mut result = match outcome {
            Ok(value) => RunResult::returned(value),
            Err((reason, message)) => {
                let message = if message.is_empty() {
                    self.explain(reason, timeout)
                } else {
                    message
                };
                RunResult::stopped(reason, message)
            }
        };
        let mut state = engine.state.borrow_mut();
        result.logs_truncated = state.logs.is_truncated();
        result.logs = state.logs.take();
        result.calls = calls;
        result
    }

    fn stopped(
        &self,
        flags: &Flags,
        timeout: Duration,
        reason: StopReason,
        message: String,
    ) -> RunResult {
        let reason = flags.final_reason().unwrap_or(reason);
        let message = if flags.reason().is_some() {
            self.explain(reason, timeout)
        } else {
            message
        };
        RunResult::stopped(reason, message)
    }

    fn explain(&self, reason: StopReason, timeout: Duration) -> String {
        let limits = &self.config.limits;
        match reason {
            StopReason::Timeout => format!("timed out after {} ms", timeout.as_millis()),
            StopReason::Cancelled => "cancelled".to_owned(),
            StopReason::HeapLimit => format!("heap limit reached ({} MB)", limits.memory_mb),
            StopReason::CallLimit => format!("call limit reached ({} calls)", limits.max_calls),
            other => other.as_str().to_owned(),
        }
    }
}

/// Records that call `index` (promise `id`) ended with `outcome` in its tool, and queues the
/// outcome for the code.
fn settle(
    calls: &mut [CallRecord],
    settled: &mut Vec<(u32, Result<String, String>)>,
    (index, id, outcome): (usize, u32, Result<Value, String>),
) {
    if let Some(call) = calls.get_mut(index) {
        call.settle(outcome.as_ref().map(|_| ()).map_err(String::as_str));
    }
    let outcome = outcome.map(|value| value.to_string());
    settled.push((id, outcome));
}

/// Records that the interpreter refused `call` (promise `id`) for `failure`, and queues the
/// rejection for the code.
fn refuse(
    call: &mut CallRecord,
    settled: &mut Vec<(u32, Result<String, String>)>,
    id: u32,
    failure: CallFailure,
) {
    settled.push((id, Err(failure.message.clone())));
    call.ok = Some(false);
    call.failure = Some(failure);
}

impl Interpreter for QuickJs {
    fn name(&self) -> &str {
        "quickjs"
    }

    fn language(&self) -> &str {
        "JavaScript"
    }

    fn run<'a>(&'a self, code: &'a str, options: RunOptions) -> BoxFuture<'a, RunResult> {
        codemode_interpreter::never_panic(self.run_inner(code, options))
    }
}
