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
            Value::Object(_) => {
                let object = frontend::object_with(
                    &value,
                    "input",
                    &["tools"],
                    "\"tools\" (or a planner record)",
                )?;
                frontend::read_catalog(frontend::required(object, "input", "tools")?, "tools")?
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
