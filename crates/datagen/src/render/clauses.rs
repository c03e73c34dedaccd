//! `clauses` (train and dev splits only, behind [`crate::Options::clauses`]): a request set out
//! as numbered clauses the way formal letters, contracts and runbooks number them: `1.`, `(a)`,
//! `ii.`, `§2`, `Item 3:` or a section's `4.1`, `4.2`. Each call has a clause of its own, or the
//! calls share one clause with the schedule cue; the schedule, the output and the row limit or
//! projection may each take a clause of their own, and a schedule or output clause may name the
//! clauses it speaks of (`1.3 Sequence: 1.1 then 1.2.`, `(c) Only the result of (b) is
//! required.`). Some records add a clause of background with a number in it, a clause for a
//! call already made (`(done)`), a salutation and a sign-off.
//!
//! The clause numbers and the numbers that refer to clauses are never values, rows or limits:
//! they carry no label, whatever arguments of number type the tools declare. People's numbered
//! letters and section-numbered tickets had their clause numbers read as values (`1.1` as a
//! number argument, then the argument said twice).

use super::notes::{WithDone, done_call, with_done};
use super::train_only::number_filler;
use super::*;

/// Lines that open the request and name nothing.
const OPENINGS: &[&str] = &[
    "Dear Sir,",
    "Dear colleague,",
    "Dear all,",
    "Instructions:",
    "Please action the following:",
    "Requested actions:",
    "Action points:",
    "As agreed:",
    "For action:",
    "Scope of work:",
    "Runbook:",
    "Change request:",
];

/// Lines that close the request and name nothing.
const CLOSINGS: &[&str] = &[
    "Yours faithfully,",
    "Regards,",
    "Many thanks.",
    "With thanks,",
    "Kind regards",
    "Thank you.",
    "End of instructions.",
    "-- end --",
];

/// How the clauses are numbered.
#[derive(Clone, Copy)]
enum Numbering {
    /// `1.`, `1)` or `(1)`.
    Arabic(&'static str, &'static str),
    /// A section's `4.1`, `4.2` (`section` > 0), or `1.1.1` with a second level.
    Section { section: usize, sub: Option<usize> },
    /// `(a)`, `a)`, `a.` or `A.`.
    Letter(&'static str, &'static str, bool),
    /// `i.`, `(ii)`.
    Roman(&'static str, &'static str),
    /// `§1`, `Para 1:`, `Item 1:`, `Clause 1 -`.
    Named(&'static str, &'static str),
}

const ROMAN: &[&str] = &["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"];

impl Numbering {
    fn draw(g: &mut Gen) -> Numbering {
        match g.weighted(&[22, 34, 16, 10, 18]) {
            0 => {
                let (open, close) = *g.pick(&[("", "."), ("", ")"), ("(", ")")]);
                Numbering::Arabic(open, close)
            }
            1 => {
                let section = if g.chance(0.4) { 1 } else { 1 + g.below(9) };
                let sub = g.chance(0.15).then(|| 1 + g.below(4));
                Numbering::Section { section, sub }
            }
            2 => {
                let (open, close) = *g.pick(&[("(", ")"), ("", ")"), ("", ".")]);
                Numbering::Letter(open, close, g.chance(0.25))
            }
            3 => {
                let (open, close) = *g.pick(&[("", "."), ("(", ")")]);
                Numbering::Roman(open, close)
            }
            _ => {
                let (word, close) = *g.pick(&[
                    ("§", ""),
                    ("§ ", "."),
                    ("Para", ":"),
                    ("Paragraph", "."),
                    ("Item", ":"),
                    ("Clause", " -"),
                    ("Point", ":"),
                    ("Step", "."),
                ]);
                Numbering::Named(word, close)
            }
        }
    }

    /// The core of clause `k` (0-based): `4.2`, `b`, `iii`, `3`.
    fn core(self, k: usize) -> String {
        match self {
            Numbering::Arabic(..) | Numbering::Named(..) => (k + 1).to_string(),
            Numbering::Section { section, sub: None } => format!("{section}.{}", k + 1),
            Numbering::Section {
                section,
                sub: Some(sub),
            } => format!("{section}.{sub}.{}", k + 1),
            Numbering::Letter(_, _, upper) => {
                let c = char::from(b'a' + (k % 26) as u8);
                if upper {
                    c.to_ascii_uppercase().to_string()
                } else {
                    c.to_string()
                }
            }
            Numbering::Roman(..) => ROMAN[k % ROMAN.len()].to_owned(),
        }
    }

