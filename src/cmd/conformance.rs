//! `codemode conformance`: checks an interpreter against the contract.

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context as _;
use codemode_interpreter::{Interpreter, ProcessInterpreter, conformance};
use codemode_quickjs::QuickJs;

use super::sandbox::{self, Mode};

/// Flags of `codemode conformance`.
#[derive(clap::Args)]
pub struct Args {
    /// Print the report as one JSON object instead of one line per check.
    #[arg(long)]
    json: bool,
    /// Check the interpreter this shell command starts, speaking the JSON-lines protocol
    /// (for example `node bench/node-interpreter.mjs`), instead of the built-in one.
    #[arg(long, value_name = "CMD", conflicts_with = "sandbox")]
    exec: Option<String>,
    /// Check the built-in interpreter in this process, or in sandbox worker processes.
    #[arg(long, value_enum)]
    sandbox: Option<Mode>,
}

/// The pool's size in worker mode: the suite runs one run at a time, so a second worker is the
/// one started ahead of the next run.
const CONCURRENT_RUNS: usize = 2;

/// Runs every check; exits 0 only when all of them hold.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    // Cancellation comes from another task while code may be busy: two workers.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let interpreter: Arc<dyn Interpreter> = match (&args.exec, args.sandbox) {
        (Some(command), _) => Arc::new(ProcessInterpreter::shell(command)),
        (None, None | Some(Mode::InProcess)) => Arc::new(QuickJs::default()),
        (None, Some(mode)) => runtime.block_on(sandbox::interpreter(
            mode,
            codemode_quickjs::Config::default(),
            CONCURRENT_RUNS,
        ))?,
    };
    let report = runtime.block_on(conformance::run(interpreter.as_ref()));
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!("conformance of {}", report.interpreter);
        for check in &report.checks {
            match &check.detail {
                None => println!("ok   {}", check.name),
                Some(detail) => println!("FAIL {}: {detail}", check.name),
            }
        }
        let failed = report.checks.iter().filter(|c| !c.ok).count();
        println!("{} passed, {failed} failed", report.checks.len() - failed);
    }
    Ok(if report.passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
