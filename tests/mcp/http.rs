//! `codemode mcp --http`: many clients at once over streamable HTTP, the bearer token, the
//! address rule, and approval by elicitation, driven by the Python `mcp` package; a client that
//! drops its connection mid-run, and bodies that are not JSON-RPC, sent by hand.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use rmcp::ServiceExt;
use rmcp::transport::StreamableHttpClientTransport;

use serde_json::{Value, json};

use crate::load::Served;
use crate::support::{everything, fixtures, notes, run_bounded, scratch, within, write_config};

/// A `codemode mcp --http` process, stopped when dropped, with raw HTTP helpers.
pub(crate) struct HttpServer {
    pub(crate) served: Served,
    /// `http://127.0.0.1:PORT/mcp`.
    pub(crate) url: String,
}

impl HttpServer {
    /// Starts `codemode mcp --config CONFIG --http 127.0.0.1:0 EXTRA`.
    pub(crate) fn start(config: &Value, extra: &[&str]) -> Self {
        let served = Served::start(&write_config(config), extra);
        let url = served.url.clone();
        Self { served, url }
    }

    /// The server's `host:port`.
    pub(crate) fn authority(&self) -> String {
        self.url
            .trim_start_matches("http://")
            .trim_end_matches("/mcp")
            .to_owned()
    }

    /// Opens a connection and sends one raw HTTP POST of `body` to the endpoint with `headers`,
    /// leaving the answer to be read.
    pub(crate) fn send(&self, headers: &[&str], body: &str) -> TcpStream {
        self.send_method("POST", headers, body)
    }

    /// Opens a connection and sends one raw HTTP request, leaving the answer to be read.
    pub(crate) fn send_method(&self, method: &str, headers: &[&str], body: &str) -> TcpStream {
        let mut stream = TcpStream::connect(self.authority()).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let mut request = format!(
            "{method} /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n",
            self.authority(),
            body.len()
        );
        for header in headers {
            request.push_str(header);
            request.push_str("\r\n");
        }
        request.push_str("\r\n");
        request.push_str(body);
        // A server may answer a body it refuses (too large) before it has read all of it and
        // close the connection: the rest of the write fails, and the answer is still to be read.
        if let Err(error) = stream.write_all(request.as_bytes()) {
            assert!(
                matches!(
                    error.kind(),
                    std::io::ErrorKind::BrokenPipe | std::io::ErrorKind::ConnectionReset
                ),
                "{error}"
            );
        }
        stream
    }

    /// One raw HTTP POST: the whole answer, head and body.
    pub(crate) fn exchange(&self, headers: &[&str], body: &str) -> String {
        let mut response = Vec::new();
        // After answering a body it refused unread, the server's close may reach us as a reset:
        // what came before it is the answer (and an empty answer fails the caller's checks).
        if let Err(error) = self.send(headers, body).read_to_end(&mut response) {
            assert_eq!(error.kind(), std::io::ErrorKind::ConnectionReset, "{error}");
        }
        String::from_utf8(response).unwrap()
    }

    /// One raw HTTP POST of `body` to the endpoint with `headers`: the status line and the body.
    pub(crate) fn post(&self, headers: &[&str], body: &str) -> (String, String) {
        let response = self.exchange(headers, body);
        let status = response.lines().next().unwrap_or_default().to_owned();
        let body = response
            .split_once("\r\n\r\n")
            .map(|(_, body)| body.to_owned())
            .unwrap_or_default();
        (status, body)
    }

    /// An MCP session opened by hand (initialize, then the initialized notification): the
    /// `Mcp-Session-Id` header to send with its requests.
    pub(crate) fn raw_session(&self) -> String {
        let response = self.exchange(&[], INITIALIZE);
        let id = response
            .lines()
            .find_map(|line| {
                let (name, value) = line.split_once(':')?;
                name.eq_ignore_ascii_case("mcp-session-id")
                    .then(|| value.trim().to_owned())
            })
            .unwrap_or_else(|| panic!("no session id in {response}"));
        let header = format!("Mcp-Session-Id: {id}");
        let (status, _) = self.post(
            &[&header],
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        );
        assert!(status.contains("202"), "{status}");
        header
    }
}

