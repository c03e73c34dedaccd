//! The languages of Africa: Swahili and Twi (Akan).

use super::Tongue;

/// Swahili.
pub(super) const SWAHILI: Tongue = Tongue {
    parallel_pre: &["Kwa pamoja,", "Wakati mmoja,", "Zote pamoja:"],
    parallel_post: &[" pamoja", " kwa wakati mmoja", ", zote pamoja"],
    parallel_join: &[", na wakati huo huo", ", na sambamba"],
    serial_pre: &[
        "Moja moja:",
        "Kwa mpangilio:",
        "Moja baada ya nyingine:",
        "Si kwa pamoja:",
    ],
    serial_post: &[
        ", moja moja",
        ", kwa mpangilio",
        ", moja baada ya nyingine",
        ", sio kwa wakati mmoja",
        ", si zote pamoja, moja moja",
    ],
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
    fields: &[("", "tu"), ("nipe", "tu"), ("nipe", "tu, vingine hapana")],
    and: "na",
    sort_by: &[("panga kwa", ""), ("zipange kwa", "kuanzia juu")],
    filter_above: &[
        ("zile tu ambazo", "ni zaidi ya", ""),
        ("zenye", "juu ya", "tu"),
    ],
    count: &["ni ngapi?", "niambie idadi tu"],
};

/// Twi (Akan).
pub(super) const TWI: Tongue = Tongue {
    parallel_pre: &["Bere koro mu:", "Ne nyinaa bom:", "Bom yɛ:"],
    parallel_post: &[" bere koro mu", " bom", ", ne nyinaa bere koro mu"],
    parallel_join: &[", na bere koro mu", ", na bom"],
    serial_pre: &[
        "Baako baako:",
        "Nhyehyɛe mu:",
        "Baako akyi baako:",
        "Ɛnyɛ bere koro mu:",
    ],
    serial_post: &[
        ", baako baako",
        ", baako akyi baako",
        ", wɔ nhyehyɛe mu",
        ", ɛnyɛ bere koro mu",
        ", mma ɛnkɔ bom, baako baako",
    ],
    serial_join: &[", afei", ", ɛno akyi", ". Ɛno akyi", ", na afei"],
    neutral_join: &[" ne", ", ne bio"],
    out_all: &["fa nea efi mu nyinaa ma me", "results no nyinaa"],
    out_last: &["nea etwa to no nko ara", "result a etwa to no nko"],
    limit: &[
        ("nea edi kan", "nko ara"),
        ("ɛnnboro", "rows"),
        ("edi kan", "pɛ"),
    ],
    cond_if: &["sɛ"],
    outcome: &[
        "anyɛ yie",
        "amfa hwee amma",
        "yɛ error",
        "yɛ hunu",
        "yɛ adwuma",
    ],
    cond_then: &[],
    retry: &["sɛ anyɛ yie a, san yɛ bio", "sɛ error ba a, bɔ mmɔden bio"],
    keep_trying: &["na kɔ so yɛ kosi sɛ ɛbɛyɛ yie", "na san yɛ kosi sɛ ɛbɛkɔ"],
    fields: &[("", "nko ara"), ("fa", "nko ara ma me")],
    and: "ne",
    sort_by: &[("hyehyɛ no wɔ", "so"), ("fa", "so hyehyɛ fi kɛse so")],
    filter_above: &[("nea", "boro", "nko ara"), ("nea ne", "sen", "nko ara")],
    count: &["ɛyɛ ahe?", "dodow no nko ara"],
};
