//! `tickets` (train and dev splits only, behind [`crate::Options::tickets`]): a request filed as
//! a ticket or an issue, the way trackers, helpdesk forms and sprint boards lay one out: a title
//! (`Summary: Backlog snapshot`, `[OPS-412] Customer escalation`), fields that ask for nothing
//! (`Priority: P2`, `Story points: 3`, `Reporter: @dana`), the request under a field of its own
//! (`Description:`), the calls already made under another (`Steps already taken:`, before or
//! after the request), the output and the projection or row limit as acceptance criteria, and
//! calls or tools not to touch (`Out of scope:`).
//!
//! Only the request's calls are the plan. The calls already made and those out of scope carry
//! no label, whichever catalog tools and values they name, and neither do the fields' numbers
//! and words, even where a field shares its name with an argument (`Status: Open`). People's
//! tickets had their steps taken and their out-of-scope tools planned, and a field's number read
//! as a value.

use super::notes::{WithDone, done_call, result, with_done};
use super::train_only::number_filler;
use super::*;

/// Fields that open the ticket with its title.
const TITLE_FIELDS: &[&str] = &["Summary:", "Title:", "Subject:", "Ticket:", "Issue:"];

/// Titles that name nothing.
const TITLES: &[&str] = &[
    "Weekly numbers for the review",
    "Follow-up from the incident",
    "Customer escalation",
    "Cleanup before the release",
    "Data pull for finance",
    "Check before go-live",
    "Request from the support desk",
    "Quarterly audit prep",
    "Onboarding the new starters",
    "Stale records",
    "Investigate the failed job",
    "Prep for Monday's meeting",
    "Backlog snapshot",
    "Handover from the night shift",
    "Small ask from sales",
];

/// Prefixes of ticket keys (`OPS-412`).
const KEYS: &[&str] = &[
    "OPS", "SUP", "PAY", "IT", "DATA", "HR", "INC", "REQ", "WEB", "FIN",
];

/// People a field may name.
const PEOPLE: &[&str] = &[
    "dana", "j.okoro", "mlee", "priya", "tom.b", "sanne", "kfischer",
];

/// Heads of the field that says the request.
pub(crate) const REQUEST_HEADS: &[&str] = &[
    "Description",
    "Request",
    "What's needed",
    "Task",
    "Details",
    "Ask",
    "Action required",
    "To do",
];

/// Heads of the field that lists the calls already made.
pub(crate) const DONE_HEADS: &[&str] = &[
    "Steps already taken",
    "Already tried",
    "What I've tried",
    "Done so far",
    "Troubleshooting so far",
    "Actions taken",
    "Previous steps",
    "Work log",
];

/// Heads of the field for the output and the projection or row limit.
pub(crate) const CRITERIA_HEADS: &[&str] = &[
    "Acceptance criteria",
    "Expected result",
    "Definition of done",
    "Expected",
    "AC",
];

/// Heads of the field that names calls or tools not to touch.
pub(crate) const OUT_HEADS: &[&str] = &[
    "Out of scope",
    "Not in scope",
    "Not part of this ticket",
    "Do not run",
    "Won't do",
    "Don't touch",
];

/// Heads of a field of background that asks for nothing.
pub(crate) const NOTE_HEADS: &[&str] = &["Notes", "Context", "Background"];

/// Acceptance criteria that ask for nothing the plan holds.
const CRITERIA_FILLERS: &[&str] = &[
    "the ticket can be closed once this has run",
    "no errors in the run",
    "reply on this ticket when done",
    "the requester is told",
    "nothing else changes",
];

/// How the ticket writes a field's head.
#[derive(Clone, Copy)]
enum Head {
    /// `Description:`
    Plain,
    /// `## Description`
    Markdown,
    /// `**Description:**`
    Bold,
}

impl Head {
    fn write(self, t: &mut Text, head: &str) {
        match self {
            Head::Plain => t.raw(&format!("{head}:")),
            Head::Markdown => t.raw(&format!("## {head}")),
            Head::Bold => t.raw(&format!("**{head}:**")),
        }
    }

