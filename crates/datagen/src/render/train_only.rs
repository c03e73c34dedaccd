//! Train-only template families: drawn in the train and dev splits, never in the test split.
//!
//! `wants` names what the user wants from a tool rather than the call, `reasons` wraps calls in
//! purpose and reason clauses, `pseudo` writes pasted code-like lines, `memo` a short message with
//! a greeting, context and a sign-off. Their prose avoids every distinctive word of the test-only
//! phrases and vocabulary halves; the schedule and output cues come from the shared cue lists
//! (which handle the split) or are the default.

use super::*;

/// Writes a join with [`join`] and tells whether the piece it wrote ends a sentence.
fn join_sentence(g: &mut Gen, t: &mut Text, cue: Option<Sched>) -> (bool, bool) {
    let before = t.buf.len();
    let with_verb = join(g, t, cue);
    let sentence = t.buf[before..].trim_start().starts_with('.');
    (with_verb, sentence)
}

/// `wants`: the request names what the user wants back, not the call: `I need the output of f
/// with a "x", plus what g returns for b 3`.
pub(super) fn wants(g: &mut Gen, t: &mut Text, d: &Draft) {
    let n = d.calls.len();
    let place = cue_place(g, d.sched);
    if g.chance(0.1) {
        filler(g, t);
    }
    if place == Place::Pre {
        pre_cue(g, t, d.sched);
    }
    t.w(g.pw(&[
        "I need",
        "I'd like",
        "what I'm after:",
        "could I get",
        "can I have",
        "I want",
        "I'm looking for",
        "I'd love to see",
        "please get me",
        "what I need is",
        "I'm after",
        "my request:",
        "looking for",
        "hoping to get",
        "could you get me",
        "I need to see",
        "show me",
        "bring me",
        "send over",
        "I'd be glad to get",
        "let me have",
        "I'm hoping for",
    ]));
    let shaping = !d.fields.is_empty() || d.limit.is_some();
    let shaping_pre = n == 1 && shaping && g.chance(0.35);
    for (k, c) in d.calls.iter().enumerate() {
        if k > 0 {
            let cue = (place == Place::Join && (k == 1 || g.chance(0.6))).then_some(d.sched);
            let (_, sentence) = join_sentence(g, t, cue);
            if sentence && g.chance(0.8) {
                t.w(g.pw(&[
                    "I need",
                    "I want",
                    "get me",
                    "I'd like",
                    "I'm after",
                    "can I have",
                    "bring me",
                    "send over",
                    "I'd like to see",
                ]));
            }
        }
        if shaping_pre {
            wanted_shaped(g, t, d, c);
        } else {
            wanted(g, t, k + 1, c);
        }
    }
    if place == Place::Post {
        post_cue(g, t, d.sched);
    }
    if let Some(kind) = d.out {
        out_cue(g, t, kind, n);
    }
    if !shaping_pre {
        shaping_after(g, t, d);
    }
    let mark = g.pw(&[".", ".", ".", "", "!", ", please.", ", thanks.", " please"]);
    piece(t, mark);
}

