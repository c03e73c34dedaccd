//! Measures the QuickJS interpreter the way `bench/compare.sh` measures the Node.js peer, and prints
//! one JSON object: the median of a fresh run of `return 1`, and the cost of one tool call (from
//! runs of 10,000 sequential calls to an echo tool, less a fresh run).
//!
//! `cargo run --release -p codemode-quickjs --example compare -- [FRESH_RUNS] [CALL_RUNS]`

use std::time::{Duration, Instant};

use codemode_interpreter::{Interpreter, Limits, RunOptions, Tool};
use codemode_quickjs::{Config, QuickJs};

const CALLS: usize = 10_000;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let fresh_runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let call_runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let interpreter = QuickJs::new(Config {
        limits: Limits {
            max_calls: CALLS,
            ..Limits::default()
        },
        ..Config::default()
    });
    let options =
        RunOptions::default().with_tool("echo", Tool::new(|args| async move { Ok(args) }));

    let mut fresh = Vec::with_capacity(fresh_runs);
    for _ in 0..fresh_runs.max(1) {
        let start = Instant::now();
        let result = runtime.block_on(interpreter.run("return 1", RunOptions::default()));
        fresh.push(start.elapsed());
        assert!(result.ok, "{result:?}");
    }
    let fresh = median(fresh);

    let code = format!("for (let i = 0; i < {CALLS}; i++) await tools.echo({{i}}); return 1");
    let mut looped = Vec::with_capacity(call_runs);
    for _ in 0..call_runs.max(1) {
        let start = Instant::now();
        let result = runtime.block_on(interpreter.run(&code, options.clone()));
        looped.push(start.elapsed());
        assert!(
            result.ok && result.calls.len() == CALLS,
            "{:?}",
            result.error
        );
    }
    let looped = median(looped);
    let per_call = looped.saturating_sub(fresh) / u32::try_from(CALLS).unwrap_or(u32::MAX);
    println!(
        "{{\"interpreter\":\"quickjs\",\"freshRunMedianMs\":{},\"toolCallUs\":{},\"freshRuns\":{fresh_runs},\"callRuns\":{call_runs}}}",
        fresh.as_secs_f64() * 1000.0,
        per_call.as_secs_f64() * 1e6
    );
}
