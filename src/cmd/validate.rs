//! `codemode validate`: the record frontend alone.

use std::path::PathBuf;
use std::process::ExitCode;

use codemode_plan::frontend;
use serde_json::json;

/// Flags of `codemode validate`.
#[derive(clap::Args)]
pub struct Args {
    /// JSONL file of planner records; stdin when absent or `-`.
    file: Option<PathBuf>,
}

/// Answers `{"ok": true}` or `{"diagnostic": "..."}` for each record.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    crate::jsonl::answer_each(args.file.as_deref(), |line| {
        frontend::read_line(line).map(|_| json!({ "ok": true }))
    })?;
    Ok(ExitCode::SUCCESS)
}
