//! `codemode mcp`: serves run_code and run_instruction over MCP, on stdio or on streamable HTTP,
//! with the tools of upstream MCP servers.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use codemode_mcp::{Config, Error, HttpOptions, Sandbox, Session, SessionPlanner};
use tokio_util::sync::CancellationToken;

/// Flags of `codemode mcp`.
#[derive(clap::Args)]
pub struct Args {
    /// The config: `{"mcpServers": {NAME: {"command", "args", "env"}}, "policy": {...}}` (the
    /// reference is crates/mcp/README.md).
    #[arg(long, value_name = "FILE")]
    config: PathBuf,
    /// The planner of run_instruction: a directory with `config.json` and `model.safetensors`;
    /// the shipped model when absent.
    #[arg(long)]
    model: Option<PathBuf>,
    /// Serve streamable HTTP on this address (`127.0.0.1:8000`; port 0 picks a free one) at
    /// `/mcp`, for many clients at once, instead of one client on stdio.
    #[arg(long, value_name = "ADDR")]
    http: Option<String>,
    /// Allow an `--http` address beyond this machine (not loopback); it needs `--token-file`.
    #[arg(long, requires = "http")]
    allow_remote: bool,
    /// A file holding the bearer token every HTTP request must carry (`Authorization: Bearer
    /// TOKEN`; at least 16 characters, no spaces).
    #[arg(long, value_name = "FILE", requires = "http")]
    token_file: Option<PathBuf>,
}

/// The shortest bearer token `--token-file` accepts.
const MIN_TOKEN_CHARS: usize = 16;

/// Serves until the client closes stdin (or, over HTTP, until interrupted); logs go to stderr.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = load(&args.config)?;
    let token = match &args.token_file {
        Some(path) => Some(read_token(path)?),
        None => None,
    };
    let planner = planner(&config, args.model.as_deref(), None)?;
    let runtime = runtime()?;
    let outcome: anyhow::Result<()> = runtime.block_on(async {
        // Bind before starting the upstream servers, so a bad address costs nothing.
        let listener = match &args.http {
            Some(address) => Some(bind(address, args.allow_remote, token.is_some()).await?),
            None => None,
        };
        let engine = codemode_quickjs::Config {
            max_value_bytes: config.value_limit(),
            ..codemode_quickjs::Config::default()
        };
        let interpreter = interpreter(&config, engine).await?;
        let session = Arc::new(Session::start(&config, interpreter, planner).await);
        match listener {
            Some(listener) => {
                let shutdown = CancellationToken::new();
                tokio::spawn(stop_on_signal(shutdown.clone()));
                let options = HttpOptions {
                    token,
                    limits: config.http,
                    shutdown,
                };
                Ok(codemode_mcp::serve_http(session, listener, options).await?)
            }
            None => Ok(codemode_mcp::serve_stdio(session).await?),
        }
    });
    runtime.shutdown_timeout(Duration::from_secs(1));
    outcome?;
    Ok(ExitCode::SUCCESS)
}

/// Where code runs when the config has no `sandbox`: in sandbox workers, the second wall around
/// the engine for a server that runs model-written code.
const DEFAULT_SANDBOX: Sandbox = Sandbox::Worker;

/// The interpreter of the config's `sandbox`: a pool of sandbox workers (started and checked now,
/// so a platform that cannot lock a worker down refuses to serve), or QuickJS in this process.
async fn interpreter(
    config: &Config,
    engine: codemode_quickjs::Config,
) -> anyhow::Result<Arc<dyn codemode_interpreter::Interpreter>> {
    match config.sandbox.unwrap_or(DEFAULT_SANDBOX) {
        Sandbox::Worker => {
            // One worker for each run that may be under way at once (`maxConcurrentRuns`, or
            // its default bound): runs past it wait for a slot, and so never for a worker.
            let size = config.concurrent_runs();
            let mode = super::sandbox::Mode::Worker;
            super::sandbox::interpreter_for(mode, engine, size, longest_run(config))
                .await
                .context(
                    "code runs in sandbox workers unless the config says \"sandbox\": \"in-process\"",
                )
        }
        Sandbox::InProcess => {
            eprintln!(
                "codemode mcp: warning: code runs in this process (\"sandbox\": \"in-process\"): \
an escape from the engine would reach this process's connections and environment"
            );
            super::sandbox::interpreter(super::sandbox::Mode::InProcess, engine, 1).await
        }
    }
}

