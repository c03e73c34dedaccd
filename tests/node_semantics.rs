//! The compiled JavaScript runs in Node.js with fake tools, and what it does is compared with the
//! semantics of `js.md`, computed here independently: records, error text, sync throws,
//! serial/parallel/single schedules (overlap proven from start/end events), all/last, shaping, and
//! rows read from under a key of a tool's result object.
#![allow(clippy::unwrap_used)] // a test fails loudly on what it did not expect

mod common;

use common::{codemode, json_lines, run_node};
use serde_json::{Value, json};

/// One scenario: a plan over the catalog, how each fake tool behaves on its calls, and the tools
/// whose result object holds their rows under a key (`rows`, as `codemode compile` reads it).
struct Case {
    name: &'static str,
    plan: Value,
    behaviours: Value,
    rows: Value,
}

fn catalog() -> Value {
    json!([
        {"name": "a", "arguments": {"x": "number", "s": "string"}, "required": [], "returns": {"kind": "object", "properties": []}},
        {"name": "b", "arguments": {"flag": "boolean"}, "required": [], "returns": {"kind": "text", "properties": []}},
        {"name": "c", "arguments": {}, "required": [], "returns": {"kind": "object", "properties": []}},
        {"name": "rows", "arguments": {"team": "string"}, "required": [], "returns": {"kind": "array", "properties": ["id", "name", "__proto__", "constructor"]}},
        {"name": "constructor", "arguments": {"__proto__": "string"}, "required": [], "returns": {"kind": "text", "properties": []}}
    ])
}

fn plan(mode: &str, calls: &[(&str, Value)], output: Value) -> Value {
    let calls: Vec<Value> = calls
        .iter()
        .map(|(t, a)| json!({"tool": t, "args": a}))
        .collect();
    json!({"mode": mode, "calls": calls, "output": output})
}

fn resolve(value: Value, delay: u64) -> Value {
    json!({"kind": "resolve", "value": value, "delay": delay})
}

fn reject(message: &str, delay: u64) -> Value {
    json!({"kind": "reject", "message": message, "delay": delay})
}

