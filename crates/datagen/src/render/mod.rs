//! Positive examples: a plan drawn at random, then written in English by one template family.
//!
//! A family fixes the frame of the sentence (imperative, call syntax, JSON arguments, arguments
//! first, one tool named for several calls, numbered steps, chatty, terse, with a decoy tool; for
//! the test split only, questions, bullet lists and labeled forms; for the train and dev splits
//! only, what the user wants, calls with their reasons, pasted pseudo-code and short memos; behind an
//! option, `echo`: a plain-word tool said as prose and as the tool; behind another, `markdown`:
//! headings, bold labels and bullet lists; behind a third, `asides`: remarks that use the words
//! of unsupported structures without asking for one; behind others, `notes`: calls already made
//! listed before the ones to make now, `corrections`: values, arguments, calls or row limits
//! said and taken back, `quoted`: a reply to a quoted message, `repeated`: a tool called again
//! after a call, `marked`: lists of calls marked done or to do, `clauses`: numbered clauses, and
//! `tickets`: a ticket's fields, of which only the request is the plan). Inside the frame every
//! choice is drawn independently: verbs, argument styles, joiners, cue words and where they stand,
//! output and projection phrases, filler, punctuation and the casing of the prose.
//!
//! Layout: this module draws the family and writes a positive ([`positive`], [`minimal`]);
//! `draw` draws the plan, a [`Draft`]; `call` writes one call (verbs, tool mentions, argument
//! styles, call syntax, JSON); `schedule` and `output` write the schedule and output cues;
//! `shaping` the projection and row-limit phrases; `words` holds the verbs, tool words and polite
//! phrases. One module per family: `imperative` (also `call_syntax` and `json_args`),
//! `args_first`, `implied`, `shared_tool`, `steps`, `chatty`, `terse` and `decoy`; `test_only`
//! holds the three test-only families, `train_only` the four train-only ones, and `echo`,
//! `markdown` and `asides` the optional ones.

use codemode_plan::{Call, Mode, Output, OutputKind, Plan, ReturnKind};
use serde_json::{Map, Number, Value};

use crate::catalog::{self, Spec};
use crate::text::{Case, Text};
use crate::values::{self, Lit};
use crate::vocab::{self, Kind};
use crate::{Example, Expected, Gen, Meta, Split, Unsupported};

mod args_first;
mod asides;
mod call;
mod chatty;
mod clauses;
mod corrections;
mod decoy;
mod draw;
mod echo;
mod foreign_fields;
mod imperative;
mod implied;
mod markdown;
mod marked;
mod notes;
mod output;
mod quoted;
mod repeated;
mod schedule;
mod shaping;
mod shared_tool;
mod shared_values;
mod steps;
mod terse;
mod test_only;
mod tickets;
mod train_only;
mod words;

pub(crate) use asides::positive as asides;
pub(crate) use clauses::clauses;
pub(crate) use corrections::corrections;
pub(crate) use echo::positive as echo;
pub(crate) use foreign_fields::foreign_fields;
pub(crate) use markdown::positive as markdown;
pub(crate) use marked::marked;
pub(crate) use notes::notes;
pub(crate) use quoted::quoted;
#[cfg(test)]
pub(crate) use quoted::{OWN as QUOTED_OWN, SAME as QUOTED_SAME};
pub(crate) use repeated::repeated;
pub(crate) use shared_values::shared_values;
pub(crate) use tickets::tickets;
#[cfg(test)]
pub(crate) use tickets::{CRITERIA_HEADS, DONE_HEADS, NOTE_HEADS, OUT_HEADS, REQUEST_HEADS};
// The writers every family shares; the families' modules take them with `use super::*`.
use call::*;
use imperative::*;
use output::*;
use schedule::*;
use shaping::*;
use words::*;
// What the negatives (`crate::negative`) write with.
pub(crate) use call::{args, call_any, call_natural, mention, piece, plain_list, verb};
pub(crate) use draw::{call_count, draw, draw_args, limit_value};
pub(crate) use imperative::{CallForm, imperative};
pub(crate) use schedule::post_cue;
// The families.
use args_first::args_first;
use chatty::chatty;
use decoy::{decoy_intro, decoy_outro};
use implied::{implied_name, word_form};
use shared_tool::shared_tool;
use steps::steps;
use terse::terse;
use test_only::{bullets, labels, question};
use train_only::{memo, pseudo, reasons, wants};

