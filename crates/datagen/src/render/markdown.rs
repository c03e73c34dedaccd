//! `markdown` (train and dev splits only, behind [`crate::Options::markdown`]): requests laid
//! out the way people write them in chat tools and tickets, with markdown structure.
//!
//! A heading or a bold title over the request (`## Access review`), a line of context that
//! names nothing, then the calls in one of three layouts: a bold lead before a call
//! (`**Post an update**: post_status with ...`), a block per call with one argument per bullet
//! (`- **tool**: create_issue` / `- **title**: "..."`, `create_issue:` / `  - title: "..."`),
//! or a list of calls under a line that carries the schedule cue (`Parallel lookups:`,
//! `**In order:**`). Output and shaping wishes go on a line of their own
//! (`**Output:** ...`, `Return: ...`). The schedule and output phrases come from the shared cue
//! lists (which handle the split); the titles, leads and labels here are train-only words, and
//! none of them is a cue of any kind.

use super::*;

/// Titles of a heading: subjects that name no tool, argument or cue.
const TITLES: &[&str] = &[
    "Access review",
    "Release prep",
    "Weekly sync",
    "Customer escalation",
    "Budget check",
    "Onboarding",
    "Cleanup",
    "Audit",
    "Migration",
    "Incident follow-up",
    "Data pull",
    "Quarterly report",
    "Launch checklist",
    "Action items",
    "Request",
    "Housekeeping",
    "Support case",
    "Renewal",
    "Capacity check",
    "Morning checks",
    "Vendor review",
    "Ops request",
    "Status",
    "Context",
    "Background",
    "Ask",
    "Follow-up",
    "Q3 planning",
    "Hotfix",
    "Sprint 14",
];

/// Context lines under a title: a sentence that names nothing.
const CONTEXT: &[&str] = &[
    "Heads up, this came in from support.",
    "Picking this up from the thread.",
    "Quick one before the meeting.",
    "Needed for the review.",
    "Customer is waiting on this.",
    "Background: the dashboard looked off this morning.",
    "Context: prepping the weekly numbers.",
    "Goal: get the facts together.",
    "FYI the numbers will go into the deck.",
    "This unblocks the launch.",
    "Low priority, no rush.",
    "Tracking this in the planning doc.",
    "Raised by finance.",
    "Pulling this together for the team.",
];

/// Bold leads before a call: what the call is for, in a few words.
const LEADS: &[&str] = &[
    "Post an update",
    "Look it up",
    "Create it",
    "Fetch the record",
    "Action",
    "Request",
    "Task",
    "Do this",
    "Needed",
    "Next step",
    "Lookup",
    "Update",
    "Ask",
    "Please",
    "To run",
    "Send it",
];

/// Lines that carry a serial cue above a list of calls.
const SERIAL_HEADS: &[&str] = &[
    "In order:",
    "Sequence:",
    "In this order:",
    "One after another:",
    "Sequentially:",
    "Order matters:",
    "Step by step:",
    "Run in sequence:",
];

/// Lines that carry a parallel cue above a list of calls.
const PARALLEL_HEADS: &[&str] = &[
    "Parallel lookups:",
    "In parallel:",
    "Run together:",
    "Concurrently:",
    "At the same time:",
    "Simultaneously:",
    "Parallel:",
    "All at once:",
    "Run these in parallel:",
    "Kick these off together:",
];

/// Lines above a list of calls that carry no cue.
const PLAIN_HEADS: &[&str] = &[
    "Requests:",
    "Actions:",
    "Needed:",
    "What to run:",
    "Calls:",
    "Items:",
    "Please:",
    "Next up:",
];

/// Labels of the output or shaping line.
const OUT_LABELS: &[&str] = &[
    "Output",
    "Return",
    "Result",
    "Results",
    "Reply with",
    "Send back",
];

/// How a label is marked up.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// `**label**:`
    BoldOut,
    /// `**label:**`
    BoldIn,
    /// `` `label`: ``
    Ticks,
    /// `label:`
    Plain,
}

fn mark(g: &mut Gen) -> Mark {
    [Mark::BoldOut, Mark::BoldIn, Mark::Ticks, Mark::Plain][g.weighted(&[40, 20, 10, 30])]
}

/// Opens the markup of a label (`**`, `` ` ``); the label that follows is glued to it.
fn open(t: &mut Text, m: Mark) {
    match m {
        Mark::BoldOut | Mark::BoldIn => {
            t.w("**");
            t.tight();
        }
        Mark::Ticks => {
            t.w("`");
            t.tight();
        }
        Mark::Plain => {}
    }
}

/// Closes the markup of a label with its separator: `**:`, `:**`, `` `: ``, `:`.
fn close(t: &mut Text, m: Mark, sep: &str) {
    match m {
        Mark::BoldOut => t.p("**"),
        Mark::Ticks => t.p("`"),
        Mark::BoldIn | Mark::Plain => {}
    }
    t.p(sep);
    if m == Mark::BoldIn {
        t.p("**");
    }
}

