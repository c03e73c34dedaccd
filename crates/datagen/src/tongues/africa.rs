//! The languages of Africa: Swahili.

use super::Tongue;

/// Swahili.
pub(super) const SWAHILI: Tongue = Tongue {
    parallel_pre: &["Kwa pamoja,", "Wakati mmoja,", "Zote pamoja:"],
    parallel_post: &[" pamoja", " kwa wakati mmoja", ", zote pamoja"],
    parallel_join: &[", na wakati huo huo", ", na sambamba"],
    serial_pre: &["Moja moja:", "Kwa mpangilio:", "Moja baada ya nyingine:"],
    serial_post: &[", moja moja", ", kwa mpangilio", ", moja baada ya nyingine"],
    serial_join: &[", kisha", ", halafu", ". Baadaye", ", baada ya hapo"],
    neutral_join: &[" na", ", na pia"],
    out_all: &["nipe matokeo yote", "matokeo yote tafadhali"],
    out_last: &["matokeo ya mwisho tu", "nipe ya mwisho tu"],
    limit: &[
        ("safu", "za kwanza tu"),
        ("zisizozidi", "safu"),
        ("hadi", "tu"),
    ],
    cond_if: &["kama", "ikiwa"],
    outcome: &[
        "itashindwa",
        "haitarudisha kitu",
        "italeta error",
        "itakuja tupu",
        "itafanya kazi",
    ],
    cond_then: &["basi"],
    retry: &["ikishindwa, jaribu tena", "kama kuna error, rudia"],
    keep_trying: &[
        "na uendelee kujaribu mpaka ifanikiwe",
        "na jaribu tena mpaka ikubali",
    ],
    fields: &[("", "tu"), ("nipe", "tu")],
    and: "na",
    sort_by: &[("panga kwa", ""), ("zipange kwa", "kuanzia juu")],
    filter_above: &[
        ("zile tu ambazo", "ni zaidi ya", ""),
        ("zenye", "juu ya", "tu"),
    ],
    count: &["ni ngapi?", "niambie idadi tu"],
};
