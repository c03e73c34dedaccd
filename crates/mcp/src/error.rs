//! The crate's one error type.
//!
//! A config problem names its place in the file (`mcpServers.fs.args[1]: expected a string`); an
//! upstream server's failure names the server. Upstream failures never stop the bridge: they are
//! kept as the reason a server is not running and handed to every call that needs it.

use std::path::PathBuf;
use std::time::Duration;

/// What can go wrong in this crate.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The config file could not be read.
    #[error("cannot read the config {}: {source}", path.display())]
    ReadConfig {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The config is not what the reference accepts.
    #[error("{place}: {problem}")]
    Config {
        /// Where in the file: a dotted path such as `mcpServers.fs.args[1]` (empty for the whole
        /// file).
        place: String,
        /// What is wrong, and what is accepted instead.
        problem: String,
    },
    /// An upstream server's process could not be started.
    #[error("cannot start `{command}`: {source}")]
    Spawn {
        /// The command of the config.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// An upstream server started but did not complete the MCP handshake.
    #[error("the MCP handshake failed: {message}")]
    Initialize {
        /// What rmcp reported.
        message: String,
    },
    /// An upstream server's tools could not be listed.
    #[error("listing its tools failed: {message}")]
    ListTools {
        /// What rmcp reported.
        message: String,
    },
    /// An upstream server took too long to start and list its tools.
    #[error("it did not start and list its tools within {} ms", timeout.as_millis())]
    StartupTimeout {
        /// The startup timeout of the config.
        timeout: Duration,
    },
    /// `codemode login` could not sign in to a server.
    #[error("cannot sign in to `{server}`: {message}")]
    Login {
        /// The server's name in the config.
        server: String,
        /// Why, and what to do.
        message: String,
    },
    /// Serving over stdio failed.
    #[error("cannot serve MCP over stdio: {message}")]
    Serve {
        /// What rmcp reported.
        message: String,
    },
}

impl Error {
    /// A config problem at `place`.
    pub(crate) fn config(place: impl Into<String>, problem: impl Into<String>) -> Self {
        Self::Config {
            place: place.into(),
            problem: problem.into(),
        }
    }
}
