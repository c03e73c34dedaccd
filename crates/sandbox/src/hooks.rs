//! Test hooks: with the `test-hooks` feature, every run of a worker also has these tools, which run
//! inside the worker (never on the host) and act as code that has taken over the engine would:
//!
//! - `__sandbox_abort()` aborts the worker (`SIGABRT`), as a memory-safety crash would end it;
//! - `__sandbox_open({path})` reads a file and returns its text;
//! - `__sandbox_socket({address})` opens a TCP connection to `address` (`HOST:PORT`);
//! - `__sandbox_thread()` starts a thread and waits for it;
//! - `__sandbox_env()` returns the worker's environment as an object;
//! - `__sandbox_stderr({text})` writes `text` to the worker's standard error;
//! - `__sandbox_pid()` returns the worker's process id, so a test can tell workers apart;
//! - `__sandbox_hang()` blocks the worker's only thread for good, as an engine stuck in native
//!   code would, so that only the host's deadline can end the run.
//!
//! Locked down, `open`, `socket` and `thread` never return: the seccomp filter kills the worker
//! at `openat`, `socket` and `clone`. Without the feature (every build but `cargo test`'s) there are none.

use serde_json::Value;

/// The hooks' names (none without the `test-hooks` feature).
#[cfg(not(feature = "test-hooks"))]
pub const NAMES: &[&str] = &[];

/// Runs hook `name` (`None`: no such hook; always, without the `test-hooks` feature).
#[cfg(not(feature = "test-hooks"))]
pub fn run(_name: &str, _args: &Value) -> Option<Result<Value, String>> {
    None
}

/// The hooks' names.
#[cfg(feature = "test-hooks")]
pub const NAMES: &[&str] = &[
    "__sandbox_abort",
    "__sandbox_open",
    "__sandbox_socket",
    "__sandbox_thread",
    "__sandbox_hang",
    "__sandbox_stderr",
    "__sandbox_pid",
    "__sandbox_env",
];

/// Runs hook `name` with `args` inside the worker (`None`: no such hook).
#[cfg(feature = "test-hooks")]
pub fn run(name: &str, args: &Value) -> Option<Result<Value, String>> {
    use serde_json::json;

    let text = |key: &str| args[key].as_str().unwrap_or_default().to_owned();
    Some(match name {
        "__sandbox_abort" => std::process::abort(),
        "__sandbox_open" => {
            let path = text("path");
            std::fs::read_to_string(&path)
                .map(Value::String)
                .map_err(|e| format!("cannot read {path}: {e}"))
        }
        "__sandbox_socket" => {
            let address = text("address");
            std::net::TcpStream::connect(&address)
                .map(|_| json!("connected"))
                .map_err(|e| format!("cannot connect to {address}: {e}"))
        }
        "__sandbox_thread" => std::thread::spawn(|| 1)
            .join()
            .map(|n| json!(n))
            .map_err(|_| "the thread panicked".to_owned()),
        "__sandbox_hang" => loop {
            std::thread::sleep(std::time::Duration::from_secs(1));
        },
        "__sandbox_stderr" => {
            eprint!("{}", text("text"));
            Ok(Value::Null)
        }
        "__sandbox_pid" => Ok(json!(std::process::id())),
        "__sandbox_env" => {
            let vars: serde_json::Map<String, Value> = std::env::vars_os()
                .map(|(k, v)| {
                    (
                        k.to_string_lossy().into_owned(),
                        Value::String(v.to_string_lossy().into_owned()),
                    )
                })
                .collect();
            Ok(Value::Object(vars))
        }
        _ => return None,
    })
}