fn cases() -> Vec<Case> {
    let last = json!({"kind": "last"});
    let all = json!({"kind": "all"});
    let users = json!([{"id": 1, "name": "ann", "email": "a@x"}, {"id": 2, "email": "b@x"}, {"id": 3, "name": "cy"}]);
    vec![
        Case {
            name: "single last fulfils",
            plan: plan("single", &[("a", json!({"x": 1}))], last.clone()),
            behaviours: json!({"a": [resolve(json!({"v": 1}), 1)]}),
            rows: json!({}),
        },
        Case {
            name: "single all is an array of one",
            plan: plan("single", &[("a", json!({}))], all.clone()),
            behaviours: json!({"a": [resolve(json!("done"), 0)]}),
            rows: json!({}),
        },
        Case {
            name: "the only call rejects",
            plan: plan("single", &[("a", json!({}))], last.clone()),
            behaviours: json!({"a": [reject("boom", 1)]}),
            rows: json!({}),
        },
        Case {
            name: "the only call throws synchronously",
            plan: plan("single", &[("b", json!({"flag": true}))], all.clone()),
            behaviours: json!({"b": [{"kind": "throw", "message": "sync boom"}]}),
            rows: json!({}),
        },
        Case {
            name: "a missing tool is a failed record",
            plan: plan("single", &[("c", json!({}))], last.clone()),
            behaviours: json!({"c": [{"kind": "missing"}]}),
            rows: json!({}),
        },
        Case {
            name: "a rejection with a string reason",
            plan: plan("single", &[("a", json!({}))], last.clone()),
            behaviours: json!({"a": [{"kind": "rejectValue", "value": "plain reason", "delay": 0}]}),
            rows: json!({}),
        },
        Case {
            name: "a rejection with a message object",
            plan: plan("single", &[("a", json!({}))], last.clone()),
            behaviours: json!({"a": [{"kind": "rejectValue", "value": {"message": "from object"}, "delay": 0}]}),
            rows: json!({}),
        },
        Case {
            name: "a rejection with a number and a non-string message",
            plan: plan("serial", &[("a", json!({})), ("b", json!({}))], all.clone()),
            behaviours: json!({"a": [{"kind": "rejectValue", "value": 5, "delay": 0}], "b": [{"kind": "rejectValue", "value": {"message": 7}, "delay": 0}]}),
            rows: json!({}),
        },
        Case {
            name: "serial: the first call fails and the next still runs",
            plan: plan(
                "serial",
                &[("a", json!({"x": 1})), ("b", json!({"flag": false}))],
                all.clone(),
            ),
            behaviours: json!({"a": [reject("first failed", 5)], "b": [resolve(json!("second"), 1)]}),
            rows: json!({}),
        },
        Case {
            name: "serial: three calls, the last fails, last",
            plan: plan(
                "serial",
                &[("a", json!({})), ("c", json!({})), ("b", json!({}))],
                last.clone(),
            ),
            behaviours: json!({"a": [resolve(json!(1), 3)], "c": [resolve(json!(2), 1)], "b": [reject("last failed", 2)]}),
            rows: json!({}),
        },
        Case {
            name: "serial: the same tool twice",
            plan: plan(
                "serial",
                &[("a", json!({"x": 1})), ("a", json!({"x": 2}))],
                all.clone(),
            ),
            behaviours: json!({"a": [resolve(json!("one"), 2), resolve(json!("two"), 1)]}),
            rows: json!({}),
        },
        Case {
            name: "parallel: last is the last in call order, not the last to finish",
            plan: plan(
                "parallel",
                &[("a", json!({"x": 1})), ("b", json!({}))],
                last.clone(),
            ),
            behaviours: json!({"a": [resolve(json!("slow a"), 30)], "b": [resolve(json!("fast b"), 1)]}),
            rows: json!({}),
        },
        Case {
            name: "parallel: three calls with a rejection and a sync throw",
            plan: plan(
                "parallel",
                &[("a", json!({})), ("b", json!({})), ("c", json!({}))],
                all.clone(),
            ),
            behaviours: json!({"a": [resolve(json!("a"), 10)], "b": [reject("b failed", 5)], "c": [{"kind": "throw", "message": "c threw"}]}),
            rows: json!({}),
        },
        Case {
            name: "parallel: the first call fails",
            plan: plan(
                "parallel",
                &[("a", json!({})), ("c", json!({}))],
                all.clone(),
            ),
            behaviours: json!({"a": [reject("first", 2)], "c": [resolve(json!({"k": [1, 2]}), 8)]}),
            rows: json!({}),
        },
        Case {
            name: "parallel: one tool for several calls",
            plan: plan(
                "parallel",
                &[
                    ("a", json!({"s": "A"})),
                    ("a", json!({"s": "B"})),
                    ("a", json!({"s": "C"})),
                ],
                all.clone(),
            ),
            behaviours: json!({"a": [resolve(json!("A"), 9), resolve(json!("B"), 3), resolve(json!("C"), 6)]}),
            rows: json!({}),
        },
        Case {
            name: "shaping: fields then limit, missing keys become null",
            plan: plan(
                "single",
                &[("rows", json!({"team": "t"}))],
                json!({"kind": "last", "fields": ["name", "id"], "limit": 2}),
            ),
            behaviours: json!({"rows": [resolve(users.clone(), 1)]}),
            rows: json!({}),
        },
        Case {
            name: "shaping: limit alone, all",
            plan: plan(
                "single",
                &[("rows", json!({}))],
                json!({"kind": "all", "limit": 1}),
            ),
            behaviours: json!({"rows": [resolve(users.clone(), 0)]}),
            rows: json!({}),
        },
        Case {
            name: "shaping: limit 0",
            plan: plan(
                "single",
                &[("rows", json!({}))],
                json!({"kind": "last", "limit": 0}),
            ),
            behaviours: json!({"rows": [resolve(users.clone(), 0)]}),
            rows: json!({}),
        },
        Case {
            name: "shaping: own keys only",
            plan: plan(
                "single",
                &[("rows", json!({}))],
                json!({"kind": "last", "fields": ["__proto__", "constructor"]}),
            ),
            behaviours: json!({"rows": [resolve(json!([{"id": 1}, {"__proto__": "own", "constructor": 5}]), 0)]}),
            rows: json!({}),
        },
        Case {
            name: "shaping: a non-array result",
            plan: plan(
                "single",
                &[("rows", json!({}))],
                json!({"kind": "last", "fields": ["id"]}),
            ),
            behaviours: json!({"rows": [resolve(json!({"id": 1}), 0)]}),
            rows: json!({}),
        },
        Case {
            name: "shaping: a null result",
            plan: plan(
                "single",
                &[("rows", json!({}))],
                json!({"kind": "all", "limit": 3}),
            ),
            behaviours: json!({"rows": [resolve(json!(null), 0)]}),
            rows: json!({}),
        },
        Case {
            name: "shaping: a null row",
            plan: plan(
                "single",
                &[("rows", json!({}))],
                json!({"kind": "last", "fields": ["id"]}),
            ),
            behaviours: json!({"rows": [resolve(json!([{"id": 1}, null]), 0)]}),
            rows: json!({}),
        },
        Case {
            name: "shaping: an array row",
            plan: plan(
                "single",
                &[("rows", json!({}))],
                json!({"kind": "last", "fields": ["id"]}),
            ),
            behaviours: json!({"rows": [resolve(json!([[1]]), 0)]}),
            rows: json!({}),
        },
        Case {
            name: "shaping: a primitive row",
            plan: plan(
                "single",
                &[("rows", json!({}))],
                json!({"kind": "last", "fields": ["id"], "limit": 1}),
            ),
            behaviours: json!({"rows": [resolve(json!([{"id": 1}, 7]), 0)]}),
            rows: json!({}),
        },
        Case {
            name: "shaping: a failed call is not shaped",
            plan: plan(
                "single",
                &[("rows", json!({}))],
                json!({"kind": "last", "fields": ["id"]}),
            ),
            behaviours: json!({"rows": [reject("no rows", 0)]}),
            rows: json!({}),
        },
        Case {
            name: "rows under a key: projected and limited",
            plan: plan(
                "single",
                &[("rows", json!({"team": "t"}))],
                json!({"kind": "last", "fields": ["name"], "limit": 2}),
            ),
            behaviours: json!({"rows": [resolve(json!({"users": users.clone()}), 1)]}),
            rows: json!({"rows": "users"}),
        },
        Case {
            name: "rows under a key: a result without the key fails",
            plan: plan("single", &[("rows", json!({}))], all.clone()),
            behaviours: json!({"rows": [resolve(json!({"people": []}), 0)]}),
            rows: json!({"rows": "users"}),
        },
        Case {
            name: "rows under a key: the key `__proto__` is an own property",
            plan: plan("single", &[("rows", json!({}))], last.clone()),
            behaviours: json!({"rows": [resolve(json!({"__proto__": [{"id": 1}]}), 0)]}),
            rows: json!({"rows": "__proto__"}),
        },
        Case {
            name: "rows under a key: in parallel beside another tool, a failure passes through",
            plan: plan(
                "parallel",
                &[("rows", json!({})), ("a", json!({})), ("rows", json!({}))],
                all.clone(),
            ),
            behaviours: json!({"rows": [resolve(json!({"users": [1]}), 3), reject("down", 1)], "a": [resolve(json!({"users": "not read"}), 2)]}),
            rows: json!({"rows": "users"}),
        },
        Case {
            name: "hostile names reach the right tool",
            plan: plan(
                "single",
                &[("constructor", json!({"__proto__": "p"}))],
                last.clone(),
            ),
            behaviours: json!({"constructor": [resolve(json!("ctor"), 0)]}),
            rows: json!({}),
        },
    ]
}

