//! `codemode conformance`: checks an interpreter against the contract.

use std::process::ExitCode;

use anyhow::Context as _;
use codemode_interpreter::{Interpreter, ProcessInterpreter, conformance};
use codemode_quickjs::QuickJs;

/// Flags of `codemode conformance`.
#[derive(clap::Args)]
pub struct Args {
    /// Print the report as one JSON object instead of one line per check.
    #[arg(long)]
    json: bool,
    /// Check the interpreter this shell command starts, speaking the JSON-lines protocol
    /// (for example `node bench/node-interpreter.mjs`), instead of the built-in one.
    #[arg(long, value_name = "CMD")]
    exec: Option<String>,
}

/// Runs every check; exits 0 only when all of them hold.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let interpreter: Box<dyn Interpreter> = match &args.exec {
        Some(command) => Box::new(ProcessInterpreter::shell(command)),
        None => Box::new(QuickJs::default()),
    };
    // Cancellation comes from another task while code may be busy: two workers.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
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
