//! A client written by others: the Python `mcp` package drives `codemode mcp`.

use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::{everything, fixtures, run_bounded, write_config};

/// `python_client.py` driving `codemode mcp --config CONFIG`: run_code with `code`, then
/// run_instruction with each of `instructions` (at most 90 s in all).
pub(crate) fn python_client(config: &Path, code: &str, instructions: &[&str]) -> Output {
    run_bounded(
        Command::new(fixtures().join(".venv/bin/python"))
            .arg(fixtures().join("python_client.py"))
            .arg(env!("CARGO_BIN_EXE_codemode"))
            .arg(config)
            .arg(code)
            .args(instructions),
        Duration::from_secs(90),
    )
}

#[test]
fn the_python_mcp_client_runs_code_that_calls_two_tools_at_once_and_plans_instructions() {
    let config = write_config(&json!({"mcpServers": {"everything": everything()}}));
    let output = python_client(
        &config,
        "const [echo, sum] = await Promise.all([
           tools.everything__echo({message: 'hi'}),
           tools.everything__get_sum({a: 20, b: 22}),
         ]);
         return {echo, sum};",
        &[
            "Call echo with message \"from python\" and get_sum with a 20 and b 22 in parallel, only the last result",
            "If get_sum with a 1 and b 1 is 2, call echo with message \"two\"",
        ],
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
    let mut instructions = report["instructions"].take();
    // The plans' JavaScript and confidence are checked by the rmcp tests; here, what a Python
    // client gets back.
    let planned = instructions[0]["structuredContent"]
        .as_object_mut()
        .unwrap();
    assert!(planned.remove("js").is_some());
    assert!(planned.remove("confidence").is_some());
    assert_eq!(
        instructions,
        json!([
            {
                "structuredContent": {
                    "value": {"ok": true, "value": "The sum of 20 and 22 is 42."},
                    "calls": [
                        {"tool": "everything__echo", "outcome": "returned"},
                        {"tool": "everything__get_sum", "outcome": "returned"}
                    ],
                    "plan": {"mode": "parallel", "calls": [
                        {"tool": "everything__echo", "args": {"message": "from python"}},
                        {"tool": "everything__get_sum", "args": {"a": 20, "b": 22}}
                    ], "output": {"kind": "last"}}
                },
                "isError": false
            },
            {
                "structuredContent": {
                    "reason_code": "not_planned",
                    "failure_stage": "plan",
                    "error": "instruction: a condition (if, unless, when) is not supported",
                    "state_changed": false,
                    "outcome_unknown": false,
                    "follow_up": {"tool": "run_code"},
                    "declarations": instructions[1]["structuredContent"]["declarations"].clone()
                },
                "isError": true
            }
        ])
    );
    assert!(
        instructions[1]["structuredContent"]["declarations"]
            .as_str()
            .unwrap()
            .contains("everything__get_sum(args: {")
    );
    assert_eq!(
        report,
        json!({
            "tools": ["run_code", "run_instruction"],
            "description": null,
            "structuredContent": {
                "value": {"echo": "Echo: hi", "sum": "The sum of 20 and 22 is 42."},
                "calls": [
                    {"tool": "everything__echo", "outcome": "returned"},
                    {"tool": "everything__get_sum", "outcome": "returned"}
                ]
            },
            "isError": false,
            "progress": null,
            "instructions": null
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
