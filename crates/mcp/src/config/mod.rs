//! The config file: upstream servers in the common `mcpServers` shape, plus a `policy` section.
//!
//! ```json
//! {
//!   "mcpServers": {
//!     "everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"]}
//!   },
//!   "policy": {"code": "allow", "default": "hints", "tools": {"everything__toggle_*": "ask"}},
//!   "planner": {"minConfidence": 0.9},
//!   "timeoutMs": 10000,
//!   "maxTimeoutMs": 60000,
//!   "maxValueBytes": 262144,
//!   "maxConcurrentRuns": 16,
//!   "http": {"headerTimeoutMs": 10000, "maxSessions": 1000},
//!   "sandbox": "worker"
//! }
//! ```
//!
//! Parsing is strict: a config is written by a person once, and a typo in a server or a policy
//! should fail loudly rather than change what runs. Every problem names its place
//! (`mcpServers.fs.args[1]: expected a string, not a number`), and an unknown key is refused with
//! the accepted keys listed. The crate README is the reference.

use std::path::{Path, PathBuf};
use std::time::Duration;

use codemode_tool::{Rule, json_kind};
use serde_json::{Map, Value};

use crate::Error;
use crate::naming::{self, SEPARATOR};

/// How long an upstream server may take to start, answer the handshake and list its tools,
/// unless its `startupTimeoutMs` says otherwise.
pub const DEFAULT_STARTUP_TIMEOUT: Duration = Duration::from_secs(30);

/// How long one call of an upstream tool may take, unless the server's `toolTimeoutMs` says
/// otherwise (a run's own timeout stops the calls it made sooner).
pub const DEFAULT_TOOL_TIMEOUT: Duration = Duration::from_secs(60);

/// The largest number of milliseconds any `...Ms` setting takes: one day.
const MAX_MS: f64 = 86_400_000.0;

/// The largest value a run returns, as JSON bytes, when the config sets no `maxValueBytes`:
/// 256 KiB, about 64,000 tokens of a model's context. A larger value fails the run with
/// `value_too_large` and the limit in its error, so the code can project or page instead.
pub const DEFAULT_MAX_VALUE_BYTES: usize = 256 * 1024;

/// The range `maxValueBytes` accepts: 1 KiB to 16 MiB.
const VALUE_BYTES_RANGE: std::ops::RangeInclusive<u64> = 1024..=16 * 1024 * 1024;

/// The range `maxConcurrentRuns` accepts.
const CONCURRENT_RUNS_RANGE: std::ops::RangeInclusive<u64> = 1..=10_000;

/// How long a request head may take to arrive whole, unless `http.headerTimeoutMs` says
/// otherwise.
pub const DEFAULT_HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a request body may take to arrive whole, unless `http.bodyTimeoutMs` says otherwise.
pub const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a keep-alive connection may wait for its next request, unless `http.idleTimeoutMs`
/// says otherwise.
pub const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(60);

/// The most MCP sessions the HTTP server keeps at once, unless `http.maxSessions` says otherwise.
pub const DEFAULT_MAX_SESSIONS: usize = 1000;

/// How long an MCP session may go without a request before it is closed, unless
/// `http.sessionIdleMs` says otherwise (rmcp's own default).
pub const DEFAULT_SESSION_IDLE: Duration = Duration::from_secs(300);

/// The range `http.maxConnections` accepts.
const CONNECTIONS_RANGE: std::ops::RangeInclusive<u64> = 16..=1_000_000;

/// The range `http.maxSessions` accepts.
const SESSIONS_RANGE: std::ops::RangeInclusive<u64> = 1..=1_000_000;

/// A whole config.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// The upstream servers, in the file's order.
    pub servers: Vec<ServerConfig>,
    /// Who may call what.
    pub policy: PolicyConfig,
    /// run_code's timeout for a run that asks for none (`timeoutMs`).
    pub timeout: Option<Duration>,
    /// The most a run may ask for (`maxTimeoutMs`); longer requests are clamped.
    pub max_timeout: Option<Duration>,
    /// The largest value a run may return, as JSON bytes (`maxValueBytes`).
    pub max_value_bytes: Option<usize>,
    /// The most runs (of run_code and run_instruction together) under way at once
    /// (`maxConcurrentRuns`); when absent, [`default_concurrent_runs`] bounds them.
    pub max_concurrent_runs: Option<usize>,
    /// run_instruction: whether it is served, and its least confidence (`planner`).
    pub planner: PlannerConfig,
    /// The HTTP server's limits (`http`), used by `codemode mcp --http` only.
    pub http: HttpConfig,
    /// Where code runs (`sandbox`); the host's default when absent.
    pub sandbox: Option<Sandbox>,
}

