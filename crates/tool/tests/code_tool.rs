//! Contract tests of `run_code` with fake host tools and the real QuickJS sandbox: policy
//! outcomes, input normalization, every reason code, unknown outcomes and progress.
#![allow(clippy::unwrap_used)]

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use codemode_interpreter::{Interpreter, Limits, ProcessInterpreter};
use codemode_quickjs::{Config, QuickJs};
use codemode_tool::{
    AllowAll, Approval, ApprovalRequest, Approver, CallContext, CodeToolOptions, Decision,
    FollowHints, Handler, Hints, Lists, ProgressEvent, ProgressSink, ToolDefinition, ToolOutput,
    call_tool, code_tool,
};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

/// Every wait in these tests is bounded.
async fn bounded<T>(future: impl Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(20), future)
        .await
        .expect("the test waited more than 20 s")
}

fn quickjs() -> Arc<dyn Interpreter> {
    Arc::new(QuickJs::new(Config {
        limits: Limits {
            memory_mb: 16,
            max_calls: 5,
            ..Limits::default()
        },
        max_value_bytes: 1024,
        ..Config::default()
    }))
}

/// The fake host: `add` (read-only), `lookup` (read-only, fails on "missing"), `write`
/// (non-destructive but changes state, counts its calls), `drop_table` (destructive), `hang`
/// (never settles), `send` (loses its connection mid-call) and `secret` (denied by the test
/// policies).
struct Host {
    writes: Arc<AtomicUsize>,
    tools: Vec<ToolDefinition>,
}

