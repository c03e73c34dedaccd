//! Property test: catalogs and plans with hostile names and values compile to JavaScript whose
//! tools receive arguments deep-equal to the plan's (own properties of plain objects).
//! Each proptest case is a batch of plans run through one Node.js process.
#![allow(clippy::unwrap_used)] // a test fails loudly on what it did not expect

mod common;

use codemode_plan::{
    ArgType, Call, Catalog, Mode, Output, OutputKind, Plan, ReturnKind, Returns, Tool, compile,
};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// Pieces that break naive escaping, in JavaScript, JSON or HTML.
const HAZARDS: &[&str] = &[
    "\"",
    "'",
    "`",
    "\\",
    "\\\\",
    "${x}",
    "</script>",
    "<!--",
    "\u{2028}",
    "\u{2029}",
    "\n",
    "\r",
    "\t",
    "\0",
    "\u{7f}",
    "__proto__",
    "constructor",
    "prototype",
    "$",
    "$&",
    "😀",
    "\u{FEFF}",
    "\u{10F800}",
    "\u{10FBFF}",
    "\u{10FC00}",
    "\u{10FFFF}",
    "é",
    "*/",
    "//",
    "})",
    ";",
    " ",
];

/// Tool names: JavaScript identifiers, many of them hazards on a plain object.
const TOOL_NAMES: &[&str] = &[
    "constructor",
    "__proto__",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "then",
    "$",
    "_",
    "$$",
    "café",
    "π",
    "list_users",
    "getWeather",
    "__defineGetter__",
    "isPrototypeOf",
    "x1",
];

fn hostile_string() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(HAZARDS).prop_map(str::to_owned),
            any::<char>().prop_map(|c| c.to_string()),
            "[a-z]{1,3}",
        ],
        0..6,
    )
    .prop_map(|parts| parts.concat())
    // Code points U+10F800.. stand for lone surrogates (see `codemode_plan::json`); a high one
    // followed by a low one would be a pair, which JavaScript reads as one code point.
    .prop_filter("no surrogate pair spelled as two lone surrogates", |s| {
        let units: Vec<Option<u16>> = s.chars().map(codemode_plan::json::lone_surrogate_of).collect();
        !units.windows(2).any(|w| {
            matches!((w[0], w[1]), (Some(h), Some(l)) if (0xD800..0xDC00).contains(&h) && (0xDC00..0xE000).contains(&l))
        })
    })
}

fn value_of(ty: ArgType) -> BoxedStrategy<Value> {
    match ty {
        ArgType::String => hostile_string().prop_map(Value::String).boxed(),
        ArgType::Boolean => any::<bool>().prop_map(Value::Bool).boxed(),
        ArgType::Number => prop_oneof![
            any::<i32>().prop_map(|n| json!(n)),
            prop::sample::select(vec![
                0.5,
                -1.25,
                1e21,
                5e-324,
                1.7976931348623157e308,
                9007199254740991.0
            ])
            .prop_map(|f| Value::Number(codemode_plan::json::number(f))),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(|f| Value::Number(codemode_plan::json::number(f))),
        ]
        .boxed(),
    }
}

fn tool() -> impl Strategy<Value = Tool> {
    (
        prop::sample::select(TOOL_NAMES),
        prop::collection::vec(
            (
                hostile_string(),
                prop::sample::select(vec![ArgType::String, ArgType::Number, ArgType::Boolean]),
            ),
            0..=4,
        ),
    )
        .prop_map(|(name, mut arguments)| {
            let mut seen = std::collections::HashSet::new();
            arguments.retain(|(n, _)| seen.insert(n.clone()));
            Tool {
                name: name.to_owned(),
                arguments,
                required: vec![],
                returns: Returns {
                    kind: ReturnKind::Object,
                    properties: vec![],
                },
            }
        })
}

