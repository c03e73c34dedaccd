//! `codemode types`: TypeScript declarations for a catalog.

use std::path::PathBuf;
use std::process::ExitCode;

use codemode_plan::diagnostic::json_type;
use codemode_plan::{Diagnostic, Problem, frontend, typescript};
use serde_json::{Value, json};

/// Flags of `codemode types`.
#[derive(clap::Args)]
pub struct Args {
    /// JSONL file of planner records, `{"tools": [...]}` objects or bare tool arrays; stdin when
    /// absent or `-`.
    file: Option<PathBuf>,
}

/// Answers `{"ts": "declare const tools: ..."}` for each catalog.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    crate::jsonl::answer_each(args.file.as_deref(), |line| {
        let value = frontend::parse_line(line, "input")?;
        let catalog = match &value {
            Value::Array(_) => frontend::read_catalog(&value, "tools")?,
            Value::Object(object) if object.contains_key("instruction") => {
                frontend::read_record(&value)?.catalog
            }
            Value::Object(object) => {
                if let Some(key) = object.keys().find(|k| *k != "tools") {
                    return Err(Diagnostic::new(
                        "input",
                        Problem::UnexpectedKey {
                            key: key.clone(),
                            accepted: "\"tools\" (or a planner record)",
                        },
                    ));
                }
                let tools = object
                    .get("tools")
                    .ok_or_else(|| Diagnostic::new("input", Problem::MissingKey("tools")))?;
                frontend::read_catalog(tools, "tools")?
            }
            other => {
                return Err(Diagnostic::new(
                    "input",
                    Problem::WrongType {
                        expected: "an object or an array",
                        found: json_type(other),
                    },
                ));
            }
        };
        Ok(json!({ "ts": typescript::declarations(&catalog) }))
    })?;
    Ok(ExitCode::SUCCESS)
}
