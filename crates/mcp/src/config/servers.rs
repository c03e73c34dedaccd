//! The `mcpServers` entries: a stdio server started as a command, or a remote server reached
//! over streamable HTTP, and the secrets their settings may name.
//!
//! A header value, a URL, or a stdio server's `env` value may name secrets instead of holding
//! them: `${env:NAME}` is the host's environment variable, `${file:PATH}` a file's content
//! without its trailing newline (a relative path is taken from the config file's folder). Each
//! reference is checked when the config loads and read again at each connection, so a rotated
//! token file is picked up on reconnection. A resolved value is never written to a log, an
//! error, `--catalog` or anything code can read; [`Template`]'s `Debug` shows the references only.

use std::path::{Path, PathBuf};
use std::time::Duration;

use codemode_tool::json_kind;
use serde_json::Value;

use super::{
    DEFAULT_STARTUP_TIMEOUT, DEFAULT_TOOL_TIMEOUT, closed, key_place, object, optional_ms, string,
};
use crate::Error;
use crate::naming;

/// One upstream server.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerConfig {
    /// Its name in the config.
    pub name: String,
    /// Its name as the prefix of its tools' names (see [`naming`](mod@crate::naming)).
    pub prefix: String,
    /// How it is reached.
    pub transport: Transport,
    /// How long it may take to connect and list its tools.
    pub startup_timeout: Duration,
    /// How long one call of one of its tools may take.
    pub tool_timeout: Duration,
    /// The config file it was read from, for messages that give a command (`codemode login`).
    pub config_file: Option<PathBuf>,
}

/// How an upstream server is reached.
#[derive(Debug, Clone, PartialEq)]
pub enum Transport {
    /// Started as a command, spoken to over its stdin and stdout.
    Stdio(StdioServer),
    /// A remote server, over streamable HTTP.
    Http(HttpServer),
}

/// A server codemode starts.
#[derive(Debug, Clone, PartialEq)]
pub struct StdioServer {
    /// The program to start.
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Environment variables set for it, on top of the few it inherits (see the README).
    pub env: Vec<(String, Template)>,
    /// Its working directory (a relative `cwd` is taken from the config file's folder).
    pub cwd: Option<PathBuf>,
}

/// A remote server.
#[derive(Debug, Clone, PartialEq)]
pub struct HttpServer {
    /// Its MCP endpoint (`https://host/mcp`).
    pub url: Template,
    /// Headers sent with every request (`Authorization`, API keys).
    pub headers: Vec<(String, Template)>,
    /// Whether it is signed in to with OAuth (`codemode login`), and how.
    pub oauth: Option<OAuthConfig>,
}

/// The `oauth` setting of a remote server: `true`, or `{"scopes": [...]}`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OAuthConfig {
    /// The scopes to ask for; none lets the server's metadata choose.
    pub scopes: Vec<String>,
}

/// A setting that may name secrets: literal text with `${env:NAME}` and `${file:PATH}` parts.
#[derive(Clone, PartialEq, Eq)]
pub struct Template {
    parts: Vec<Part>,
}

#[derive(Clone, PartialEq, Eq)]
enum Part {
    Text(String),
    Env(String),
    File(PathBuf),
}

impl Part {
    /// A reference as written (`${env:NAME}`, `${file:PATH}`); none for literal text.
    fn reference(&self) -> Option<String> {
        match self {
            Self::Text(_) => None,
            Self::Env(name) => Some(format!("${{env:{name}}}")),
            Self::File(path) => Some(format!("${{file:{}}}", path.display())),
        }
    }

    /// Its value now: the text, the variable's value, or the file's content without its
    /// trailing newline. An error names the reference, never a value.
    fn value(&self) -> Result<String, String> {
        match self {
            Self::Text(text) => Ok(text.clone()),
            Self::Env(name) => std::env::var(name).map_err(|err| match err {
                std::env::VarError::NotPresent => {
                    format!("`${{env:{name}}}` names an environment variable that is not set")
                }
                std::env::VarError::NotUnicode(_) => {
                    format!("`${{env:{name}}}` names an environment variable that is not UTF-8")
                }
            }),
            Self::File(path) => std::fs::read_to_string(path)
                .map(|value| value.trim_end_matches(['\n', '\r']).to_owned())
                .map_err(|err| {
                    format!(
                        "`${{file:{}}}` cannot be read: {}",
                        path.display(),
                        err.kind()
                    )
                }),
        }
    }
}

