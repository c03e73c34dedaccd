//! `corrections` (train and dev splits only, behind [`crate::Options::corrections`]): a request
//! dictated or typed with its own corrections, as people say them. A value said and taken back
//! for another (`motion_type "motion to compel", no, "motion in limine"`, `"3", sorry, "4"`), a
//! later sentence that changes a value (`Actually make the second one 1.5.`), an argument struck
//! (`location "4B" — strike the location`), a call struck (`Scratch the last one.`), a row limit
//! or a projected field corrected (`first 3 rows, no, 4`). The plan is the corrected request:
//! the words taken back are prose and carry no label.

use super::*;
use crate::Role;

/// What comes between a value and the one that replaces it.
const IN_PLACE: &[&str] = &[
    ", no, ",
    ", no wait, ",
    " — sorry, ",
    ", sorry, ",
    ", I mean ",
    ", I mean, ",
    " — no, ",
    ", er, ",
    ", correction, ",
    " — scratch that, ",
    ", make that ",
    " ... no, ",
    ", actually ",
    ", or rather ",
    ", no, sorry, ",
    " -- no -- ",
    ", strike that, ",
    ", uh, no, ",
];

/// Ordinal words for call `k` (0-based) of `n`.
fn ordinal(g: &mut Gen, k: usize, n: usize) -> &'static str {
    if k + 1 == n && g.chance(0.5) {
        return "last";
    }
    ["first", "second", "third"][k.min(2)]
}

/// Marks that end a sentence before another one follows.
const BETWEEN: &[&str] = &[".", ".", ";", " —", "."];

/// Marks that end the instruction (or none).
const LAST: &[&str] = &[".", ".", "", "!"];

/// Ends the sentence written so far with one of `marks`, when it is not ended yet.
fn close(g: &mut Gen, t: &mut Text, marks: &[&str]) {
    if !t.buf.trim_end().ends_with(['.', '!', '?', ';']) {
        t.p(g.pw(marks));
    }
}

/// The request drawn as it is first said: one of the families people dictate in.
fn say(g: &mut Gen, t: &mut Text, d: &Draft) {
    if g.chance(0.2) {
        t.w(g.pw(&[
            "Okay.",
            "Um, okay,",
            "Right,",
            "Note:",
            "Okay so",
            "New one:",
        ]));
    }
    let fam = match g.below(6) {
        0..=2 => Family::Imperative,
        3 => Family::Chatty,
        4 => Family::Terse,
        _ if d.calls.len() > 1 && d.sched != Sched::Default => Family::Steps,
        _ => Family::CallSyntax,
    };
    write(g, t, fam, d, None);
}

/// `piece` after a space at the end of the text, labeled with `label`.
fn append(t: &mut Text, piece: &str, label: Option<crate::text::Label>) {
    let at = t.buf.len();
    t.insert(at, " ", piece, label, "");
}

/// A value other than `lit`, of the same kind, or `None` when three draws give it back.
fn other_value(g: &mut Gen, spec: &Spec, arg: &str, lit: &Lit) -> Option<Lit> {
    let kind = spec.arg_kind(arg)?;
    (0..3)
        .map(|_| values::value(g, kind))
        .find(|other| other.value != lit.value)
}

/// A value of the request said wrong: an argument drawn, the request written with another value
/// of its kind, whose label is then taken off. Returns the call (0-based), the argument, the right
/// and the wrong value, and where the wrong value ends (when it was labeled).
fn said_wrong(
    g: &mut Gen,
    t: &mut Text,
    specs: &[Spec],
    d: &Draft,
) -> Option<(usize, String, Lit, Lit, Option<usize>)> {
    let (k, i) = some_arg(g, d)?;
    let (arg, right) = d.calls[k].args[i].clone();
    let wrong = other_value(g, spec_of(specs, &d.calls[k])?, &arg, &right)?;
    let mut said = d.clone();
    said.calls[k].args[i].1 = wrong.clone();
    say(g, t, &said);
    let is_it = |s: &crate::Span| {
        s.role == Role::Value && s.call == Some(k + 1) && s.arg.as_deref() == Some(arg.as_str())
    };
    let end = t.spans.iter().find(|s| is_it(s)).map(|s| s.end);
    t.unlabel(is_it);
    Some((k, arg, right, wrong, end))
}