/// One wanted thing: `the output of f with a "x"`, `f data for a "x"`, `what f returns ...`,
/// `` `f`'s answer ... ``, `a fresh pull from f ...`, `for a "x", the data from f`.
fn wanted(g: &mut Gen, t: &mut Text, call: usize, c: &DCall) {
    // Arguments first only where a clause may start: after `:`, `,` or `;`.
    let fresh = t.buf.trim_end().ends_with([':', ',', ';']);
    let form = match g.below(6) {
        5 if !fresh => 0,
        form => form,
    };
    match form {
        0 => {
            t.w(g.pw(&[
                "the output",
                "the data",
                "the response",
                "the answer",
                "the info",
                "the details",
                "the numbers",
                "the latest",
                "the current data",
                "the list",
                "a fresh answer",
                "the latest data",
                "the response you get",
            ]));
            t.w(g.pw(&[
                "from",
                "of",
                "returned by",
                "coming out of",
                "from",
                "out of",
            ]));
            mention(g, t, &c.tool, call);
            args(g, t, call, &c.args);
        }
        1 => {
            mention(g, t, &c.tool, call);
            t.w(g.pw(&[
                "output", "data", "response", "info", "details", "numbers", "listing", "report",
                "readout", "answer",
            ]));
            args(g, t, call, &c.args);
        }
        2 => {
            t.w("what");
            mention(g, t, &c.tool, call);
            t.w(g.pw(&[
                "returns",
                "gives back",
                "says",
                "reports",
                "comes back with",
                "shows",
                "gives",
                "has",
                "spits out",
                "hands back",
            ]));
            args(g, t, call, &c.args);
        }
        3 => {
            t.tool(&c.tool, call, true);
            t.p("'s");
            t.w(g.pw(&[
                "answer", "output", "response", "data", "take", "report", "readout", "reply",
            ]));
            args(g, t, call, &c.args);
        }
        4 => {
            t.w(g.pw(&[
                "a fresh pull from",
                "a run of",
                "an answer from",
                "a readout from",
                "a reply from",
                "a quick look at",
                "a response from",
                "a call to",
            ]));
            mention(g, t, &c.tool, call);
            args(g, t, call, &c.args);
        }
        _ => {
            if !c.args.is_empty() {
                t.w(g.pw(&["for", "with", "using", "given"]));
                plain_list(g, t, call, &c.args);
                t.p(",");
            }
            t.w(g.pw(&[
                "the output of",
                "the data from",
                "what comes back from",
                "the answer from",
                "the response of",
                "the info from",
            ]));
            mention(g, t, &c.tool, call);
        }
    }
}

/// The one wanted call with its projection or limit said first: `the id and name fields from f
/// with a "x", first 10 rows`, `up to 25 rows from f`.
fn wanted_shaped(g: &mut Gen, t: &mut Text, d: &Draft, c: &DCall) {
    if !d.fields.is_empty() {
        t.w(g.pw(&["the", "just the", "only the", "", "only", "just"]));
        field_list(g, t, &d.fields);
        let noun = if d.fields.len() > 1 {
            g.pw(&["fields", "columns", "", "properties", "values"])
        } else {
            g.pw(&["field", "column", "", "property", "value"])
        };
        t.w(noun);
        t.w(g.pw(&["from", "of", "out of", "returned by"]));
        mention(g, t, &c.tool, 1);
        args(g, t, 1, &c.args);
        if let Some(l) = &d.limit {
            piece(t, g.pw(&[",", ";", " —", ", and", ", with"]));
            limit_phrase(g, t, l);
        }
    } else if let Some(l) = &d.limit {
        let (pre, post) = *g.pick(&[
            ("the first", "rows"),
            ("up to", "rows"),
            ("at most", "rows"),
            ("the top", ""),
            ("the first", "entries"),
            ("no more than", "items"),
            ("the first", "results"),
            ("up to", "entries"),
            ("max", "rows"),
        ]);
        t.w(pre);
        t.limit(l);
        t.w(post);
        t.w(g.pw(&["from", "of", "out of", "returned by"]));
        mention(g, t, &c.tool, 1);
        args(g, t, 1, &c.args);
    }
}

/// What a call is for: `see where things stand` (after `to`).
const PURPOSES: &[&str] = &[
    "see where things stand",
    "double-check the numbers",
    "get a feel for the current state",
    "confirm the data is fresh",
    "have something to show the others",
    "make sure nothing is broken",
    "catch problems early",
    "prep for the standup",
    "answer a customer question",
    "keep the dashboard honest",
    "settle a question from support",
    "fill in the weekly report",
    "sanity-check the release",
    "make sure we're on the same page",
    "clear up some confusion",
    "give support an answer",
    "write up a quick overview",
    "see how we're doing",
    "close out an open ticket",
    "brief my manager",
    "update the wiki",
    "spot anything unusual",
    "have the numbers ready",
    "get ahead of any surprises",
    "confirm the fix went out",
    "check on the rollout",
    "see who is around",
    "know what we're dealing with",
    "help a teammate",
    "unblock the release",
    "make the handover easier",
    "keep everyone informed",
    "tidy up the backlog",
    "verify the config change",
    "make sure the sync went through",
    "prepare the changelog",
    "check the deploy went out",
    "get a baseline",
    "understand what changed",
];

