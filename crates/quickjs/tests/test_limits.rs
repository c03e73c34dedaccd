//! The call limit, the calls in flight, the argument size and the stack limit.

mod common;

use codemode_interpreter::{RunOptions, StopReason, Tool};
use common::{assert_returned, assert_stopped, quickjs, run_with, tools};
use serde_json::json;
use std::time::Duration;

#[tokio::test]
async fn the_call_past_the_limit_stops_the_run_even_when_caught() {
    let interpreter = quickjs(|c| c.limits.max_calls = 3);
    let (options, _) = tools();
    let code =
        "for (let i = 0; i < 10; i++) { try { await tools.echo({i}) } catch (e) {} } return 'done'";
    let result = run_with(&interpreter, code, options).await;
    assert_stopped(&result, StopReason::CallLimit);
    assert_eq!(result.calls.len(), 3);
    assert!(result.calls.iter().all(|c| c.ok == Some(true)));
    assert_eq!(
        result.error.as_deref(),
        Some("call limit reached (3 calls)")
    );
}

#[tokio::test]
async fn calls_up_to_the_limit_are_fine() {
    let interpreter = quickjs(|c| c.limits.max_calls = 3);
    let (options, _) = tools();
    let code = "for (let i = 0; i < 3; i++) await tools.echo({i}); return 'done'";
    assert_returned(&run_with(&interpreter, code, options).await, json!("done"));
}

#[tokio::test]
async fn a_call_past_the_in_flight_cap_fails_and_the_code_can_catch_it() {
    let interpreter = quickjs(|c| c.max_in_flight = 2);
    let slow = Tool::new(|args| async move {
        tokio::time::sleep(Duration::from_millis(20)).await;
        Ok(args)
    });
    let options = RunOptions::default().with_tool("slow", slow);
    let code = "const r = await Promise.allSettled([1, 2, 3].map(i => tools.slow({i}))); \
                return r.map(x => x.status === 'fulfilled' ? x.value.i : x.reason.message)";
    let result = run_with(&interpreter, code, options).await;
    assert_returned(
        &result,
        json!([1, 2, "too many calls in flight (the limit is 2)"]),
    );
    let oks: Vec<_> = result.calls.iter().map(|c| c.ok).collect();
    assert_eq!(oks, [Some(true), Some(true), Some(false)]);
}

#[tokio::test]
async fn arguments_past_the_size_cap_fail_the_call() {
    let interpreter = quickjs(|c| c.max_args_bytes = 100);
    let (options, _) = tools();
    let code = "try { await tools.echo({s: 'x'.repeat(200)}) } catch (e) { return e.message }";
    let result = run_with(&interpreter, code, options).await;
    assert_returned(&result, json!("the arguments are larger than 100 bytes"));
    assert_eq!(result.calls[0].ok, Some(false));
}

#[tokio::test]
async fn a_smaller_stack_limit_stops_recursion_sooner() {
    let small = quickjs(|c| c.stack_bytes = 64 * 1024);
    let code = "let depth = 0; function f() { depth++; f() } try { f() } catch (e) {} return depth";
    let shallow = run_with(&small, code, RunOptions::default()).await;
    let deep = run_with(&quickjs(|_| {}), code, RunOptions::default()).await;
    let (Some(a), Some(b)) = (
        shallow.value.and_then(|v| v.as_u64()),
        deep.value.and_then(|v| v.as_u64()),
    ) else {
        panic!("both runs return a depth");
    };
    assert!(
        a > 0 && a < b,
        "depth {a} with 64 KiB, {b} with the default"
    );
}

#[tokio::test]
async fn calls_made_before_the_first_await_are_listed_when_a_limit_stops_the_run() {
    let interpreter = quickjs(|c| c.limits.max_calls = 5);
    let (options, _) = tools();
    let code = "for (;;) { try { tools.echo({}) } catch (e) {} }";
    let result = run_with(&interpreter, code, options).await;
    assert_stopped(&result, StopReason::CallLimit);
    assert_eq!(result.calls.len(), 5);
    assert!(result.calls.iter().all(|c| c.name == "echo"));
}
