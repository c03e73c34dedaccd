//! A process interpreter that dies, hangs, breaks the protocol or cannot start fails its runs with
//! a typed reason, within a bounded time, and a dead process is replaced on the next run.

use std::time::{Duration, Instant};

use codemode_interpreter::{Interpreter, ProcessInterpreter, RunOptions, RunResult, StopReason};
use serde_json::json;

const BOUND: Duration = Duration::from_secs(20);

async fn run(interpreter: &ProcessInterpreter, code: &str, options: RunOptions) -> RunResult {
    tokio::time::timeout(BOUND, interpreter.run(code, options))
        .await
        .expect("the run came back within the bound")
}

/// A child that exits on its first start, and answers every run with the code's length after.
const ONCE_DEAD: &str = r#"
const fs = require('fs');
const marker = process.argv[1];
if (!fs.existsSync(marker)) { fs.writeFileSync(marker, ''); process.exit(1); }
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.type === 'run') {
    console.log(JSON.stringify({ type: 'done', id: m.id, result: { ok: true, value: m.code.length, logs: [] } }));
  }
});
"#;

#[tokio::test]
async fn a_process_that_exits_fails_the_run_and_the_next_run_starts_a_new_one() {
    let marker = std::env::temp_dir().join(format!("codemode-once-dead-{}", std::process::id()));
    let _ = std::fs::remove_file(&marker);
    let interpreter = ProcessInterpreter::new(vec![
        "node".into(),
        "-e".into(),
        ONCE_DEAD.into(),
        marker.display().to_string(),
    ]);
    let first = run(&interpreter, "return 1", RunOptions::default()).await;
    assert_eq!(first.reason, Some(StopReason::Internal), "{first:?}");
    let second = run(&interpreter, "return 12", RunOptions::default()).await;
    assert_eq!(second.value, Some(json!(9)), "{second:?}");
    let _ = std::fs::remove_file(&marker);
}

#[tokio::test]
async fn a_process_that_never_answers_is_timed_out_by_the_host() {
    let interpreter =
        ProcessInterpreter::new(vec!["sh".into(), "-c".into(), "cat > /dev/null".into()])
            .with_grace(Duration::from_millis(100));
    let started = Instant::now();
    let options = RunOptions::default().with_timeout(Duration::from_millis(200));
    let result = run(&interpreter, "while (true) {}", options).await;
    assert_eq!(result.reason, Some(StopReason::Timeout), "{result:?}");
    assert!(result.timed_out);
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[tokio::test]
async fn a_process_that_breaks_the_protocol_fails_the_run() {
    let interpreter = ProcessInterpreter::new(vec![
        "sh".into(),
        "-c".into(),
        "read line; echo not-json; cat > /dev/null".into(),
    ]);
    let result = run(&interpreter, "return 1", RunOptions::default()).await;
    assert_eq!(result.reason, Some(StopReason::Internal), "{result:?}");
    assert!(result.error.unwrap_or_default().contains("invalid message"));
}

#[tokio::test]
async fn a_command_that_cannot_start_is_an_internal_failure() {
    let interpreter = ProcessInterpreter::new(vec!["/nonexistent/interpreter".into()]);
    let result = run(&interpreter, "return 1", RunOptions::default()).await;
    assert_eq!(result.reason, Some(StopReason::Internal));
    assert!(result.error.unwrap_or_default().contains("cannot start"));
}

#[tokio::test]
async fn an_empty_command_is_an_internal_failure() {
    let result = run(
        &ProcessInterpreter::new(Vec::new()),
        "return 1",
        RunOptions::default(),
    )
    .await;
    assert_eq!(result.reason, Some(StopReason::Internal));
}

/// A child that records the cancel messages it gets in a file, and never finishes a run.
const RECORDS_CANCELS: &str = r#"
const fs = require('fs');
const log = process.argv[1];
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.type === 'cancel') fs.appendFileSync(log, `cancel ${m.id}\n`);
});
"#;

