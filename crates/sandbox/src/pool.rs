//! The pool: an [`Interpreter`] that runs each run in a sandbox worker process.
//!
//! Workers are started ahead of need and serve one run at a time (a worker is never shared by two
//! runs at once, so never by two MCP sessions). Each run still gets a fresh QuickJS runtime inside
//! its worker. A worker that dies during a run (a crash, its seccomp filter, a resource limit),
//! breaks the protocol, or leaves a run unanswered past its timeout and the grace is killed and
//! replaced; only that run fails, with [`StopReason::SandboxCrashed`] (or `timeout` for the run
//! left unanswered). A worker is recycled after [`PoolOptions::runs_per_worker`] runs.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use codemode_interpreter::{
    Interpreter, Limits, ProcessInterpreter, RunOptions, RunResult, StopReason,
};
use futures::future::BoxFuture;
use tokio::sync::Semaphore;

use crate::{Error, WorkerSpec};

/// The hidden subcommand of the `codemode` binary that runs a worker.
pub const WORKER_SUBCOMMAND: &str = "sandbox-worker";

/// What a worker's lines on the server's log start with (then `[PID]: `).
pub const WORKER_LOG_LABEL: &str = "codemode sandbox-worker";

/// How many workers, and how long each lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolOptions {
    /// The most workers at once, so the most runs under way at once; a run past it waits for a
    /// worker within its timeout.
    pub size: usize,
    /// How many workers [`Pool::start`] starts ahead of the first run.
    pub warm: usize,
    /// Runs a worker serves before it is replaced.
    pub runs_per_worker: usize,
    /// How long past a run's timeout the host waits for its worker to answer before killing it.
    pub grace: Duration,
    /// The longest timeout a run may ask for: with `runs_per_worker`, it sizes a worker's CPU-time
    /// limit, which must never end a worker whose runs all kept to their timeouts.
    pub longest_run: Duration,
}

impl Default for PoolOptions {
    fn default() -> Self {
        Self {
            size: 8,
            warm: 2,
            runs_per_worker: 64,
            grace: Duration::from_secs(2),
            longest_run: Duration::from_secs(60),
        }
    }
}

/// An interpreter that runs code in locked-down worker processes.
pub struct Pool {
    inner: Arc<Inner>,
}

struct Inner {
    program: PathBuf,
    spec: WorkerSpec,
    limits: Limits,
    options: PoolOptions,
    /// The workers waiting for a run, the longest waiting first: it has had the most time to
    /// build its next engine.
    idle: Mutex<VecDeque<Worker>>,
    free: Semaphore,
}

