//! The config parser's tests: every key, its defaults, and every problem placed.

use std::path::PathBuf;

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
                transport: Transport::Stdio(StdioServer {
                    command: "npx".to_owned(),
                    args: vec!["-y".to_owned(), "server-everything".to_owned()],
                    env: vec![("A".to_owned(), Template::literal("1"))],
                    cwd: None,
                }),
                startup_timeout: DEFAULT_STARTUP_TIMEOUT,
                tool_timeout: DEFAULT_TOOL_TIMEOUT,
                config_file: None,
            },
            ServerConfig {
                name: "my-fs".to_owned(),
                prefix: "my_fs".to_owned(),
                transport: Transport::Stdio(StdioServer {
                    command: "fs-server".to_owned(),
                    args: vec![],
                    env: vec![],
                    cwd: Some(PathBuf::from("/etc/codemode/data")),
                }),
                startup_timeout: Duration::from_millis(500),
                tool_timeout: Duration::from_secs(2),
                config_file: None,
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
            "config: unknown key `servers`; the accepted keys are `mcpServers`, `policy`, `planner`, `timeoutMs`, `maxTimeoutMs`, `maxValueBytes`, `maxConcurrentRuns`, `http`, `sandbox`, `discovery`",
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
            "mcpServers.fs: `command` is missing: the program that starts the server (or `url` for a remote server)",
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
            "mcpServers.fs: unknown key `command`; the accepted keys are `url`, `headers`, `oauth`, `type`, `startupTimeoutMs`, `toolTimeoutMs`",
        ),
        (
            r#"{"mcpServers": {"gh": {"url": "https://h", "oauth": "yes"}}}"#,
            "mcpServers.gh.oauth: expected true, or {\"scopes\": [...]}, not a string",
        ),
        (
            r#"{"mcpServers": {"gh": {"type": "http"}}}"#,
            "mcpServers.gh: `url` is missing: the server's streamable HTTP endpoint (`https://host/mcp`)",
        ),
        (
            r#"{"mcpServers": {"gh": {"url": "ftp://host"}}}"#,
            "mcpServers.gh.url: expected an http:// or https:// URL, not \"ftp://host\"",
        ),
        (
            r#"{"mcpServers": {"gh": {"url": "https://host/mcp", "type": "sse"}}}"#,
            "mcpServers.gh.type: the legacy SSE transport is not supported (rmcp's client speaks streamable HTTP): use the server's streamable HTTP endpoint with \"type\": \"http\"",
        ),
        (
            r#"{"mcpServers": {"gh": {"url": "https://host/mcp", "type": "ws"}}}"#,
            "mcpServers.gh.type: expected \"stdio\" or \"http\", not \"ws\"",
        ),
        (
            r#"{"mcpServers": {"gh": {"url": "https://h", "headers": {"Authorization": "Bearer ${env:CODEMODE_TEST_SURELY_UNSET}"}}}}"#,
            "mcpServers.gh.headers.Authorization: `${env:CODEMODE_TEST_SURELY_UNSET}` names an environment variable that is not set",
        ),
        (
            r#"{"mcpServers": {"gh": {"url": "https://h", "headers": {"Authorization": "Bearer ${GITHUB_TOKEN}"}}}}"#,
            "mcpServers.gh.headers.Authorization: `${GITHUB_TOKEN}` is not a reference codemode knows: `${env:NAME}` or `${file:PATH}`",
        ),
        (
            r#"{"mcpServers": {"gh": {"url": "https://h", "headers": {"X-Key": "${file:no-such-token-file}"}}}}"#,
            "mcpServers.gh.headers.X-Key: `${file:/etc/codemode/no-such-token-file}` cannot be read: entity not found",
        ),
        (
            r#"{"mcpServers": {"gh": {"url": "https://h", "headers": {"Mcp-Session-Id": "x"}}}}"#,
            "mcpServers.gh.headers.Mcp-Session-Id: this header is the protocol's own: codemode sets it",
        ),
        (
            r#"{"mcpServers": {"gh": {"url": "https://h", "headers": {"bad header": "x"}}}}"#,
            "mcpServers.gh.headers[\"bad header\"]: not a valid HTTP header name (letters, digits and `-`)",
        ),
        (
            r#"{"mcpServers": {}, "discovery": {"budgetTokens": -1}}"#,
            "discovery.budgetTokens: expected a whole number of tokens from 0 to 10000000, not -1",
        ),
        (
            r#"{"mcpServers": {}, "discovery": "auto"}"#,
            "discovery: expected an object such as {\"budgetTokens\": 4000}, or false to declare every tool, not a string",
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
fn a_remote_server_has_a_url_and_headers_that_name_secrets() {
    let config = parse(
        r#"{"mcpServers": {"gh": {"type": "http", "url": "https://api.example.com/mcp",
              "headers": {"Authorization": "Bearer ${env:PATH}", "X-Team": "blue"}}},
            "discovery": {"budgetTokens": 0}}"#,
    )
    .unwrap();
    let Transport::Http(http) = &config.servers[0].transport else {
        panic!("a remote server: {:?}", config.servers[0]);
    };
    assert_eq!(http.url.resolve().unwrap(), "https://api.example.com/mcp");
    assert_eq!(http.headers[0].0, "Authorization");
    assert_eq!(
        http.headers[0].1.resolve().unwrap(),
        format!("Bearer {}", std::env::var("PATH").unwrap())
    );
    assert_eq!(config.discovery, Budget::Tokens(0));
    // A `url` without `type` is remote too; the debug form shows no header value.
    let config = parse(r#"{"mcpServers": {"gh": {"url": "http://127.0.0.1:1/mcp", "headers": {"X-Key": "abcdef"}}}}"#)
        .unwrap();
    assert!(matches!(config.servers[0].transport, Transport::Http(_)));
    assert!(!format!("{config:?}").contains("abcdef"));
    assert_eq!(config.discovery, Budget::default());
    let config = parse(r#"{"mcpServers": {}, "discovery": false}"#).unwrap();
    assert_eq!(config.discovery, Budget::Never);
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
    let Transport::Stdio(stdio) = &config.servers[0].transport else {
        panic!("a stdio server: {:?}", config.servers[0]);
    };
    assert_eq!(stdio.cwd, Some(dir.join("sub")));
    let missing = Config::load(&dir.join("absent.json"))
        .unwrap_err()
        .to_string();
    assert!(missing.starts_with("cannot read the config "), "{missing}");
    std::fs::remove_dir_all(&dir).unwrap();
}
