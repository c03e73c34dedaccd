//! Test hooks: with the `test-hooks` feature, every run of a worker also has these tools, which run
//! inside the worker (never on the host) and act as code that has taken over the engine would:
//!
//! - `__sandbox_abort()` aborts the worker (`SIGABRT`), as a memory-safety crash would end it;
//! - `__sandbox_open({path})` reads a file and returns its text;
//! - `__sandbox_socket({address})` opens a TCP connection to `address` (`HOST:PORT`);
//! - `__sandbox_env()` returns the worker's environment as an object;
//! - `__sandbox_stderr({text})` writes `text` to the worker's standard error;
//! - `__sandbox_pid()` returns the worker's process id, so a test can tell workers apart;
//! - `__sandbox_hang()` blocks the worker's only runtime thread for good, as an engine stuck in
//!   native code would, so that only the host's deadline can end the run.
//!
//! Locked down, the middle two never return: the seccomp filter kills the worker at `openat` and
//! `socket`. Without the feature (every build but `cargo test`'s) [`add`] adds nothing.

use codemode_interpreter::RunOptions;

/// Adds the hooks to a run's tools (nothing without the `test-hooks` feature).
#[cfg(not(feature = "test-hooks"))]
pub fn add(options: RunOptions) -> RunOptions {
    options
}

/// Adds the hooks to a run's tools.
#[cfg(feature = "test-hooks")]
pub fn add(options: RunOptions) -> RunOptions {
    use codemode_interpreter::{Tool, ToolError};
    use serde_json::{Value, json};

    let text = |args: &Value, key: &str| args[key].as_str().unwrap_or_default().to_owned();
    options
        .with_tool(
            "__sandbox_abort",
            Tool::new(|_| async { std::process::abort() }),
        )
        .with_tool(
            "__sandbox_open",
            Tool::new(move |args| {
                let path = text(&args, "path");
                async move {
                    std::fs::read_to_string(&path)
                        .map(Value::String)
                        .map_err(|e| ToolError::new(format!("cannot read {path}: {e}")))
                }
            }),
        )
        .with_tool(
            "__sandbox_socket",
            Tool::new(move |args| {
                let address = text(&args, "address");
                async move {
                    std::net::TcpStream::connect(&address)
                        .map(|_| json!("connected"))
                        .map_err(|e| ToolError::new(format!("cannot connect to {address}: {e}")))
                }
            }),
        )
        .with_tool(
            "__sandbox_hang",
            Tool::new(|_| async {
                loop {
                    std::thread::sleep(std::time::Duration::from_secs(1));
                }
            }),
        )
        .with_tool(
            "__sandbox_stderr",
            Tool::new(move |args| {
                let message = text(&args, "text");
                async move {
                    eprint!("{message}");
                    Ok(Value::Null)
                }
            }),
        )
        .with_tool(
            "__sandbox_pid",
            Tool::new(|_| async { Ok(json!(std::process::id())) }),
        )
        .with_tool(
            "__sandbox_env",
            Tool::new(|_| async {
                let vars: serde_json::Map<String, Value> = std::env::vars_os()
                    .map(|(k, v)| {
                        (
                            k.to_string_lossy().into_owned(),
                            Value::String(v.to_string_lossy().into_owned()),
                        )
                    })
                    .collect();
                Ok(Value::Object(vars))
            }),
        )
}