fn host() -> Host {
    let writes = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&writes);
    let tools = vec![
        ToolDefinition::new(
            "add",
            "Adds a and b.",
            Handler::new(|args: Value, _| async move {
                ToolOutput::ok(json!(args["a"].as_i64().unwrap_or(0) + args["b"].as_i64().unwrap_or(0)))
            }),
        )
        .with_input_schema(json!({"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["a", "b"]}))
        .with_output_schema(json!({"type": "integer"}))
        .with_hints(Hints::read_only()),
        ToolDefinition::new(
            "lookup",
            "Finds a user by id.",
            Handler::new(|args: Value, _| async move {
                match args["id"].as_str() {
                    Some("missing") => ToolOutput::error("no user with id `missing`"),
                    Some(id) => ToolOutput::ok(json!({"id": id, "team": "blue"})),
                    None => ToolOutput::error(json!({"error": "id must be a string"})),
                }
            }),
        )
        .with_hints(Hints::read_only()),
        ToolDefinition::new(
            "write",
            "Appends a line.",
            Handler::new(move |_, _| {
                let counter = Arc::clone(&counter);
                async move {
                    counter.fetch_add(1, Ordering::SeqCst);
                    ToolOutput::ok(json!("written"))
                }
            }),
        )
        .with_hints(Hints {
            read_only: Some(false),
            destructive: Some(false),
            ..Hints::default()
        }),
        ToolDefinition::new(
            "drop_table",
            "Drops a table.",
            Handler::new(|_, _| async { ToolOutput::ok(json!("dropped")) }),
        )
        .with_hints(Hints::destructive()),
        ToolDefinition::new(
            "hang",
            "Never answers.",
            Handler::new(|_, _| std::future::pending::<ToolOutput>()),
        )
        .with_hints(Hints {
            read_only: Some(false),
            destructive: Some(false),
            ..Hints::default()
        }),
        ToolDefinition::new(
            "send",
            "Sends a message; its connection drops mid-call.",
            Handler::new(|_, _| async { ToolOutput::unknown("the connection closed during the call") }),
        )
        .with_hints(Hints {
            read_only: Some(false),
            destructive: Some(false),
            ..Hints::default()
        }),
        ToolDefinition::new(
            "secret",
            "Reads a secret.",
            Handler::new(|_, _| async { ToolOutput::ok(json!("hunter2")) }),
        )
        .with_hints(Hints::read_only()),
    ];
    Host { writes, tools }
}

/// `run_code` over the fake host with FollowHints for the code's calls, `secret` denied.
fn run_code(host: &Host) -> ToolDefinition {
    run_code_with(host, CodeToolOptions::default())
}

fn run_code_with(host: &Host, options: CodeToolOptions) -> ToolDefinition {
    code_tool(
        quickjs(),
        CodeToolOptions {
            tools: host.tools.clone(),
            policy: Arc::new(Lists::new(FollowHints).deny("secret")),
            ..options
        },
    )
}

/// Runs `code` through the host's own admission (code is granted).
async fn run(tool: &ToolDefinition, arguments: Value) -> ToolOutput {
    bounded(call_tool(
        tool,
        arguments,
        &AllowAll,
        CallContext::default(),
    ))
    .await
}

async fn run_js(tool: &ToolDefinition, code: &str) -> ToolOutput {
    run(tool, json!({"code": code})).await
}

#[tokio::test]
async fn success_is_the_value_and_the_calls_and_nothing_that_restates_them() {
    let host = host();
    let tool = run_code(&host);
    let output = run_js(&tool, "const [a, b] = await Promise.all([tools.add({a: 1, b: 2}), tools.lookup({id: 'u1'})]);\nreturn {sum: a, team: b.team};").await;
    assert_eq!(
        output,
        ToolOutput::ok(json!({
            "value": {"sum": 3, "team": "blue"},
            "calls": [{"tool": "add", "outcome": "returned"}, {"tool": "lookup", "outcome": "returned"}]
        }))
    );
    let output = run_js(&tool, "console.log('hi', 1); return null").await;
    assert_eq!(
        output,
        ToolOutput::ok(json!({"value": null, "logs": ["hi 1"]}))
    );
}

#[tokio::test]
async fn code_runs_only_when_the_policy_grants_it() {
    let host = host();
    let tool = run_code(&host);
    assert!(tool.hints.runs_code);
    let asked = bounded(call_tool(
        &tool,
        json!({"code": "return await tools.write({})"}),
        &FollowHints,
        CallContext::default(),
    ))
    .await;
    assert_eq!(
        asked,
        ToolOutput::error(json!({
            "reason_code": "approval_required",
            "failure_stage": "admission",
            "error": "`run_code` needs a person's approval: `run_code` runs code",
            "state_changed": false,
            "outcome_unknown": false
        }))
    );
    let denied = bounded(call_tool(
        &tool,
        json!({"code": "return await tools.write({})"}),
        &Lists::new(AllowAll).deny("run_code"),
        CallContext::default(),
    ))
    .await;
    assert_eq!(denied.value["reason_code"], "permission_denied");
    assert_eq!(denied.value["failure_stage"], "admission");
    assert_eq!(host.writes.load(Ordering::SeqCst), 0, "no code ran");
}

#[tokio::test]
async fn a_call_the_policy_would_ask_about_is_refused_inside_the_code_with_a_follow_up() {
    let host = host();
    let tool = run_code(&host);
    let output = run_js(&tool, "try { await tools.drop_table({name: 'users'}); } catch (e) { console.log(e.message); }\nreturn 'asked';").await;
    assert!(!output.is_error);
    assert_eq!(output.value["value"], "asked");
    assert_eq!(
        output.value["follow_up"],
        json!({"tool": "drop_table", "arguments": {"name": "users"}})
    );
    assert_eq!(
        output.value["calls"],
        json!([{"tool": "drop_table", "outcome": "refused"}])
    );
    let seen = output.value["logs"][0].as_str().unwrap();
    assert!(
        seen.starts_with("approval required: `drop_table` needs a person's approval"),
        "{seen}"
    );

    // Uncaught, the refusal is the run's failure, and the follow-up is still there.
    let output = run_js(
        &tool,
        "await tools.add({a: 1, b: 1}); await tools.drop_table({name: 'users'}); return 1",
    )
    .await;
    assert_eq!(output.value["reason_code"], "approval_required");
    assert_eq!(output.value["failure_stage"], "run");
    assert_eq!(output.value["state_changed"], false);
    assert_eq!(
        output.value["follow_up"],
        json!({"tool": "drop_table", "arguments": {"name": "users"}})
    );
}

#[tokio::test]
async fn a_denied_call_rejects_inside_the_code_and_never_runs() {
    let host = host();
    let tool = run_code(&host);
    let output = run_js(&tool, "return await tools.secret({})").await;
    assert_eq!(output.value["reason_code"], "permission_denied");
    assert_eq!(
        output.value["calls"],
        json!([{"tool": "secret", "outcome": "denied"}])
    );
    assert!(
        output.value.get("follow_up").is_none(),
        "a denial has no follow-up"
    );
    let output = run_js(
        &tool,
        "try { await tools.secret({}) } catch (e) { return e.message }",
    )
    .await;
    assert_eq!(
        output.value["value"],
        "permission denied: the policy does not let code call `secret` (the policy denies `secret`)"
    );
}

#[tokio::test]
async fn a_timeout_above_the_ceiling_is_clamped_and_the_effective_value_reported() {
    let host = host();
    let tool = run_code_with(
        &host,
        CodeToolOptions {
            max_timeout: Duration::from_millis(300),
            ..CodeToolOptions::default()
        },
    );
    let output = run(&tool, json!({"code": "return 7", "timeoutMs": 3_600_000})).await;
    assert_eq!(
        output,
        ToolOutput::ok(json!({"value": 7, "effective_timeout_ms": 300}))
    );
    let output = run(
        &tool,
        json!({"code": "while (true) {}", "timeoutMs": 3_600_000}),
    )
    .await;
    assert_eq!(output.value["reason_code"], "timeout");
    assert_eq!(output.value["effective_timeout_ms"], 300);
}

#[tokio::test]
async fn an_unknown_field_is_refused_with_the_accepted_ones() {
    let host = host();
    let tool = run_code(&host);
    let output = run(&tool, json!({"code": "return 1", "timeout": 5})).await;
    assert_eq!(
        output,
        ToolOutput::error(json!({
            "reason_code": "invalid_input",
            "failure_stage": "input",
            "error": "unknown field `timeout`; run_code accepts `code` (string, required: the body of an async function) and `timeoutMs` (number, optional)",
            "state_changed": false,
            "outcome_unknown": false
        }))
    );
}

#[tokio::test]
async fn each_way_a_run_can_fail_has_its_reason_code_and_stage() {
    let host = host();
    let tool = run_code(&host);
    let cases = [
        ("throw new Error('boom')", "threw", "run"),
        ("return await tools.lookup({id: 'missing'})", "threw", "run"),
        ("return )", "syntax", "compile"),
        (
            "const a = []; while (true) a.push('x'.repeat(1000));",
            "heap_limit",
            "run",
        ),
        (
            "for (let i = 0; i < 10; i++) await tools.add({a: i, b: 0});",
            "call_limit",
            "run",
        ),
        ("return 'x'.repeat(5000)", "value_too_large", "result"),
        ("return 10n", "value_invalid", "result"),
        ("return await tools.secret({})", "permission_denied", "run"),
        (
            "return await tools.drop_table({})",
            "approval_required",
            "run",
        ),
        // The refusal rethrown is still the refusal; a new error that copies its message, or a
        // message of its own, is the code's throw (the ledger knows the error, not its text).
        (
            "try { await tools.secret({}) } catch (e) { throw e }",
            "permission_denied",
            "run",
        ),
        (
            "try { await tools.secret({}) } catch (e) { throw new Error(e.message) }",
            "threw",
            "run",
        ),
        (
            "await Promise.allSettled([tools.drop_table({})]); throw new Error('approval required')",
            "threw",
            "run",
        ),
    ];
    for (code, reason, stage) in cases {
        let output = run_js(&tool, code).await;
        assert!(output.is_error, "{code}: {output:?}");
        assert_eq!(output.value["reason_code"], reason, "{code}: {output:?}");
        assert_eq!(output.value["failure_stage"], stage, "{code}");
        assert!(
            output.value["error"]
                .as_str()
                .is_some_and(|e| !e.is_empty()),
            "{code}"
        );
        assert!(
            output.value["logs"].is_array() && output.value["calls"].is_array(),
            "{code}"
        );
    }
    let output = run(&tool, json!({"code": "while (true) {}", "timeoutMs": 50})).await;
    assert_eq!(output.value["reason_code"], "timeout");
    assert_eq!(output.value["effective_timeout_ms"], 50);

    let failed = run_js(&tool, "return await tools.lookup({id: 'missing'})").await;
    assert_eq!(failed.value["error"], "Error: no user with id `missing`");
    assert_eq!(failed.value["state_changed"], false, "lookup is read-only");
}

#[tokio::test]
async fn a_name_that_is_not_a_tool_is_reported_as_such() {
    let host = host();
    let tool = run_code(&host);
    let output = run_js(
        &tool,
        "try { await tools.get_sum({a: 1}) } catch {} return await tools.add({a: 1, b: 1})",
    )
    .await;
    assert_eq!(
        output,
        ToolOutput::ok(json!({
            "value": 2,
            "calls": [
                {"tool": "get_sum", "outcome": "no_such_tool"},
                {"tool": "add", "outcome": "returned"}
            ]
        }))
    );
}

#[tokio::test]
async fn a_cancelled_run_reports_cancelled() {
    let host = host();
    let tool = run_code(&host);
    let cancel = CancellationToken::new();
    let trigger = cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(100)).await;
        trigger.cancel();
    });
    let context = CallContext {
        cancel,
        ..CallContext::default()
    };
    let output = bounded(call_tool(
        &tool,
        json!({"code": "await tools.hang({}); return 1"}),
        &AllowAll,
        context,
    ))
    .await;
    assert_eq!(output.value["reason_code"], "cancelled");
    assert_eq!(output.value["outcome_unknown"], true);
    assert_eq!(output.value["state_changed"], "unknown");
}

