//! `codemode`: the command-line front of the toolkit.
//!
//! The binary is thin glue: it parses flags, reads JSON lines, hands each one to a library crate and
//! prints one answer line per input line. Each subcommand lives in its own module under `cmd/`.

mod cmd;
mod jsonl;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// mimalloc roughly halves the planner's step times against the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Code mode for agents: plan English instructions into tool calls, run tool-calling JavaScript
/// in a QuickJS sandbox, and serve both over MCP.
#[derive(Parser)]
#[command(name = "codemode", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Plan an English instruction against the tools of MCP servers and run it: results out.
    Do(cmd::instruct::Args),
    /// Serve run_code and run_instruction over MCP (stdio, or streamable HTTP with --http), over
    /// the tools of the upstream MCP servers of a config.
    Mcp(cmd::mcp::Args),
    /// Sign in to a remote upstream server behind OAuth (`"oauth": true` in the config), once.
    Login(cmd::login::Args),
    /// Plan each record with the planner: `{"plan": ...}` (and `"js"` with --js) or a diagnostic.
    Plan(cmd::plan::Args),
    /// Run JavaScript files in the QuickJS sandbox: one result object per line.
    Run(cmd::run::Args),
    /// Check planner records with the deterministic frontend alone: `{"ok": true}` or a diagnostic.
    Validate(cmd::validate::Args),
    /// Compile plans to JavaScript: each line `{"plan": ..., "tools": [...]}` gives `{"js": ...}`.
    Compile(cmd::compile::Args),
    /// Print TypeScript declarations for each planner record or catalog.
    Types(cmd::types::Args),
    /// Check an interpreter against the contract (the built-in one, or `--exec CMD`).
    Conformance(cmd::conformance::Args),
    /// Evaluate the planner on labeled records, or on the BFCL probe.
    Eval(cmd::eval::Args),
    /// Write labeled planner records from the seeded generator (`--split train|test|dev`).
    Generate(cmd::generate::Args),
    /// Train the planner on generated records and write its weights.
    Train(cmd::train::Args),
    /// Join trained model directories into one planner that averages their networks.
    Ensemble(cmd::ensemble::Args),
    /// Fit a model's confidence and default threshold on labeled records it was not trained on.
    Calibrate(cmd::calibrate::Args),
    /// A sandbox worker, started by `run`, `conformance` or `mcp` with `--sandbox worker` (or a
    /// config's `"sandbox": "worker"`): it locks itself down and runs code on its pipes.
    #[command(name = "sandbox-worker", hide = true)]
    SandboxWorker(cmd::sandbox_worker::Args),
}

/// The planner shares batches out over its own threads, and training shares each batch's pieces;
/// candle's kernels then run best on one thread each, so `plan`, `eval` and `train` default to
/// that (an explicit `RAYON_NUM_THREADS` wins). Training on one thread of kernels writes the same
/// weights as on candle's default threads, as fast: its ops are too small to share.
#[allow(unsafe_code)]
fn single_threaded_kernels() {
    if std::env::var_os("RAYON_NUM_THREADS").is_none() {
        // SAFETY: called first thing in `main`, before any thread exists, so nothing can read
        // the environment while it changes.
        unsafe { std::env::set_var("RAYON_NUM_THREADS", "1") };
    }
}

/// `plan` and `eval` free and reallocate tensors batch after batch, and `mcp` (or its sandbox
/// workers) a QuickJS heap per run. mimalloc asks for transparent huge pages, and the 2 MiB pages its freed memory sits in
/// stay resident: that doubled the planner's peak RSS (`bench/planner.sh`), and kept a server
/// that had run heap-hungry code at about 1 GB when idle (`bench/load.sh`). They are turned off
/// for these commands only.
#[allow(unsafe_code)]
fn no_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE sets a flag on this process's memory map; no memory is passed,
    // and a kernel that refuses it leaves huge pages on, which is only slower to give back.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

