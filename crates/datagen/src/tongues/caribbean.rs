//! The languages of the Caribbean: Haitian Kreyòl.

use super::Tongue;

/// Haitian Kreyòl.
pub(super) const KREYOL: Tongue = Tongue {
    parallel_pre: &["An menm tan:", "Tout ansanm:", "Fè yo ansanm:"],
    parallel_post: &[" an menm tan", " ansanm", ", tout an menm tan"],
    parallel_join: &[", epi an menm tan", ", ak an menm tan"],
    serial_pre: &[
        "Youn apre lòt:",
        "Nan lòd:",
        "Youn pa youn:",
        "Pa an menm tan:",
    ],
    serial_post: &[
        ", youn apre lòt",
        ", nan lòd",
        ", youn pa youn",
        ", pa an menm tan",
        ", pa fè yo ansanm, youn apre lòt",
    ],
    serial_join: &[", apre sa", ", epi apre", ". Apre sa", ", answit"],
    neutral_join: &[" ak", ", epi tou"],
    out_all: &["ban m tout rezilta yo", "tout rezilta yo, souple"],
    out_last: &["sèlman dènye rezilta a", "jis dènye rezilta a"],
    limit: &[
        ("sèlman", "premye yo"),
        ("pa plis pase", "liy"),
        ("premye", "liy yo sèlman"),
    ],
    cond_if: &["si"],
    outcome: &["echwe", "pa retounen anyen", "bay erè", "vid", "mache"],
    cond_then: &["lè sa a"],
    retry: &["si l echwe, eseye ankò", "si gen erè, refè l"],
    keep_trying: &[
        "epi kontinye eseye jiskaske li mache",
        "epi refè l jiskaske li pase",
    ],
    fields: &[
        ("sèlman", ""),
        ("jis", "sèlman"),
        ("sèlman", "rès la pa nesesè"),
    ],
    and: "ak",
    sort_by: &[("ranje yo pa", ""), ("klase pa", "soti nan pi gwo")],
    filter_above: &[
        ("sèlman sa ki gen", "plis pase", ""),
        ("jis sa ki", "depase", ""),
    ],
    count: &["konbyen ki genyen?", "jis kantite a"],
};
