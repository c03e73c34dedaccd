//! Calls still in flight when a run ends are dropped and reported as unsettled, never as failed.

mod common;

use std::sync::atomic::Ordering;

use codemode_interpreter::StopReason;
use codemode_quickjs::QuickJs;
use common::{SHORT, assert_returned, assert_stopped, run_with, tools};
use serde_json::json;

#[tokio::test]
async fn a_call_the_code_does_not_wait_for_is_unsettled_when_it_returns() {
    let (options, dropped) = tools();
    let result = run_with(
        &QuickJs::default(),
        "tools.hang({}); return 'early'",
        options,
    )
    .await;
    assert_returned(&result, json!("early"));
    assert_eq!(result.calls.len(), 1);
    assert_eq!(result.calls[0].ok, None);
    assert!(dropped.load(Ordering::SeqCst));
    let wire = serde_json::to_value(&result.calls[0]).unwrap();
    assert_eq!(wire, json!({"name": "hang", "args": {}, "ok": null}));
}

#[tokio::test]
async fn a_call_in_flight_at_the_timeout_is_unsettled() {
    let (options, dropped) = tools();
    let code =
        "await tools.echo({a: 1}); await tools.fail({}).catch(() => {}); await tools.hang({b: 2})";
    let result = run_with(&QuickJs::default(), code, options.with_timeout(SHORT)).await;
    assert_stopped(&result, StopReason::Timeout);
    let oks: Vec<_> = result.calls.iter().map(|c| c.ok).collect();
    assert_eq!(oks, [Some(true), Some(false), None]);
    assert!(dropped.load(Ordering::SeqCst));
}

#[tokio::test]
async fn a_call_in_flight_when_the_code_throws_is_unsettled() {
    let (options, _) = tools();
    let result = run_with(
        &QuickJs::default(),
        "tools.hang({}); throw new Error('x')",
        options,
    )
    .await;
    assert_stopped(&result, StopReason::Threw);
    assert!(result.calls[0].is_unsettled());
}