#[tokio::test]
async fn a_run_dropped_by_its_caller_is_cancelled_in_the_process() {
    let log = std::env::temp_dir().join(format!("codemode-cancels-{}", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let interpreter = ProcessInterpreter::new(vec![
        "node".into(),
        "-e".into(),
        RECORDS_CANCELS.into(),
        log.display().to_string(),
    ]);
    let abandoned = tokio::time::timeout(
        Duration::from_millis(300),
        interpreter.run("while (true) {}", RunOptions::default()),
    )
    .await;
    assert!(abandoned.is_err(), "the run cannot finish");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if std::fs::read_to_string(&log)
            .unwrap_or_default()
            .contains("cancel 1")
        {
            break;
        }
        assert!(Instant::now() < deadline, "no cancel reached the process");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let _ = std::fs::remove_file(&log);
}

#[tokio::test]
async fn a_process_that_stops_reading_its_input_cannot_hold_a_run_past_its_bound() {
    let interpreter = ProcessInterpreter::new(vec!["sh".into(), "-c".into(), "sleep 30".into()])
        .with_grace(Duration::from_millis(200));
    // Larger than a pipe's buffer, so the write blocks on a process that never reads.
    let code = format!("return '{}'", "x".repeat(1 << 20));
    let started = Instant::now();
    let options = RunOptions::default().with_timeout(Duration::from_millis(200));
    let result = run(&interpreter, &code, options).await;
    assert!(!result.ok);
    assert_eq!(result.reason, Some(StopReason::Internal), "{result:?}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "took {:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn a_line_past_the_bound_breaks_the_protocol_with_the_chosen_reason() {
    // 100 KB of one line, never ended: the host stops reading at the bound instead of holding it.
    let interpreter = ProcessInterpreter::new(vec![
        "sh".into(),
        "-c".into(),
        "read line; head -c 100000 /dev/zero | tr '\\0' x; cat > /dev/null".into(),
    ])
    .with_max_line_bytes(1000)
    .with_death_reason(StopReason::SandboxCrashed);
    let result = run(&interpreter, "return 1", RunOptions::default()).await;
    assert_eq!(
        result.reason,
        Some(StopReason::SandboxCrashed),
        "{result:?}"
    );
    assert!(
        result
            .error
            .unwrap_or_default()
            .contains("a line longer than 1000 bytes"),
    );
}

#[tokio::test]
async fn a_killed_process_is_reported_with_its_signal() {
    let interpreter = ProcessInterpreter::new(vec![
        "sh".into(),
        "-c".into(),
        "read line; kill -SEGV $$".into(),
    ]);
    let result = run(&interpreter, "return 1", RunOptions::default()).await;
    assert_eq!(result.reason, Some(StopReason::Internal), "{result:?}");
    assert!(
        result
            .error
            .as_deref()
            .unwrap_or_default()
            .contains("killed by signal 11"),
        "{result:?}"
    );
}

#[tokio::test]
async fn a_clean_environment_holds_none_of_the_hosts_variables() {
    // The child answers with the number of its environment's variables that the host has too
    // (`PWD` aside, which the shell sets itself); the host has at least `PATH`.
    assert!(std::env::var_os("PATH").is_some());
    let script = r#"read line; id=$(echo "$line" | sed 's/.*"id":\([0-9]*\).*/\1/'); n=$(env | grep -v '^PWD=' | grep -c -e '^PATH=' -e '^HOME='); echo "{\"type\":\"done\",\"id\":$id,\"result\":{\"ok\":true,\"value\":$n,\"logs\":[]}}"; cat > /dev/null"#;
    let command = vec!["/bin/sh".to_owned(), "-c".to_owned(), script.to_owned()];
    let inherited = ProcessInterpreter::new(command.clone());
    let result = run(&inherited, "return 1", RunOptions::default()).await;
    assert!(
        result.value.as_ref().and_then(|v| v.as_u64()) >= Some(1),
        "{result:?}"
    );
    let clean = ProcessInterpreter::new(command).with_clean_environment();
    let result = run(&clean, "return 1", RunOptions::default()).await;
    assert_eq!(result.value, Some(json!(0)), "{result:?}");
}