/// Why a call is wanted: `the dashboard looks out of date` (after `because`).
const REASONS: &[&str] = &[
    "the dashboard looks out of date",
    "a customer asked about it",
    "my manager wants an update",
    "the numbers looked odd this morning",
    "we're wrapping up the sprint",
    "support flagged something",
    "the wiki is out of date",
    "people keep asking",
    "the release is close",
    "I want a sanity check",
    "something looked off earlier",
    "planning is coming up",
    "I'm covering for a colleague",
    "the chart seems wrong",
    "the handover is coming up",
    "nobody has looked at this in a while",
    "we changed some settings yesterday",
    "the weekly report needs it",
    "I promised an update",
    "the numbers don't match",
    "we're about to ship",
    "the dashboard is stale",
    "a teammate is stuck",
    "the alerts were noisy overnight",
    "I'm not sure the config took effect",
];

/// What a call is for, as a noun (after `for`).
const OCCASIONS: &[&str] = &[
    "the weekly report",
    "the standup",
    "the changelog",
    "the handover",
    "the retro",
    "my own peace of mind",
    "a customer chat",
    "the planning doc",
    "the status update",
    "the incident write-up",
];

/// A reason before a call, ending in a comma: `To see where things stand,`, `Because ...,`.
fn reason_before(g: &mut Gen, t: &mut Text) {
    match g.below(6) {
        0 | 1 => {
            t.w(g.pw(&["to", "to", "so we can", "so I can", "in an effort to"]));
            t.w(g.pw(PURPOSES));
        }
        2 => {
            t.w(g.pw(&["because", "since", "as", "given that"]));
            t.w(g.pw(REASONS));
        }
        3 => {
            t.w(g.pw(&["for", "as input for", "as part of"]));
            t.w(g.pw(OCCASIONS));
        }
        4 => {
            t.w(g.pw(&[
                "as a sanity check",
                "to be safe",
                "for peace of mind",
                "out of curiosity",
                "to be on the safe side",
                "for good measure",
            ]));
        }
        _ => {
            t.w(g.pw(&["with the goal to", "hoping to", "wanting to", "aiming to"]));
            t.w(g.pw(PURPOSES));
        }
    }
    t.p(",");
}

/// A reason after a call, as a clause (`so we can ...`, `, because ...`).
fn reason_after(g: &mut Gen, t: &mut Text) {
    match g.below(5) {
        0 => {
            t.w(g.pw(&[
                "to",
                "so we can",
                "so I can",
                "so that we can",
                "in an effort to",
            ]));
            t.w(g.pw(PURPOSES));
        }
        1 => {
            piece(
                t,
                g.pw(&[", because", " because", " — because", ", mostly because"]),
            );
            t.w(g.pw(REASONS));
        }
        2 => {
            piece(t, g.pw(&[" —", ","]));
            t.w(g.pw(&["it's for", "that's for", "this is for", "needed for"]));
            t.w(g.pw(OCCASIONS));
        }
        3 => {
            piece(
                t,
                g.pw(&[
                    ", as a sanity check",
                    ", to be safe",
                    " for good measure",
                    ", for peace of mind",
                    " to be on the safe side",
                ]),
            );
        }
        _ => {
            if g.chance(0.5) {
                piece(t, g.pw(&[" —", ","]));
                t.w(g.pw(&[
                    "that way we know where things stand",
                    "that way nobody is surprised",
                    "that way support has an answer",
                ]));
            } else {
                piece(t, g.pw(&[" so", ", so", " so that"]));
                t.w(g.pw(&[
                    "we know what's going on",
                    "support has an answer",
                    "the report is accurate",
                    "nothing slips through",
                    "nobody is surprised",
                ]));
            }
        }
    }
}

/// A reason said in a sentence of its own: `It's for the standup.`
fn reason_sentence(g: &mut Gen, t: &mut Text) {
    match g.below(5) {
        0 => {
            t.w(g.pw(&["It's for", "This is for", "That's for", "Needed for"]));
            t.w(g.pw(OCCASIONS));
        }
        1 => {
            t.w(g.pw(&[
                "That way we can",
                "The goal is to",
                "This helps us",
                "I want to",
                "We need to",
            ]));
            t.w(g.pw(PURPOSES));
        }
        2 => {
            t.w(g.pw(&["Reason:", "Why:", "I'm asking because", "Background:"]));
            t.w(g.pw(REASONS));
        }
        3 => {
            t.w(g.pw(&["Context:", "Some context:", "For context,"]));
            t.w(g.pw(REASONS));
        }
        _ => {
            t.w(g.pw(&[
                "Consider it a sanity check",
                "Mostly for peace of mind",
                "Better safe than sorry",
                "Nothing is broken, I want to be sure",
            ]));
        }
    }
    t.p(".");
}

