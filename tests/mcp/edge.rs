//! `codemode mcp --http` at its edge, against hostile and careless clients: half-sent requests
//! and idle connections are closed by their timeouts and cannot lock out a client with the token,
//! sessions are capped and expire, one request gets the same answer over stdio and HTTP, and
//! every refusal is a JSON-RPC error.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::http::{HttpServer, INITIALIZE};
use crate::load::Served;
use crate::server::{Raw, run_code_line};
use crate::support::{scratch, write_config};

const TOKEN: &str = "edge-test-token-0123456789";

/// The JSON-RPC message of an HTTP answer body: the body itself, or the SSE event carrying it.
fn message(body: &str) -> Value {
    if let Ok(value) = serde_json::from_str::<Value>(body) {
        return value;
    }
    body.lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .find(|value| value.get("jsonrpc").is_some())
        .unwrap_or_else(|| panic!("no JSON-RPC message in {body}"))
}

/// A header's value in a raw HTTP answer.
fn header_of(response: &str, name: &str) -> Option<String> {
    let head = response.split("\r\n\r\n").next()?;
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.trim()
            .eq_ignore_ascii_case(name)
            .then(|| value.trim().to_owned())
    })
}

/// Whether the server closed `stream` (an end of stream or a reset), waiting at most `wait`.
fn closed_by_server(stream: &mut TcpStream, wait: Duration) -> bool {
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut buffer = [0u8; 512];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return true,
            // An answer (a timeout's JSON-RPC error) may come before the end.
            Ok(_) => continue,
            Err(err) if matches!(err.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return false;
            }
            Err(_) => return true,
        }
    }
}

/// Initializes a session by hand with the token: the whole answer.
fn initialize_with_token(server: &HttpServer) -> String {
    let mut response = String::new();
    server
        .send(&[&format!("Authorization: Bearer {TOKEN}")], INITIALIZE)
        .read_to_string(&mut response)
        .unwrap();
    response
}

#[test]
fn half_sent_requests_are_closed_in_time_and_never_lock_out_a_client_with_the_token() {
    // The common open-file limit of 1,024, more half-sent connections than it allows, and short
    // timeouts so that the test takes seconds.
    let dir = scratch();
    let token_file = dir.join("token");
    std::fs::write(&token_file, TOKEN).unwrap();
    let config = write_config(&json!({
        "mcpServers": {},
        "http": {"headerTimeoutMs": 3000, "bodyTimeoutMs": 3000, "idleTimeoutMs": 3000}
    }));
    let served = Served::start_with_open_files(
        &config,
        &["--token-file", token_file.to_str().unwrap()],
        1024,
    );
    let server = HttpServer {
        url: served.url.clone(),
        served,
    };
    let authority = server.authority();
    let mut held = Vec::new();
    for at in 0..1100 {
        let Ok(mut stream) = TcpStream::connect(&authority) else {
            continue;
        };
        // Half a head: no token yet, no blank line.
        let half = if at % 2 == 0 {
            "POST /mcp HTTP/1.1\r\nHost: x\r\n"
        } else {
            "POST /mc"
        };
        if stream.write_all(half.as_bytes()).is_ok() {
            held.push((Instant::now(), stream));
        }
    }
    assert!(held.len() >= 1000, "only {} connections held", held.len());
    // While they are all held, a client with the token gets in: past the cap, the connection
    // that has waited longest without a request makes room.
    let response = initialize_with_token(&server);
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(
        header_of(&response, "mcp-session-id").is_some(),
        "{response}"
    );
    // Every half-sent connection is closed by the server once the head timeout has passed (3 s
    // from its start; the margin is for a loaded machine).
    let mut still_open = 0;
    for (opened, stream) in &mut held {
        let deadline = *opened + Duration::from_secs(3) + Duration::from_secs(10);
        let left = deadline.saturating_duration_since(Instant::now());
        if !closed_by_server(stream, left.max(Duration::from_millis(10))) {
            still_open += 1;
        }
    }
    assert_eq!(
        still_open, 0,
        "connections still open after the head timeout"
    );
    assert!(initialize_with_token(&server).starts_with("HTTP/1.1 200"));
}

