//! Contract tests of `run_instruction` with a fake planner, fake host tools and the real QuickJS
//! sandbox: the catalog an instruction is planned against, the run and its answer, every way
//! nothing runs, and the policy inside a planned run.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use codemode_plan::{Diagnostic, PlanRecord, Planned, Problem, Record};
use codemode_quickjs::QuickJs;
use codemode_tool::{
    AllowAll, CallContext, CodeToolOptions, FollowHints, Handler, Hints, InstructionToolOptions,
    Lists, ToolDefinition, ToolOutput, call_tool, instruction_tool,
};
use serde_json::{Value, json};

/// Every wait in these tests is bounded.
async fn bounded<T>(future: impl Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(20), future)
        .await
        .expect("the test waited more than 20 s")
}

/// A planner that answers each instruction from a table (with the doubts it names, if any), and
/// keeps the catalogs it was shown.
#[derive(Default)]
struct FakePlanner {
    answers: BTreeMap<String, Result<(Value, f32), String>>,
    doubts: BTreeMap<String, Vec<String>>,
    seen: Mutex<Vec<Value>>,
}

impl FakePlanner {
    fn with(mut self, instruction: &str, plan: Value, confidence: f32) -> Self {
        self.answers
            .insert(instruction.to_owned(), Ok((plan, confidence)));
        self
    }

    fn doubting(mut self, instruction: &str, doubts: &[&str]) -> Self {
        self.doubts.insert(
            instruction.to_owned(),
            doubts.iter().map(|d| (*d).to_owned()).collect(),
        );
        self
    }

    fn refusing(mut self, instruction: &str, why: &str) -> Self {
        self.answers
            .insert(instruction.to_owned(), Err(why.to_owned()));
        self
    }

    fn catalogs(&self) -> Vec<Value> {
        self.seen.lock().unwrap().clone()
    }
}

impl PlanRecord for FakePlanner {
    fn plan_record(&self, record: &Record) -> Result<Planned, Diagnostic> {
        self.seen
            .lock()
            .unwrap()
            .push(serde_json::to_value(&record.catalog).unwrap());
        match self.answers.get(&record.instruction) {
            Some(Ok((plan, confidence))) => Ok(Planned {
                plan: serde_json::from_value(plan.clone()).unwrap(),
                confidence: *confidence,
                doubts: self
                    .doubts
                    .get(&record.instruction)
                    .cloned()
                    .unwrap_or_default(),
            }),
            Some(Err(why)) => Err(Diagnostic::new(
                "instruction",
                Problem::Unsupported(why.clone()),
            )),
            None => panic!("no answer for {:?}", record.instruction),
        }
    }
}

/// The fake host: `add` (read-only), `list_users` (read-only, rows under `users`), `write`
/// (changes state, counts its calls), `drop_table` (destructive), `bulk` (an array argument the
/// planner cannot pass) and `secret` (denied by some tests' policy).
fn host(writes: &Arc<AtomicUsize>) -> Vec<ToolDefinition> {
    let counter = Arc::clone(writes);
    vec![
        ToolDefinition::new(
            "add",
            "Adds a and b.",
            Handler::new(|args: Value, _| async move {
                ToolOutput::ok(json!(args["a"].as_i64().unwrap_or(0) + args["b"].as_i64().unwrap_or(0)))
            }),
        )
        .with_input_schema(json!({"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["a", "b"]}))
        .with_hints(Hints::read_only()),
        ToolDefinition::new(
            "list_users",
            "Lists a team's users.",
            Handler::new(|_, _| async {
                ToolOutput::ok(json!({"users": [
                    {"id": 1, "name": "ann", "email": "a@x"},
                    {"id": 2, "name": "bo", "email": "b@x"},
                    {"id": 3, "name": "cy", "email": "c@x"}
                ]}))
            }),
        )
        .with_input_schema(json!({"type": "object", "properties": {"team": {"type": "string"}}}))
        .with_output_schema(json!({"type": "object", "properties": {"users": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "number"}, "name": {"type": "string"}, "email": {"type": "string"}}}}}}))
        .with_hints(Hints::read_only()),
        ToolDefinition::new(
            "write",
            "Appends a line.",
            Handler::new(move |_, _| {
                let counter = Arc::clone(&counter);
                async move {
                    counter.fetch_add(1, Ordering::SeqCst);
                    ToolOutput::ok(json!("written"))
                }
            }),
        )
        .with_input_schema(json!({"type": "object", "properties": {"line": {"type": "string"}}, "required": ["line"]}))
        .with_hints(Hints {
            read_only: Some(false),
            destructive: Some(false),
            ..Hints::default()
        }),
        ToolDefinition::new(
            "drop_table",
            "Drops a table.",
            Handler::new(|_, _| async { ToolOutput::ok(json!("dropped")) }),
        )
        .with_input_schema(json!({"type": "object", "properties": {"table": {"type": "string"}}, "required": ["table"]}))
        .with_hints(Hints::destructive()),
        ToolDefinition::new(
            "bulk",
            "Writes many lines.",
            Handler::new(|_, _| async { ToolOutput::ok(json!("done")) }),
        )
        .with_input_schema(json!({"type": "object", "properties": {"lines": {"type": "array", "items": {"type": "string"}}}, "required": ["lines"]}))
        .with_hints(Hints::read_only()),
    ]
}