impl std::fmt::Debug for Template {
    /// The references, never their values; literal text is shown as `…`, since a config may
    /// hold a token literally.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown: Vec<String> = self
            .parts
            .iter()
            .map(|part| part.reference().unwrap_or_else(|| "…".to_owned()))
            .collect();
        write!(f, "Template({})", shown.join(""))
    }
}

impl Template {
    /// Reads `text`, whose `${file:...}` paths are taken from `base`.
    pub fn parse(text: &str, base: &Path) -> Result<Self, String> {
        let mut parts = Vec::new();
        let mut rest = text;
        while let Some(start) = rest.find("${") {
            if start > 0 {
                parts.push(Part::Text(rest[..start].to_owned()));
            }
            let after = &rest[start + 2..];
            let Some(end) = after.find('}') else {
                return Err(
                    "a `${` opens a reference that no `}` closes; a reference is `${env:NAME}` or `${file:PATH}`"
                        .to_owned(),
                );
            };
            let reference = &after[..end];
            let part = if let Some(name) = reference.strip_prefix("env:") {
                if name.is_empty() || name.contains('=') || name.contains('\0') {
                    return Err(format!(
                        "`${{{reference}}}` names no environment variable: `${{env:NAME}}`"
                    ));
                }
                Part::Env(name.to_owned())
            } else if let Some(path) = reference.strip_prefix("file:") {
                if path.is_empty() {
                    return Err("`${file:}` names no file: `${file:PATH}`".to_owned());
                }
                Part::File(base.join(path))
            } else {
                return Err(format!(
                    "`${{{reference}}}` is not a reference codemode knows: `${{env:NAME}}` or `${{file:PATH}}`"
                ));
            };
            parts.push(part);
            rest = &after[end + 1..];
        }
        if !rest.is_empty() {
            parts.push(Part::Text(rest.to_owned()));
        }
        Ok(Self { parts })
    }

    /// Literal text, with no reference.
    pub fn literal(text: &str) -> Self {
        Self {
            parts: vec![Part::Text(text.to_owned())],
        }
    }

    /// The value, with each reference read now. An error names the reference that cannot be
    /// read, never a value.
    pub fn resolve(&self) -> Result<String, String> {
        self.parts.iter().map(Part::value).collect()
    }

    /// The text with literal parts shown and references as written, for a setting that holds
    /// no secret by itself (a URL, shown in logs without its query).
    pub fn shown(&self) -> String {
        self.parts
            .iter()
            .map(|part| match part {
                Part::Text(text) => text.clone(),
                reference => reference.reference().unwrap_or_default(),
            })
            .collect()
    }
}

impl Template {
    /// The values a message must not show: each reference's value, and with `whole` the whole
    /// resolved value (a header may hold a token literally). Values shorter than 4 characters
    /// are not hidden: they would blank out ordinary words.
    fn secrets(&self, whole: bool) -> Vec<String> {
        let mut secrets: Vec<String> = self
            .parts
            .iter()
            .filter(|part| part.reference().is_some())
            .filter_map(|part| part.value().ok())
            .collect();
        if whole && let Ok(value) = self.resolve() {
            secrets.push(value);
        }
        secrets.retain(|secret| secret.chars().count() >= 4);
        secrets
    }
}

impl ServerConfig {
    /// `text` with every secret of this server's settings (header values, and the values of
    /// references in its URL and `env`) replaced by `[secret]`: for a message from an HTTP
    /// client or a server that may quote what it was sent.
    pub fn redact(&self, text: &str) -> String {
        let mut secrets = match &self.transport {
            Transport::Stdio(stdio) => stdio
                .env
                .iter()
                .flat_map(|(_, value)| value.secrets(false))
                .collect::<Vec<_>>(),
            Transport::Http(http) => http
                .headers
                .iter()
                .flat_map(|(_, value)| value.secrets(true))
                .chain(http.url.secrets(false))
                .collect(),
        };
        // The longest first, so a token is not left half shown by a shorter one inside it.
        secrets.sort_by_key(|secret| std::cmp::Reverse(secret.len()));
        let mut text = text.to_owned();
        for secret in secrets {
            text = text.replace(&secret, "[secret]");
        }
        text
    }
}

