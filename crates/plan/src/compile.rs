//! The compiler: a checked plan becomes the body of a JavaScript async function.
//!
//! The body expects `tools` in scope (each `tools[name](args)` returning a value or a promise) and
//! may use `await` and `return`; wrapped as `(async (tools) => { BODY })(tools)` it runs the same in
//! Node.js and in the codemode sandbox. It calls nothing but `tools`, awaits every call it starts,
//! and turns every call into a record `{ok: true, value}` or `{ok: false, error}`. Names and values
//! are embedded as JSON literals (with U+2028/U+2029 escaped), tools are reached as `tools["name"]`,
//! and argument objects use computed keys so that `__proto__` is an own property.
//!
//! Shaping (the `fields` projection and the row `limit`) runs only when the plan asks for it; the
//! checker allows that only for one call to a tool that returns `array`.
//!
//! A host whose tools return their rows inside an object (an MCP tool's structured content is
//! always an object, so a list comes as `{"notes": [...]}`) compiles with [`compile_with_rows`]:
//! each call of such a tool reads the rows from that one property, so the plan's `array` reading of
//! the tool holds in the host's own JavaScript, and a result without the property is a failed
//! record that says so.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::catalog::Catalog;
use crate::check::check;
use crate::diagnostic::Diagnostic;
use crate::json;
use crate::plan::{Call, Mode, OutputKind, Plan};

/// Turns a failure reason into the record's error text: its string `message`, else `String(reason)`.
const ERROR_TEXT: &str = r#"const errorText = (reason) => {
  try {
    if ((typeof reason === "object" && reason !== null) || typeof reason === "function") {
      const message = reason.message;
      if (typeof message === "string") return message;
    }
    return String(reason);
  } catch {
    return "the call failed with a reason that cannot be shown as text";
  }
};
"#;

/// Runs one call and settles it into a record; a synchronous throw becomes a failed record too.
const SETTLE: &str = r#"const settle = async (name, args) => {
  try {
    return { ok: true, value: await tools[name](args) };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
"#;

/// Projects and limits the rows of an ok record; reads own properties only.
const SHAPE: &str = r#"const describe = (value) =>
  value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : `a ${typeof value}`;
const shape = (record, fields, limit) => {
  if (!record.ok) return record;
  try {
    const rows = record.value;
    if (!Array.isArray(rows)) {
      return { ok: false, error: `the result is not an array: it is ${describe(rows)}` };
    }
    let shaped = rows;
    if (fields !== null) {
      shaped = [];
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        if (row === null || typeof row !== "object" || Array.isArray(row)) {
          return { ok: false, error: `row ${i} of the result is not an object: it is ${describe(row)}` };
        }
        const picked = {};
        for (const field of fields) {
          const value = Object.prototype.hasOwnProperty.call(row, field) ? row[field] : null;
          Object.defineProperty(picked, field, { value, enumerable: true, writable: true, configurable: true });
        }
        shaped.push(picked);
      }
    }
    if (limit !== null) {
      const kept = [];
      for (let i = 0; i < shaped.length && i < limit; i++) kept.push(shaped[i]);
      shaped = kept;
    }
    return { ok: true, value: shaped };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
"#;

/// Settles a call of a tool whose rows sit under one property of its result object.
const SETTLE_ROWS: &str = r#"const settleRows = async (name, args, key) => {
  const record = await settle(name, args);
  if (!record.ok) return record;
  try {
    const value = record.value;
    if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, key)) {
      return { ok: true, value: value[key] };
    }
    return { ok: false, error: `the result holds no rows under ${JSON.stringify(key)}` };
  } catch (reason) {
    return { ok: false, error: errorText(reason) };
  }
};
"#;

/// Checks `plan` against `catalog`, then compiles it.
pub fn compile_checked(plan: &Plan, catalog: &Catalog) -> Result<String, Diagnostic> {
    check(plan, catalog)?;
    Ok(compile(plan))
}

/// Compiles a plan that [`check`] accepted. The output for an unchecked plan is still safe
/// JavaScript, but may not keep the contract.
pub fn compile(plan: &Plan) -> String {
    compile_with_rows(plan, &BTreeMap::new())
}

/// Compiles a plan that [`check`] accepted for a host where each tool named in `rows` returns an
/// object holding its rows under the property `rows[tool]`: every call of such a tool settles to
/// a record of those rows (or a failed record when the result holds no such property). With no
/// `rows`, the same as [`compile`].
pub fn compile_with_rows(plan: &Plan, rows: &BTreeMap<String, String>) -> String {
    let mut js = String::with_capacity(1024);
    js.push_str(ERROR_TEXT);
    js.push_str(SETTLE);
    if plan.calls.iter().any(|call| rows.contains_key(&call.tool)) {
        js.push_str(SETTLE_ROWS);
    }
    let shaping = plan.output.fields.is_some() || plan.output.limit.is_some();
    if shaping {
        js.push_str(SHAPE);
    }
    let last = plan.output.kind == OutputKind::Last;
    match (plan.mode, plan.calls.as_slice()) {
        (_, [call]) => {
            let mut record = format!("await {}", call_expr(call, rows));
            if shaping {
                let fields = match &plan.output.fields {
                    Some(fields) => json::to_string(fields),
                    None => "null".to_owned(),
                };
                let limit = match &plan.output.limit {
                    Some(limit) => json::to_string(limit),
                    None => "null".to_owned(),
                };
                record = format!("shape({record}, {fields}, {limit})");
            }
            if last {
                let _ = writeln!(js, "return {record};");
            } else {
                let _ = writeln!(js, "return [{record}];");
            }
        }
        (Mode::Parallel, calls) => {
            js.push_str("const settled = await Promise.allSettled([\n");
            for call in calls {
                let _ = writeln!(js, "  {},", call_expr(call, rows));
            }
            js.push_str("]);\n");
            js.push_str(
                "const records = settled.map((outcome) =>\n  outcome.status === \"fulfilled\" ? outcome.value : { ok: false, error: errorText(outcome.reason) });\n",
            );
            push_return(&mut js, last);
        }
        (_, calls) => {
            js.push_str("const records = [];\n");
            for call in calls {
                let _ = writeln!(js, "records.push(await {});", call_expr(call, rows));
            }
            push_return(&mut js, last);
        }
    }
    js
}

fn push_return(js: &mut String, last: bool) {
    if last {
        js.push_str("return records[records.length - 1];\n");
    } else {
        js.push_str("return records;\n");
    }
}

/// `settle("name", { ["arg"]: value, ... })`, or `settleRows("name", { ... }, "key")` for a tool
/// whose rows sit under `key`.
fn call_expr(call: &Call, rows: &BTreeMap<String, String>) -> String {
    let mut args = String::new();
    for (i, (name, value)) in call.args.iter().enumerate() {
        let sep = if i == 0 { " " } else { ", " };
        let _ = write!(
            args,
            "{sep}[{}]: {}",
            json::quote(name),
            json::to_string(value)
        );
    }
    let args = if args.is_empty() {
        "{}".to_owned()
    } else {
        format!("{{{args} }}")
    };
    match rows.get(&call.tool) {
        Some(key) => format!(
            "settleRows({}, {args}, {})",
            json::quote(&call.tool),
            json::quote(key)
        ),
        None => format!("settle({}, {args})", json::quote(&call.tool)),
    }
}
