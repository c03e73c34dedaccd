//! Output cues of a multi-call draft: every result (`give me both results`) or the last one only
//! (`return only the last result`).

use super::*;

pub(super) const OUT_ALL: &[&str] = &[
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

pub(super) const OUT_ALL_TEST: &[&str] =
    &["hand me the full set of results", "report every outcome"];

pub(super) const OUT_LAST: &[&str] = &[
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

pub(super) const OUT_LAST_TEST: &[&str] = &[
    "the final output is enough",
    "discard everything but the last result",
];

// Paraphrases that only the train and dev splits draw (see `Gen::pt`): more ways to say the same
// cue, so that the network learns the cue and not one wording of it. None of them is a test-only
// phrase, and drawing them leaves the test split unchanged.
pub(super) const OUT_ALL_EXTRA: &[&str] = &[
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

pub(super) const OUT_LAST_EXTRA: &[&str] = &[
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

/// The output cue for a multi-call draft, as a clause or sentence at the end.
pub(crate) fn out_cue(g: &mut Gen, t: &mut Text, kind: OutputKind, n: usize) {
    let s = out_phrase(g, kind, n);
    let lead = g.pw(&[", and", ";", ".", " —", ","]);
    piece(t, lead);
    t.w(s);
}

/// The phrase [`out_cue`] writes after its lead (drawn first, as [`out_cue`] always has).
pub(super) fn out_phrase(g: &mut Gen, kind: OutputKind, n: usize) -> &'static str {
    if let Some(tongue) = g.switched() {
        return g.pw(match kind {
            OutputKind::All => tongue.out_all,
            OutputKind::Last => tongue.out_last,
        });
    }
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
