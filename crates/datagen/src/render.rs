//! Positive examples: a plan drawn at random, then written in English by one template family.
//!
//! A family fixes the frame of the sentence (imperative, call syntax, JSON arguments, arguments
//! first, one tool named for several calls, numbered steps, chatty, terse, with a decoy tool; for
//! the test split only, questions, bullet lists and labeled forms; for the train and dev splits
//! only, what the user wants, calls with their reasons, pasted pseudo-code and short memos; behind an
//! option, `echo`: a plain-word tool said as prose and as the tool; behind another, `markdown`:
//! headings, bold labels and bullet lists; behind a third, `asides`: remarks that use the words
//! of unsupported structures without asking for one). Inside the frame every
//! choice is drawn independently: verbs, argument styles, joiners, cue words and where they stand,
//! output and projection phrases, filler, punctuation and the casing of the prose.

use codemode_plan::{Call, Mode, Output, OutputKind, Plan, ReturnKind};
use serde_json::{Map, Number, Value};

use crate::catalog::{self, Spec};
use crate::text::{Case, Text};
use crate::values::{self, Lit};
use crate::vocab::{self, Kind};
use crate::{Example, Expected, Gen, Meta, Split, Unsupported};

mod asides;
mod echo;
mod markdown;
mod train_only;

pub(crate) use asides::positive as asides;
pub(crate) use echo::positive as echo;
pub(crate) use markdown::positive as markdown;
use train_only::{memo, pseudo, reasons, wants};

