//! `echo` (train and dev splits only, behind [`crate::Options::echo`]): a tool whose name is a
//! plain English word, said once as prose and once as the tool.
//!
//! `search query "x" using search`, `use weather to get the weather for city "Oslo"`: the word
//! the sentence uses as its verb or noun is also the catalog's name, and only one of the two is
//! the tool mention (labeled [`Role::Tool`](crate::Role::Tool)); the other is prose. Without these
//! sentences the network reads both words as mentions, so two calls. The names come from the
//! training halves of the verb and noun vocabularies, never the test halves.

use super::*;

/// Training-half verbs a tool may be named after and that read as an imperative. Cue words of
/// unsupported structures (`sort`, `filter`, `count`, `retry`) are left out: a sentence that
/// says `sort ... using sort` would teach the network to plan what it must diagnose elsewhere.
const ECHO_VERBS: &[&str] = &[
    "get", "list", "fetch", "create", "update", "search", "send", "find", "check", "sync", "post",
    "read", "add", "remove", "archive", "resolve", "scan", "export", "start", "stop", "restart",
    "deploy", "close", "open", "lookup",
];

/// Verbs for a noun-named tool's prose: `get the weather ... using weather`.
const NOUN_VERBS: &[&str] = &[
    "get", "fetch", "look up", "check", "pull up", "show me", "find", "grab", "retrieve",
    "bring up",
];

/// Connectors before the mention that follows the prose word: `... using search`.
const AFTER: &[&str] = &[
    "using",
    "with",
    "via",
    "through",
    "by calling",
    "by way of",
    "from",
    "with the help of",
];

/// Openers before the mention that precedes the prose word: `use search to search ...`.
const BEFORE: &[&str] = &["use", "call", "run", "invoke", "please use", "go through"];

/// A plain-word name for a tool: a training verb or the singular or plural of a training noun
/// (one word, not already a name in the catalog). Returns the name and whether it is a verb.
fn plain_name(g: &mut Gen, taken: &[String]) -> Option<(String, bool)> {
    for _ in 0..8 {
        let (name, verb) = if g.chance(0.5) {
            (g.pw(ECHO_VERBS).to_owned(), true)
        } else {
            let (one, many) = *g.pick(vocab::NOUNS_TRAIN);
            let noun = if g.chance(0.6) { one } else { many };
            (noun.to_owned(), false)
        };
        if !name.contains('_') && name != "order" && !taken.contains(&name) {
            return Some((name, verb));
        }
    }
    None
}

/// The mention, maybe with `the` before and `tool` after, maybe in backticks.
fn named(g: &mut Gen, t: &mut Text, name: &str, call: usize) {
    let the = g.chance(0.25);
    if the {
        t.w("the");
    }
    t.tool(name, call, g.chance(0.25));
    if the || g.chance(0.1) {
        let w = g.pt(TOOL_WORDS, TOOL_WORDS_EXTRA);
        t.w(w);
    }
}

/// The prose echo of the name: the verb itself, or a verb and an article before the noun.
fn echo_word(g: &mut Gen, t: &mut Text, name: &str, verb: bool) {
    if !verb {
        t.w(g.pw(NOUN_VERBS));
        t.w(g.pw(&["the", "the", "a", "my", "our", ""]));
    }
    t.w(name);
}

/// One call whose tool is a plain word, written with its echo.
fn echo_call(g: &mut Gen, t: &mut Text, call: usize, c: &DCall, verb: bool) {
    match g.weighted(&[40, 28, 16, 16]) {
        // `search query "x" using search`
        0 => {
            echo_word(g, t, &c.tool, verb);
            args(g, t, call, &c.args);
            t.w(g.pw(AFTER));
            named(g, t, &c.tool, call);
        }
        // `use search to search query "x"`
        1 => {
            t.w(g.pw(BEFORE));
            named(g, t, &c.tool, call);
            t.w("to");
            echo_word(g, t, &c.tool, verb);
            args(g, t, call, &c.args);
        }
        // `search with search, query "x"`
        2 => {
            echo_word(g, t, &c.tool, verb);
            t.w(g.pw(AFTER));
            named(g, t, &c.tool, call);
            if !c.args.is_empty() && g.chance(0.5) {
                t.p(",");
            }
            args(g, t, call, &c.args);
        }
        // `with search, search query "x"`
        _ => {
            t.w(g.pw(&["with", "using", "via", "through"]));
            named(g, t, &c.tool, call);
            t.p(",");
            echo_word(g, t, &c.tool, verb);
            args(g, t, call, &c.args);
        }
    }
}

/// An `echo` positive: a draft of 1–3 calls in which the tool of one call is renamed to a plain
/// word and that call is written with its echo; the other calls as the imperative family writes
/// them.
pub(crate) fn positive(g: &mut Gen) -> Option<Example> {
    let n = if g.options.echo_one_call {
        call_count(g).min(1)
    } else {
        call_count(g)
    };
    let size = catalog::size(g, 1);
    let mut specs = catalog::sample(g, size);
    let mut draft = draw(g, &mut specs, n, false)?;
    let k = g.below(draft.calls.len());
    let old = draft.calls[k].tool.clone();
    let taken: Vec<String> = specs.iter().map(|s| s.name.clone()).collect();
    let (name, verb) = plain_name(g, &taken)?;
    for spec in specs.iter_mut().filter(|s| s.name == old) {
        spec.name = name.clone();
    }
    for call in draft.calls.iter_mut().filter(|c| c.tool == old) {
        call.tool = name.clone();
    }
    let mut t = Text::new(case(g));
    let d = &draft;
    let place = cue_place(g, d.sched);
    if place == Place::Pre {
        pre_cue(g, &mut t, d.sched);
    }
    let mut with_verb = true;
    for (i, c) in d.calls.iter().enumerate() {
        if i > 0 {
            let cue = (place == Place::Join && (i == 1 || g.chance(0.6))).then_some(d.sched);
            with_verb = join(g, &mut t, cue);
        }
        if i == k {
            echo_call(g, &mut t, i + 1, c, verb);
        } else {
            call_any(g, &mut t, i + 1, c, with_verb);
        }
    }
    if place == Place::Post {
        post_cue(g, &mut t, d.sched);
    }
    if let Some(kind) = d.out {
        out_cue(g, &mut t, kind, d.calls.len());
    }
    shaping_after(g, &mut t, d);
    end(g, &mut t);
    finish_positive(g, t, &specs, &draft, "echo")
}
