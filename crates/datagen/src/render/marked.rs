//! `marked` (train and dev splits only, behind [`crate::Options::marked`]): a list of calls, one
//! per line, each marked done or still to do the way people keep lists: ticked and open boxes
//! (`- [x]` / `- [ ]`), struck-through items (`2. ~~get_vendor vendor_id "V-9"~~`), a mark after
//! a done item (`✓`, `(done)`), or a word before each (`DONE:` / `TODO:`). Done and open items come
//! in any order, and some lists end with a section of calls for later (`## Later (not now)`) or
//! off limits (`Out of scope:`, only over tools the plan does not call). Only the open items are
//! the plan, in the order they are listed: the done and the later calls carry no label, whichever
//! catalog tools and values they name.
//!
//! [`super::notes`] always lists the calls already made first and then says the request as a
//! sentence; people's checklists and ticket lists interleave them and give each open call its
//! own line.

use super::notes::{WithDone, done_call, result, with_done};
use super::*;

/// Headings over a list, naming nothing.
const HEADINGS: &[&str] = &[
    "## Today",
    "## To do",
    "Checklist:",
    "**Today**",
    "Todo:",
    "## This morning",
    "Tasks:",
    "## Open items",
    "Action items:",
    "### Handover",
    "Plan for today:",
    "## Steps",
];

/// Headings over the calls that are for later, not for now.
const LATER: &[&str] = &[
    "## Later (not now)",
    "Not today:",
    "Parking lot (don't run yet):",
    "## Later",
    "Later, not now:",
    "Don't do yet:",
    "**Next week**",
];

/// Headings that put the calls under them off limits, not only off until later: drawn only when
/// no call under them uses a tool of the plan, since a careful reader could not both call a tool
/// and leave it out of scope.
const OFF_LIMITS: &[&str] = &["Out of scope:", "Blocked, skip for now:"];

/// How the list marks an item done or open.
#[derive(Clone, Copy)]
enum Style {
    /// `- [x]` and `- [ ]`.
    Boxes,
    /// `~~call~~` among plain items.
    Struck,
    /// A mark after a done item (`✓`, `(done)`), open items plain.
    After,
    /// A word before each item (`DONE:` / `TODO:`).
    Before,
}

/// One line of the list.
enum Item {
    /// Open call `k` (0-based) of the plan.
    Open(usize),
    /// Done call `k` of the calls already made.
    Done(usize),
}

/// A `marked` record, or `None` when the draw does not fit.
pub(crate) fn marked(g: &mut Gen) -> Option<Example> {
    let WithDone {
        specs,
        draft,
        mut seen,
        done,
    } = with_done(g)?;
    let n = draft.calls.len();
    // The later calls are drawn on the same copy as the done ones.
    let later = if g.chance(0.3) {
        let count = 1 + g.below(2);
        Some(draw(g, &mut seen, count, false)?)
    } else {
        None
    };
    let mut items: Vec<Item> = (0..n).map(Item::Open).collect();
    for k in 0..done.calls.len() {
        let at = g.below(items.len() + 1);
        items.insert(at, Item::Done(k));
    }
    let style = [Style::Boxes, Style::Struck, Style::After, Style::Before][g.below(4)];
    let (done_word, open_word) = *g.pick(&[
        ("DONE:", "TODO:"),
        ("[done]", "[todo]"),
        ("Done -", "To do -"),
        ("✔", "•"),
        ("(done)", "(pending)"),
    ]);
    let (ticked, open_box) = *g.pick(&[
        ("- [x]", "- [ ]"),
        ("[x]", "[ ]"),
        ("* [x]", "* [ ]"),
        ("- [X]", "- [ ]"),
    ]);
    let numbered = g.chance(0.5);
    let bullet = g.pw(&["-", "*", "•"]);
    let mut t = Text::new(case(g));
    if g.chance(0.6) {
        t.raw(g.pw(HEADINGS));
        t.newline();
    }
    let cue_first = draft.sched != Sched::Default && g.chance(0.5);
    if cue_first {
        let s = pre_phrase(g, draft.sched);
        t.w(s);
        t.newline();
    }
    for (line, item) in items.iter().enumerate() {
        if line > 0 {
            t.newline();
        }
        match style {
            Style::Boxes => {}
            _ if numbered => t.raw(&format!("{}.", line + 1)),
            _ => t.raw(bullet),
        }
        match *item {
            Item::Done(k) => {
                let c = &done.calls[k];
                match style {
                    Style::Boxes => {
                        t.raw(ticked);
                        done_call(g, &mut t, c);
                    }
                    Style::Struck => {
                        t.raw("~~");
                        t.tight();
                        done_call(g, &mut t, c);
                        t.p("~~");
                    }
                    Style::After => {
                        done_call(g, &mut t, c);
                        t.w(g.pw(&[
                            "✓",
                            "✅",
                            "(done)",
                            "— done",
                            "[done]",
                            "- already ran",
                            "(ran it)",
                        ]));
                    }
                    Style::Before => {
                        t.raw(done_word);
                        done_call(g, &mut t, c);
                    }
                }
                if g.chance(0.3) {
                    result(g, &mut t);
                }
            }
            Item::Open(k) => {
                match style {
                    Style::Boxes => t.raw(open_box),
                    Style::Before => t.raw(open_word),
                    Style::Struck | Style::After => {}
                }
                let verb = g.chance(0.3);
                call_any(g, &mut t, k + 1, &draft.calls[k], verb);
            }
        }
    }
    if draft.sched != Sched::Default && !cue_first {
        t.newline();
        t.raw(bullet);
        let s = pre_phrase(g, draft.sched);
        t.w(s.trim_end_matches([':', ',']));
    }
    if let Some(kind) = draft.out {
        t.newline();
        let s = out_phrase(g, kind, n);
        t.w(s);
    }
    shaping_after(g, &mut t, &draft);
    if let Some(later) = &later {
        t.newline();
        if g.chance(0.5) {
            t.newline();
        }
        let shares_a_tool = later
            .calls
            .iter()
            .any(|l| draft.calls.iter().any(|c| c.tool == l.tool));
        let heading = if !shares_a_tool && g.chance(2.0 / 9.0) {
            g.pw(OFF_LIMITS)
        } else {
            g.pw(LATER)
        };
        t.raw(heading);
        for c in &later.calls {
            t.newline();
            t.raw(match style {
                Style::Boxes => open_box,
                _ => bullet,
            });
            done_call(g, &mut t, c);
        }
    }
    finish_positive(g, t, &specs, &draft, "marked")
}