/// One call as it will be written.
#[derive(Debug, Clone)]
pub(crate) struct DCall {
    pub(crate) tool: String,
    pub(crate) args: Vec<(String, Lit)>,
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

// ---------------------------------------------------------------------------------------------
// Word pools shared by every family.

const VERBS: &[&str] = &[
    "call",
    "use",
    "run",
    "invoke",
    "fetch",
    "get me",
    "look up",
    "hit",
    "query",
    "trigger",
    "execute",
    "fire off",
    "please call",
    "please run",
    "go ahead and call",
    "I need you to call",
    "can you run",
    "kick off",
    "check",
    "try",
    "grab",
    "make a call to",
    "call out to",
    "launch",
    "do",
    "ask",
    "pull from",
    "request",
    "pls run",
    "plz call",
    "can u run",
    "u can call",
];
const VERBS_TEST: &[&str] = &[
    "dispatch",
    "perform",
    "fire up",
    "poke",
    "consult",
    "have a go at",
    "spin up",
    "reach out to",
];

// Paraphrases that only the train and dev splits draw (see `Gen::pt`): more ways to say the same
// cue, so that the network learns the cue and not one wording of it. None of them is a test-only
// phrase, and drawing them leaves the test split unchanged.
const VERBS_EXTRA: &[&str] = &[
    "retrieve",
    "start",
    "go ahead and run",
    "would you run",
    "call up",
    "send a request to",
    "initiate",
    "look into",
    "pull",
    "go run",
    "hit up",
    "just call",
    "go and call",
    "quickly run",
    "could you call",
    "pls call",
    "plz run",
    "make use of",
    "utilize",
    "utilise",
    "leverage",
    "run a call to",
    "do a call to",
    "shoot a request to",
    "execute a call to",
    "I want you to run",
    "you should call",
    "we need to call",
    "let's run",
    "lets call",
    "need you to run",
    "try calling",
    "try running",
    "just run",
    "just use",
    "simply call",
    "make a request to",
    "access",
    "send a call to",
    "go hit",
];
const SERIAL_JOIN_EXTRA: &[&str] = &[
    ", and after that",
    ". Afterwards,",
    "; after that,",
    ". Later,",
    ", and next",
    ", next",
    ". Once it finishes,",
    ". After it returns,",
    ", and right after,",
    ". Right after that,",
    "; afterwards",
    " and, once it's done,",
    ", and when it's done,",
    ", and following that,",
    ". Following that,",
    ", after which",
    ". Once done,",
    ", once done,",
    ". After it's done,",
    ", and after it's done,",
    " and after that",
    ", afterward",
    ". Afterward,",
    ". As soon as it's done,",
    ", and as soon as that's done,",
    ", and only then",
    ", then after that",
    " ->",
    ", then later",
    ". When done,",
    "; when done,",
    ". After this,",
    ". Next up,",
    ". Then afterwards,",
    ", and thereafter",
    ". Thereafter,",
    ". After this one finish,",
    ". Once that's over,",
];
const NEUTRAL_JOIN_EXTRA: &[&str] = &[
    " and also",
    ". Plus,",
    ", and additionally",
    ". In addition,",
    ". Additionally,",
    ". Also,",
    ", also",
    "; also",
    ". Besides that,",
    ". Oh and",
    ", oh and also",
    ". And also",
    "; and",
    ", along with",
    " along with",
    ". Another thing:",
    ". Furthermore,",
    ". Moreover,",
    " and, also,",
];
const PARALLEL_JOIN_EXTRA: &[&str] = &[
    ", and meanwhile",
    ", and concurrently",
    " together with",
    ", while at the same time",
    " in parallel with",
    ", and alongside that,",
    ". Meanwhile,",
    ". At the same time,",
    ". Simultaneously,",
    ". Concurrently,",
    ", and in parallel",
    ", in parallel with",
    ", running alongside",
    " simultaneously with",
    " side by side with",
    ", and during that time",
    ". While that's running,",
    ". In parallel,",
    ", and parallel to that,",
    ", and concurrently with that,",
    ", and without waiting for it,",
    " and meanwhile",
    ", and simultaneously also",
];
const SERIAL_PRE_EXTRA: &[&str] = &[
    "In this order:",
    "One by one:",
    "Sequential, please:",
    "In the order given:",
    "These must not overlap:",
    "Don't do these at the same time:",
    "No concurrency here:",
    "Order matters:",
    "One after the other:",
    "In succession:",
    "Consecutively:",
    "Back to back:",
    "Sequentially, please:",
    "In sequence, please:",
    "In the listed order:",
    "Please go in order:",
    "Do them one by one:",
    "Run these one after the other:",
    "No parallel execution, please:",
    "Not concurrently:",
    "Not at the same time:",
    "Don't overlap these:",
    "Let each finish before the next starts:",
    "pls do these in order:",
    "Sequence matters:",
    "in order pls:",
    "One thing at a time:",
    "Go one by one:",
    "In turn:",
];
const SERIAL_POST_EXTRA: &[&str] = &[
    ", in the order given",
    ", in this order",
    ". They must not overlap",
    ", waiting for each one to finish",
    ", not concurrently",
    ". Order matters",
    ". Run them in order, please",
    ". They shouldn't run at once",
    ", never at the same time",
    ", one after the other",
    ", in succession",
    ", consecutively",
    ", back to back",
    " in turn",
    ", in the listed order",
    ", in that exact order",
    ", in exactly this order",
    ". One at a time, please",
    ". Not at the same time",
    ", not all at once",
    ". Don't run them together",
    ". Let each one finish before starting the next",
    ". Finish each before moving on",
    " in order pls",
    ", one by one please",
    ". Sequence matters",
    ". No overlapping",
    ". Go through them one by one",
    ". Do them in the order I listed",
    ", not simultaneously",
    ". Never run them concurrently",
];
const PARALLEL_PRE_EXTRA: &[&str] = &[
    "Concurrently, please:",
    "All together:",
    "At once:",
    "In parallel if possible,",
    "Parallel, please:",
    "No need to wait between these:",
    "Run these side by side:",
    "Both at once:",
    "Simultaneously, please:",
    "At one go:",
    "In one go:",
    "Together:",
    "Concurrently:",
    "All at the same time:",
    "In parallel please:",
    "Same time:",
    "Run these simultaneously:",
    "Run all of these together:",
    "These are independent, run them together:",
    "No ordering needed:",
    "Order doesn't matter, run them all at the same time:",
    "Don't wait between these:",
    "Kick these off together:",
    "Fire them all off together:",
    "parallel pls:",
    "At the same time please:",
    "Concurrently if you can:",
    "All in one batch:",
    "As a single batch:",
    "Asynchronously:",
    "Fan these out:",
    "In any order:",
    "Async, all of them:",
    "With Promise.all:",
];
const PARALLEL_POST_EXTRA: &[&str] = &[
    ", concurrently please",
    ". Run them all at once",
    ". Start them together",
    " at once",
    ". They're independent, so run them together",
    ". No ordering needed",
    ", without waiting between them",
    ". Run them in parallel if you can",
    ", together",
    ". Kick them off simultaneously",
    ", running at the same time",
    ", simultaneously",
    " all together",
    ", at the same time please",
    ", in one go",
    " in one go",
    ", at one go",
    ". Run them simultaneously",
    ". Run them side by side",
    ". Do them all at the same time",
    ". They don't depend on each other, run them together",
    ". Order doesn't matter, run them at the same time",
    ". No need to wait for one to finish",
    ", no waiting between them",
    ". Fire them all off together",
    ", as a single batch",
    ", in a single parallel batch",
    " in parallel pls",
    ", all simultaneously",
    ". Let them run together",
    ". No need to go one by one",
    ". They can all run at the same time",
    ", asynchronously",
    ". Fan them out",
    ", in any order",
    " via Promise.all",
    ". The order doesn't matter",
];
const OUT_ALL_EXTRA: &[&str] = &[
    "give me every result",
    "show me everything",
    "I need all of the results",
    "return the results of every call",
    "send me all outputs",
    "give me back everything",
    "I want to see every output",
    "all results, please",
    "I want all the results",
    "return every result",
    "give me the results of all calls",
    "send me every result",
    "return results from each call",
    "show every result",
    "I need to see all of them",
    "give me every output",
    "return all outputs",
    "keep every result",
    "all outputs pls",
    "return the output of each call",
    "I want each call's result",
    "give me all the outputs",
    "every result please",
    "show me the results of all of them",
];
const OUT_LAST_EXTRA: &[&str] = &[
    "only the final result matters",
    "return the last call's output only",
    "just the last output, please",
    "all I need is the last result",
    "only show the final call's result",
    "I care about the last call's result only",
    "only return the final result",
    "I just need the final result",
    "give me just the last result",
    "return just the final call's output",
    "just the final output",
    "only the last output matters",
    "show me only the last result",
    "I only care about the final result",
    "only keep the final result",
    "last result only",
    "only the last one, please",
    "only need the final output",
    "return the final call's result only",
    "I'm only interested in the last result",
    "the rest don't matter, just the last result",
];

const TOOL_WORDS: &[&str] = &["tool", "endpoint", "function", "API", "action", "command"];
const TOOL_WORDS_EXTRA: &[&str] = &["method", "operation", "service"];

const SERIAL_JOIN: &[&str] = &[
    ", then",
    "; then",
    ", and then",
    ". Then",
    ", after that",
    ". After that,",
    ", followed by",
    "; next,",
    ". Next,",
    ". Once that's done,",
    ", and once that's done,",
    ", and afterwards",
    " and then",
    " then",
    ". When that finishes,",
    " — then",
];
const SERIAL_JOIN_TEST: &[&str] = &[". Subsequently,", ", and after it completes,"];

const NEUTRAL_JOIN: &[&str] = &[
    " and",
    ",",
    ";",
    ". Also",
    ", and also",
    ", plus",
    ". And",
    " as well as",
    ", and",
    " &",
];

const PARALLEL_JOIN: &[&str] = &[
    ", and at the same time",
    ", and in the meantime",
    " while also",
    ", and simultaneously",
    " alongside",
    ", concurrently with",
];

const SERIAL_PRE: &[&str] = &[
    "One after another:",
    "In order:",
    "Sequentially,",
    "One at a time,",
    "In sequence:",
    "Step by step,",
    "Do these in order:",
    "Not in parallel — one at a time:",
    "Don't run these concurrently:",
];
const SERIAL_PRE_TEST: &[&str] = &["Serially:", "Strictly in sequence,"];

const SERIAL_POST: &[&str] = &[
    ", one after another",
    ", in that order",
    " sequentially",
    ", one at a time",
    " in sequence",
    " — not in parallel, one at a time",
    ". Don't run them concurrently",
    ". Do not run them in parallel",
    ", strictly in order",
    ". No need to run them at the same time",
    ", sequentially, not simultaneously",
    ". Wait for each to finish before the next",
    ". Please don't do them at once",
    ", one by one",
    ". Run them serially",
];
const SERIAL_POST_TEST: &[&str] = &[
    ", each waiting for the previous one",
    ". Keep them strictly sequential",
];

const PARALLEL_PRE: &[&str] = &[
    "In parallel,",
    "At the same time,",
    "Concurrently,",
    "Simultaneously,",
    "All at once,",
    "In one parallel batch,",
    "Side by side,",
    "Run together:",
    "In parallel:",
    "Fire these off at once:",
    "Without waiting for each other,",
];
const PARALLEL_PRE_TEST: &[&str] = &["In tandem,", "Parallelize this:"];

const PARALLEL_POST: &[&str] = &[
    " in parallel",
    " at the same time",
    " concurrently",
    " simultaneously",
    ", all at once",
    " side by side",
    " in one parallel batch",
    ". Run them together",
    ". Do them in parallel",
    ", no need to wait between them",
    ". Don't wait for one before starting the next",
    ", in parallel please",
    " all at the same time",
    ". They can run concurrently",
    ". There's no need to do them in order",
    ", all together",
    " as one batch",
];
const PARALLEL_POST_TEST: &[&str] = &[" in tandem", ". Launch them together"];

const OUT_ALL: &[&str] = &[
    "return everything",
    "give me all results",
    "return all the results",
    "give me each result",
    "return each result",
    "I want every result back",
    "send back all of them",
    "show me all outputs",
    "collect all results",
    "keep all the results",
    "return all of it",
];
const OUT_ALL_TEST: &[&str] = &["hand me the full set of results", "report every outcome"];
const OUT_LAST: &[&str] = &[
    "return only the last result",
    "just give me the final result",
    "I only need the result of the last call",
    "only the last one matters",
    "return just what the final call returns",
    "keep only the last call's result",
    "just the result of the last call",
    "give me only the final output",
    "only return the last result",
    "I just want the last result",
    "the last result is enough",
];
const OUT_LAST_TEST: &[&str] = &[
    "the final output is enough",
    "discard everything but the last result",
];

const POLITE: &[&str] = &[
    "could you please",
    "would you",
    "I'd like you to",
    "when you get a chance,",
    "if possible,",
    "if you can,",
    "please",
    "kindly",
    "I was hoping you could",
    "if it's not too much trouble,",
];
const POLITE_EXTRA: &[&str] = &[
    "can you",
    "do me a favor and",
    "would you mind running",
    "any chance you could",
    "when you have a minute,",
    "pls",
    "can you please",
    "could u",
    "can u pls",
    "I'd love it if you could",
    "would you be able to",
    "whenever you can,",
    "at your convenience,",
    "if you have time,",
    "would you kindly",
    "please could you",
    "I'd really like you to",
    "help me out and",
    "quick favor:",
    "if it's okay,",
    "when you're free,",
    "sorry, can you",
];

// ---------------------------------------------------------------------------------------------
// Small writers.

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

/// Where a schedule cue goes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    None,
    Pre,
    Join,
    Post,
}

