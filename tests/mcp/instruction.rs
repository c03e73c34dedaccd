//! run_instruction over real upstream servers, with the shipped planner: instructions in the
//! contract's style plan and return the right values, a destructive call is asked about, a
//! request the planner cannot plan runs nothing and points to run_code, and bad input gets a
//! clear error.

use std::sync::Arc;
use std::time::Duration;

use rmcp::model::CallToolResult;
use serde_json::{Value, json};

use crate::server::{Session, call, start, text, tools};
use crate::support::{everything, filesystem, notes, scratch, within};

/// A session over the everything, notes and filesystem servers (the last in a fresh folder
/// holding `hello.txt`), and that folder.
async fn three_servers() -> (Session, std::path::PathBuf) {
    let root = scratch().canonicalize().unwrap();
    std::fs::write(root.join("hello.txt"), "hello\n").unwrap();
    let session = start(&json!({"mcpServers": {
        "everything": everything(),
        "notes": notes(),
        "fs": filesystem(&root)
    }}))
    .await;
    (session, root)
}

/// Calls run_instruction and returns its structured content, checking that the text block is
/// its JSON and that `isError` is `failed`.
async fn instruct(session: &Session, arguments: Value, failed: bool) -> Value {
    let result: CallToolResult = call(session, "run_instruction", arguments).await;
    let structured = result.structured_content.clone().unwrap();
    assert_eq!(result.is_error, Some(failed), "{structured}");
    assert_eq!(text(&result), structured.to_string());
    structured
}

