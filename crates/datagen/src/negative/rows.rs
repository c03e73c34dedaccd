//! Output requests the contract does not plan: rows other than the first N, and the other
//! output classes `rows` writes.

use crate::catalog;
use crate::render::{self, DCall};
use crate::text::Text;
use crate::values;
use crate::vocab::Kind;
use crate::{Example, Gen, Unsupported};

use super::*;

/// Sorting, filtering, aggregation and rows other than the first N, on one array call.
pub(super) fn rows(g: &mut Gen, class: Unsupported) -> Option<Example> {
    let size = catalog::size(g, 1);
    let mut specs = catalog::sample(g, size);
    let i = g.below(specs.len());
    catalog::make_array(g, &mut specs[i], 3);
    let spec = specs[i].clone();
    let c = DCall {
        tool: spec.name.clone(),
        args: render::draw_args(g, &spec, None),
    };
    // "the last 5 rows" must not read as the argument `last`.
    if class == Unsupported::OtherRows && spec.has_arg("last") {
        return None;
    }
    // A property that is not an argument, for "where status is ...".
    let free: Vec<String> = spec
        .props
        .iter()
        .filter(|p| !spec.has_arg(p))
        .cloned()
        .collect();
    let prop = if free.is_empty() {
        return None;
    } else {
        g.pick(&free).clone()
    };
    let case = render::case(g);
    // The phrase is written apart, then put after the call or before it.
    let mut t = Text::new(case.phrase());
    let name;
    match class {
        Unsupported::Sort => match variant_x(g, 8, 3, 2) {
            0 => {
                name = "sorted_by";
                let (pre, post) = match g.switched() {
                    Some(tongue) => *g.pick(tongue.sort_by),
                    None => {
                        let pre = g.pt(
                            &[
                                "sorted by",
                                "sort them by",
                                "sort the rows by",
                                "ordered by",
                                "order it by",
                            ],
                            &[
                                "sorting on",
                                "put them in order of",
                                "order the results by",
                                "sort on",
                                "order by",
                                "sorted on",
                                "sort it by",
                                "with the rows ordered by",
                                "re-sorted by",
                                "in order by",
                            ],
                        );
                        let direction = if g.chance(0.4) {
                            g.pt(
                                &["descending", "ascending", "desc", "asc"],
                                &[
                                    "high to low",
                                    "low to high",
                                    "largest first",
                                    "smallest first",
                                    "in reverse",
                                ],
                            )
                        } else {
                            ""
                        };
                        (pre, direction)
                    }
                };
                t.w(pre);
                t.w(&prop);
                t.w(post);
            }
            1 => {
                name = "top_by";
                t.w(g.pt(
                    &["top", "the top", "best"],
                    &["the best", "the highest", "the lowest"],
                ));
                t.w(&g.range(1, 21).to_string());
                t.w(fixed_or(
                    g,
                    "by",
                    &["ranked by", "sorted by", "in terms of", "according to"],
                ));
                t.w(&prop);
            }
            2 => {
                name = "highest_first";
                t.w(g.pt(
                    &["highest", "lowest", "largest", "smallest", "most recent"],
                    &[
                        "greatest", "least", "latest", "earliest", "oldest", "newest",
                    ],
                ));
                t.w(&prop);
                t.w(fixed_or(g, "first", &["at the top", "on top", "up front"]));
            }
            3 => {
                name = "alphabetical";
                t.w(g.pt(
                    &[
                        "in alphabetical order",
                        "alphabetically",
                        "in reverse order",
                    ],
                    &[
                        "A to Z",
                        "from A to Z",
                        "Z to A",
                        "reverse alphabetically",
                        "sorted alphabetically",
                        "in descending order",
                        "in ascending order",
                        "in reverse alphabetical order",
                    ],
                ));
            }
            4 => {
                name = "newest_first";
                t.w(g.pt(
                    &["newest first", "oldest first", "most recent first"],
                    &[
                        "latest first",
                        "most recent on top",
                        "oldest to newest",
                        "newest to oldest",
                        "chronologically",
                        "in reverse chronological order",
                        "by date",
                        "latest at the top",
                    ],
                ));
            }
            5 => {
                name = "ranked_by";
                t.w(g.pt(
                    &["ranked by", "rank them by", "in order of"],
                    &[
                        "ranking them by",
                        "ranked according to",
                        "in descending order of",
                        "in ascending order of",
                        "ranked on",
                    ],
                ));
                t.w(&prop);
            }
            6 => {
                name = "sort_then_limit";
                t.w(fixed_or(
                    g,
                    "sort by",
                    &["order by", "sort them on", "rank by"],
                ));
                t.w(&prop);
                t.w(fixed_or(
                    g,
                    "and give me the first",
                    &[
                        "and return the first",
                        "then take the first",
                        "and keep the first",
                        "then show me the first",
                    ],
                ));
                t.w(&render::limit_value(g));
            }
            7 => {
                name = "by_desc";
                t.w("by");
                t.w(&prop);
                t.w(g.pt(
                    &["descending", "high to low", "from largest to smallest"],
                    &[
                        "low to high",
                        "from smallest to largest",
                        "in descending order",
                        "in ascending order",
                        "highest first",
                        "lowest first",
                    ],
                ));
            }
            8 => {
                name = "arrange";
                t.w("arrange the rows by");
                t.w(&prop);
            }
            9 => {
                name = "biggest_n";
                t.w("the");
                t.w(&g.range(2, 10).to_string());
                t.w("with the biggest");
                t.w(&prop);
            }
            10 => {
                name = "in_prop_order";
                t.w(g.pw(&[
                    "put the rows in",
                    "list them in",
                    "return them in",
                    "show them in",
                ]));
                t.w(&prop);
                t.w(g.pw(&[
                    "order",
                    "order, descending",
                    "order, highest first",
                    "order, lowest first",
                ]));
            }
            11 => {
                name = "from_to";
                t.w(g.pw(&[
                    "from highest to lowest",
                    "from lowest to highest",
                    "from most to least",
                    "from least to most",
                ]));
                t.w(&prop);
            }
            _ => {
                name = "terse_sort";
                t.w(g.pw(&["order:", "sort:", "sorting:"]));
                t.w(&prop);
                t.w(g.pw(&["desc", "asc", "descending", "ascending", ""]));
            }
        },
        Unsupported::Filter => match variant_x(g, 7, 4, 2) {
            0 => {
                name = "where_is";
                t.w(g.pt(
                    &[
                        "keeping only rows where",
                        "only rows where",
                        "where",
                        "just those where",
                    ],
                    &[
                        "but only where",
                        "restricted to rows where",
                        "narrowed to those where",
                        "only those whose",
                        "only keep rows where",
                        "just the rows where",
                    ],
                ));
                t.w(&prop);
                t.w(fixed_or(g, "is", &["equals", "is set to", "is equal to"]));
                t.raw(&values::value(g, Kind::Code).text);
            }
            1 => {
                name = "above";
                let (pre, mid, post) = match g.switched() {
                    Some(tongue) => *g.pick(tongue.filter_above),
                    None => {
                        let pre = g.pt(
                            &[
                                "only the ones whose",
                                "only rows with",
                                "just entries where",
                            ],
                            &[
                                "only those whose",
                                "just the rows whose",
                                "keep rows where",
                                "rows where",
                                "only entries with",
                            ],
                        );
                        let mid = g.pt(
                            &["is above", "is over", "exceeds", "is below", "is at least"],
                            &[
                                "is greater than",
                                "is more than",
                                "is less than",
                                "is under",
                                "is at most",
                                "is no more than",
                                "is bigger than",
                                "is smaller than",
                            ],
                        );
                        (pre, mid, "")
                    }
                };
                t.w(pre);
                t.w(&prop);
                t.w(mid);
                t.w(&g.range(1, 500).to_string());
                t.w(post);
            }
            2 => {
                name = "exclude";
                t.w(g.pt(
                    &[
                        "exclude rows where",
                        "drop anything where",
                        "skip rows whose",
                        "remove the ones where",
                    ],
                    &[
                        "filter out rows where",
                        "throw out anything where",
                        "ignore rows whose",
                        "get rid of rows where",
                        "omit rows where",
                        "without the rows where",
                        "weed out entries whose",
                    ],
                ));
                t.w(&prop);
                t.w(g.pt(
                    &["is empty", "is missing", "is null", "is blank"],
                    &[
                        "isn't set",
                        "is not set",
                        "has no value",
                        "is undefined",
                        "is unset",
                    ],
                ));
            }
            3 => {
                name = "with_value";
                t.w(g.pt(
                    &[
                        "only rows with",
                        "just the ones with",
                        "keep only entries with",
                    ],
                    &[
                        "just rows having",
                        "only entries having",
                        "only the rows carrying",
                        "restrict to rows with",
                        "only results with",
                    ],
                ));
                t.w(&prop);
                t.raw(&values::value(g, Kind::Team).text);
            }
            4 => {
                name = "adjective";
                t.w(g.pt(
                    &[
                        "just the active ones",
                        "only the failed ones",
                        "only those that are overdue",
                        "leave out the archived ones",
                    ],
                    &[
                        "only the open ones",
                        "just the pending ones",
                        "skip the closed ones",
                        "ignore anything that's been deleted",
                        "only the ones still in progress",
                        "hide the resolved ones",
                        "only unread ones",
                        "no inactive ones",
                        "only the live ones",
                    ],
                ));
            }
            5 => {
                name = "matching";
                t.w(g.pt(
                    &["only rows whose", "filter to rows whose"],
                    &[
                        "only the ones whose",
                        "just rows where",
                        "keep rows whose",
                        "narrow it to rows whose",
                    ],
                ));
                t.w(&prop);
                t.w(g.pt(
                    &["contains", "starts with", "matches"],
                    &["includes", "begins with", "ends with", "mentions", "has"],
                ));
                t.raw(&values::value(g, Kind::Phrase).text);
            }
            6 => {
                name = "filter_by";
                t.w(g.pt(
                    &["filter by", "filtered on", "filter them by"],
                    &[
                        "filtering on",
                        "filter on",
                        "filter it by",
                        "narrowed by",
                        "with a filter on",
                    ],
                ));
                t.w(&prop);
                if g.chance(0.5) {
                    t.raw(&values::value(g, Kind::Code).text);
                }
            }
            7 => {
                name = "leave_out";
                t.w("but leave out rows whose");
                t.w(&prop);
                t.w("is zero");
            }
            8 => {
                name = "non_empty";
                t.w("only the rows that actually have a");
                t.w(&prop);
            }
            9 => {
                name = "present";
                t.w(g.pw(&[
                    "just the ones where",
                    "only rows where",
                    "only entries whose",
                    "keep rows where",
                ]));
                t.w(&prop);
                t.w(g.pw(&[
                    "isn't empty",
                    "is not empty",
                    "is set",
                    "is present",
                    "is filled in",
                    "has a value",
                ]));
            }
            10 => {
                name = "lacking";
                t.w(g.pw(&[
                    "drop rows lacking a",
                    "drop rows without a",
                    "skip entries with no",
                    "ignore the ones missing a",
                    "remove anything without a",
                ]));
                t.w(&prop);
            }
            11 => {
                name = "excluding_where";
                t.w(g.pw(&[
                    "apart from rows where",
                    "excluding rows where",
                    "but not where",
                    "skipping any where",
                ]));
                t.w(&prop);
                t.w(g.pw(&["is", "equals"]));
                t.raw(&values::value(g, Kind::Code).text);
            }
            _ => {
                name = "between";
                t.w(g.pw(&["only rows with", "just the ones with", "rows where"]));
                t.w(&prop);
                t.w("between");
                let lo = g.range(1, 200);
                t.w(&lo.to_string());
                t.w("and");
                t.w(&(lo + g.range(1, 300)).to_string());
            }
        },
        Unsupported::Aggregate => match variant_x(g, 7, 3, 2) {
            0 => {
                name = "count_rows";
                t.w(g.pt(
                    &[
                        "count the rows",
                        "count them",
                        "count the results",
                        "give me the count",
                    ],
                    &[
                        "give me a count",
                        "just the count",
                        "count the entries",
                        "return the row count",
                        "a row count, please",
                        "count the matches",
                        "count how many came back",
                    ],
                ));
            }
            1 => {
                name = "how_many";
                t.w(match g.switched() {
                    Some(tongue) => g.pw(tongue.count),
                    None => g.pt(
                        &[
                            "how many are there",
                            "tell me how many rows there are",
                            "just tell me how many",
                        ],
                        &[
                            "how many rows came back",
                            "how many results are there",
                            "I just need to know how many",
                            "how many did it find",
                            "what's the total count",
                            "how many entries is that",
                        ],
                    ),
                });
            }
            2 => {
                name = "sum_of";
                t.w(g.pt(
                    &["the sum of", "sum up the", "add up the", "the total of"],
                    &[
                        "the combined",
                        "a running total of the",
                        "the overall",
                        "sum the",
                        "total up the",
                        "add together the",
                        "the grand total of",
                    ],
                ));
                t.w(&prop);
            }
            3 => {
                name = "average";
                t.w(g.pt(
                    &["the average", "average", "the median", "the mean"],
                    &[
                        "the avg",
                        "avg",
                        "the mean value of",
                        "work out the average",
                        "get the average",
                    ],
                ));
                t.w(&prop);
            }
            4 => {
                name = "group_by";
                t.w(g.pt(
                    &["group them by", "grouped by", "bucket them by"],
                    &[
                        "roll them up by",
                        "cluster them by",
                        "split them up by",
                        "break them down by",
                        "group the rows by",
                        "grouped on",
                        "aggregated by",
                    ],
                ));
                t.w(&prop);
            }
            5 => {
                name = "max_min";
                t.w(g.pt(
                    &[
                        "the max",
                        "the maximum",
                        "the minimum",
                        "the min",
                        "the largest",
                    ],
                    &[
                        "the highest",
                        "the lowest",
                        "the smallest",
                        "the peak",
                        "the greatest",
                    ],
                ));
                t.w(&prop);
            }
            6 => {
                name = "number_of";
                t.w(g.pt(
                    &[
                        "the number of results",
                        "the number of rows",
                        "a count of the rows",
                    ],
                    &[
                        "the total number of rows",
                        "the result count",
                        "the number of entries",
                        "the row count",
                        "a count of results",
                    ],
                ));
            }
            7 => {
                name = "tally";
                t.w(g.pw(&["tally them up", "tally the rows"]));
            }
            8 => {
                name = "distinct";
                t.w("the distinct");
                t.w(&prop);
                t.w("values");
            }
            9 => {
                name = "stats";
                t.w(g.pw(&[
                    "min, max and mean of",
                    "basic stats for",
                    "the range of",
                    "the spread of",
                    "the standard deviation of",
                ]));
                t.w(&prop);
            }
            10 => {
                name = "breakdown";
                t.w(g.pw(&[
                    "a count by",
                    "counts broken down by",
                    "a breakdown by",
                    "totals by",
                    "subtotals by",
                ]));
                t.w(&prop);
            }
            _ => {
                name = "whats_the";
                t.w(g.pw(&[
                    "what's the total",
                    "what's the average",
                    "what's the combined",
                    "what's the highest",
                    "what is the lowest",
                ]));
                t.w(&prop);
                t.w(g.pw(&[
                    "across them",
                    "across all rows",
                    "overall",
                    "over all results",
                ]));
            }
        },
        _ => match variant_x(g, 7, 4, 2) {
            0 => {
                name = "last_n";
                t.w(g.pt(
                    &["the last", "only the last", "just the last"],
                    &["the very last", "only the very last", "last"],
                ));
                t.w(&g.range(1, 51).to_string());
                t.w(g.pt(&["rows", "results", "entries", ""], &["items", "records"]));
            }
            1 => {
                name = "range";
                t.w(fixed_or(g, "rows", &["entries", "results", "items"]));
                let a = g.range(2, 50);
                t.w(&a.to_string());
                t.w(g.pt(&["to", "through", "-"], &["until", "up to", "thru"]));
                t.w(&(a + g.range(1, 30)).to_string());
            }
            2 => {
                name = "skip_first";
                t.w(g.pt(
                    &["skip the first", "ignore the first", "drop the first"],
                    &[
                        "skip past the first",
                        "leave off the first",
                        "throw away the first",
                        "omit the first",
                        "don't include the first",
                        "exclude the first",
                        "cut the first",
                    ],
                ));
                t.w(&g.range(1, 20).to_string());
                t.w(fixed_or(
                    g,
                    "rows",
                    &["results", "entries", "items", "records"],
                ));
            }
            3 => {
                name = "after_row";
                t.w(g.pt(
                    &["everything after row", "from row", "starting at row"],
                    &[
                        "beginning at row",
                        "starting from row",
                        "anything past row",
                        "everything below row",
                        "the rows after row",
                    ],
                ));
                t.w(&g.range(2, 40).to_string());
            }
            4 => {
                name = "bottom";
                t.w(g.pt(
                    &["the bottom", "the last"],
                    &["the trailing", "the tail end,", "the closing"],
                ));
                t.w(&g.range(2, 30).to_string());
            }
            5 => {
                name = "every_other";
                t.w(g.pt(
                    &["every other row", "every second row", "only the odd rows"],
                    &[
                        "alternate rows",
                        "every second result",
                        "only the even rows",
                        "every other entry",
                        "odd-numbered rows only",
                        "every third row",
                    ],
                ));
            }
            6 => {
                name = "random_sample";
                t.w(g.pt(
                    &["a random", "any"],
                    &[
                        "some random",
                        "a random sample of",
                        "a random selection of",
                        "a random subset of",
                    ],
                ));
                t.w(&g.range(2, 20).to_string());
                t.w(fixed_or(g, "rows", &["entries", "results"]));
            }
            7 => {
                name = "final_rows";
                t.w("the final");
                t.w(&g.range(2, 20).to_string());
                t.w("rows");
            }
            8 => {
                name = "all_but_first";
                t.w("all but the first");
                t.w(&g.range(2, 10).to_string());
                t.w("rows");
            }
            9 => {
                name = "past_first";
                t.w(g.pw(&[
                    "everything past the first",
                    "every row beyond the first",
                    "the rest after the first",
                    "everything besides the first",
                    "everything other than the first",
                ]));
                t.w(&g.range(2, 15).to_string());
                t.w(g.pw(&["rows", "results", "entries"]));
            }
            10 => {
                name = "onward";
                t.w(g.pw(&["rows", "entries", "results"]));
                t.w(&g.range(2, 40).to_string());
                t.w(g.pw(&["onward", "onwards", "and beyond", "and later", "to the end"]));
            }
            11 => {
                name = "middle";
                t.w(g.pw(&["the middle", "the central", "the middle-most"]));
                t.w(&g.range(2, 20).to_string());
                t.w(g.pw(&["rows", "results", "entries"]));
            }
            _ => {
                name = "single_row";
                t.w(g.pw(&[
                    "just row",
                    "only row",
                    "row number",
                    "only the row at position",
                ]));
                t.w(&g.range(2, 40).to_string());
            }
        },
    }
    let (phrase, _) = t.finish();
    let mut t = Text::new(case);
    // (The train-only question form `whats_the` only goes after the call.)
    let before = (matches!(class, Unsupported::Aggregate | Unsupported::OtherRows)
        || name == "top_by")
        && name != "whats_the";
    if before && g.chance(0.35) {
        t.w(g.pt(
            &["give me", "show me", "I want", "return", "get me"],
            &["I need", "fetch me", "pull", "list", "tell me", "send me"],
        ));
        t.raw(&phrase);
        t.w(g.pt(
            &["from", "of", "returned by"],
            &["out of", "coming from", "in", "that comes back from"],
        ));
        render::call_natural(g, &mut t, 1, &c, false);
    } else {
        render::call_natural(g, &mut t, 1, &c, true);
        let lead = g.pt(&[",", " —", ";", ".", " and"], &[", but", ":", ", and"]);
        render::piece(&mut t, lead);
        t.raw(&phrase);
    }
    render::end(g, &mut t);
    finish(g, t, &specs, class, name, None)
}