/// A catalog with unique names and a plan of 1–3 calls over it, with random argument subsets.
fn catalog_and_plan() -> impl Strategy<Value = (Catalog, Plan)> {
    prop::collection::vec(tool(), 1..=4)
        .prop_map(|mut tools| {
            let mut seen = std::collections::HashSet::new();
            tools.retain(|t| seen.insert(t.name.clone()));
            Catalog { tools }
        })
        .prop_flat_map(|catalog| {
            let n = catalog.tools.len();
            let calls = prop::collection::vec((0..n, any::<u8>()), 1..=3);
            (Just(catalog), calls, any::<bool>(), any::<bool>())
        })
        .prop_flat_map(|(catalog, picks, parallel, last)| {
            let calls: Vec<BoxedStrategy<Call>> = picks
                .iter()
                .map(|&(i, mask)| {
                    let tool = catalog.tools[i].clone();
                    let chosen: Vec<(String, ArgType)> = tool
                        .arguments
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| mask & (1 << j) != 0)
                        .map(|(_, a)| a.clone())
                        .collect();
                    let values: Vec<BoxedStrategy<Value>> =
                        chosen.iter().map(|(_, ty)| value_of(*ty)).collect();
                    (Just(tool.name.clone()), Just(chosen), values)
                        .prop_map(|(name, chosen, values)| {
                            let mut args = Map::new();
                            for ((arg, _), value) in chosen.into_iter().zip(values) {
                                args.insert(arg, value);
                            }
                            Call { tool: name, args }
                        })
                        .boxed()
                })
                .collect();
            let mode = match (picks.len(), parallel) {
                (1, _) => Mode::Single,
                (_, true) => Mode::Parallel,
                (_, false) => Mode::Serial,
            };
            let kind = if last {
                OutputKind::Last
            } else {
                OutputKind::All
            };
            (Just(catalog), calls).prop_map(move |(catalog, calls)| {
                (
                    catalog,
                    Plan {
                        mode,
                        calls,
                        output: Output::plain(kind),
                    },
                )
            })
        })
}

/// Numbers compare as numbers (Node prints -0 as 0); everything else compares exactly.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn arguments_reach_tools_deep_equal(batch in prop::collection::vec(catalog_and_plan(), 150)) {
        let mut node_cases = Vec::new();
        for (i, (catalog, plan)) in batch.iter().enumerate() {
            let js = compile::compile_checked(plan, catalog).expect("generated plans are valid");
            let behaviours: Map<String, Value> = catalog
                .tools
                .iter()
                .map(|t| (t.name.clone(), json!([{"kind": "resolve", "value": t.name, "delay": 0}])))
                .collect();
            node_cases.push(json!({"id": i, "js": js, "behaviours": behaviours}));
        }
        let results = common::run_node(&node_cases);
        prop_assert_eq!(results.len(), batch.len());
        for ((_, plan), result) in batch.iter().zip(&results) {
            prop_assert_eq!(&result["threw"], &Value::Null);
            let made = result["calls"].as_array().unwrap();
            prop_assert_eq!(made.len(), plan.calls.len());
            for (call, made) in plan.calls.iter().zip(made) {
                prop_assert_eq!(made["tool"].as_str(), Some(call.tool.as_str()));
                // JavaScript lists integer-like keys first, so keys compare as sets.
                let mut keys: Vec<&str> = made["ownKeys"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
                let mut expected_keys: Vec<&str> = call.args.keys().map(String::as_str).collect();
                keys.sort_unstable();
                expected_keys.sort_unstable();
                prop_assert_eq!(keys, expected_keys);
                prop_assert!(same(&made["args"], &Value::Object(call.args.clone())), "args differ: {} vs {:?}", made["args"], call.args);
                prop_assert_eq!(&made["plainProto"], &json!(true));
            }
            // Every record is ok and carries the tool's own name back.
            let records = match plan.output.kind {
                OutputKind::All => result["returned"].as_array().unwrap().clone(),
                OutputKind::Last => vec![result["returned"].clone()],
            };
            let expected_calls: Vec<&Call> = match plan.output.kind {
                OutputKind::All => plan.calls.iter().collect(),
                OutputKind::Last => vec![plan.calls.last().unwrap()],
            };
            for (record, call) in records.iter().zip(expected_calls) {
                prop_assert_eq!(record, &json!({"ok": true, "value": call.tool}));
            }
        }
    }
}
