//! OAuth for remote upstreams: `codemode login`, the token file, and the client that sends the
//! token (and refreshes it).
//!
//! A remote server with `"oauth": true` in the config is signed in to once, by `codemode login
//! --config FILE SERVER` ([`login`]): the server's 401 leads to its protected-resource and
//! authorization-server metadata, codemode registers itself as a client (dynamic registration)
//! and runs the authorization-code flow with PKCE, with the person's browser sent to the
//! authorization URL and the code coming back to a one-shot listener on `127.0.0.1`. The tokens
//! (and the client id) are kept in a [`TokenFile`]: `<config dir>/codemode/oauth/<url>.json`,
//! readable and writable by the user alone (0600 in a 0700 folder), where the config dir is the
//! platform's (`$XDG_CONFIG_HOME` or `~/.config` on Linux) or `$CODEMODE_HOME` when set.
//!
//! Connecting such a server ([`authorized_client`]) reads the file; each request carries the
//! access token, refreshed with the refresh token when it nears expiry (rmcp's `AuthClient`),
//! and the refreshed tokens are written back. Without a file, or when a refresh is refused, the
//! server is left out (or its call fails) with the command that fixes it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rmcp::transport::auth::{
    AuthClient, AuthError, AuthorizationManager, AuthorizationRequest, AuthorizationSession,
    CredentialStore, StoredCredentials,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::Error;
use crate::config::{Config, ServerConfig, Transport};

/// How long `codemode login` waits for the browser to come back with the code.
pub const LOGIN_TIMEOUT: Duration = Duration::from_secs(300);

/// The folder of codemode's own files: `$CODEMODE_HOME`, else the platform's config folder's
/// `codemode`.
pub fn home() -> Option<PathBuf> {
    if let Some(home) = std::env::var_os("CODEMODE_HOME") {
        return Some(PathBuf::from(home));
    }
    dirs::config_dir().map(|dir| dir.join("codemode"))
}

/// Where the tokens for the server at `url` are kept.
pub fn token_path(url: &str) -> Result<PathBuf, String> {
    let home = home().ok_or("no config folder: set CODEMODE_HOME")?;
    let stem: String = url
        .trim_start_matches("https://")
        .trim_start_matches("http://")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .take(150)
        .collect();
    Ok(home.join("oauth").join(format!("{stem}.json")))
}

/// OAuth tokens in a file only the user can read.
#[derive(Debug, Clone)]
pub struct TokenFile {
    path: PathBuf,
}

impl TokenFile {
    /// The file at `path`.
    pub fn new(path: PathBuf) -> Self {
        Self { path }
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn store_error(&self, what: &str, err: &std::io::Error) -> AuthError {
        AuthError::CredentialStoreError(format!(
            "cannot {what} {}: {}",
            self.path.display(),
            err.kind()
        ))
    }
}

#[async_trait::async_trait]
impl CredentialStore for TokenFile {
    async fn load(&self) -> Result<Option<StoredCredentials>, AuthError> {
        match tokio::fs::read(&self.path).await {
            Ok(bytes) => serde_json::from_slice(&bytes).map(Some).map_err(|err| {
                AuthError::CredentialStoreError(format!(
                    "{} is not a token file: {err}",
                    self.path.display()
                ))
            }),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(err) => Err(self.store_error("read", &err)),
        }
    }

    async fn save(&self, credentials: StoredCredentials) -> Result<(), AuthError> {
        let bytes = serde_json::to_vec_pretty(&credentials)
            .map_err(|err| AuthError::CredentialStoreError(err.to_string()))?;
        write_private(&self.path, &bytes).map_err(|err| self.store_error("write", &err))
    }

    async fn clear(&self) -> Result<(), AuthError> {
        match tokio::fs::remove_file(&self.path).await {
            Ok(()) => Ok(()),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(err) => Err(self.store_error("remove", &err)),
        }
    }
}

/// Writes `bytes` to `path` through a file beside it that only the user can read, renamed over
/// `path`, in a folder only the user can open.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    let mut folder = std::fs::DirBuilder::new();
    folder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut folder, 0o700);
    folder.create(dir)?;
    let partial = path.with_extension("json.partial");
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&partial)?;
    std::io::Write::write_all(&mut file, bytes)?;
    file.sync_all()?;
    std::fs::rename(&partial, path)
}

/// The command that signs codemode in to `server`.
pub fn login_command(server: &ServerConfig) -> String {
    match &server.config_file {
        Some(file) => format!("codemode login --config {} {}", file.display(), server.name),
        None => format!("codemode login --config CONFIG {}", server.name),
    }
}

/// An HTTP client for `server` that sends its stored access token, refreshing it as needed, or
/// why there is none (with the command that fixes it).
pub async fn authorized_client(
    server: &ServerConfig,
    url: &str,
    http: reqwest::Client,
) -> Result<AuthClient<reqwest::Client>, String> {
    let path = token_path(url)?;
    let mut manager = AuthorizationManager::new_allowing_private_addresses(url)
        .await
        .map_err(|err| format!("cannot set up OAuth: {err}"))?;
    manager.set_credential_store(TokenFile::new(path.clone()));
    let signed_in = manager.initialize_from_store().await.map_err(|err| {
        format!(
            "cannot read its OAuth tokens ({err}): run `{}`",
            login_command(server)
        )
    })?;
    if !signed_in {
        return Err(format!(
            "codemode is not signed in to it (no tokens in {}): run `{}`",
            path.display(),
            login_command(server)
        ));
    }
    // An expired access token is refreshed now, so a refused refresh is said at the start.
    if let Err(err) = manager.get_access_token().await {
        return Err(match err {
            AuthError::AuthorizationRequired => format!(
                "its sign-in has expired and cannot be refreshed: run `{}`",
                login_command(server)
            ),
            other => format!("cannot refresh its OAuth token ({other})"),
        });
    }
    Ok(AuthClient::new(http, manager))
}

