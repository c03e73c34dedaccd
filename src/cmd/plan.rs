//! `codemode plan`: the planner, JSONL in and out.

use std::path::PathBuf;
use std::process::ExitCode;

use codemode_model::Planner;
use codemode_model::planner::plan_read;
use codemode_plan::{Diagnostic, Record, compile, frontend};
use serde_json::json;

use crate::jsonl::{Answers, Line, Lines};

/// Flags of `codemode plan`.
#[derive(clap::Args)]
pub struct Args {
    /// Also answer the compiled JavaScript (`"js"` beside `"plan"`).
    #[arg(long)]
    js: bool,
    /// A directory with `config.json` and `model.safetensors`; the shipped model when absent.
    #[arg(long)]
    model: Option<PathBuf>,
    /// Answer a diagnostic instead of a plan the planner is less sure of than this (its
    /// confidence: the probability that the plan is exactly right); by default every checked
    /// plan is answered (run_instruction and `codemode do` use the model's default threshold).
    #[arg(long, value_name = "P")]
    min_confidence: Option<f32>,
    /// JSONL file of planner records; stdin when absent or `-`.
    file: Option<PathBuf>,
}

/// Loads the planner named by `--model`, or the one built into the binary.
pub fn load(
    model: Option<&std::path::Path>,
    min_confidence: Option<f32>,
) -> anyhow::Result<Planner> {
    let planner = match model {
        Some(dir) => Planner::from_dir(dir)?,
        None => codemode_model::shipped()?,
    };
    Ok(match min_confidence {
        Some(p) => planner.with_min_confidence(p)?,
        None => planner,
    })
}

/// How many lines are read before they are planned together.
const CHUNK: usize = 1024;

/// Answers `{"plan": ..., "confidence": ...}` (with `"js"` under `--js`) or `{"diagnostic": ...}`
/// per record.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let planner = load(args.model.as_deref(), args.min_confidence)?;
    let mut lines = Lines::open(args.file.as_deref())?;
    let mut answers = Answers::stdout();
    let mut done = false;
    while !done {
        let mut chunk: Vec<Line> = Vec::with_capacity(CHUNK);
        while chunk.len() < CHUNK {
            match lines.next_line()? {
                Some(line) => chunk.push(line),
                None => {
                    done = true;
                    break;
                }
            }
        }
        let read: Vec<Result<Record, Diagnostic>> = chunk
            .iter()
            .map(|l| l.bytes().and_then(frontend::read_line))
            .collect();
        for answer in plan_read(read, |records| planner.plan_sure(records)) {
            match answer {
                Ok((plan, confidence)) => {
                    // Three decimals: the figure is a probability, not an exact quantity.
                    let confidence = (f64::from(confidence) * 1000.0).round() / 1000.0;
                    let mut line = json!({ "plan": plan, "confidence": confidence });
                    if args.js {
                        line["js"] = json!(compile::compile(&plan));
                    }
                    answers.write(&line)?
                }
                Err(d) => answers.diagnostic(&d)?,
            }
        }
    }
    answers.flush()?;
    Ok(ExitCode::SUCCESS)
}
