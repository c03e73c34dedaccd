//! Tools are reached only through `tools`, by their exact names; values cross as JSON.

mod common;

use codemode_interpreter::{CallFailure, CallRecord, FailureCode, RunOptions, Tool, ToolError};
use codemode_quickjs::QuickJs;
use common::{assert_returned, run_with, tools};
use serde_json::json;

#[tokio::test]
async fn a_tool_result_crosses_as_a_fresh_json_value() {
    let (options, _) = tools();
    let code =
        "const a = await tools.echo({list: [1, {x: null}], s: 'é'}); a.list.push(2); return a";
    let result = run_with(&QuickJs::default(), code, options).await;
    assert_returned(&result, json!({"list": [1, {"x": null}, 2], "s": "é"}));
    assert_eq!(
        result.calls,
        [CallRecord {
            ok: Some(true),
            ..CallRecord::made("echo", json!({"list": [1, {"x": null}], "s": "é"}))
        }]
    );
}

#[tokio::test]
async fn missing_or_undefined_arguments_cross_as_null() {
    let (options, _) = tools();
    let result = run_with(
        &QuickJs::default(),
        "return [await tools.echo(), await tools.echo(undefined)]",
        options,
    )
    .await;
    assert_returned(&result, json!([null, null]));
}

#[tokio::test]
async fn a_tool_error_message_reaches_the_code_and_the_call_is_failed() {
    let options = RunOptions::default().with_tool(
        "bad",
        Tool::new(|_| async move { Err(ToolError::new("disk full")) }),
    );
    let code =
        "try { await tools.bad({}) } catch (e) { return [e.name, e.message, e instanceof Error] }";
    let result = run_with(&QuickJs::default(), code, options).await;
    assert_returned(&result, json!(["Error", "disk full", true]));
    assert_eq!(result.calls[0].ok, Some(false));
    assert_eq!(
        result.calls[0].failure,
        Some(CallFailure::new(FailureCode::ToolFailed, "disk full"))
    );
}

#[tokio::test]
async fn an_uncaught_tool_error_fails_the_run_with_its_message() {
    let (options, _) = tools();
    let result = run_with(&QuickJs::default(), "await tools.fail({})", options).await;
    assert_eq!(result.error.as_deref(), Some("Error: nope"));
    assert_eq!(result.thrown_by_call, Some(0));
}

#[tokio::test]
async fn only_the_very_error_a_call_failed_with_is_thrown_by_that_call() {
    let (options, _) = tools();
    // Through `Promise.all` and a rethrow the error is the call's own; a new error with the same
    // message is the code's.
    let cases = [
        (
            "await Promise.all([tools.echo({}), tools.fail({})])",
            Some(1),
        ),
        (
            "try { await tools.fail({}) } catch (e) { throw e }",
            Some(0),
        ),
        (
            "try { await tools.fail({}) } catch (e) { throw new Error(e.message) }",
            None,
        ),
        ("await tools.echo({}); throw new Error('nope')", None),
        ("await tools.nope({})", Some(0)),
    ];
    for (code, by_call) in cases {
        let result = run_with(&QuickJs::default(), code, options.clone()).await;
        assert!(!result.ok, "{code}: {result:?}");
        assert_eq!(result.thrown_by_call, by_call, "{code}: {result:?}");
    }
}

#[tokio::test]
async fn unknown_names_and_prototype_names_are_never_tools() {
    let (options, _) = tools();
    // `toString` is one of the names the engine looks up by itself, so it is not even a function;
    // the others reject as unknown tools and are listed as failed calls.
    let code = "const out = []; for (const n of ['nope', 'toString', '__proto__', 'constructor']) { \
                try { await tools[n]({}) } catch (e) { out.push(e instanceof TypeError ? 'TypeError' : e.message) } } \
                return out";
    let result = run_with(&QuickJs::default(), code, options).await;
    assert_returned(
        &result,
        json!([
            "unknown tool: nope",
            "TypeError",
            "unknown tool: __proto__",
            "unknown tool: constructor"
        ]),
    );
    let names: Vec<_> = result
        .calls
        .iter()
        .map(|c| (c.name.as_str(), c.ok, c.failure.as_ref().map(|f| f.code)))
        .collect();
    let unknown = Some(FailureCode::UnknownTool);
    assert_eq!(
        names,
        [
            ("nope", Some(false), unknown),
            ("__proto__", Some(false), unknown),
            ("constructor", Some(false), unknown)
        ]
    );
    assert!(result.calls.iter().all(|c| !c.reached_tool()));
}

#[tokio::test]
async fn tools_lists_exactly_the_host_tools_and_is_not_a_thenable() {
    let (options, _) = tools();
    let code = "return [Object.keys(tools), 'echo' in tools, 'toString' in tools, typeof tools.then, \
                Object.isFrozen(tools), Object.getPrototypeOf(tools) === Object.prototype, (await tools) === tools]";
    let result = run_with(&QuickJs::default(), code, options).await;
    assert_returned(
        &result,
        json!([
            ["echo", "fail", "hang"],
            true,
            false,
            "undefined",
            true,
            false,
            true
        ]),
    );
}

#[tokio::test]
async fn a_host_tool_named_like_a_prototype_member_is_callable() {
    let options = RunOptions::default()
        .with_tool(
            "constructor",
            Tool::new(|_| async move { Ok(json!("mine")) }),
        )
        .with_tool("then", Tool::new(|_| async move { Ok(json!("then too")) }));
    let code = "return [await tools.constructor({}), await tools.then({})]";
    assert_returned(
        &run_with(&QuickJs::default(), code, options).await,
        json!(["mine", "then too"]),
    );
}

#[tokio::test]
async fn a_detached_tool_function_still_calls_its_tool() {
    let (options, _) = tools();
    let code = "const { echo } = tools; return await Promise.all([1, 2].map(n => echo({n})))";
    assert_returned(
        &run_with(&QuickJs::default(), code, options).await,
        json!([{"n": 1}, {"n": 2}]),
    );
}

#[tokio::test]
async fn a_tool_that_panics_fails_its_call_and_the_run_goes_on() {
    let options = RunOptions::default()
        .with_tool("boom", Tool::new(|_| async move { panic!("tool bug") }))
        .with_tool(
            "sync_boom",
            Tool::new(
                |_| -> std::future::Ready<Result<serde_json::Value, ToolError>> {
                    panic!("early bug")
                },
            ),
        );
    let code = "const out = []; for (const t of ['boom', 'sync_boom']) { \
                try { await tools[t]({}) } catch (e) { out.push(e.message) } } return out";
    let result = run_with(&QuickJs::default(), code, options).await;
    assert_returned(&result, json!(["the tool panicked", "the tool panicked"]));
    assert!(result.calls.iter().all(|c| c.ok == Some(false)));
}

#[tokio::test]
async fn printing_or_awaiting_tools_makes_no_call() {
    let (options, _) = tools();
    let code = "console.log(tools); const same = (await tools) === tools; let text; \
                try { text = String(tools) } catch (e) { text = e.name } \
                return [JSON.stringify(tools), same, text]";
    let result = run_with(&QuickJs::default(), code, options).await;
    assert_returned(&result, json!(["{}", true, "TypeError"]));
    assert_eq!(result.logs, ["{}"]);
    assert!(result.calls.is_empty(), "{:?}", result.calls);
}