/// Decides where the schedule cue of a multi-call draft is written.
pub(crate) fn cue_place(g: &mut Gen, sched: Sched) -> Place {
    match sched {
        Sched::Default => Place::None,
        Sched::Serial => [Place::Join, Place::Join, Place::Pre, Place::Post][g.below(4)],
        Sched::Parallel => [Place::Pre, Place::Post, Place::Post, Place::Join][g.below(4)],
    }
}

pub(crate) fn pre_cue(g: &mut Gen, t: &mut Text, sched: Sched) {
    let s = pre_phrase(g, sched);
    t.w(s);
}

/// The phrase [`pre_cue`] writes (one draw).
fn pre_phrase(g: &mut Gen, sched: Sched) -> &'static str {
    match sched {
        Sched::Serial => g.phrase(SERIAL_PRE, SERIAL_PRE_EXTRA, SERIAL_PRE_TEST),
        _ => g.phrase(PARALLEL_PRE, PARALLEL_PRE_EXTRA, PARALLEL_PRE_TEST),
    }
}

pub(crate) fn post_cue(g: &mut Gen, t: &mut Text, sched: Sched) {
    let s = post_phrase(g, sched);
    piece(t, s);
}

/// The phrase [`post_cue`] writes (one draw), with its leading punctuation.
fn post_phrase(g: &mut Gen, sched: Sched) -> &'static str {
    match sched {
        Sched::Serial => g.phrase(SERIAL_POST, SERIAL_POST_EXTRA, SERIAL_POST_TEST),
        _ => g.phrase(PARALLEL_POST, PARALLEL_POST_EXTRA, PARALLEL_POST_TEST),
    }
}

/// A joiner between two calls; returns whether the next call should keep its verb.
pub(crate) fn join(g: &mut Gen, t: &mut Text, cue_here: Option<Sched>) -> bool {
    let s = match cue_here {
        Some(Sched::Serial) => g.phrase(SERIAL_JOIN, SERIAL_JOIN_EXTRA, SERIAL_JOIN_TEST),
        Some(Sched::Parallel) => g.pt(PARALLEL_JOIN, PARALLEL_JOIN_EXTRA),
        _ => g.pt(NEUTRAL_JOIN, NEUTRAL_JOIN_EXTRA),
    };
    piece(t, s);
    let sentence = s.starts_with('.');
    // After `followed by`, `alongside`, `as well as`, `plus`, `&`: a bare tool, no verb.
    let bare = [
        "with",
        "alongside",
        "as well as",
        "followed by",
        "plus",
        "&",
        "while also",
    ]
    .iter()
    .any(|w| s.ends_with(w));
    sentence || (!bare && g.chance(0.6))
}

/// The output cue for a multi-call draft, as a clause or sentence at the end.
pub(crate) fn out_cue(g: &mut Gen, t: &mut Text, kind: OutputKind, n: usize) {
    let s = out_phrase(g, kind, n);
    let lead = g.pw(&[", and", ";", ".", " —", ","]);
    piece(t, lead);
    t.w(s);
}

/// The phrase [`out_cue`] writes after its lead (drawn first, as [`out_cue`] always has).
fn out_phrase(g: &mut Gen, kind: OutputKind, n: usize) -> &'static str {
    match kind {
        OutputKind::All => {
            if n == 2 && g.chance(0.3) {
                g.pt(
                    &[
                        "give me both results",
                        "return both",
                        "I need both",
                        "both results, please",
                    ],
                    &[
                        "both, please",
                        "return both results",
                        "send back both",
                        "show me both",
                        "I want both results",
                        "keep both results",
                    ],
                )
            } else if n == 3 && g.chance(0.25) {
                g.pt(
                    &["return all three results", "give me all 3 results"],
                    &[
                        "all three results, please",
                        "I need all three",
                        "return all three",
                    ],
                )
            } else {
                g.phrase(OUT_ALL, OUT_ALL_EXTRA, OUT_ALL_TEST)
            }
        }
        OutputKind::Last => g.phrase(OUT_LAST, OUT_LAST_EXTRA, OUT_LAST_TEST),
    }
}

/// Writes an enumeration of fields: `a and b`, `a, b, c`, `a, then b, then c`.
pub(crate) fn field_list(g: &mut Gen, t: &mut Text, fields: &[String]) {
    // Styles 5.. are train-only; the test split draws exactly as it always has.
    let style = if g.split == Split::Test {
        g.below(5)
    } else {
        g.below(10)
    };
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            let last = i == fields.len() - 1;
            let sep = match style {
                0 => {
                    if last {
                        " and"
                    } else {
                        ","
                    }
                }
                1 => ",",
                2 => ", then",
                3 => {
                    if last {
                        ", and"
                    } else {
                        ","
                    }
                }
                4 => {
                    if last {
                        " plus"
                    } else {
                        ","
                    }
                }
                5 => {
                    if last {
                        " &"
                    } else {
                        ","
                    }
                }
                6 => " and",
                7 => {
                    if last {
                        " as well as"
                    } else {
                        ","
                    }
                }
                8 => {
                    if last {
                        ", plus"
                    } else {
                        ","
                    }
                }
                _ => {
                    if last {
                        " and also"
                    } else {
                        ";"
                    }
                }
            };
            piece(t, sep);
        }
        t.field(f);
    }
}

