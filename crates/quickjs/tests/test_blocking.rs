//! The blocking driver: a run on the calling thread whose calls a `BlockingHost` carries out,
//! with the same limits and stop reasons as an async run.

mod common;

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use codemode_interpreter::StopReason;
use codemode_quickjs::{BlockingHost, BlockingRun, Dispatch, Event, QuickJs};
use common::{SHORT, assert_returned, assert_stopped, quickjs};
use serde_json::{Value, json};

/// A host that records each call and answers it later, in order, from a script of events
/// (`None` in the script: answer the oldest call not yet answered with its `n` plus one).
#[derive(Default)]
struct Scripted {
    calls: Vec<(usize, String, Value)>,
    unanswered: VecDeque<usize>,
    script: VecDeque<Option<Event>>,
    at_once: bool,
}

impl BlockingHost for Scripted {
    fn call(&mut self, index: usize, name: &str, args: &Value) -> Dispatch {
        self.calls.push((index, name.to_owned(), args.clone()));
        if self.at_once {
            return Dispatch::Answered(Err(format!("{name} is not here")));
        }
        self.unanswered.push_back(index);
        Dispatch::Sent
    }

    fn wait(&mut self, deadline: Instant) -> Event {
        match self.script.pop_front() {
            Some(Some(event)) => event,
            Some(None) => {
                let call = self.unanswered.pop_front().expect("a call to answer");
                let n = self.calls[call].2["n"].as_i64().unwrap_or(0);
                Event::Settled {
                    call,
                    outcome: Ok(json!(n + 1)),
                }
            }
            None => {
                std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
                Event::Deadline
            }
        }
    }
}

fn names(names: &[&str]) -> Vec<String> {
    names.iter().map(|name| (*name).to_owned()).collect()
}

#[test]
fn calls_go_to_the_host_in_order_and_their_answers_come_back() {
    let tools = names(&["inc"]);
    let mut host = Scripted {
        script: VecDeque::from([None, None, None]),
        ..Scripted::default()
    };
    let code = "const [a, b] = await Promise.all([tools.inc({n: 1}), tools.inc({n: 10})]); \
                return a + b + await tools.inc({n: 100})";
    let run = BlockingRun::new(code, &tools, SHORT);
    let result = QuickJs::default().run_blocking(run, &mut host);
    assert_returned(&result, json!(2 + 11 + 101));
    let indices: Vec<usize> = host.calls.iter().map(|(index, ..)| *index).collect();
    assert_eq!(indices, [0, 1, 2]);
    assert!(result.calls.iter().all(|call| call.ok == Some(true)));
}

#[test]
fn an_answer_at_once_and_a_refused_call_reach_the_code_as_errors() {
    let tools = names(&["here"]);
    let mut host = Scripted {
        at_once: true,
        ..Scripted::default()
    };
    let code = "const out = []; \
                try { await tools.here({}) } catch (e) { out.push(e.message) } \
                try { await tools.missing({}) } catch (e) { out.push(e.message) } \
                return out";
    let run = BlockingRun::new(code, &tools, SHORT);
    let result = QuickJs::default().run_blocking(run, &mut host);
    assert_returned(
        &result,
        json!(["here is not here", "unknown tool: missing"]),
    );
    // The unknown tool never reached the host; both calls are listed, failed.
    assert_eq!(host.calls.len(), 1);
    assert_eq!(result.calls.len(), 2);
    assert!(result.calls.iter().all(|call| call.ok == Some(false)));
}

#[test]
fn a_call_the_host_never_answers_ends_at_the_deadline_unsettled() {
    let tools = names(&["slow"]);
    let mut host = Scripted::default();
    let run = BlockingRun::new("return await tools.slow({})", &tools, SHORT);
    let started = Instant::now();
    let result = QuickJs::default().run_blocking(run, &mut host);
    assert_stopped(&result, StopReason::Timeout);
    assert!(started.elapsed() >= SHORT);
    assert_eq!(result.calls.len(), 1);
    assert_eq!(result.calls[0].ok, None);
}

#[test]
fn an_answer_to_a_call_never_made_is_dropped() {
    let tools = names(&["inc"]);
    let bogus = Event::Settled {
        call: 7,
        outcome: Ok(json!("not yours")),
    };
    let mut host = Scripted {
        script: VecDeque::from([Some(bogus), None]),
        ..Scripted::default()
    };
    let run = BlockingRun::new("return await tools.inc({n: 1})", &tools, SHORT);
    let result = QuickJs::default().run_blocking(run, &mut host);
    assert_returned(&result, json!(2));
}

#[test]
fn the_host_cancels_a_waiting_run_and_a_probe_cancels_busy_code() {
    let tools = names(&["slow"]);
    let mut host = Scripted {
        script: VecDeque::from([Some(Event::Cancelled)]),
        ..Scripted::default()
    };
    let run = BlockingRun::new("return await tools.slow({})", &tools, SHORT);
    let result = QuickJs::default().run_blocking(run, &mut host);
    assert_stopped(&result, StopReason::Cancelled);

    let started = Instant::now();
    let run = BlockingRun {
        probe: Some(Box::new(move || {
            started.elapsed() > Duration::from_millis(50)
        })),
        ..BlockingRun::new("for (;;) {}", &tools, Duration::from_secs(10))
    };
    let result = QuickJs::default().run_blocking(run, &mut Scripted::default());
    assert_stopped(&result, StopReason::Cancelled);
    assert!(started.elapsed() < Duration::from_secs(2), "{result:?}");
}

#[test]
fn a_prepared_engine_runs_the_code_and_one_built_for_other_limits_is_not_used() {
    let roomy = QuickJs::default();
    let prepared = roomy.prepare().unwrap();
    let run = BlockingRun {
        prepared: Some(prepared),
        ..BlockingRun::new("return 'prepared'", &[], SHORT)
    };
    assert_returned(
        &roomy.run_blocking(run, &mut Scripted::default()),
        json!("prepared"),
    );

    // Built with 64 MB, offered to a run limited to 1 MB: the run gets an engine of its own and
    // its own limit.
    let tight = quickjs(|config| config.limits.memory_mb = 1);
    let run = BlockingRun {
        prepared: Some(roomy.prepare().unwrap()),
        ..BlockingRun::new("return 'x'.repeat(4 << 20).length", &[], SHORT)
    };
    let result = tight.run_blocking(run, &mut Scripted::default());
    assert_stopped(&result, StopReason::HeapLimit);
}

#[test]
fn syntax_errors_and_limits_stop_a_blocking_run_as_they_stop_an_async_one() {
    let tools = names(&["inc"]);
    let run = BlockingRun::new("return (", &tools, SHORT);
    let result = QuickJs::default().run_blocking(run, &mut Scripted::default());
    assert_stopped(&result, StopReason::Syntax);

    let few = quickjs(|config| config.limits.max_calls = 2);
    let mut host = Scripted {
        script: VecDeque::from([None, None, None]),
        ..Scripted::default()
    };
    let code = "let n = 0; for (let i = 0; i < 3; i++) n = await tools.inc({n}); return n";
    let result = few.run_blocking(BlockingRun::new(code, &tools, SHORT), &mut host);
    assert_stopped(&result, StopReason::CallLimit);
    assert_eq!(host.calls.len(), 2);
}