/// A setting of `fields` read as a [`Template`] and checked now, placed at `place`.
fn template(value: &Value, place: &str, base: &Path) -> Result<Template, Error> {
    let text = string(value, place)?;
    if text.contains('\0') {
        return Err(Error::config(place, "the value may not contain NUL"));
    }
    let template = Template::parse(text, base).map_err(|why| Error::config(place, why))?;
    template
        .resolve()
        .map_err(|why| Error::config(place, why))?;
    Ok(template)
}

/// Reads `mcpServers.NAME`.
pub(super) fn server_config(
    name: &str,
    value: &Value,
    place: &str,
    base: &Path,
) -> Result<ServerConfig, Error> {
    let prefix = naming::server_part(name).map_err(|problem| Error::config(place, problem))?;
    let fields = object(value, place)?;
    let kind = match fields.get("type") {
        None if fields.contains_key("url") && !fields.contains_key("command") => "http",
        None => "stdio",
        Some(kind) => string(kind, &format!("{place}.type"))?,
    };
    let transport = match kind {
        "stdio" => {
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
            Transport::Stdio(stdio_server(fields, place, base)?)
        }
        "http" | "streamable-http" | "streamableHttp" => {
            closed(
                fields,
                place,
                &[
                    "url",
                    "headers",
                    "oauth",
                    "type",
                    "startupTimeoutMs",
                    "toolTimeoutMs",
                ],
            )?;
            Transport::Http(http_server(fields, place, base)?)
        }
        "sse" => {
            return Err(Error::config(
                format!("{place}.type"),
                "the legacy SSE transport is not supported (rmcp's client speaks streamable HTTP): \
use the server's streamable HTTP endpoint with \"type\": \"http\"",
            ));
        }
        other => {
            return Err(Error::config(
                format!("{place}.type"),
                format!("expected \"stdio\" or \"http\", not {}", Value::from(other)),
            ));
        }
    };
    let startup_timeout = optional_ms(fields, "startupTimeoutMs", place)?;
    let tool_timeout = optional_ms(fields, "toolTimeoutMs", place)?;
    Ok(ServerConfig {
        name: name.to_owned(),
        prefix,
        transport,
        startup_timeout: startup_timeout.unwrap_or(DEFAULT_STARTUP_TIMEOUT),
        tool_timeout: tool_timeout.unwrap_or(DEFAULT_TOOL_TIMEOUT),
        config_file: None,
    })
}

