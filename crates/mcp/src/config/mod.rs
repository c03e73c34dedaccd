//! The config file: upstream servers in the common `mcpServers` shape, plus a `policy` section.
//!
//! ```json
//! {
//!   "mcpServers": {
//!     "everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"]},
//!     "github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/",
//!                "headers": {"Authorization": "Bearer ${env:GITHUB_TOKEN}"}}
//!   },
//!   "policy": {"code": "allow", "default": "hints", "tools": {"everything__toggle_*": "ask"}},
//!   "planner": {"minConfidence": 0.9},
//!   "timeoutMs": 10000,
//!   "maxTimeoutMs": 60000,
//!   "maxValueBytes": 262144,
//!   "maxConcurrentRuns": 16,
//!   "http": {"headerTimeoutMs": 10000, "maxSessions": 1000},
//!   "sandbox": "worker",
//!   "discovery": {"budgetTokens": 4000}
//! }
//! ```
//!
//! Parsing is strict: a config is written by a person once, and a typo in a server or a policy
//! should fail loudly rather than change what runs. Every problem names its place
//! (`mcpServers.fs.args[1]: expected a string, not a number`), and an unknown key is refused with
//! the accepted keys listed. The crate README is the reference.

use std::path::Path;
use std::time::Duration;

use codemode_tool::{Rule, json_kind};
use serde_json::{Map, Value};

use crate::Error;
use crate::discovery::Budget;
use crate::naming::SEPARATOR;

mod servers;

pub use servers::{HttpServer, OAuthConfig, ServerConfig, StdioServer, Template, Transport};

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

/// The range `discovery.budgetTokens` accepts.
const BUDGET_TOKENS_RANGE: std::ops::RangeInclusive<u64> = 0..=10_000_000;

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
    /// When run_code declares every tool and when it switches to discovery (`discovery`).
    pub discovery: Budget,
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
        let mut config = Self::parse(&text, base)?;
        for server in &mut config.servers {
            server.config_file = Some(path.to_owned());
        }
        Ok(config)
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
                "discovery",
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
            let parsed = servers::server_config(name, server, &place, base)?;
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
        let discovery = match top.get("discovery") {
            None => Budget::default(),
            Some(discovery) => discovery_config(discovery)?,
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
            discovery,
        })
    }
}

/// The `discovery` section: `false` declares every tool; `{"budgetTokens": N}` discovers past N
/// tokens of declarations (0: always).
fn discovery_config(value: &Value) -> Result<Budget, Error> {
    if let Value::Bool(on) = value {
        return Ok(if *on {
            Budget::default()
        } else {
            Budget::Never
        });
    }
    let fields = object(value, "discovery").map_err(|_| {
        Error::config(
            "discovery",
            format!(
                "expected an object such as {{\"budgetTokens\": 4000}}, or false to declare every \
tool, not {}",
                json_kind(value)
            ),
        )
    })?;
    closed(fields, "discovery", &["budgetTokens"])?;
    Ok(
        match optional_count(
            fields,
            "budgetTokens",
            "discovery",
            "tokens",
            BUDGET_TOKENS_RANGE,
        )? {
            Some(tokens) => Budget::Tokens(tokens),
            None => Budget::default(),
        },
    )
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
    let place = key_path(place, key);
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
    let place = key_path(place, key);
    match value.as_f64() {
        Some(ms) if (1.0..=MAX_MS).contains(&ms) => Ok(Some(Duration::from_secs_f64(ms / 1000.0))),
        _ => Err(Error::config(
            place,
            format!("expected a number of milliseconds from 1 to {MAX_MS}, not {value}"),
        )),
    }
}

/// The place of `key` inside `place`: `place.key`, or `key` when `place` is `key` itself (a
/// top-level setting).
fn key_path(place: &str, key: &str) -> String {
    if place == key {
        key.to_owned()
    } else {
        format!("{place}.{key}")
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
mod tests;
