//! Helpers shared by the integration tests: running the binary, running Node, golden files.
#![allow(clippy::unwrap_used, dead_code)] // a test fails loudly on what it did not expect; not every test uses every helper

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::OnceLock;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::Value;

/// The path of the `codemode` binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_codemode")
}

/// Runs `codemode ARGS` with `stdin` and returns its stdout; fails the test when it does not exit 0.
pub fn codemode(args: &[&str], stdin: &str) -> String {
    let output = pipe(Command::new(bin()).args(args), stdin);
    assert!(
        output.status.success(),
        "codemode {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("utf-8 output")
}

/// Runs a command with `stdin` written to it and collects its output.
pub fn pipe(command: &mut Command, stdin: &str) -> std::process::Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let mut input = child.stdin.take().expect("stdin");
    let text = stdin.to_owned();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let output = child.wait_with_output().expect("the command finishes");
    writer.join().expect("writer");
    output
}

/// Parses JSON lines, keeping lone surrogates.
pub fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| codemode_plan::json::parse(l).expect("a JSON line"))
        .collect()
}

/// Runs `tests/node/run_cases.mjs` on the cases, one JSON object per case, in one Node process.
pub fn run_node(cases: &[Value]) -> Vec<Value> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node/run_cases.mjs");
    let input: String = cases
        .iter()
        .map(|c| codemode_plan::json::to_string(c) + "\n")
        .collect();
    let output = pipe(Command::new("node").arg(script), &input);
    assert!(
        output.status.success(),
        "node failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    json_lines(&String::from_utf8(output.stdout).expect("utf-8"))
}

/// The data folder of the golden tests.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The folder of BFCL's files (`target/bfcl`: `eligible.jsonl`, `functions.jsonl`,
/// `queries.jsonl`), made by `scripts/bfcl.py --if-needed` from the pinned `bfcl-eval` wheel once
/// per test binary; the script holds a lock, so runs that overlap do not write over each other.
pub fn bfcl_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        // `<target dir>/tmp`, wherever CARGO_TARGET_DIR puts the target dir.
        let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap();
        let dir = target.join("bfcl");
        let child = Command::new("python3")
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/bfcl.py"))
            .args(["--if-needed", "--out"])
            .arg(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("python3 starts");
        let output = finish_within(child, Duration::from_secs(600));
        assert!(
            output.status.success(),
            "scripts/bfcl.py failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        dir
    })
    .clone()
}

/// Compares `actual` with the golden file at `path`; with `UPDATE_EXPECT=1`, rewrites it instead.
pub fn check(path: &Path, actual: &str) {
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(path, actual).expect("the golden file is written");
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_else(|_| {
        panic!(
            "{} is missing; run with UPDATE_EXPECT=1 to create it",
            path.display()
        )
    });
    if expected != actual {
        let first = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{} differs from the output at line {}:\n expected: {}\n   actual: {}\n(run with UPDATE_EXPECT=1 to accept the new output)",
            path.display(),
            first + 1,
            expected.lines().nth(first).unwrap_or("<end>"),
            actual.lines().nth(first).unwrap_or("<end>"),
        );
    }
}

/// Waits for `child` at most `limit`, killing it (and failing the test) past that. Its piped
/// stdout and stderr are read while it runs, so a full pipe never stalls it; an output that was
/// not piped comes back empty.
pub fn finish_within(mut child: Child, limit: Duration) -> Output {
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("the command did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// Reads a pipe to its end on a thread of its own.
fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut text = Vec::new();
        if let Some(mut pipe) = pipe {
            pipe.read_to_end(&mut text).unwrap();
        }
        text
    })
}
