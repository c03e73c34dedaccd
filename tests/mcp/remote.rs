//! Remote upstreams over streamable HTTP: the reference server in its HTTP mode, a server that
//! demands a bearer token (`remote-server.mjs`), secrets named in headers and never shown, an
//! upstream killed and restarted during calls, and media that code returns as MCP content.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use rmcp::ServiceExt;
use rmcp::transport::TokioChildProcess;
use serde_json::{Value, json};

use crate::python::python_client;
use crate::server::{Client, Session, call, text, tools};
use crate::support::{
    ensure_test_deps, fixtures, notes, run_bounded, scratch, within, write_config,
};

/// A node server of the tests, killed when dropped.
pub(crate) struct Remote {
    child: Child,
    pub(crate) port: u16,
}

impl Drop for Remote {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Remote {
    /// `remote-server.mjs` on `port` (0: any free one), demanding `token` when given, serving
    /// the tools of `catalog` when given.
    pub(crate) fn start(port: u16, token: Option<&str>, catalog: Option<&Path>) -> Self {
        ensure_test_deps();
        let mut command = Command::new("node");
        command
            .arg(fixtures().join("remote-server.mjs"))
            .arg(port.to_string());
        if let Some(catalog) = catalog {
            command.arg(catalog);
        }
        if let Some(token) = token {
            command.env("REMOTE_TOKEN", token);
        }
        Self::spawn(command, |line| {
            line.strip_prefix("listening ")
                .and_then(|port| port.trim().parse().ok())
        })
    }

    /// The reference server in its streamable HTTP mode, on a free port.
    fn everything() -> Self {
        ensure_test_deps();
        let port = free_port();
        let mut command = Command::new("node");
        command
            .arg(
                fixtures()
                    .join("node_modules/@modelcontextprotocol/server-everything/dist/index.js"),
            )
            .arg("streamableHttp")
            .env("PORT", port.to_string())
            .current_dir(fixtures())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let child = command.spawn().unwrap();
        // It says that it listens on stderr, among other lines: its port answering is the sign.
        let started = std::time::Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "server-everything did not listen within 30 s"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Self { child, port }
    }

    /// Starts `command` and waits (at most 30 s) for the stdout line `ready` reads a port from.
    pub(crate) fn spawn(
        mut command: Command,
        ready: impl Fn(&str) -> Option<u16> + Send + 'static,
    ) -> Self {
        let mut child = command
            .current_dir(fixtures())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some(port) = ready(&line) {
                    let _ = sender.send(port);
                }
            }
        });
        let port = receiver
            .recv_timeout(Duration::from_secs(30))
            .expect("the server did not say it listens within 30 s");
        Self { child, port }
    }

    pub(crate) fn url(&self) -> String {
        format!("http://127.0.0.1:{}/mcp", self.port)
    }
}

/// A port no one listens on now.
pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `codemode mcp` on `config`, with `env` set, its stderr kept in the file returned.
pub(crate) async fn start_logged(config: &Value, env: &[(&str, &str)]) -> (Session, PathBuf) {
    start_with(config, env, Client::default()).await
}

/// [`start_logged`] with `client` as the handler.
async fn start_with(config: &Value, env: &[(&str, &str)], client: Client) -> (Session, PathBuf) {
    let path = write_config(config);
    let log = scratch().join("stderr.log");
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_codemode"));
    command.arg("mcp").arg("--config").arg(path);
    for (key, value) in env {
        command.env(key, value);
    }
    let (transport, _) = TokioChildProcess::builder(command)
        .stderr(Stdio::from(std::fs::File::create(&log).unwrap()))
        .spawn()
        .unwrap();
    let session = within(60, "the handshake", client.serve(transport))
        .await
        .unwrap();
    (session, log)
}

/// run_code's description, as `tools/list` answers it now.
pub(crate) async fn run_code_description(session: &Session) -> String {
    tools(session).await[0]
        .description
        .clone()
        .unwrap_or_default()
        .to_string()
}

