//! The sandbox worker end to end, through the built binary: `codemode run --sandbox worker` and
//! `codemode conformance --sandbox worker`.
//!
//! `cargo test` builds the binary with the worker's test hooks (the root package's dev-dependency
//! turns on `codemode-sandbox/test-hooks`): tools that run inside the worker and act as code that
//! has taken over the engine would (abort, open a file, open a socket, list the environment,
//! block the worker). A release build has none of them.
#![allow(clippy::unwrap_used)] // a test fails loudly on what it did not expect
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

mod common;

/// A directory of its own for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("codemode-worker-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes each piece of code to a file of `dir` and runs them in turn with `codemode run ARGS`;
/// returns one result per file.
fn run_files(dir: &Path, args: &[&str], codes: &[&str]) -> Vec<Value> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_codemode"));
    command
        .arg("run")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (i, code) in codes.iter().enumerate() {
        let file = dir.join(format!("{i}.js"));
        std::fs::write(&file, code).unwrap();
        command.arg(file);
    }
    let output = common::finish_within(command.spawn().unwrap(), Duration::from_secs(60));
    let lines = common::json_lines(&String::from_utf8(output.stdout).unwrap());
    assert_eq!(
        lines.len(),
        codes.len(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    lines
}

fn in_worker(dir: &Path, codes: &[&str]) -> Vec<Value> {
    run_files(dir, &["--sandbox", "worker"], codes)
}

/// Asserts that `result` is a run its worker did not survive, killed by `signal`.
fn assert_crashed(result: &Value, signal: &str) {
    assert_eq!(result["ok"], false, "{result}");
    assert_eq!(result["reason"], "sandbox_crashed", "{result}");
    let error = result["error"].as_str().unwrap();
    assert!(error.contains(signal), "{result}");
}

#[test]
fn a_crash_fails_only_its_run_and_the_next_run_works() {
    let dir = scratch("crash");
    let lines = in_worker(
        &dir,
        &[
            "return 1",
            "console.log('before'); await tools.__sandbox_abort({}); return 'after'",
            "return 2",
        ],
    );
    assert_eq!(lines[0]["value"], 1, "{}", lines[0]);
    assert_crashed(&lines[1], "SIGABRT");
    assert_eq!(lines[2]["value"], 2, "{}", lines[2]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_forbidden_system_call_kills_the_worker_and_is_reported() {
    let dir = scratch("forbidden");
    let lines = in_worker(
        &dir,
        &[
            "return await tools.__sandbox_socket({address: '127.0.0.1:9'})",
            "return 3",
            "return await tools.__sandbox_open({path: '/proc/self/status'})",
            "return 4",
            "return await tools.__sandbox_thread({})",
            "return 5",
        ],
    );
    assert_crashed(&lines[0], "SIGSYS");
    assert_eq!(lines[1]["value"], 3, "{}", lines[1]);
    assert_crashed(&lines[2], "SIGSYS");
    assert_eq!(lines[3]["value"], 4, "{}", lines[3]);
    assert_crashed(&lines[4], "SIGSYS");
    assert_eq!(lines[5]["value"], 5, "{}", lines[5]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_worker_cannot_read_a_file_the_parent_can() {
    let dir = scratch("read");
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "the parent's secret").unwrap();
    assert_eq!(
        std::fs::read_to_string(&secret).unwrap(),
        "the parent's secret"
    );
    let code = format!(
        "return await tools.__sandbox_open({{path: {}}})",
        json!(secret.to_str().unwrap())
    );
    let lines = in_worker(&dir, &[&code]);
    assert_crashed(&lines[0], "SIGSYS");
    assert!(!lines[0].to_string().contains("the parent's secret"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_worker_environment_holds_none_of_the_parents_variables() {
    let dir = scratch("env");
    let mut command = Command::new(env!("CARGO_BIN_EXE_codemode"));
    let file = dir.join("env.js");
    std::fs::write(&file, "return await tools.__sandbox_env({})").unwrap();
    command
        .args(["run", "--sandbox", "worker"])
        .arg(&file)
        .env("CODEMODE_TEST_SECRET", "sk-parent-only")
        .stdin(Stdio::null())
        .stdout(Stdio::piped());
    let output = common::finish_within(command.spawn().unwrap(), Duration::from_secs(30));
    let lines = common::json_lines(&String::from_utf8(output.stdout).unwrap());
    assert_eq!(lines[0]["ok"], true, "{}", lines[0]);
    assert_eq!(lines[0]["value"], json!({}), "{}", lines[0]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_worker_that_stops_answering_is_replaced_and_its_run_times_out() {
    let dir = scratch("hang");
    let lines = run_files(
        &dir,
        &["--sandbox", "worker", "--timeout-ms", "300"],
        &["await tools.__sandbox_hang({})", "return 5"],
    );
    assert_eq!(lines[0]["reason"], "timeout", "{}", lines[0]);
    assert_eq!(lines[1]["value"], 5, "{}", lines[1]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_stop_reason_comes_back_the_same_through_a_worker() {
    let dir = scratch("reasons");
    let codes = [
        "return {a: [1, 'two', null]}",
        "console.log('x'.repeat(100)); return 1",
        "throw new Error('boom')",
        "return (",
        "while (true) {}",
        "const parts = []; while (true) parts.push('x'.repeat(1 << 16) + parts.length)",
        "for (let i = 0; i < 5; i++) { try { await tools.nothing({}) } catch {} }",
        "const big = 'x'.repeat(2 * 1024 * 1024); \
         for (const args of [{big}, {n: 1}]) { try { await tools.nothing(args) } catch {} } \
         return 1",
        "return 'x'.repeat(5 * 1024 * 1024)",
        "const a = {}; a.self = a; return a",
        "return 10n",
        "await new Promise(() => {})",
        // Hostile code from the engine's own tests: each ends as it does in process, and never
        // as a crashed worker.
        "function f(n) { return f(n + 1) + 1 } return f(0)",
        "return Array(2 ** 32 - 1).join('')",
        "return String(Array(2 ** 32 - 1))",
        "return /(a+)+$/.test('a'.repeat(40) + '!')",
        "const o = { get x() { throw new Error('from a getter') } }; return JSON.stringify(o)",
        // A call's own error thrown, and a copy of it: only the first is thrown by the call.
        "await tools.nothing({})",
        "try { await tools.nothing({}) } catch (e) { throw new Error(e.message) }",
    ];
    let args = [
        "--timeout-ms",
        "500",
        "--memory-mb",
        "16",
        "--max-calls",
        "3",
        "--max-log-chars",
        "50",
    ];
    let here = run_files(&dir, &args, &codes);
    let mut worker_args = args.to_vec();
    worker_args.extend(["--sandbox", "worker"]);
    let there = run_files(&dir, &worker_args, &codes);
    let reasons: Vec<&Value> = here.iter().map(|r| &r["reason"]).collect();
    for reason in [
        "threw",
        "syntax",
        "timeout",
        "heap_limit",
        "call_limit",
        "value_too_large",
        "value_invalid",
    ] {
        assert!(
            reasons.contains(&&json!(reason)),
            "no {reason} in {reasons:?}"
        );
    }
    // Calls the engine refused itself (unknown tools, arguments too large) are listed as failed
    // either way: the worker names them in its `done`.
    assert_eq!(here[7]["calls"].as_array().unwrap().len(), 2, "{}", here[7]);
    for ((code, here), there) in codes.iter().zip(&here).zip(&there) {
        for field in [
            "ok",
            "value",
            "error",
            "reason",
            "logs",
            "logsTruncated",
            "timedOut",
            "calls",
            "thrownByCall",
        ] {
            assert_eq!(
                here[field], there[field],
                "{field} of {code}: {here} vs {there}"
            );
        }
        assert_ne!(there["reason"], "sandbox_crashed", "{code}: {there}");
    }
    let n = codes.len();
    assert_eq!(here[n - 2]["thrownByCall"], 0, "{}", here[n - 2]);
    assert!(here[n - 1].get("thrownByCall").is_none(), "{}", here[n - 1]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn conformance_passes_through_the_worker_pool() {
    let output = Command::new(env!("CARGO_BIN_EXE_codemode"))
        .args(["conformance", "--sandbox", "worker", "--json"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let output = common::finish_within(output, Duration::from_secs(300));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let failed: Vec<&Value> = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|check| check["ok"] != true)
        .collect();
    assert!(failed.is_empty(), "{failed:?}");
    assert_eq!(report["passed"], true);
    assert!(
        report["interpreter"]
            .as_str()
            .unwrap()
            .contains("sandbox worker")
    );
    assert_eq!(output.status.code(), Some(0));
}

/// The pids of the running `codemode sandbox-worker` processes whose parent is `parent`.
fn workers_of(parent: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // `pid (comm) state ppid ...`: the fields after the last `)`.
        let ppid = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|ppid| ppid.parse::<u32>().ok());
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if ppid == Some(parent) && String::from_utf8_lossy(&cmdline).contains("sandbox-worker") {
            found.push(pid);
        }
    }
    found
}

/// Starts `codemode mcp` on a config with no upstream server and `extra` keys, waits until it has
/// `want` workers (or a few seconds pass), closes its stdin and returns the workers it had and
/// its stderr.
fn serve_and_count_workers(extra: Value, want: usize) -> (usize, String) {
    let dir = scratch(&format!("mcp-{want}"));
    let mut config = json!({"mcpServers": {}, "planner": false});
    config
        .as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let path = dir.join("config.json");
    std::fs::write(&path, config.to_string()).unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_codemode"))
        .arg("mcp")
        .arg("--config")
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut seen = 0;
    for _ in 0..100 {
        seen = workers_of(server.id()).len();
        if seen >= want && want > 0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(server.stdin.take());
    let output = common::finish_within(server, Duration::from_secs(30));
    let _ = std::fs::remove_dir_all(&dir);
    (seen, String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn mcp_runs_code_in_workers_by_default_and_in_process_only_when_told_with_a_warning() {
    let (workers, log) = serve_and_count_workers(json!({"maxConcurrentRuns": 3}), 2);
    assert_eq!(
        workers, 2,
        "the pool starts two workers ahead of need; log: {log}"
    );
    assert!(!log.contains("warning"), "{log}");
    let (workers, log) = serve_and_count_workers(json!({"sandbox": "in-process"}), 0);
    assert_eq!(workers, 0, "{log}");
    assert!(log.contains("warning: code runs in this process"), "{log}");
}

#[test]
fn run_code_reports_a_crashed_worker_as_sandbox_crashed() {
    let dir = scratch("run-code");
    let config = dir.join("config.json");
    std::fs::write(&config, r#"{"mcpServers": {}}"#).unwrap();
    let config = config.to_str().unwrap();
    let unknown = "try { await tools.nope({}) } catch {} return 7";
    let lines = run_files(
        &dir,
        &["--sandbox", "worker", "--mcp", config],
        &["await tools.__sandbox_abort({})", "return 6", unknown],
    );
    assert_eq!(lines[0]["reason_code"], "sandbox_crashed", "{}", lines[0]);
    assert_eq!(lines[0]["failure_stage"], "interpreter", "{}", lines[0]);
    assert_eq!(lines[1]["value"], 6, "{}", lines[1]);
    // A call the engine refused itself is listed as in process: no such tool.
    let here = run_files(&dir, &["--mcp", config], &[unknown]);
    assert_eq!(lines[2], here[0]);
    assert_eq!(
        lines[2]["calls"],
        json!([{"tool": "nope", "outcome": "no_such_tool"}])
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts `codemode sandbox-worker` as a pool would (empty environment, its own process group),
/// with the engine settings of an in-process run and `extra` in its spec, sends it one run of
/// `code`, and returns the run's `done` result (or `None` when the worker ended without one) and
/// how the worker ended.
fn one_run_in_a_worker(extra: Value, code: &str) -> (Option<Value>, std::process::ExitStatus) {
    use std::io::{BufRead, BufReader, Write};
    use std::os::unix::process::CommandExt;

    let mut spec = json!({
        "memoryMb": 64, "stackBytes": 524288, "maxInFlight": 32, "maxValueBytes": 4194304,
        "maxArgsBytes": 1048576, "cpuSeconds": 60
    });
    spec.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let mut worker = Command::new(env!("CARGO_BIN_EXE_codemode"))
        .args(["sandbox-worker", "--spec", &spec.to_string()])
        .env_clear()
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let run = json!({"type": "run", "id": 1, "code": code, "tools": [], "timeoutMs": 5000,
                     "limits": {"memoryMb": 64, "maxLogChars": 1000, "maxCalls": 10}});
    let mut stdin = worker.stdin.take().unwrap();
    writeln!(stdin, "{run}").unwrap();
    let mut line = String::new();
    BufReader::new(worker.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    drop(stdin);
    let status = worker.wait().unwrap();
    let done: Option<Value> = serde_json::from_str(&line).ok();
    (done.map(|done| done["result"].clone()), status)
}

#[test]
fn landlock_alone_denies_the_file_and_the_connection_that_seccomp_kills_for() {
    use std::os::unix::process::ExitStatusExt;

    let dir = scratch("landlock");
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "the parent's secret").unwrap();
    let code = format!(
        "return await tools.__sandbox_open({{path: {}}})",
        json!(secret.to_str().unwrap())
    );
    // The whole lockdown: the filter kills the worker at `openat`.
    let (done, status) = one_run_in_a_worker(json!({}), &code);
    assert_eq!(done, None);
    assert_eq!(status.signal(), Some(31), "{status:?}");
    // Without the filter, Landlock refuses the same read, and the worker lives to say so.
    let (done, status) = one_run_in_a_worker(json!({"testWithoutSeccomp": true}), &code);
    let done = done.unwrap();
    assert_eq!(done["reason"], "threw", "{done}");
    let error = done["error"].as_str().unwrap();
    assert!(error.contains("Permission denied"), "{done}");
    assert!(!done.to_string().contains("the parent's secret"));
    assert!(status.success(), "{status:?}");
    // And a TCP connection, to a port this test listens on.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let code = format!(
        "return await tools.__sandbox_socket({{address: {}}})",
        json!(address)
    );
    let (done, _) = one_run_in_a_worker(json!({"testWithoutSeccomp": true}), &code);
    let done = done.unwrap();
    assert_eq!(done["reason"], "threw", "{done}");
    assert!(
        done["error"]
            .as_str()
            .unwrap()
            .contains("Permission denied"),
        "{done}"
    );
    let (done, status) = one_run_in_a_worker(json!({}), &code);
    assert_eq!((done, status.signal()), (None, Some(31)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_worker_refuses_to_start_outside_a_process_group_of_its_own() {
    let output = Command::new(env!("CARGO_BIN_EXE_codemode"))
        .args([
            "sandbox-worker",
            "--spec",
            &json!({
                "memoryMb": 64, "stackBytes": 524288, "maxInFlight": 32, "maxValueBytes": 4194304,
                "maxArgsBytes": 1048576, "cpuSeconds": 60
            })
            .to_string(),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert!(!output.status.success());
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(log.contains("process group"), "{log}");
}

#[test]
fn a_worker_cannot_write_lines_that_pass_for_the_servers_own() {
    let dir = scratch("stderr");
    let file = dir.join("log.js");
    std::fs::write(
        &file,
        r#"await tools.__sandbox_stderr({text: "first\ncodemode mcp: a forged line\u001b[31m\n"});
           await tools.__sandbox_stderr({text: "x".repeat(100000)});
           return 1"#,
    )
    .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_codemode"))
        .args(["run", "--sandbox", "worker"])
        .arg(&file)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let output = common::finish_within(output, Duration::from_secs(30));
    let lines = common::json_lines(&String::from_utf8(output.stdout).unwrap());
    assert_eq!(lines[0]["value"], 1, "{}", lines[0]);
    let log = String::from_utf8(output.stderr).unwrap();
    assert!(!log.contains('\u{1b}'), "{log:?}");
    for line in log.lines() {
        assert!(line.starts_with("codemode sandbox-worker["), "{line:?}");
    }
    assert!(
        log.contains("]: codemode mcp: a forged line\\u{1b}[31m"),
        "{log:?}"
    );
    // 100,000 characters reach the log cut to lines of 4096 bytes, and 64 KiB in all.
    assert!(log.len() < 80 * 1024, "{} bytes", log.len());
    assert!(
        log.contains("the rest of its standard error is dropped"),
        "{log:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A pool of the binary's workers, as `codemode mcp` builds it.
/// Runs `work` to its end on a two-thread tokio runtime of its own.
fn on_runtime<F: std::future::Future>(work: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
        .block_on(work)
}

fn pool(size: usize, runs_per_worker: usize) -> codemode_sandbox::Pool {
    codemode_sandbox::Pool::new(
        env!("CARGO_BIN_EXE_codemode"),
        &codemode_quickjs::Config::default(),
        codemode_sandbox::PoolOptions {
            size,
            runs_per_worker,
            ..codemode_sandbox::PoolOptions::default()
        },
    )
}

#[test]
fn a_worker_serves_one_run_at_a_time_and_is_recycled_after_its_runs() {
    use std::collections::{BTreeSet, HashSet};
    use std::sync::{Arc, Mutex};

    use codemode_interpreter::{Interpreter, RunOptions, Tool, ToolError};

    on_runtime(async {
        let pool = Arc::new(pool(2, 3));
        pool.start().await.unwrap();
        // `enter` fails when the worker is already inside another run; `leave` lets it go.
        let inside: Arc<Mutex<HashSet<u64>>> = Arc::default();
        let seen: Arc<Mutex<BTreeSet<u64>>> = Arc::default();
        let (enter_inside, leave_inside, enter_seen) =
            (inside.clone(), inside.clone(), seen.clone());
        let options = RunOptions::default()
            .with_tool(
                "enter",
                Tool::new(move |args| {
                    let pid = args["pid"].as_u64().unwrap();
                    enter_seen.lock().unwrap().insert(pid);
                    let fresh = enter_inside.lock().unwrap().insert(pid);
                    async move {
                        if fresh {
                            Ok(json!(true))
                        } else {
                            Err(ToolError::new(format!(
                                "worker {pid} is in two runs at once"
                            )))
                        }
                    }
                }),
            )
            .with_tool(
                "leave",
                Tool::new(move |args| {
                    leave_inside
                        .lock()
                        .unwrap()
                        .remove(&args["pid"].as_u64().unwrap());
                    async { Ok(json!(true)) }
                }),
            );
        let code = "const pid = await tools.__sandbox_pid({}); await tools.enter({pid}); \
                    for (let i = 0; i < 200000; i++) {} await tools.leave({pid}); return pid";
        let runs: Vec<_> = (0..12)
            .map(|_| {
                let (pool, options) = (pool.clone(), options.clone());
                tokio::spawn(async move { pool.run(code, options).await })
            })
            .collect();
        for run in runs {
            let result = run.await.unwrap();
            assert!(result.ok, "{result:?}");
        }
        // 12 runs, at most 2 at once, 3 runs per worker: at least 4 workers served them.
        assert!(
            seen.lock().unwrap().len() >= 4,
            "{:?}",
            seen.lock().unwrap()
        );
        // A crash is replaced: the next run gets a live worker.
        let crashed = pool
            .run("await tools.__sandbox_abort({})", RunOptions::default())
            .await;
        assert_eq!(
            crashed.reason,
            Some(codemode_interpreter::StopReason::SandboxCrashed)
        );
        let after = pool.run("return 8", RunOptions::default()).await;
        assert_eq!(after.value, Some(json!(8)), "{after:?}");
    });
}

/// The resident memory of process `pid`, in KiB.
fn resident_kib(pid: u64) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|line| line.starts_with("VmRSS:"))
        .unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_worker_keeps_a_freed_heap_between_runs_and_gives_it_back_when_idle() {
    use codemode_interpreter::{Interpreter, RunOptions};

    on_runtime(async {
        let pool = pool(1, 64);
        pool.start().await.unwrap();
        // About 40 MB of strings, dropped when the run ends.
        let code = "const keep = []; for (let i = 0; i < 40; i++) keep.push('x'.repeat(1 << 20) + i); \
                    return await tools.__sandbox_pid({})";
        let result = pool.run(code, RunOptions::default()).await;
        let pid = result.value.as_ref().and_then(Value::as_u64).unwrap();
        let after_run = resident_kib(pid);
        tokio::time::sleep(codemode_sandbox::IDLE_AFTER + Duration::from_millis(1500)).await;
        let idle = resident_kib(pid);
        assert!(
            after_run > idle + 20 * 1024,
            "resident after the run: {after_run} KiB; after idling: {idle} KiB"
        );
        // The same worker serves the next run.
        let again = pool
            .run(
                "return await tools.__sandbox_pid({})",
                RunOptions::default(),
            )
            .await;
        assert_eq!(again.value, Some(json!(pid)), "{again:?}");
    });
}

#[test]
fn a_cancelled_busy_run_stops_at_once_and_its_worker_serves_the_next() {
    use std::sync::{Arc, Mutex};

    use codemode_interpreter::{Interpreter, RunOptions, StopReason, Tool};
    use tokio_util::sync::CancellationToken;

    on_runtime(async {
        let pool = Arc::new(pool(1, 64));
        pool.start().await.unwrap();
        let seen: Arc<Mutex<Option<u64>>> = Arc::default();
        let noted = seen.clone();
        let cancel = CancellationToken::new();
        let options = RunOptions::default()
            .with_cancel(cancel.clone())
            .with_timeout(Duration::from_secs(30))
            .with_tool(
                "note",
                Tool::new(move |args| {
                    *noted.lock().unwrap() = args["pid"].as_u64();
                    async { Ok(json!(true)) }
                }),
            );
        let code = "await tools.note({pid: await tools.__sandbox_pid({})}); for (;;) {}";
        let busy = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.run(code, options).await })
        };
        tokio::time::sleep(Duration::from_millis(300)).await;
        let cancelled = std::time::Instant::now();
        cancel.cancel();
        let result = busy.await.unwrap();
        assert_eq!(result.reason, Some(StopReason::Cancelled), "{result:?}");
        // Well within the host's grace (2 s), after which it would kill the worker.
        assert!(
            cancelled.elapsed() < Duration::from_millis(1000),
            "{result:?}"
        );
        let pid = seen.lock().unwrap().unwrap();
        let next = pool
            .run(
                "return await tools.__sandbox_pid({})",
                RunOptions::default(),
            )
            .await;
        assert_eq!(next.value, Some(json!(pid)), "{next:?}");
    });
}
