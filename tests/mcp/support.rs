//! What the MCP tests share: installing their dependencies once, configs, bounded waits.

use std::fs::File;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::{Value, json};

/// The repository's root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The folder of the MCP test fixtures.
pub fn fixtures() -> PathBuf {
    root().join("tests/mcp")
}

/// Runs `scripts/install-test-deps --if-needed` once per test binary, under a file lock so that
/// test binaries running at once do not install over each other.
pub fn ensure_test_deps() {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let lock = File::create(fixtures().join(".install.lock")).unwrap();
        lock.lock().unwrap();
        let output = run_bounded(
            Command::new("bash")
                .arg(root().join("scripts/install-test-deps"))
                .arg("--if-needed"),
            Duration::from_secs(600),
        );
        assert!(
            output.status.success(),
            "scripts/install-test-deps failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        lock.unlock().unwrap();
    });
}

/// The config entry of the reference server.
pub fn everything() -> Value {
    ensure_test_deps();
    let script =
        fixtures().join("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    json!({"command": "node", "args": [script, "stdio"]})
}

/// The config entry of the notes server.
pub fn notes() -> Value {
    ensure_test_deps();
    json!({"command": "node", "args": [fixtures().join("notes-server.mjs")]})
}

/// The config entry of the reference filesystem server, allowed into `root` only.
pub fn filesystem(root: &Path) -> Value {
    ensure_test_deps();
    let script =
        fixtures().join("node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
    json!({"command": "node", "args": [script, root]})
}

/// A fresh folder for one test's files, under the folder cargo keeps for integration tests'
/// scratch files (inside `target/`), so that test runs leave nothing in the system's temp folder.
pub fn scratch() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "codemode-mcp-test-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `config` to a fresh file and returns its path.
pub fn write_config(config: &Value) -> PathBuf {
    let path = scratch().join("mcp.json");
    std::fs::write(&path, serde_json::to_string_pretty(config).unwrap()).unwrap();
    path
}

/// Awaits `future`, failing the test when it takes longer than `seconds`.
pub async fn within<T>(seconds: u64, what: &str, future: impl Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(seconds), future)
        .await
        .unwrap_or_else(|_| panic!("{what} did not finish within {seconds} s"))
}

/// Runs a command to its end with its output collected, killing it (and failing the test) past
/// `limit`.
pub fn run_bounded(command: &mut Command, limit: Duration) -> Output {
    let child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    crate::common::finish_within(child, limit)
}