/// The error text of a rejection with `value`, as `js.md` defines it.
fn error_text(value: &Value) -> Value {
    match value {
        Value::Object(o) if o.get("message").is_some_and(Value::is_string) => o["message"].clone(),
        Value::Object(_) => json!("[object Object]"),
        Value::String(s) => json!(s),
        other => json!(other.to_string()),
    }
}

/// What the body must return for `case`, or `None` where a record's error text is Node's own.
fn expected(case: &Case) -> Value {
    let mut used = std::collections::HashMap::new();
    let mut records = Vec::new();
    for call in case.plan["calls"].as_array().unwrap() {
        let tool = call["tool"].as_str().unwrap();
        let list = case.behaviours[tool].as_array().unwrap();
        let n = used.entry(tool).or_insert(0);
        let b = &list[(*n).min(list.len() - 1)];
        *n += 1;
        records.push(match b["kind"].as_str().unwrap() {
            "resolve" => match case.rows[tool].as_str() {
                Some(key) => match b["value"].get(key) {
                    Some(rows) => json!({"ok": true, "value": rows}),
                    None => json!({"ok": false, "error": format!("the result holds no rows under {}", json!(key))}),
                },
                None => json!({"ok": true, "value": b["value"]}),
            },
            "reject" | "throw" => json!({"ok": false, "error": b["message"]}),
            "rejectValue" => json!({"ok": false, "error": error_text(&b["value"])}),
            "missing" => json!({"ok": false, "error": "<node's TypeError>"}),
            other => panic!("unknown behaviour {other}"),
        });
    }
    let output = &case.plan["output"];
    if output.get("fields").is_some() || output.get("limit").is_some() {
        let record = &mut records[0];
        if record["ok"] == json!(true) {
            *record = shape(&record["value"], output.get("fields"), output.get("limit"));
        }
    }
    if output["kind"] == "last" {
        records.pop().unwrap()
    } else {
        Value::Array(records)
    }
}

fn describe(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
        Value::String(_) => "a string",
        Value::Number(_) => "a number",
        Value::Bool(_) => "a boolean",
    }
}