/// mimalloc's `mi_option_purge_delay` (`mimalloc.h` of mimalloc 2 and 3): how many milliseconds
/// freed memory waits before it is given back to the system (mimalloc 3's default: 1000).
/// `libmimalloc-sys` 0.1 does not export this option's number, so it is spelled out here.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// `plan`, `eval` and `mcp` give freed memory back to the system after 10 ms instead of a second:
/// the batch buffers each forward pass frees otherwise stay resident while later passes allocate
/// their own. On 20,000 records this took the peak RSS from about 52 to 38 MB on one thread and
/// from 64–84 to 46 MB on both cores, for 5–8% of the throughput (`bench/planner.sh`; 0 ms saved
/// a few MB more for 9–16%). A server's runs free their heaps while others run, and an idle
/// server purges nothing: with both settings, 32 sessions' mixed load left it at 94 MB after
/// 15 s idle instead of 821 MB, and ran 162 runs/s instead of 127 (`bench/load.sh`).
#[allow(unsafe_code)]
fn purge_soon() {
    // SAFETY: sets one of mimalloc's integer options; mimalloc stores it atomically and ignores an
    // option number outside its table.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 10) };
}

/// Has mimalloc give back what the calling thread's heap has freed (`mi_collect`, not forced). A
/// thread purges its freed pages only when it allocates again, so the server's worker threads,
/// idle once the sessions they served are closed, kept those sessions' memory resident (146 MB
/// after 2,000 sessions expired, `bench/edge.py expiry`). `codemode mcp`'s runtime calls this when
/// a worker thread parks, at most once a second per thread.
#[allow(unsafe_code)]
pub(crate) fn collect_freed_memory() {
    // SAFETY: takes no pointer and walks only the calling thread's own heap.
    unsafe { libmimalloc_sys::mi_collect(false) };
}

/// Has mimalloc give back everything freed (`mi_collect`, forced): a sandbox worker calls it
/// when no run has come for a while, so that an idle worker does not keep the last run's heap
/// resident.
#[allow(unsafe_code)]
pub(crate) fn give_back_freed_memory() {
    // SAFETY: takes no pointer; the worker has one thread, whose heap it walks.
    unsafe { libmimalloc_sys::mi_collect(true) };
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if matches!(
        cli.command,
        Command::Plan(_)
            | Command::Eval(_)
            | Command::Train(_)
            | Command::Do(_)
            | Command::Mcp(_)
            | Command::Calibrate(_)
    ) {
        single_threaded_kernels();
    }
    if matches!(
        cli.command,
        Command::Plan(_) | Command::Eval(_) | Command::Mcp(_)
    ) {
        no_huge_pages();
        purge_soon();
    }
    // A sandbox worker serves one run at a time: what a run frees is what the next one allocates,
    // so it keeps mimalloc's default purge delay. Set before its lockdown, which forbids the
    // `prctl`.
    if matches!(cli.command, Command::SandboxWorker(_)) {
        no_huge_pages();
    }
    let result = match cli.command {
        Command::Validate(args) => cmd::validate::run(args),
        Command::Compile(args) => cmd::compile::run(args),
        Command::Types(args) => cmd::types::run(args),
        Command::Run(args) => cmd::run::run(args),
        Command::Conformance(args) => cmd::conformance::run(args),
        Command::Plan(args) => cmd::plan::run(args),
        Command::Eval(args) => cmd::eval::run(args),
        Command::Train(args) => cmd::train::run(args),
        Command::Ensemble(args) => cmd::ensemble::run(args),
        Command::Calibrate(args) => cmd::calibrate::run(args),
        Command::Generate(args) => cmd::generate::run(args),
        Command::Do(args) => cmd::instruct::run(args),
        Command::Mcp(args) => cmd::mcp::run(args),
        Command::Login(args) => cmd::login::run(args),
        Command::SandboxWorker(args) => cmd::sandbox_worker::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("codemode: {err:#}");
            ExitCode::from(2)
        }
    }
}
