//! Native operations that never reach the interrupt handler are bounded some other way: array
//! methods refuse array-likes longer than the heap could hold, read an array-like's `length` once
//! (a getter or a Proxy cannot lengthen it after the check), and allocation hits the heap limit.

mod common;

use std::time::{Duration, Instant};

use codemode_interpreter::StopReason;
use common::{assert_returned, assert_stopped, run, run_short};
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

/// Asserts the code threw a RangeError, quickly.
async fn assert_range_error(code: &str) {
    let result = run_quickly(code).await;
    assert_stopped(&result, StopReason::Threw);
    assert!(
        result.error.unwrap_or_default().starts_with("RangeError"),
        "{code}"
    );
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
        assert_range_error(code).await;
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

#[tokio::test]
async fn a_length_that_grows_after_the_check_is_read_once() {
    // Each getter answers 1 (or 2) first and a length no loop could finish afterwards.
    let grows =
        "let n = 0; const o = { get length() { return n++ === 0 ? 1 : 2 ** 53 - 1 }, 0: 'a' };";
    for (code, value) in [
        ("return Array.prototype.join.call(o, '-')", json!("a")),
        ("Array.prototype.reverse.call(o); return o[0]", json!("a")),
        ("Array.prototype.sort.call(o); return o[0]", json!("a")),
        (
            "Array.prototype.copyWithin.call(o, 0, 0); return 'ok'",
            json!("ok"),
        ),
        ("Array.prototype.fill.call(o, 'z'); return o[0]", json!("z")),
        ("return Array.prototype.slice.call(o)", json!(["a"])),
        // Splicing sets `length`, which has no setter here: a TypeError, as in Node.js.
        (
            "try { Array.prototype.splice.call(o, 0, 1) } catch (e) { return e.name }",
            json!("TypeError"),
        ),
        (
            "o[Symbol.isConcatSpreadable] = true; return [].concat(o)",
            json!(["a"]),
        ),
        (
            "return [o].flat().length + [[0], new Proxy([1], { get(t, k) { return k === 'length' ? (n++ < 3 ? 1 : 2 ** 32 - 1) : t[k] } })].flat().length",
            json!(3),
        ),
        (
            "const p = new Proxy(['x', 'y'], { get(t, k) { return k === 'length' ? (n++ === 0 ? 2 : 2 ** 32 - 1) : t[k] } }); return p.join('')",
            json!("xy"),
        ),
        ("return String.raw({ raw: o }, 1)", json!("a")),
    ] {
        let code = format!("{grows} {code}");
        assert_returned(&run_quickly(&code).await, value);
    }
}

#[tokio::test]
async fn an_array_like_that_ignores_writes_is_refused_by_its_length() {
    for code in [
        "const o = Object.create(new Uint8Array(0), { length: { value: 2 ** 53 - 1 } }); Array.prototype.fill.call(o, 0)",
        "String.raw({ raw: { length: 2 ** 53 - 1 } })",
    ] {
        assert_range_error(code).await;
    }
}

#[tokio::test]
async fn the_guarded_methods_keep_their_meaning_on_array_likes() {
    // The same answers as Node.js gives.
    let code = "const o = {length: 3, 0: 'a', 1: 'b', 2: 'c'}; Array.prototype.reverse.call(o); \
        const s = Array.prototype.splice.call(o, 1, 1); \
        const t = {length: 4, 0: 3, 1: 1, 3: 2}; Array.prototype.sort.call(t); \
        const u = {length: 2, 0: 'x'}; Array.prototype.unshift.call(u, 'w'); const sh = Array.prototype.shift.call(u); \
        return [o, s, t, u, sh, Array.prototype.concat.call({x: 1}, [2], {length: 1, 0: 3, [Symbol.isConcatSpreadable]: true}), \
        1 in [1, , 3].concat([4]), String.raw`a${1}b`, [1, [2, [3, [4]]]].flat(Infinity), [1, [2, [3]]].flat(1.9), \
        [1, 2].flatMap((x) => [x, x * 10]), (function () { return Array.prototype.slice.call(arguments, 1); })(1, 2, 3), \
        Array.prototype.join.call('abc', '+')]";
    assert_returned(
        &run(code).await,
        json!([
            {"0": "c", "1": "a", "length": 2}, ["b"], {"0": 1, "1": 2, "2": 3, "length": 4},
            {"0": "x", "length": 2}, "w", [{"x": 1}, 2, 3], false, "a1b", [1, 2, 3, 4], [1, 2, [3]],
            [1, 10, 2, 20], [2, 3], "a+b+c"
        ]),
    );
}

#[tokio::test]
async fn stringifying_a_huge_sparse_array_stops_near_the_timeout() {
    // JSON.stringify walks holes natively; with the prelude's replacer the timeout reaches it,
    // in the code's own call, in the returned value and in a log line alike.
    for code in [
        "return JSON.stringify(Array(2 ** 32 - 1)).length",
        "return Array(2 ** 32 - 1)",
        "console.log(Array(2 ** 32 - 1)); return 1",
    ] {
        let started = Instant::now();
        let result = run_short(code).await;
        assert!(
            matches!(
                result.reason,
                Some(StopReason::Timeout | StopReason::HeapLimit)
            ),
            "{code}: {:?}",
            result.reason
        );
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{code} took {:?}",
            started.elapsed()
        );
    }
}
