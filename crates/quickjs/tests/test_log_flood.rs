//! Log floods are cut at the log limit with a marker; the run goes on and is bounded by its limits.

mod common;

use codemode_interpreter::{LOG_CUT_MARKER, RunOptions, StopReason};
use common::{SHORT, assert_returned, assert_stopped, quickjs, run_short, run_with};
use serde_json::json;

fn total_chars(logs: &[String]) -> usize {
    logs.iter().map(|l| l.chars().count()).sum()
}

#[tokio::test]
async fn an_endless_log_flood_is_cut_and_stopped_at_the_timeout() {
    let result = run_short("while (true) console.log('x'.repeat(10000))").await;
    assert_stopped(&result, StopReason::Timeout);
    assert!(result.logs_truncated);
    assert_eq!(result.logs.last().map(String::as_str), Some(LOG_CUT_MARKER));
    assert_eq!(total_chars(&result.logs[..result.logs.len() - 1]), 64_000);
}

#[tokio::test]
async fn logging_stops_counting_but_the_code_goes_on_past_the_limit() {
    let interpreter = quickjs(|c| c.limits.max_log_chars = 10);
    let code = "for (let i = 0; i < 100; i++) console.log('abcd'); return 'after'";
    let result = run_with(&interpreter, code, RunOptions::default()).await;
    assert_returned(&result, json!("after"));
    assert_eq!(result.logs, ["abcd", "abcd", "ab", LOG_CUT_MARKER]);
}

#[tokio::test]
async fn logging_a_huge_object_is_cut_like_any_entry() {
    let interpreter = quickjs(|c| c.limits.max_log_chars = 100);
    let code = "console.log(Array.from({length: 100000}, (_, i) => i)); return 1";
    let result = run_with(&interpreter, code, RunOptions::default()).await;
    assert_returned(&result, json!(1));
    assert_eq!(result.logs.len(), 2);
    assert_eq!(result.logs[0].chars().count(), 100);
}

#[tokio::test]
async fn log_entries_format_values_and_replace_lone_surrogates() {
    let code = "console.log('a', 1, true, null, undefined, [1], {k: 'v'}, new RangeError('r'), 2n, '\\ud800'); \
                const c = {}; c.c = c; console.log(c); return 0";
    let result = run_with(
        &quickjs(|_| {}),
        code,
        RunOptions::default().with_timeout(SHORT * 10),
    )
    .await;
    assert_returned(&result, json!(0));
    assert_eq!(
        result.logs,
        [
            "a 1 true null undefined [1] {\"k\":\"v\"} RangeError: r 2 \u{fffd}",
            "[object Object]"
        ]
    );
}