fn shape(value: &Value, fields: Option<&Value>, limit: Option<&Value>) -> Value {
    let Value::Array(rows) = value else {
        return json!({"ok": false, "error": format!("the result is not an array: it is {}", describe(value))});
    };
    let mut shaped = rows.clone();
    if let Some(fields) = fields {
        shaped.clear();
        for (i, row) in rows.iter().enumerate() {
            let Value::Object(row) = row else {
                return json!({"ok": false, "error": format!("row {i} of the result is not an object: it is {}", describe(row))});
            };
            let mut picked = serde_json::Map::new();
            for f in fields.as_array().unwrap() {
                let f = f.as_str().unwrap();
                picked.insert(f.to_owned(), row.get(f).cloned().unwrap_or(Value::Null));
            }
            shaped.push(Value::Object(picked));
        }
    }
    if let Some(limit) = limit {
        shaped.truncate(limit.as_u64().unwrap() as usize);
    }
    json!({"ok": true, "value": shaped})
}

/// Replaces Node's own error text for missing tools, so that records compare whole.
fn mask_missing(returned: &mut Value, expected: &Value) {
    match (returned, expected) {
        (Value::Array(a), Value::Array(b)) => {
            a.iter_mut().zip(b).for_each(|(a, b)| mask_missing(a, b))
        }
        (r @ Value::Object(_), e) if e["error"] == "<node's TypeError>" => {
            assert_eq!(r["ok"], json!(false));
            assert!(
                r["error"]
                    .as_str()
                    .is_some_and(|t| t.contains("not a function")),
                "{r}"
            );
            r["error"] = json!("<node's TypeError>");
        }
        _ => {}
    }
}

#[test]
fn compiled_plans_behave_as_specified_in_node() {
    let cases = cases();
    let input: String = cases
        .iter()
        .map(|c| json!({"plan": c.plan, "tools": catalog(), "rows": c.rows}).to_string() + "\n")
        .collect();
    let answers = json_lines(&codemode(&["compile"], &input));
    let node_cases: Vec<Value> = cases
        .iter()
        .zip(&answers)
        .enumerate()
        .map(|(i, (case, answer))| {
            let js = answer["js"]
                .as_str()
                .unwrap_or_else(|| panic!("{}: {answer}", case.name));
            json!({"id": i, "js": js, "behaviours": case.behaviours})
        })
        .collect();
    let results = run_node(&node_cases);
    assert_eq!(results.len(), cases.len());
    for (case, result) in cases.iter().zip(&results) {
        let name = case.name;
        assert_eq!(result["threw"], Value::Null, "{name}: the body threw");
        assert_eq!(
            result["pending"],
            json!(0),
            "{name}: a call was left running"
        );
        let expected = expected(case);
        let mut returned = result["returned"].clone();
        mask_missing(&mut returned, &expected);
        assert_eq!(returned, expected, "{name}: returned value");

        // Arguments reach the tools deep-equal, as own properties of plain objects.
        let calls = case.plan["calls"].as_array().unwrap();
        let made = result["calls"].as_array().unwrap();
        let reachable: Vec<&Value> = calls
            .iter()
            .filter(|c| case.behaviours[c["tool"].as_str().unwrap()][0]["kind"] != "missing")
            .collect();
        assert_eq!(made.len(), reachable.len(), "{name}: number of calls");
        for (call, made) in reachable.iter().zip(made) {
            assert_eq!(made["tool"], call["tool"], "{name}: call order");
            assert_eq!(made["args"], call["args"], "{name}: arguments");
            assert_eq!(
                made["plainProto"],
                json!(true),
                "{name}: plain argument object"
            );
        }

        // Schedules: serial calls never overlap; parallel calls all start before any ends.
        let events: Vec<(String, u64)> = result["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e[0].as_str().unwrap().to_owned(), e[1].as_u64().unwrap()))
            .collect();
        match case.plan["mode"].as_str().unwrap() {
            "parallel" => {
                let async_calls = made.len();
                let first_end = events
                    .iter()
                    .position(|(k, _)| k == "end")
                    .unwrap_or(events.len());
                let starts_before = events[..first_end]
                    .iter()
                    .filter(|(k, _)| k == "start")
                    .count();
                let sync_ends = case
                    .behaviours
                    .as_object()
                    .unwrap()
                    .values()
                    .filter(|b| b[0]["kind"] == "throw")
                    .count();
                assert!(
                    starts_before + sync_ends >= async_calls,
                    "{name}: parallel calls overlap: {events:?}"
                );
            }
            _ => {
                for (i, pair) in events.chunks(2).enumerate() {
                    assert_eq!(
                        pair,
                        [("start".to_owned(), i as u64), ("end".to_owned(), i as u64)],
                        "{name}: serial order: {events:?}"
                    );
                }
            }
        }
    }
}