/// The `http` section: the limits of `codemode mcp --http` at its edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HttpConfig {
    /// How long a request head may take to arrive whole, from its first byte or from the
    /// connection's start (`headerTimeoutMs`).
    pub header_timeout: Duration,
    /// How long a request body may take to arrive whole, from the end of its head
    /// (`bodyTimeoutMs`).
    pub body_timeout: Duration,
    /// How long a keep-alive connection may wait for its next request (`idleTimeoutMs`).
    pub idle_timeout: Duration,
    /// The most connections open at once (`maxConnections`); by default the process's
    /// open-file limit less a reserve, at most 4096.
    pub max_connections: Option<usize>,
    /// The most MCP sessions at once (`maxSessions`).
    pub max_sessions: usize,
    /// How long a session may go without a request before it is closed (`sessionIdleMs`).
    pub session_idle: Duration,
}

impl Default for HttpConfig {
    fn default() -> Self {
        Self {
            header_timeout: DEFAULT_HEADER_TIMEOUT,
            body_timeout: DEFAULT_BODY_TIMEOUT,
            idle_timeout: DEFAULT_IDLE_TIMEOUT,
            max_connections: None,
            max_sessions: DEFAULT_MAX_SESSIONS,
            session_idle: DEFAULT_SESSION_IDLE,
        }
    }
}

/// Where run_code's code runs: the `sandbox` key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sandbox {
    /// In locked-down sandbox worker processes (`"worker"`).
    Worker,
    /// In the server's own process (`"in-process"`).
    InProcess,
}

/// The `planner` section: `false` serves no run_instruction; an object sets its options.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlannerConfig {
    /// Whether run_instruction is served (when the host has a planner).
    pub enabled: bool,
    /// The least confidence of a plan that runs (`minConfidence`), unless the host's default.
    pub min_confidence: Option<f32>,
}

impl Default for PlannerConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            min_confidence: None,
        }
    }
}

/// Runs per core under way at once when the config sets no `maxConcurrentRuns`.
const RUNS_PER_CORE: usize = 8;

/// What one run may hold at most, in bytes, for the default bound: the engine's 64 MB heap and
/// its own overhead.
const RUN_FOOTPRINT_BYTES: u64 = 80 * 1024 * 1024;

/// The most runs under way at once when the config sets no `maxConcurrentRuns`: 8 per core, and
/// no more than a quarter of the machine's memory holds at 80 MB each (a run's heap limit and
/// the engine's overhead); at least 2.
pub fn default_concurrent_runs() -> usize {
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    let by_cores = cores.saturating_mul(RUNS_PER_CORE);
    let by_memory = total_memory_bytes()
        .map(|bytes| usize::try_from(bytes / 4 / RUN_FOOTPRINT_BYTES).unwrap_or(usize::MAX));
    by_memory.map_or(by_cores, |fit| by_cores.min(fit)).max(2)
}

/// The machine's memory, where it can be read (`/proc/meminfo`).
fn total_memory_bytes() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|line| line.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

impl Config {
    /// The most runs under way at once: `maxConcurrentRuns`, else
    /// [`default_concurrent_runs`].
    pub fn concurrent_runs(&self) -> usize {
        self.max_concurrent_runs
            .unwrap_or_else(default_concurrent_runs)
    }

    /// The largest value a run may return, as JSON bytes: `maxValueBytes`, else
    /// [`DEFAULT_MAX_VALUE_BYTES`].
    pub fn value_limit(&self) -> usize {
        self.max_value_bytes.unwrap_or(DEFAULT_MAX_VALUE_BYTES)
    }
}

/// One upstream stdio server.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerConfig {
    /// Its name in the config.
    pub name: String,
    /// Its name as the prefix of its tools' names (see [`naming`](mod@crate::naming)).
    pub prefix: String,
    /// The program to start.
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Environment variables set for it, on top of the few it inherits (see the README).
    pub env: Vec<(String, String)>,
    /// Its working directory (a relative `cwd` is taken from the config file's folder).
    pub cwd: Option<PathBuf>,
    /// How long it may take to start and list its tools.
    pub startup_timeout: Duration,
    /// How long one call of one of its tools may take.
    pub tool_timeout: Duration,
}

/// The `policy` section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyConfig {
    /// The grant for run_code itself (`code`).
    pub code: Rule,
    /// What decides a tool no entry of `tools` names (`default`).
    pub default: DefaultRule,
    /// Per-tool rules: a tool name, or a prefix ending in `*` (`tools`).
    pub tools: Vec<(String, Rule)>,
}

impl Default for PolicyConfig {
    fn default() -> Self {
        Self {
            code: Rule::Allow,
            default: DefaultRule::Hints,
            tools: Vec::new(),
        }
    }
}