#[tokio::test]
async fn an_interpreter_that_cannot_start_is_an_internal_failure() {
    let host = host();
    let broken: Arc<dyn Interpreter> = Arc::new(ProcessInterpreter::new(vec![
        "/nonexistent/codemode-interpreter".into(),
    ]));
    let tool = code_tool(
        broken,
        CodeToolOptions {
            tools: host.tools.clone(),
            ..CodeToolOptions::default()
        },
    );
    let output = run_js(&tool, "return 1").await;
    assert_eq!(output.value["reason_code"], "internal");
    assert_eq!(output.value["failure_stage"], "interpreter");
}

#[tokio::test]
async fn a_call_in_flight_when_the_run_stops_is_unknown_never_failed() {
    let host = host();
    let tool = run_code(&host);
    let output = run(&tool, json!({"code": "await tools.write({}); await Promise.all([tools.hang({}), tools.add({a: 1, b: 1})]);", "timeoutMs": 100})).await;
    assert_eq!(
        output,
        ToolOutput::error(json!({
            "reason_code": "timeout",
            "failure_stage": "run",
            "error": output.value["error"].clone(),
            "state_changed": true,
            "outcome_unknown": true,
            "logs": [],
            "calls": [
                {"tool": "write", "outcome": "returned"},
                {"tool": "hang", "outcome": "unknown"},
                {"tool": "add", "outcome": "returned"}
            ],
            "effective_timeout_ms": 100
        }))
    );
    // Only an unsettled call that could change state leaves the state unknown.
    let output = run(
        &tool,
        json!({"code": "await tools.hang({});", "timeoutMs": 50}),
    )
    .await;
    assert_eq!(output.value["state_changed"], "unknown");
    assert_eq!(
        output.value["calls"],
        json!([{"tool": "hang", "outcome": "unknown"}])
    );
}