/// A call with arguments and one of them, at random: `(call index, argument index)`.
fn some_arg(g: &mut Gen, d: &Draft) -> Option<(usize, usize)> {
    let with_args: Vec<usize> = (0..d.calls.len())
        .filter(|&k| !d.calls[k].args.is_empty())
        .collect();
    if with_args.is_empty() {
        return None;
    }
    let k = *g.pick(&with_args);
    Some((k, g.below(d.calls[k].args.len())))
}

/// A corrected request.
pub(crate) fn corrections(g: &mut Gen) -> Option<Example> {
    let n = call_count(g);
    let size = catalog::size(g, 1);
    let mut specs = catalog::sample(g, size);
    let mut t = Text::new(case(g));
    let draft = match g.weighted(&[34, 18, 16, 16, 16]) {
        3 => {
            // The request as said has one call more than the plan.
            let mut said = draw(g, &mut specs, (n + 1).min(3), false)?;
            said.out = None;
            strike_call(g, &mut t, &said)?
        }
        4 => {
            let draft = draw(g, &mut specs, 1, false)?;
            shaping_in_place(g, &mut t, &specs, &draft)?;
            draft
        }
        form => {
            let draft = draw(g, &mut specs, n, false)?;
            let write = match form {
                0 => value_in_place,
                1 => value_later,
                _ => strike_arg,
            };
            write(g, &mut t, &specs, &draft)?;
            draft
        }
    };
    finish_positive(g, t, &specs, &draft, "corrections")
}

/// `ARG "wrong", no, "right"`: the value taken back right where it was said.
fn value_in_place(g: &mut Gen, t: &mut Text, specs: &[Spec], d: &Draft) -> Option<()> {
    let (k, arg, right, _, at) = said_wrong(g, t, specs, d)?;
    let at = at?;
    let joiner = g.pw(IN_PLACE);
    t.insert(
        at,
        joiner,
        &right.text,
        Some((Role::Value, Some(k + 1), Some(&arg))),
        "",
    );
    Some(())
}

