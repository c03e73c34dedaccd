//! Nothing from the host is reachable: no module loader, no std/os, no timers, no host globals.

mod common;

use codemode_interpreter::StopReason;
use common::{assert_returned, assert_stopped, run};
use serde_json::json;

#[tokio::test]
async fn the_global_object_holds_only_the_language_and_the_two_host_objects() {
    let code = "const standard = new Set(['Object','Function','Array','Number','parseFloat','parseInt','Infinity', \
        'NaN','undefined','Boolean','String','Symbol','Error','EvalError','RangeError','ReferenceError', \
        'SyntaxError','TypeError','URIError','InternalError','AggregateError','Iterator','Math','Reflect', \
        'globalThis','eval','isNaN','isFinite','decodeURI','decodeURIComponent','encodeURI','encodeURIComponent', \
        'escape','unescape','Date','RegExp','JSON','Proxy','Map','Set','WeakMap','WeakSet','ArrayBuffer', \
        'SharedArrayBuffer','Uint8ClampedArray','Int8Array','Uint8Array','Int16Array','Uint16Array','Int32Array', \
        'Uint32Array','BigInt64Array','BigUint64Array','Float16Array','Float32Array','Float64Array','DataView', \
        'Atomics','Promise','WeakRef','FinalizationRegistry','BigInt','SuppressedError','DisposableStack', \
        'AsyncDisposableStack','tools','console','Error','queueMicrotask']); \
        return Object.getOwnPropertyNames(globalThis).filter(n => !standard.has(n))";
    assert_returned(&run(code).await, json!([]));
}

#[tokio::test]
async fn a_static_import_does_not_parse() {
    assert_stopped(
        &run("import fs from 'fs'; return 1").await,
        StopReason::Syntax,
    );
}

#[tokio::test]
async fn code_that_closes_its_own_function_is_a_syntax_stop_that_calls_nothing() {
    // The Function constructor parses the code inside `(async function anonymous() {` ... `})`:
    // these bodies close that function early, then throw, return another function, or call a
    // tool while being compiled.
    let (options, _) = common::tools();
    for code in [
        "}); throw new Error('ran while compiling'); (async function () {",
        "}, function () { return 1 }); (async function () { return 'second'",
        "}), tools.echo({ leaked: true }), (async function () {",
        "}), console.log('leaked'), (async function () {",
    ] {
        let result = common::run_with(&common::quickjs(|_| {}), code, options.clone()).await;
        assert_stopped(&result, StopReason::Syntax);
        assert!(result.calls.is_empty() && result.logs.is_empty(), "{code}");
    }
}

#[tokio::test]
async fn a_dynamic_import_rejects() {
    let code = "try { await import('os'); return 'loaded' } catch (e) { return 'refused' }";
    assert_returned(&run(code).await, json!("refused"));
}

#[tokio::test]
async fn the_function_constructor_stays_inside_the_sandbox() {
    let code = "const g = Function('return this')(); \
                return [g === globalThis, typeof g.std, typeof g.os, typeof g.print, typeof g.setTimeout]";
    assert_returned(
        &run(code).await,
        json!([true, "undefined", "undefined", "undefined", "undefined"]),
    );
}

#[tokio::test]
async fn there_is_no_timer_to_outlive_the_run() {
    let code =
        "return [typeof setTimeout, typeof setInterval, typeof clearTimeout, typeof performance]";
    assert_returned(
        &run(code).await,
        json!(["undefined", "undefined", "undefined", "undefined"]),
    );
}

#[tokio::test]
async fn importing_the_prelude_by_name_gives_nothing_usable() {
    let code = "let m; try { m = await import('codemode:prelude') } catch (e) { return 'refused' } \
                try { m.default({log() {}, call() {}, done() {}}, [], 1); return 'reinstalled' } \
                catch (e) { return e.message }";
    assert_returned(&run(code).await, json!("the prelude is already installed"));
}