/// A projection phrase: `only id and name`, `just the email field`, `fields: a, b`.
pub(crate) fn fields_phrase(g: &mut Gen, t: &mut Text, fields: &[String]) {
    let plural = fields.len() > 1;
    // 0..11 shared, 11..13 test-only, 13.. train-only: the test split draws exactly as before.
    let form = if g.split == Split::Test {
        g.below(13)
    } else {
        match g.below(11 + 36) {
            i if i < 11 => i,
            i => i + 2,
        }
    };
    match form {
        0 => {
            t.w("only");
            field_list(g, t, fields);
        }
        1 => {
            t.w("just the");
            field_list(g, t, fields);
            t.w(if plural { "fields" } else { "field" });
        }
        2 => {
            t.w("keep only");
            field_list(g, t, fields);
        }
        3 => {
            t.w("fields");
            t.p(":");
            field_list(g, t, fields);
        }
        4 => {
            t.w("return");
            field_list(g, t, fields);
        }
        5 => {
            t.w("I only need");
            field_list(g, t, fields);
        }
        6 => {
            t.w("select");
            field_list(g, t, fields);
        }
        7 => {
            t.w("project to");
            field_list(g, t, fields);
        }
        8 => {
            t.w("only the");
            field_list(g, t, fields);
            t.w(if plural { "columns" } else { "column" });
        }
        9 => {
            t.w("show");
            field_list(g, t, fields);
            t.w("only");
        }
        10 => {
            t.w("with just");
            field_list(g, t, fields);
        }
        11 => {
            t.w("trim it down to");
            field_list(g, t, fields);
        }
        12 => {
            t.w("strip everything except");
            field_list(g, t, fields);
        }
        _ => fields_phrase_train(g, t, fields, form - 13),
    }
}

/// The train-only projection phrases (`form` in `0..36`).
fn fields_phrase_train(g: &mut Gen, t: &mut Text, fields: &[String], form: usize) {
    let plural = fields.len() > 1;
    // A phrase before the list, and a word after it (or none).
    let (pre, post): (&str, &str) = match form {
        0 => ("only keep", ""),
        1 => ("keep just", ""),
        2 => ("just", ""),
        3 => ("only the", if plural { "fields" } else { "field" }),
        4 => ("", "only"),
        5 => ("", if plural { "fields only" } else { "field only" }),
        6 => ("restrict the output to", ""),
        7 => ("narrow it to", ""),
        8 => ("pick out", ""),
        9 => ("pull out", ""),
        10 => ("I just want", ""),
        11 => ("only include", ""),
        12 => ("include only", ""),
        13 => ("with only", ""),
        14 => (
            "only the",
            if plural {
                g.pw(&["properties", "attributes", "keys"])
            } else {
                g.pw(&["property", "attribute", "key"])
            },
        ),
        15 => (
            "just the",
            if plural {
                "columns, please"
            } else {
                "column, please"
            },
        ),
        16 => ("returning only", ""),
        17 => ("showing only", ""),
        18 => ("just show", ""),
        19 => ("only show", ""),
        20 => ("display only", ""),
        21 => ("give me just", ""),
        22 => ("I only care about", ""),
        23 => ("columns", ""),
        24 => ("output only", ""),
        25 => ("nothing else, just", ""),
        // Phrasings whose other words also say rows, a filter or an aggregate elsewhere
        // (`everything other than the first 3 rows`, `cut it off at 5 rows`, `break them down by
        // region`): here the object is a field, so it is a projection.
        26 => ("drop everything but", ""),
        27 => ("remove everything other than", ""),
        28 => ("discard all fields besides", ""),
        29 => ("keep nothing but", ""),
        30 => ("", "and nothing else"),
        31 => ("cut it down to", ""),
        32 => ("reduce it to", ""),
        33 => ("throw away everything apart from", ""),
        34 => ("slim the output down to", ""),
        _ => ("limit the output to", ""),
    };
    if pre == "columns" {
        t.w(pre);
        t.p(":");
    } else {
        t.w(pre);
    }
    field_list(g, t, fields);
    t.w(post);
}

/// A row-limit phrase: `first 10 rows`, `at most 10`, `top 3`, `limit the rows to 25`.
pub(crate) fn limit_phrase(g: &mut Gen, t: &mut Text, n: &str) {
    let forms: &[(&str, &str)] = &[
        ("first", "rows"),
        ("at most", "rows"),
        ("at most", ""),
        ("top", ""),
        ("limit the rows to", ""),
        ("no more than", "results"),
        ("just", "rows"),
        ("cap it at", "rows"),
        ("the first", ""),
        ("", "rows max"),
        ("only the first", "entries"),
        ("up to", "rows"),
        ("max", "rows"),
        ("limit it to", "rows"),
        ("only", "rows"),
        ("the first", "items"),
    ];
    // Train-only forms: one draw over `forms` and these together (see `Gen::pick_or`).
    let extra: &[(&str, &str)] = &[
        ("no more than", "rows"),
        ("not more than", "rows"),
        ("at most", "results"),
        ("at most", "entries"),
        ("at most", "items"),
        ("up to", "results"),
        ("up to", "entries"),
        ("up to", ""),
        ("cap at", ""),
        ("cap the results at", ""),
        ("limit the results to", ""),
        ("limit the output to", "rows"),
        ("with a cap of", "rows"),
        ("a limit of", "rows"),
        ("capped at", "rows"),
        ("capped at", ""),
        ("just the first", ""),
        ("only the first", "rows"),
        ("only the first", ""),
        ("the first", "results"),
        ("the first", "entries"),
        ("first", "results"),
        ("first", "items"),
        ("first", ""),
        ("", "rows at most"),
        ("", "results max"),
        ("", "rows tops"),
        ("", "rows or fewer"),
        ("", "or fewer rows"),
        ("", "entries max"),
        ("", "rows only"),
        ("only", "results"),
        ("only", "entries"),
        ("just", "results"),
        ("just", "entries"),
        ("no more than", "entries"),
        ("never more than", "rows"),
        ("keep it to", "rows"),
        ("cut it off at", "rows"),
        ("stop after", "rows"),
        ("truncate to", "rows"),
        ("show the first", ""),
        ("only give me", "rows"),
        ("I only need", "rows"),
        ("top", "rows"),
        ("top", "results"),
        ("pls just", "rows"),
        ("at most", "rows, please"),
    ];
    let test_forms: &[(&str, &str)] = &[("a maximum of", "rows"), ("the initial", "rows")];
    let (pre, post) = if g.split == Split::Test && g.chance(0.2) {
        *g.pick(test_forms)
    } else {
        *g.pick_or(forms, extra)
    };
    t.w(pre);
    let word = g.number_word(n);
    t.limit(word.unwrap_or(n));
    t.w(post);
}

