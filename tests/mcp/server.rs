//! `codemode mcp` driven by rmcp's client, with real upstream servers behind it.

use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientRequest, ProgressNotificationParam, Request, Tool,
};
use rmcp::service::{NotificationContext, PeerRequestOptions, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, RoleClient, ServiceError, ServiceExt};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout};

use crate::support::{everything, notes, within, write_config};

/// One progress notification: `progress` and `message`.
pub(crate) type Step = (f64, Option<String>);

/// A client that keeps the progress notifications it receives.
#[derive(Clone, Default)]
pub(crate) struct Client {
    pub(crate) progress: Arc<Mutex<Vec<Step>>>,
    /// How many `notifications/tools/list_changed` arrived.
    pub(crate) list_changed: Arc<std::sync::atomic::AtomicUsize>,
}

impl ClientHandler for Client {
    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        self.progress
            .lock()
            .unwrap()
            .push((params.progress, params.message));
    }

    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.list_changed
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
}

pub(crate) type Session = RunningService<RoleClient, Client>;

/// Starts `codemode mcp` on `config` and completes the handshake.
pub(crate) async fn start(config: &Value) -> Session {
    let path = write_config(config);
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_codemode"));
    command.arg("mcp").arg("--config").arg(path);
    let (transport, _) = TokioChildProcess::builder(command)
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    within(60, "the handshake", Client::default().serve(transport))
        .await
        .unwrap()
}

