//! `notes` (train and dev splits only, behind [`crate::Options::notes`]): an agent's or a
//! person's working notes, where calls already made are listed with what they returned before
//! the calls to make now (`### Already done` / `- grep_files {"pattern": "x"} → 2 hits` /
//! `### Next` / `read_file path "src/lib.rs"`, `Observation: ... Action: ...`, `[x]` and `[ ]`
//! checklists, `Step 1 (done): ...`). Only the calls to make now are the plan: the calls said
//! as done carry no label, whichever catalog tools and values they name.

use super::*;

/// What a call already made returned, as notes say it.
const RESULTS: &[&str] = &[
    "ok",
    "done",
    "200 OK",
    "3 rows",
    "2 hits",
    "found 1 match",
    "nothing useful",
    "empty",
    "status: failed",
    "{\"id\": 17}",
    "returned 12 items",
    "looks fine",
    "HEAD is 7c1e0d4",
    "no results",
    "timed out, but the retry worked",
    "success",
    "created",
    "v1.2.5",
];

/// A call already made, written as prose that carries no label: its tool and its arguments.
pub(super) fn done_call(g: &mut Gen, t: &mut Text, c: &DCall) {
    let args: Vec<(String, String)> = c
        .args
        .iter()
        .map(|(name, lit)| (name.clone(), lit.text.clone()))
        .collect();
    let ticks = g.chance(0.5);
    let name = if ticks {
        format!("`{}`", c.tool)
    } else {
        c.tool.clone()
    };
    match g.below(3) {
        0 => {
            // `tool` {"a": 1}
            t.raw(&name);
            if !args.is_empty() {
                let body: Vec<String> = args.iter().map(|(a, v)| format!("\"{a}\": {v}")).collect();
                t.raw(&format!("{{{}}}", body.join(", ")));
            }
        }
        1 => {
            // tool(a=1)
            let body: Vec<String> = args.iter().map(|(a, v)| format!("{a}={v}")).collect();
            t.raw(&format!("{}({})", c.tool, body.join(", ")));
        }
        _ => {
            // tool a 1, b "x"
            t.raw(&name);
            let body: Vec<String> = args.iter().map(|(a, v)| format!("{a} {v}")).collect();
            if !body.is_empty() {
                t.raw(&body.join(", "));
            }
        }
    }
}

/// What the call returned: `→ 3 rows`, `-> ok`, `: done`.
pub(super) fn result(g: &mut Gen, t: &mut Text) {
    let arrow = g.pw(&["→", "->", "=>", ":", "—"]);
    if arrow == ":" {
        t.p(":");
    } else {
        t.w(arrow);
    }
    t.raw(g.pw(RESULTS));
}

/// The draws a record with calls already made starts from: the catalog, the draft of the calls
/// to make now, the copy of the catalog the calls already made were drawn on (more calls that
/// are not the plan may be drawn on it too), and one or two calls already made. The calls
/// already made are drawn on the copy, so their draws change no tool of the catalog.
pub(super) struct WithDone {
    pub(super) specs: Vec<Spec>,
    pub(super) draft: Draft,
    pub(super) seen: Vec<Spec>,
    pub(super) done: Draft,
}

/// Draws a [`WithDone`] (`None` when a draw does not fit).
pub(super) fn with_done(g: &mut Gen) -> Option<WithDone> {
    let n = call_count(g);
    let size = catalog::size(g, 2);
    let mut specs = catalog::sample(g, size);
    let draft = draw(g, &mut specs, n, false)?;
    let mut seen = specs.clone();
    let done_count = 1 + g.below(2);
    let done = draw(g, &mut seen, done_count, false)?;
    Some(WithDone {
        specs,
        draft,
        seen,
        done,
    })
}

/// Notes with calls already made, then the request.
pub(crate) fn notes(g: &mut Gen) -> Option<Example> {
    let WithDone {
        specs, draft, done, ..
    } = with_done(g)?;
    let mut t = Text::new(case(g));
    match g.below(5) {
        0 => {
            let (done_head, next_head) = *g.pick(&[
                ("### Already done", "### Next"),
                ("## Done", "## Next"),
                ("**Done so far:**", "**Next:**"),
                ("Done:", "To do:"),
                ("Already ran:", "Now:"),
                ("Completed", "Remaining"),
            ]);
            t.raw(done_head);
            for (k, c) in done.calls.iter().enumerate() {
                t.newline();
                if g.chance(0.5) {
                    t.raw("-");
                } else {
                    t.raw(&format!("{}.", k + 1));
                }
                done_call(g, &mut t, c);
                result(g, &mut t);
            }
            t.newline();
            t.newline();
            t.raw(next_head);
            t.newline();
        }
        1 => {
            // ReAct: an observation of the last call, a thought, then the request.
            t.raw("Observation:");
            done_call(g, &mut t, &done.calls[done.calls.len() - 1]);
            result(g, &mut t);
            t.newline();
            t.raw("Thought:");
            t.w(g.pw(&[
                "that narrows it down.",
                "good, now the next step.",
                "not enough yet.",
                "the user wants more detail.",
                "next I need the rest.",
            ]));
            t.newline();
            t.raw(g.pw(&["Action:", "Next action:", "Plan:"]));
        }
        2 => {
            // A checklist: ticked items done, open items to do.
            for c in &done.calls {
                t.raw(g.pw(&["[x]", "- [x]", "✓", "DONE"]));
                done_call(g, &mut t, c);
                if g.chance(0.5) {
                    result(g, &mut t);
                }
                t.newline();
            }
            t.raw(g.pw(&["[ ]", "- [ ]", "TODO"]));
        }
        3 => {
            // Numbered steps, the first ones marked done.
            for (k, c) in done.calls.iter().enumerate() {
                t.raw(&format!("Step {}", k + 1));
                t.raw(g.pw(&["(done):", "✅", "- done:", "[done]"]));
                done_call(g, &mut t, c);
                result(g, &mut t);
                t.newline();
            }
            t.raw(&format!("Step {}:", done.calls.len() + 1));
        }
        _ => {
            // One line of prose: what was run, then what to run now.
            t.w(g.pw(&[
                "Already ran",
                "I already called",
                "Earlier I ran",
                "Previously:",
                "We did",
                "You already did",
            ]));
            done_call(g, &mut t, &done.calls[0]);
            let paren = g.chance(0.5);
            t.raw(if paren { "(" } else { "—" });
            t.raw(g.pw(RESULTS));
            t.p(if paren { ")." } else { g.pw(&[".", ";"]) });
            t.w(g.pw(&[
                "Now",
                "Next,",
                "Don't run it again; now",
                "No need to repeat that. Next:",
                "This turn:",
                "What's left:",
            ]));
        }
    }
    write(g, &mut t, Family::Imperative, &draft, None);
    finish_positive(g, t, &specs, &draft, "notes")
}