/// `reasons`: calls wrapped in purpose and reason clauses: `To see where things stand, run f with
/// a "x"; after that, because support flagged something, call g b 3.`
pub(super) fn reasons(g: &mut Gen, t: &mut Text, d: &Draft) {
    let n = d.calls.len();
    let place = cue_place(g, d.sched);
    let shaping = !d.fields.is_empty() || d.limit.is_some();
    // The last call may end in a clause only when nothing else follows it.
    let tail_free = place != Place::Post && d.out.is_none() && !shaping;
    let mut said = false;
    if place == Place::Pre {
        pre_cue(g, t, d.sched);
    }
    for (k, c) in d.calls.iter().enumerate() {
        let mut with_verb = true;
        if k > 0 {
            let cue = (place == Place::Join && (k == 1 || g.chance(0.6))).then_some(d.sched);
            with_verb = join(g, t, cue);
        }
        let before = with_verb && g.chance(0.5);
        if before {
            reason_before(g, t);
            said = true;
            call_natural(g, t, k + 1, c, true);
        } else {
            call_any(g, t, k + 1, c, with_verb);
        }
        let last = k == n - 1;
        if !before && (!last || tail_free) && g.chance(0.55) {
            reason_after(g, t);
            said = true;
        }
    }
    if place == Place::Post {
        post_cue(g, t, d.sched);
    }
    if let Some(kind) = d.out {
        out_cue(g, t, kind, n);
    }
    shaping_after(g, t, d);
    if !said || g.chance(0.2) {
        t.p(g.pw(&[".", ".", "!"]));
        reason_sentence(g, t);
    } else {
        t.p(g.pw(&[".", ".", ".", "!", ""]));
    }
}

/// How a call is written in pseudo-code.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Code {
    /// `f({"a": "x"})`
    JsonObj,
    /// `f({a: "x"})`
    JsObj,
    /// `f(a="x")`
    Kwargs,
    /// `f(a: "x")`
    Colon,
}

fn code_call(g: &mut Gen, t: &mut Text, call: usize, c: &DCall, form: Code) {
    t.tool(&c.tool, call, false);
    t.p("(");
    let obj = matches!(form, Code::JsonObj | Code::JsObj);
    if obj {
        t.p("{");
    }
    let pad = obj && !c.args.is_empty() && g.chance(0.3);
    if pad {
        t.p(" ");
    }
    let spaced = g.chance(0.3);
    for (i, (name, lit)) in c.args.iter().enumerate() {
        if i > 0 {
            t.p(",");
        }
        t.argname(name, call, form == Code::JsonObj);
        if form == Code::Kwargs {
            if spaced {
                t.w("=");
            } else {
                t.p("=");
                t.tight();
            }
        } else {
            t.p(":");
        }
        t.value(lit, call, name);
    }
    if pad {
        t.p(" ");
    }
    if obj {
        t.p("}");
    }
    t.p(")");
}

/// A cue written on a line of its own: as a `//` or `#` comment, or as prose.
pub(super) fn cue_line(t: &mut Text, mark: &str, phrase: &str) {
    let s = phrase
        .trim_start_matches([',', '.', ';', ' ', '—'])
        .trim_end_matches(',');
    t.w(mark);
    t.w(s);
    if mark.is_empty() && !s.ends_with(':') {
        t.p(".");
    }
}

