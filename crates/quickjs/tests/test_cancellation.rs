//! A cancelled token stops a run, busy or waiting, and calls in flight stay unsettled.

mod common;

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use codemode_interpreter::{Interpreter, RunOptions, StopReason};
use codemode_quickjs::QuickJs;
use common::{BOUND, assert_stopped, run_with, tools};
use tokio_util::sync::CancellationToken;

#[tokio::test]
async fn a_token_cancelled_before_the_run_stops_it_at_once() {
    let cancel = CancellationToken::new();
    cancel.cancel();
    let started = Instant::now();
    let result = run_with(
        &QuickJs::default(),
        "while (true) {}",
        RunOptions::default().with_cancel(cancel),
    )
    .await;
    assert_stopped(&result, StopReason::Cancelled);
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_busy_code_from_another_task_stops_it() {
    let cancel = CancellationToken::new();
    let options = RunOptions::default().with_cancel(cancel.clone());
    let run = tokio::spawn(async move { QuickJs::default().run("for (;;) {}", options).await });
    tokio::time::sleep(Duration::from_millis(50)).await;
    cancel.cancel();
    let result = tokio::time::timeout(BOUND, run).await.unwrap().unwrap();
    assert_stopped(&result, StopReason::Cancelled);
    assert!(result.duration_ms < 2000.0, "{result:?}");
}

#[tokio::test]
async fn cancelling_a_run_waiting_on_a_call_drops_the_call_and_leaves_it_unsettled() {
    let (options, dropped) = tools();
    let cancel = CancellationToken::new();
    let trigger = cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(50)).await;
        trigger.cancel();
    });
    let result = run_with(
        &QuickJs::default(),
        "await tools.hang({n: 1})",
        options.with_cancel(cancel),
    )
    .await;
    assert_stopped(&result, StopReason::Cancelled);
    assert_eq!(result.calls.len(), 1);
    assert!(result.calls[0].is_unsettled());
    assert!(dropped.load(Ordering::SeqCst));
}