/// The longest timeout a run of this config may ask for: `maxTimeoutMs`, else run_code's default
/// bound (or `timeoutMs` when larger), as the session computes it.
pub fn longest_run(config: &Config) -> Duration {
    let defaults = codemode_tool::CodeToolOptions::default();
    let timeout = config.timeout.unwrap_or(defaults.timeout);
    config
        .max_timeout
        .unwrap_or_else(|| defaults.max_timeout.max(timeout))
}

/// Binds `address`, refusing one beyond loopback unless `--allow-remote` and a token are given.
async fn bind(
    address: &str,
    allow_remote: bool,
    has_token: bool,
) -> anyhow::Result<tokio::net::TcpListener> {
    let resolved: Vec<std::net::SocketAddr> = tokio::net::lookup_host(address)
        .await
        .with_context(|| format!("--http {address}: not an address (HOST:PORT)"))?
        .collect();
    let Some(&first) = resolved.first() else {
        anyhow::bail!("--http {address}: resolves to no address");
    };
    if resolved.iter().any(|a| !a.ip().is_loopback()) {
        if !allow_remote {
            anyhow::bail!(
                "--http {address} is not a loopback address: serving beyond this machine needs \
--allow-remote and --token-file"
            );
        }
        if !has_token {
            anyhow::bail!(
                "--http {address} with --allow-remote needs --token-file: every request must carry \
the token"
            );
        }
    }
    tokio::net::TcpListener::bind(first)
        .await
        .with_context(|| format!("cannot listen on {first}"))
}

/// Reads the bearer token from `path`: its contents without surrounding whitespace.
fn read_token(path: &Path) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the token file {}", path.display()))?;
    let token = text.trim();
    if token.chars().count() < MIN_TOKEN_CHARS || token.chars().any(char::is_whitespace) {
        anyhow::bail!(
            "{}: a token must be at least {MIN_TOKEN_CHARS} characters with no spaces \
(for example `openssl rand -hex 32`)",
            path.display()
        );
    }
    Ok(token.to_owned())
}

/// Cancels `shutdown` at Ctrl-C or SIGTERM (Ctrl-C alone where SIGTERM cannot be watched).
async fn stop_on_signal(shutdown: CancellationToken) {
    let terminate = async {
        #[cfg(unix)]
        if let Ok(mut terminate) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            terminate.recv().await;
            return;
        }
        std::future::pending::<()>().await;
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = terminate => {}
    }
    shutdown.cancel();
}

/// Reads the config, naming the file in front of a problem inside it.
pub fn load(path: &Path) -> anyhow::Result<Config> {
    Config::load(path).map_err(|err| match err {
        Error::Config { .. } => anyhow::anyhow!("{}: {err}", path.display()),
        other => other.into(),
    })
}

/// The planner of run_instruction, unless the config's `planner` is `false`: the model of
/// `--model` (else the shipped one), with the least confidence of `--min-confidence`, else the
/// config's `planner.minConfidence`, else the threshold chosen with the model's calibration.
pub fn planner(
    config: &Config,
    model: Option<&Path>,
    min_confidence: Option<f32>,
) -> anyhow::Result<Option<SessionPlanner>> {
    if !config.planner.enabled {
        return Ok(None);
    }
    if let Some(p) = min_confidence
        && !(0.0..=1.0).contains(&p)
    {
        anyhow::bail!("--min-confidence must be a probability from 0 to 1, not {p}");
    }
    let planner = super::plan::load(model, None)?;
    let min_confidence = min_confidence
        .or(config.planner.min_confidence)
        .unwrap_or_else(|| planner.default_min_confidence());
    Ok(Some(SessionPlanner {
        planner: Arc::new(planner),
        min_confidence,
    }))
}

/// The async runtime the bridge and the server run on.
pub fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .on_thread_park(collect_when_idle)
        .build()
        .context("cannot start the async runtime")
}

/// When a worker thread goes idle, has the allocator give back what it freed there, at most once
/// a second per thread (a park is frequent; a collection walks the thread's heap).
fn collect_when_idle() {
    thread_local! {
        static LAST: std::cell::Cell<Option<std::time::Instant>> = const { std::cell::Cell::new(None) };
    }
    LAST.with(|last| {
        if last
            .get()
            .is_none_or(|at| at.elapsed() >= Duration::from_secs(1))
        {
            last.set(Some(std::time::Instant::now()));
            crate::collect_freed_memory();
        }
    });
}
