//! The conformance suite: checks any [`Interpreter`] against the contract.
//!
//! [`run`] goes through the contract's five groups (returning, logging, calling tools in order and
//! at once; tool failures and unknown tools; throwing; endless loops; runaway allocation) and what
//! codemode adds (the call and log limits, cancellation, an `await` that never settles, unsettled
//! calls, fresh globals in every run, no host reachable, values that cannot cross as JSON). Every
//! check runs under a bounded wait, so a hanging interpreter fails a check instead of hanging the
//! suite. The suite assumes only that the interpreter's limits are the contract's or smaller: a log
//! flood of 2,000,000 characters, 100,000 calls and an unbounded allocation exceed them.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

use crate::{CallRecord, Interpreter, RunOptions, RunResult, StopReason, Tool, ToolError};

/// The timeout given to runs that are meant to be stopped by it.
const SHORT_TIMEOUT: Duration = Duration::from_millis(300);
/// How late past its timeout (or its cancellation) a stopped run may come back.
const SLACK: Duration = Duration::from_secs(3);
/// The bound on one check, whatever the interpreter does.
const CHECK_BOUND: Duration = Duration::from_secs(30);
/// How long each call of the `sleep` tool takes in the overlap check.
const SLEEP: Duration = Duration::from_millis(200);

/// One check and whether it held.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// What the check proves, as a sentence.
    pub name: String,
    /// Whether it held.
    pub ok: bool,
    /// What was seen instead, when it did not hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// What [`run`] found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// The interpreter's name.
    pub interpreter: String,
    /// True when every check held.
    pub passed: bool,
    /// Every check, in order.
    pub checks: Vec<Check>,
}

impl Report {
    fn record(&mut self, name: &str, outcome: Result<(), String>) {
        let ok = outcome.is_ok();
        self.passed &= ok;
        self.checks.push(Check {
            name: name.to_owned(),
            ok,
            detail: outcome.err(),
        });
    }

    /// The checks that did not hold.
    pub fn failures(&self) -> impl Iterator<Item = &Check> {
        self.checks.iter().filter(|c| !c.ok)
    }
}

/// The host tools the checks give to the code.
#[derive(Clone, Default)]
struct Fixtures {
    in_flight: Arc<AtomicUsize>,
    most_in_flight: Arc<AtomicUsize>,
    hang_dropped: Arc<AtomicBool>,
    sleep_spans: Arc<std::sync::Mutex<Vec<(Instant, Instant)>>>,
}

/// Sets its flag when dropped: proves a call's future was dropped.
struct DropFlag(Arc<AtomicBool>);