/// The plan, value and calls of a run (its `js` and `confidence` checked apart).
fn run_of(mut answer: Value) -> Value {
    let fields = answer.as_object_mut().unwrap();
    let js = fields.remove("js").unwrap();
    assert!(
        js.as_str().unwrap().contains("const settle = async"),
        "{js}"
    );
    let confidence = fields.remove("confidence").unwrap().as_f64().unwrap();
    assert!((0.0..=1.0).contains(&confidence), "{confidence}");
    answer
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn run_instruction_lists_the_tools_it_can_plan_and_why_it_cannot_plan_the_others() {
    let (session, _root) = three_servers().await;
    let listed = tools(&session).await;
    let names: Vec<&str> = listed.iter().map(|tool| tool.name.as_ref()).collect();
    // Destructive tools are served directly too, for the follow-ups of refused calls.
    assert_eq!(
        names,
        [
            "run_code",
            "run_instruction",
            "notes__delete_note",
            "fs__write_file",
            "fs__edit_file",
            "fs__move_file"
        ]
    );
    let tool = &listed[1];
    let description = tool.description.as_deref().unwrap();
    for line in [
        "\n- everything__get_sum (or get_sum)(a: number, b: number) -> text\n",
        "\n- notes__list_notes (or list_notes)() -> rows of id, text\n",
        "\n- fs__read_text_file (or read_text_file)(path: string, tail?: number, head?: number) -> an object\n",
        "\n- fs__edit_file: argument `edits` is an array; the planner passes only strings, numbers and booleans",
    ] {
        assert!(
            description.contains(line),
            "{line}\nis not in\n{description}"
        );
    }
    assert_eq!(tool.input_schema["required"], json!(["instruction"]));
    // Its plans reach what run_code's code reaches, and its annotations say so.
    assert_eq!(
        serde_json::to_value(&tool.annotations).unwrap(),
        serde_json::to_value(&listed[0].annotations).unwrap()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn instructions_plan_and_return_the_right_values_single_parallel_serial_and_shaped() {
    let (session, root) = three_servers().await;
    let single = instruct(
        &session,
        json!({"instruction": "Call get_sum with a 2 and b 3"}),
        false,
    )
    .await;
    assert_eq!(
        run_of(single),
        json!({
            "value": {"ok": true, "value": "The sum of 2 and 3 is 5."},
            "calls": [{"tool": "everything__get_sum", "outcome": "returned"}],
            "plan": {"mode": "single", "calls": [{"tool": "everything__get_sum", "args": {"a": 2, "b": 3}}], "output": {"kind": "last"}}
        })
    );
    let parallel = instruct(
        &session,
        json!({"instruction": "Run get_sum with a 1 and b 2 and echo with message \"hi\" at the same time"}),
        false,
    )
    .await;
    assert_eq!(
        run_of(parallel),
        json!({
            "value": [
                {"ok": true, "value": "The sum of 1 and 2 is 3."},
                {"ok": true, "value": "Echo: hi"}
            ],
            "calls": [
                {"tool": "everything__get_sum", "outcome": "returned"},
                {"tool": "everything__echo", "outcome": "returned"}
            ],
            "plan": {"mode": "parallel", "calls": [
                {"tool": "everything__get_sum", "args": {"a": 1, "b": 2}},
                {"tool": "everything__echo", "args": {"message": "hi"}}
            ], "output": {"kind": "all"}}
        })
    );
    let serial = instruct(
        &session,
        json!({"instruction": "First call add_note with text \"milk\", then call count_notes; return only the last result."}),
        false,
    )
    .await;
    assert_eq!(
        run_of(serial),
        json!({
            "value": {"ok": true, "value": "1"},
            "calls": [
                {"tool": "notes__add_note", "outcome": "returned"},
                {"tool": "notes__count_notes", "outcome": "returned"}
            ],
            "plan": {"mode": "serial", "calls": [
                {"tool": "notes__add_note", "args": {"text": "milk"}},
                {"tool": "notes__count_notes", "args": {}}
            ], "output": {"kind": "last"}}
        })
    );
    instruct(
        &session,
        json!({"instruction": "Call add_note with text \"eggs\""}),
        false,
    )
    .await;
    // list_notes answers {"notes": [...]}: its rows are read from under `notes` and shaped.
    let shaped = instruct(
        &session,
        json!({"instruction": "Call list_notes and keep only the text field, first 1 rows"}),
        false,
    )
    .await;
    assert_eq!(
        run_of(shaped),
        json!({
            "value": {"ok": true, "value": [{"text": "milk"}]},
            "calls": [{"tool": "notes__list_notes", "outcome": "returned"}],
            "plan": {"mode": "single", "calls": [{"tool": "notes__list_notes", "args": {}}],
                     "output": {"kind": "last", "fields": ["text"], "limit": 1}}
        })
    );
    let path = root.join("hello.txt");
    let read = instruct(
        &session,
        json!({"instruction": format!("Call read_text_file with path {}", json!(path))}),
        false,
    )
    .await;
    assert_eq!(
        read["value"],
        json!({"ok": true, "value": {"content": "hello\n"}})
    );
    // The same instruction, naming the tool by its full name and the tools to plan against.
    let named = instruct(
        &session,
        json!({
            "instruction": format!("Call fs__read_text_file with path {}", json!(path)),
            "tools": ["fs__read_text_file", "fs__get_file_info"]
        }),
        false,
    )
    .await;
    assert_eq!(named["plan"], read["plan"]);
    // Each nested call of a planned run is a progress notification, as in run_code.
    let progress = Arc::clone(&session.service().progress);
    within(10, "the progress notifications", async {
        while !progress
            .lock()
            .unwrap()
            .iter()
            .any(|(_, message)| message.as_deref() == Some("call 1 returned: fs__read_text_file"))
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_destructive_call_in_a_planned_run_is_refused_with_the_call_to_make_directly() {
    let (session, root) = three_servers().await;
    let path = root.join("new.txt");
    let instruction = format!(
        "Call write_file with path {} and content \"hi\"",
        json!(path)
    );
    let refused = instruct(&session, json!({"instruction": instruction}), false).await;
    let follow_up = json!({"tool": "fs__write_file", "arguments": {"path": path, "content": "hi"}});
    assert_eq!(
        run_of(refused),
        json!({
            "value": {"ok": false, "error": "approval required: `fs__write_file` needs a person's approval (`fs__write_file` is declared destructive), which code cannot wait for; the run's result names this call as `follow_up`, to make directly"},
            "calls": [{"tool": "fs__write_file", "outcome": "refused"}],
            "follow_up": follow_up,
            "plan": {"mode": "single", "calls": [{"tool": "fs__write_file", "args": {"path": path, "content": "hi"}}], "output": {"kind": "last"}}
        })
    );
    assert!(!path.exists(), "nothing was written");
    // The client, whose person approves, makes the follow-up directly.
    let direct = call(&session, "fs__write_file", follow_up["arguments"].clone()).await;
    assert_ne!(direct.is_error, Some(true), "{direct:?}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "hi");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_the_planner_cannot_plan_runs_nothing_and_hands_back_run_code() {
    let (session, root) = three_servers().await;
    instruct(
        &session,
        json!({"instruction": "Call add_note with text \"keep me\""}),
        false,
    )
    .await;
    let refused = instruct(
        &session,
        json!({"instruction": "For each note from list_notes, call delete_note with its id"}),
        true,
    )
    .await;
    let declarations = refused["declarations"].as_str().unwrap();
    assert!(
        declarations.contains("notes__list_notes(args?: { [key: string]: unknown }): Promise<{")
            && declarations.contains("notes__delete_note(args: {\n    id: number;"),
        "{declarations}"
    );
    assert_eq!(
        refused,
        json!({
            "reason_code": "not_planned",
            "failure_stage": "plan",
            "error": "instruction: a loop over items is not supported",
            "state_changed": false,
            "outcome_unknown": false,
            "follow_up": {"tool": "run_code"},
            "declarations": declarations
        })
    );
    // A plan that leaves out what the instruction asks is
    // refused below the default threshold, and the refusal says what it leaves out; here a field
    // the request sets aside.
    let doubted = instruct(
        &session,
        json!({"instruction": "list_notes, show the text, not the id, first 5"}),
        true,
    )
    .await;
    let error = doubted["error"].as_str().unwrap();
    assert!(
        error.starts_with("the planner is not sure of its reading (confidence ")
            && error.ends_with(
                "; the plan leaves out what the instruction asks: a field set aside but kept: id"
            ),
        "{doubted}"
    );
    assert_eq!(doubted["reason_code"], json!("not_planned"));
    assert_eq!(doubted["follow_up"], json!({"tool": "run_code"}));
    // A number the networks read as a row limit of a tool that returns one record is refused by
    // the checker, in whatever words it was said: nothing runs.
    let limited = instruct(
        &session,
        json!({"instruction": "Please add_note with text \"shipped\", urgency 2. Thanks!"}),
        true,
    )
    .await;
    assert_eq!(
        limited["error"],
        json!(
            "output.limit: limit is only for a plan with one call to a tool that returns an array, and add_note returns an object"
        )
    );
    assert_eq!(limited["reason_code"], json!("not_planned"));
    assert_eq!(limited["state_changed"], json!(false));
    // A tool whose schema the planner cannot fill is refused by name, whatever else is asked.
    let edit = instruct(
        &session,
        json!({"instruction": format!("Call edit_file with path {}", json!(root.join("hello.txt")))}),
        true,
    )
    .await;
    assert_eq!(
        edit["error"],
        json!(
            "the planner cannot plan `fs__edit_file`: argument `edits` is an array; the planner passes only strings, numbers and booleans"
        )
    );
    assert_eq!(edit["follow_up"], json!({"tool": "run_code"}));
    // Nothing ran: the note is still there.
    let left = call(
        &session,
        "run_code",
        json!({"code": "return await tools.notes__list_notes()"}),
    )
    .await;
    assert_eq!(
        left.structured_content.unwrap()["value"],
        json!({"notes": [{"id": 1, "text": "keep me"}]})
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_a_clear_error_and_runs_nothing() {
    let session = start(&json!({"mcpServers": {"everything": everything()}})).await;
    let empty = instruct(&session, json!({"instruction": ""}), true).await;
    assert_eq!(empty["reason_code"], json!("invalid_input"));
    assert!(
        empty["error"]
            .as_str()
            .unwrap()
            .starts_with("`instruction` is empty"),
        "{empty}"
    );
    let unknown = instruct(
        &session,
        json!({"instruction": "Call get_sum with a 1 and b 2", "tools": ["get_sum", "get_product"]}),
        true,
    )
    .await;
    assert_eq!(unknown["reason_code"], json!("invalid_input"));
    assert!(
        unknown["error"]
            .as_str()
            .unwrap()
            .starts_with("`tools` names `get_product`, which is no tool code may call; the tools are `everything__echo`,"),
        "{unknown}"
    );
    let long = format!(
        "Call get_sum with a 1 and b 2 {}",
        "and then please do tell me the result ".repeat(24)
    );
    let too_long = instruct(&session, json!({"instruction": long}), true).await;
    assert_eq!(too_long["reason_code"], json!("not_planned"));
    assert_eq!(
        too_long["error"],
        json!("instruction: 200 tokens, the limit is 128")
    );
    assert_eq!(too_long["follow_up"], json!({"tool": "run_code"}));
    let named_nothing = instruct(
        &session,
        json!({"instruction": "Please add two and three"}),
        true,
    )
    .await;
    assert_eq!(named_nothing["reason_code"], json!("not_planned"));
    assert!(
        named_nothing["error"]
            .as_str()
            .unwrap()
            .starts_with("the instruction names none of the tools the planner can plan"),
        "{named_nothing}"
    );
}