    /// Whether the field's text may follow its head on the same line.
    fn inline(self) -> bool {
        !matches!(self, Head::Markdown)
    }
}

/// The ticket's sections, in the order they are written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Request,
    Done,
    Criteria,
    Out,
    Notes,
}

/// One field that asks for nothing: `Priority: P2`, `Story points: 5`, `Reporter: @dana`.
fn meta_field(g: &mut Gen, t: &mut Text) {
    let line = match g.below(10) {
        0 => format!("Priority: P{}", 1 + g.below(4)),
        1 => format!(
            "Priority: {}",
            g.pw(&["High", "Medium", "Low", "Urgent", "Normal"])
        ),
        2 => format!("Severity: {}", 1 + g.below(4)),
        3 => format!("Story points: {}", g.pick(&[1, 2, 3, 5, 8, 13])),
        4 => format!("Sprint: {}", 10 + g.below(50)),
        5 => format!("Reporter: @{}", g.pw(PEOPLE)),
        6 => format!("Assignee: @{}", g.pw(PEOPLE)),
        7 => format!(
            "Status: {}",
            g.pw(&["Open", "To do", "In progress", "Reopened"])
        ),
        8 => format!(
            "Environment: {}",
            g.pw(&["production", "staging", "prod-eu", "test"])
        ),
        _ => format!(
            "Labels: {}, {}",
            g.pw(&["backend", "billing", "ops", "support"]),
            g.pw(&["follow-up", "quick-win", "customer", "q3"])
        ),
    };
    t.raw(&line);
}

/// The request's calls with the schedule cue, leaving the output and shaping to the criteria.
fn calls_only(g: &mut Gen, t: &mut Text, draft: &Draft) {
    let n = draft.calls.len();
    if n > 1 && g.chance(0.5) {
        // One line per call, the schedule said before or after them.
        let bullet = g.pw(&["-", "*", "•"]);
        let before = draft.sched != Sched::Default && g.chance(0.5);
        if before {
            t.newline();
            t.w(pre_phrase(g, draft.sched));
        }
        for (k, c) in draft.calls.iter().enumerate() {
            t.newline();
            t.raw(bullet);
            let verb = g.chance(0.4);
            call_any(g, t, k + 1, c, verb);
        }
        if draft.sched != Sched::Default && !before {
            t.newline();
            let s = pre_phrase(g, draft.sched);
            t.w(s.trim_end_matches([':', ',']));
            t.p(".");
        }
        return;
    }
    if n > 1 && draft.sched != Sched::Default {
        t.w(pre_phrase(g, draft.sched));
    }
    for (k, c) in draft.calls.iter().enumerate() {
        let verb = if k == 0 {
            g.chance(0.6)
        } else {
            join(g, t, None)
        };
        call_any(g, t, k + 1, c, verb);
    }
    t.p(".");
}

/// Opens criterion number `count` (0-based): the first follows an inline head, every other one
/// is a bullet of its own.
fn criterion(t: &mut Text, count: &mut usize, inline: bool) {
    if *count > 0 || !inline {
        t.newline();
        t.raw("-");
    }
    *count += 1;
}

/// The acceptance criteria: the output and the projection or row limit, each on a bullet, or a
/// criterion that asks for nothing when the plan has neither.
fn criteria(g: &mut Gen, t: &mut Text, draft: &Draft, inline: bool) {
    let mut count = 0;
    if let Some(kind) = draft.out {
        criterion(t, &mut count, inline);
        t.w(out_phrase(g, kind, draft.calls.len()));
    }
    if !draft.fields.is_empty() || draft.limit.is_some() {
        criterion(t, &mut count, inline);
        if g.chance(0.5) {
            t.w(g.pw(&["return", "show", "output:"]));
        }
        shaping_body(g, t, draft);
    }
    if count == 0 || g.chance(0.3) {
        criterion(t, &mut count, inline);
        t.w(g.pw(CRITERIA_FILLERS));
    }
}

