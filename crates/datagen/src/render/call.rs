//! Writing one call: a piece of prose, a verb, a tool mention, the arguments in one of many
//! styles, call syntax (`f(a: 1)`), JSON arguments (`f({"a": 1})`), arguments first.

use super::*;

/// Writes a piece that may start with punctuation: glued when it does, spaced otherwise.
pub(crate) fn piece(t: &mut Text, s: &str) {
    if s.starts_with([',', ';', '.', ':', '!', '?', ')']) {
        let (head, rest) = s.split_at(1);
        t.p(head);
        t.w(rest.trim_start());
    } else {
        t.w(s.trim_start());
    }
}

/// Writes a request verb (`call`, `run`, `fetch`, ...).
pub(crate) fn verb(g: &mut Gen, t: &mut Text) {
    let v = g.phrase(VERBS, VERBS_EXTRA, VERBS_TEST);
    t.w(v);
}

/// A tool mention that starts `call`, maybe with "the" before and "tool" after.
pub(crate) fn mention(g: &mut Gen, t: &mut Text, name: &str, call: usize) {
    let the = g.chance(0.12);
    if the {
        t.w("the");
    }
    let ticks = g.chance(0.3);
    let parens = if g.chance(0.05) { "()" } else { "" };
    t.tool_with(name, call, ticks, parens);
    if the || g.chance(0.06) {
        let w = g.pt(TOOL_WORDS, TOOL_WORDS_EXTRA);
        t.w(w);
    }
}

/// How one argument is written beside its value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Plain,
    Colon,
    Equals,
    SetTo,
    WhereIs,
    As,
    Of,
    For,
    Possessive,
    EqualTo,
    ValueName,
}

/// Draws an argument style.
fn style(g: &mut Gen) -> Style {
    match g.weighted(&[26, 14, 9, 9, 8, 8, 5, 6, 5, 4, 4]) {
        0 => Style::Plain,
        1 => Style::Colon,
        2 => Style::Equals,
        3 => Style::SetTo,
        4 => Style::WhereIs,
        5 => Style::As,
        6 => Style::Of,
        7 => Style::For,
        8 => Style::Possessive,
        9 => Style::EqualTo,
        _ => Style::ValueName,
    }
}

/// Writes one argument in style `st` (`team "blue"`, `team: "blue"`, `"blue" as the team`, ...).
fn one_arg(g: &mut Gen, t: &mut Text, st: Style, first: bool, call: usize, name: &str, lit: &Lit) {
    let st = if st == Style::ValueName && !lit.value.is_number() {
        Style::Plain
    } else {
        st
    };
    match st {
        Style::ValueName => {
            // `for 3 days`, `with 20 per_page`
            if first {
                t.w(g.pw(&["with", "for", "using"]));
            }
            t.value(lit, call, name);
            t.argname(name, call, false);
        }
        Style::Plain | Style::Colon | Style::Equals => {
            if first {
                let intro = g.pt(
                    &[
                        "with", "for", "using", "", ":", "passing", "given", "—", "with the",
                    ],
                    &[
                        "w/",
                        "taking",
                        "providing",
                        "supplying",
                        "and pass",
                        "setting",
                    ],
                );
                piece(t, intro);
            }
            t.argname(name, call, false);
            match st {
                Style::Colon => {
                    t.p(":");
                }
                Style::Equals => {
                    if g.chance(0.5) {
                        t.p("=");
                        t.tight();
                    } else {
                        t.w("=");
                    }
                }
                _ => {}
            }
            t.value(lit, call, name);
        }
        Style::SetTo => {
            let (pre, mid) = if first {
                *g.pick(&[
                    ("with", "set to"),
                    ("setting", "to"),
                    ("with", "set as"),
                    ("and set", "to"),
                ])
            } else {
                *g.pick(&[("", "set to"), ("", "to"), ("set", "to")])
            };
            t.w(pre);
            t.argname(name, call, false);
            t.w(mid);
            t.value(lit, call, name);
        }
        Style::WhereIs => {
            let pre = if first {
                g.pw(&["where the", "where", "whose", "such that the"])
            } else {
                g.pw(&["the", "", "where the"])
            };
            t.w(pre);
            t.argname(name, call, false);
            t.w(g.pt(
                &["is", "is", "equals", "should be"],
                &["is set to", "being", "needs to be", "must be"],
            ));
            t.value(lit, call, name);
        }
        Style::As => {
            if first {
                let pre = g.pw(&["passing", "with", "using", "", "giving it"]);
                t.w(pre);
            }
            t.value(lit, call, name);
            t.w(g.pw(&["as the", "as", "as its"]));
            t.argname(name, call, false);
        }
        Style::Of => {
            if first {
                t.w("with");
            }
            t.w(g.pw(&["a", "an", "the"]));
            t.argname(name, call, false);
            t.w("of");
            t.value(lit, call, name);
        }
        Style::For => {
            if first {
                let pre = g.pw(&["using", "with", "and use", "putting"]);
                t.w(pre);
            }
            t.value(lit, call, name);
            t.w(g.pw(&["for the", "for", "in"]));
            t.argname(name, call, false);
        }
        Style::Possessive => {
            let (pre, mid) = if first {
                *g.pick(&[
                    ("and set its", "to"),
                    (", its", "being"),
                    ("setting its", "to"),
                    ("with its", "set to"),
                    ("with its", "as"),
                ])
            } else {
                *g.pick(&[("its", "to"), ("its", "being"), ("set its", "to")])
            };
            piece(t, pre);
            t.argname(name, call, false);
            t.w(mid);
            t.value(lit, call, name);
        }
        Style::EqualTo => {
            if first {
                t.w("with");
            }
            t.argname(name, call, false);
            t.w(g.pt(
                &["equal to", "equals", "of", "->", "=>", "at"],
                &["is", ":=", "set to", "as"],
            ));
            t.value(lit, call, name);
        }
    }
}

