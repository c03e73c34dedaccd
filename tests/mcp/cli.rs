//! `codemode run --mcp` and `codemode do`: code, or an instruction, with the tools of upstream
//! servers, from the command line.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::{everything, filesystem, notes, run_bounded, scratch, write_config};

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
            "error": "Error: outcome_unknown: upstream server `notes` failed during the call (Transport closed); whether the call took effect is unknown, and the server is being connected again",
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
            "error": "Error: upstream_unavailable: upstream server `notes` is unavailable (its connection was lost; it is being connected again); the call of `notes__list_notes` was not sent",
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

/// Runs `codemode do --mcp CONFIG ARGS` with `stdin`, bounded.
fn codemode_do(config: &Value, args: &[&str], stdin: &str) -> Output {
    let config = write_config(config);
    let mut child = Command::new(env!("CARGO_BIN_EXE_codemode"))
        .arg("do")
        .arg("--mcp")
        .arg(&config)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.as_bytes()).unwrap();
    drop(input);
    crate::common::finish_within(child, Duration::from_secs(90))
}

#[test]
fn do_plans_an_instruction_and_prints_run_instructions_answer() {
    let config = json!({"mcpServers": {"everything": everything()}});
    let output = codemode_do(&config, &["Call get_sum with a 2 and b 3"], "");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut answers = lines(&output);
    assert_eq!(answers.len(), 1);
    let confidence = answers[0]["confidence"].take();
    assert!(confidence.as_f64().is_some_and(|p| p > 0.5), "{confidence}");
    assert_eq!(
        answers[0],
        json!({
            "value": {"ok": true, "value": "The sum of 2 and 3 is 5."},
            "calls": [{"tool": "everything__get_sum", "outcome": "returned"}],
            "plan": {"mode": "single", "calls": [{"tool": "everything__get_sum", "args": {"a": 2, "b": 3}}], "output": {"kind": "last"}},
            "confidence": null
        })
    );
    // --show-js adds the JavaScript it ran, which `codemode run --mcp` runs to the same value.
    let output = codemode_do(&config, &["--show-js", "Call get_sum with a 2 and b 3"], "");
    let js = lines(&output)[0]["js"].as_str().unwrap().to_owned();
    let rerun = run_with_mcp(&config, &[&js]);
    assert_eq!(
        lines(&rerun)[0]["value"],
        json!({"ok": true, "value": "The sum of 2 and 3 is 5."})
    );
}

#[test]
fn do_answers_json_lines_one_line_each_in_order_and_exits_1_on_a_failure() {
    let config = json!({"mcpServers": {"everything": everything(), "notes": notes()}});
    let input = [
        r#"{"instruction": "Call echo with message \"one\""}"#,
        "this line is not JSON",
        r#"{"instruction": "Call add_note with text \"a\" and then count_notes, only the last result"}"#,
        r#"{"instruction": "If count_notes is above 3, call echo with message \"many\""}"#,
        r#"{"instruction": "Call echo with message \"x\"", "tools": ["nope"]}"#,
        r#"{"instruction": "Call count_notes"}"#,
    ]
    .join("\n");
    let output = codemode_do(&config, &[], &input);
    assert_eq!(output.status.code(), Some(1));
    let answers = lines(&output);
    assert_eq!(answers.len(), 6, "{answers:?}");
    assert_eq!(
        answers[0]["value"],
        json!({"ok": true, "value": "Echo: one"})
    );
    assert_eq!(
        answers[1],
        json!({"diagnostic": "input: not valid JSON: expected ident at line 1 column 2"})
    );
    assert_eq!(answers[2]["value"], json!({"ok": true, "value": "1"}));
    assert_eq!(answers[3]["reason_code"], json!("not_planned"));
    assert_eq!(answers[3]["follow_up"], json!({"tool": "run_code"}));
    assert_eq!(answers[4]["reason_code"], json!("invalid_input"));
    assert_eq!(answers[5]["value"], json!({"ok": true, "value": "1"}));
    for answer in &answers {
        assert_eq!(answer.get("js"), None, "{answer}");
    }
}

#[test]
fn do_catalog_lists_each_tools_entry_or_why_the_planner_cannot_plan_it() {
    let root = scratch();
    let config = json!({"mcpServers": {"notes": notes(), "fs": filesystem(&root)}});
    let output = codemode_do(&config, &["--catalog"], "");
    assert_eq!(output.status.code(), Some(0));
    let answers = lines(&output);
    let find = |tool: &str| {
        answers
            .iter()
            .find(|line| line["tool"] == tool)
            .unwrap_or_else(|| panic!("no {tool} in {answers:?}"))
            .clone()
    };
    assert_eq!(
        find("notes__list_notes"),
        json!({"tool": "notes__list_notes", "aliases": ["list_notes"],
               "entry": {"name": "notes__list_notes", "arguments": {}, "required": [],
                         "returns": {"kind": "array", "properties": ["id", "text"]}},
               "rows": "notes"})
    );
    assert_eq!(
        find("fs__search_files")["omitted"],
        json!(["excludePatterns"])
    );
    assert_eq!(
        find("fs__read_multiple_files"),
        json!({"tool": "fs__read_multiple_files", "aliases": ["read_multiple_files"],
               "left_out": "argument `paths` is an array; the planner passes only strings, numbers and booleans"})
    );
}

#[test]
fn do_refuses_a_bad_least_confidence_and_a_config_without_a_planner() {
    let config = json!({"mcpServers": {"everything": everything()}});
    let output = codemode_do(&config, &["--min-confidence", "1.5", "Call echo"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).trim(),
        "codemode: --min-confidence must be a probability from 0 to 1, not 1.5"
    );
    let off = json!({"mcpServers": {"everything": everything()}, "planner": false});
    let output = codemode_do(&off, &["Call echo with message \"x\""], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("the config's `planner` is false: there is no planner to plan with"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
