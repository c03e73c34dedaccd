//! A load driver for `codemode mcp --http`, shared by the test CI runs at a small size
//! (`tests/mcp/http.rs`) and the benchmark (`benches/load.rs`, run by `bench/load.sh`).
//!
//! [`Served`] starts the server process on a config and reads its memory; [`drive`] opens many
//! sessions with rmcp's streamable HTTP client, each making run_code calls in turn from a fixed
//! mix (fast code, parallel upstream calls, a timeout, a heap-limit stop, a thrown error). Every
//! call carries its own nonce and its answer must show it, so an answer that belongs to another
//! request is caught, not just a missing one.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{RoleClient, ServiceExt, service::RunningService};
use serde_json::{Value, json};

/// A `codemode mcp --http 127.0.0.1:0` process, killed when dropped.
pub struct Served {
    child: Child,
    /// `http://127.0.0.1:PORT/mcp`.
    pub url: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Served {
    /// Starts `codemode mcp --config CONFIG --http 127.0.0.1:0 EXTRA` and waits (at most 60 s)
    /// for the line that names its address; the server's other stderr lines are passed on.
    pub fn start(config: &Path, extra: &[&str]) -> Self {
        Self::start_in(Command::new(env!("CARGO_BIN_EXE_codemode")), config, extra)
    }

    /// The same, with the server's open-file limit (soft and hard) set to `open_files` first.
    pub fn start_with_open_files(config: &Path, extra: &[&str], open_files: u32) -> Self {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("ulimit -n {open_files} && exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_codemode"));
        Self::start_in(command, config, extra)
    }

    fn start_in(mut command: Command, config: &Path, extra: &[&str]) -> Self {
        let mut child = command
            .arg("mcp")
            .arg("--config")
            .arg(config)
            .args(["--http", "127.0.0.1:0"])
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("codemode starts");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (found, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(url) = line.strip_prefix("codemode mcp: serving MCP on ") {
                    let _ = found.send(url.to_owned());
                }
                eprintln!("{line}");
            }
        });
        let url = lines
            .recv_timeout(Duration::from_secs(60))
            .expect("the server names its address within 60 s");
        Self { child, url }
    }

    /// Whether the server process is still running.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The server's resident memory, in KiB (`VmRSS` of `/proc/PID/status`).
    pub fn rss_kib(&self) -> u64 {
        self.status_kib("VmRSS:")
    }

    /// The most the server's resident memory has been, in KiB (`VmHWM`).
    pub fn peak_rss_kib(&self) -> u64 {
        self.status_kib("VmHWM:")
    }

    fn status_kib(&self, field: &str) -> u64 {
        status_kib(self.child.id(), field).unwrap_or_else(|| panic!("/proc status has {field}"))
    }

    /// The resident memory of the server's sandbox workers, in KiB: now, and the sum of each
    /// one's peak (`VmRSS` and `VmHWM` of every child whose command line says `sandbox-worker`).
    pub fn workers_kib(&self) -> (u64, u64) {
        let workers = self.children("sandbox-worker");
        let sum = |field: &str| -> u64 {
            workers
                .iter()
                .map(|&pid| status_kib(pid, field).unwrap_or(0))
                .sum()
        };
        (sum("VmRSS:"), sum("VmHWM:"))
    }

    /// The process id of the server's child process (an upstream server) whose command line
    /// contains `marker`.
    pub fn upstream_pid(&self, marker: &str) -> Option<u32> {
        self.children(marker).first().copied()
    }

    /// The server's child processes whose command line contains `marker`, each once.
    fn children(&self, marker: &str) -> Vec<u32> {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{}/task", self.child.id())) else {
            return Vec::new();
        };
        let mut pids: Vec<u32> = tasks
            .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("children")).ok())
            .flat_map(|children| {
                children
                    .split_whitespace()
                    .filter_map(|pid| pid.parse::<u32>().ok())
                    .collect::<Vec<_>>()
            })
            .filter(|pid| {
                std::fs::read(format!("/proc/{pid}/cmdline"))
                    .is_ok_and(|line| String::from_utf8_lossy(&line).contains(marker))
            })
            .collect();
        pids.dedup();
        pids
    }
}