/// A prose label (`**Output**:`), marked up as `m` says.
fn prose_label(t: &mut Text, m: Mark, label: &str) {
    open(t, m);
    t.w(label);
    close(t, m, ":");
}

/// An argument label (`**title**:`) of call `call`, then its value. `**title =**` is never
/// written: with `=` a bold-inside label is a plain one.
fn arg_line(g: &mut Gen, t: &mut Text, m: Mark, call: usize, name: &str, lit: &Lit) {
    let sep = if g.chance(0.85) { ":" } else { " =" };
    let m = if m == Mark::BoldIn && sep != ":" {
        Mark::Plain
    } else {
        m
    };
    open(t, m);
    t.argname(name, call, false);
    close(t, m, sep);
    t.value(lit, call, name);
}

/// The heading or title over the request, and maybe a line of context.
fn preamble(g: &mut Gen, t: &mut Text) {
    if g.chance(0.65) {
        let title = g.pw(TITLES);
        match g.below(6) {
            0 => t.w(&format!("## {title}")),
            1 => t.w(&format!("# {title}")),
            2 => t.w(&format!("### {title}")),
            3 => t.w(&format!("**{title}**")),
            4 => t.w(&format!("{title}:")),
            _ => t.w(&format!("**{title}:**")),
        }
        t.newline();
        if g.chance(0.3) {
            t.newline();
        }
    }
    if g.chance(0.4) {
        match g.below(3) {
            0 => filler(g, t),
            1 => train_only::number_filler(g, t),
            _ => {
                let s = g.pw(CONTEXT);
                t.w(s);
            }
        }
        t.newline();
        if g.chance(0.3) {
            t.newline();
        }
    }
}

/// A bullet mark for the list being written.
fn bullet(g: &mut Gen) -> &'static str {
    g.pw(&["-", "-", "*", "+"])
}

/// `**Lead**: call`, a call per line for several calls, joined with the draft's cue.
fn bold_leads(g: &mut Gen, t: &mut Text, d: &Draft) {
    let place = cue_place(g, d.sched);
    if place == Place::Pre {
        pre_cue(g, t, d.sched);
        t.p(":");
        t.newline();
    }
    let m = if g.chance(0.8) {
        Mark::BoldOut
    } else {
        Mark::BoldIn
    };
    let numbered = d.calls.len() > 1 && g.chance(0.4);
    for (k, c) in d.calls.iter().enumerate() {
        let mut with_verb = g.chance(0.4);
        if k > 0 {
            t.newline();
            if place == Place::Join && (k == 1 || g.chance(0.6)) {
                with_verb = join(g, t, Some(d.sched));
            }
        }
        if !(k > 0 && place == Place::Join) {
            if numbered {
                prose_label(t, m, &format!("Step {}", k + 1));
            } else {
                let lead = g.pw(LEADS);
                prose_label(t, m, lead);
            }
        }
        call_any(g, t, k + 1, c, with_verb);
        if g.chance(0.5) {
            t.p(".");
        }
    }
    if place == Place::Post {
        t.newline();
        let s = post_phrase(g, d.sched);
        train_only::cue_line(t, "", s);
    }
}

/// A block per call: the tool on a line (`- **tool**: NAME`, `NAME:`, `### NAME`), then one
/// argument per bullet.
fn arg_blocks(g: &mut Gen, t: &mut Text, d: &Draft) {
    let n = d.calls.len();
    let place = cue_place(g, d.sched);
    if place != Place::None && place != Place::Post {
        let heads = if d.sched == Sched::Serial {
            SERIAL_HEADS
        } else {
            PARALLEL_HEADS
        };
        let h = g.pw(heads);
        let m = mark(g);
        prose_label(t, m, h.trim_end_matches(':'));
        t.newline();
    }
    let head = g.below(6);
    let m = mark(g);
    let b = bullet(g);
    let indent = g.chance(0.4);
    for (k, c) in d.calls.iter().enumerate() {
        if k > 0 {
            t.newline();
            if g.chance(0.4) {
                t.newline();
            }
        }
        // The tool line.
        let args_bulleted = match head {
            // `- **tool**: NAME`, the arguments as sibling bullets.
            0 => {
                t.w(b);
                let tool_word = g.pw(&["tool", "Tool", "call", "action", "function"]);
                prose_label(t, m, tool_word);
                t.tool(&c.tool, k + 1, g.chance(0.3));
                false
            }
            // `NAME:`, `**NAME**:`, `` `NAME`: ``
            1 => {
                open(t, m);
                t.tool(&c.tool, k + 1, false);
                close(t, m, ":");
                true
            }
            // `### NAME` or `### 1. NAME`
            2 => {
                t.w(g.pw(&["###", "##", "####"]));
                if n > 1 && g.chance(0.5) {
                    t.w(&format!("{}.", k + 1));
                }
                t.tool(&c.tool, k + 1, g.chance(0.3));
                false
            }
            // `1. NAME` with the arguments indented under it.
            3 => {
                if n > 1 {
                    t.w(&format!("{}.", k + 1));
                } else {
                    t.w(b);
                }
                if g.chance(0.4) {
                    verb(g, t);
                }
                t.tool(&c.tool, k + 1, g.chance(0.4));
                true
            }
            // `Tool: NAME` / `Arguments:` lines.
            4 => {
                prose_label(t, m, g.pw(&["Tool", "Call", "Function", "Use"]));
                t.tool(&c.tool, k + 1, g.chance(0.4));
                if !c.args.is_empty() {
                    t.newline();
                    prose_label(
                        t,
                        m,
                        g.pw(&["Arguments", "Args", "Params", "Inputs", "With"]),
                    );
                }
                g.chance(0.5)
            }
            // A verb, the tool and a colon: `Create the issue with create_issue:`.
            _ => {
                verb(g, t);
                t.tool(&c.tool, k + 1, g.chance(0.3));
                if !c.args.is_empty() {
                    t.p(":");
                }
                true
            }
        };
        let arg_mark = if head == 0 { m } else { mark(g) };
        for (name, lit) in &c.args {
            t.newline();
            if args_bulleted && indent {
                t.raw("  ");
                t.tight();
            }
            if args_bulleted || head == 0 || g.chance(0.5) {
                t.w(b);
            }
            arg_line(g, t, arg_mark, k + 1, name, lit);
        }
    }
    if place == Place::Post {
        t.newline();
        t.newline();
        let s = post_phrase(g, d.sched);
        train_only::cue_line(t, "", s);
    }
}

