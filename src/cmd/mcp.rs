//! `codemode mcp`: serves run_code and run_instruction over MCP on stdio, with the tools of
//! upstream MCP servers.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use codemode_mcp::{Config, Error, Session, SessionPlanner};
use codemode_quickjs::QuickJs;

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
}

/// Serves until the client closes stdin; logs go to stderr.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = load(&args.config)?;
    let planner = planner(&config, args.model.as_deref(), None)?;
    let runtime = runtime()?;
    let outcome = runtime.block_on(async {
        let interpreter = QuickJs::new(codemode_quickjs::Config {
            max_value_bytes: config.value_limit(),
            ..codemode_quickjs::Config::default()
        });
        let session = Session::start(&config, Arc::new(interpreter), planner).await;
        codemode_mcp::serve_stdio(Arc::new(session)).await
    });
    runtime.shutdown_timeout(Duration::from_secs(1));
    outcome?;
    Ok(ExitCode::SUCCESS)
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
        .build()
        .context("cannot start the async runtime")
}
