//! Deep recursion, in code and in what the engine parses, ends the run with an error, never a crash.

mod common;

use codemode_interpreter::StopReason;
use common::{assert_returned, assert_stopped, run};
use serde_json::json;

#[tokio::test]
async fn unbounded_recursion_throws_a_range_error_the_run_reports() {
    let result = run("function f(n) { return f(n + 1) + 1 } return f(0)").await;
    assert_stopped(&result, StopReason::Threw);
    assert!(
        result.error.as_deref().unwrap_or("").contains("stack"),
        "{result:?}"
    );
}

#[tokio::test]
async fn recursion_caught_by_the_code_lets_it_return() {
    let code =
        "function f() { return f() } try { f() } catch (e) { return e instanceof RangeError }";
    assert_returned(&run(code).await, json!(true));
}

#[tokio::test]
async fn recursion_through_getters_and_proxies_is_bounded_too() {
    let code = "const o = { get x() { return this.x } }; \
                const p = new Proxy({}, { get(t, k, r) { return r[k] } }); \
                let a = 0, b = 0; try { o.x } catch (e) { a = 1 } try { p.y } catch (e) { b = 1 } \
                return a + b";
    assert_returned(&run(code).await, json!(2));
}

#[tokio::test]
async fn deeply_nested_source_is_refused_by_the_parser() {
    let code = "try { eval('['.repeat(200000)) } catch (e) { return e.name }";
    let result = run(code).await;
    assert!(result.ok, "{result:?}");
    assert!(matches!(result.value, Some(serde_json::Value::String(_))));
}

#[tokio::test]
async fn deeply_nested_code_as_the_snippet_itself_is_reported() {
    let code = format!("return {}1{}", "(".repeat(100_000), ")".repeat(100_000));
    let result = run(&code).await;
    assert!(!result.ok, "{result:?}");
}

#[tokio::test]
async fn a_deeply_nested_regular_expression_is_refused() {
    let code = "try { new RegExp('('.repeat(100000) + ')'.repeat(100000)); return 'compiled' } \
                catch (e) { return 'refused' }";
    assert_returned(&run(code).await, json!("refused"));
}

#[tokio::test]
async fn the_next_run_works_after_a_stack_overflow() {
    let _ = run("function f() { f() } f()").await;
    assert_returned(&run("return 'fine'").await, json!("fine"));
}
