//! `--sandbox`: where `run`, `conformance` and `mcp` run code, in process or in sandbox workers.

use std::sync::Arc;

use anyhow::Context as _;
use codemode_interpreter::Interpreter;
use codemode_sandbox::{Pool, PoolOptions};

/// Where code runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// QuickJS in this process.
    InProcess,
    /// QuickJS in locked-down worker processes (Linux with seccomp and Landlock).
    Worker,
}

/// The interpreter for `mode`, running code as `config` says; a pool of at most `size` workers
/// is started, and its first worker checked, before this returns.
pub async fn interpreter(
    mode: Mode,
    config: codemode_quickjs::Config,
    size: usize,
) -> anyhow::Result<Arc<dyn Interpreter>> {
    interpreter_for(mode, config, size, config.limits.timeout).await
}

/// [`interpreter`] for runs that may ask for up to `longest_run` each (the worker's CPU-time
/// limit is sized by it).
pub async fn interpreter_for(
    mode: Mode,
    config: codemode_quickjs::Config,
    size: usize,
    longest_run: std::time::Duration,
) -> anyhow::Result<Arc<dyn Interpreter>> {
    match mode {
        Mode::InProcess => Ok(Arc::new(codemode_quickjs::QuickJs::new(config))),
        Mode::Worker => {
            let program =
                std::env::current_exe().context("cannot find this program to start workers")?;
            let pool = Pool::new(
                program,
                &config,
                PoolOptions {
                    size,
                    warm: size.min(PoolOptions::default().warm),
                    longest_run,
                    ..PoolOptions::default()
                },
            );
            pool.start()
                .await
                .context("cannot run code in sandbox workers")?;
            Ok(Arc::new(pool))
        }
    }
}
