//! `codemode run`: runs JavaScript files in the built-in QuickJS sandbox, with no tools, or with
//! the tools of MCP servers (`--mcp FILE`, the config of `codemode mcp`) through run_code.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;
use codemode_interpreter::{Limits, RunOptions, RunResult, StopReason};
use codemode_mcp::Session;
use codemode_quickjs::Config;
use codemode_tool::CallContext;

use super::sandbox::{self, Mode};

/// Flags of `codemode run`.
#[derive(clap::Args)]
pub struct Args {
    /// Files of code (the body of an async function), run in turn; `-` (or none) reads stdin.
    files: Vec<PathBuf>,
    /// Stop each run after this many milliseconds [default: 10000, or with --mcp the config's
    /// `timeoutMs`].
    #[arg(long)]
    timeout_ms: Option<u64>,
    /// The heap one run may use, in megabytes.
    #[arg(long, default_value_t = 64)]
    memory_mb: usize,
    /// The most tool calls one run may make.
    #[arg(long, default_value_t = 100)]
    max_calls: usize,
    /// What one run may log, in characters.
    #[arg(long, default_value_t = 64_000)]
    max_log_chars: usize,
    /// Give the code the tools of the MCP servers in this config (the config of `codemode mcp`,
    /// policy included) and run it as run_code: each line is run_code's result object.
    #[arg(long, value_name = "FILE")]
    mcp: Option<PathBuf>,
    /// Where the code runs: in this process, or in a locked-down sandbox worker process.
    #[arg(long, value_enum, default_value = "in-process")]
    sandbox: Mode,
}

/// Prints one result object per file, in order; exits 1 when any run did not return.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = Config {
        limits: Limits {
            timeout: Duration::from_millis(args.timeout_ms.unwrap_or(10_000)),
            memory_mb: args.memory_mb,
            max_log_chars: args.max_log_chars,
            max_calls: args.max_calls,
        },
        ..Config::default()
    };
    let files = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    if let Some(path) = &args.mcp {
        return run_with_mcp(path, config, args.sandbox, &files, args.timeout_ms);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let interpreter = runtime.block_on(sandbox::interpreter(args.sandbox, config, 1))?;
    let mut all_ok = true;
    let mut out = io::stdout().lock();
    for file in files {
        let result = match read_code(&file) {
            Ok(code) => runtime.block_on(interpreter.run(&code, RunOptions::default())),
            Err(err) => unreadable(&err),
        };
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

/// Runs each file as run_code over the upstream servers of the config at `path`.
fn run_with_mcp(
    path: &Path,
    engine: Config,
    mode: Mode,
    files: &[PathBuf],
    timeout_ms: Option<u64>,
) -> anyhow::Result<ExitCode> {
    let config = super::mcp::load(path)?;
    // run_code's results go to a model: the config's value limit replaces the sandbox's.
    let engine = Config {
        max_value_bytes: config.value_limit(),
        ..engine
    };
    let runtime = super::mcp::runtime()?;
    let outcome = runtime.block_on(async {
        let longest = super::mcp::longest_run(&config).max(engine.limits.timeout);
        let interpreter = sandbox::interpreter_for(mode, engine, 1, longest).await?;
        let session = Session::start(&config, interpreter, None).await;
        let mut all_ok = true;
        let mut outcome = Ok(());
        for file in files {
            let value = match read_code(file) {
                Ok(code) => {
                    let output = session.run(&code, timeout_ms, CallContext::default()).await;
                    all_ok &= !output.is_error;
                    output.value
                }
                Err(err) => {
                    all_ok = false;
                    serde_json::to_value(unreadable(&err)).unwrap_or_default()
                }
            };
            if let Err(err) = print_line(&value) {
                outcome = Err(err);
                break;
            }
        }
        session.shutdown().await;
        outcome.map(|()| all_ok)
    });
    runtime.shutdown_timeout(Duration::from_secs(1));
    Ok(if outcome? {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn print_line(value: &serde_json::Value) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    serde_json::to_writer(&mut out, value)?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(())
}

/// The result line of a file that cannot be read (missing, or not UTF-8): its code never
/// started, and the files after it still run.
fn unreadable(err: &anyhow::Error) -> RunResult {
    RunResult::stopped(StopReason::Syntax, format!("{err:#}"))
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