/// Projection and limit of a one-call draft, after the call.
pub(crate) fn shaping_after(g: &mut Gen, t: &mut Text, d: &Draft) {
    if d.fields.is_empty() && d.limit.is_none() {
        return;
    }
    let lead = g.pw(&[",", " —", ";", ".", ", and", ":"]);
    piece(t, lead);
    if lead == "." && g.chance(0.5) {
        t.w(g.pt(
            &["give me", "return", "I want", "show me"],
            &["I need", "I'd like", "please give me", "send me"],
        ));
    }
    shaping_body(g, t, d);
}

/// The projection and limit phrases of [`shaping_after`], without its lead.
fn shaping_body(g: &mut Gen, t: &mut Text, d: &Draft) {
    let fields_first = g.chance(0.6);
    let both = !d.fields.is_empty() && d.limit.is_some();
    if fields_first && !d.fields.is_empty() {
        fields_phrase(g, t, &d.fields);
    }
    if let Some(limit) = &d.limit {
        if both && fields_first {
            let sep = g.pt(&[",", " and", ", and", ";", " —"], &[", plus", " and also"]);
            piece(t, sep);
        }
        limit_phrase(g, t, limit);
    }
    if !fields_first && !d.fields.is_empty() {
        if both {
            let sep = g.pt(&[",", " and", ", and", ";", " —"], &[", plus", " and also"]);
            piece(t, sep);
        }
        fields_phrase(g, t, &d.fields);
    }
}

/// Ends a sentence with a random mark (or none).
pub(crate) fn end(g: &mut Gen, t: &mut Text) {
    let mark = g.pw(&[".", ".", ".", "", "!", ".", "...", "?"]);
    t.p(mark);
}

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

pub(crate) fn case(g: &mut Gen) -> Case {
    match g.weighted(&[70, 18, 5, 7]) {
        0 => Case::Sentence,
        1 => Case::Lower,
        2 => Case::Upper,
        _ => Case::Title,
    }
}

// ---------------------------------------------------------------------------------------------
// Drawing a plan.

/// Arguments for one call of `spec`: every required one, some optional ones, in a random order.
pub(crate) fn draw_args(g: &mut Gen, spec: &Spec, keep: Option<&[String]>) -> Vec<(String, Lit)> {
    let mut out: Vec<(String, Lit)> = Vec::new();
    for (name, kind) in &spec.args {
        let chosen = match keep {
            Some(names) => names.contains(name),
            None => spec.is_required(name) || g.chance(0.5),
        };
        if chosen {
            out.push((name.clone(), values::value(g, *kind)));
        }
    }
    g.shuffle(&mut out);
    out
}

/// Hazard argument names that look like cues (`limit`, `count`, `last`, ...).
fn hazard_arg(g: &mut Gen) -> (&'static str, Kind) {
    if g.chance(0.7) {
        return *g.pick(vocab::ARGS_SHARED);
    }
    match g.split {
        Split::Train | Split::Dev => *g.pick(&[("retries", Kind::Small), ("status", Kind::Code)]),
        Split::Test => *g.pick(&[
            ("max_results", Kind::Count),
            ("sortKey", Kind::Code),
            ("size", Kind::Count),
        ]),
    }
}

/// Adds a cue-like argument to `spec` when it has room.
pub(crate) fn add_hazard_arg(g: &mut Gen, spec: &mut Spec) {
    let (name, kind) = hazard_arg(g);
    if spec.args.len() < 4 && !spec.has_arg(name) {
        spec.args.push((name.to_owned(), kind));
        if g.chance(0.4) {
            spec.required.push(name.to_owned());
        }
    }
}

/// A limit literal in 0–100.
pub(crate) fn limit_value(g: &mut Gen) -> String {
    if g.chance(0.6) {
        (g.pw(&["3", "5", "10", "20", "25", "50", "100", "1", "15", "30"])).to_owned()
    } else {
        g.range(0, 101).to_string()
    }
}