/// What decides a tool that no per-tool rule names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultRule {
    /// The tool's MCP annotations: read-only → allow, destructive or undeclared → ask,
    /// declared non-destructive → allow.
    Hints,
    /// The same rule for every tool.
    Rule(Rule),
}

impl Config {
    /// Reads and parses the config file at `path`; a relative `cwd` is resolved against the
    /// file's folder.
    pub fn load(path: &Path) -> Result<Self, Error> {
        let text = std::fs::read_to_string(path).map_err(|source| Error::ReadConfig {
            path: path.to_owned(),
            source,
        })?;
        let base = path.parent().unwrap_or_else(|| Path::new("."));
        Self::parse(&text, base)
    }

    /// Parses a config; a relative `cwd` is resolved against `base`.
    pub fn parse(text: &str, base: &Path) -> Result<Self, Error> {
        let value: Value = serde_json::from_str(text)
            .map_err(|err| Error::config("config", format!("not valid JSON: {err}")))?;
        let top = object(&value, "config")?;
        closed(
            top,
            "config",
            &[
                "mcpServers",
                "policy",
                "planner",
                "timeoutMs",
                "maxTimeoutMs",
                "maxValueBytes",
                "maxConcurrentRuns",
                "http",
                "sandbox",
            ],
        )?;
        let servers_value = top.get("mcpServers").ok_or_else(|| {
            Error::config(
                "config",
                "`mcpServers` is missing: an object of servers by name, each {\"command\", \"args\", \"env\"}",
            )
        })?;
        let servers_map = object(servers_value, "mcpServers")?;
        let mut servers: Vec<ServerConfig> = Vec::new();
        for (name, server) in servers_map {
            let place = format!("mcpServers{}", key_place(name));
            let parsed = server_config(name, server, &place, base)?;
            if let Some(other) = servers.iter().find(|s| s.prefix == parsed.prefix) {
                return Err(Error::config(
                    place,
                    format!(
                        "its tools would be named `{}{SEPARATOR}...`, like those of the server `{}`; rename one of them",
                        parsed.prefix, other.name
                    ),
                ));
            }
            servers.push(parsed);
        }
        let policy = match top.get("policy") {
            None => PolicyConfig::default(),
            Some(policy) => policy_config(policy, &servers)?,
        };
        let timeout = optional_ms(top, "timeoutMs", "timeoutMs")?;
        let max_timeout = optional_ms(top, "maxTimeoutMs", "maxTimeoutMs")?;
        if let (Some(timeout), Some(max)) = (timeout, max_timeout)
            && timeout > max
        {
            return Err(Error::config(
                "timeoutMs",
                format!(
                    "{} is above maxTimeoutMs ({})",
                    timeout.as_millis(),
                    max.as_millis()
                ),
            ));
        }
        let max_value_bytes = optional_count(
            top,
            "maxValueBytes",
            "maxValueBytes",
            "bytes",
            VALUE_BYTES_RANGE,
        )?;
        let max_concurrent_runs = optional_count(
            top,
            "maxConcurrentRuns",
            "maxConcurrentRuns",
            "runs",
            CONCURRENT_RUNS_RANGE,
        )?;
        let planner = match top.get("planner") {
            None => PlannerConfig::default(),
            Some(planner) => planner_config(planner)?,
        };
        let http = match top.get("http") {
            None => HttpConfig::default(),
            Some(http) => http_config(http)?,
        };
        let sandbox = match top.get("sandbox") {
            None => None,
            Some(Value::String(mode)) if mode == "worker" => Some(Sandbox::Worker),
            Some(Value::String(mode)) if mode == "in-process" => Some(Sandbox::InProcess),
            Some(other) => {
                return Err(Error::config(
                    "sandbox",
                    format!("expected \"worker\" or \"in-process\", not {other}"),
                ));
            }
        };
        Ok(Self {
            servers,
            policy,
            timeout,
            max_timeout,
            max_value_bytes,
            max_concurrent_runs,
            planner,
            http,
            sandbox,
        })
    }
}

fn http_config(value: &Value) -> Result<HttpConfig, Error> {
    let fields = object(value, "http")?;
    closed(
        fields,
        "http",
        &[
            "headerTimeoutMs",
            "bodyTimeoutMs",
            "idleTimeoutMs",
            "maxConnections",
            "maxSessions",
            "sessionIdleMs",
        ],
    )?;
    let defaults = HttpConfig::default();
    let ms = |key: &str, default: Duration| -> Result<Duration, Error> {
        Ok(optional_ms(fields, key, "http")?.unwrap_or(default))
    };
    let count = |key: &str, unit: &str, range: std::ops::RangeInclusive<u64>| {
        optional_count(fields, key, "http", unit, range)
    };
    Ok(HttpConfig {
        header_timeout: ms("headerTimeoutMs", defaults.header_timeout)?,
        body_timeout: ms("bodyTimeoutMs", defaults.body_timeout)?,
        idle_timeout: ms("idleTimeoutMs", defaults.idle_timeout)?,
        max_connections: count("maxConnections", "connections", CONNECTIONS_RANGE)?,
        max_sessions: count("maxSessions", "sessions", SESSIONS_RANGE)?
            .unwrap_or(defaults.max_sessions),
        session_idle: ms("sessionIdleMs", defaults.session_idle)?,
    })
}