#[test]
fn a_half_sent_body_gets_a_timeout_with_the_token_and_401_at_once_without_it() {
    let dir = scratch();
    let token_file = dir.join("token");
    std::fs::write(&token_file, TOKEN).unwrap();
    let server = HttpServer::start(
        &json!({"mcpServers": {}, "http": {"bodyTimeoutMs": 1500, "idleTimeoutMs": 60000}}),
        &["--token-file", token_file.to_str().unwrap()],
    );
    let send_half = |token: bool| {
        let mut stream = TcpStream::connect(server.authority()).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        let auth = if token {
            format!("Authorization: Bearer {TOKEN}\r\n")
        } else {
            String::new()
        };
        let head = format!(
            "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n{auth}Content-Length: 400\r\n\r\n{{\"jsonrpc\":"
        );
        stream.write_all(head.as_bytes()).unwrap();
        let begun = Instant::now();
        let mut response = String::new();
        let _ = stream.read_to_string(&mut response);
        (response, begun.elapsed())
    };
    let (response, took) = send_half(false);
    assert!(response.starts_with("HTTP/1.1 401"), "{response}");
    assert!(took < Duration::from_secs(1), "{took:?}");
    let (response, took) = send_half(true);
    assert!(response.starts_with("HTTP/1.1 408"), "{response}");
    assert!(took >= Duration::from_millis(1400), "{took:?}");
    let body = response.split("\r\n\r\n").nth(1).unwrap_or_default();
    let answer = message(body);
    assert_eq!(answer["error"]["code"], json!(-32003), "{answer}");
    assert_eq!(header_of(&response, "connection").as_deref(), Some("close"));
}

#[test]
fn an_idle_keep_alive_connection_is_closed_after_its_timeout() {
    let server = HttpServer::start(
        &json!({"mcpServers": {}, "http": {"idleTimeoutMs": 1000, "headerTimeoutMs": 30000}}),
        &[],
    );
    let mut stream = TcpStream::connect(server.authority()).unwrap();
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\n\r\n{INITIALIZE}",
        server.authority(),
        INITIALIZE.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    // The answer comes, the connection stays open for the next request, then idles out.
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut first = [0u8; 64];
    let read = stream.read(&mut first).unwrap();
    assert!(first[..read].starts_with(b"HTTP/1.1 200"));
    let begun = Instant::now();
    assert!(closed_by_server(&mut stream, Duration::from_secs(10)));
    assert!(
        begun.elapsed() >= Duration::from_millis(500),
        "{:?}",
        begun.elapsed()
    );
}

#[test]
fn sessions_past_the_cap_are_refused_with_a_retry_hint_and_idle_ones_expire() {
    let server = HttpServer::start(
        &json!({"mcpServers": {}, "http": {"maxSessions": 3, "sessionIdleMs": 1500}}),
        &[],
    );
    let sessions: Vec<String> = (0..3).map(|_| server.raw_session()).collect();
    let response = server.exchange(&[], INITIALIZE);
    assert!(response.starts_with("HTTP/1.1 503"), "{response}");
    assert!(header_of(&response, "retry-after").is_some(), "{response}");
    let answer = message(response.split("\r\n\r\n").nth(1).unwrap_or_default());
    assert_eq!(answer["id"], json!(1), "{answer}");
    assert_eq!(answer["error"]["code"], json!(-32002), "{answer}");
    assert_eq!(answer["error"]["data"]["maxSessions"], json!(3), "{answer}");
    assert!(answer["error"]["data"]["retryAfterMs"].as_u64().unwrap() >= 1000);
    // Used sessions answer; unused ones expire, and their slots open again.
    let (status, _) = server.post(&[&sessions[0]], &run_code_line(2, "return 1"));
    assert!(status.contains("200"), "{status}");
    std::thread::sleep(Duration::from_millis(3000));
    let (status, body) = server.post(&[&sessions[1]], &run_code_line(3, "return 1"));
    assert!(status.contains("404"), "{status}");
    let gone = message(&body);
    assert_eq!(gone["error"]["code"], json!(-32600), "{gone}");
    assert_eq!(gone["id"], json!(3), "{gone}");
    let fresh = server.raw_session();
    let (status, body) = server.post(&[&fresh], &run_code_line(4, "return 6 * 7"));
    assert!(status.contains("200"), "{status}");
    assert_eq!(
        message(&body)["result"]["structuredContent"],
        json!({"value": 42})
    );
}