fn single(tool: &str, args: Value) -> Value {
    json!({"mode": "single", "calls": [{"tool": tool, "args": args}], "output": {"kind": "last"}})
}

/// run_instruction over the fake host with `planner`, a least confidence of 0.5 and `options`.
fn tool_with(
    planner: &Arc<FakePlanner>,
    writes: &Arc<AtomicUsize>,
    policy: Arc<dyn codemode_tool::Policy>,
    configure: impl FnOnce(&mut InstructionToolOptions),
) -> ToolDefinition {
    let mut options = InstructionToolOptions::new(planner.clone(), 0.5);
    configure(&mut options);
    instruction_tool(
        Arc::new(QuickJs::default()),
        CodeToolOptions {
            tools: host(writes),
            policy,
            ..CodeToolOptions::default()
        },
        options,
    )
}

async fn instruct(tool: &ToolDefinition, arguments: Value) -> ToolOutput {
    bounded(call_tool(
        tool,
        arguments,
        &AllowAll,
        CallContext::default(),
    ))
    .await
}

#[tokio::test]
async fn a_planned_instruction_runs_and_answers_the_value_the_plan_the_confidence_and_the_js() {
    let planner = Arc::new(FakePlanner::default().with(
        "Call add with a 1 and b 2",
        single("add", json!({"a": 1, "b": 2})),
        0.97,
    ));
    let writes = Arc::default();
    let tool = tool_with(&planner, &writes, Arc::new(AllowAll), |_| {});
    let output = instruct(&tool, json!({"instruction": "Call add with a 1 and b 2"})).await;
    assert!(!output.is_error, "{}", output.value);
    let js = output.value["js"].as_str().unwrap().to_owned();
    assert_eq!(
        output.value,
        json!({
            "value": {"ok": true, "value": 3},
            "calls": [{"tool": "add", "outcome": "returned"}],
            "plan": single("add", json!({"a": 1, "b": 2})),
            "confidence": 0.97,
            "js": js
        })
    );
    // The planner saw the tool the instruction names, and only that one.
    assert_eq!(
        planner.catalogs(),
        [
            json!([{"name": "add", "arguments": {"a": "number", "b": "number"}, "required": ["a", "b"], "returns": {"kind": "text", "properties": []}}])
        ]
    );
    // The JavaScript it answers runs as it is in run_code, to the same value.
    let run_code = codemode_tool::code_tool(
        Arc::new(QuickJs::default()),
        CodeToolOptions {
            tools: host(&writes),
            ..CodeToolOptions::default()
        },
    );
    let rerun = bounded(call_tool(
        &run_code,
        json!({"code": js}),
        &AllowAll,
        CallContext::default(),
    ))
    .await;
    assert_eq!(rerun.value["value"], json!({"ok": true, "value": 3}));
}

