//! `codemode compile`: checked plans to JavaScript.

use std::path::PathBuf;
use std::process::ExitCode;

use codemode_plan::diagnostic::json_type;
use codemode_plan::{Diagnostic, Plan, Problem, compile, frontend};
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
    let Value::Object(object) = value else {
        return Err(Diagnostic::new(
            "input",
            Problem::WrongType {
                expected: "an object",
                found: json_type(value),
            },
        ));
    };
    if let Some(key) = object.keys().find(|k| *k != "plan" && *k != "tools") {
        return Err(Diagnostic::new(
            "input",
            Problem::UnexpectedKey {
                key: key.clone(),
                accepted: "\"plan\", \"tools\"",
            },
        ));
    }
    let tools = object
        .get("tools")
        .ok_or_else(|| Diagnostic::new("input", Problem::MissingKey("tools")))?;
    let catalog = frontend::read_catalog(tools, "tools")?;
    let plan = object
        .get("plan")
        .ok_or_else(|| Diagnostic::new("input", Problem::MissingKey("plan")))?;
    let plan = Plan::deserialize_value(plan)?;
    Ok((plan, catalog))
}
