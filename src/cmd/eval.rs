//! `codemode eval`: the planner on labeled records, or on the BFCL probe.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use codemode_model::eval;
use codemode_model::labels::read_labeled;
use codemode_plan::json;

/// Flags of `codemode eval`.
#[derive(clap::Args)]
pub struct Args {
    /// JSONL of labeled records (`expected`: a plan or `{"diagnostic": true}`).
    file: Option<PathBuf>,
    /// JSONL of BFCL records (with a `bfcl` key): report declined / correct / wrong shares.
    #[arg(long, conflicts_with = "file")]
    bfcl: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// A directory with `config.json` and `model.safetensors`; the shipped model when absent.
    #[arg(long)]
    model: Option<PathBuf>,
    /// Evaluate the model's architecture with freshly initialised weights (this seed) instead of
    /// its trained ones, to show what training carries.
    #[arg(long)]
    untrained: Option<u64>,
    /// Evaluate the planner as `plan --min-confidence P` answers: a diagnostic instead of a plan
    /// the planner is less sure of than this (the risk-coverage table counts every plan).
    #[arg(long, value_name = "P")]
    min_confidence: Option<f32>,
}

pub(crate) fn read_lines(path: &PathBuf) -> anyhow::Result<Vec<serde_json::Value>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            json::parse(l).map_err(|e| anyhow::anyhow!("{}:{}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// Prints the evaluation table.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    // Every checked plan is read with its confidence; `--min-confidence` applies to the table.
    let mut planner = super::plan::load(args.model.as_deref(), None)?;
    if let Some(seed) = args.untrained {
        planner = planner.untrained(seed)?;
    }
    if let Some(path) = &args.bfcl {
        let records = read_lines(path)?;
        let report = eval::evaluate_bfcl(&records, |r| planner.plan(r));
        if args.json {
            println!("{}", serde_json::to_string(&report)?);
        } else {
            print!("{}", report.table());
        }
        return Ok(ExitCode::SUCCESS);
    }
    let path = args
        .file
        .context("name a FILE of labeled records, or --bfcl FILE")?;
    let labeled = read_lines(&path)?
        .iter()
        .enumerate()
        .map(|(i, v)| {
            read_labeled(v).map_err(|m| anyhow::anyhow!("{}:{}: {m}", path.display(), i + 1))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let default = planner.default_min_confidence();
    let least = args.min_confidence.unwrap_or(0.0);
    if !(0.0..=1.0).contains(&least) {
        anyhow::bail!("--min-confidence must be a probability from 0 to 1, not {least}");
    }
    let report = eval::evaluate_sure(
        &labeled,
        |r| planner.plan_sure(r),
        least,
        (default > 0.0).then_some(default),
    );
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", report.table());
    }
    Ok(ExitCode::SUCCESS)
}
