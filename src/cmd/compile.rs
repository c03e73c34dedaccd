//! `codemode compile`: checked plans to JavaScript.

use std::path::PathBuf;
use std::process::ExitCode;

use codemode_plan::{Diagnostic, Plan, compile, frontend};
use serde_json::{Value, json};

/// Flags of `codemode compile`.
#[derive(clap::Args)]
pub struct Args {
    /// JSONL file of `{"plan": ..., "tools": [...]}` lines; stdin when absent or `-`.
    file: Option<PathBuf>,
}

/// Answers `{"js": "..."}` for each plan the checker accepts, else `{"diagnostic": "..."}`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    crate::jsonl::answer_each(args.file.as_deref(), |line| {
        let value = frontend::parse_line(line, "input")?;
        let (plan, catalog) = read_compile_input(&value)?;
        let js = compile::compile_checked(&plan, &catalog)?;
        Ok(json!({ "js": js }))
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Reads `{"plan": ..., "tools": [...]}`.
fn read_compile_input(value: &Value) -> Result<(Plan, codemode_plan::Catalog), Diagnostic> {
    let object = frontend::object_with(value, "input", &["plan", "tools"], "\"plan\", \"tools\"")?;
    let catalog = frontend::read_catalog(frontend::required(object, "input", "tools")?, "tools")?;
    let plan = Plan::deserialize_value(frontend::required(object, "input", "plan")?)?;
    Ok((plan, catalog))
}
