//! `codemode run --mcp`: code with the tools of upstream servers, from the command line.

use std::process::{Command, Output};
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::{everything, notes, run_bounded, scratch, write_config};

/// Runs `codemode run --mcp CONFIG` on each piece of code, one file each.
fn run_with_mcp(config: &Value, codes: &[&str]) -> Output {
    let config = write_config(config);
    let dir = scratch();
    let mut command = Command::new(env!("CARGO_BIN_EXE_codemode"));
    command.arg("run").arg("--mcp").arg(&config);
    for (i, code) in codes.iter().enumerate() {
        let file = dir.join(format!("code{i}.js"));
        std::fs::write(&file, code).unwrap();
        command.arg(file);
    }
    run_bounded(&mut command, Duration::from_secs(60))
}

fn lines(output: &Output) -> Vec<Value> {
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn run_with_mcp_gives_code_the_upstream_tools_under_the_config_policy() {
    let output = run_with_mcp(
        &json!({"mcpServers": {"notes": notes()}}),
        &[
            r#"const {id} = await tools.notes__add_note({text: "milk"});
               try { await tools.notes__delete_note({id}); } catch (e) { console.log(e.message); }
               return (await tools.notes__list_notes()).notes;"#,
            "return await tools.notes__count_notes()",
        ],
    );
    let results = lines(&output);
    assert_eq!(
        results,
        vec![
            json!({
                "value": [{"id": 1, "text": "milk"}],
                "logs": ["approval required: `notes__delete_note` needs a person's approval (`notes__delete_note` is declared destructive), which code cannot wait for; the run's result names this call as `follow_up`, to make directly"],
                "calls": [
                    {"tool": "notes__add_note", "outcome": "returned"},
                    {"tool": "notes__delete_note", "outcome": "refused"},
                    {"tool": "notes__list_notes", "outcome": "returned"}
                ],
                "follow_up": {"tool": "notes__delete_note", "arguments": {"id": 1}}
            }),
            // The exact name wins over `count-notes`, which would be named the same.
            json!({
                "value": "1",
                "calls": [{"tool": "notes__count_notes", "outcome": "returned"}]
            }),
        ]
    );
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("codemode mcp: upstream server `notes`: `count-notes` left out, since another tool would be named `notes__count_notes` too"),
        "{stderr}"
    );
}

#[test]
fn a_value_larger_than_the_config_allows_fails_with_the_limit_named() {
    let output = run_with_mcp(
        &json!({"mcpServers": {"everything": everything()}, "maxValueBytes": 1024}),
        &[
            "const echo = await tools.everything__echo({message: 'x'.repeat(2000)}); return echo",
            "const echo = await tools.everything__echo({message: 'x'.repeat(2000)}); return echo.length",
        ],
    );
    let results = lines(&output);
    assert_eq!(results.len(), 2, "{output:?}");
    assert_eq!(
        results[0],
        json!({
            "reason_code": "value_too_large",
            "failure_stage": "result",
            "error": "the returned value is 2008 bytes of JSON, more than the limit of 1024 bytes",
            "state_changed": false,
            "outcome_unknown": false,
            "logs": [],
            "calls": [{"tool": "everything__echo", "outcome": "returned"}]
        })
    );
    assert_eq!(
        results[1],
        json!({"value": 2006, "calls": [{"tool": "everything__echo", "outcome": "returned"}]})
    );
}

#[test]
fn an_upstream_server_that_dies_gives_clear_errors_to_the_calls_that_need_it() {
    let output = run_with_mcp(
        &json!({"mcpServers": {"notes": notes(), "everything": everything()}}),
        &[
            "await tools.notes__crash(); return 1",
            "return await tools.notes__list_notes()",
            "return await tools.everything__echo({message: 'still here'})",
        ],
    );
    let results = lines(&output);
    assert_eq!(results.len(), 3, "{output:?}");
    assert_eq!(
        results[0],
        json!({
            "reason_code": "threw",
            "failure_stage": "run",
            "error": "Error: upstream server `notes` stopped during the call (Transport closed); whether the call took effect is unknown",
            "state_changed": "unknown",
            "outcome_unknown": true,
            "logs": [],
            "calls": [{"tool": "notes__crash", "outcome": "unknown"}]
        })
    );
    assert_eq!(
        results[1],
        json!({
            "reason_code": "threw",
            "failure_stage": "run",
            "error": "Error: upstream server `notes` is not running: its connection closed",
            "state_changed": false,
            "outcome_unknown": false,
            "logs": [],
            "calls": [{"tool": "notes__list_notes", "outcome": "failed"}]
        })
    );
    assert_eq!(
        results[2],
        json!({
            "value": "Echo: still here",
            "calls": [{"tool": "everything__echo", "outcome": "returned"}]
        })
    );
    assert_eq!(output.status.code(), Some(1), "a failed run exits 1");
}

#[test]
fn an_upstream_server_gets_the_config_env_and_only_a_few_host_variables() {
    let mut server = everything();
    server["env"] = json!({"FROM_CONFIG": "yes"});
    let config = write_config(&json!({"mcpServers": {"everything": server}}));
    let code = scratch().join("env.js");
    std::fs::write(
        &code,
        "return Object.keys(JSON.parse(await tools.everything__get_env())).sort()",
    )
    .unwrap();
    let output = run_bounded(
        Command::new(env!("CARGO_BIN_EXE_codemode"))
            .args(["run", "--mcp"])
            .arg(&config)
            .arg(&code)
            .env("CODEMODE_TEST_SECRET", "not for servers")
            .env("HOME", "/home/tester")
            .env("PATH", std::env::var("PATH").unwrap()),
        Duration::from_secs(60),
    );
    let result = &lines(&output)[0];
    let names: Vec<&str> = result["value"]
        .as_array()
        .unwrap()
        .iter()
        .map(|name| name.as_str().unwrap())
        .collect();
    assert!(names.contains(&"FROM_CONFIG"), "{names:?}");
    assert!(
        names.contains(&"HOME") && names.contains(&"PATH"),
        "{names:?}"
    );
    let allowed = [
        "FROM_CONFIG",
        "HOME",
        "LOGNAME",
        "PATH",
        "SHELL",
        "TERM",
        "USER",
    ];
    assert!(
        names.iter().all(|name| allowed.contains(name)),
        "a host variable reached the server: {names:?}"
    );
}

#[test]
fn a_malformed_config_is_refused_with_its_place() {
    let config = write_config(&json!({"mcpServers": {"fs": {"command": "x", "args": ["a", 1]}}}));
    let output = run_with_mcp_path(&config);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).trim(),
        format!(
            "codemode: {}: mcpServers.fs.args[1]: expected a string, not a number",
            config.display()
        )
    );
    let missing = scratch().join("absent.json");
    let output = run_with_mcp_path(&missing);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(&format!(
            "codemode: cannot read the config {}: ",
            missing.display()
        )),
        "{stderr}"
    );
}

fn run_with_mcp_path(config: &std::path::Path) -> Output {
    let code = scratch().join("code.js");
    std::fs::write(&code, "return 1").unwrap();
    run_bounded(
        Command::new(env!("CARGO_BIN_EXE_codemode"))
            .args(["run", "--mcp"])
            .arg(config)
            .arg(code),
        Duration::from_secs(30),
    )
}
