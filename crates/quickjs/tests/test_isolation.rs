//! Nothing one run leaves behind is seen by the next, or by a run going on at the same time.

mod common;

use codemode_interpreter::{Interpreter, RunOptions};
use codemode_quickjs::QuickJs;
use common::{assert_returned, run, run_with, tools};
use serde_json::json;

#[tokio::test]
async fn prototype_pollution_does_not_reach_the_next_run() {
    let interpreter = QuickJs::default();
    let pollute = "Object.prototype.admin = true; Array.prototype.includes = () => true; \
                   Object.defineProperty(Object.prototype, 'then', { get() { return (r) => r(666) } }); \
                   globalThis.secret = 'left behind'; Function.prototype.call = null; return 1";
    let first = run_with(&interpreter, pollute, RunOptions::default()).await;
    assert!(!first.timed_out, "{first:?}");
    let probe = "return [({}).admin, [1].includes(2), typeof secret, typeof Function.prototype.call, \
                 await Promise.resolve(5)]";
    let second = run_with(&interpreter, probe, RunOptions::default()).await;
    assert_returned(&second, json!([null, false, "undefined", "function", 5]));
}

#[tokio::test]
async fn a_run_that_breaks_its_own_built_ins_still_reports_and_calls_tools() {
    let (options, _) = tools();
    let code = "const echo = tools.echo; JSON.stringify = () => { throw 1 }; JSON.parse = null; \
                Promise.prototype.then = null; Object.prototype.toJSON = undefined; \
                console.log('still', 'logging'); const r = await echo({x: 1}); return r";
    let result = run_with(&QuickJs::default(), code, options).await;
    assert_returned(&result, json!({"x": 1}));
    assert_eq!(result.logs, ["still logging"]);
}

#[tokio::test]
async fn tools_and_console_cannot_be_replaced_for_the_host() {
    let (options, _) = tools();
    let code = "try { tools = {} } catch (e) {} try { tools.echo = null } catch (e) {} \
                try { delete tools.echo } catch (e) {} return await tools.echo({still: true})";
    let result = run_with(&QuickJs::default(), code, options).await;
    assert_returned(&result, json!({"still": true}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_runs_do_not_see_each_other() {
    let interpreter = QuickJs::default();
    let runs = (0..8).map(|i| {
        let interpreter = interpreter.clone();
        tokio::spawn(async move {
            let code = format!(
                "globalThis.mine = {i}; for (let k = 0; k < 1000; k++) await null; return globalThis.mine"
            );
            interpreter.run(&code, RunOptions::default()).await
        })
    });
    for (i, run) in runs.enumerate() {
        let result = tokio::time::timeout(common::BOUND, run)
            .await
            .unwrap()
            .unwrap();
        assert_returned(&result, json!(i));
    }
}

#[tokio::test]
async fn a_frozen_global_does_not_stay_frozen() {
    let _ = run("Object.freeze(Object.prototype); Object.freeze(globalThis); return 1").await;
    assert_returned(
        &run("globalThis.x = 1; Object.prototype.y = 2; return x + ({}).y").await,
        json!(3),
    );
}