/// One call as it will be written.
#[derive(Debug, Clone)]
pub(crate) struct DCall {
    pub(crate) tool: String,
    pub(crate) args: Vec<(String, Lit)>,
}

/// The spec of the tool `c` calls.
pub(crate) fn spec_of<'a>(specs: &'a [Spec], c: &DCall) -> Option<&'a Spec> {
    specs.iter().find(|s| s.name == c.tool)
}

/// Which schedule cue the instruction carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sched {
    /// No word about it: serial by default.
    Default,
    /// An explicit sequence cue.
    Serial,
    /// An explicit concurrency cue.
    Parallel,
}

/// A plan before it is written: the calls and the cues that decide the rest.
#[derive(Debug, Clone)]
pub(crate) struct Draft {
    pub(crate) calls: Vec<DCall>,
    pub(crate) sched: Sched,
    pub(crate) out: Option<OutputKind>,
    pub(crate) fields: Vec<String>,
    pub(crate) limit: Option<String>,
}

impl Draft {
    /// The canonical plan.
    pub(crate) fn plan(&self) -> Plan {
        let n = self.calls.len();
        let mode = match (n, self.sched) {
            (1, _) => Mode::Single,
            (_, Sched::Parallel) => Mode::Parallel,
            _ => Mode::Serial,
        };
        let kind = self.out.unwrap_or(if n == 1 {
            OutputKind::Last
        } else {
            OutputKind::All
        });
        let limit = self.limit.as_deref().and_then(|l| match Lit::parse(l) {
            Some(Lit {
                value: Value::Number(n),
                ..
            }) => Some(n),
            _ => None,
        });
        Plan {
            mode,
            calls: self
                .calls
                .iter()
                .map(|c| {
                    let mut args = Map::new();
                    for (name, lit) in &c.args {
                        args.insert(name.clone(), lit.value.clone());
                    }
                    Call {
                        tool: c.tool.clone(),
                        args,
                    }
                })
                .collect(),
            output: Output {
                kind,
                fields: (!self.fields.is_empty()).then(|| self.fields.clone()),
                limit: limit.map(|n: Number| n),
            },
        }
    }
}

/// The families of positive templates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    Imperative,
    CallSyntax,
    JsonArgs,
    ArgsFirst,
    SharedTool,
    Steps,
    Chatty,
    Terse,
    Decoy,
    Question,
    Bullets,
    Labels,
    Implied,
    Wants,
    Reasons,
    Pseudo,
    Memo,
}

impl Family {
    fn id(self) -> &'static str {
        match self {
            Family::Imperative => "imperative",
            Family::CallSyntax => "call_syntax",
            Family::JsonArgs => "json_args",
            Family::ArgsFirst => "args_first",
            Family::SharedTool => "shared_tool",
            Family::Steps => "steps",
            Family::Chatty => "chatty",
            Family::Terse => "terse",
            Family::Decoy => "decoy",
            Family::Question => "question",
            Family::Bullets => "bullets",
            Family::Labels => "labels",
            Family::Implied => "implied_name",
            Family::Wants => "wants",
            Family::Reasons => "reasons",
            Family::Pseudo => "pseudo",
            Family::Memo => "memo",
        }
    }
}

