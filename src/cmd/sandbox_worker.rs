//! `codemode sandbox-worker` (hidden): a sandbox worker, started by a pool of the parent's
//! (`codemode_sandbox::Pool`), never by a person. It locks itself down, then serves runs on its
//! stdin and stdout; everything it does is in `codemode-sandbox`.

use std::process::ExitCode;

use codemode_sandbox::{Landlock, WorkerSpec};

/// Flags of `codemode sandbox-worker`.
#[derive(clap::Args)]
pub struct Args {
    /// The worker's settings, as JSON (`codemode_sandbox::WorkerSpec`).
    #[arg(long)]
    spec: String,
}

/// Locks down, then serves until stdin closes.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let spec = WorkerSpec::from_arg(&args.spec)?;
    let report = codemode_sandbox::lock_down(&spec)?;
    if report.landlock == Landlock::Partial {
        eprintln!(
            "codemode sandbox-worker: this kernel enforces only a part of Landlock (the filesystem \
part at least); the seccomp filter is in place"
        );
    }
    codemode_sandbox::serve(&spec, &crate::give_back_freed_memory)?;
    Ok(ExitCode::SUCCESS)
}
