//! Schedule cues: where a multi-call draft's cue goes, the cue before or after the calls, and
//! the joiners between calls (serial, parallel or neutral).

use super::*;

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

// Paraphrases that only the train and dev splits draw (see `Gen::pt`): more ways to say the same
// cue, so that the network learns the cue and not one wording of it. None of them is a test-only
// phrase, and drawing them leaves the test split unchanged.
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

/// Serial cues that negate concurrency, drawn after `SERIAL_PRE_EXTRA` with `Options::spoken`.
const SERIAL_PRE_NEGATED: &[&str] = &[
    "We don't need these to happen at the same time.",
    "No need for these to run at the same time.",
    "These don't have to happen in parallel.",
    "Nothing here has to run at the same time.",
    "There's no need to do these concurrently.",
    "They needn't run at once.",
    "I don't need them done in parallel.",
    "Doesn't need to be parallel:",
    "These need not happen simultaneously.",
    "We don't need parallel here:",
    "No point running these at the same time.",
    "Don't bother running them in parallel:",
];

/// The same after the calls, drawn after `SERIAL_POST_EXTRA` with `Options::spoken`.
const SERIAL_POST_NEGATED: &[&str] = &[
    ". We don't need them to happen at the same time",
    ". These don't have to happen in parallel",
    ". No need for them to run at the same time",
    ". They needn't run concurrently",
    ". It doesn't have to be parallel",
    ", no need to do them at once",
    ". I don't need these in parallel",
    ". No point doing them at the same time",
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

/// Writes a schedule cue before the calls (`In order:`, `In parallel,`).
pub(crate) fn pre_cue(g: &mut Gen, t: &mut Text, sched: Sched) {
    let s = pre_phrase(g, sched);
    t.w(s);
}

/// The phrase [`pre_cue`] writes (one draw).
pub(super) fn pre_phrase(g: &mut Gen, sched: Sched) -> &'static str {
    if let Some(tongue) = g.switched() {
        return g.pw(match sched {
            Sched::Serial => tongue.serial_pre,
            _ => tongue.parallel_pre,
        });
    }
    match sched {
        Sched::Serial if g.spoken() => {
            g.pt(SERIAL_PRE, &[SERIAL_PRE_EXTRA, SERIAL_PRE_NEGATED].concat())
        }
        Sched::Serial => g.phrase(SERIAL_PRE, SERIAL_PRE_EXTRA, SERIAL_PRE_TEST),
        _ => g.phrase(PARALLEL_PRE, PARALLEL_PRE_EXTRA, PARALLEL_PRE_TEST),
    }
}

/// Writes a schedule cue after the calls (`, one after another`, ` in parallel`).
pub(crate) fn post_cue(g: &mut Gen, t: &mut Text, sched: Sched) {
    let s = post_phrase(g, sched);
    piece(t, s);
}

/// The phrase [`post_cue`] writes (one draw), with its leading punctuation.
pub(super) fn post_phrase(g: &mut Gen, sched: Sched) -> &'static str {
    if let Some(tongue) = g.switched() {
        return g.pw(match sched {
            Sched::Serial => tongue.serial_post,
            _ => tongue.parallel_post,
        });
    }
    match sched {
        Sched::Serial if g.spoken() => g.pt(
            SERIAL_POST,
            &[SERIAL_POST_EXTRA, SERIAL_POST_NEGATED].concat(),
        ),
        Sched::Serial => g.phrase(SERIAL_POST, SERIAL_POST_EXTRA, SERIAL_POST_TEST),
        _ => g.phrase(PARALLEL_POST, PARALLEL_POST_EXTRA, PARALLEL_POST_TEST),
    }
}

/// A joiner between two calls; returns whether the next call should keep its verb.
pub(crate) fn join(g: &mut Gen, t: &mut Text, cue_here: Option<Sched>) -> bool {
    let s = match (g.switched(), cue_here) {
        (Some(tongue), Some(Sched::Serial)) => g.pw(tongue.serial_join),
        (Some(tongue), Some(Sched::Parallel)) => g.pw(tongue.parallel_join),
        (Some(tongue), _) => g.pw(tongue.neutral_join),
        (None, Some(Sched::Serial)) => g.phrase(SERIAL_JOIN, SERIAL_JOIN_EXTRA, SERIAL_JOIN_TEST),
        (None, Some(Sched::Parallel)) => g.pt(PARALLEL_JOIN, PARALLEL_JOIN_EXTRA),
        (None, _) => g.pt(NEUTRAL_JOIN, NEUTRAL_JOIN_EXTRA),
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