/// What `codemode login` did.
#[derive(Debug, Clone)]
pub struct LoggedIn {
    /// Where the tokens are kept.
    pub token_file: PathBuf,
    /// The client id codemode registered (or reused).
    pub client_id: String,
}

/// Signs codemode in to the server `name` of `config` (which must be a remote server with
/// `"oauth": true`): `show` is given the authorization URL for the person to open; the code
/// comes back to a listener on `127.0.0.1` within [`LOGIN_TIMEOUT`].
pub async fn login(
    config: &Config,
    name: &str,
    show: impl FnOnce(&str),
) -> Result<LoggedIn, Error> {
    let failed = |why: String| Error::Login {
        server: name.to_owned(),
        message: why,
    };
    let server = config
        .servers
        .iter()
        .find(|server| server.name == name)
        .ok_or_else(|| {
            let names: Vec<String> = config
                .servers
                .iter()
                .map(|server| format!("`{}`", server.name))
                .collect();
            failed(format!(
                "the config has no server of that name; its servers are {}",
                if names.is_empty() {
                    "none".to_owned()
                } else {
                    names.join(", ")
                }
            ))
        })?;
    let Transport::Http(http) = &server.transport else {
        return Err(failed(
            "it is a stdio server: only a remote (`url`) server signs in with OAuth".to_owned(),
        ));
    };
    let Some(oauth) = &http.oauth else {
        return Err(failed(
            "its config does not say `\"oauth\": true`: add it, then sign in".to_owned(),
        ));
    };
    let url = http.url.resolve().map_err(&failed)?;
    let path = token_path(&url).map_err(&failed)?;
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .map_err(|err| failed(format!("cannot listen for the sign-in's return: {err}")))?;
    let port = listener
        .local_addr()
        .map_err(|err| failed(err.to_string()))?
        .port();
    let redirect_uri = format!("http://127.0.0.1:{port}/callback");
    let mut manager = AuthorizationManager::new_allowing_private_addresses(url.as_str())
        .await
        .map_err(|err| failed(format!("cannot set up OAuth: {err}")))?;
    manager.set_credential_store(TokenFile::new(path.clone()));
    let resolution = manager
        .resolve_metadata()
        .await
        .map_err(|err| failed(format!("cannot find its authorization server: {err}")))?;
    manager.set_metadata(resolution.metadata);
    let mut request = AuthorizationRequest::new(redirect_uri).with_client_name("codemode");
    if !oauth.scopes.is_empty() {
        request = request.with_scopes(oauth.scopes.iter().cloned());
    }
    let session = AuthorizationSession::new(manager, request)
        .await
        .map_err(|(_, err)| failed(format!("cannot start the sign-in: {err}")))?;
    show(session.get_authorization_url());
    let callback = tokio::time::timeout(LOGIN_TIMEOUT, callback(&listener))
        .await
        .map_err(|_| {
            failed(format!(
                "the browser did not come back within {} s",
                LOGIN_TIMEOUT.as_secs()
            ))
        })?
        .map_err(&failed)?;
    session
        .handle_callback_url(&format!("http://127.0.0.1:{port}{callback}"))
        .await
        .map_err(|err| failed(format!("the authorization server refused the code: {err}")))?;
    let stored = TokenFile::new(path.clone())
        .load()
        .await
        .map_err(|err| failed(err.to_string()))?
        .ok_or_else(|| failed("no tokens were stored".to_owned()))?;
    Ok(LoggedIn {
        token_file: path,
        client_id: stored.client_id,
    })
}

/// Serves one `GET /callback?...` on `listener` and answers its path and query; other requests
/// get a 404 and are waited past.
async fn callback(listener: &tokio::net::TcpListener) -> Result<String, String> {
    loop {
        let (mut stream, _) = listener
            .accept()
            .await
            .map_err(|err| format!("cannot accept the sign-in's return: {err}"))?;
        let mut head = Vec::new();
        let mut buffer = [0_u8; 1024];
        while !head.windows(4).any(|window| window == b"\r\n\r\n") && head.len() < 16 * 1024 {
            let Ok(read) = stream.read(&mut buffer).await else {
                break;
            };
            if read == 0 {
                break;
            }
            head.extend_from_slice(&buffer[..read]);
        }
        let head = String::from_utf8_lossy(&head);
        let target = head
            .lines()
            .next()
            .and_then(|line| line.strip_prefix("GET "))
            .and_then(|rest| rest.split(' ').next())
            .unwrap_or_default()
            .to_owned();
        if target.starts_with("/callback?") {
            let page = "<!doctype html><title>codemode</title><p>codemode is signed in. You can \
close this page.</p>";
            let _ = stream
                .write_all(
                    format!(
                        "HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{page}",
                        page.len()
                    )
                    .as_bytes(),
                )
                .await;
            return Ok(target);
        }
        let _ = stream
            .write_all(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
            .await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_path_is_a_plain_file_name_under_the_home() {
        let path = token_path("https://api.example.com:8443/mcp?x=1").unwrap();
        assert_eq!(
            path.file_name().unwrap().to_str().unwrap(),
            "api_example_com_8443_mcp_x_1.json"
        );
        assert_eq!(path.parent().unwrap().file_name().unwrap(), "oauth");
    }

    #[cfg(unix)]
    #[test]
    fn tokens_are_written_for_the_user_alone() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("codemode-oauth-{}", std::process::id()));
        let path = dir.join("oauth").join("t.json");
        write_private(&path, b"{}").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        let folder = std::fs::metadata(path.parent().unwrap()).unwrap();
        assert_eq!(folder.permissions().mode() & 0o777, 0o700);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