fn stdio_server(
    fields: &serde_json::Map<String, Value>,
    place: &str,
    base: &Path,
) -> Result<StdioServer, Error> {
    let command = match fields.get("command") {
        Some(command) => string(command, &format!("{place}.command"))?.to_owned(),
        None => {
            return Err(Error::config(
                place,
                "`command` is missing: the program that starts the server (or `url` for a remote server)",
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
                env.push((key.clone(), template(value, &var_place, base)?));
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
    Ok(StdioServer {
        command,
        args,
        env,
        cwd,
    })
}

fn http_server(
    fields: &serde_json::Map<String, Value>,
    place: &str,
    base: &Path,
) -> Result<HttpServer, Error> {
    let url_place = format!("{place}.url");
    let url = match fields.get("url") {
        Some(url) => template(url, &url_place, base)?,
        None => {
            return Err(Error::config(
                place,
                "`url` is missing: the server's streamable HTTP endpoint (`https://host/mcp`)",
            ));
        }
    };
    let resolved = url
        .resolve()
        .map_err(|why| Error::config(&url_place, why))?;
    if !(resolved.starts_with("http://") || resolved.starts_with("https://")) {
        return Err(Error::config(
            url_place,
            format!(
                "expected an http:// or https:// URL, not {}",
                Value::from(url.shown())
            ),
        ));
    }
    let headers = match fields.get("headers") {
        None => Vec::new(),
        Some(headers) => {
            let headers_place = format!("{place}.headers");
            let mut out = Vec::new();
            for (key, value) in object(headers, &headers_place)? {
                let header_place = format!("{headers_place}{}", key_place(key));
                let valid_name = !key.is_empty()
                    && key
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b));
                if !valid_name {
                    return Err(Error::config(
                        header_place,
                        "not a valid HTTP header name (letters, digits and `-`)",
                    ));
                }
                let value = template(value, &header_place, base)?;
                let resolved = value
                    .resolve()
                    .map_err(|why| Error::config(&header_place, why))?;
                let reserved = [
                    "accept",
                    "mcp-session-id",
                    "last-event-id",
                    "mcp-protocol-version",
                ];
                if reserved.contains(&key.to_ascii_lowercase().as_str()) {
                    return Err(Error::config(
                        header_place,
                        "this header is the protocol's own: codemode sets it",
                    ));
                }
                if resolved.bytes().any(|b| b == b'\r' || b == b'\n' || b == 0) {
                    return Err(Error::config(
                        header_place,
                        "the value may not hold a line break or NUL",
                    ));
                }
                out.push((key.clone(), value));
            }
            out
        }
    };
    let oauth = match fields.get("oauth") {
        None | Some(Value::Bool(false)) => None,
        Some(Value::Bool(true)) => Some(OAuthConfig::default()),
        Some(Value::Object(oauth)) => {
            let oauth_place = format!("{place}.oauth");
            closed(oauth, &oauth_place, &["scopes"])?;
            let scopes = match oauth.get("scopes") {
                None => Vec::new(),
                Some(Value::Array(items)) => items
                    .iter()
                    .enumerate()
                    .map(|(i, scope)| {
                        string(scope, &format!("{oauth_place}.scopes[{i}]")).map(str::to_owned)
                    })
                    .collect::<Result<_, _>>()?,
                Some(other) => {
                    return Err(Error::config(
                        format!("{oauth_place}.scopes"),
                        format!("expected an array of strings, not {}", json_kind(other)),
                    ));
                }
            };
            Some(OAuthConfig { scopes })
        }
        Some(other) => {
            return Err(Error::config(
                format!("{place}.oauth"),
                format!(
                    "expected true, or {{\"scopes\": [...]}}, not {}",
                    json_kind(other)
                ),
            ));
        }
    };
    Ok(HttpServer {
        url,
        headers,
        oauth,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_read_at_each_resolution_and_never_shown() {
        let dir = std::env::temp_dir().join(format!("codemode-template-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("token"), "s3cret\n").unwrap();
        let template = Template::parse("Bearer ${file:token}", &dir).unwrap();
        assert_eq!(template.resolve().unwrap(), "Bearer s3cret");
        std::fs::write(dir.join("token"), "rotated").unwrap();
        assert_eq!(template.resolve().unwrap(), "Bearer rotated");
        let shown = format!("{template:?}");
        assert!(
            !shown.contains("s3cret") && !shown.contains("Bearer"),
            "{shown}"
        );
        assert!(shown.contains("${file:"), "{shown}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn redaction_hides_header_values_and_referenced_values() {
        let dir = std::env::temp_dir().join(format!("codemode-redact-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("key"), "k3y-from-file").unwrap();
        let server = ServerConfig {
            name: "gh".to_owned(),
            prefix: "gh".to_owned(),
            transport: Transport::Http(HttpServer {
                url: Template::parse("https://host/mcp?key=${file:key}", &dir).unwrap(),
                headers: vec![(
                    "X-Api-Key".to_owned(),
                    Template::literal("literal-token-123"),
                )],
                oauth: None,
            }),
            startup_timeout: Duration::from_secs(1),
            tool_timeout: Duration::from_secs(1),
            config_file: None,
        };
        assert_eq!(
            server.redact("GET https://host/mcp?key=k3y-from-file sent literal-token-123"),
            "GET https://host/mcp?key=[secret] sent [secret]"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_bad_reference_says_what_a_reference_is() {
        let base = Path::new("/");
        for (text, expected) in [
            ("Bearer ${env:", "no `}` closes"),
            ("${vault:x}", "not a reference codemode knows"),
            ("${env:}", "names no environment variable"),
            ("${file:}", "names no file"),
        ] {
            let why = Template::parse(text, base).unwrap_err();
            assert!(why.contains(expected), "{text}: {why}");
        }
        let unset = Template::parse("${env:CODEMODE_SURELY_UNSET_VARIABLE}", base).unwrap();
        assert!(unset.resolve().unwrap_err().contains("is not set"));
        let missing = Template::parse("${file:/surely/not/here}", base).unwrap();
        assert!(missing.resolve().unwrap_err().contains("cannot be read"));
        assert_eq!(
            Template::parse("a $ b", base).unwrap().resolve().unwrap(),
            "a $ b"
        );
    }
}
