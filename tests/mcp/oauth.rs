//! A remote upstream behind OAuth: `codemode login` against a local authorization server (the
//! TypeScript SDK's auth helpers, in `oauth-server.mjs`), then `codemode mcp` with the stored
//! tokens, refreshed when they expire.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

use crate::remote::{Remote, free_port, run, run_code_description, start_logged};
use crate::support::{ensure_test_deps, fixtures, scratch, write_config};

/// `oauth-server.mjs` with access tokens that live `ttl_s` seconds, killed when dropped (its
/// `port` is the MCP server's).
fn start_oauth_server(ttl_s: u64) -> Remote {
    ensure_test_deps();
    let (mcp_port, auth_port) = (free_port(), free_port());
    let mut command = Command::new("node");
    command
        .arg(fixtures().join("oauth-server.mjs"))
        .arg(mcp_port.to_string())
        .arg(auth_port.to_string())
        .env("ACCESS_TTL_S", ttl_s.to_string());
    Remote::spawn(command, move |line| {
        line.starts_with("listening").then_some(mcp_port)
    })
}

/// A config with the OAuth server as `secure`.
fn oauth_config(server: &Remote) -> Value {
    json!({"mcpServers": {"secure": {"url": format!("http://localhost:{}/mcp", server.port), "oauth": true}}})
}

/// Runs `codemode login`, opening the address it prints the way a browser would (following the
/// authorization server's redirect back to codemode), and returns its stderr.
fn login(config: &Path, home: &Path) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_codemode"))
        .args(["login", "--config"])
        .arg(config)
        .arg("secure")
        .env("CODEMODE_HOME", home)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    let url = loop {
        let mut line = String::new();
        assert!(stderr.read_line(&mut line).unwrap() > 0, "{said}");
        said.push_str(&line);
        if line.starts_with("http://") {
            break line.trim().to_owned();
        }
    };
    let browser = Command::new("node")
        .arg("-e")
        .arg("fetch(process.argv[1]).then(r => r.text()).then(t => process.stdout.write(t))")
        .arg(&url)
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&browser.stdout).contains("codemode is signed in"),
        "{browser:?}"
    );
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    let status = crate::common::finish_within(child, Duration::from_secs(30)).status;
    said.push_str(&rest);
    assert!(status.success(), "{said}");
    said
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn login_signs_in_once_and_the_tokens_are_refreshed_when_they_expire() {
    let server = start_oauth_server(2);
    let config = write_config(&oauth_config(&server));
    let home = scratch();
    // Before the sign-in, the server is left out with the command that fixes it.
    let (session, _log) = start_logged(
        &oauth_config(&server),
        &[("CODEMODE_HOME", home.to_str().unwrap())],
    )
    .await;
    let description = run_code_description(&session).await;
    assert!(
        description.contains("codemode is not signed in to it")
            && description.contains("run `codemode login --config")
            && description.contains(" secure`"),
        "{description}"
    );
    session.cancel().await.unwrap();

    let said = login(&config, &home);
    assert!(
        said.contains("codemode: signed in to `secure` as client"),
        "{said}"
    );
    let token_file = home
        .join("oauth")
        .join(format!("localhost_{}_mcp.json", server.port));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&token_file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let stored: Value = serde_json::from_slice(&std::fs::read(&token_file).unwrap()).unwrap();
    let first_token = stored["token_response"]["access_token"]
        .as_str()
        .unwrap()
        .to_owned();

    let (session, log) = start_logged(
        &oauth_config(&server),
        &[("CODEMODE_HOME", home.to_str().unwrap())],
    )
    .await;
    let whoami = "return await tools.secure__whoami()";
    let client = format!("client {}", stored["client_id"].as_str().unwrap());
    assert_eq!(run(&session, whoami).await["value"], json!(client));
    // The access token lives 2 s: past that, the next request refreshes it.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(run(&session, whoami).await["value"], json!(client));
    let refreshed: Value = serde_json::from_slice(&std::fs::read(&token_file).unwrap()).unwrap();
    assert_ne!(
        refreshed["token_response"]["access_token"],
        json!(first_token)
    );
    session.cancel().await.unwrap();
    let stderr = std::fs::read_to_string(log).unwrap();
    assert!(!stderr.contains(&first_token), "{stderr}");
}

#[test]
fn login_refuses_a_server_that_is_not_remote_or_not_oauth() {
    let config = write_config(&json!({"mcpServers": {
        "plain": {"url": "http://localhost:1/mcp"},
        "local": crate::support::notes()
    }}));
    for (server, expected) in [
        (
            "plain",
            "cannot sign in to `plain`: its config does not say `\"oauth\": true`",
        ),
        ("local", "cannot sign in to `local`: it is a stdio server"),
        (
            "nope",
            "cannot sign in to `nope`: the config has no server of that name; its servers are `plain`, `local`",
        ),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_codemode"))
            .args(["login", "--config"])
            .arg(&config)
            .arg(server)
            .env("CODEMODE_HOME", scratch())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{stderr}");
    }
}