#[test]
fn thousands_of_sessions_never_closed_are_refused_past_the_cap_and_memory_stays_bounded() {
    let server = HttpServer::start(
        &json!({"mcpServers": {}, "http": {"maxSessions": 300}}),
        &[],
    );
    let mut opened = 0;
    let mut refused = 0;
    for _ in 0..1500 {
        let response = server.exchange(&[], INITIALIZE);
        if response.starts_with("HTTP/1.1 200") {
            opened += 1;
        } else {
            assert!(response.starts_with("HTTP/1.1 503"), "{response}");
            refused += 1;
        }
    }
    assert_eq!((opened, refused), (300, 1200));
    // A session opened before still gets its answers.
    let rss_mib = server.served.rss_kib() / 1024;
    assert!(rss_mib < 256, "{rss_mib} MiB resident");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_request_gets_the_same_answer_over_stdio_and_http() {
    let requests = [
        // `arguments` that is no object.
        r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"run_code","arguments":"x"}}"#.to_owned(),
        r#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":5}}"#.to_owned(),
        r#"{"jsonrpc":"2.0","id":9,"method":"tools/call"}"#.to_owned(),
        r#"{"jsonrpc":"2.0","id":10,"method":"tools/call","params":[1]}"#.to_owned(),
        r#"{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"nope"}}"#.to_owned(),
        // Lone surrogate escapes become U+FFFD on both.
        run_code_line(12, r"return ['\ud800', '\udc00!', '\ud83d\ude00']"),
        "this is not JSON".to_owned(),
    ];
    let mut stdio = Raw::start().await;
    let http = HttpServer::start(&json!({"mcpServers": {}}), &[]);
    let session = http.raw_session();
    for request in &requests {
        stdio.send(request).await;
        let over_stdio = stdio.next().await;
        let (status, body) = http.post(&[&session], request);
        let over_http = message(&body);
        let mut comparable = over_http.clone();
        // The answer's structured content is what matters; meta fields may differ by transport.
        if let Some(result) = comparable.get_mut("result") {
            result
                .as_object_mut()
                .unwrap()
                .retain(|key, _| key == "structuredContent");
        }
        let mut expected = over_stdio.clone();
        if let Some(result) = expected.get_mut("result") {
            result
                .as_object_mut()
                .unwrap()
                .retain(|key, _| key == "structuredContent");
        }
        assert_eq!(comparable, expected, "{request} ({status})");
    }
    stdio.close().await;
}

#[test]
fn every_refusal_over_http_is_a_json_rpc_error_and_the_bearer_scheme_is_read_in_any_case() {
    let server = HttpServer::start(&json!({"mcpServers": {}}), &[]);
    let session = server.raw_session();
    let refusal = |response: &str, status: &str| {
        assert!(
            response.starts_with(&format!("HTTP/1.1 {status}")),
            "{response}"
        );
        let body = response.split("\r\n\r\n").nth(1).unwrap_or_default();
        let answer: Value =
            serde_json::from_str(body).unwrap_or_else(|_| panic!("{status}: {body} is not JSON"));
        assert_eq!(answer["jsonrpc"], json!("2.0"), "{answer}");
        assert!(answer["error"]["code"].is_i64(), "{answer}");
        answer
    };
    let exchange = |mut stream: TcpStream| {
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        response
    };
    // A Host that a loopback server does not accept (rmcp's guard against DNS rebinding).
    let mut stream = TcpStream::connect(server.authority()).unwrap();
    let body = INITIALIZE;
    stream
        .write_all(
            format!(
                "POST /mcp HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
        .unwrap();
    refusal(&exchange(stream), "403");
    // An unknown session, another path, a method the endpoint does not serve, a GET that does
    // not accept an event stream.
    let unknown = refusal(
        &server.exchange(&["Mcp-Session-Id: nope"], &run_code_line(5, "return 1")),
        "404",
    );
    assert_eq!(unknown["id"], json!(5), "{unknown}");
    let mut other = TcpStream::connect(server.authority()).unwrap();
    other
        .write_all(b"GET /elsewhere HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .unwrap();
    refusal(&exchange(other), "404");
    refusal(&exchange(server.send_method("PUT", &[], "{}")), "405");
    let mut get = TcpStream::connect(server.authority()).unwrap();
    get.write_all(
        format!(
            "GET /mcp HTTP/1.1\r\nHost: {}\r\nAccept: application/json\r\n{session}\r\nConnection: close\r\n\r\n",
            server.authority()
        )
        .as_bytes(),
    )
    .unwrap();
    refusal(&exchange(get), "406");
    // The token's scheme in capitals is the same scheme.
    let dir = scratch();
    let token_file = dir.join("token");
    std::fs::write(&token_file, TOKEN).unwrap();
    let guarded = HttpServer::start(
        &json!({"mcpServers": {}}),
        &["--token-file", token_file.to_str().unwrap()],
    );
    let (status, _) = guarded.post(&[&format!("Authorization: BEARER {TOKEN}")], INITIALIZE);
    assert!(status.contains("200"), "{status}");
    let denied = guarded.exchange(&["Authorization: Basic abc"], INITIALIZE);
    refusal(&denied, "401");
}
