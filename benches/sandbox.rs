//! What a run costs in the built-in sandbox, in process and through a sandbox worker: a fresh run
//! of `return 1`, and runs that make 1 and 10 tool calls (a host function answering 1), one run
//! at a time, each timed from `run` to its result, from a task on a two-thread runtime (where a
//! server's request runs; `block_on`'s own thread would add a cross-thread wake-up at each line
//! the worker writes). `bench/sandbox.sh` prints these beside Monty
//! (the Python sandbox FastMCP uses, which also runs code in a pool of worker processes) in the
//! same run.
//!
//! Usage: `cargo bench --bench sandbox -- [RUNS]` (default 2,000 runs of each).

use std::time::{Duration, Instant};

use codemode_interpreter::{Interpreter, RunOptions, Tool};
use serde_json::json;

/// The cases: a name, the code, and whether it gets the `one` tool.
const CASES: [(&str, &str); 3] = [
    ("fresh run of `return 1`", "return 1"),
    ("1 tool call", "return await tools.one({})"),
    (
        "10 tool calls",
        "let n = 0; for (let i = 0; i < 10; i++) n += await tools.one({}); return n",
    ),
];

fn main() {
    let runs = std::env::args()
        .skip(1)
        .find(|arg| !arg.starts_with("--"))
        .map_or(2000, |arg| arg.parse().expect("RUNS is a number"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let measured = runtime.spawn(async move {
        let in_process = codemode_quickjs::QuickJs::new(codemode_quickjs::Config::default());
        let pool = codemode_sandbox::Pool::new(
            env!("CARGO_BIN_EXE_codemode"),
            &codemode_quickjs::Config::default(),
            codemode_sandbox::PoolOptions {
                size: 2,
                warm: 2,
                ..codemode_sandbox::PoolOptions::default()
            },
        );
        pool.start().await.expect("the sandbox workers start");
        let options = RunOptions::default().with_tool(
            "one",
            Tool::new(|_| async { Ok::<_, codemode_interpreter::ToolError>(json!(1)) }),
        );
        println!("{runs} runs of each, one at a time; microseconds from run to result");
        println!(
            "  {:<26} {:<12} {:>8} {:>8}",
            "case", "sandbox", "median", "p99"
        );
        for (name, code) in CASES {
            for (label, interpreter) in [
                ("in process", &in_process as &dyn Interpreter),
                ("worker", &pool as &dyn Interpreter),
            ] {
                let times = time_runs(interpreter, code, &options, runs).await;
                println!(
                    "  {name:<26} {label:<12} {:>8.0} {:>8.0}",
                    quantile(&times, 0.5),
                    quantile(&times, 0.99)
                );
            }
        }
    });
    runtime.block_on(measured).expect("the measurements finish");
}

/// Times `runs` runs of `code` after a warm-up of 50, checking each returned.
async fn time_runs(
    interpreter: &dyn Interpreter,
    code: &str,
    options: &RunOptions,
    runs: usize,
) -> Vec<Duration> {
    for _ in 0..50 {
        let result = interpreter.run(code, options.clone()).await;
        assert!(result.ok, "{result:?}");
    }
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let begun = Instant::now();
        let result = interpreter.run(code, options.clone()).await;
        times.push(begun.elapsed());
        assert!(result.ok, "{result:?}");
    }
    times
}

/// The `q` quantile of `times`, in microseconds.
fn quantile(times: &[Duration], q: f64) -> f64 {
    let mut sorted = times.to_vec();
    sorted.sort();
    let at = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[at].as_secs_f64() * 1e6
}