/// A `tickets` record, or `None` when the draw does not fit.
pub(crate) fn tickets(g: &mut Gen) -> Option<Example> {
    let WithDone {
        specs,
        draft,
        seen,
        done,
    } = with_done(g)?;
    let head = [Head::Plain, Head::Markdown, Head::Bold][g.weighted(&[70, 15, 15])];
    let has_done = g.chance(0.7);
    // The calls out of scope use none of the request's tools: a careful reader could not both
    // call a tool and leave it alone.
    let mut others: Vec<Spec> = seen
        .into_iter()
        .filter(|s| draft.calls.iter().all(|c| c.tool != s.name))
        .collect();
    let out_of_scope = if !others.is_empty() && g.chance(0.5) {
        let count = (1 + g.below(2)).min(others.len());
        Some(draw(g, &mut others, count, false)?)
    } else {
        None
    };
    // The output and shaping go to the acceptance criteria, or stay with the request.
    let with_criteria = g.chance(0.5);
    let mut sections = vec![Section::Request];
    if has_done {
        let at = if g.chance(0.6) { 1 } else { 0 };
        sections.insert(at, Section::Done);
    }
    if with_criteria {
        sections.push(Section::Criteria);
    }
    if out_of_scope.is_some() {
        sections.push(Section::Out);
    }
    if g.chance(0.15) {
        sections.push(Section::Notes);
    }
    let mut t = Text::new(case(g));
    // The title line, with a ticket key or under a title field.
    let key = format!("{}-{}", g.pw(KEYS), 10 + g.below(9990));
    match g.below(3) {
        0 => t.raw(&format!("[{key}]")),
        1 => t.raw(&format!("{key}:")),
        _ => t.raw(g.pw(TITLE_FIELDS)),
    }
    t.raw(g.pw(TITLES));
    for _ in 0..g.below(3) {
        t.newline();
        meta_field(g, &mut t);
    }
    for section in sections {
        t.newline();
        if g.chance(0.3) {
            t.newline();
        }
        let inline = head.inline() && g.chance(0.5);
        match section {
            Section::Request => {
                head.write(&mut t, g.pw(REQUEST_HEADS));
                if !inline {
                    t.newline();
                }
                if with_criteria {
                    calls_only(g, &mut t, &draft);
                } else {
                    let fam = [
                        Family::Imperative,
                        Family::CallSyntax,
                        Family::Steps,
                        Family::Chatty,
                        Family::Terse,
                        Family::Bullets,
                    ][g.below(6)];
                    write(g, &mut t, fam, &draft, None);
                }
            }
            Section::Done => {
                head.write(&mut t, g.pw(DONE_HEADS));
                for (k, c) in done.calls.iter().enumerate() {
                    if k > 0 || !inline {
                        t.newline();
                        t.raw(g.pw(&["-", "*", "•"]));
                    }
                    done_call(g, &mut t, c);
                    match g.below(3) {
                        0 => result(g, &mut t),
                        1 => t.w(g.pw(&["(done)", "- no change", "(ran it, same result)"])),
                        _ => {}
                    }
                }
            }
            Section::Criteria => {
                head.write(&mut t, g.pw(CRITERIA_HEADS));
                criteria(g, &mut t, &draft, inline);
            }
            Section::Out => {
                head.write(&mut t, g.pw(OUT_HEADS));
                let calls = &out_of_scope.as_ref()?.calls;
                if g.chance(0.4) {
                    // The tools alone: `Out of scope: set_priority, list_issues.`
                    if !inline {
                        t.newline();
                    }
                    let names: Vec<&str> = calls.iter().map(|c| c.tool.as_str()).collect();
                    t.raw(&names.join(", "));
                    t.p(".");
                } else {
                    for (k, c) in calls.iter().enumerate() {
                        if k > 0 || !inline {
                            t.newline();
                            t.raw("-");
                        }
                        done_call(g, &mut t, c);
                    }
                }
            }
            Section::Notes => {
                head.write(&mut t, g.pw(NOTE_HEADS));
                if !inline {
                    t.newline();
                }
                number_filler(g, &mut t);
            }
        }
    }
    finish_positive(g, t, &specs, &draft, "tickets")
}