/// `pseudo`: code people paste: `await f({"a": "x"})` lines, `f(a="x") -> g(b=3)` (an arrow
/// between calls is a serial cue), `[f(...), g(...)]` or `f(...); g(...)` (serial by default,
/// parallel only with a parallel cue beside them), `return` before the last call only when an
/// output cue asks for the last result.
pub(super) fn pseudo(g: &mut Gen, t: &mut Text, d: &Draft) {
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Layout {
        Lines,
        Arrow,
        List,
        Semi,
    }
    t.set_case(if g.chance(0.75) {
        Case::AsIs
    } else {
        Case::Lower
    });
    let n = d.calls.len();
    let mut place = cue_place(g, d.sched);
    if place == Place::Join && d.sched == Sched::Parallel {
        place = if g.chance(0.5) {
            Place::Pre
        } else {
            Place::Post
        };
    }
    let form = [Code::JsonObj, Code::JsObj, Code::Kwargs, Code::Colon][g.below(4)];
    let layout = if place == Place::Join {
        Layout::Arrow
    } else if n == 1 {
        Layout::Lines
    } else {
        [Layout::Lines, Layout::Lines, Layout::List, Layout::Semi][g.below(4)]
    };
    let mark = g.pw(&["//", "#", ""]);
    if g.chance(0.35) {
        t.w(g.pw(&[
            "Run this:",
            "Something like this:",
            "Roughly:",
            "In code:",
            "Here's the idea:",
            "Execute this:",
            "Go ahead with this:",
            "Pseudo-code:",
            "Can you run this:",
            "Basically:",
            "Like so:",
            "What I want, as code:",
        ]));
        t.newline();
    }
    let fence = layout != Layout::Arrow && g.chance(0.15);
    if place == Place::Pre {
        let s = pre_phrase(g, d.sched);
        if !fence && layout != Layout::Lines && g.chance(0.4) {
            t.w(s);
        } else {
            cue_line(t, mark, s);
            t.newline();
        }
    }
    if fence {
        t.w("```");
        t.newline();
    }
    let awaits = layout == Layout::Lines && g.chance(0.55);
    let semis = layout == Layout::Lines && g.chance(0.3);
    let ret = d.out == Some(OutputKind::Last) && layout == Layout::Lines && g.chance(0.6);
    let list_lines = layout == Layout::List && g.chance(0.3);
    let arrow = g.pw(&["->", "=>", "->"]);
    let arrow_lines = layout == Layout::Arrow && g.chance(0.25);
    if layout == Layout::List {
        t.w("[");
        if list_lines {
            t.newline();
        }
    }
    for (k, c) in d.calls.iter().enumerate() {
        if k > 0 {
            match layout {
                Layout::Lines => {
                    if semis {
                        t.p(";");
                    }
                    t.newline();
                }
                Layout::List => {
                    t.p(",");
                    if list_lines {
                        t.newline();
                    }
                }
                Layout::Semi => t.p(";"),
                Layout::Arrow => {
                    if arrow_lines {
                        t.newline();
                        t.w(arrow);
                    } else if g.chance(0.2) {
                        t.p(arrow);
                    } else {
                        t.w(arrow);
                    }
                }
            }
        }
        if list_lines {
            t.raw("  ");
        }
        if ret && k == n - 1 {
            t.w("return");
        }
        if awaits {
            t.w("await");
        }
        code_call(g, t, k + 1, c, form);
    }
    if semis && g.chance(0.5) {
        t.p(";");
    }
    if layout == Layout::List {
        if list_lines {
            t.newline();
        }
        t.p("]");
    }
    if fence {
        t.newline();
        t.w("```");
    }
    if place == Place::Post {
        let s = post_phrase(g, d.sched);
        if !fence && layout != Layout::Lines && g.chance(0.5) {
            piece(t, s);
        } else {
            t.newline();
            cue_line(t, mark, s);
        }
    }
    if let Some(kind) = d.out {
        if !fence && g.chance(0.35) {
            out_cue(g, t, kind, n);
        } else {
            t.newline();
            let s = out_phrase(g, kind, n);
            cue_line(t, mark, s);
        }
    }
    if !d.fields.is_empty() || d.limit.is_some() {
        if !fence && g.chance(0.5) {
            shaping_after(g, t, d);
        } else {
            t.newline();
            t.w(mark);
            shaping_body(g, t, d);
        }
    }
}

/// People a memo is written to or signed by.
const MEMO_NAMES: &[&str] = &[
    "Priya", "Sam", "Alex", "Jordan", "Maria", "Tom", "Kenji", "Lena", "Omar", "Chris", "Dana",
    "Nora", "Ravi", "Zoe", "Eli", "Marco", "Aisha", "Ben", "Ingrid", "Luis", "Mei", "Tariq",
];

