//! Native operations that never reach the interrupt handler are bounded some other way: array
//! methods refuse array-likes longer than the heap could hold, and allocation hits the heap limit.

mod common;

use std::time::{Duration, Instant};

use codemode_interpreter::StopReason;
use common::{assert_returned, assert_stopped, run};
use serde_json::json;

async fn run_quickly(code: &str) -> codemode_interpreter::RunResult {
    let started = Instant::now();
    let result = run(code).await;
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{code} took {:?}",
        started.elapsed()
    );
    result
}

#[tokio::test]
async fn walking_a_huge_sparse_array_is_refused_at_once() {
    for code in [
        "Array(2 ** 32 - 1).join('')",
        "const a = []; a.length = 2 ** 32 - 1; a.reverse()",
        "[].concat(Array(2 ** 32 - 2))",
        "String(Array(2 ** 32 - 1))",
        "Array(2 ** 32 - 1).sort()",
        "Array(2 ** 32 - 1).splice(0, 1)",
        "Array(2 ** 32 - 1).copyWithin(0, 1)",
        "Array(2 ** 32 - 1).flat()",
        "Array(2 ** 32 - 1).toLocaleString()",
    ] {
        let result = run_quickly(code).await;
        assert_stopped(&result, StopReason::Threw);
        assert!(
            result.error.unwrap_or_default().starts_with("RangeError"),
            "{code}"
        );
    }
}

#[tokio::test]
async fn walking_a_huge_array_like_is_refused_at_once() {
    for code in [
        "Array.prototype.join.call({length: 2 ** 53 - 1}, '')",
        "Array.prototype.reverse.call({length: 2 ** 53 - 1})",
        "Array.prototype.shift.call({length: 2 ** 53 - 1})",
        "Array.prototype.unshift.call({length: 2 ** 40}, 1)",
    ] {
        assert_stopped(&run_quickly(code).await, StopReason::Threw);
    }
}

#[tokio::test]
async fn building_a_huge_array_reaches_the_heap_limit() {
    for code in [
        "Array.from({length: 2 ** 32 - 1})",
        "[...Array(2 ** 32 - 1)]",
        "await Promise.all(Array(2 ** 32 - 1))",
    ] {
        assert_stopped(&run_quickly(code).await, StopReason::HeapLimit);
    }
}

#[tokio::test]
async fn the_guarded_methods_behave_as_usual_on_ordinary_arrays() {
    let code = "return [[3, 1, 2].sort().concat([4], 5).join('-'), [1, [2, [3]]].flat(2).toString(), \
                Array(3).fill(0), [1, 2, 3].toReversed(), [1, 2].with(0, 9), [4, 5, 6].slice(1)]";
    assert_returned(
        &run(code).await,
        json!(["1-2-3-4-5", "1,2,3", [0, 0, 0], [3, 2, 1], [9, 2], [5, 6]]),
    );
}