/// `... Actually make the date "x".`: a later sentence gives the value again, and it stands.
fn value_later(g: &mut Gen, t: &mut Text, specs: &[Spec], d: &Draft) -> Option<()> {
    let (k, arg, right, wrong, _) = said_wrong(g, t, specs, d)?;
    close(g, t, BETWEEN);
    let n = d.calls.len();
    // Which call: said when another call has the same argument.
    let shared = d
        .calls
        .iter()
        .enumerate()
        .any(|(j, c)| j != k && c.args.iter().any(|(a, _)| *a == arg));
    let on = shared.then(|| ordinal(g, k, n));
    t.w(g.pw(&[
        "Actually,",
        "Actually",
        "Sorry,",
        "Wait,",
        "Correction:",
        "Hold on,",
        "Oh, and",
        "Scratch that,",
        "No wait,",
        "My mistake,",
    ]));
    let right_label = Some((Role::Value, Some(k + 1), Some(arg.as_str())));
    match g.below(4) {
        0 => {
            // "make the second one 1.5" / "make it 1.5"
            t.w("make");
            // "the second one" alone names the value when no other argument of that call has
            // its type.
            let ty = values::type_of(&right.value);
            let alone = d.calls[k]
                .args
                .iter()
                .filter(|(_, l)| values::type_of(&l.value) == ty)
                .count()
                == 1;
            match on {
                Some(o) if alone => {
                    t.w("the");
                    t.w(o);
                    t.w("one");
                }
                Some(o) => {
                    t.w("the");
                    t.raw(&arg);
                    t.w("on the");
                    t.w(o);
                    t.w("one");
                }
                None if d.calls[k].args.len() == 1 && g.chance(0.5) => t.w("it"),
                None => {
                    t.w("the");
                    t.raw(&arg);
                }
            }
            append(t, &right.text, right_label);
        }
        1 => {
            // "the date should be "x", not "y""
            if let Some(o) = on {
                t.w("on the");
                t.w(o);
                t.w(g.pw(&["one,", "call,", "one"]));
            }
            t.w("the");
            t.raw(&arg);
            t.w(g.pw(&["should be", "is", "needs to be", "has to be"]));
            append(t, &right.text, right_label);
            if g.chance(0.6) {
                t.p(",");
                t.w("not");
                t.raw(&wrong.text);
            }
        }
        2 => {
            // "change the date to "x""
            t.w(g.pw(&["change", "set", "switch", "use"]));
            t.w("the");
            t.raw(&arg);
            if let Some(o) = on {
                t.w("of the");
                t.w(o);
                t.w("one");
            }
            t.w("to");
            append(t, &right.text, right_label);
        }
        _ => {
            // "I meant "x", not "y""
            t.w(g.pw(&[
                "I meant",
                "I meant to say",
                "that should have been",
                "I said it wrong:",
            ]));
            append(t, &right.text, right_label);
            t.p(",");
            t.w("not");
            t.raw(&wrong.text);
        }
    }
    close(g, t, LAST);
    Some(())
}

/// An argument said and then struck: the plan leaves it out.
fn strike_arg(g: &mut Gen, t: &mut Text, specs: &[Spec], d: &Draft) -> Option<()> {
    // An optional argument the plan does not give, on some call.
    let mut free = Vec::new();
    for (k, c) in d.calls.iter().enumerate() {
        let spec = spec_of(specs, c)?;
        for (a, _) in &spec.args {
            if !spec.is_required(a) && !c.args.iter().any(|(b, _)| b == a) {
                free.push((k, a.clone()));
            }
        }
    }
    if free.is_empty() {
        return value_in_place(g, t, specs, d);
    }
    let (k, arg) = g.pick(&free).clone();
    let kind = spec_of(specs, &d.calls[k])?.arg_kind(&arg)?;
    let mut said = d.clone();
    let at = g.below(said.calls[k].args.len() + 1);
    said.calls[k]
        .args
        .insert(at, (arg.clone(), values::value(g, kind)));
    say(g, t, &said);
    let is_it = |s: &crate::Span| s.call == Some(k + 1) && s.arg.as_deref() == Some(arg.as_str());
    let value_end = t
        .spans
        .iter()
        .find(|s| s.role == Role::Value && is_it(s))?
        .end;
    t.unlabel(is_it);
    if g.chance(0.4) {
        // Right after the value: `location "4B" — no, leave that out`.
        let aside = g.pw(&[
            " — strike that",
            ", no, scratch that",
            " (strike that)",
            ", actually leave that out",
            " — no, skip that one",
            ", no, forget that",
        ]);
        t.insert(value_end, aside, "", None, "");
        return Some(());
    }
    close(g, t, BETWEEN);
    let n = d.calls.len();
    let shared = d
        .calls
        .iter()
        .enumerate()
        .any(|(j, c)| j != k && spec_of(specs, c).is_some_and(|s| s.has_arg(&arg)));
    t.w(g.pw(&[
        "Strike the",
        "Scratch the",
        "Actually drop the",
        "Leave off the",
        "Forget the",
        "Never mind the",
        "Take out the",
        "Actually, no",
    ]));
    t.raw(&arg);
    if shared {
        t.w(g.pw(&["on the", "for the", "in the"]));
        t.w(ordinal(g, k, n));
        if g.chance(0.5) {
            t.w("one");
        }
    }
    if g.chance(0.35) {
        t.p(",");
        t.w(g.pw(&[
            "we'll sort that out later",
            "it's not needed",
            "we don't know it yet",
            "leave it blank",
            "not sure about it",
        ]));
    }
    close(g, t, LAST);
    Some(())
}