#[tokio::test]
async fn a_call_lost_mid_flight_is_unknown_even_though_the_code_saw_it_reject() {
    let host = host();
    let tool = run_code(&host);
    let output = run_js(&tool, "return await tools.send({to: 'x'})").await;
    assert_eq!(output.value["reason_code"], "threw");
    assert_eq!(
        output.value["error"],
        "Error: the connection closed during the call"
    );
    assert_eq!(
        output.value["calls"],
        json!([{"tool": "send", "outcome": "unknown"}])
    );
    assert_eq!(output.value["state_changed"], "unknown");
    assert_eq!(output.value["outcome_unknown"], true);
}

#[tokio::test]
async fn each_nested_call_reports_its_start_and_its_end() {
    let host = host();
    let tool = run_code(&host);
    let events = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&events);
    let context = CallContext {
        cancel: CancellationToken::new(),
        progress: Some(ProgressSink::new(move |event| {
            sink.lock().unwrap().push(event)
        })),
        ..CallContext::default()
    };
    let code = "await tools.add({a: 1, b: 2}); try { await tools.secret({}) } catch {} await tools.hang({})";
    bounded(call_tool(
        &tool,
        json!({"code": code, "timeoutMs": 100}),
        &AllowAll,
        context,
    ))
    .await;
    let events: Vec<String> = events
        .lock()
        .unwrap()
        .iter()
        .map(ProgressEvent::to_string)
        .collect();
    assert_eq!(
        events,
        [
            "call 1 started: add",
            "call 1 returned: add",
            "call 2 started: secret",
            "call 2 denied: secret",
            "call 3 started: hang",
            "call 3 unknown: hang",
        ]
    );
}

#[tokio::test]
async fn the_description_declares_the_callable_tools_in_typescript() {
    let host = host();
    let tool = run_code(&host);
    assert_eq!(tool.name, "run_code");
    assert!(tool.description.contains("```ts\ndeclare const tools: {\n  /** Adds a and b. */\n  add(args: {\n    a: number;\n    b: number;\n  }): Promise<number>;\n"), "{}", tool.description);
    assert!(tool.description.contains(
        "  /** Never answers. */\n  hang(args?: { [key: string]: unknown }): Promise<unknown>;\n"
    ));
    assert_eq!(tool.input_schema["additionalProperties"], false);
    assert_eq!(tool.input_schema["required"], json!(["code"]));
}

