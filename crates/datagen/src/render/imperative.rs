//! The `imperative` family (and `call_syntax`, `json_args`, which write its calls in call syntax
//! or JSON): calls joined by joiners, with the schedule cue, output cue and shaping where they
//! belong, and sometimes an argument said far from its call. `decoy` and `chatty` write with it
//! too.

use super::*;

/// How the imperative family writes each call: plain words, call syntax or JSON arguments.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum CallForm {
    Natural,
    Syntax,
    Json,
}

/// Writes call `k` in `form`, maybe with a verb.
fn write_call(g: &mut Gen, t: &mut Text, form: CallForm, k: usize, c: &DCall, with_verb: bool) {
    match form {
        CallForm::Natural => call_any(g, t, k, c, with_verb),
        CallForm::Syntax => {
            if with_verb && g.chance(0.3) {
                verb(g, t);
            }
            call_syntax(g, t, k, c);
        }
        CallForm::Json => {
            if with_verb && g.chance(0.5) {
                verb(g, t);
            }
            call_json(g, t, k, c);
        }
    }
}

/// The arguments of the last call split into those written with it and those written apart.
fn split_far(g: &mut Gen, c: &DCall) -> (DCall, Vec<(String, Lit)>) {
    let mut near = c.clone();
    let mut far = Vec::new();
    if c.args.len() >= 2 && g.chance(0.15) {
        far.push(
            near.args
                .pop()
                .unwrap_or_else(|| (String::new(), Lit::string(""))),
        );
    } else if c.args.len() == 1 && g.chance(0.06) {
        far = std::mem::take(&mut near.args);
    }
    (near, far)
}

/// Ways to say an argument value far from its call: (before, name first?, between, after). The
/// first 6 are drawn in every split, the rest only in train and dev.
const FAR_FORMS: &[(&str, bool, &str, &str)] = &[
    ("the", true, "should be", ""),
    ("make sure", true, "is", ""),
    ("oh, and the", true, "is", ""),
    ("for", true, ", use", ""),
    ("it needs", true, "", ""),
    ("and", false, "goes in as the", ""),
    ("oh and set", true, "to", ""),
    ("", true, "should be", "btw"),
    ("also,", true, "needs to be", ""),
    ("forgot to say:", true, "is", ""),
    ("use", false, "for the", ""),
    ("and please set the", true, "to", ""),
];
const FAR_FORMS_SHARED: usize = 6;

/// Writes the arguments [`split_far`] kept apart, each in a clause of its own after the call.
fn far_args(g: &mut Gen, t: &mut Text, call: usize, far: &[(String, Lit)]) {
    for (name, lit) in far {
        t.p(g.pw(&[".", ";", ",", " —"]));
        // The test split draws exactly as before the train-only forms existed.
        let form = if g.split == Split::Test {
            g.below(FAR_FORMS_SHARED)
        } else {
            g.below(FAR_FORMS.len())
        };
        let (before, name_first, between, after) = FAR_FORMS[form];
        t.w(before);
        if name_first {
            t.argname(name, call, false);
            piece(t, between);
            t.value(lit, call, name);
        } else {
            t.value(lit, call, name);
            piece(t, between);
            t.argname(name, call, false);
        }
        t.w(after);
    }
}

/// Calls joined by joiners, with the schedule cue, output cue and shaping where they belong.
pub(crate) fn imperative(g: &mut Gen, t: &mut Text, d: &Draft, form: CallForm) {
    imperative_with(g, t, d, form, true);
}