/// Runs `code` with run_code: its structured content (or its text, when it has none).
pub(crate) async fn run(session: &Session, code: &str) -> Value {
    let result = call(session, "run_code", json!({ "code": code })).await;
    match &result.structured_content {
        Some(content) => content.clone(),
        None => json!(text(&result)),
    }
}

/// Runs `code` until its value is `expected` (at most `seconds`), returning the answers seen.
async fn run_until(session: &Session, code: &str, expected: &Value, seconds: u64) -> Vec<Value> {
    let mut seen = Vec::new();
    within(seconds, "the upstream's return", async {
        loop {
            let answer = run(session, code).await;
            let done = answer.get("value") == Some(expected);
            seen.push(answer);
            if done {
                return;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
    .await;
    seen
}

const TOKEN: &str = "tok-4f1c9e2b7a";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_remote_upstream_is_called_with_headers_whose_secrets_are_never_shown() {
    let remote = Remote::start(0, Some(TOKEN), None);
    let reference = Remote::everything();
    let config = json!({"mcpServers": {
        "remote": {"type": "http", "url": remote.url(), "headers": {
            "Authorization": "Bearer ${env:CODEMODE_TEST_REMOTE_TOKEN}", "X-Team": "blue"}},
        "everything": {"url": reference.url()}
    }});
    let (session, log) = start_logged(&config, &[("CODEMODE_TEST_REMOTE_TOKEN", TOKEN)]).await;
    let answer = run(
        &session,
        "const [echo, team, sum] = await Promise.all([
           tools.remote__echo({message: 'hi'}),
           tools.remote__team(),
           tools.everything__get_sum({a: 2, b: 40}),
         ]);
         return {echo, team, sum};",
    )
    .await;
    assert_eq!(
        answer["value"],
        json!({"echo": "echo: hi", "team": "blue", "sum": "The sum of 2 and 40 is 42."}),
        "{answer}"
    );
    // Code cannot read the token, and the tools list and the log never show it.
    let leaked = run(&session, "return JSON.stringify(globalThis)").await;
    assert!(!leaked.to_string().contains(TOKEN));
    let listed = serde_json::to_string(&tools(&session).await).unwrap();
    assert!(!listed.contains(TOKEN));
    session.cancel().await.unwrap();
    let stderr = std::fs::read_to_string(log).unwrap();
    assert!(!stderr.contains(TOKEN), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_leaves_the_server_out_with_what_to_do_and_no_secret() {
    let remote = Remote::start(0, Some(TOKEN), None);
    let token_file = scratch().join("token");
    std::fs::write(&token_file, "not-the-token-3b9\n").unwrap();
    let config = json!({"mcpServers": {
        "remote": {"url": remote.url(), "headers": {"Authorization": format!("Bearer ${{file:{}}}", token_file.display())}},
        "notes": notes()
    }});
    let (session, log) = start_logged(&config, &[]).await;
    let description = run_code_description(&session).await;
    assert!(
        description.contains(
            "Upstream server `remote` is not running (the MCP handshake failed: the server refused codemode's credentials (HTTP 401/403): set a valid token in its `headers`)"
        ),
        "{description}"
    );
    assert!(description.contains("notes__list_notes"), "{description}");
    let answer = run(&session, "return await tools.remote__echo({message: 'x'})").await;
    assert_eq!(
        answer["calls"][0]["outcome"],
        json!("no_such_tool"),
        "{answer}"
    );
    session.cancel().await.unwrap();
    let stderr = std::fs::read_to_string(log).unwrap();
    assert!(
        stderr.contains("upstream server `remote` is not running"),
        "{stderr}"
    );
    assert!(!stderr.contains("not-the-token-3b9"), "{stderr}");
}

#[test]
fn an_unreachable_url_or_a_bad_reference_gets_a_clear_error() {
    let unreachable = format!("http://127.0.0.1:{}/mcp", free_port());
    let config = write_config(&json!({"mcpServers": {
        "gone": {"url": unreachable, "startupTimeoutMs": 5000},
        "notes": notes()
    }}));
    let code = scratch().join("code.js");
    std::fs::write(&code, "return await tools.notes__count_notes()").unwrap();
    let output = run_bounded(
        Command::new(env!("CARGO_BIN_EXE_codemode"))
            .arg("run")
            .arg("--mcp")
            .arg(&config)
            .arg(&code),
        Duration::from_secs(60),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("upstream server `gone` is not running: the MCP handshake failed"),
        "{stderr}"
    );
    let bad = write_config(&json!({"mcpServers": {
        "gh": {"url": "https://example.com/mcp", "headers": {"Authorization": "Bearer ${env:CODEMODE_TEST_SURELY_UNSET}"}}
    }}));
    let output = run_bounded(
        Command::new(env!("CARGO_BIN_EXE_codemode"))
            .arg("run")
            .arg("--mcp")
            .arg(&bad)
            .arg(&code),
        Duration::from_secs(30),
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("mcpServers.gh.headers.Authorization: `${env:CODEMODE_TEST_SURELY_UNSET}` names an environment variable that is not set"),
        "{stderr}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upstream_killed_and_restarted_comes_back_and_the_others_go_on() {
    let port = free_port();
    let remote = Remote::start(port, None, None);
    let config = json!({"mcpServers": {
        "remote": {"url": remote.url()},
        "notes": notes()
    }});
    let (session, log) = start_logged(&config, &[]).await;
    let echo = "return await tools.remote__echo({message: 'again'})";
    assert_eq!(run(&session, echo).await["value"], json!("echo: again"));
    // The remote server goes away: its calls fail at once, and say so; the others go on.
    drop(remote);
    let failed = run(&session, echo).await;
    let error = failed["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("upstream_unavailable") || error.contains("outcome_unknown"),
        "{failed}"
    );
    assert_eq!(
        run(&session, "return await tools.notes__count_notes()").await["value"],
        json!("0")
    );
    let refused = run(&session, echo).await;
    assert!(
        refused["error"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Error: upstream_unavailable: upstream server `remote` is unavailable"),
        "{refused}"
    );
    assert_eq!(refused["state_changed"], json!(false), "{refused}");
    let listed = tools(&session).await;
    let description = listed[0].description.as_deref().unwrap_or_default();
    assert!(
        description
            .contains("Upstream server `remote` is unavailable (it is being connected again)"),
        "{description}"
    );
    // It comes back on the same port, and codemode connects to it again by itself.
    let _back = Remote::start(port, None, None);
    run_until(&session, echo, &json!("echo: again"), 30).await;
    // A stdio server that exits is started again too.
    let crashed = run(&session, "await tools.notes__crash(); return 1").await;
    assert!(
        crashed["error"]
            .as_str()
            .unwrap_or_default()
            .contains("outcome_unknown: upstream server `notes` failed during the call"),
        "{crashed}"
    );
    run_until(
        &session,
        "return await tools.notes__count_notes()",
        &json!("0"),
        30,
    )
    .await;
    session.cancel().await.unwrap();
    let stderr = std::fs::read_to_string(log).unwrap();
    assert!(
        stderr.contains("upstream server `remote` dropped its connection: connecting again"),
        "{stderr}"
    );
    assert!(
        stderr.contains("upstream server `remote` is back after"),
        "{stderr}"
    );
    assert!(
        stderr.contains("upstream server `notes` exited: connecting again"),
        "{stderr}"
    );
    assert!(
        stderr.contains("upstream server `notes` is back after"),
        "{stderr}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_down_at_start_is_tried_again_and_its_tools_appear() {
    let port = free_port();
    let config = json!({"mcpServers": {
        "late": {"url": format!("http://127.0.0.1:{port}/mcp"), "startupTimeoutMs": 3000},
        "notes": notes()
    }});
    let client = Client::default();
    let changed = Arc::clone(&client.list_changed);
    let (session, log) = start_with(&config, &[], client).await;
    let description = run_code_description(&session).await;
    assert!(
        description.contains("Upstream server `late` is not running (")
            && description.contains("codemode tries again"),
        "{description}"
    );
    assert!(!description.contains("late__echo"), "{description}");
    let _late = Remote::start(port, None, None);
    run_until(
        &session,
        "return await tools.late__echo({message: 'now'})",
        &json!("echo: now"),
        30,
    )
    .await;
    let description = run_code_description(&session).await;
    assert!(description.contains("late__echo(args: {"), "{description}");
    assert!(!description.contains("is not running"), "{description}");
    assert!(changed.load(std::sync::atomic::Ordering::SeqCst) >= 1);
    session.cancel().await.unwrap();
    let stderr = std::fs::read_to_string(log).unwrap();
    assert!(
        stderr.contains("upstream server `late` is up after"),
        "{stderr}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upstream_that_says_its_tools_changed_is_listed_again() {
    let remote = Remote::start(0, None, None);
    let client = Client::default();
    let changed = Arc::clone(&client.list_changed);
    let (session, log) = start_with(
        &json!({"mcpServers": {"remote": {"url": remote.url()}}}),
        &[],
        client,
    )
    .await;
    let before = run_code_description(&session).await;
    assert!(!before.contains("remote__extra"), "{before}");
    assert_eq!(
        run(&session, "return await tools.remote__grow()").await["value"],
        json!("grown")
    );
    run_until(
        &session,
        "return await tools.remote__extra()",
        &json!("extra"),
        30,
    )
    .await;
    let after = run_code_description(&session).await;
    assert!(after.contains("remote__extra("), "{after}");
    assert!(changed.load(std::sync::atomic::Ordering::SeqCst) >= 1);
    session.cancel().await.unwrap();
    let stderr = std::fs::read_to_string(log).unwrap();
    assert!(
        stderr.contains("upstream server `remote` changed its tools: 6 now"),
        "{stderr}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn media_that_code_returns_reach_the_client_as_content_blocks() {
    let remote = Remote::start(0, None, None);
    let (session, _log) = start_logged(
        &json!({"mcpServers": {"remote": {"url": remote.url()}}}),
        &[],
    )
    .await;
    let result = call(
        &session,
        "run_code",
        json!({"code": "const [picture, memo] = await tools.remote__picture(); return {picture, memo, note: 'two'}"}),
    )
    .await;
    let result = serde_json::to_value(&result).unwrap();
    assert_eq!(
        result["structuredContent"]["value"],
        json!({
            "picture": {"type": "image", "mimeType": "image/png", "content": 1},
            "memo": {"type": "resource", "mimeType": "text/plain", "uri": "memo://one", "content": 2},
            "note": "two"
        }),
        "{result}"
    );
    assert_eq!(result["content"][1]["type"], json!("image"));
    assert_eq!(result["content"][1]["mimeType"], json!("image/png"));
    assert!(
        result["content"][1]["data"]
            .as_str()
            .unwrap()
            .starts_with("iVBOR")
    );
    assert_eq!(
        result["content"][2]["resource"],
        json!({"uri": "memo://one", "mimeType": "text/plain", "text": "a memo"})
    );
    assert!(
        !result["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("iVBOR")
    );
    session.cancel().await.unwrap();
}

#[test]
fn the_python_client_drives_codemode_over_remote_upstreams() {
    let remote = Remote::start(0, Some(TOKEN), None);
    let reference = Remote::everything();
    let token_file = scratch().join("token");
    std::fs::write(&token_file, format!("{TOKEN}\n")).unwrap();
    let config = write_config(&json!({"mcpServers": {
        "remote": {"url": remote.url(), "headers": {"Authorization": format!("Bearer ${{file:{}}}", token_file.display())}},
        "everything": {"type": "http", "url": reference.url()}
    }}));
    let output = python_client(
        &config,
        "const [echo, sum] = await Promise.all([
           tools.remote__echo({message: 'py'}),
           tools.everything__get_sum({a: 1, b: 2}),
         ]);
         return {echo, sum};",
        &[],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        report["structuredContent"]["value"],
        json!({"echo": "echo: py", "sum": "The sum of 1 and 2 is 3."}),
        "{report}"
    );
    assert_eq!(report["isError"], json!(false));
}