/// A call said and then struck (`Scratch the last one.`); returns the plan of the calls that
/// stand.
fn strike_call(g: &mut Gen, t: &mut Text, said: &Draft) -> Option<Draft> {
    let n = said.calls.len();
    if n < 2 {
        return None;
    }
    say(g, t, said);
    let k = if g.chance(0.55) { n - 1 } else { g.below(n) };
    t.forget_call(k + 1);
    close(g, t, BETWEEN);
    let tool = said.calls[k].tool.clone();
    let unique = said.calls.iter().filter(|c| c.tool == tool).count() == 1;
    let which = ordinal(g, k, n);
    match g.below(3) {
        0 if unique => {
            t.w(g.pw(&[
                "Actually skip the",
                "Never mind the",
                "Drop the",
                "Forget the",
                "Scratch the",
            ]));
            t.raw(&tool);
            t.w(g.pw(&["one", "call", "part", ""]));
        }
        1 => {
            t.w(g.pw(&[
                "Scratch the",
                "Strike the",
                "Forget the",
                "Never mind the",
                "Actually, skip the",
                "Drop the",
                "Cancel the",
            ]));
            t.w(which);
            t.w(g.pw(&["one", "one", "call", "step", "request"]));
        }
        _ => {
            t.w(g.pw(&["Scratch that", "Strike that", "Wait, no", "Actually"]));
            t.p(",");
            t.w(g.pw(&[
                "don't do the",
                "no need for the",
                "leave out the",
                "I don't need the",
            ]));
            t.w(which);
            t.w(g.pw(&["one", "call", "step"]));
        }
    }
    close(g, t, LAST);
    let mut plan = said.clone();
    plan.calls.remove(k);
    Some(plan)
}

/// `first 3 rows, no, 4` or `name, no, email`: the row limit or a field taken back.
fn shaping_in_place(g: &mut Gen, t: &mut Text, specs: &[Spec], d: &Draft) -> Option<()> {
    let spec = spec_of(specs, &d.calls[0])?;
    let others: Vec<&String> = spec
        .props
        .iter()
        .filter(|p| !d.fields.contains(p))
        .collect();
    let mut said = d.clone();
    let joiner = g.pw(IN_PLACE);
    if let Some(right) = d
        .limit
        .clone()
        .filter(|_| d.fields.is_empty() || g.chance(0.5))
    {
        let wrong = (0..3).map(|_| limit_value(g)).find(|w| *w != right)?;
        said.limit = Some(wrong);
        say(g, t, &said);
        let at = t.spans.iter().find(|s| s.role == Role::Limit)?.end;
        t.unlabel(|s| s.role == Role::Limit);
        t.insert(at, joiner, &right, Some((Role::Limit, None, None)), "");
        return Some(());
    }
    if d.fields.is_empty() || others.is_empty() {
        return value_in_place(g, t, specs, d);
    }
    let i = g.below(d.fields.len());
    let right = d.fields[i].clone();
    said.fields[i] = g.pick(&others).to_string();
    say(g, t, &said);
    let wrong = said.fields[i].clone();
    let bare = |text: &str| text.trim_matches(['"', '`', '\'']).to_owned();
    let (at, written) = {
        let buf = &t.buf;
        let s = t
            .spans
            .iter()
            .find(|s| s.role == Role::Field && bare(&buf[s.start..s.end]) == wrong)?;
        (s.end, buf[s.start..s.end].replace(&wrong, &right))
    };
    t.unlabel(|s| s.role == Role::Field && s.end == at);
    t.insert(at, joiner, &written, Some((Role::Field, None, None)), "");
    Some(())
}