/// A list of calls, one per bullet or number, under a line that carries the schedule cue.
fn call_list(g: &mut Gen, t: &mut Text, d: &Draft) {
    let heads = match d.sched {
        Sched::Serial => SERIAL_HEADS,
        Sched::Parallel => PARALLEL_HEADS,
        Sched::Default => PLAIN_HEADS,
    };
    let h = g.pw(heads);
    match g.below(4) {
        0 => prose_label(t, Mark::BoldIn, h.trim_end_matches(':')),
        1 => t.w(&format!("## {}", h.trim_end_matches(':'))),
        _ => t.w(h),
    }
    let numbered = g.chance(0.4);
    let b = bullet(g);
    for (k, c) in d.calls.iter().enumerate() {
        t.newline();
        if numbered {
            t.w(&format!("{}{}", k + 1, g.pw(&[".", ")"])));
        } else {
            t.w(b);
        }
        let v = g.chance(0.5);
        call_any(g, t, k + 1, c, v);
    }
}

/// The output and shaping wishes, on a line of their own or after the last call.
fn output(g: &mut Gen, t: &mut Text, d: &Draft) {
    let n = d.calls.len();
    let shaped = !d.fields.is_empty() || d.limit.is_some();
    if d.out.is_none() && !shaped {
        return;
    }
    if g.chance(0.25) {
        if let Some(kind) = d.out {
            out_cue(g, t, kind, n);
        }
        shaping_after(g, t, d);
        return;
    }
    t.newline();
    if g.chance(0.3) {
        t.newline();
    }
    let labelled = g.chance(0.6);
    if labelled {
        let m = mark(g);
        let label = g.pw(OUT_LABELS);
        prose_label(t, m, label);
    } else if g.chance(0.3) {
        t.w(bullet(g));
    }
    if let Some(kind) = d.out {
        let s = out_phrase(g, kind, n);
        t.w(s);
    }
    if shaped {
        shaping_body(g, t, d);
    }
    if g.chance(0.5) {
        t.p(".");
    }
}

/// A closing line that names nothing, some of the time.
fn closing(g: &mut Gen, t: &mut Text) {
    if g.chance(0.25) {
        t.newline();
        if g.chance(0.4) {
            t.newline();
        }
        let s = g.pw(&[
            "Thanks!",
            "Thx.",
            "Cheers.",
            "Let me know when it's done.",
            "Ping me if anything fails.",
            "Nothing else needed.",
            "That's all for now.",
            "_Thanks in advance._",
            "> Will review after lunch.",
            "cc the team channel.",
        ]);
        t.w(s);
    }
}

/// A `markdown` positive: a draft of 1–3 calls laid out with markdown structure.
pub(crate) fn positive(g: &mut Gen) -> Option<Example> {
    let n = call_count(g);
    let size = catalog::size(g, 1);
    let mut specs = catalog::sample(g, size);
    let draft = draw(g, &mut specs, n, false)?;
    let case = match g.weighted(&[70, 20, 10]) {
        0 => Case::Sentence,
        1 => Case::AsIs,
        _ => Case::Lower,
    };
    let mut t = Text::new(case);
    preamble(g, &mut t);
    let layout = if n == 1 {
        g.weighted(&[45, 55, 0])
    } else {
        g.weighted(&[25, 40, 35])
    };
    match layout {
        0 => bold_leads(g, &mut t, &draft),
        1 => arg_blocks(g, &mut t, &draft),
        _ => call_list(g, &mut t, &draft),
    }
    output(g, &mut t, &draft);
    closing(g, &mut t);
    finish_positive(g, t, &specs, &draft, "markdown")
}