/// Waits (at most 30 s) until a progress notification with `message` has arrived.
pub(crate) async fn wait_for_step(progress: &Mutex<Vec<Step>>, message: &str) {
    within(30, message, async {
        while !progress
            .lock()
            .unwrap()
            .iter()
            .any(|step| step.1.as_deref() == Some(message))
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
}

pub(crate) async fn tools(session: &Session) -> Vec<Tool> {
    within(30, "tools/list", session.list_all_tools())
        .await
        .unwrap()
}

pub(crate) async fn call(session: &Session, name: &str, arguments: Value) -> CallToolResult {
    let params = CallToolRequestParams::new(name.to_owned())
        .with_arguments(arguments.as_object().unwrap().clone());
    within(60, name, session.call_tool(params)).await.unwrap()
}

/// Calls run_code and returns its structured content, checking that the text block is its JSON
/// and that `isError` is `failed`.
async fn run_code(session: &Session, arguments: Value, failed: bool) -> Value {
    let result = call(session, "run_code", arguments).await;
    let structured = result.structured_content.clone().unwrap();
    assert_eq!(result.is_error, Some(failed), "{structured}");
    assert_eq!(result.content.len(), 1);
    assert_eq!(
        result.content[0].as_text().unwrap().text,
        structured.to_string()
    );
    structured
}

pub(crate) fn text(result: &CallToolResult) -> &str {
    &result.content[0].as_text().unwrap().text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn run_code_is_listed_with_typescript_declarations_of_the_upstream_tools() {
    let session =
        start(&json!({"mcpServers": {"everything": everything(), "notes": notes()}})).await;
    let listed = tools(&session).await;
    let names: Vec<&str> = listed.iter().map(|tool| tool.name.as_ref()).collect();
    // notes__delete_note is destructive: the policy would ask, so it is also served directly.
    assert_eq!(names, ["run_code", "run_instruction", "notes__delete_note"]);
    let run_code = &listed[0];
    let description = run_code.description.as_deref().unwrap();
    for declaration in [
        "declare const tools: {",
        "  /** Returns the sum of two numbers */\n  everything__get_sum(args: {\n    /** First number */\n    a: number;\n    /** Second number */\n    b: number;\n  }): Promise<unknown>;",
        "  /** Adds a note and returns its id. */\n  notes__add_note(args: {\n    text: string;\n  }): Promise<{\n    id: number;\n  }>;",
        "  /** Lists the notes. */\n  notes__list_notes(args?: { [key: string]: unknown }): Promise<{\n    notes: Array<{",
        "  notes__delete_note(args: {\n    id: number;\n  }): Promise<unknown>;",
    ] {
        assert!(
            description.contains(declaration),
            "{declaration}\nis not in\n{description}"
        );
    }
    assert_eq!(
        run_code.input_schema["required"],
        json!(["code"]),
        "{:?}",
        run_code.input_schema
    );
    // Code may call tools that change state (none destructive) and reach an open world.
    assert_eq!(
        serde_json::to_value(&run_code.annotations).unwrap(),
        json!({"readOnlyHint": false, "destructiveHint": false, "openWorldHint": true})
    );
    let delete = &listed[2];
    assert_eq!(
        delete.description.as_deref(),
        Some("Deletes a note for good.")
    );
    assert_eq!(
        serde_json::to_value(&delete.annotations).unwrap(),
        json!({"readOnlyHint": false, "destructiveHint": true, "idempotentHint": true, "openWorldHint": false})
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn code_calls_two_upstream_tools_at_once_and_then_one_in_sequence() {
    let session = start(&json!({"mcpServers": {"everything": everything()}})).await;
    let code = r#"
        const [sum, weather] = await Promise.all([
          tools.everything__get_sum({a: 2, b: 3}),
          tools.everything__get_structured_content({location: "Chicago"}),
        ]);
        const echo = await tools.everything__echo({message: `${weather.temperature} and ${sum}`});
        return {sum, weather, echo};
    "#;
    let result = run_code(&session, json!({"code": code}), false).await;
    assert_eq!(
        result,
        json!({
            "value": {
                "sum": "The sum of 2 and 3 is 5.",
                "weather": {"temperature": 36, "conditions": "Light rain / drizzle", "humidity": 82},
                "echo": "Echo: 36 and The sum of 2 and 3 is 5."
            },
            "calls": [
                {"tool": "everything__get_sum", "outcome": "returned"},
                {"tool": "everything__get_structured_content", "outcome": "returned"},
                {"tool": "everything__echo", "outcome": "returned"}
            ]
        })
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_run_is_decision_complete_and_a_call_in_flight_stays_unknown() {
    let session = start(&json!({"mcpServers": {"everything": everything()}})).await;
    let threw = run_code(
        &session,
        json!({"code": "console.log('before'); await tools.everything__echo({message: 'x'}); throw new Error('boom')"}),
        true,
    )
    .await;
    assert_eq!(
        threw,
        json!({
            "reason_code": "threw",
            "failure_stage": "run",
            "error": "Error: boom",
            "state_changed": false,
            "outcome_unknown": false,
            "logs": ["before"],
            "calls": [{"tool": "everything__echo", "outcome": "returned"}]
        })
    );
    let timed_out = run_code(
        &session,
        json!({
            "code": "return await tools.everything__trigger_long_running_operation({duration: 5, steps: 5})",
            "timeoutMs": 300
        }),
        true,
    )
    .await;
    assert_eq!(timed_out["reason_code"], json!("timeout"), "{timed_out}");
    assert_eq!(timed_out["outcome_unknown"], json!(true), "{timed_out}");
    assert_eq!(
        timed_out["calls"],
        json!([{"tool": "everything__trigger_long_running_operation", "outcome": "unknown"}])
    );
    let clamped = run_code(
        &session,
        json!({"code": "return 6 * 7", "timeoutMs": 10_000_000}),
        false,
    )
    .await;
    assert_eq!(clamped, json!({"value": 42, "effective_timeout_ms": 60000}));
    let unknown = run_code(&session, json!({"code": "return 1", "timeout": 5}), true).await;
    assert_eq!(unknown["reason_code"], json!("invalid_input"), "{unknown}");
    assert!(
        unknown["error"]
            .as_str()
            .unwrap()
            .contains("run_code accepts `code`"),
        "{unknown}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_destructive_tool_is_refused_inside_code_with_a_follow_up() {
    let session = start(&json!({"mcpServers": {"notes": notes()}})).await;
    let refused = run_code(
        &session,
        json!({"code": r#"
            const {id} = await tools.notes__add_note({text: "milk"});
            await tools.notes__delete_note({id});
            return "deleted";
        "#}),
        true,
    )
    .await;
    let follow_up = refused["follow_up"].clone();
    assert_eq!(
        follow_up,
        json!({"tool": "notes__delete_note", "arguments": {"id": 1}})
    );
    assert_eq!(refused["reason_code"], json!("approval_required"));
    assert_eq!(
        refused["calls"],
        json!([
            {"tool": "notes__add_note", "outcome": "returned"},
            {"tool": "notes__delete_note", "outcome": "refused"}
        ])
    );
    // The client (whose person approves) makes the follow-up directly, and it runs upstream.
    let direct = call(
        &session,
        follow_up["tool"].as_str().unwrap(),
        follow_up["arguments"].clone(),
    )
    .await;
    assert_ne!(direct.is_error, Some(true));
    assert_eq!(text(&direct), "deleted note 1");
    let left = run_code(
        &session,
        json!({"code": "return await tools.notes__list_notes()"}),
        false,
    )
    .await;
    assert_eq!(left["value"], json!({"notes": []}));
    // An upstream failure of a direct call is the server's own error result.
    let again = call(&session, "notes__delete_note", json!({"id": 1})).await;
    assert_eq!(again.is_error, Some(true));
    assert_eq!(text(&again), "no note 1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn progress_notifications_arrive_for_each_nested_call() {
    let session = start(&json!({"mcpServers": {"everything": everything()}})).await;
    run_code(
        &session,
        json!({"code": "await tools.everything__echo({message: 'a'}); return await tools.everything__get_sum({a: 1, b: 1})"}),
        false,
    )
    .await;
    let expected = vec![
        (1.0, Some("call 1 started: everything__echo".to_owned())),
        (2.0, Some("call 1 returned: everything__echo".to_owned())),
        (3.0, Some("call 2 started: everything__get_sum".to_owned())),
        (4.0, Some("call 2 returned: everything__get_sum".to_owned())),
    ];
    let progress = Arc::clone(&session.service().progress);
    within(10, "the progress notifications", async {
        while progress.lock().unwrap().len() < expected.len() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    // rmcp's client handles each notification in a task of its own, so they may be seen out of
    // order; `progress` is what orders them.
    let mut received = progress.lock().unwrap().clone();
    received.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(received, expected);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upstream_server_that_fails_to_start_gives_clear_errors_not_a_hang() {
    let session = start(&json!({"mcpServers": {
        "broken": {"command": "/nonexistent/codemode-test-server"},
        "silent": {"command": "sleep", "args": ["60"], "startupTimeoutMs": 1000},
        "everything": everything()
    }}))
    .await;
    let listed = tools(&session).await;
    let description = listed[0].description.as_deref().unwrap();
    for note in [
        "Upstream server `broken` is not running (cannot start `/nonexistent/codemode-test-server`: No such file or directory (os error 2)): its tools are not available until it starts (codemode tries again, at most 60 s apart).",
        "Upstream server `silent` is not running (it did not start and list its tools within 1000 ms): its tools are not available until it starts (codemode tries again, at most 60 s apart).",
    ] {
        assert!(
            description.contains(note),
            "{note}\nis not in\n{description}"
        );
    }
    let result = run_code(
        &session,
        json!({"code": "return await tools.everything__echo({message: 'ok'})"}),
        false,
    )
    .await;
    assert_eq!(result["value"], json!("Echo: ok"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_policy_keeps_denied_tools_from_code_and_can_deny_code_itself() {
    let session = start(&json!({
        "mcpServers": {"everything": everything()},
        "policy": {"tools": {"everything__echo": "deny", "everything__get_sum": "ask"}}
    }))
    .await;
    let listed = tools(&session).await;
    let names: Vec<&str> = listed.iter().map(|tool| tool.name.as_ref()).collect();
    assert_eq!(
        names,
        ["run_code", "run_instruction", "everything__get_sum"]
    );
    let description = listed[0].description.as_deref().unwrap();
    assert!(!description.contains("everything__echo("), "{description}");
    // An instruction that names a denied tool is refused, never planned without it.
    let result = call(
        &session,
        "run_instruction",
        json!({"instruction": "Call echo with message \"x\" and get_sum with a 1 and b 2"}),
    )
    .await;
    assert_eq!(result.is_error, Some(true));
    assert_eq!(
        result.structured_content.unwrap(),
        json!({
            "reason_code": "permission_denied",
            "failure_stage": "plan",
            "error": "the instruction names `echo`, which code may not call (the policy denies it)",
            "state_changed": false,
            "outcome_unknown": false
        })
    );
    let denied = run_code(
        &session,
        json!({"code": "return await tools.everything__echo({message: 'x'})"}),
        true,
    )
    .await;
    assert_eq!(
        denied["error"],
        json!("Error: unknown tool: everything__echo")
    );
    let asked = run_code(
        &session,
        json!({"code": "return await tools.everything__get_sum({a: 1, b: 2})"}),
        true,
    )
    .await;
    assert_eq!(
        asked["follow_up"],
        json!({"tool": "everything__get_sum", "arguments": {"a": 1, "b": 2}})
    );
    let direct = call(&session, "everything__get_sum", json!({"a": 1, "b": 2})).await;
    assert_eq!(text(&direct), "The sum of 1 and 2 is 3.");
    // A name that is not served is a protocol error, not a tool result.
    let params = CallToolRequestParams::new("everything__echo")
        .with_arguments(json!({"message": "x"}).as_object().unwrap().clone());
    let unknown = within(30, "an unknown tool", session.call_tool(params)).await;
    let Err(ServiceError::McpError(error)) = unknown else {
        panic!("expected a protocol error, got {unknown:?}");
    };
    assert_eq!(
        error.message,
        "unknown tool `everything__echo`; the tools are `run_code`, `run_instruction`, `everything__get_sum`"
    );

    let no_code = start(&json!({
        "mcpServers": {},
        "policy": {"code": "deny"}
    }))
    .await;
    let refused = run_code(&no_code, json!({"code": "return 1"}), true).await;
    assert_eq!(refused["reason_code"], json!("permission_denied"));
    assert_eq!(refused["failure_stage"], json!("admission"));
    // run_instruction runs code too: the same grant refuses it.
    let result = call(
        &no_code,
        "run_instruction",
        json!({"instruction": "Call get_sum with a 1 and b 2"}),
    )
    .await;
    let refused = result.structured_content.unwrap();
    assert_eq!(refused["reason_code"], json!("permission_denied"));
    assert_eq!(refused["failure_stage"], json!("admission"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_a_run_cancels_its_upstream_call() {
    let session = start(&json!({"mcpServers": {"notes": notes()}})).await;
    let request = ClientRequest::CallToolRequest(Request::new(
        CallToolRequestParams::new("run_code").with_arguments(
            json!({"code": "return await tools.notes__wait_for_cancel()", "timeoutMs": 20000})
                .as_object()
                .unwrap()
                .clone(),
        ),
    ));
    let handle = within(
        10,
        "sending run_code",
        session.send_cancellable_request(request, PeerRequestOptions::no_options()),
    )
    .await
    .unwrap();
    // Once the run has started the upstream call (its progress says so), cancel the run.
    wait_for_step(
        &session.service().progress,
        "call 1 started: notes__wait_for_cancel",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    within(10, "cancelling", handle.cancel(Some("test".to_owned())))
        .await
        .unwrap();
    let notes = within(15, "the cancellation reaching upstream", async {
        loop {
            let listed = run_code(
                &session,
                json!({"code": "return await tools.notes__list_notes()"}),
                false,
            )
            .await;
            if listed["value"]["notes"] != json!([]) {
                break listed["value"]["notes"].clone();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert_eq!(notes, json!([{"id": 1, "text": "cancelled"}]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn busy_runs_do_not_hold_up_a_quick_one() {
    // The server's runtime has two workers: three runs busy until their timeout once starved
    // it, and every other request (a quick run, a cancellation) waited for them.
    let session = start(&json!({"mcpServers": {"notes": notes()}})).await;
    let busy = || {
        run_code(
            &session,
            json!({"code": "while (true) {}", "timeoutMs": 4000}),
            true,
        )
    };
    let quick = async {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let started = std::time::Instant::now();
        let value = run_code(&session, json!({"code": "return 1"}), false).await;
        (value, started.elapsed())
    };
    let (a, b, c, (value, took)) = tokio::join!(busy(), busy(), busy(), quick);
    assert_eq!(value["value"], json!(1));
    assert!(took < Duration::from_secs(2), "the quick run took {took:?}");
    for result in [a, b, c] {
        assert_eq!(result["reason_code"], json!("timeout"), "{result}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn max_concurrent_runs_makes_runs_wait_for_a_slot_within_their_timeout() {
    let session = start(&json!({"mcpServers": {}, "maxConcurrentRuns": 1})).await;
    let busy = run_code(
        &session,
        json!({"code": "while (true) {}", "timeoutMs": 3000}),
        true,
    );
    // Sent while the busy run holds the only slot: one gives up waiting, one waits its turn.
    let impatient = async {
        tokio::time::sleep(Duration::from_millis(500)).await;
        run_code(
            &session,
            json!({"code": "return 1", "timeoutMs": 400}),
            true,
        )
        .await
    };
    let patient = async {
        tokio::time::sleep(Duration::from_millis(500)).await;
        run_code(
            &session,
            json!({"code": "return 2", "timeoutMs": 20000}),
            false,
        )
        .await
    };
    let (busy, impatient, patient) = tokio::join!(busy, impatient, patient);
    assert_eq!(busy["reason_code"], json!("timeout"), "{busy}");
    assert_eq!(
        impatient,
        json!({
            "reason_code": "timeout",
            "failure_stage": "admission",
            "error": "timed out after 400 ms waiting to start (this server runs at most 1 at once, and no run ended in time); nothing ran",
            "state_changed": false,
            "outcome_unknown": false
        })
    );
    assert_eq!(patient, json!({"value": 2}));
}

/// `codemode mcp` (with no upstream server) spoken to a line at a time, for the lines rmcp's
/// client never sends.
pub(crate) struct Raw {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: Lines<BufReader<ChildStdout>>,
}

impl Raw {
    /// Starts the server and completes the handshake.
    pub(crate) async fn start() -> Self {
        let path = write_config(&json!({"mcpServers": {}}));
        let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_codemode"))
            .arg("mcp")
            .arg("--config")
            .arg(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut raw = Self {
            child,
            stdin,
            stdout,
        };
        raw.send(r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#)
            .await;
        let initialized = raw.next().await;
        assert_eq!(initialized["id"], json!(0), "{initialized}");
        raw.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
            .await;
        raw
    }

    /// Sends one line.
    pub(crate) async fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin
            .write_all(format!("{line}\n").as_bytes())
            .await
            .unwrap();
        stdin.flush().await.unwrap();
    }

    /// The next line the server sends (it sends nothing unasked here).
    pub(crate) async fn next(&mut self) -> Value {
        let line = within(30, "an answer", self.stdout.next_line())
            .await
            .unwrap()
            .expect("the server closed stdout");
        serde_json::from_str(&line).unwrap()
    }

    /// Closes stdin, and checks that the server then exits cleanly.
    pub(crate) async fn close(mut self) {
        drop(self.stdin.take());
        let status = within(30, "the server's exit", self.child.wait())
            .await
            .unwrap();
        assert!(status.success(), "{status}");
    }
}

/// A `tools/call` of run_code with `code`, as a line (with `code` inserted as is: its escapes are
/// the line's).
pub(crate) fn run_code_line(id: u32, code: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"run_code","arguments":{{"code":"{code}"}}}}}}"#
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_with_lone_surrogate_escapes_is_answered() {
    // JavaScript's JSON.stringify escapes a broken string's lone surrogates, which serde_json
    // refuses: each becomes U+FFFD, while a pair and an escaped backslash stay as they are.
    let mut server = Raw::start().await;
    server
        .send(&run_code_line(
            5,
            r"return ['\ud800', '\udc00!', '\ud83d\ude00', '\\\\ud800']",
        ))
        .await;
    let answer = server.next().await;
    assert_eq!(answer["id"], json!(5), "{answer}");
    assert_eq!(
        answer["result"]["structuredContent"],
        json!({"value": ["\u{fffd}", "\u{fffd}!", "\u{1f600}", "\\ud800"]}),
        "{answer}"
    );
    server.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_that_is_not_json_gets_a_parse_error_and_the_session_goes_on() {
    let mut server = Raw::start().await;
    // Sent together: the parse errors come first, in order, then the answer to the request.
    server.send("this is not JSON").await;
    server
        .send(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list""#)
        .await;
    server.send(&run_code_line(2, "return 6 * 7")).await;
    for _ in 0..2 {
        let answer = server.next().await;
        assert_eq!(answer.get("id"), Some(&Value::Null), "{answer}");
        assert_eq!(answer["jsonrpc"], json!("2.0"), "{answer}");
        assert_eq!(answer["error"]["code"], json!(-32700), "{answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.starts_with("Parse error: "), "{answer}");
        assert!(answer.get("result").is_none(), "{answer}");
    }
    let answer = server.next().await;
    assert_eq!(answer["id"], json!(2), "{answer}");
    assert_eq!(
        answer["result"]["structuredContent"],
        json!({"value": 42}),
        "{answer}"
    );
    server.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tools_call_with_params_that_do_not_fit_gets_invalid_params() {
    let mut server = Raw::start().await;
    for (line, problem) in [
        (
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":5}}"#,
            "invalid type: integer `5`, expected a string",
        ),
        (
            r#"{"jsonrpc":"2.0","id":8,"method":"tools/call"}"#,
            "missing field `params`",
        ),
        (
            r#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"arguments":{}}}"#,
            "missing field `name`",
        ),
        (
            r#"{"jsonrpc":"2.0","id":10,"method":"tools/call","params":[1]}"#,
            "invalid type: sequence, expected struct WithMeta",
        ),
    ] {
        server.send(line).await;
        let request: Value = serde_json::from_str(line).unwrap();
        assert_eq!(
            server.next().await,
            json!({"jsonrpc": "2.0", "id": request["id"], "error": {
                "code": -32602,
                "message": format!("invalid params for `tools/call`: {problem}")
            }})
        );
    }
    // A served name that is unknown stays the server's own invalid params, and the session goes on.
    server
        .send(r#"{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"nope"}}"#)
        .await;
    let unknown = server.next().await;
    assert_eq!(unknown["id"], json!(11), "{unknown}");
    assert_eq!(unknown["error"]["code"], json!(-32602), "{unknown}");
    assert_eq!(
        unknown["error"]["message"],
        json!("unknown tool `nope`; the tools are `run_code`, `run_instruction`")
    );
    server.send(&run_code_line(12, "return 1")).await;
    let answer = server.next().await;
    assert_eq!(answer["result"]["structuredContent"], json!({"value": 1}));
    server.close().await;
}
