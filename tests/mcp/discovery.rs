//! A catalog too large to declare: seven real servers from npm and a generated upstream of 1,000
//! tools named and described by BFCL's function docs, behind one `codemode mcp`.

use serde_json::{Value, json};

use crate::common::bfcl_dir;
use crate::remote::{Remote, start_logged};
use crate::server::{Session, call, text, tools};
use crate::support::{ensure_test_deps, everything, filesystem, fixtures, notes, scratch};

/// A reference server from `tests/mcp/node_modules`, started over stdio.
fn npm_server(package: &str, env: Value) -> Value {
    ensure_test_deps();
    let script = fixtures().join(format!(
        "node_modules/@modelcontextprotocol/{package}/dist/index.js"
    ));
    json!({"command": "node", "args": [script], "env": env})
}

async fn search(session: &Session, arguments: Value) -> (String, bool) {
    let result = call(session, "search_tools", arguments).await;
    (text(&result).to_owned(), result.is_error == Some(true))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_catalog_past_the_budget_is_listed_briefly_and_searched() {
    let catalog = bfcl_dir().join("functions.jsonl");
    let generated = Remote::start(0, None, Some(&catalog));
    let config = json!({"mcpServers": {
        "everything": everything(),
        "notes": notes(),
        "fs": filesystem(&scratch()),
        "memory": npm_server("server-memory", json!({"MEMORY_FILE_PATH": scratch().join("memory.jsonl")})),
        "thinking": npm_server("server-sequential-thinking", json!({})),
        "github": npm_server("server-github", json!({"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_fake_for_listing_only"})),
        "bfcl": {"url": generated.url(), "startupTimeoutMs": 60000}
    }});
    let (session, _log) = start_logged(&config, &[]).await;
    let listed = tools(&session).await;
    let names: Vec<&str> = listed.iter().map(|tool| tool.name.as_ref()).collect();
    assert_eq!(
        names,
        ["run_code", "run_instruction", "search_tools", "call_tool"]
    );
    // The whole list is under 2,000 tokens (characters / 4), with 1,000 tools behind it.
    let size = serde_json::to_string(&listed).unwrap().chars().count();
    assert!(size / 4 < 2000, "tools/list is {size} characters");
    let description = listed[0].description.as_deref().unwrap();
    assert!(
        description.contains("The catalog holds")
            && description.contains("`bfcl` (1000 tools, each `tools.bfcl__NAME`)"),
        "{description}"
    );
    assert!(
        !description.contains("declare const tools"),
        "{description}"
    );

    // Search answers declarations, best first.
    let (found, failed) = search(&session, json!({"query": "delete a note"})).await;
    assert!(!failed);
    assert!(found.contains("notes__delete_note(args: {"), "{found}");
    let (found, _) = search(
        &session,
        json!({"query": "create an issue in a GitHub repository", "limit": 3}),
    )
    .await;
    assert!(found.contains("github__create_issue("), "{found}");
    let (nothing, failed) = search(&session, json!({"query": "zzqx"})).await;
    assert!(
        !failed && nothing.starts_with("No tool matches \"zzqx\""),
        "{nothing}"
    );
    for (query, expected) in [
        (json!(""), "`query` is empty"),
        (json!("x".repeat(100_000)), "100000 characters"),
    ] {
        let (why, failed) = search(&session, json!({ "query": query })).await;
        assert!(failed && why.contains(expected), "{why}");
    }

    // Code searches too, and calls what it found.
    let result = call(
        &session,
        "run_code",
        json!({"code": "const [best] = await tools.$search('add a note'); \
                 const added = await tools[best.name]({text: 'milk'}); \
                 return {name: best.name, server: best.server, added, typed: best.declaration.includes('text: string')};"}),
    )
    .await;
    assert_eq!(
        result.structured_content.unwrap()["value"],
        json!({"name": "notes__add_note", "server": "notes", "added": {"id": 1}, "typed": true})
    );

    // A call that needs a person's approval is refused in code, with a follow-up through the
    // one tool that serves such calls.
    let refused = call(
        &session,
        "run_code",
        json!({"code": "return await tools.notes__delete_note({id: 1})"}),
    )
    .await;
    let refused = refused.structured_content.unwrap();
    let follow_up = refused["follow_up"].clone();
    assert_eq!(
        follow_up,
        json!({"tool": "call_tool", "arguments": {"tool": "notes__delete_note", "arguments": {"id": 1}}}),
        "{refused}"
    );
    let made = call(&session, "call_tool", follow_up["arguments"].clone()).await;
    assert_eq!(text(&made), "deleted note 1");
    let wrong = call(
        &session,
        "call_tool",
        json!({"tool": "notes__list_notes", "arguments": {}}),
    )
    .await;
    assert_eq!(wrong.is_error, Some(true));
    assert!(
        text(&wrong).contains("is not a tool `call_tool` serves"),
        "{}",
        text(&wrong)
    );

    // run_instruction still plans over the whole catalog.
    let planned = call(
        &session,
        "run_instruction",
        json!({"instruction": "Call add_note with text \"eggs\""}),
    )
    .await;
    let planned = planned.structured_content.unwrap();
    assert_eq!(
        planned["value"],
        json!({"ok": true, "value": {"id": 2}}),
        "{planned}"
    );
    session.cancel().await.unwrap();
}