    /// The label that opens clause `k`.
    fn label(self, k: usize) -> String {
        let core = self.core(k);
        match self {
            Numbering::Arabic(open, close)
            | Numbering::Letter(open, close, _)
            | Numbering::Roman(open, close) => format!("{open}{core}{close}"),
            Numbering::Section { .. } => core,
            Numbering::Named(word, close) if word.ends_with(['§', ' ']) => {
                format!("{word}{core}{close}")
            }
            Numbering::Named(word, close) => format!("{word} {core}{close}"),
        }
    }

    /// How another clause refers to clause `k`: `4.2`, `(b)`, `item 3`, `§3`.
    fn reference(self, g: &mut Gen, k: usize) -> String {
        let core = self.core(k);
        match self {
            Numbering::Arabic(..) => {
                let word = g.pw(&["step", "item", "point", "paragraph", "no."]);
                format!("{word} {core}")
            }
            Numbering::Section { .. } => core,
            Numbering::Letter(..) | Numbering::Roman(..) => {
                if g.chance(0.7) {
                    format!("({core})")
                } else {
                    format!("item {core}")
                }
            }
            Numbering::Named(word, _) if word.starts_with('§') => format!("§{core}"),
            Numbering::Named(word, _) => format!("{} {core}", word.to_lowercase()),
        }
    }
}

/// One clause of the request.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Clause {
    /// Call `k` (0-based) of the plan.
    Call(usize),
    /// Every call of the plan, with the schedule cue.
    Together,
    /// A call already made.
    Done,
    /// A sentence with a number in it that asks for nothing.
    Background,
    /// The schedule.
    Schedule,
    /// Which results to return.
    Output,
    /// The projection and row limit.
    Shaping,
}

/// Writes `refs` as a list: `4.1 and 4.2`, `(a), (b) and (c)`.
fn ref_list(t: &mut Text, refs: &[String], and: &str) {
    for (k, r) in refs.iter().enumerate() {
        if k > 0 {
            if k == refs.len() - 1 {
                t.w(and);
            } else {
                t.p(",");
            }
        }
        t.raw(r);
    }
}

/// The schedule clause, naming the call clauses (`Sequence: 1.1 then 1.2.`) or not.
fn schedule_clause(g: &mut Gen, t: &mut Text, sched: Sched, refs: &[String]) {
    if g.chance(0.4) {
        let s = pre_phrase(g, sched);
        t.w(s.trim_end_matches([':', ',']));
        t.w(g.pw(&["", "please", "if possible"]));
        t.p(".");
        return;
    }
    match (sched, g.below(4)) {
        (Sched::Serial, 0) => {
            t.w(g.pw(&["Sequence:", "Order:", "Strictly in sequence:"]));
            ref_list(t, refs, "then");
        }
        (Sched::Serial, 1) => {
            t.w(g.pw(&["Please action", "Run", "Carry out"]));
            ref_list(t, refs, "and");
            t.w(g.pw(&["in that order", "one after the other", "in sequence"]));
        }
        (Sched::Serial, 2) => {
            t.raw(&refs[refs.len() - 1]);
            t.w(g.pw(&["only once", "only after", "must wait until"]));
            t.raw(&refs[refs.len() - 2]);
            t.w(g.pw(&["is complete", "has finished", "is done"]));
        }
        (Sched::Serial, _) => {
            t.raw(&refs[0]);
            t.w("first, then");
            ref_list(t, &refs[1..], "then");
        }
        (_, 0) => {
            ref_list(t, refs, "and");
            t.w(g.pw(&[
                "may be run simultaneously",
                "can run in parallel",
                "may run concurrently",
                "at the same time, please",
            ]));
        }
        (_, 1) => {
            t.w(g.pw(&["Run", "Please action", "Carry out"]));
            ref_list(t, refs, "and");
            t.w(g.pw(&["in parallel", "concurrently", "simultaneously"]));
        }
        (_, 2) => {
            t.w("No dependency between");
            ref_list(t, refs, "and");
            t.p(":");
            t.w(g.pw(&["run them in parallel", "run them at the same time"]));
        }
        _ => {
            t.w(g.pw(&["In one parallel batch:", "Concurrently:", "All at once:"]));
            ref_list(t, refs, "and");
        }
    }
    t.p(".");
}

