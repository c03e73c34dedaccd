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
    // Both calls start before either ends; each start and end is one notification.
    assert_eq!(progress.len(), 4, "{progress:?}");
    assert_eq!(progress[0], json!("call 1 started: everything__echo"));
    assert_eq!(progress[1], json!("call 2 started: everything__get_sum"));
}
