//! `codemode run`: runs JavaScript files in the built-in QuickJS sandbox.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;
use codemode_interpreter::{Interpreter, Limits, RunOptions};
use codemode_quickjs::{Config, QuickJs};

/// Flags of `codemode run`.
#[derive(clap::Args)]
pub struct Args {
    /// Files of code (the body of an async function), run in turn; `-` (or none) reads stdin.
    files: Vec<PathBuf>,
    /// Stop each run after this many milliseconds.
    #[arg(long, default_value_t = 10_000)]
    timeout_ms: u64,
    /// The heap one run may use, in megabytes.
    #[arg(long, default_value_t = 64)]
    memory_mb: usize,
    /// The most tool calls one run may make.
    #[arg(long, default_value_t = 100)]
    max_calls: usize,
    /// What one run may log, in characters.
    #[arg(long, default_value_t = 64_000)]
    max_log_chars: usize,
}

/// Prints one result object per file, in order; exits 1 when any run did not return.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = Config {
        limits: Limits {
            timeout: Duration::from_millis(args.timeout_ms),
            memory_mb: args.memory_mb,
            max_log_chars: args.max_log_chars,
            max_calls: args.max_calls,
        },
        ..Config::default()
    };
    let interpreter = QuickJs::new(config);
    let files = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let mut all_ok = true;
    let mut out = io::stdout().lock();
    for file in files {
        let code = read_code(&file)?;
        let result = runtime.block_on(interpreter.run(&code, RunOptions::default()));
        all_ok &= result.ok;
        serde_json::to_writer(&mut out, &result)?;
        out.write_all(b"\n")?;
        out.flush()?;
    }
    Ok(if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn read_code(file: &PathBuf) -> anyhow::Result<String> {
    if file.as_os_str() == "-" {
        let mut code = String::new();
        io::stdin()
            .read_to_string(&mut code)
            .context("cannot read stdin")?;
        Ok(code)
    } else {
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))
    }
}