#[tokio::test]
async fn a_direct_call_passes_the_policy_first() {
    let host = host();
    let drop_table = host.tools.iter().find(|t| t.name == "drop_table").unwrap();
    let output = bounded(call_tool(
        drop_table,
        json!({}),
        &FollowHints,
        CallContext::default(),
    ))
    .await;
    assert_eq!(output.value["reason_code"], "approval_required");
    let allow_all = |_: &codemode_tool::CallRequest<'_>| Decision::Allow;
    let output = bounded(call_tool(
        drop_table,
        json!({}),
        &allow_all,
        CallContext::default(),
    ))
    .await;
    assert_eq!(output, ToolOutput::ok(json!("dropped")));
}

/// Runs `code` with `approver` asked about the calls the policy would ask a person about.
async fn run_asking(tool: &ToolDefinition, code: &str, approver: Approver) -> ToolOutput {
    bounded(call_tool(
        tool,
        json!({"code": code, "timeoutMs": 2000}),
        &AllowAll,
        CallContext {
            approver: Some(approver),
            ..CallContext::default()
        },
    ))
    .await
}

/// An approver that answers `answer` and keeps the questions it was asked.
fn answering(answer: Approval, asked: &Arc<Mutex<Vec<ApprovalRequest>>>) -> Approver {
    let asked = Arc::clone(asked);
    Approver::new(move |request| {
        asked.lock().unwrap().push(request);
        let answer = answer.clone();
        async move { answer }
    })
}

#[tokio::test]
async fn a_person_who_approves_lets_the_call_run_inside_the_code() {
    let host = host();
    let tool = run_code(&host);
    let asked = Arc::default();
    let output = run_asking(
        &tool,
        "return await tools.drop_table({name: 'old'})",
        answering(Approval::Approved, &asked),
    )
    .await;
    assert_eq!(
        output,
        ToolOutput::ok(json!({
            "value": "dropped",
            "calls": [{"tool": "drop_table", "outcome": "returned"}]
        }))
    );
    assert_eq!(
        *asked.lock().unwrap(),
        [ApprovalRequest {
            tool: "drop_table".into(),
            arguments: json!({"name": "old"}),
            reason: "`drop_table` is declared destructive".into(),
        }]
    );
}

#[tokio::test]
async fn a_person_who_declines_or_dismisses_leaves_the_call_not_made() {
    for answer in [Approval::Declined, Approval::Cancelled] {
        let host = host();
        let tool = run_code(&host);
        let asked = Arc::default();
        let output = run_asking(
            &tool,
            "await tools.write({}); return await tools.drop_table({name: 'old'})",
            answering(answer.clone(), &asked),
        )
        .await;
        assert_eq!(
            output,
            ToolOutput::error(json!({
                "reason_code": "approval_denied",
                "failure_stage": "run",
                "error": "Error: approval denied: the person asked to approve `drop_table` (`drop_table` is declared destructive) did not; nothing was called",
                "state_changed": true,
                "outcome_unknown": false,
                "logs": [],
                "calls": [
                    {"tool": "write", "outcome": "returned"},
                    {"tool": "drop_table", "outcome": "declined"}
                ]
            })),
            "{answer:?}"
        );
    }
}

#[tokio::test]
async fn a_person_who_cannot_be_asked_gets_the_call_back_as_a_follow_up() {
    let host = host();
    let tool = run_code(&host);
    let asked = Arc::default();
    let output = run_asking(
        &tool,
        "return await tools.drop_table({name: 'old'})",
        answering(Approval::Unavailable("the client is gone".into()), &asked),
    )
    .await;
    assert_eq!(output.value["reason_code"], json!("approval_required"));
    assert_eq!(
        output.value["follow_up"],
        json!({"tool": "drop_table", "arguments": {"name": "old"}})
    );
    assert!(
        output.value["error"]
            .as_str()
            .unwrap()
            .contains("asking the person failed: the client is gone"),
        "{}",
        output.value
    );
}

#[tokio::test]
async fn the_timeout_keeps_counting_while_a_person_is_asked_and_the_call_stays_not_made() {
    let host = host();
    let tool = run_code(&host);
    let never = Approver::new(|_| std::future::pending::<Approval>());
    let output = bounded(call_tool(
        &tool,
        json!({"code": "return await tools.drop_table({name: 'old'})", "timeoutMs": 300}),
        &AllowAll,
        CallContext {
            approver: Some(never),
            ..CallContext::default()
        },
    ))
    .await;
    assert_eq!(
        output,
        ToolOutput::error(json!({
            "reason_code": "timeout",
            "failure_stage": "run",
            "error": "timed out after 300 ms",
            "state_changed": false,
            "outcome_unknown": false,
            "logs": [],
            "calls": [{"tool": "drop_table", "outcome": "refused"}],
            "follow_up": {"tool": "drop_table", "arguments": {"name": "old"}},
            "effective_timeout_ms": 300
        }))
    );
}