/// A KiB figure of `/proc/PID/status` (`VmRSS:`, `VmHWM:`), if the process is there.
fn status_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
}

/// An MCP session over streamable HTTP.
pub type HttpSession = RunningService<RoleClient, ()>;

/// Opens a session with `url` (initialize and initialized).
pub async fn connect(url: &str) -> Result<HttpSession, String> {
    ().serve(StreamableHttpClientTransport::from_uri(url.to_owned()))
        .await
        .map_err(|error| format!("connecting to {url}: {error}"))
}

/// One kind of run_code call in the mix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A little arithmetic, no tool call.
    Fast,
    /// Three upstream calls at once, over two upstream servers.
    Parallel,
    /// A busy loop stopped by a 150 ms timeout.
    Timeout,
    /// An allocation loop stopped by the heap limit.
    Heap,
    /// An error thrown and not caught.
    Throw,
}

/// The calls a session makes, in turn (shifted by the session's number): fast code four in
/// ten, parallel upstream calls three in ten, one each of the stops.
pub const MIX: [Kind; 10] = [
    Kind::Fast,
    Kind::Parallel,
    Kind::Fast,
    Kind::Timeout,
    Kind::Parallel,
    Kind::Fast,
    Kind::Heap,
    Kind::Parallel,
    Kind::Fast,
    Kind::Throw,
];

impl Kind {
    /// Every kind, in the order reports list them.
    pub const ALL: [Kind; 5] = [
        Kind::Fast,
        Kind::Parallel,
        Kind::Timeout,
        Kind::Heap,
        Kind::Throw,
    ];

    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Fast => "fast code",
            Kind::Parallel => "3 upstream calls at once",
            Kind::Timeout => "timeout (150 ms)",
            Kind::Heap => "heap-limit stop",
            Kind::Throw => "thrown error",
        }
    }

    /// run_code's arguments for the call with `nonce`.
    pub fn arguments(self, nonce: u64) -> Value {
        match self {
            Kind::Fast => json!({
                "code": format!("let s = 0; for (let i = 0; i < 1000; i++) s += i; return {{nonce: {nonce}, s}};")
            }),
            Kind::Parallel => json!({
                "code": format!("const [a, b, n] = await Promise.all([tools.everything__echo({{message: 'a {nonce}'}}), tools.everything__echo({{message: 'b {nonce}'}}), tools.notes__count_notes({{}})]); return {{nonce: {nonce}, a, b, counted: typeof n}};")
            }),
            Kind::Timeout => json!({
                "code": format!("console.log('nonce {nonce}'); while (true) {{}}"),
                "timeoutMs": 150
            }),
            Kind::Heap => json!({
                "code": format!("console.log('nonce {nonce}'); const a = []; while (true) a.push(new Array(100000).fill({nonce}));")
            }),
            Kind::Throw => json!({"code": format!("throw new Error('nonce {nonce}')")}),
        }
    }

    /// Checks that `result` is this kind's answer to the call with `nonce`.
    pub fn check(self, nonce: u64, result: &CallToolResult) -> Result<(), String> {
        let content = result.structured_content.clone().unwrap_or(Value::Null);
        let failed = result.is_error == Some(true);
        let logged = content["logs"] == json!([format!("nonce {nonce}")]);
        let fine = match self {
            Kind::Fast => !failed && content["value"] == json!({"nonce": nonce, "s": 499_500}),
            Kind::Parallel => {
                !failed
                    && content["value"]
                        == json!({"nonce": nonce, "a": format!("Echo: a {nonce}"),
                            "b": format!("Echo: b {nonce}"), "counted": "string"})
            }
            // The timeout counts wall time: with every core busy, it can end the run before
            // its first statement, and then nothing was logged.
            // Under the server's bound on runs, a 150 ms run may time out waiting for a slot
            // (nothing ran, so there is no nonce to show).
            Kind::Timeout => {
                failed
                    && content["reason_code"] == "timeout"
                    && (logged
                        || content["logs"] == json!([])
                        || (content["failure_stage"] == "admission"
                            && content["state_changed"] == json!(false)))
            }
            Kind::Heap => failed && content["reason_code"] == "heap_limit" && logged,
            Kind::Throw => {
                failed
                    && content["reason_code"] == "threw"
                    && content["error"] == json!(format!("Error: nonce {nonce}"))
            }
        };
        if fine {
            Ok(())
        } else {
            Err(format!(
                "{} call {nonce}: unexpected answer {content}",
                self.name()
            ))
        }
    }
}