/// [`imperative`], optionally without openers (filler, "I have 2 calls:", a leading cue), for
/// use after a polite phrase.
pub(super) fn imperative_with(g: &mut Gen, t: &mut Text, d: &Draft, form: CallForm, openers: bool) {
    let n = d.calls.len();
    if openers && g.chance(0.12) {
        filler(g, t);
    }
    if openers && n >= 2 && g.chance(0.1) {
        let w = g.pt(
            &["Run these", "I have", "Here are", "Do these"],
            &[
                "Please run these",
                "There are",
                "I've got",
                "We need",
                "Handle these",
            ],
        );
        t.w(w);
        t.w(&n.to_string());
        t.w(g.pt(
            &["checks:", "things:", "calls:", "steps:"],
            &[
                "requests:",
                "lookups:",
                "commands:",
                "quick ones:",
                "operations:",
            ],
        ));
    }
    if openers && n == 1 && g.chance(0.06) {
        t.w(g.pt(
            &["First,", "First of all,", "To start,"],
            &["Okay so", "Alright,", "So,", "Right,", "Quick one:"],
        ));
    }
    let out_first = openers && d.out.is_some() && g.chance(0.15);
    if let (true, Some(kind)) = (out_first, d.out) {
        let s = match kind {
            OutputKind::All => g.pt(
                &[
                    "I need every result:",
                    "Return all results:",
                    "Give me each result —",
                    "Collect everything from these:",
                ],
                &[
                    "I want every result back:",
                    "Return everything from these:",
                    "Give me all the outputs —",
                    "Keep every result:",
                    "All results, please —",
                    "Show me each output:",
                ],
            ),
            OutputKind::Last => g.pt(
                &[
                    "Only the final result matters:",
                    "I just need the last result:",
                    "Return only the last call's result —",
                    "Just the final output, please:",
                ],
                &[
                    "Only the last result counts:",
                    "I only want the final output:",
                    "Just return the last call's result —",
                    "Last result only:",
                    "Only the final call's output matters:",
                    "Give me just the last output —",
                ],
            ),
        };
        t.w(s);
    }
    let mut place = cue_place(g, d.sched);
    if !openers && place == Place::Pre {
        place = Place::Post;
    }
    if place == Place::Pre {
        pre_cue(g, t, d.sched);
    }
    if openers && place == Place::Join && d.sched == Sched::Serial && g.chance(0.15) {
        t.w(g.pt(
            &["first", "first,", "to begin,"],
            &["firstly,", "to start,", "first off,", "first of all,"],
        ));
    }
    let shaping_pre = n == 1 && form == CallForm::Natural && g.chance(0.15);
    let mut with_verb = true;
    if shaping_pre && (!d.fields.is_empty() || d.limit.is_some()) {
        // `give me the first 10 rows (of) id and name from f ...`: noun phrases only.
        t.w(g.pt(
            &["give me", "show me", "return", "get", "fetch"],
            &["I want", "I need", "bring back", "send me", "grab", "pull"],
        ));
        if let Some(l) = &d.limit {
            let (pre, post) = *g.pick_or(
                &[
                    ("the first", "rows"),
                    ("the top", ""),
                    ("at most", "rows"),
                    ("up to", "rows"),
                    ("only the first", "entries"),
                    ("max", "rows"),
                    ("the first", ""),
                ],
                &[
                    ("the first", "results"),
                    ("the first", "entries"),
                    ("no more than", "rows"),
                    ("at most", "results"),
                    ("up to", "entries"),
                    ("just the first", ""),
                    ("the top", "rows"),
                    ("only the first", "items"),
                ],
            );
            t.w(pre);
            t.limit(l);
            t.w(post);
            if !d.fields.is_empty() {
                t.w(g.pt(
                    &["with", "of", "with only", "keeping just"],
                    &["showing only", "keeping only", "with just", "and only"],
                ));
            }
        }
        if !d.fields.is_empty() {
            if d.limit.is_none() {
                t.w(g.pt(
                    &["only", "just", "the", "only the"],
                    &["just the", "solely"],
                ));
            }
            field_list(g, t, &d.fields);
            let noun = if d.fields.len() > 1 {
                g.pt(&["fields", "columns", ""], &["properties", "attributes"])
            } else {
                g.pt(&["field", "column", ""], &["property", "attribute"])
            };
            t.w(noun);
        }
        t.w(g.pt(
            &["from", "of", "returned by"],
            &["out of", "as returned by", "coming from"],
        ));
        with_verb = false;
    }
    for (k, c) in d.calls.iter().enumerate() {
        if k > 0 {
            let cue = (place == Place::Join && (k == 1 || g.chance(0.6))).then_some(d.sched);
            with_verb = join(g, t, cue);
        }
        if shaping_pre {
            call_natural(g, t, k + 1, c, false);
        } else if k == n - 1 && form == CallForm::Natural {
            let (near, far) = split_far(g, c);
            write_call(g, t, form, k + 1, &near, with_verb);
            far_args(g, t, k + 1, &far);
        } else {
            write_call(g, t, form, k + 1, c, with_verb);
        }
    }
    if place == Place::Post {
        post_cue(g, t, d.sched);
    }
    if let (false, Some(kind)) = (out_first, d.out) {
        out_cue(g, t, kind, n);
    }
    if !shaping_pre {
        shaping_after(g, t, d);
    }
    end(g, t);
    if g.chance(0.08) {
        filler(g, t);
    }
}
