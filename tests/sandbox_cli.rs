//! `codemode run` and `codemode conformance` end to end, through the built binary.
#![allow(clippy::unwrap_used)] // a test fails loudly on what it did not expect

use std::io::Write;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

mod common;

fn codemode() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_codemode"));
    command.stdin(Stdio::null()).stdout(Stdio::piped());
    command
}

/// Starts `codemode ARGS` and writes `stdin` to it (closing it after).
fn spawn_with_stdin(command: &mut Command, stdin: &[u8]) -> Child {
    let mut child = command.stdin(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child
}

#[test]
fn run_prints_one_result_per_file_in_order_and_exits_1_when_one_fails() {
    let dir = std::env::temp_dir().join(format!("codemode-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ok = dir.join("ok.js");
    let busy = dir.join("busy.js");
    std::fs::write(&ok, "console.log('hi'); return [1, 2]").unwrap();
    std::fs::write(&busy, "while (true) {}").unwrap();
    let child = spawn_with_stdin(
        codemode()
            .args(["run", "--timeout-ms", "200"])
            .arg(&ok)
            .arg("-")
            .arg(&busy),
        b"return 40 + 2",
    );
    let output = common::finish_within(child, Duration::from_secs(30));
    assert_eq!(output.status.code(), Some(1));
    let lines = common::json_lines(&String::from_utf8(output.stdout).unwrap());
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["value"], serde_json::json!([1, 2]));
    assert_eq!(lines[0]["logs"], serde_json::json!(["hi"]));
    assert_eq!(lines[1]["value"], serde_json::json!(42));
    assert_eq!(lines[2]["reason"], "timeout");
    assert_eq!(lines[2]["timedOut"], true);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_that_cannot_be_read_gets_its_own_line_and_the_batch_goes_on() {
    let dir = std::env::temp_dir().join(format!("codemode-unreadable-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("latin1.js");
    let ok = dir.join("ok.js");
    std::fs::write(&bad, b"return '\xe9t\xe9'").unwrap();
    std::fs::write(&ok, "return 7").unwrap();
    let output = codemode()
        .arg("run")
        .arg(&bad)
        .arg(dir.join("missing.js"))
        .arg(&ok)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let lines = common::json_lines(&String::from_utf8(output.stdout).unwrap());
    assert_eq!(lines.len(), 3);
    for line in &lines[..2] {
        assert_eq!(line["ok"], false);
        assert_eq!(line["reason"], "syntax");
        assert!(
            line["error"].as_str().unwrap().starts_with("cannot read"),
            "{line}"
        );
    }
    assert_eq!(lines[2]["value"], 7);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_applies_the_limit_flags() {
    let child = spawn_with_stdin(
        codemode().args(["run", "--max-log-chars", "3", "--memory-mb", "8", "-"]),
        b"console.log('abcdef'); const a = []; for (;;) a.push(new Array(1000))",
    );
    let output = common::finish_within(child, Duration::from_secs(30));
    let result: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(result["reason"], "heap_limit");
    assert_eq!(result["logs"][0], "abc");
    assert_eq!(result["logsTruncated"], true);
}

#[test]
fn conformance_passes_on_the_built_in_interpreter_and_on_the_node_peer() {
    let peer = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/node-interpreter.mjs");
    for extra in [vec![], vec!["--exec".to_owned(), format!("node {peer}")]] {
        let child = codemode()
            .args(["conformance", "--json"])
            .args(extra)
            .spawn()
            .unwrap();
        let output = common::finish_within(child, Duration::from_secs(120));
        let report: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["passed"], true, "{report}");
        assert_eq!(output.status.code(), Some(0));
    }
}

#[test]
fn conformance_exits_1_when_a_check_fails() {
    let child = codemode()
        .args(["conformance", "--exec", "false"])
        .spawn()
        .unwrap();
    let output = common::finish_within(child, Duration::from_secs(60));
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.lines().any(|l| l.starts_with("FAIL ")), "{text}");
    assert!(text.trim_end().ends_with("failed"));
}
