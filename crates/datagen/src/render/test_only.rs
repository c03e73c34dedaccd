//! Test-only template families: drawn in the test split, never in train or dev. `question` asks
//! for the calls as a question, `bullets` lists one call per bullet, `labels` writes labeled
//! forms (`tool: f; args: a=1`).

use super::*;

/// `question` (test split only): the calls asked as a question (`can you ... ?`).
pub(super) fn question(g: &mut Gen, t: &mut Text, d: &Draft) {
    let n = d.calls.len();
    t.w(g.pw(&[
        "can you",
        "could you",
        "would you",
        "mind if you",
        "any chance you could",
    ]));
    let place = cue_place(g, d.sched);
    for (k, c) in d.calls.iter().enumerate() {
        if k > 0 {
            match place {
                Place::Join if d.sched == Sched::Serial => {
                    t.p("?");
                    t.w(g.pw(&["and then could you", "after that, can you", "then"]));
                }
                Place::Join => {
                    t.w(g.pw(&["and, at the same time,", "while also"]));
                }
                _ => piece(t, g.pw(&[" and", ", and", ", also"])),
            }
        }
        let v = k > 0 || g.chance(0.7);
        call_natural(g, t, k + 1, c, v);
    }
    if place == Place::Post || (place == Place::Pre && n > 1) {
        post_cue(g, t, d.sched);
    }
    if let Some(kind) = d.out {
        out_cue(g, t, kind, n);
    }
    shaping_after(g, t, d);
    t.p("?");
}

/// `bullets` (test split only): a task list with one call per bullet.
pub(super) fn bullets(g: &mut Gen, t: &mut Text, d: &Draft) {
    let place = cue_place(g, d.sched);
    t.w(g.pw(&["please run:", "to do:", "todo list", "tasks:", "the plan:"]));
    if place == Place::Pre || place == Place::Join {
        t.p(" (");
        t.tight();
        t.w(match d.sched {
            Sched::Serial => g.pw(&["in order", "one after another", "sequentially"]),
            _ => g.pw(&["in parallel", "all at once", "concurrently"]),
        });
        t.p(")");
    }
    let bullet = g.pw(&["-", "*", "•"]);
    for (k, c) in d.calls.iter().enumerate() {
        t.newline();
        t.w(bullet);
        let v = g.chance(0.5);
        call_any(g, t, k + 1, c, v);
    }
    if place == Place::Post {
        t.newline();
        let s = match d.sched {
            Sched::Serial => g.pw(&[
                "one after another.",
                "in this order, please.",
                "sequentially.",
            ]),
            _ => g.pw(&[
                "all at the same time.",
                "in parallel, please.",
                "run them concurrently.",
            ]),
        };
        t.w(s);
    }
    if let Some(kind) = d.out {
        t.newline();
        let s = match kind {
            OutputKind::All => g.phrase(OUT_ALL, OUT_ALL_EXTRA, OUT_ALL_TEST),
            OutputKind::Last => g.phrase(OUT_LAST, OUT_LAST_EXTRA, OUT_LAST_TEST),
        };
        t.w(s);
    }
    shaping_after(g, t, d);
}

/// `labels` (test split only): labeled forms (`tool: f; args: a=1`).
pub(super) fn labels(g: &mut Gen, t: &mut Text, d: &Draft) {
    let n = d.calls.len();
    for (k, c) in d.calls.iter().enumerate() {
        if k > 0 {
            t.p(".");
            let w = match d.sched {
                Sched::Serial => "then",
                Sched::Parallel => g.pw(&["also", "and"]),
                Sched::Default => g.pw(&["next", "also", "and"]),
            };
            t.w(w);
        }
        t.w("tool");
        t.p(":");
        t.tool(&c.tool, k + 1, g.chance(0.3));
        if !c.args.is_empty() {
            t.p(g.pw(&[";", ",", "."]));
            t.w(g.pw(&["args", "arguments", "params", "inputs"]));
            t.p(":");
            for (i, (name, lit)) in c.args.iter().enumerate() {
                if i > 0 {
                    t.p(",");
                }
                t.argname(name, k + 1, false);
                t.p(g.pw(&["=", ":"]));
                t.value(lit, k + 1, name);
            }
        }
    }
    if n > 1 && d.sched == Sched::Parallel {
        t.p(".");
        t.w(g.pw(&[
            "mode: parallel",
            "run them in parallel",
            "schedule: concurrent",
        ]));
    }
    if let Some(kind) = d.out {
        out_cue(g, t, kind, n);
    }
    shaping_after(g, t, d);
    end(g, t);
}