#[tokio::test]
async fn an_alias_names_the_catalog_entry_and_the_plan_is_answered_in_the_tools_own_names() {
    let planner = Arc::new(FakePlanner::default().with(
        "use plus with a 2 and b 2, then write with line \"x\"",
        json!({"mode": "serial", "calls": [
            {"tool": "plus", "args": {"a": 2, "b": 2}},
            {"tool": "write", "args": {"line": "x"}}
        ], "output": {"kind": "all"}}),
        0.9,
    ));
    let writes = Arc::default();
    let tool = tool_with(&planner, &writes, Arc::new(AllowAll), |options| {
        options.aliases = BTreeMap::from([("plus".to_owned(), "add".to_owned())]);
    });
    let output = instruct(
        &tool,
        json!({"instruction": "use plus with a 2 and b 2, then write with line \"x\""}),
    )
    .await;
    assert!(!output.is_error, "{}", output.value);
    let catalogs = planner.catalogs();
    let names: Vec<&Value> = catalogs[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| &entry["name"])
        .collect();
    assert_eq!(names, [&json!("plus"), &json!("write")]);
    assert_eq!(output.value["plan"]["calls"][0]["tool"], json!("add"));
    assert_eq!(
        output.value["value"],
        json!([{"ok": true, "value": 4}, {"ok": true, "value": "written"}])
    );
    assert_eq!(writes.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn rows_under_a_key_are_projected_and_limited_as_the_plan_asks() {
    let instruction = "list_users, only name, first 2 rows";
    let planner = Arc::new(FakePlanner::default().with(
        instruction,
        json!({"mode": "single", "calls": [{"tool": "list_users", "args": {}}],
               "output": {"kind": "last", "fields": ["name"], "limit": 2}}),
        1.0,
    ));
    let writes = Arc::default();
    let tool = tool_with(&planner, &writes, Arc::new(AllowAll), |_| {});
    let output = instruct(&tool, json!({"instruction": instruction})).await;
    assert_eq!(
        output.value["value"],
        json!({"ok": true, "value": [{"name": "ann"}, {"name": "bo"}]})
    );
    assert_eq!(
        planner.catalogs()[0][0]["returns"],
        json!({"kind": "array", "properties": ["id", "name", "email"]})
    );
}

#[tokio::test]
async fn a_diagnostic_runs_nothing_and_hands_back_run_code_with_the_named_tools_declarations() {
    let instruction = "write with line \"a\" for each user";
    let planner = Arc::new(FakePlanner::default().refusing(instruction, "a loop"));
    let writes = Arc::default();
    let tool = tool_with(&planner, &writes, Arc::new(AllowAll), |_| {});
    let output = instruct(&tool, json!({"instruction": instruction})).await;
    assert!(output.is_error);
    let declarations = output.value["declarations"].as_str().unwrap().to_owned();
    assert!(
        declarations
            .starts_with("declare const tools: {\n  /** Appends a line. */\n  write(args: {"),
        "{declarations}"
    );
    assert!(!declarations.contains("add("), "{declarations}");
    assert_eq!(
        output.value,
        json!({
            "reason_code": "not_planned",
            "failure_stage": "plan",
            "error": "instruction: a loop is not supported",
            "state_changed": false,
            "outcome_unknown": false,
            "follow_up": {"tool": "run_code"},
            "declarations": declarations
        })
    );
    assert_eq!(writes.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn a_plan_below_the_least_confidence_does_not_run_unless_the_call_asks_for_less() {
    let instruction = "write with line \"maybe\"";
    let planner = Arc::new(FakePlanner::default().with(
        instruction,
        single("write", json!({"line": "maybe"})),
        0.42,
    ));
    let writes = Arc::default();
    let tool = tool_with(&planner, &writes, Arc::new(AllowAll), |_| {});
    let output = instruct(&tool, json!({"instruction": instruction})).await;
    assert!(output.is_error);
    assert_eq!(output.value["reason_code"], json!("not_planned"));
    assert_eq!(
        output.value["error"],
        json!("the planner is not sure of its reading (confidence 0.42, below 0.5)")
    );
    assert_eq!(output.value["confidence"], json!(0.42));
    assert_eq!(writes.load(Ordering::SeqCst), 0);
    let output = instruct(
        &tool,
        json!({"instruction": instruction, "minConfidence": 0.4}),
    )
    .await;
    assert!(!output.is_error, "{}", output.value);
    assert_eq!(writes.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_plan_below_the_least_confidence_for_what_it_leaves_out_says_what_that_is() {
    let instruction = "write with line \"maybe\", and priority 2";
    let planner = Arc::new(
        FakePlanner::default()
            .with(instruction, single("write", json!({"line": "maybe"})), 0.02)
            .doubting(
                instruction,
                &["a value no call takes: 2", "a condition in plain words: If"],
            ),
    );
    let writes = Arc::default();
    let tool = tool_with(&planner, &writes, Arc::new(AllowAll), |_| {});
    let output = instruct(&tool, json!({"instruction": instruction})).await;
    assert!(output.is_error);
    assert_eq!(output.value["reason_code"], json!("not_planned"));
    assert_eq!(
        output.value["error"],
        json!(
            "the planner is not sure of its reading (confidence 0.02, below 0.5); the plan leaves out what the instruction asks: a value no call takes: 2; a condition in plain words: If"
        )
    );
    assert_eq!(output.value["follow_up"], json!({"tool": "run_code"}));
    assert_eq!(writes.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn a_call_the_policy_asks_about_is_refused_inside_the_run_with_a_follow_up() {
    let instruction = "Call drop_table with table \"users\"";
    let planner = Arc::new(FakePlanner::default().with(
        instruction,
        single("drop_table", json!({"table": "users"})),
        0.99,
    ));
    let writes = Arc::default();
    let tool = tool_with(&planner, &writes, Arc::new(FollowHints), |_| {});
    let output = instruct(&tool, json!({"instruction": instruction})).await;
    let js = output.value["js"].as_str().unwrap().to_owned();
    assert_eq!(
        output.value,
        json!({
            "value": {"ok": false, "error": "approval required: `drop_table` needs a person's approval (`drop_table` is declared destructive), which code cannot wait for; the run's result names this call as `follow_up`, to make directly"},
            "calls": [{"tool": "drop_table", "outcome": "refused"}],
            "follow_up": {"tool": "drop_table", "arguments": {"table": "users"}},
            "plan": single("drop_table", json!({"table": "users"})),
            "confidence": 0.99,
            "js": js
        })
    );
}

#[tokio::test]
async fn a_tool_the_planner_cannot_plan_or_the_policy_denies_is_refused_not_planned_without() {
    let planner = Arc::new(FakePlanner::default());
    let writes = Arc::default();
    let tool = tool_with(
        &planner,
        &writes,
        Arc::new(Lists::new(AllowAll)),
        |options| {
            options.unavailable = vec![("secret".to_owned(), "the policy denies it".to_owned())];
        },
    );
    let output = instruct(
        &tool,
        json!({"instruction": "Call add with a 1 and b 2 and bulk with lines \"x\""}),
    )
    .await;
    assert_eq!(output.value["reason_code"], json!("not_planned"));
    assert_eq!(
        output.value["error"],
        json!(
            "the planner cannot plan `bulk`: argument `lines` is an array; the planner passes only strings, numbers and booleans"
        )
    );
    assert!(
        output.value["declarations"]
            .as_str()
            .unwrap()
            .contains("bulk(args: {\n    lines: string[];"),
        "{}",
        output.value
    );
    let output = instruct(
        &tool,
        json!({"instruction": "Call add with a 1 and b 2, then secret"}),
    )
    .await;
    assert_eq!(
        output.value,
        json!({
            "reason_code": "permission_denied",
            "failure_stage": "plan",
            "error": "the instruction names `secret`, which code may not call (the policy denies it)",
            "state_changed": false,
            "outcome_unknown": false
        })
    );
    let output = instruct(&tool, json!({"instruction": "call frobnicate with x 1"})).await;
    assert_eq!(output.value["reason_code"], json!("not_planned"));
    assert!(
        output.value["error"]
            .as_str()
            .unwrap()
            .starts_with("the instruction names none of the tools the planner can plan (`add`, `list_users`, `write`, `drop_table`)"),
        "{}",
        output.value
    );
    assert_eq!(output.value.get("declarations"), None);
    assert!(planner.catalogs().is_empty(), "nothing reached the planner");
}

#[tokio::test]
async fn bad_input_is_refused_before_anything_is_planned() {
    let planner = Arc::new(FakePlanner::default());
    let writes = Arc::default();
    let tool = tool_with(&planner, &writes, Arc::new(AllowAll), |_| {});
    let cases = [
        (json!({"instruction": "  "}), "`instruction` is empty"),
        (json!({}), "`instruction` is missing"),
        (
            json!({"instruction": 5}),
            "`instruction` must be a string, not a number",
        ),
        (
            json!({"instruction": "add", "tool": ["add"]}),
            "unknown field `tool`",
        ),
        (
            json!({"instruction": "add", "tools": ["add", "nope"]}),
            "`tools` names `nope`, which is no tool code may call; the tools are `add`, `list_users`, `write`, `drop_table`, `bulk`",
        ),
        (
            json!({"instruction": "add", "tools": [1]}),
            "`tools` must hold tool names, not a number",
        ),
        (
            json!({"instruction": "add", "minConfidence": 2}),
            "`minConfidence` must be a probability from 0 to 1, not 2",
        ),
        (
            json!({"instruction": "add", "timeoutMs": "soon"}),
            "`timeoutMs` must be a number of milliseconds, not the string \"soon\"",
        ),
    ];
    for (input, start) in cases {
        let output = instruct(&tool, input.clone()).await;
        assert_eq!(
            output.value["reason_code"],
            json!("invalid_input"),
            "{input}"
        );
        assert_eq!(output.value["failure_stage"], json!("input"), "{input}");
        let error = output.value["error"].as_str().unwrap();
        assert!(error.starts_with(start), "{input}: {error}");
        // A field that does not fit is answered with what the input accepts.
        if !start.starts_with("`tools` names") {
            assert!(
                error.ends_with("`minConfidence` (number from 0 to 1, optional)"),
                "{error}"
            );
        }
    }
    // 200 tokens: the record frontend's diagnostic, and nothing planned.
    let long = format!("Call add with a 1 and b 2 {}", "please ".repeat(200));
    let output = instruct(&tool, json!({"instruction": long})).await;
    assert_eq!(output.value["reason_code"], json!("not_planned"));
    assert_eq!(
        output.value["error"],
        json!("instruction: 208 tokens, the limit is 128")
    );
    assert!(planner.catalogs().is_empty());
}

#[tokio::test]
async fn a_plan_the_checker_refuses_never_runs() {
    let instruction = "Call write with line \"x\"";
    // The fake planner breaks its promise: an argument the tool lacks.
    let planner = Arc::new(FakePlanner::default().with(
        instruction,
        single("write", json!({"line": "x", "mode": "append"})),
        1.0,
    ));
    let writes = Arc::default();
    let tool = tool_with(&planner, &writes, Arc::new(AllowAll), |_| {});
    let output = instruct(&tool, json!({"instruction": instruction})).await;
    assert_eq!(output.value["reason_code"], json!("not_planned"));
    assert_eq!(
        output.value["error"],
        json!("call 1: argument \"mode\" is not in the schema of write")
    );
    assert_eq!(writes.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn the_description_lists_the_tools_it_can_plan_and_why_the_others_are_left_out() {
    let planner = Arc::new(FakePlanner::default());
    let writes = Arc::default();
    let tool = tool_with(&planner, &writes, Arc::new(AllowAll), |options| {
        options.aliases = BTreeMap::from([("plus".to_owned(), "add".to_owned())]);
    });
    assert_eq!(tool.name, "run_instruction");
    assert!(tool.hints.runs_code);
    for line in [
        "The tools it can plan:\n- add (or plus)(a: number, b: number) -> text\n- list_users(team?: string) -> rows of id, name, email\n- write(line: string) -> text\n- drop_table(table: string) -> text",
        "Tools it cannot plan (call them from `run_code`):\n- bulk: argument `lines` is an array",
        "less sure than 0.5 of its reading",
    ] {
        assert!(
            tool.description.contains(line),
            "{line}\nis not in\n{}",
            tool.description
        );
    }
    assert_eq!(tool.input_schema["required"], json!(["instruction"]));
    assert_eq!(tool.input_schema["additionalProperties"], json!(false));
}