/// The output clause, naming the last call clause (`Only the result of 1.2 is required.`) or not.
fn output_clause(g: &mut Gen, t: &mut Text, kind: OutputKind, refs: &[String]) {
    if g.chance(0.5) {
        let s = out_phrase(g, kind, refs.len());
        t.w(s);
        t.p(".");
        return;
    }
    match kind {
        OutputKind::Last => {
            let last = &refs[refs.len() - 1];
            match g.below(3) {
                0 => {
                    t.w("Only the result of");
                    t.raw(last);
                    t.w(g.pw(&["is required", "need be reported", "is needed"]));
                }
                1 => {
                    t.w(g.pw(&["Report", "Return"]));
                    t.raw(last);
                    t.w(g.pw(&["alone", "only"]));
                }
                _ => {
                    t.w("The result of");
                    t.raw(last);
                    t.w("is all I need");
                }
            }
        }
        OutputKind::All => {
            t.w(g.pw(&[
                "Return the results of",
                "Report back on",
                "I need the results of",
            ]));
            ref_list(t, refs, "and");
        }
    }
    t.p(".");
}

/// A `clauses` record, or `None` when the draw does not fit.
pub(crate) fn clauses(g: &mut Gen) -> Option<Example> {
    let WithDone {
        specs, draft, done, ..
    } = with_done(g)?;
    let n = draft.calls.len();
    let numbering = Numbering::draw(g);
    let together = n > 1 && draft.sched != Sched::Default && g.chance(0.2);
    let mut clauses: Vec<Clause> = if together {
        vec![Clause::Together]
    } else {
        (0..n).map(Clause::Call).collect()
    };
    if g.chance(0.2) {
        let at = g.below(clauses.len() + 1);
        clauses.insert(at, Clause::Done);
    }
    if g.chance(0.25) {
        clauses.insert(0, Clause::Background);
    }
    if draft.sched != Sched::Default && !together {
        if g.chance(0.25) {
            let first = clauses.iter().position(|c| matches!(c, Clause::Call(_)))?;
            clauses.insert(first, Clause::Schedule);
        } else {
            clauses.push(Clause::Schedule);
        }
    }
    if draft.out.is_some() {
        clauses.push(Clause::Output);
    }
    if !draft.fields.is_empty() || draft.limit.is_some() {
        clauses.push(Clause::Shaping);
    }
    // The references other clauses make to the call clauses, in the order of the calls.
    let call_at: Vec<usize> = (0..n)
        .filter_map(|k| clauses.iter().position(|c| *c == Clause::Call(k)))
        .collect();
    let refs: Vec<String> = call_at
        .iter()
        .map(|&at| numbering.reference(g, at))
        .collect();
    let mut t = Text::new(case(g));
    if g.chance(0.45) {
        t.raw(g.pw(OPENINGS));
        t.newline();
    }
    let inline = g.chance(0.15);
    for (at, clause) in clauses.iter().enumerate() {
        if at > 0 && !inline {
            t.newline();
        }
        t.raw(&numbering.label(at));
        match *clause {
            Clause::Call(k) => {
                let verb = g.chance(0.4);
                call_any(g, &mut t, k + 1, &draft.calls[k], verb);
                t.p(".");
            }
            Clause::Together => {
                let s = pre_phrase(g, draft.sched);
                t.w(s);
                for (k, c) in draft.calls.iter().enumerate() {
                    let verb = if k == 0 {
                        g.chance(0.4)
                    } else {
                        join(g, &mut t, None)
                    };
                    call_any(g, &mut t, k + 1, c, verb);
                }
                t.p(".");
            }
            Clause::Done => {
                done_call(g, &mut t, &done.calls[0]);
                t.w(g.pw(&[
                    "(done)",
                    "— already actioned",
                    "(completed)",
                    "- done last week",
                ]));
                t.p(".");
            }
            // The filler sentence ends with its own stop.
            Clause::Background => number_filler(g, &mut t),
            Clause::Schedule if !together && n > 1 => {
                schedule_clause(g, &mut t, draft.sched, &refs)
            }
            Clause::Schedule => {
                let s = pre_phrase(g, draft.sched);
                t.w(s.trim_end_matches([':', ',']));
                t.p(".");
            }
            Clause::Output => {
                let kind = draft.out?;
                if !together && n > 1 {
                    output_clause(g, &mut t, kind, &refs);
                } else {
                    let s = out_phrase(g, kind, n);
                    t.w(s);
                    t.p(".");
                }
            }
            Clause::Shaping => {
                if g.chance(0.5) {
                    t.w(g.pw(&["Return", "Please show", "Report"]));
                }
                shaping_body(g, &mut t, &draft);
                t.p(".");
            }
        }
    }
    if g.chance(0.25) {
        t.newline();
        t.raw(g.pw(CLOSINGS));
    }
    finish_positive(g, t, &specs, &draft, "clauses")
}