/// Runs `tests/mcp/python_calls.py ARGS CALLS` and returns what it printed.
fn python_calls(args: &[&str], calls: &Value) -> Value {
    let output = run_bounded(
        Command::new(fixtures().join(".venv/bin/python"))
            .arg(fixtures().join("python_calls.py"))
            .args(args)
            .arg(calls.to_string()),
        Duration::from_secs(150),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    // The SDK warns when closing a session gets an answer it does not expect.
    assert!(!stderr.contains("Session termination failed"), "{stderr}");
    serde_json::from_slice(&output.stdout).unwrap()
}

pub(crate) const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#;

#[test]
fn many_clients_at_once_each_get_the_answers_to_their_own_calls() {
    let server = HttpServer::start(&json!({"mcpServers": {"everything": everything()}}), &[]);
    let calls = json!([
        {"tool": "run_code", "arguments": {"code": "const echo = await tools.everything__echo({message: 'from {session}'}); return {session: '{session}', echo};"}},
        {"tool": "run_instruction", "arguments": {"instruction": "Call echo with message \"again {session}\""}}
    ]);
    let report = python_calls(&["--http", &server.url, "--sessions", "8"], &calls);
    let sessions = report["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 8);
    for (n, session) in sessions.iter().enumerate() {
        assert_eq!(
            session["tools"],
            json!(["run_code", "run_instruction"]),
            "{session}"
        );
        assert_eq!(
            session["answers"][0]["structuredContent"]["value"],
            json!({"session": n.to_string(), "echo": format!("Echo: from {n}")})
        );
        assert_eq!(
            session["answers"][1]["structuredContent"]["value"],
            json!({"ok": true, "value": format!("Echo: again {n}")})
        );
    }
}

#[test]
fn a_bearer_token_is_checked_on_every_request_before_anything_runs() {
    let token_file = scratch().join("token");
    std::fs::write(&token_file, "s3cret-token-for-tests-0123\n").unwrap();
    let server = HttpServer::start(
        &json!({"mcpServers": {"notes": notes()}}),
        &["--token-file", token_file.to_str().unwrap()],
    );
    let (status, body) = server.post(&[], INITIALIZE);
    assert!(status.contains("401"), "{status}");
    let body: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        body,
        json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32001,
            "message": "unauthorized: this server needs `Authorization: Bearer TOKEN`"}})
    );
    let (status, body) = server.post(
        &["Authorization: Bearer wrong-token-0123456789"],
        INITIALIZE,
    );
    assert!(status.contains("401"), "{status}");
    assert!(
        body.contains("the bearer token is not the server's"),
        "{body}"
    );
    let (status, body) = server.post(
        &["Authorization: Bearer s3cret-token-for-tests-0123"],
        INITIALIZE,
    );
    assert!(status.contains("200"), "{status}: {body}");
    assert!(
        body.contains(r#""serverInfo":{"name":"codemode""#),
        "{body}"
    );
    // A client that sends the token works as on stdio.
    let calls = json!([{"tool": "run_code", "arguments": {"code": "return (await tools.notes__add_note({text: 'x'})).id"}}]);
    let report = python_calls(
        &[
            "--http",
            &server.url,
            "--token",
            "s3cret-token-for-tests-0123",
        ],
        &calls,
    );
    assert_eq!(
        report["sessions"][0]["answers"][0]["structuredContent"]["value"],
        json!(1)
    );
}

