//! A client written by others: the Python `mcp` package drives `codemode mcp`.

use std::process::Command;
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::{everything, fixtures, run_bounded, write_config};

#[test]
fn the_python_mcp_client_lists_run_code_and_runs_code_that_calls_two_tools_at_once() {
    let config = write_config(&json!({"mcpServers": {"everything": everything()}}));
    let output = run_bounded(
        Command::new(fixtures().join(".venv/bin/python"))
            .arg(fixtures().join("python_client.py"))
            .arg(env!("CARGO_BIN_EXE_codemode"))
            .arg(&config)
            .arg(
                "const [echo, sum] = await Promise.all([
                   tools.everything__echo({message: 'hi'}),
                   tools.everything__get_sum({a: 20, b: 22}),
                 ]);
                 return {echo, sum};",
            ),
        Duration::from_secs(90),
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let description = report["description"].take();
    assert!(
        description
            .as_str()
            .unwrap()
            .contains("declare const tools: {"),
        "{description}"
    );
    let progress: Vec<Value> = report["progress"].take().as_array().unwrap().clone();
    assert_eq!(
        report,
        json!({
            "tools": ["run_code"],
            "description": null,
            "structuredContent": {
                "value": {"echo": "Echo: hi", "sum": "The sum of 20 and 22 is 42."},
                "calls": [
                    {"tool": "everything__echo", "outcome": "returned"},
                    {"tool": "everything__get_sum", "outcome": "returned"}
                ]
            },
            "isError": false,
            "progress": null
        })
    );
    // Each start and each end is one notification, and the calls start in the order the code
    // made them. Whether call 1 has ended by the time call 2 starts is up to the machine: a thread
    // preempted while starting call 1 may find its answer already back (the conformance suite
    // proves that calls overlap, with tools that take a known time).
    let position = |message: &str| {
        progress
            .iter()
            .position(|seen| seen == message)
            .unwrap_or_else(|| panic!("no {message:?} in {progress:?}"))
    };
    assert_eq!(progress.len(), 4, "{progress:?}");
    assert_eq!(position("call 1 started: everything__echo"), 0);
    assert!(
        position("call 1 returned: everything__echo") > 0,
        "{progress:?}"
    );
    assert!(
        position("call 2 started: everything__get_sum")
            < position("call 2 returned: everything__get_sum"),
        "{progress:?}"
    );
}
