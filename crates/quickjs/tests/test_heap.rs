//! Runaway allocation ends the run as "heap limit reached", however QuickJS reports it.

mod common;

use codemode_interpreter::{RunOptions, StopReason};
use common::{assert_returned, assert_stopped, quickjs, run, run_with};
use serde_json::json;

#[tokio::test]
async fn growing_an_array_forever_reaches_the_heap_limit() {
    let result = run("const a = []; for (;;) a.push({i: a.length, s: 'x' + a.length})").await;
    assert_stopped(&result, StopReason::HeapLimit);
    assert_eq!(result.error.as_deref(), Some("heap limit reached (64 MB)"));
}

#[tokio::test]
async fn a_caught_allocation_failure_still_ends_the_run() {
    let code = "let a; try { a = new ArrayBuffer(200 * 1024 * 1024) } catch (e) {} \
                try { a = 'x'.repeat(1 << 29) } catch (e) {} return 'survived'";
    assert_stopped(&run(code).await, StopReason::HeapLimit);
}

#[tokio::test]
async fn doubling_a_string_ends_at_the_length_limit_or_the_heap_limit() {
    // QuickJS concatenates lazily, so the string's length limit may come first.
    let result = run("let s = 'x'; for (;;) s = s + s").await;
    assert!(!result.ok && !result.timed_out, "{result:?}");
    assert!(
        matches!(
            result.reason,
            Some(StopReason::HeapLimit | StopReason::Threw)
        ),
        "{result:?}"
    );
    let result = run("let s = 'x'; for (;;) { s = s + s; s.charCodeAt(s.length >> 1); [...s.slice(0, 1 << 20)].length }").await;
    assert!(
        matches!(
            result.reason,
            Some(StopReason::HeapLimit | StopReason::Threw)
        ),
        "{result:?}"
    );
}

#[tokio::test]
async fn the_heap_limit_is_configurable() {
    let small = quickjs(|c| c.limits.memory_mb = 4);
    let code = "return Array.from({length: 1000000}, () => 1).length";
    assert_stopped(
        &run_with(&small, code, RunOptions::default()).await,
        StopReason::HeapLimit,
    );
    let large = quickjs(|c| c.limits.memory_mb = 64);
    assert_returned(
        &run_with(&large, code, RunOptions::default()).await,
        json!(1000000),
    );
}

#[tokio::test]
async fn the_next_run_works_after_the_heap_limit() {
    let _ = run("const a = []; for (;;) a.push(new Array(100000))").await;
    assert_returned(&run("return 'fresh'").await, json!("fresh"));
}
