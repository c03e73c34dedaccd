//! The plan checker: every rule a plan must keep against its catalog.
//!
//! Whatever produced a plan (the model, a file, a person), it is checked here before it is printed
//! or compiled, and a violation is a [`Diagnostic`], never a repaired plan.

use serde_json::Value;

use crate::catalog::{Catalog, ReturnKind};
use crate::diagnostic::{Diagnostic, Problem, json_type};
use crate::plan::{Mode, Plan};

/// The most calls a plan may make.
pub const MAX_CALLS: usize = 3;

/// The most fields a projection may keep.
pub const MAX_FIELDS: usize = 3;

/// The largest row limit.
pub const MAX_LIMIT: u64 = 100;

/// Checks `plan` against `catalog`; the first violation is the answer.
pub fn check(plan: &Plan, catalog: &Catalog) -> Result<(), Diagnostic> {
    let count = plan.calls.len();
    if count == 0 {
        return Err(Diagnostic::new("plan", Problem::NoCalls));
    }
    if count > MAX_CALLS {
        return Err(Diagnostic::new("plan", Problem::TooManyCalls(count)));
    }
    let fits = match plan.mode {
        Mode::Single => count == 1,
        Mode::Serial | Mode::Parallel => count >= 2,
    };
    if !fits {
        let expected = if count == 1 {
            "\"single\""
        } else {
            "\"serial\" or \"parallel\""
        };
        return Err(Diagnostic::new(
            "plan.mode",
            Problem::ModeMismatch {
                mode: plan.mode.as_str(),
                count,
                expected,
            },
        ));
    }

    for (i, call) in plan.calls.iter().enumerate() {
        let place = format!("call {}", i + 1);
        let tool = catalog
            .get(&call.tool)
            .ok_or_else(|| Diagnostic::new(&place, Problem::UnknownTool(call.tool.clone())))?;
        for (name, value) in &call.args {
            let Some(ty) = tool.argument(name) else {
                return Err(Diagnostic::new(
                    &place,
                    Problem::UnknownArgument {
                        tool: tool.name.clone(),
                        argument: name.clone(),
                    },
                ));
            };
            if !ty.admits(value)
                || matches!(value, Value::Number(n) if n.as_f64().is_none_or(|f| !f.is_finite()))
            {
                return Err(Diagnostic::new(
                    &place,
                    Problem::ArgumentValue {
                        argument: name.clone(),
                        expected: ty.as_str(),
                        found: json_type(value),
                    },
                ));
            }
        }
        if let Some(missing) = tool.required.iter().find(|r| !call.args.contains_key(*r)) {
            return Err(Diagnostic::new(
                &place,
                Problem::MissingArgument {
                    tool: tool.name.clone(),
                    argument: missing.clone(),
                },
            ));
        }
    }

    check_shaping(plan, catalog)
}

/// Checks `fields` and `limit`: only for one call to an array-returning tool, within bounds.
fn check_shaping(plan: &Plan, catalog: &Catalog) -> Result<(), Diagnostic> {
    let output = &plan.output;
    if output.fields.is_none() && output.limit.is_none() {
        return Ok(());
    }
    let what = if output.fields.is_some() {
        "fields"
    } else {
        "limit"
    };
    let place = format!("output.{what}");
    let tool = match plan.calls.as_slice() {
        [call] => catalog.get(&call.tool),
        calls => {
            return Err(Diagnostic::new(
                &place,
                Problem::ShapingNotAllowed {
                    what,
                    why: format!(", and this plan has {} calls", calls.len()),
                },
            ));
        }
    };
    let Some(tool) = tool else { return Ok(()) };
    if tool.returns.kind != ReturnKind::Array {
        let kind = match tool.returns.kind {
            ReturnKind::Text => "text",
            ReturnKind::Object => "an object",
            ReturnKind::Array => "an array",
        };
        return Err(Diagnostic::new(
            &place,
            Problem::ShapingNotAllowed {
                what,
                why: format!(", and {} returns {kind}", tool.name),
            },
        ));
    }
    if let Some(fields) = &output.fields {
        if fields.is_empty() {
            return Err(Diagnostic::new("output.fields", Problem::NoFields));
        }
        if fields.len() > MAX_FIELDS {
            return Err(Diagnostic::new(
                "output.fields",
                Problem::TooManyFields(fields.len()),
            ));
        }
        for (i, field) in fields.iter().enumerate() {
            if fields[..i].contains(field) {
                return Err(Diagnostic::new(
                    "output.fields",
                    Problem::DuplicateField(field.clone()),
                ));
            }
            if !tool.returns.properties.contains(field) {
                return Err(Diagnostic::new(
                    "output.fields",
                    Problem::UndeclaredField {
                        tool: tool.name.clone(),
                        field: field.clone(),
                    },
                ));
            }
        }
    }
    if let Some(limit) = &output.limit
        && output.limit_rows().is_none_or(|n| n > MAX_LIMIT)
    {
        return Err(Diagnostic::new(
            "output.limit",
            Problem::LimitRange(limit.to_string()),
        ));
    }
    Ok(())
}