/// An optional whole number of `unit` at `key` of `fields`, within `range`; a problem is placed
/// at `place.key` (at `key` when `place` is `key` itself), as [`optional_ms`] places one.
fn optional_count(
    fields: &Map<String, Value>,
    key: &str,
    place: &str,
    unit: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<Option<usize>, Error> {
    let Some(value) = fields.get(key) else {
        return Ok(None);
    };
    let place = if place == key {
        key.to_owned()
    } else {
        format!("{place}.{key}")
    };
    match value.as_u64() {
        Some(count) if range.contains(&count) => Ok(usize::try_from(count).ok()),
        _ => Err(Error::config(
            place,
            format!(
                "expected a whole number of {unit} from {} to {}, not {value}",
                range.start(),
                range.end()
            ),
        )),
    }
}

fn planner_config(value: &Value) -> Result<PlannerConfig, Error> {
    if let Value::Bool(enabled) = value {
        return Ok(PlannerConfig {
            enabled: *enabled,
            min_confidence: None,
        });
    }
    let Value::Object(fields) = value else {
        return Err(Error::config(
            "planner",
            format!(
                "expected an object such as {{\"minConfidence\": 0.9}}, or false to serve no \
run_instruction, not {}",
                json_kind(value)
            ),
        ));
    };
    closed(fields, "planner", &["minConfidence"])?;
    let min_confidence = match fields.get("minConfidence") {
        None => None,
        Some(value) => match value.as_f64() {
            Some(p) if (0.0..=1.0).contains(&p) => Some(p as f32),
            _ => {
                return Err(Error::config(
                    "planner.minConfidence",
                    format!("expected a probability from 0 to 1, not {value}"),
                ));
            }
        },
    };
    Ok(PlannerConfig {
        enabled: true,
        min_confidence,
    })
}

fn server_config(
    name: &str,
    value: &Value,
    place: &str,
    base: &Path,
) -> Result<ServerConfig, Error> {
    let prefix = naming::server_part(name).map_err(|problem| Error::config(place, problem))?;
    let fields = object(value, place)?;
    closed(
        fields,
        place,
        &[
            "command",
            "args",
            "env",
            "cwd",
            "type",
            "startupTimeoutMs",
            "toolTimeoutMs",
        ],
    )?;
    if let Some(kind) = fields.get("type") {
        let kind_place = format!("{place}.type");
        if string(kind, &kind_place)? != "stdio" {
            return Err(Error::config(
                kind_place,
                "only \"stdio\" servers (started as a command) are supported",
            ));
        }
    }
    let command = match fields.get("command") {
        Some(command) => string(command, &format!("{place}.command"))?.to_owned(),
        None => {
            return Err(Error::config(
                place,
                "`command` is missing: the program that starts the server",
            ));
        }
    };
    if command.is_empty() {
        return Err(Error::config(
            format!("{place}.command"),
            "expected a program, not an empty string",
        ));
    }
    let args = match fields.get("args") {
        None => Vec::new(),
        Some(args) => {
            let args_place = format!("{place}.args");
            let Value::Array(items) = args else {
                return Err(Error::config(
                    args_place,
                    format!("expected an array of strings, not {}", json_kind(args)),
                ));
            };
            items
                .iter()
                .enumerate()
                .map(|(i, arg)| string(arg, &format!("{args_place}[{i}]")).map(str::to_owned))
                .collect::<Result<_, _>>()?
        }
    };
    let env = match fields.get("env") {
        None => Vec::new(),
        Some(env) => {
            let env_place = format!("{place}.env");
            let vars = object(env, &env_place)?;
            let mut env = Vec::new();
            for (key, value) in vars {
                let var_place = format!("{env_place}{}", key_place(key));
                if key.is_empty() || key.contains('=') || key.contains('\0') {
                    return Err(Error::config(
                        var_place,
                        "an environment variable's name may not be empty or contain `=` or NUL",
                    ));
                }
                let value = string(value, &var_place)?;
                if value.contains('\0') {
                    return Err(Error::config(var_place, "the value may not contain NUL"));
                }
                env.push((key.clone(), value.to_owned()));
            }
            env
        }
    };
    let cwd = match fields.get("cwd") {
        None => None,
        Some(cwd) => {
            let cwd = string(cwd, &format!("{place}.cwd"))?;
            Some(base.join(cwd))
        }
    };
    let startup_timeout = optional_ms(fields, "startupTimeoutMs", place)?;
    let tool_timeout = optional_ms(fields, "toolTimeoutMs", place)?;
    Ok(ServerConfig {
        name: name.to_owned(),
        prefix,
        command,
        args,
        env,
        cwd,
        startup_timeout: startup_timeout.unwrap_or(DEFAULT_STARTUP_TIMEOUT),
        tool_timeout: tool_timeout.unwrap_or(DEFAULT_TOOL_TIMEOUT),
    })
}

fn policy_config(value: &Value, servers: &[ServerConfig]) -> Result<PolicyConfig, Error> {
    let fields = object(value, "policy")?;
    closed(fields, "policy", &["code", "default", "tools"])?;
    let mut policy = PolicyConfig::default();
    if let Some(code) = fields.get("code") {
        policy.code = rule(code, "policy.code")?;
    }
    if let Some(default) = fields.get("default") {
        policy.default = match string(default, "policy.default")? {
            "hints" => DefaultRule::Hints,
            _ => DefaultRule::Rule(rule(default, "policy.default").map_err(|_| {
                Error::config(
                    "policy.default",
                    format!("expected \"hints\", \"allow\", \"ask\" or \"deny\", not {default}"),
                )
            })?),
        };
    }
    if let Some(tools) = fields.get("tools") {
        let tools = object(tools, "policy.tools")?;
        for (pattern, value) in tools {
            let place = format!("policy.tools{}", key_place(pattern));
            check_pattern(pattern, servers).map_err(|problem| Error::config(&place, problem))?;
            policy.tools.push((pattern.clone(), rule(value, &place)?));
        }
    }
    Ok(policy)
}

/// A pattern must be able to match a tool of a configured server: a typo in a rule must not
/// silently leave a tool under the default.
fn check_pattern(pattern: &str, servers: &[ServerConfig]) -> Result<(), String> {
    let (stem, prefix) = match pattern.strip_suffix('*') {
        Some(stem) => (stem, true),
        None => (pattern, false),
    };
    if stem.contains('*') {
        return Err(
            "a pattern is a tool name, or a prefix ending in `*`; `*` may appear only at the end"
                .to_owned(),
        );
    }
    let reaches = servers.iter().any(|server| {
        let start = format!("{}{SEPARATOR}", server.prefix);
        stem.starts_with(&start) || (prefix && start.starts_with(stem))
    });
    if reaches {
        Ok(())
    } else {
        let known: Vec<String> = servers
            .iter()
            .map(|s| format!("`{}{SEPARATOR}`", s.prefix))
            .collect();
        Err(format!(
            "matches no tool of a configured server: tool names start with {}",
            if known.is_empty() {
                "a server's name, and no server is configured".to_owned()
            } else {
                known.join(", ")
            }
        ))
    }
}

fn rule(value: &Value, place: &str) -> Result<Rule, Error> {
    match value {
        Value::String(text) if text == "allow" => Ok(Rule::Allow),
        Value::String(text) if text == "ask" => Ok(Rule::Ask),
        Value::String(text) if text == "deny" => Ok(Rule::Deny),
        other => Err(Error::config(
            place,
            format!("expected \"allow\", \"ask\" or \"deny\", not {other}"),
        )),
    }
}

fn optional_ms(
    fields: &Map<String, Value>,
    key: &str,
    place: &str,
) -> Result<Option<Duration>, Error> {
    let Some(value) = fields.get(key) else {
        return Ok(None);
    };
    let place = if place == key {
        key.to_owned()
    } else {
        format!("{place}.{key}")
    };
    match value.as_f64() {
        Some(ms) if (1.0..=MAX_MS).contains(&ms) => Ok(Some(Duration::from_secs_f64(ms / 1000.0))),
        _ => Err(Error::config(
            place,
            format!("expected a number of milliseconds from 1 to {MAX_MS}, not {value}"),
        )),
    }
}

/// Refuses keys outside `accepted`, listing them.
fn closed(fields: &Map<String, Value>, place: &str, accepted: &[&str]) -> Result<(), Error> {
    if let Some(unknown) = fields.keys().find(|key| !accepted.contains(&key.as_str())) {
        let list: Vec<String> = accepted.iter().map(|key| format!("`{key}`")).collect();
        return Err(Error::config(
            place,
            format!(
                "unknown key `{unknown}`; the accepted keys are {}",
                list.join(", ")
            ),
        ));
    }
    Ok(())
}

fn object<'a>(value: &'a Value, place: &str) -> Result<&'a Map<String, Value>, Error> {
    match value {
        Value::Object(fields) => Ok(fields),
        other => Err(Error::config(
            place,
            format!("expected an object, not {}", json_kind(other)),
        )),
    }
}