impl Drop for DropFlag {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

impl Fixtures {
    fn options(&self) -> RunOptions {
        let sleep = self.clone();
        let hang = self.hang_dropped.clone();
        RunOptions::default()
            .with_tool("echo", Tool::new(|args| async move { Ok(args) }))
            .with_tool(
                "fail",
                Tool::new(|_| async move { Err(ToolError::new("nope")) }),
            )
            .with_tool(
                "sleep",
                Tool::new(move |args| {
                    let fx = sleep.clone();
                    async move {
                        let started = Instant::now();
                        let now = fx.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
                        fx.most_in_flight.fetch_max(now, Ordering::SeqCst);
                        tokio::time::sleep(SLEEP).await;
                        fx.in_flight.fetch_sub(1, Ordering::SeqCst);
                        if let Ok(mut spans) = fx.sleep_spans.lock() {
                            spans.push((started, Instant::now()));
                        }
                        Ok(args)
                    }
                }),
            )
            .with_tool(
                "hang",
                Tool::new(move |_| {
                    let guard = DropFlag(hang.clone());
                    async move {
                        let _guard = guard;
                        std::future::pending::<()>().await;
                        Ok(Value::Null)
                    }
                }),
            )
    }
}

async fn bounded(check: impl Future<Output = Result<(), String>>) -> Result<(), String> {
    tokio::time::timeout(CHECK_BOUND, check)
        .await
        .unwrap_or_else(|_| Err(format!("the check did not finish within {CHECK_BOUND:?}")))
}

fn ensure(cond: bool, detail: impl FnOnce() -> String) -> Result<(), String> {
    if cond { Ok(()) } else { Err(detail()) }
}

fn brief(result: &RunResult) -> String {
    let mut text = serde_json::to_string(result).unwrap_or_default();
    if text.len() > 600 {
        let mut cut = 600;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        text.push_str("...");
    }
    text
}

fn expect_value(result: &RunResult, expected: &Value) -> Result<(), String> {
    ensure(result.ok && result.value.as_ref() == Some(expected), || {
        format!("expected value {expected}, got {}", brief(result))
    })
}

fn expect_stop(result: &RunResult, reason: StopReason) -> Result<(), String> {
    ensure(!result.ok && result.reason == Some(reason), || {
        format!(
            "expected a stop for {}, got {}",
            reason.as_str(),
            brief(result)
        )
    })?;
    ensure(result.timed_out == (reason == StopReason::Timeout), || {
        format!("timedOut does not match the reason: {}", brief(result))
    })?;
    ensure(
        result.error.as_deref().is_some_and(|e| !e.is_empty()),
        || format!("a stopped run must say why in `error`: {}", brief(result)),
    )
}

async fn timed(
    interpreter: &dyn Interpreter,
    code: &str,
    options: RunOptions,
) -> (RunResult, Duration) {
    let start = Instant::now();
    let result = interpreter.run(code, options).await;
    (result, start.elapsed())
}

/// A call as the contract lists it: its name, its arguments and how it settled. (An interpreter
/// may say why a call failed, in `failure`; the checks do not ask it to.)
type Listed = (String, Value, Option<bool>);

fn call(name: &str, args: Value, ok: Option<bool>) -> Listed {
    (name.into(), args, ok)
}

/// The calls of `r` as the contract lists them.
fn listed(r: &RunResult) -> Vec<Listed> {
    r.calls
        .iter()
        .map(|c: &CallRecord| (c.name.clone(), c.args.clone(), c.ok))
        .collect()
}

/// Runs every check on `interpreter`, one after another.
pub async fn run(interpreter: &dyn Interpreter) -> Report {
    let mut report = Report {
        interpreter: interpreter.name().to_owned(),
        passed: true,
        checks: Vec::new(),
    };
    let i = interpreter;
    macro_rules! check {
        ($name:expr, $body:expr) => {
            report.record($name, bounded($body).await)
        };
    }

    check!("code returns a JSON value", async {
        let r = i
            .run(
                "return {a: 1, b: [true, null, 'x'], c: 1.5}",
                RunOptions::default(),
            )
            .await;
        expect_value(&r, &json!({"a": 1, "b": [true, null, "x"], "c": 1.5}))?;
        ensure(!r.timed_out && r.duration_ms >= 0.0, || brief(&r))
    });
    check!("undefined returns as null", async {
        let r = i.run("return undefined", RunOptions::default()).await;
        expect_value(&r, &Value::Null)
    });
    check!("a returned Error keeps its name and message", async {
        let r = i
            .run("return new TypeError('bad')", RunOptions::default())
            .await;
        expect_value(&r, &json!({"name": "TypeError", "message": "bad"}))
    });
    check!("console appends one entry per call at every level", async {
        let code = "console.log('a', 1); console.info('b'); console.warn('c'); \
                    console.error('d'); console.debug({x: [1]}); return null";
        let r = i.run(code, RunOptions::default()).await;
        expect_value(&r, &Value::Null)?;
        ensure(
            r.logs == ["a 1", "b", "c", "d", "{\"x\":[1]}"] && !r.logs_truncated,
            || format!("unexpected logs: {}", brief(&r)),
        )
    });
    check!("a log flood is cut at the limit with a marker", async {
        let code = "for (let i = 0; i < 2000; i++) console.log('x'.repeat(1000)); return 'done'";
        let r = i.run(code, RunOptions::default()).await;
        expect_value(&r, &json!("done"))?;
        let total: usize = r.logs.iter().map(|l| l.chars().count()).sum();
        let marked = r.logs.last().is_some_and(|l| !l.starts_with('x'));
        ensure(r.logs_truncated && total < 2_000_000 && marked, || {
            format!(
                "logs not cut: {} entries, {total} chars, truncated={}",
                r.logs.len(),
                r.logs_truncated
            )
        })
    });

    let fx = Fixtures::default();
    check!(
        "calls run in the order made and are listed in that order",
        async {
            let code = "const a = await tools.echo({n: 1}); const b = await tools.echo({n: a.n + 1}); \
                    return [a, b]";
            let r = i.run(code, fx.options()).await;
            expect_value(&r, &json!([{"n": 1}, {"n": 2}]))?;
            let want = vec![
                call("echo", json!({"n": 1}), Some(true)),
                call("echo", json!({"n": 2}), Some(true)),
            ];
            ensure(listed(&r) == want, || {
                format!("unexpected calls: {}", brief(&r))
            })
        }
    );
    check!("calls made at once run at once", async {
        let code = "return await Promise.all([1, 2, 3].map(i => tools.sleep({i})))";
        let r = i.run(code, fx.options()).await;
        expect_value(&r, &json!([{"i": 1}, {"i": 2}, {"i": 3}]))?;
        let most = fx.most_in_flight.load(Ordering::SeqCst);
        let spans = fx.sleep_spans.lock().map(|s| s.clone()).unwrap_or_default();
        let first = spans.iter().map(|s| s.0).min();
        let last = spans.iter().map(|s| s.1).max();
        let spread = match (first, last) {
            (Some(a), Some(b)) => b.duration_since(a),
            _ => Duration::MAX,
        };
        ensure(most == 3 && spread < SLEEP * 2, || {
            format!(
                "3 calls of {SLEEP:?} did not overlap: at most {most} in flight, first start to last end {spread:?}"
            )
        })
    });
    check!(
        "a tool's failure rejects with an Error the code can catch",
        async {
            let code = "try { await tools.fail({}); return 'resolved' } \
                    catch (e) { return {isError: e instanceof Error, message: e.message} }";
            let r = i.run(code, fx.options()).await;
            expect_value(&r, &json!({"isError": true, "message": "nope"}))?;
            ensure(listed(&r) == [call("fail", json!({}), Some(false))], || {
                format!("unexpected calls: {}", brief(&r))
            })
        }
    );
    check!("an unknown tool rejects", async {
        let code = "let p; try { p = tools.missing({}) } catch (e) { return 'threw synchronously' } \
                    try { await p; return 'resolved' } \
                    catch (e) { return e instanceof Error ? 'rejected' : 'rejected with a non-Error' }";
        let r = i.run(code, fx.options()).await;
        expect_value(&r, &json!("rejected"))
    });
    check!("names from Object.prototype are never tools", async {
        let code = "const out = []; \
            for (const n of ['toString', 'valueOf', 'hasOwnProperty', 'constructor', '__proto__', \
                             'isPrototypeOf', '__defineGetter__', 'propertyIsEnumerable']) { \
              try { await tools[n]({}); out.push(n + ': resolved') } \
              catch (e) { out.push(e instanceof Error ? 'rejected' : n + ': non-Error') } } \
            return out";
        let r = i.run(code, fx.options()).await;
        expect_value(&r, &json!(vec!["rejected"; 8]))
    });
    check!("code that throws is reported, not raised", async {
        let r = i
            .run("throw new Error('boom')", RunOptions::default())
            .await;
        expect_stop(&r, StopReason::Threw)?;
        ensure(
            r.error.as_deref().is_some_and(|e| e.contains("boom")),
            || brief(&r),
        )
    });
    check!("a thrown non-Error is reported", async {
        let r = i.run("throw {code: 7}", RunOptions::default()).await;
        expect_stop(&r, StopReason::Threw)
    });
    check!("code that does not parse is a syntax stop", async {
        let r = i.run("return (", RunOptions::default()).await;
        expect_stop(&r, StopReason::Syntax)
    });
    check!("an endless loop is stopped at the timeout", async {
        let options = RunOptions::default().with_timeout(SHORT_TIMEOUT);
        let (r, took) = timed(i, "while (true) {}", options).await;
        expect_stop(&r, StopReason::Timeout)?;
        ensure(took < SHORT_TIMEOUT + SLACK, || {
            format!("stopped after {took:?}")
        })
    });
    check!(
        "an endless loop inside finally is stopped at the timeout",
        async {
            let options = RunOptions::default().with_timeout(SHORT_TIMEOUT);
            let code =
                "try { while (true) {} } catch (e) { while (true) {} } finally { while (true) {} }";
            let (r, took) = timed(i, code, options).await;
            expect_stop(&r, StopReason::Timeout)?;
            ensure(took < SHORT_TIMEOUT + SLACK, || {
                format!("stopped after {took:?}")
            })
        }
    );
    check!("the interpreter runs again after a timeout", async {
        expect_value(&i.run("return 2", RunOptions::default()).await, &json!(2))
    });
    check!("a runaway allocation is stopped at the heap limit", async {
        let code = "const a = []; while (true) a.push(new Array(100000).fill(a.length));";
        let (r, took) = timed(i, code, RunOptions::default()).await;
        expect_stop(&r, StopReason::HeapLimit)?;
        ensure(took < Duration::from_secs(10), || {
            format!("stopped after {took:?}")
        })
    });
    check!(
        "the interpreter runs again after a runaway allocation",
        async { expect_value(&i.run("return 3", RunOptions::default()).await, &json!(3)) }
    );
    check!(
        "an await that never settles is stopped at the timeout",
        async {
            let options = RunOptions::default().with_timeout(SHORT_TIMEOUT);
            let (r, took) = timed(i, "await new Promise(() => {}); return 1", options).await;
            expect_stop(&r, StopReason::Timeout)?;
            ensure(took < SHORT_TIMEOUT + SLACK, || {
                format!("stopped after {took:?}")
            })
        }
    );
    check!(
        "work left running after the code returned does not hold its answer",
        async {
            let options = RunOptions::default().with_timeout(SHORT_TIMEOUT);
            let code = "(function f() { Promise.resolve().then(f) })(); return 7";
            expect_value(&i.run(code, options).await, &json!(7))
        }
    );
    check!(
        "a call in flight at the timeout is unsettled and its future dropped",
        async {
            let fx = Fixtures::default();
            let options = fx.options().with_timeout(SHORT_TIMEOUT);
            let r = i
                .run(
                    "await tools.echo({}); await tools.hang({a: 1}); return 1",
                    options,
                )
                .await;
            expect_stop(&r, StopReason::Timeout)?;
            let want = vec![
                call("echo", json!({}), Some(true)),
                call("hang", json!({"a": 1}), None),
            ];
            ensure(listed(&r) == want, || {
                format!("unexpected calls: {}", brief(&r))
            })?;
            ensure(fx.hang_dropped.load(Ordering::SeqCst), || {
                "the hanging call's future was not dropped".into()
            })
        }
    );
    check!("the call limit stops the run", async {
        let code = "for (let i = 0; i < 100000; i++) await tools.echo({i}); return 'finished'";
        let r = i.run(code, fx.options()).await;
        expect_stop(&r, StopReason::CallLimit)?;
        let all_ok = r.calls.iter().all(|c| c.ok == Some(true));
        ensure(
            !r.calls.is_empty() && r.calls.len() < 100_000 && all_ok,
            || format!("{} calls listed, all ok: {all_ok}", r.calls.len()),
        )
    });
    check!("cancellation stops busy code", async {
        let cancel = CancellationToken::new();
        let trigger = cancel.clone();
        let options = RunOptions::default().with_cancel(cancel);
        let canceller = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(200)).await;
            trigger.cancel();
        });
        let (r, took) = timed(i, "while (true) {}", options).await;
        canceller.abort();
        expect_stop(&r, StopReason::Cancelled)?;
        ensure(took < SLACK, || format!("stopped after {took:?}"))
    });
    check!(
        "cancellation stops a run waiting on a call, which stays unsettled",
        async {
            let fx = Fixtures::default();
            let cancel = CancellationToken::new();
            let trigger = cancel.clone();
            let options = fx.options().with_cancel(cancel);
            let canceller = tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(200)).await;
                trigger.cancel();
            });
            let (r, took) = timed(i, "return await tools.hang({})", options).await;
            canceller.abort();
            expect_stop(&r, StopReason::Cancelled)?;
            ensure(took < SLACK, || format!("stopped after {took:?}"))?;
            ensure(listed(&r) == [call("hang", json!({}), None)], || {
                format!("unexpected calls: {}", brief(&r))
            })?;
            ensure(fx.hang_dropped.load(Ordering::SeqCst), || {
                "the hanging call's future was not dropped".into()
            })
        }
    );
    check!("globals are fresh in every run", async {
        let pollute = "globalThis.leaked = 1; Object.prototype.polluted = 'yes'; \
                       Array.prototype.map = null; JSON.stringify = null; JSON.parse = null; \
                       console.log = null; Promise.prototype.then = null; return {n: 1}";
        let first = i.run(pollute, fx.options()).await;
        expect_value(&first, &json!({"n": 1}))?;
        let probe = "return [typeof leaked, ({}).polluted === undefined, typeof [].map, \
                     typeof JSON.stringify, typeof console.log, typeof Promise.prototype.then, \
                     (await tools.echo({k: 'v'})).k]";
        let second = i.run(probe, fx.options()).await;
        expect_value(
            &second,
            &json!([
                "undefined",
                true,
                "function",
                "function",
                "function",
                "function",
                "v"
            ]),
        )
    });
    check!("nothing from the host is reachable", async {
        let code = "return [typeof require, typeof process, typeof std, typeof os, typeof setTimeout, \
                    typeof setInterval, typeof setImmediate, \
                    typeof fetch, typeof Deno, typeof module, typeof exports, typeof scriptArgs, typeof Bun]";
        let r = i.run(code, RunOptions::default()).await;
        expect_value(&r, &json!(vec!["undefined"; 13]))
    });
    check!("a dynamic import is refused", async {
        let code = "try { await import('fs'); return 'imported' } catch (e) { return 'refused' }";
        let r = i.run(code, RunOptions::default()).await;
        // Refusing the import at parse time (a syntax stop) also keeps the host out of reach.
        if r.reason == Some(StopReason::Syntax) {
            return Ok(());
        }
        expect_value(&r, &json!("refused"))
    });
    check!("a returned cycle is a value error, not a crash", async {
        let r = i
            .run("const a = {}; a.self = a; return a", RunOptions::default())
            .await;
        expect_stop(&r, StopReason::ValueInvalid)
    });
    check!("a returned BigInt is a value error, not a crash", async {
        let r = i.run("return {n: 10n}", RunOptions::default()).await;
        expect_stop(&r, StopReason::ValueInvalid)
    });
    check!("the interpreter runs again after every failure", async {
        expect_value(
            &i.run("return 'still here'", RunOptions::default()).await,
            &json!("still here"),
        )
    });
    report
}