/// What a load run measured.
#[derive(Debug, Default)]
pub struct Report {
    /// Each answered call's kind and time from request to answer.
    pub latencies: Vec<(Kind, Duration)>,
    /// Each call that went wrong (no answer, an error, an answer that is not its own), and
    /// each session that could not be opened.
    pub failures: Vec<String>,
    /// From when the sessions began to open to the last answer.
    pub elapsed: Duration,
}

impl Report {
    /// The `q` quantile (0 to 1) of the latencies of `kind` (all kinds for `None`).
    pub fn quantile(&self, kind: Option<Kind>, q: f64) -> Option<Duration> {
        let mut times: Vec<Duration> = self
            .latencies
            .iter()
            .filter(|(k, _)| kind.is_none_or(|kind| kind == *k))
            .map(|(_, time)| *time)
            .collect();
        times.sort();
        let last = times.len().checked_sub(1)?;
        // Nearest rank, as `q` of the calls took at most this long.
        let rank = ((q * times.len() as f64).ceil() as usize).saturating_sub(1);
        times.get(rank.min(last)).copied()
    }

    /// Calls of `kind` answered.
    pub fn count(&self, kind: Kind) -> usize {
        self.latencies.iter().filter(|(k, _)| *k == kind).count()
    }

    /// Answered calls per second of the run.
    pub fn runs_per_second(&self) -> f64 {
        self.latencies.len() as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The longest a call may take before it counts as unanswered.
const CALL_LIMIT: Duration = Duration::from_secs(60);

/// Opens `sessions` sessions with the server at `url` at once, each making `calls` run_code
/// calls in turn from [`MIX`]; nonces start at `first_nonce` and are unique across the run.
pub async fn drive(url: &str, sessions: usize, calls: usize, first_nonce: u64) -> Report {
    let started = Instant::now();
    let tasks: Vec<_> = (0..sessions)
        .map(|session| {
            let url = url.to_owned();
            tokio::spawn(async move {
                let mut latencies = Vec::with_capacity(calls);
                let mut failures = Vec::new();
                let client = match connect(&url).await {
                    Ok(client) => client,
                    Err(error) => return (latencies, vec![error]),
                };
                for call in 0..calls {
                    let kind = MIX[(session + call) % MIX.len()];
                    let nonce = first_nonce + (session * calls + call) as u64;
                    let arguments = kind.arguments(nonce);
                    let params = CallToolRequestParams::new("run_code")
                        .with_arguments(arguments.as_object().cloned().unwrap_or_default());
                    let sent = Instant::now();
                    match tokio::time::timeout(CALL_LIMIT, client.call_tool(params)).await {
                        Ok(Ok(result)) => match kind.check(nonce, &result) {
                            Ok(()) => latencies.push((kind, sent.elapsed())),
                            Err(wrong) => failures.push(wrong),
                        },
                        Ok(Err(error)) => {
                            failures.push(format!("{} call {nonce}: {error}", kind.name()))
                        }
                        Err(_) => failures.push(format!(
                            "{} call {nonce}: no answer within {} s",
                            kind.name(),
                            CALL_LIMIT.as_secs()
                        )),
                    }
                }
                let _ = client.cancel().await;
                (latencies, failures)
            })
        })
        .collect();
    let mut report = Report::default();
    for task in tasks {
        match task.await {
            Ok((latencies, failures)) => {
                report.latencies.extend(latencies);
                report.failures.extend(failures);
            }
            Err(error) => report
                .failures
                .push(format!("a session's task failed: {error}")),
        }
    }
    report.elapsed = started.elapsed();
    report
}