struct Worker {
    process: ProcessInterpreter,
    runs: usize,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("program", &self.inner.program)
            .field("spec", &self.inner.spec)
            .field("options", &self.inner.options)
            .finish_non_exhaustive()
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Pool {
    /// A pool of workers started as `program sandbox-worker --spec SPEC` (`program` is the
    /// `codemode` binary), running code as `config` does in process. Nothing starts before
    /// [`Pool::start`] or the first run.
    pub fn new(
        program: impl Into<PathBuf>,
        config: &codemode_quickjs::Config,
        options: PoolOptions,
    ) -> Self {
        let options = PoolOptions {
            size: options.size.max(1),
            runs_per_worker: options.runs_per_worker.max(1),
            ..options
        };
        Self {
            inner: Arc::new(Inner {
                program: program.into(),
                spec: WorkerSpec::from_config(
                    config,
                    options.longest_run.max(config.limits.timeout),
                    options.runs_per_worker,
                ),
                limits: config.limits,
                options,
                idle: Mutex::new(VecDeque::new()),
                free: Semaphore::new(options.size),
            }),
        }
    }

    /// Starts [`PoolOptions::warm`] workers and checks that a worker locks itself down and runs
    /// `return 1`: an error says why not (the worker's own account is on stderr), for a server
    /// to refuse to start on.
    pub async fn start(&self) -> Result<(), Error> {
        let probe = self.inner.worker();
        let result = probe.process.run("return 1", RunOptions::default()).await;
        if result.value != Some(serde_json::json!(1)) {
            return Err(Error::Worker(result.error.unwrap_or_else(|| {
                "the probe run answered something else".to_owned()
            })));
        }
        let mut started = vec![Worker { runs: 1, ..probe }];
        for _ in 1..self.inner.options.warm.min(self.inner.options.size) {
            let worker = self.inner.worker();
            worker
                .process
                .start()
                .await
                .map_err(|e| Error::Worker(e.to_string()))?;
            started.push(worker);
        }
        lock(&self.inner.idle).extend(started);
        Ok(())
    }

    async fn run_inner(&self, code: &str, mut options: RunOptions) -> RunResult {
        let inner = &self.inner;
        let start = Instant::now();
        let timeout = options.timeout.unwrap_or(inner.limits.timeout);
        let cancel = options.cancel.clone().unwrap_or_default();
        let permit = match inner.free.try_acquire() {
            Ok(permit) => permit,
            // Every worker is busy: wait for one within the run's timeout, which the wait uses up.
            Err(_) => {
                let permit = tokio::select! {
                    permit = inner.free.acquire() => match permit {
                        Ok(permit) => permit,
                        Err(_) => return RunResult::stopped(StopReason::Internal, "the pool is closed"),
                    },
                    () = tokio::time::sleep(timeout) => {
                        return RunResult::stopped(
                            StopReason::Timeout,
                            format!("timed out after {} ms (no sandbox worker was free)", timeout.as_millis()),
                        );
                    }
                    () = cancel.cancelled() => return RunResult::stopped(StopReason::Cancelled, "cancelled"),
                };
                options.timeout = Some(timeout.saturating_sub(start.elapsed()));
                permit
            }
        };
        let mut worker = lock(&inner.idle)
            .pop_front()
            .unwrap_or_else(|| inner.worker());
        // Keep one worker ready for the next run while this one runs.
        if lock(&inner.idle).is_empty() && inner.free.available_permits() > 0 {
            Inner::start_spare(inner);
        }
        let result = worker.process.run(code, options).await;
        worker.runs += 1;
        if worker.runs < inner.options.runs_per_worker && worker.process.is_alive().await {
            // This run still holds its permit: its worker is among the busy ones.
            inner.keep(worker, 0);
        } else {
            // Dropping it kills its process; its replacement starts now, ahead of need.
            drop(worker);
            Inner::start_spare(inner);
        }
        drop(permit);
        result
    }
}

impl Inner {
    /// Starts a worker on a task of its own (off the run's path) and adds it to the idle ones.
    fn start_spare(inner: &Arc<Inner>) {
        let inner = inner.clone();
        tokio::spawn(async move {
            let spare = inner.worker();
            if spare.process.start().await.is_ok() {
                inner.keep(spare, 1);
            }
        });
    }

    /// Adds `worker` to the idle ones unless the pool would then hold more than `size` workers
    /// (a run that found none idle while a spare was starting started one of its own); `extra` is
    /// 1 for a worker not counted among the busy ones. A worker not kept is dropped, and killed.
    fn keep(&self, worker: Worker, extra: usize) {
        let busy = self
            .options
            .size
            .saturating_sub(self.free.available_permits());
        let mut idle = lock(&self.idle);
        if idle.len() + busy + extra <= self.options.size {
            idle.push_back(worker);
        }
    }

    /// The longest line a worker may write: a `done` with the largest value and logs, or a `call`
    /// with the largest arguments, even if every character were escaped as `\uXXXX`, and room
    /// for the rest of the message.
    fn max_line_bytes(&self) -> usize {
        let spec = &self.spec;
        spec.max_value_bytes
            .saturating_add(spec.max_args_bytes)
            .saturating_add(self.limits.max_log_chars.saturating_mul(4))
            .saturating_mul(6)
            .saturating_add(1024 * 1024)
    }

    /// A worker, not yet started.
    fn worker(&self) -> Worker {
        let argv = vec![
            self.program.to_string_lossy().into_owned(),
            WORKER_SUBCOMMAND.to_owned(),
            "--spec".to_owned(),
            self.spec.to_arg(),
        ];
        let process = ProcessInterpreter::new(argv)
            .named("quickjs (sandbox worker)")
            .with_limits(self.limits)
            .with_grace(self.options.grace)
            .with_clean_environment()
            .in_new_process_group()
            .kill_unanswered()
            .with_max_line_bytes(self.max_line_bytes())
            .with_stderr_label(crate::pool::WORKER_LOG_LABEL)
            .with_death_reason(StopReason::SandboxCrashed);
        Worker { process, runs: 0 }
    }
}

impl Interpreter for Pool {
    fn name(&self) -> &str {
        "quickjs (sandbox worker)"
    }

    fn language(&self) -> &str {
        "JavaScript"
    }

    fn run<'a>(&'a self, code: &'a str, options: RunOptions) -> BoxFuture<'a, RunResult> {
        codemode_interpreter::never_panic(self.run_inner(code, options))
    }
}
