//! `codemode mcp --http` under load: many sessions at once, each making run_code calls from a
//! fixed mix (fast code, three upstream calls at once over two upstream servers, a timeout, a
//! heap-limit stop, a thrown error), every answer checked against its own request.
//!
//! Printed: the same mix from one session alone (the latency without contention), beside the
//! mix from all sessions at once; for each, p50 and p99 latency per kind and overall, and runs
//! per second; and the server's resident memory after a warm-up and after the measured runs, so
//! that growth under load shows. The upstream servers are the tests' (`@modelcontextprotocol/
//! server-everything` and `tests/mcp/notes-server.mjs`).
//!
//! Run it with `bash bench/load.sh [CLIENTS] [CALLS]` (default 32 clients of 320 calls, so
//! 10,240 measured runs).

#[allow(dead_code)] // the tests use more of the driver than the bench does
#[path = "../tests/mcp/load.rs"]
mod load;

use std::path::Path;
use std::time::Duration;

use load::{Kind, Report, Served, drive};
use serde_json::json;

/// Milliseconds, with a tenth.
fn ms(time: Option<Duration>) -> String {
    time.map_or("-".to_owned(), |time| {
        format!("{:.1}", time.as_secs_f64() * 1e3)
    })
}

fn print_report(title: &str, report: &Report) {
    println!(
        "\n{title}: {} runs in {:.1} s, {:.0} runs/s",
        report.latencies.len(),
        report.elapsed.as_secs_f64(),
        report.runs_per_second()
    );
    println!(
        "  {:<26} {:>6} {:>9} {:>9}",
        "kind", "runs", "p50 ms", "p99 ms"
    );
    for kind in Kind::ALL {
        println!(
            "  {:<26} {:>6} {:>9} {:>9}",
            kind.name(),
            report.count(kind),
            ms(report.quantile(Some(kind), 0.5)),
            ms(report.quantile(Some(kind), 0.99))
        );
    }
    println!(
        "  {:<26} {:>6} {:>9} {:>9}",
        "all",
        report.latencies.len(),
        ms(report.quantile(None, 0.5)),
        ms(report.quantile(None, 0.99))
    );
}

/// Stops the bench when a call went wrong: figures from a run with wrong answers mean nothing.
/// (A panic, not an exit, so that the server process is dropped and stopped.)
fn require_clean(what: &str, report: &Report) {
    if !report.failures.is_empty() {
        let first: Vec<&str> = report
            .failures
            .iter()
            .take(10)
            .map(String::as_str)
            .collect();
        panic!(
            "{what}: {} calls went wrong, first:\n  {}",
            report.failures.len(),
            first.join("\n  ")
        );
    }
}

/// The server setups a run of the bench compares: the config's extra keys.
fn setups(which: &str) -> Vec<(&'static str, serde_json::Value)> {
    let all = vec![
        ("workers, default bound on runs (the default)", json!({})),
        (
            "in process, default bound on runs",
            json!({"sandbox": "in-process"}),
        ),
        (
            "in process, no bound on runs",
            json!({"sandbox": "in-process", "maxConcurrentRuns": 10000}),
        ),
    ];
    match which {
        "compare" => all,
        _ => all.into_iter().take(1).collect(),
    }
}

fn main() {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"))
        .collect();
    let number = |at: usize, default: usize| {
        words.get(at).map_or(default, |arg| {
            arg.parse().expect("CLIENTS and CALLS are numbers")
        })
    };
    let sessions = number(0, 32);
    let calls = number(1, 320);
    let which = words.get(2).map_or("default", String::as_str);

    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp");
    let everything =
        fixtures.join("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    for (name, extra) in setups(which) {
        let mut config = json!({"mcpServers": {
            "everything": {"command": "node", "args": [everything, "stdio"]},
            "notes": {"command": "node", "args": [fixtures.join("notes-server.mjs")]}
        }});
        for (key, value) in extra.as_object().expect("an object of keys") {
            config[key] = value.clone();
        }
        println!("\n=== {name}");
        bench(&config, sessions, calls);
    }
}

/// One server, one setup: the mix from one session, then from all at once.
fn bench(config: &serde_json::Value, sessions: usize, calls: usize) {
    let path = std::env::temp_dir().join(format!("codemode-load-{}.json", std::process::id()));
    std::fs::write(&path, config.to_string()).expect("the config is written");
    let mut server = Served::start(&path, &[]);
    let _ = std::fs::remove_file(&path);

    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    println!(
        "codemode mcp --http at {} ({} KiB resident at start)",
        server.url,
        server.rss_kib()
    );

    let alone = runtime.block_on(drive(&server.url, 1, 200, 0));
    require_clean("one session", &alone);
    print_report("one session alone", &alone);

    // Warm-up: every session's kind of work, so allocators and caches reach their working size.
    let warm = runtime.block_on(drive(&server.url, sessions, 32, 1_000_000));
    require_clean("warm-up", &warm);
    let warm_kib = settled(&server);

    let load = runtime.block_on(drive(&server.url, sessions, calls, 10_000_000));
    require_clean("load", &load);
    let after_kib = settled(&server);
    print_report(&format!("{sessions} sessions at once"), &load);

    println!("\nserver resident memory (each 1 s after the runs before it ended):");
    println!(
        "  after warm-up ({} runs)   {warm_kib:>8} KiB",
        alone.latencies.len() + warm.latencies.len()
    );
    println!(
        "  after {} more runs    {after_kib:>8} KiB ({:+.1}%)",
        load.latencies.len(),
        (after_kib as f64 / warm_kib as f64 - 1.0) * 100.0
    );
    println!(
        "  peak, during the runs       {:>8} KiB",
        server.peak_rss_kib()
    );
    let (workers_now, workers_peaks) = server.workers_kib();
    if workers_peaks > 0 {
        println!(
            "  sandbox workers: now {workers_now} KiB, their peaks summed {workers_peaks} KiB"
        );
    }
    // Threads that ran code and went idle give their freed pages back as they end.
    std::thread::sleep(Duration::from_secs(15));
    println!("  after 15 s idle             {:>8} KiB", server.rss_kib());
    assert!(server.running(), "the server is still up");
}

/// The server's resident memory once the memory its last runs freed has had time to go back.
fn settled(server: &Served) -> u64 {
    std::thread::sleep(Duration::from_secs(1));
    server.rss_kib()
}