/// Writes the arguments of one call after its tool mention, in their order.
pub(crate) fn args(g: &mut Gen, t: &mut Text, call: usize, args: &[(String, Lit)]) {
    if args.is_empty() {
        if g.chance(0.15) {
            let w = g.pt(
                &[
                    "with no arguments",
                    "without arguments",
                    "as is",
                    "with defaults",
                ],
                &[
                    "without any arguments",
                    "with the defaults",
                    "with default values",
                    "with nothing passed",
                    "as-is",
                    "with default settings",
                ],
            );
            t.w(w);
        }
        return;
    }
    let mut st = style(g);
    let n = args.len();
    for (i, (name, lit)) in args.iter().enumerate() {
        if i > 0 {
            if g.chance(0.25) {
                st = style(g);
            }
            let sep = if i == n - 1 {
                g.pw(&[" and", ", and", ",", " and"])
            } else {
                g.pw(&[",", ",", " and", ";"])
            };
            piece(t, sep);
        }
        one_arg(g, t, st, i == 0, call, name, lit);
    }
}

/// Call syntax: `name(a: v, b: w)` or `name(a=v)`.
pub(crate) fn call_syntax(g: &mut Gen, t: &mut Text, call: usize, c: &DCall) {
    t.tool(&c.tool, call, false);
    if g.chance(0.15) {
        t.w("(");
    } else {
        t.p("(");
    }
    let sep = g.pw(&[":", "=", ": ", " = ", "="]);
    for (i, (name, lit)) in c.args.iter().enumerate() {
        if i > 0 {
            t.p(",");
        }
        if i == 0 {
            t.tight();
        }
        t.argname(name, call, false);
        t.p(sep.trim());
        if !sep.ends_with(' ') {
            t.tight();
        }
        t.value(lit, call, name);
    }
    t.p(")");
}

/// JSON arguments: `name({"a": v})`, `name {"a": v}` or `name with {"a": v}`.
pub(crate) fn call_json(g: &mut Gen, t: &mut Text, call: usize, c: &DCall) {
    let form = g.below(3);
    t.tool(&c.tool, call, form == 2 && g.chance(0.4));
    match form {
        0 => t.p("("),
        1 => {}
        _ => t.w(g.pt(&["with", "using", "passing"], &["given", "w/", "taking"])),
    }
    if form == 0 {
        t.p("{");
    } else {
        t.w("{");
    }
    for (i, (name, lit)) in c.args.iter().enumerate() {
        if i > 0 {
            t.p(",");
        }
        if i == 0 {
            t.tight();
        }
        t.argname(name, call, true);
        t.p(":");
        t.value(lit, call, name);
    }
    t.p("}");
    if form == 0 {
        t.p(")");
    }
}

/// A plain call: verb (maybe), tool, arguments.
pub(crate) fn call_natural(g: &mut Gen, t: &mut Text, call: usize, c: &DCall, with_verb: bool) {
    if with_verb {
        verb(g, t);
    }
    mention(g, t, &c.tool, call);
    args(g, t, call, &c.args);
}

/// A call in whichever form suits the family: mostly natural, sometimes call syntax or JSON.
pub(crate) fn call_any(g: &mut Gen, t: &mut Text, call: usize, c: &DCall, with_verb: bool) {
    match g.weighted(&[74, 12, 8, 6]) {
        0 => call_natural(g, t, call, c, with_verb),
        3 if with_verb && !c.args.is_empty() => {
            // Arguments first: `for id 5, call get_user`.
            t.w(g.pt(
                &["with", "for", "using", "given"],
                &["passing", "w/", "taking"],
            ));
            plain_list(g, t, call, &c.args);
            t.p(",");
            verb(g, t);
            mention(g, t, &c.tool, call);
        }
        3 => call_natural(g, t, call, c, with_verb),
        1 => {
            if with_verb && g.chance(0.5) {
                verb(g, t);
            }
            call_syntax(g, t, call, c);
        }
        _ => {
            if with_verb && g.chance(0.5) {
                verb(g, t);
            }
            call_json(g, t, call, c);
        }
    }
}

/// Arguments as `name value` (or `name: value`) pairs joined by commas and "and".
pub(crate) fn plain_list(g: &mut Gen, t: &mut Text, call: usize, args: &[(String, Lit)]) {
    let colon = g.chance(0.3);
    for (i, (name, lit)) in args.iter().enumerate() {
        if i > 0 {
            let sep = if i == args.len() - 1 { " and" } else { "," };
            piece(t, sep);
        }
        if g.chance(0.15) {
            t.value(lit, call, name);
            t.w("as");
            t.argname(name, call, false);
        } else {
            t.argname(name, call, false);
            if colon {
                t.p(":");
            }
            t.value(lit, call, name);
        }
    }
}