/// `memo`: a short message over several lines: a salutation, a line or two of context, the
/// request, a sign-off with a name.
pub(super) fn memo(g: &mut Gen, t: &mut Text, d: &Draft) {
    let at = g.below(MEMO_NAMES.len());
    let to = MEMO_NAMES[at];
    let from = MEMO_NAMES[(at + 1 + g.below(MEMO_NAMES.len() - 1)) % MEMO_NAMES.len()];
    match g.below(9) {
        0 => t.w(&format!("Hi {to},")),
        1 => t.w(&format!("Hey {to},")),
        2 => t.w(&format!("Hello {to},")),
        3 => t.w(&format!("Dear {to},")),
        4 => t.w(&format!("{to},")),
        5 => t.w(&format!("Hi {to} —")),
        6 => t.w(&format!("Hey {to}!")),
        7 => t.w(&format!("Good morning {to},")),
        _ => t.w(g.pw(&[
            "Hi everyone,",
            "Hello folks,",
            "Hi there,",
            "Hey there,",
            "Hello,",
            "Hi,",
            "Team,",
        ])),
    }
    t.newline();
    if g.chance(0.4) {
        t.newline();
    }
    let context = 1 + usize::from(g.chance(0.4));
    for _ in 0..context {
        if g.chance(0.4) {
            filler(g, t);
        } else {
            t.w(g.pw(&[
                "Following up on our chat from earlier.",
                "Hope the week is treating you well.",
                "Quick request below.",
                "Picking this up from the group chat.",
                "Writing to ask a small favour.",
                "I've been asked to gather a few things.",
                "We're getting ready for the release.",
                "A customer raised something with support.",
                "Below is what I need.",
                "Looping you in on this.",
                "Hope you're doing well.",
                "Sorry for the late message.",
                "This came up during the standup.",
                "Small ask from my side.",
                "I'm tidying up a few loose ends.",
                "We talked about this briefly yesterday.",
                "I'm writing up the weekly update.",
                "No emergency, I want to get ahead of it.",
            ]));
        }
    }
    if g.chance(0.7) {
        t.newline();
    }
    memo_request(g, t, d);
    if g.chance(0.3) {
        t.newline();
        t.w(g.pw(&[
            "No rush.",
            "Happy to explain more.",
            "Let me know if you have questions.",
            "Appreciate the help.",
            "Shout if anything is unclear.",
            "Ping me with any questions.",
        ]));
    }
    t.newline();
    if g.chance(0.3) {
        t.newline();
    }
    match g.below(11) {
        0 => t.w(&format!("Thanks,\n{from}")),
        1 => t.w(&format!("Thanks, {from}")),
        2 => t.w(&format!("Cheers,\n{from}")),
        3 => t.w(&format!("Best,\n{from}")),
        4 => t.w(&format!("Regards,\n{from}")),
        5 => t.w(&format!("Thank you!\n— {from}")),
        6 => t.w(&format!("Appreciate it,\n{from}")),
        7 => t.w(&format!("Talk soon,\n{from}")),
        8 => t.w(&format!("Kind regards,\n{from}")),
        9 => t.w(&format!("Thanks a ton, {from}")),
        _ => t.w(&format!("— {from}")),
    }
}

