//! `codemode compile`: checked plans to JavaScript.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use codemode_plan::diagnostic::json_type;
use codemode_plan::{Diagnostic, Plan, Problem, check, compile, frontend, json};
use serde_json::{Value, json};

/// Flags of `codemode compile`.
#[derive(clap::Args)]
pub struct Args {
    /// JSONL file of `{"plan": ..., "tools": [...]}` lines (with `"rows": {"TOOL": "KEY"}` for
    /// tools whose result object holds their rows under one property); stdin when absent or `-`.
    file: Option<PathBuf>,
}

/// Answers `{"js": "..."}` for each plan the checker accepts, else `{"diagnostic": "..."}`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    crate::jsonl::answer_each(args.file.as_deref(), |line| {
        let value = frontend::parse_line(line, "input")?;
        let (plan, catalog, rows) = read_compile_input(&value)?;
        check::check(&plan, &catalog)?;
        Ok(json!({ "js": compile::compile_with_rows(&plan, &rows) }))
    })?;
    Ok(ExitCode::SUCCESS)
}

/// What one input line holds: the plan, its catalog, and the tools whose rows sit under a key.
type CompileInput = (Plan, codemode_plan::Catalog, BTreeMap<String, String>);

/// Reads `{"plan": ..., "tools": [...], "rows"?: {...}}`.
fn read_compile_input(value: &Value) -> Result<CompileInput, Diagnostic> {
    let object = frontend::object_with(
        value,
        "input",
        &["plan", "tools", "rows"],
        "\"plan\", \"tools\", \"rows\"",
    )?;
    let catalog = frontend::read_catalog(frontend::required(object, "input", "tools")?, "tools")?;
    let plan = Plan::deserialize_value(frontend::required(object, "input", "plan")?)?;
    let mut rows = BTreeMap::new();
    if let Some(given) = object.get("rows") {
        let Value::Object(given) = given else {
            return Err(Diagnostic::new(
                "rows",
                Problem::WrongType {
                    expected: "an object",
                    found: json_type(given),
                },
            ));
        };
        for (tool, key) in given {
            let place = format!("rows[{}]", json::quote(tool));
            let Some(key) = key.as_str() else {
                return Err(Diagnostic::new(
                    place,
                    Problem::WrongType {
                        expected: "a string",
                        found: json_type(key),
                    },
                ));
            };
            if catalog.get(tool).is_none() {
                return Err(Diagnostic::new(place, Problem::UnknownTool(tool.clone())));
            }
            rows.insert(tool.clone(), key.to_owned());
        }
    }
    Ok((plan, catalog, rows))
}