fn string<'a>(value: &'a Value, place: &str) -> Result<&'a str, Error> {
    match value {
        Value::String(text) => Ok(text),
        other => Err(Error::config(
            place,
            format!("expected a string, not {}", json_kind(other)),
        )),
    }
}

/// `.key` for a key that reads as an identifier, `["key"]` otherwise.
fn key_place(key: &str) -> String {
    let plain = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if plain {
        format!(".{key}")
    } else {
        format!("[{}]", Value::String(key.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, String> {
        Config::parse(text, Path::new("/etc/codemode")).map_err(|err| err.to_string())
    }

    fn problem(text: &str) -> String {
        parse(text).unwrap_err()
    }

    #[test]
    fn a_full_config_is_read_in_order_with_defaults_filled_in() {
        let config = parse(
            r#"{
              "mcpServers": {
                "everything": {"command": "npx", "args": ["-y", "server-everything"], "env": {"A": "1"}},
                "my-fs": {"command": "fs-server", "cwd": "data", "type": "stdio", "startupTimeoutMs": 500, "toolTimeoutMs": 2000}
              },
              "policy": {"code": "ask", "default": "deny", "tools": {"everything__*": "allow", "my_fs__write": "ask"}},
              "timeoutMs": 5000,
              "maxTimeoutMs": 20000,
              "maxValueBytes": 1048576,
              "maxConcurrentRuns": 16,
              "http": {"headerTimeoutMs": 2000, "maxSessions": 50, "maxConnections": 100}
            }"#,
        )
        .unwrap();
        assert_eq!(
            config.servers,
            vec![
                ServerConfig {
                    name: "everything".to_owned(),
                    prefix: "everything".to_owned(),
                    command: "npx".to_owned(),
                    args: vec!["-y".to_owned(), "server-everything".to_owned()],
                    env: vec![("A".to_owned(), "1".to_owned())],
                    cwd: None,
                    startup_timeout: DEFAULT_STARTUP_TIMEOUT,
                    tool_timeout: DEFAULT_TOOL_TIMEOUT,
                },
                ServerConfig {
                    name: "my-fs".to_owned(),
                    prefix: "my_fs".to_owned(),
                    command: "fs-server".to_owned(),
                    args: vec![],
                    env: vec![],
                    cwd: Some(PathBuf::from("/etc/codemode/data")),
                    startup_timeout: Duration::from_millis(500),
                    tool_timeout: Duration::from_secs(2),
                },
            ]
        );
        assert_eq!(
            config.policy,
            PolicyConfig {
                code: Rule::Ask,
                default: DefaultRule::Rule(Rule::Deny),
                tools: vec![
                    ("everything__*".to_owned(), Rule::Allow),
                    ("my_fs__write".to_owned(), Rule::Ask),
                ],
            }
        );
        assert_eq!(config.timeout, Some(Duration::from_secs(5)));
        assert_eq!(config.max_timeout, Some(Duration::from_secs(20)));
        assert_eq!(config.value_limit(), 1024 * 1024);
        assert_eq!(config.max_concurrent_runs, Some(16));
        assert_eq!(config.concurrent_runs(), 16);
        assert_eq!(
            config.http,
            HttpConfig {
                header_timeout: Duration::from_secs(2),
                max_connections: Some(100),
                max_sessions: 50,
                ..HttpConfig::default()
            }
        );
    }

    #[test]
    fn a_minimal_config_gets_the_default_policy() {
        let config = parse(r#"{"mcpServers": {}}"#).unwrap();
        assert!(config.servers.is_empty());
        assert_eq!(config.policy, PolicyConfig::default());
        assert_eq!(config.policy.code, Rule::Allow);
        assert_eq!(config.policy.default, DefaultRule::Hints);
        assert_eq!((config.timeout, config.max_timeout), (None, None));
        assert_eq!(config.value_limit(), DEFAULT_MAX_VALUE_BYTES);
        assert_eq!(config.max_concurrent_runs, None);
        assert_eq!(config.concurrent_runs(), default_concurrent_runs());
        assert_eq!(config.planner, PlannerConfig::default());
        assert_eq!(config.http, HttpConfig::default());
    }

    #[test]
    fn the_default_bound_on_runs_follows_the_cores_and_the_memory() {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        let runs = default_concurrent_runs();
        assert!((2..=cores * RUNS_PER_CORE).contains(&runs), "{runs}");
        if let Some(memory) = total_memory_bytes() {
            // A quarter of the memory holds every run at its footprint.
            assert!(runs as u64 * RUN_FOOTPRINT_BYTES <= (memory / 4).max(2 * RUN_FOOTPRINT_BYTES));
        }
    }

    #[test]
    fn sandbox_names_where_code_runs() {
        assert_eq!(parse(r#"{"mcpServers": {}}"#).unwrap().sandbox, None);
        let worker = parse(r#"{"mcpServers": {}, "sandbox": "worker"}"#).unwrap();
        assert_eq!(worker.sandbox, Some(Sandbox::Worker));
        let in_process = parse(r#"{"mcpServers": {}, "sandbox": "in-process"}"#).unwrap();
        assert_eq!(in_process.sandbox, Some(Sandbox::InProcess));
        let wrong = parse(r#"{"mcpServers": {}, "sandbox": "container"}"#).unwrap_err();
        assert!(
            wrong.contains("sandbox") && wrong.contains("in-process"),
            "{wrong}"
        );
    }

    #[test]
    fn the_planner_section_sets_the_least_confidence_or_turns_run_instruction_off() {
        let parse = |planner: &str| {
            Config::parse(
                &format!(r#"{{"mcpServers": {{}}, "planner": {planner}}}"#),
                Path::new("."),
            )
            .unwrap()
            .planner
        };
        assert_eq!(
            parse(r#"{"minConfidence": 0.8}"#),
            PlannerConfig {
                enabled: true,
                min_confidence: Some(0.8)
            }
        );
        assert_eq!(parse("{}"), PlannerConfig::default());
        assert_eq!(
            parse("false"),
            PlannerConfig {
                enabled: false,
                min_confidence: None
            }
        );
    }

    #[test]
    fn every_problem_names_its_place() {
        let cases = [
            ("[]", "config: expected an object, not an array"),
            (
                "{",
                "config: not valid JSON: EOF while parsing an object at line 1 column 1",
            ),
            (
                r#"{"servers": {}}"#,
                "config: unknown key `servers`; the accepted keys are `mcpServers`, `policy`, `planner`, `timeoutMs`, `maxTimeoutMs`, `maxValueBytes`, `maxConcurrentRuns`, `http`, `sandbox`",
            ),
            (
                "{}",
                "config: `mcpServers` is missing: an object of servers by name, each {\"command\", \"args\", \"env\"}",
            ),
            (
                r#"{"mcpServers": {}, "planner": {"minConfidence": 1.5}}"#,
                "planner.minConfidence: expected a probability from 0 to 1, not 1.5",
            ),
            (
                r#"{"mcpServers": {}, "planner": {"least": 0.5}}"#,
                "planner: unknown key `least`; the accepted keys are `minConfidence`",
            ),
            (
                r#"{"mcpServers": {}, "http": {"headerTimeoutMs": 0}}"#,
                "http.headerTimeoutMs: expected a number of milliseconds from 1 to 86400000, not 0",
            ),
            (
                r#"{"mcpServers": {}, "http": {"maxSessions": 0}}"#,
                "http.maxSessions: expected a whole number of sessions from 1 to 1000000, not 0",
            ),
            (
                r#"{"mcpServers": {}, "http": {"maxConnections": 4}}"#,
                "http.maxConnections: expected a whole number of connections from 16 to 1000000, not 4",
            ),
            (
                r#"{"mcpServers": {}, "http": {"keepAlive": 1}}"#,
                "http: unknown key `keepAlive`; the accepted keys are `headerTimeoutMs`, `bodyTimeoutMs`, `idleTimeoutMs`, `maxConnections`, `maxSessions`, `sessionIdleMs`",
            ),
            (
                r#"{"mcpServers": {}, "planner": "off"}"#,
                "planner: expected an object such as {\"minConfidence\": 0.9}, or false to serve no run_instruction, not a string",
            ),
            (
                r#"{"mcpServers": {"fs": {"command": "x", "args": ["a", 1]}}}"#,
                "mcpServers.fs.args[1]: expected a string, not a number",
            ),
            (
                r#"{"mcpServers": {"fs": {"command": "x", "args": "a"}}}"#,
                "mcpServers.fs.args: expected an array of strings, not a string",
            ),
            (
                r#"{"mcpServers": {"fs": {"args": []}}}"#,
                "mcpServers.fs: `command` is missing: the program that starts the server",
            ),
            (
                r#"{"mcpServers": {"fs": {"command": ""}}}"#,
                "mcpServers.fs.command: expected a program, not an empty string",
            ),
            (
                r#"{"mcpServers": {"fs": {"command": "x", "env": {"A": 1}}}}"#,
                "mcpServers.fs.env.A: expected a string, not a number",
            ),
            (
                r#"{"mcpServers": {"fs": {"command": "x", "env": {"A=B": "1"}}}}"#,
                "mcpServers.fs.env[\"A=B\"]: an environment variable's name may not be empty or contain `=` or NUL",
            ),
            (
                r#"{"mcpServers": {"fs": {"command": "x", "url": "http://localhost"}}}"#,
                "mcpServers.fs: unknown key `url`; the accepted keys are `command`, `args`, `env`, `cwd`, `type`, `startupTimeoutMs`, `toolTimeoutMs`",
            ),
            (
                r#"{"mcpServers": {"fs": {"command": "x", "type": "http"}}}"#,
                "mcpServers.fs.type: only \"stdio\" servers (started as a command) are supported",
            ),
            (
                r#"{"mcpServers": {"fs": {"command": "x", "startupTimeoutMs": 0}}}"#,
                "mcpServers.fs.startupTimeoutMs: expected a number of milliseconds from 1 to 86400000, not 0",
            ),
            (
                r#"{"mcpServers": {"my fs": "x"}}"#,
                "mcpServers[\"my fs\"]: expected an object, not a string",
            ),
            (
                r#"{"mcpServers": {"a__b": {"command": "x"}}}"#,
                "mcpServers.a__b: a server name may not contain `__`: it separates the server from the tool in tool names",
            ),
            (
                r#"{"mcpServers": {"my-fs": {"command": "x"}, "my_fs": {"command": "y"}}}"#,
                "mcpServers.my_fs: its tools would be named `my_fs__...`, like those of the server `my-fs`; rename one of them",
            ),
            (
                r#"{"mcpServers": {}, "policy": {"code": "maybe"}}"#,
                "policy.code: expected \"allow\", \"ask\" or \"deny\", not \"maybe\"",
            ),
            (
                r#"{"mcpServers": {}, "policy": {"default": "strict"}}"#,
                "policy.default: expected \"hints\", \"allow\", \"ask\" or \"deny\", not \"strict\"",
            ),
            (
                r#"{"mcpServers": {}, "policy": {"defaults": "allow"}}"#,
                "policy: unknown key `defaults`; the accepted keys are `code`, `default`, `tools`",
            ),
            (
                r#"{"mcpServers": {"fs": {"command": "x"}}, "policy": {"tools": {"fs__write": true}}}"#,
                "policy.tools.fs__write: expected \"allow\", \"ask\" or \"deny\", not true",
            ),
            (
                r#"{"mcpServers": {"fs": {"command": "x"}}, "policy": {"tools": {"fs__*_file": "deny"}}}"#,
                "policy.tools[\"fs__*_file\"]: a pattern is a tool name, or a prefix ending in `*`; `*` may appear only at the end",
            ),
            (
                r#"{"mcpServers": {"fs": {"command": "x"}}, "policy": {"tools": {"files__write": "deny"}}}"#,
                "policy.tools.files__write: matches no tool of a configured server: tool names start with `fs__`",
            ),
            (
                r#"{"mcpServers": {}, "timeoutMs": 20000, "maxTimeoutMs": 10000}"#,
                "timeoutMs: 20000 is above maxTimeoutMs (10000)",
            ),
            (
                r#"{"mcpServers": {}, "maxValueBytes": 10}"#,
                "maxValueBytes: expected a whole number of bytes from 1024 to 16777216, not 10",
            ),
            (
                r#"{"mcpServers": {}, "maxConcurrentRuns": 0}"#,
                "maxConcurrentRuns: expected a whole number of runs from 1 to 10000, not 0",
            ),
            (
                r#"{"mcpServers": {}, "maxConcurrentRuns": 2.5}"#,
                "maxConcurrentRuns: expected a whole number of runs from 1 to 10000, not 2.5",
            ),
            (
                r#"{"mcpServers": {}, "timeoutMs": "10s"}"#,
                "timeoutMs: expected a number of milliseconds from 1 to 86400000, not \"10s\"",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(problem(text), expected, "for {text}");
        }
    }

    #[test]
    fn a_pattern_may_cover_several_servers_by_a_shorter_prefix() {
        let config = parse(
            r#"{"mcpServers": {"fs": {"command": "x"}, "fetch": {"command": "y"}},
                "policy": {"tools": {"f*": "deny", "*": "ask", "fs__read_file": "allow"}}}"#,
        )
        .unwrap();
        assert_eq!(config.policy.tools.len(), 3);
    }

    #[test]
    fn the_config_is_loaded_from_a_file_and_cwd_is_taken_from_its_folder() {
        let dir = std::env::temp_dir().join(format!("codemode-mcp-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("mcp.json");
        std::fs::write(
            &path,
            r#"{"mcpServers": {"fs": {"command": "x", "cwd": "sub"}}}"#,
        )
        .unwrap();
        let config = Config::load(&path).unwrap();
        assert_eq!(config.servers[0].cwd, Some(dir.join("sub")));
        let missing = Config::load(&dir.join("absent.json"))
            .unwrap_err()
            .to_string();
        assert!(missing.starts_with("cannot read the config "), "{missing}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