/// Draws the family of a positive: the shared ones, and the test-only or train-only ones by split.
fn family(g: &mut Gen) -> Family {
    let shared = [
        (Family::Imperative, 28),
        (Family::CallSyntax, 8),
        (Family::JsonArgs, 5),
        (Family::ArgsFirst, 8),
        (Family::SharedTool, 9),
        (Family::Steps, 11),
        (Family::Chatty, 13),
        (Family::Terse, 7),
        (Family::Decoy, 5),
        (Family::Implied, 3),
    ];
    let test_only = [
        (Family::Question, 10),
        (Family::Bullets, 9),
        (Family::Labels, 7),
    ];
    // Train and dev only: together about 15% of their positives. The test split draws exactly as
    // it did before they were added.
    let train_only = [
        (Family::Wants, 5),
        (Family::Reasons, 4),
        (Family::Pseudo, 4),
        (Family::Memo, 4),
    ];
    let mut all: Vec<(Family, u32)> = shared.to_vec();
    if g.split == Split::Test {
        all.extend(test_only);
    } else {
        all.extend(train_only);
    }
    let weights: Vec<u32> = all.iter().map(|(_, w)| *w).collect();
    all[g.weighted(&weights)].0
}

/// A positive example.
pub(crate) fn positive(g: &mut Gen) -> Option<Example> {
    let fam = family(g);
    let mut n = call_count(g);
    if fam == Family::SharedTool && n == 1 {
        n = 2 + g.below(2);
    }
    let size = catalog::size(g, if fam == Family::Decoy { 2 } else { 1 });
    let mut specs = catalog::sample(g, size);
    let mut draft = draw(g, &mut specs, n, fam == Family::SharedTool)?;
    let decoy = if fam == Family::Decoy {
        let used: Vec<&str> = draft.calls.iter().map(|c| c.tool.as_str()).collect();
        let free: Vec<&Spec> = specs
            .iter()
            .filter(|s| !used.contains(&s.name.as_str()))
            .collect();
        if free.is_empty() {
            return None;
        }
        Some(g.pick(&free).name.clone())
    } else {
        None
    };
    if fam == Family::Decoy && decoy.is_none() {
        return None;
    }
    // The argument of call 1 that may go unnamed: the only one of its type in the tool.
    let implied = if fam == Family::Implied {
        let spec = specs.iter().find(|s| s.name == draft.calls[0].tool)?;
        let unique: Vec<&String> = draft.calls[0]
            .args
            .iter()
            .map(|(a, _)| a)
            .filter(|a| {
                let ty = spec.arg_kind(a).map(Kind::ty);
                let only_of_type = ty != Some(codemode_plan::ArgType::Boolean)
                    && spec.args.iter().filter(|(_, k)| Some(k.ty()) == ty).count() == 1;
                only_of_type || word_form(a).is_some()
            })
            .collect();
        if unique.is_empty() {
            None
        } else {
            Some(g.pick(&unique).to_string())
        }
    } else {
        None
    };
    if let Some(arg) = &implied {
        // The unnamed value is written first: args keep mention order.
        let args = &mut draft.calls[0].args;
        if let Some(at) = args.iter().position(|(a, _)| a == arg) {
            let moved = args.remove(at);
            args.insert(0, moved);
        }
    }
    let fam = match fam {
        Family::Implied if implied.is_none() => Family::Imperative,
        Family::ArgsFirst
            if draft.calls[0].args.is_empty()
                || (draft.calls.len() > 1 && draft.sched == Sched::Parallel) =>
        {
            Family::Imperative
        }
        Family::Steps if draft.calls.len() == 1 || draft.sched == Sched::Default => {
            Family::Imperative
        }
        other => other,
    };
    let mut t = Text::new(case(g));
    if let Some(arg) = &implied {
        implied_name(g, &mut t, &draft, arg);
    } else {
        write(g, &mut t, fam, &draft, decoy.as_deref());
    }
    finish_positive(g, t, &specs, &draft, fam.id())
}

