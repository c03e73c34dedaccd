//! The sandbox worker: model-written code runs in QuickJS inside a child process that has locked
//! itself down, behind the process protocol of `codemode_interpreter::protocol`.
//!
//! Two sides, one crate:
//!
//! - the worker's: [`lock_down`] (Linux: `no_new_privs`, rlimits, Landlock with no access, and a
//!   seccomp filter that kills the process on any system call the engine does not need), then
//!   [`serve`] (QuickJS runs on stdin and stdout). The `codemode` binary runs both as its hidden
//!   `sandbox-worker` subcommand; the binary itself is thin glue.
//! - the host's: [`Pool`], an `Interpreter` that keeps workers started ahead of need, gives each
//!   run a worker of its own, and replaces a worker that crashes, is killed, or stops answering,
//!   failing only that worker's run with `StopReason::SandboxCrashed`.
//!
//! This is the only crate that knows `seccompiler` and `landlock`. With the `test-hooks` feature
//! (enabled only by the root package's dev-dependency, so only in `cargo test` builds) every run
//! also has tools that act as a compromised engine would (see `hooks`).
#![deny(missing_docs)]

mod error;
mod hooks;
mod lockdown;
mod pool;
mod spec;
mod worker;

pub use error::Error;
pub use lockdown::{Landlock, MAX_FILES, Report, lock_down};
pub use pool::{Pool, PoolOptions, WORKER_SUBCOMMAND};
pub use spec::{ADDRESS_SPACE_MARGIN_MB, WorkerSpec};
pub use worker::{IDLE_AFTER, serve};

/// Whether the test hooks are compiled in (the `test-hooks` feature).
pub const TEST_HOOKS: bool = cfg!(feature = "test-hooks");