/// How many calls: one (45%), two (35%) or three (20%).
pub(crate) fn call_count(g: &mut Gen) -> usize {
    1 + g.weighted(&[45, 35, 20])
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

/// Draws a valid draft of `n` calls over `specs` (which it may adjust: an array tool for shaping,
/// a cue-like argument).
pub(crate) fn draw(g: &mut Gen, specs: &mut [Spec], n: usize, shared: bool) -> Option<Draft> {
    let mut calls = Vec::with_capacity(n);
    if shared {
        let with_args: Vec<usize> = (0..specs.len())
            .filter(|&i| !specs[i].args.is_empty())
            .collect();
        let i = if with_args.is_empty() {
            let i = g.below(specs.len());
            add_hazard_arg(g, &mut specs[i]);
            if specs[i].args.is_empty() {
                return None;
            }
            i
        } else {
            *g.pick(&with_args)
        };
        let spec = &specs[i];
        let mut names: Vec<String> = spec.required.clone();
        for (a, _) in &spec.args {
            if !names.contains(a) && (names.is_empty() || g.chance(0.25)) {
                names.push(a.clone());
            }
        }
        let first = draw_args(g, spec, Some(&names));
        let order: Vec<String> = first.iter().map(|(a, _)| a.clone()).collect();
        calls.push(DCall {
            tool: spec.name.clone(),
            args: first,
        });
        for _ in 1..n {
            let args = order
                .iter()
                .map(|a| {
                    let kind = spec.arg_kind(a).unwrap_or(Kind::Team);
                    (a.clone(), values::value(g, kind))
                })
                .collect();
            calls.push(DCall {
                tool: spec.name.clone(),
                args,
            });
        }
    } else {
        let mut prev: Option<usize> = None;
        for k in 0..n {
            let i = match prev {
                Some(p) if g.chance(0.2) => p,
                _ => g.below(specs.len()),
            };
            if n == 1 && k == 0 {
                if g.chance(0.3) {
                    catalog::make_array(g, &mut specs[i], 2);
                }
                if specs[i].kind == ReturnKind::Array && g.chance(0.2) {
                    add_hazard_arg(g, &mut specs[i]);
                }
            } else if g.chance(0.08) {
                add_hazard_arg(g, &mut specs[i]);
            }
            let spec = &specs[i];
            calls.push(DCall {
                tool: spec.name.clone(),
                args: draw_args(g, spec, None),
            });
            prev = Some(i);
        }
    }
    let sched = if n == 1 {
        Sched::Default
    } else {
        [Sched::Default, Sched::Serial, Sched::Parallel][g.weighted(&[34, 30, 36])]
    };
    let out = if n == 1 {
        None
    } else {
        [None, Some(OutputKind::All), Some(OutputKind::Last)][g.weighted(&[50, 25, 25])]
    };
    let mut fields = Vec::new();
    let mut limit = None;
    if n == 1 {
        let spec = specs.iter().find(|s| s.name == calls[0].tool)?;
        if spec.kind == ReturnKind::Array && !spec.props.is_empty() {
            if g.chance(0.45) {
                let k = 1 + g.below(spec.props.len().min(3));
                let mut props = spec.props.clone();
                g.shuffle(&mut props);
                props.truncate(k);
                fields = props;
            }
            if g.chance(0.4) {
                limit = Some(limit_value(g));
            }
        } else if spec.kind == ReturnKind::Array && g.chance(0.4) {
            limit = Some(limit_value(g));
        }
    }
    Some(Draft {
        calls,
        sched,
        out,
        fields,
        limit,
    })
}

// ---------------------------------------------------------------------------------------------
// The families.

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

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum CallForm {
    Natural,
    Syntax,
    Json,
}

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
fn imperative_with(g: &mut Gen, t: &mut Text, d: &Draft, form: CallForm, openers: bool) {
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

/// Call 1 gives the value of `arg` without naming it (`get_weather for "Hobart"`): the tool has no
/// other argument of that type. A stretch beyond the contract, kept in its own family.
/// Words that name an argument without its exact name (`titled "X"` for `title`).
fn word_form(arg: &str) -> Option<&'static [&'static str]> {
    Some(match arg {
        "title" => &["titled", "called"],
        "assignee" => &["assigned to"],
        "name" => &["named"],
        "tag" => &["tagged", "tagged with"],
        "owner" => &["owned by"],
        "query" => &["searching for", "matching"],
        "author" => &["written by"],
        "artist" => &["by the artist"],
        "destination" => &["going to", "bound for"],
        "origin" => &["leaving from", "departing"],
        "recipient" => &["addressed to"],
        _ => return None,
    })
}

fn implied_name(g: &mut Gen, t: &mut Text, d: &Draft, arg: &str) {
    let first = &d.calls[0];
    verb(g, t);
    mention(g, t, &first.tool, 1);
    match word_form(arg) {
        Some(forms) => t.w(g.pw(forms)),
        None => t.w(g.pt(
            &["for", "on", "with", "about", "using", "", "regarding"],
            &["concerning", "related to", "re", "w/"],
        )),
    }
    let others: Vec<(String, Lit)> = first
        .args
        .iter()
        .filter(|(a, _)| a != arg)
        .cloned()
        .collect();
    if let Some((_, lit)) = first.args.iter().find(|(a, _)| a == arg) {
        t.value(lit, 1, arg);
    }
    if !others.is_empty() {
        piece(t, g.pw(&[",", ";", ","]));
        args(g, t, 1, &others);
    }
    let place = cue_place(g, d.sched);
    for (k, c) in d.calls.iter().enumerate().skip(1) {
        let cue = (place == Place::Join && k == 1).then_some(d.sched);
        let v = join(g, t, cue);
        call_natural(g, t, k + 1, c, v);
    }
    if matches!(place, Place::Pre | Place::Post) {
        post_cue(g, t, d.sched);
    }
    if let Some(kind) = d.out {
        out_cue(g, t, kind, d.calls.len());
    }
    shaping_after(g, t, d);
    end(g, t);
}

fn args_first(g: &mut Gen, t: &mut Text, d: &Draft) {
    let first = &d.calls[0];
    if first.args.is_empty() || d.calls.len() > 1 && d.sched == Sched::Parallel {
        return imperative(g, t, d, CallForm::Natural);
    }
    let form = g.below(3);
    match form {
        0 => {
            t.w(g.pt(
                &["with", "for", "using", "given"],
                &["passing", "taking", "w/"],
            ));
            plain_list(g, t, 1, &first.args);
            t.p(",");
            verb(g, t);
            mention(g, t, &first.tool, 1);
        }
        1 => {
            t.w(g.pt(
                &["look at", "check", "find", "get"],
                &["pull up", "show me", "grab", "look up"],
            ));
            plain_list(g, t, 1, &first.args);
            t.w(g.pt(
                &["using", "via", "with", "through"],
                &["by calling", "by using", "with the help of", "by way of"],
            ));
            mention(g, t, &first.tool, 1);
        }
        _ => {
            plain_list(g, t, 1, &first.args);
            t.w("—");
            verb(g, t);
            mention(g, t, &first.tool, 1);
            t.w(g.pt(
                &["with those", "on that", "for that", ""],
                &["on those", "with that", "for those", "with these"],
            ));
        }
    }
    let rest = Draft {
        calls: d.calls[1..].to_vec(),
        ..d.clone()
    };
    for (k, c) in rest.calls.iter().enumerate() {
        let cue = (d.sched == Sched::Serial).then_some(Sched::Serial);
        let v = join(g, t, cue);
        call_natural(g, t, k + 2, c, v);
    }
    if let Some(kind) = d.out {
        out_cue(g, t, kind, d.calls.len());
    }
    shaping_after(g, t, d);
    end(g, t);
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

fn shared_tool(g: &mut Gen, t: &mut Text, d: &Draft) {
    let n = d.calls.len();
    let place = cue_place(g, d.sched);
    if place == Place::Pre {
        pre_cue(g, t, d.sched);
    }
    verb(g, t);
    mention(g, t, &d.calls[0].tool, 1);
    match g.below(4) {
        0 => {
            // `get_weather over city "A", city "B" and city "C"`
            t.w(g.pt(
                &["over", "for", "with", "on", "across", ""],
                &["using", "w/"],
            ));
            for (k, c) in d.calls.iter().enumerate() {
                if k > 0 {
                    let sep = if k == n - 1 {
                        g.pw(&[" and", ", and", ","])
                    } else {
                        ","
                    };
                    piece(t, sep);
                    if place == Place::Join && k == n - 1 {
                        t.w(shared_cue(g, d.sched));
                    }
                }
                plain_list(g, t, k + 1, &c.args);
            }
        }
        1 => {
            // `once with ... and once with ...`
            for (k, c) in d.calls.iter().enumerate() {
                if k > 0 {
                    piece(
                        t,
                        if k == n - 1 {
                            g.pw(&[" and", ", and"])
                        } else {
                            ","
                        },
                    );
                    if place == Place::Join && d.sched == Sched::Serial {
                        t.w(shared_cue(g, Sched::Serial));
                    }
                }
                t.w("once with");
                plain_list(g, t, k + 1, &c.args);
            }
        }
        2 => {
            // `with ..., then again with ...`
            t.w(g.pw(&["with", "for", "using"]));
            plain_list(g, t, 1, &d.calls[0].args);
            for (k, c) in d.calls.iter().enumerate().skip(1) {
                let joiner = if place == Place::Join && d.sched == Sched::Serial {
                    g.pt(
                        &[
                            ", then again with",
                            ". Then call it again with",
                            ", and after that again with",
                        ],
                        &[
                            ", then with",
                            ", and then with",
                            ". After that, call it with",
                            ". Next, run it with",
                            ", followed by a call with",
                            ", and afterwards with",
                        ],
                    )
                } else if place == Place::Join {
                    g.pt(
                        &[
                            ", and at the same time again with",
                            ", and in the meantime with",
                        ],
                        &[
                            ", and simultaneously with",
                            ", and concurrently with",
                            ", and in parallel with",
                            ". At the same time, call it with",
                        ],
                    )
                } else {
                    g.pt(
                        &[
                            ", and again with",
                            "; and once more with",
                            ", and also with",
                            ", and with",
                        ],
                        &[", plus with", ", as well as with", ". Also call it with"],
                    )
                };
                piece(t, joiner);
                plain_list(g, t, k + 1, &c.args);
            }
        }
        _ => {
            // `twice: with ... and with ...`
            t.w(if n == 2 {
                "twice"
            } else {
                g.pw(&["three times", "3 times"])
            });
            t.p(g.pw(&[":", " —", ","]));
            for (k, c) in d.calls.iter().enumerate() {
                if k > 0 {
                    piece(t, if k == n - 1 { " and" } else { "," });
                    if place == Place::Join && d.sched == Sched::Serial {
                        t.w(shared_cue(g, Sched::Serial));
                    }
                }
                if g.chance(0.5) {
                    t.w(g.pt(&["with", "for"], &["using"]));
                }
                plain_list(g, t, k + 1, &c.args);
            }
        }
    }
    if place == Place::Post || (place == Place::Join && d.sched == Sched::Parallel) {
        post_cue(g, t, d.sched);
    }
    if let Some(kind) = d.out {
        out_cue(g, t, kind, n);
    }
    end(g, t);
}

/// The schedule cue of the shared-tool family before its last call: `then` / `at the same time`,
/// widened in the train and dev splits. The test split draws nothing here, as before.
fn shared_cue(g: &mut Gen, sched: Sched) -> &'static str {
    let serial = sched == Sched::Serial;
    match (g.split, serial) {
        (Split::Test, true) => "then",
        (Split::Test, false) => "at the same time",
        (_, true) => g.pt(
            &["then"],
            &[
                "and then",
                "after that",
                "next",
                "afterwards",
                "then after that",
            ],
        ),
        (_, false) => g.pt(
            &["at the same time"],
            &[
                "simultaneously",
                "concurrently",
                "in parallel",
                "all at the same time",
            ],
        ),
    }
}

fn steps(g: &mut Gen, t: &mut Text, d: &Draft) {
    let n = d.calls.len();
    if n == 1 || d.sched == Sched::Default {
        return imperative(g, t, d, CallForm::Natural);
    }
    if d.sched == Sched::Serial {
        let form = g.below(4);
        for (k, c) in d.calls.iter().enumerate() {
            let last = k == n - 1;
            match form {
                0 => {
                    let w = if k == 0 {
                        g.pt(
                            &["First,", "First", "To start,", "Start by calling"],
                            &[
                                "Firstly,",
                                "To begin,",
                                "First off,",
                                "Begin by calling",
                                "First up,",
                                "To kick things off,",
                            ],
                        )
                    } else if last {
                        g.pt(
                            &[
                                "Finally,",
                                "Lastly,",
                                "Last,",
                                "And finally",
                                "then",
                                "and then",
                            ],
                            &[
                                "At the end,",
                                "To finish,",
                                "And lastly,",
                                "To wrap up,",
                                "And to finish,",
                                "after that",
                            ],
                        )
                    } else {
                        g.pt(
                            &["Next,", "Then", "After that,", "Second,"],
                            &["Afterwards,", "Following that,", "Then,", "After this,"],
                        )
                    };
                    if k > 0 {
                        t.p(g.pw(&[".", ";", ","]));
                    }
                    t.w(w);
                    let v = !w.ends_with("calling") && g.chance(0.6);
                    call_any(g, t, k + 1, c, v);
                }
                1 => {
                    if k > 0 {
                        t.p(".");
                    }
                    t.w("Step");
                    t.w(&(k + 1).to_string());
                    t.p(":");
                    let v = g.chance(0.6);
                    call_any(g, t, k + 1, c, v);
                }
                2 => {
                    if k > 0 {
                        t.newline();
                    }
                    t.w(&(k + 1).to_string());
                    t.p(")");
                    let v = g.chance(0.5);
                    call_any(g, t, k + 1, c, v);
                }
                _ => {
                    if k > 0 {
                        piece(t, if last { ", and finally" } else { ", next" });
                    } else {
                        t.w("first");
                    }
                    let v = g.chance(0.5);
                    call_any(g, t, k + 1, c, v);
                }
            }
        }
    } else {
        // Numbered items, run together.
        if g.chance(0.5) {
            t.w(g.pt(
                &["Do these", "Run these", "Handle these"],
                &[
                    "Please run these",
                    "Execute these",
                    "Kick off these",
                    "Fire off these",
                ],
            ));
            t.w(&n.to_string());
            t.w(g.pt(
                &[
                    "at the same time",
                    "in parallel",
                    "concurrently",
                    "all at once",
                ],
                &[
                    "simultaneously",
                    "together",
                    "side by side",
                    "all together",
                    "in one go",
                    "in parallel pls",
                ],
            ));
            t.p(":");
        } else {
            pre_cue(g, t, Sched::Parallel);
        }
        for (k, c) in d.calls.iter().enumerate() {
            if k > 0 {
                t.newline();
            }
            t.w(&(k + 1).to_string());
            t.p(g.pw(&[")", ".", ":"]));
            let v = g.chance(0.5);
            call_any(g, t, k + 1, c, v);
        }
    }
    if let Some(kind) = d.out {
        out_cue(g, t, kind, n);
    }
    end(g, t);
}

fn chatty(g: &mut Gen, t: &mut Text, d: &Draft) {
    if g.chance(0.6) {
        let greet = *g.pick(vocab::half(
            g.split,
            vocab::GREETINGS_TRAIN,
            vocab::GREETINGS_TEST,
        ));
        t.w(greet);
    }
    let fillers = g.weighted(&[25, 45, 20, 10]);
    for _ in 0..fillers {
        filler(g, t);
    }
    let polite = g.pt(POLITE, POLITE_EXTRA);
    t.w(polite);
    let inner = g.chance(0.5);
    if inner {
        // The polite phrase stands in for the first verb.
        let mut d2 = d.clone();
        let first = d2.calls.remove(0);
        mention(g, t, &first.tool, 1);
        args(g, t, 1, &first.args);
        let place = cue_place(g, d.sched);
        for (k, c) in d2.calls.iter().enumerate() {
            let cue = (place == Place::Join && k == 0).then_some(d.sched);
            let v = join(g, t, cue);
            call_natural(g, t, k + 2, c, v);
        }
        if place == Place::Post || place == Place::Pre {
            post_cue(g, t, d.sched);
        }
        if let Some(kind) = d.out {
            out_cue(g, t, kind, d.calls.len());
        }
        shaping_after(g, t, d);
        end(g, t);
    } else {
        imperative_with(g, t, d, CallForm::Natural, false);
    }
    if g.chance(0.2) {
        filler(g, t);
    }
    if g.chance(0.5) {
        let thanks = *g.pick(vocab::half(
            g.split,
            vocab::THANKS_TRAIN,
            vocab::THANKS_TEST,
        ));
        t.w(thanks);
    }
}

fn terse(g: &mut Gen, t: &mut Text, d: &Draft) {
    let place = cue_place(g, d.sched);
    if place == Place::Pre {
        let s = match d.sched {
            Sched::Serial => g.pt(
                &["seq:", "in order:", "sequential:", "serially:"],
                &[
                    "one by one:",
                    "in sequence:",
                    "sequentially:",
                    "step by step:",
                    "one after another:",
                    "consecutively:",
                ],
            ),
            _ => g.pt(
                &["parallel:", "concurrently:", "in parallel:", "at once:"],
                &["simultaneously:", "together:", "all at once:", "same time:"],
            ),
        };
        t.w(s);
    }
    let eq = g.below(3);
    for (k, c) in d.calls.iter().enumerate() {
        if k > 0 {
            let s = if place == Place::Join && d.sched == Sched::Serial {
                g.pt(
                    &[" then", ", then", " ->", "; then"],
                    &[
                        " =>",
                        ", and then",
                        ", after that",
                        ", next",
                        ", afterwards",
                    ],
                )
            } else if place == Place::Join {
                g.pt(
                    &[" + in parallel", ", concurrently with"],
                    &[
                        " + concurrently",
                        ", simultaneously with",
                        ", alongside",
                        " + at the same time",
                        " & in parallel",
                    ],
                )
            } else {
                g.pt(&[";", ",", " and", " /"], &[" &", " +", ", also", " plus"])
            };
            piece(t, s);
        }
        t.tool(&c.tool, k + 1, g.chance(0.2));
        for (name, lit) in &c.args {
            t.argname(name, k + 1, false);
            match eq {
                0 => {}
                1 => {
                    t.p("=");
                    t.tight();
                }
                _ => t.p(":"),
            }
            t.value(lit, k + 1, name);
        }
    }
    if place == Place::Post {
        let s = match d.sched {
            Sched::Serial => g.pt(
                &[" (in order)", " — sequential", ", one by one", " serially"],
                &[
                    " (sequentially)",
                    " (one by one)",
                    " — one after another",
                    ", in sequence",
                    " — in order",
                    " (in that order)",
                ],
            ),
            _ => g.pt(
                &[
                    " (parallel)",
                    " — concurrently",
                    ", all at once",
                    " in parallel",
                ],
                &[
                    " (concurrently)",
                    " (at the same time)",
                    " — simultaneously",
                    ", together",
                    " (all at once)",
                    " (in parallel)",
                ],
            ),
        };
        piece(t, s);
    }
    if let Some(kind) = d.out {
        let s = match kind {
            OutputKind::All => g.pt(
                &["; return all", " — all results", "; both/all results"],
                &[
                    "; all results",
                    " — return everything",
                    "; every result",
                    " (all results)",
                    "; return each",
                ],
            ),
            OutputKind::Last => g.pt(
                &["; last result only", " — only the last", "; return last"],
                &[
                    "; only last",
                    " — last result only",
                    "; final result only",
                    " (last only)",
                    "; just the last",
                ],
            ),
        };
        piece(t, s);
    }
    if !d.fields.is_empty() || d.limit.is_some() {
        shaping_after(g, t, d);
    }
}

/// A tool named only to say it is not wanted; it carries no label.
fn decoy_name(g: &mut Gen, t: &mut Text, decoy: &str) {
    if g.chance(0.25) {
        t.raw(&format!("`{decoy}`"));
    } else {
        t.raw(decoy);
    }
}

fn decoy_outro(g: &mut Gen, t: &mut Text, decoy: &str) {
    let (pre, post) = *g.pick_or(
        &[
            ("Don't touch", "."),
            ("No need to call", "."),
            ("(not", ")"),
            ("Leave", "alone."),
            ("Avoid", "for now."),
        ],
        &[
            ("Don't call", "."),
            ("Please don't use", "."),
            ("Ignore", "."),
            ("Skip", "."),
            ("Stay away from", "."),
            ("Do not run", "."),
            ("And don't bother with", "."),
            ("(no", ")"),
            ("(skip", ")"),
        ],
    );
    t.w(pre);
    decoy_name(g, t, decoy);
    if post.starts_with(['.', ')']) {
        t.p(post);
    } else {
        t.w(post);
    }
}

fn decoy_intro(g: &mut Gen, t: &mut Text, decoy: &str) {
    match g.below(4) {
        0 => {
            t.w(g.pt(
                &["don't use", "do not call", "no need for"],
                &[
                    "don't call",
                    "please don't touch",
                    "avoid",
                    "ignore",
                    "no need to call",
                    "don't bother with",
                ],
            ));
            decoy_name(g, t, decoy);
            t.p(g.pw(&[";", ".", " —", ","]));
        }
        1 => {
            t.w(g.pt(
                &["instead of", "rather than"],
                &["in place of", "as opposed to"],
            ));
            decoy_name(g, t, decoy);
            t.p(",");
        }
        2 => {
            t.w("skip");
            decoy_name(g, t, decoy);
            t.p(g.pw(&[";", "."]));
            t.w("just");
        }
        _ => {
            t.w("not");
            decoy_name(g, t, decoy);
            t.p(g.pw(&[" —", ":", ","]));
        }
    }
}

fn question(g: &mut Gen, t: &mut Text, d: &Draft) {
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

fn bullets(g: &mut Gen, t: &mut Text, d: &Draft) {
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

fn labels(g: &mut Gen, t: &mut Text, d: &Draft) {
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
