//! `asides` (train and dev splits only, behind [`crate::Options::asides`]): requests with remarks
//! that use the words of unsupported structures without asking for one.
//!
//! People wrap a request in politeness and context: `If it is not too much trouble, ...`,
//! `(if memory serves)`, `the nightly run failed on quota`, `no need to sort anything`, `we do
//! this for every release`, `// kill switch, QA only`. The words are the cues of conditions,
//! retries, sorting, filtering and loops, but the remark asks for none of them: the record is the
//! plan its calls make. Every remark is fixed train-only prose that names nothing and holds no
//! value or number, so its tokens are all prose.

use super::*;

/// Polite openers built on a condition word.
const OPENERS: &[&str] = &[
    "If it is not too much trouble,",
    "If it's no trouble,",
    "If you don't mind,",
    "If you have a minute,",
    "If you could,",
    "If you get a chance,",
    "If that's alright with you,",
    "If you would be so kind,",
    "When you have a moment,",
    "When you get a sec,",
    "Whenever you're free,",
    "Unless you're swamped,",
];

/// Remarks that hedge or sign off with a condition word.
const HEDGES: &[&str] = &[
    "If memory serves, this is the one from last week.",
    "(if memory serves)",
    "(if I'm not mistaken)",
    "If I remember right, we did the same last quarter.",
    "If I'm not mistaken, it was set up in March.",
    "Let me know if it looks off.",
    "Ping me if anything is unclear.",
    "No worries if it takes a while.",
    "If it matters, this is for the audit.",
    "When I checked earlier it looked fine.",
    "Thanks, even if it has to wait until tomorrow.",
];

/// Remarks about past failures and runs: context, not a retry.
const PAST_FAILURES: &[&str] = &[
    "The last run failed on a quota error.",
    "Yesterday's attempt timed out.",
    "This is a rerun of last night's job.",
    "The nightly job failed, so I'm checking by hand.",
    "The first try errored out on my side.",
    "It was posted in error last week.",
    "We already retried it once by hand.",
    "(it failed overnight because of the quota)",
    "The earlier attempt was cancelled by mistake.",
];

/// Remarks that decline a structure outright.
const DECLINED: &[&str] = &[
    "No need to sort anything.",
    "Don't bother sorting, I'll eyeball it.",
    "No filtering needed.",
    "I'll count them myself later.",
    "No need to add anything up.",
    "Nothing needs to be grouped.",
    "I don't need it repeated.",
    "Once is enough.",
];

/// Remarks with `every`, `each`, `all` that quantify the context, not the calls.
const QUANTIFIED: &[&str] = &[
    "We do this for every release.",
    "Every team is waiting on this.",
    "Each quarter we go through the same routine.",
    "It has to show up for every region.",
    "All of the team will look at it.",
    "It's the same for each office.",
    "Everyone on the list gets the summary.",
];

/// Code comments after a call written as code.
const COMMENTS: &[&str] = &[
    "// nightly rerun",
    "// kill switch, QA only",
    "# if it helps, same as last week",
    "// for every region",
    "// sorted by hand later",
    "-- rerun after the outage",
    "// posted in error before",
    "# once, not in a loop",
];

/// One remark from any of the pools.
fn remark(g: &mut Gen) -> &'static str {
    let pool = [HEDGES, PAST_FAILURES, DECLINED, QUANTIFIED][g.weighted(&[30, 30, 20, 20])];
    g.pw(pool)
}

/// An `asides` positive: a draft of 1–3 calls written by the imperative, call-syntax or chatty
/// family, with an opener, a remark before or after, or a code comment.
pub(crate) fn positive(g: &mut Gen) -> Option<Example> {
    let n = call_count(g);
    let size = catalog::size(g, 1);
    let mut specs = catalog::sample(g, size);
    let draft = draw(g, &mut specs, n, false)?;
    let mut t = Text::new(case(g));
    let opener = g.chance(0.35);
    let fam = if opener {
        [Family::Imperative, Family::CallSyntax][g.weighted(&[70, 30])]
    } else {
        [Family::Imperative, Family::CallSyntax, Family::Chatty][g.weighted(&[50, 25, 25])]
    };
    let before = !opener && g.chance(0.3);
    if before {
        let s = remark(g);
        t.w(s);
    }
    if opener {
        let s = g.pw(OPENERS);
        t.w(s);
    }
    match fam {
        // After an opener the request goes on at once: no filler or count line in between.
        Family::Imperative if opener => {
            imperative_with(g, &mut t, &draft, CallForm::Natural, false)
        }
        Family::CallSyntax if opener => imperative_with(g, &mut t, &draft, CallForm::Syntax, false),
        _ => write(g, &mut t, fam, &draft, None),
    }
    if fam == Family::CallSyntax && g.chance(0.5) {
        let s = g.pw(COMMENTS);
        t.w(s);
    } else if !before && (!opener || g.chance(0.5)) {
        let s = remark(g);
        t.w(s);
    }
    finish_positive(g, t, &specs, &draft, "asides")
}