/// The example a written positive makes, or `None` when the checker refuses its plan.
pub(crate) fn finish_positive(
    g: &Gen,
    t: Text,
    specs: &[Spec],
    draft: &Draft,
    template: &str,
) -> Option<Example> {
    let (instruction, spans) = t.finish();
    let plan = draft.plan();
    if codemode_plan::check::check(&plan, &catalog::catalog(specs)).is_err() {
        return None;
    }
    Some(Example {
        instruction,
        tools: catalog::json(specs),
        expected: Expected::Plan(plan),
        meta: Meta {
            template: template.to_owned(),
            split: g.split,
            unsupported: None,
            spans,
        },
        refused_plan: None,
    })
}

/// Writes `d` in family `fam`.
fn write(g: &mut Gen, t: &mut Text, fam: Family, d: &Draft, decoy: Option<&str>) {
    match fam {
        Family::Imperative => imperative(g, t, d, CallForm::Natural),
        Family::CallSyntax => imperative(g, t, d, CallForm::Syntax),
        Family::JsonArgs => imperative(g, t, d, CallForm::Json),
        Family::ArgsFirst => args_first(g, t, d),
        Family::SharedTool => shared_tool(g, t, d),
        Family::Steps => steps(g, t, d),
        Family::Chatty => chatty(g, t, d),
        Family::Terse => terse(g, t, d),
        Family::Decoy => {
            let decoy = decoy.unwrap_or("x");
            if g.chance(0.3) {
                imperative(g, t, d, CallForm::Natural);
                decoy_outro(g, t, decoy);
            } else {
                decoy_intro(g, t, decoy);
                imperative_with(g, t, d, CallForm::Natural, false);
            }
        }
        Family::Question => question(g, t, d),
        Family::Bullets => bullets(g, t, d),
        Family::Labels => labels(g, t, d),
        Family::Implied => imperative(g, t, d, CallForm::Natural),
        Family::Wants => wants(g, t, d),
        Family::Reasons => reasons(g, t, d),
        Family::Pseudo => pseudo(g, t, d),
        Family::Memo => memo(g, t, d),
    }
}

/// Ends a sentence with a random mark (or none).
pub(crate) fn end(g: &mut Gen, t: &mut Text) {
    let mark = g.pw(&[".", ".", ".", "", "!", ".", "...", "?"]);
    t.p(mark);
}

/// Writes a filler sentence (`Quick one.`), in train and dev sometimes one around a number.
pub(crate) fn filler(g: &mut Gen, t: &mut Text) {
    // The test split never gets here twice: it draws exactly as before.
    if g.split != Split::Test && g.chance(0.3) {
        train_only::number_filler(g, t);
        return;
    }
    let f = *g.pick(vocab::half(
        g.split,
        vocab::FILLERS_TRAIN,
        vocab::FILLERS_TEST,
    ));
    t.w(f);
}

/// Draws the casing of the prose.
pub(crate) fn case(g: &mut Gen) -> Case {
    match g.weighted(&[70, 18, 5, 7]) {
        0 => Case::Sentence,
        1 => Case::Lower,
        2 => Case::Upper,
        _ => Case::Title,
    }
}

/// The shortest positive: `Call NAME.` over a one-tool catalog.
pub(crate) fn minimal(g: &mut Gen) -> Example {
    let mut spec = catalog::tool(g, ("item", "items"), &[]);
    spec.required.clear();
    let mut t = Text::new(Case::Sentence);
    t.w("call");
    t.tool(&spec.name, 1, false);
    t.p(".");
    let (instruction, spans) = t.finish();
    let plan = Plan {
        mode: Mode::Single,
        calls: vec![Call {
            tool: spec.name.clone(),
            args: Map::new(),
        }],
        output: Output::plain(OutputKind::Last),
    };
    Example {
        instruction,
        tools: catalog::json(std::slice::from_ref(&spec)),
        expected: Expected::Plan(plan),
        meta: Meta {
            template: "minimal".to_owned(),
            split: g.split,
            unsupported: None::<Unsupported>,
            spans,
        },
        refused_plan: None,
    }
}