/// The request line of a memo: a lead, the calls with their cues, the output cue (maybe on a line
/// of its own) and the shaping.
fn memo_request(g: &mut Gen, t: &mut Text, d: &Draft) {
    let n = d.calls.len();
    // This draw once chose a list layout (`1) f …` / `2) g …`, one call per line) for a third of
    // multi-call memos. The lists are gone (51630b1, docs/experiments.md); the draw
    // stays so that the shipped model's training data can be drawn again byte for byte.
    if n > 1 {
        g.chance(0.35);
    }
    let place = cue_place(g, d.sched);
    let lead = g.pw(&[
        "could you please",
        "can you please",
        "please",
        "I'd like you to",
        "the ask:",
        "what I need:",
        "here's the request:",
        "my request:",
        "would you please",
        "when you have a moment, please",
        "if you get a chance, please",
        "I need you to",
        "could you",
        "the favour:",
    ]);
    // A cue before the calls goes after a lead that ends in a colon, before any other lead.
    let colon = lead.ends_with(':');
    if colon {
        t.w(lead);
    }
    if place == Place::Pre {
        pre_cue(g, t, d.sched);
    }
    if !colon {
        t.w(lead);
    }
    for (k, c) in d.calls.iter().enumerate() {
        let mut with_verb = true;
        if k > 0 {
            let cue = (place == Place::Join && (k == 1 || g.chance(0.6))).then_some(d.sched);
            with_verb = join(g, t, cue);
        }
        if k == 0 {
            call_natural(g, t, 1, c, true);
        } else {
            call_any(g, t, k + 1, c, with_verb);
        }
    }
    if place == Place::Post {
        post_cue(g, t, d.sched);
    }
    let out_line = d.out.is_some() && g.chance(0.5);
    if let (false, Some(kind)) = (out_line, d.out) {
        out_cue(g, t, kind, n);
    }
    shaping_after(g, t, d);
    t.p(g.pw(&[".", ".", ".", "!", ""]));
    if let (true, Some(kind)) = (out_line, d.out) {
        t.newline();
        t.w(out_phrase(g, kind, n));
        t.p(".");
    }
}

/// A context sentence built around a number that belongs to no argument and is no row limit
/// (`About 30 customers were affected this morning.`, `See ticket 4821 for the background.`),
/// composed from parts so that training sees numbers in prose in many more shapes than the fixed
/// filler list has. Its nouns are never row words (`rows`, `results`, `items`, `entries`).
pub(crate) fn number_filler(g: &mut Gen, t: &mut Text) {
    const NOUNS: &[&str] = &[
        "customers",
        "users",
        "tickets",
        "servers",
        "regions",
        "stores",
        "invoices",
        "orders",
        "builds",
        "deploys",
        "engineers",
        "offices",
        "accounts",
        "sites",
        "nodes",
        "shipments",
        "refunds",
        "alerts",
        "emails",
        "reports",
        "people",
        "projects",
        "branches",
        "warehouses",
    ];
    const WHEN: &[&str] = &[
        "this week",
        "since Monday",
        "today",
        "so far",
        "last month",
        "in the last sprint",
        "since the upgrade",
        "this morning",
        "yesterday",
        "in March",
        "over the weekend",
        "since the outage",
        "last quarter",
        "",
    ];
    let n = match g.weighted(&[60, 22, 12, 6]) {
        0 => g.range(2, 31),
        1 => g.range(31, 501),
        2 => g.range(1000, 100_000),
        _ => 1,
    };
    let noun = g.pw(NOUNS);
    let when = g.pw(WHEN);
    let sentence = match g.below(12) {
        0 => format!(
            "{} {} {n} {noun} {when}.",
            g.pw(&["We", "I", "The team", "Support", "Ops"]),
            g.pw(&[
                "had", "saw", "logged", "lost", "fixed", "closed", "moved", "migrated"
            ]),
        ),
        1 => format!("There {} {n} {noun} {when}.", g.pw(&["are", "were"])),
        2 => format!(
            "About {n} {noun} {} {when}.",
            g.pw(&[
                "were affected",
                "signed up",
                "are waiting",
                "went missing",
                "got stuck"
            ])
        ),
        3 => format!("It's been {n} days since the last deploy."),
        4 => format!(
            "See ticket {}{n} for the background.",
            if g.chance(0.5) { "#" } else { "" }
        ),
        5 => format!("This is holding up {n} {noun}."),
        6 => format!("{n} of our {} {noun} are down.", g.range(2, 60).max(n + 1)),
        7 => format!("We're about {}% done with the cleanup.", g.range(5, 96)),
        8 => format!(
            "I need this for {n} {noun} by {}.",
            g.pw(&["tonight", "Monday", "noon"])
        ),
        9 => format!(
            "Version {}.{} went out {when}.",
            g.range(1, 10),
            g.range(0, 20)
        ),
        10 => format!("We have {n} {noun} left to check {when}."),
        _ => format!(
            "Priority {n} on the board, {} {noun} waiting.",
            g.range(2, 40)
        ),
    };
    // Written word by word, as the fixed fillers are.
    let words = sentence.split_whitespace().collect::<Vec<_>>().join(" ");
    t.w(&words.replace(" .", "."));
}