#[test]
fn an_address_beyond_loopback_needs_allow_remote_and_a_token() {
    let config = write_config(&json!({"mcpServers": {}}));
    let run = |args: &[&str]| {
        run_bounded(
            Command::new(env!("CARGO_BIN_EXE_codemode"))
                .arg("mcp")
                .arg("--config")
                .arg(&config)
                .args(args),
            Duration::from_secs(60),
        )
    };
    let output = run(&["--http", "0.0.0.0:0"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).trim(),
        "codemode: --http 0.0.0.0:0 is not a loopback address: serving beyond this machine needs --allow-remote and --token-file"
    );
    let output = run(&["--http", "0.0.0.0:0", "--allow-remote"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("needs --token-file"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let short = scratch().join("short");
    std::fs::write(&short, "abc").unwrap();
    let output = run(&[
        "--http",
        "127.0.0.1:0",
        "--token-file",
        short.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("at least 16 characters"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let output = run(&["--token-file", short.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "--token-file needs --http");
}

/// The code of the elicitation tests: a note added, then deleted (which the policy asks about),
/// then the notes listed.
fn add_then_delete() -> Value {
    json!([{"tool": "run_code", "arguments": {"timeoutMs": 3000, "code": "const {id} = await tools.notes__add_note({text: 'milk'}); await tools.notes__delete_note({id}); return await tools.notes__list_notes({});"}}])
}

#[test]
fn a_person_asked_by_elicitation_approves_or_declines_the_call_inside_the_running_code() {
    let config = write_config(&json!({"mcpServers": {"notes": notes()}}));
    let stdio = |answer: &str| {
        python_calls(
            &[
                "--stdio",
                env!("CARGO_BIN_EXE_codemode"),
                config.to_str().unwrap(),
                "--elicit",
                answer,
            ],
            &add_then_delete(),
        )
    };
    let question = "Code running in codemode wants to call `notes__delete_note` with {\"id\":1}. The policy asks a person first: `notes__delete_note` is declared destructive. Allow this call?";
    let accepted = stdio("accept");
    assert_eq!(accepted["sessions"][0]["asked"], json!([question]));
    assert_eq!(
        accepted["sessions"][0]["answers"][0],
        json!({"structuredContent": {
            "value": {"notes": []},
            "calls": [
                {"tool": "notes__add_note", "outcome": "returned"},
                {"tool": "notes__delete_note", "outcome": "returned"},
                {"tool": "notes__list_notes", "outcome": "returned"}
            ]}, "isError": false})
    );
    for answer in ["decline", "cancel"] {
        let refused = stdio(answer);
        assert_eq!(refused["sessions"][0]["asked"], json!([question]));
        let result = &refused["sessions"][0]["answers"][0];
        assert_eq!(result["isError"], json!(true), "{answer}");
        assert_eq!(
            result["structuredContent"]["reason_code"],
            json!("approval_denied")
        );
        assert_eq!(
            result["structuredContent"]["calls"][1],
            json!({"tool": "notes__delete_note", "outcome": "declined"})
        );
        assert_eq!(result["structuredContent"].get("follow_up"), None);
    }
    // A person who never answers: the run's timeout ends it, the call not made, and the session
    // goes on.
    let calls = json!([
        {"tool": "run_code", "arguments": {"timeoutMs": 800, "code": "await tools.notes__delete_note({id: 7}); return 1"}},
        {"tool": "run_code", "arguments": {"code": "return 2"}}
    ]);
    let silent = python_calls(
        &[
            "--stdio",
            env!("CARGO_BIN_EXE_codemode"),
            config.to_str().unwrap(),
            "--elicit",
            "never",
        ],
        &calls,
    );
    let answers = &silent["sessions"][0]["answers"];
    assert_eq!(
        answers[0]["structuredContent"],
        json!({
            "reason_code": "timeout",
            "failure_stage": "run",
            "error": "timed out after 800 ms",
            "state_changed": false,
            "outcome_unknown": false,
            "logs": [],
            "calls": [{"tool": "notes__delete_note", "outcome": "refused"}],
            "follow_up": {"tool": "notes__delete_note", "arguments": {"id": 7}},
            "effective_timeout_ms": 800
        })
    );
    assert_eq!(answers[1]["structuredContent"], json!({"value": 2}));
}

#[test]
fn elicitation_works_over_http_too() {
    let server = HttpServer::start(&json!({"mcpServers": {"notes": notes()}}), &[]);
    let report = python_calls(
        &[
            "--http",
            &server.url,
            "--elicit",
            "accept",
            "--sessions",
            "3",
        ],
        &add_then_delete(),
    );
    for session in report["sessions"].as_array().unwrap() {
        assert_eq!(session["asked"].as_array().unwrap().len(), 1, "{session}");
        assert_eq!(
            session["answers"][0]["structuredContent"]["calls"][1],
            json!({"tool": "notes__delete_note", "outcome": "returned"})
        );
    }
}

#[test]
fn a_client_that_drops_its_connection_mid_run_cancels_the_run_and_its_upstream_call() {
    let server = HttpServer::start(&json!({"mcpServers": {"notes": notes()}}), &[]);
    let session = server.raw_session();
    let call = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"run_code","arguments":{"code":"return await tools.notes__wait_for_cancel()","timeoutMs":20000},"_meta":{"progressToken":"p"}}}"#;
    let mut stream = server.send(&[&session], call);
    // Read the answer's stream until the progress says the upstream call started, then go away.
    let mut seen = Vec::new();
    let mut buffer = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("call 1 started: notes__wait_for_cancel") {
        let read = stream.read(&mut buffer).unwrap();
        assert!(read > 0, "{}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buffer[..read]);
    }
    std::thread::sleep(Duration::from_millis(200));
    drop(stream);
    // The upstream call was cancelled (the notes server notes it) long before the run's own
    // 20 s timeout, and the session goes on.
    let list = r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"run_code","arguments":{"code":"return await tools.notes__list_notes()"}}}"#;
    let begun = std::time::Instant::now();
    loop {
        let (status, body) = server.post(&[&session], list);
        assert!(status.contains("200"), "{status}: {body}");
        if body.contains(r#"{"notes":[{"id":1,"text":"cancelled"}]}"#) {
            break;
        }
        assert!(
            body.contains(r#"{"notes":[]}"#),
            "the notes are empty or hold the cancellation: {body}"
        );
        assert!(
            begun.elapsed() < Duration::from_secs(8),
            "the dropped connection did not cancel the run: {body}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_body_that_is_not_json_rpc_gets_a_json_rpc_error_and_the_server_goes_on() {
    let server = HttpServer::start(&json!({"mcpServers": {"notes": notes()}}), &[]);
    let session = server.raw_session();
    let error = |body: &str| {
        let (status, answer) = server.post(&[&session], body);
        let answer: Value = serde_json::from_str(&answer)
            .unwrap_or_else(|_| panic!("{status}: {answer} is not JSON"));
        (status, answer)
    };
    let (status, answer) = error("{this is not json");
    assert!(status.contains("400"), "{status}");
    assert_eq!(answer["error"]["code"], json!(-32700), "{answer}");
    assert_eq!(answer["id"], Value::Null);
    let (status, answer) = error(r#"{"hello":"world"}"#);
    assert!(status.contains("400"), "{status}");
    assert_eq!(answer["error"]["code"], json!(-32600), "{answer}");
    let huge = format!(
        r#"{{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{{"name":"run_code","arguments":{{"code":"return '{}'"}}}}}}"#,
        "x".repeat(5 * 1024 * 1024)
    );
    let (status, answer) = error(&huge);
    assert!(status.contains("413"), "{status}");
    assert_eq!(answer["error"]["code"], json!(-32600), "{answer}");
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("larger than"),
        "{answer}"
    );
    // The same session still answers.
    let (status, body) = server.post(
        &[&session],
        r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"run_code","arguments":{"code":"return 6 * 7"}}}"#,
    );
    assert!(status.contains("200"), "{status}");
    assert!(
        body.contains(r#""structuredContent":{"value":42}"#),
        "{body}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_two_clients_under_a_mix_of_runs_each_get_their_own_answers() {
    let mut server = HttpServer::start(
        &json!({"mcpServers": {"everything": everything(), "notes": notes()}}),
        &[],
    );
    let report = within(
        300,
        "the load",
        crate::load::drive(&server.url, 32, 10, 1_000),
    )
    .await;
    assert_eq!(report.failures, Vec::<String>::new());
    assert_eq!(report.latencies.len(), 320);
    for kind in crate::load::Kind::ALL {
        assert!(report.count(kind) >= 32, "{kind:?}: {}", report.count(kind));
    }
    assert!(server.served.running(), "the server is still up");
    // And it still answers a new session.
    let again = within(
        60,
        "a later session",
        crate::load::drive(&server.url, 1, 3, 0),
    )
    .await;
    assert_eq!(again.failures, Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upstream_server_killed_mid_call_fails_those_calls_and_leaves_the_rest_be() {
    let server = HttpServer::start(
        &json!({"mcpServers": {"everything": everything(), "notes": notes()}}),
        &[],
    );
    // Three sessions each with an upstream call in flight on the notes server.
    let mut waiting = Vec::new();
    for _ in 0..3 {
        let session = within(
            60,
            "a session",
            crate::server::Client::default()
                .serve(StreamableHttpClientTransport::from_uri(server.url.clone())),
        )
        .await
        .unwrap();
        let progress = Arc::clone(&session.service().progress);
        let answer = tokio::spawn(async move {
            let answer = crate::server::call(
                &session,
                "run_code",
                json!({"code": "return await tools.notes__wait_for_cancel()", "timeoutMs": 30000}),
            )
            .await;
            (answer, session)
        });
        waiting.push((answer, progress));
    }
    for (_, progress) in &waiting {
        crate::server::wait_for_step(progress, "call 1 started: notes__wait_for_cancel").await;
    }
    // Another session keeps the other upstream server busy meanwhile.
    let url = server.url.clone();
    let busy = tokio::spawn(async move { crate::load::drive(&url, 1, 30, 0).await });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let pid = server
        .served
        .upstream_pid("notes-server.mjs")
        .expect("the notes server runs");
    let killed = Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    // The calls in flight: sent, so whether they took effect is unknown.
    let mut sessions = Vec::new();
    for (answer, _) in waiting {
        let (answer, session) = within(30, "the calls in flight", answer).await.unwrap();
        let content = answer.structured_content.unwrap();
        assert_eq!(content["reason_code"], json!("threw"), "{content}");
        assert_eq!(content["outcome_unknown"], json!(true), "{content}");
        assert_eq!(content["state_changed"], json!("unknown"), "{content}");
        assert_eq!(
            content["calls"],
            json!([{"tool": "notes__wait_for_cancel", "outcome": "unknown"}])
        );
        assert!(
            content["error"].as_str().unwrap().starts_with(
                "Error: outcome_unknown: upstream server `notes` failed during the call"
            ),
            "{content}"
        );
        sessions.push(session);
    }
    // Later calls to it fail at once, and say why; nothing was sent, so nothing changed.
    let begun = std::time::Instant::now();
    let later = crate::server::call(
        &sessions[0],
        "run_code",
        json!({"code": "return await tools.notes__list_notes()"}),
    )
    .await;
    assert!(
        begun.elapsed() < Duration::from_secs(2),
        "{:?}",
        begun.elapsed()
    );
    let content = later.structured_content.unwrap();
    assert!(
        content["error"]
            .as_str()
            .unwrap()
            .starts_with("Error: upstream_unavailable: upstream server `notes` is unavailable"),
        "{content}"
    );
    assert_eq!(content["state_changed"], json!(false));
    // The other server is unaffected, for the busy session and the others.
    let busy = within(120, "the busy session", busy).await.unwrap();
    let parallel_failures: Vec<_> = busy
        .failures
        .iter()
        .filter(|failure| !failure.contains("notes"))
        .collect();
    assert_eq!(parallel_failures, Vec::<&String>::new());
    assert!(busy.count(crate::load::Kind::Fast) >= 12);
    let echo = crate::server::call(
        &sessions[1],
        "run_code",
        json!({"code": "return await tools.everything__echo({message: 'still here'})"}),
    )
    .await;
    assert_eq!(
        echo.structured_content.unwrap()["value"],
        json!("Echo: still here")
    );
    // The notes server is started again, and its calls work once more.
    within(30, "the notes server's return", async {
        loop {
            let again = crate::server::call(
                &sessions[1],
                "run_code",
                json!({"code": "return await tools.notes__count_notes()"}),
            )
            .await;
            if again.structured_content.unwrap()["value"] == json!("0") {
                return;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
    .await;
}

#[test]
fn a_session_ended_by_its_client_is_gone_and_others_go_on() {
    let server = HttpServer::start(&json!({"mcpServers": {"notes": notes()}}), &[]);
    let ended = server.raw_session();
    let other = server.raw_session();
    let mut response = String::new();
    server
        .send_method("DELETE", &[&ended], "")
        .read_to_string(&mut response)
        .unwrap();
    assert!(response.starts_with("HTTP/1.1 204"), "{response}");
    let call = r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"run_code","arguments":{"code":"return 1"}}}"#;
    let (status, _) = server.post(&[&ended], call);
    assert!(status.contains("404"), "{status}");
    let (status, body) = server.post(&[&other], call);
    assert!(status.contains("200"), "{status}");
    assert!(
        body.contains(r#""structuredContent":{"value":1}"#),
        "{body}"
    );
}

#[test]
fn the_typescript_sdk_client_works_over_http_with_elicitation() {
    let server = HttpServer::start(
        &json!({"mcpServers": {"everything": everything(), "notes": notes()}}),
        &[],
    );
    let calls = json!([
        {"tool": "run_code", "arguments": {"code": "return await tools.everything__get_sum({a: 2, b: 3})"}},
        {"tool": "run_instruction", "arguments": {"instruction": "Call echo with message \"hi\""}},
        {"tool": "run_code", "arguments": {"code": "const {id} = await tools.notes__add_note({text: 'milk'}); return await tools.notes__delete_note({id});"}}
    ]);
    let run = |elicit: &str| {
        let output = run_bounded(
            Command::new("node")
                .arg(fixtures().join("ts_calls.mjs"))
                .args([server.url.as_str(), elicit])
                .arg(calls.to_string()),
            Duration::from_secs(120),
        );
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        serde_json::from_slice::<Value>(&output.stdout).unwrap()
    };
    let accepted = run("accept");
    assert_eq!(
        accepted["tools"],
        json!(["run_code", "run_instruction", "notes__delete_note"])
    );
    assert_eq!(
        accepted["answers"][0]["structuredContent"]["value"],
        json!("The sum of 2 and 3 is 5.")
    );
    assert_eq!(
        accepted["answers"][1]["structuredContent"]["value"],
        json!({"ok": true, "value": "Echo: hi"})
    );
    assert_eq!(accepted["asked"].as_array().unwrap().len(), 1);
    assert_eq!(
        accepted["answers"][2]["structuredContent"]["value"],
        json!("deleted note 1")
    );
    assert_eq!(accepted["closed"], json!("ok"));
    let declined = run("decline");
    assert_eq!(
        declined["answers"][2]["structuredContent"]["reason_code"],
        json!("approval_denied")
    );
    // A client that cannot be asked gets the call handed back to make directly.
    let unasked = run("none");
    assert_eq!(unasked["asked"], json!([]));
    assert_eq!(
        unasked["answers"][2]["structuredContent"]["follow_up"],
        json!({"tool": "notes__delete_note", "arguments": {"id": 3}})
    );
}
