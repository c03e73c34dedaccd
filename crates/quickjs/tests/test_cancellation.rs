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

#[tokio::test(flavor = "current_thread")]
async fn busy_code_leaves_even_a_current_thread_runtime_free_to_cancel_it() {
    // The engine runs on a thread of the blocking pool, so the runtime's one thread goes on
    // serving its other tasks, which can cancel the run.
    let cancel = CancellationToken::new();
    let trigger = cancel.clone();
    let ticks = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = ticks.clone();
    tokio::spawn(async move {
        for _ in 0..5 {
            tokio::time::sleep(Duration::from_millis(10)).await;
            counted.fetch_add(1, Ordering::SeqCst);
        }
        trigger.cancel();
    });
    let options = RunOptions::default()
        .with_cancel(cancel)
        .with_timeout(Duration::from_secs(30));
    let result = tokio::time::timeout(BOUND, QuickJs::default().run("for (;;) {}", options))
        .await
        .expect("the run stops when cancelled");
    assert_stopped(&result, StopReason::Cancelled);
    assert_eq!(ticks.load(Ordering::SeqCst), 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dropping_a_run_stops_it_and_drops_its_calls() {
    let (options, dropped) = tools();
    let options = options.with_timeout(Duration::from_secs(30));
    let interpreter = QuickJs::default();
    // The code waits on a call that never answers, then keeps its thread busy.
    let run = interpreter.run("tools.hang({n: 1}); for (;;) {}", options);
    assert!(
        tokio::time::timeout(Duration::from_millis(100), run)
            .await
            .is_err()
    );
    let stopped = Instant::now();
    while !dropped.load(Ordering::SeqCst) {
        assert!(
            stopped.elapsed() < BOUND,
            "the dropped run's call is still held"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}
