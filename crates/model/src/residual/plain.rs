//! Requests said in plain words around the calls, which the reading can leave as prose:
//!
//! - a condition (`If the barn is still free that weekend, grab it!`): a clause opened by `if` or
//!   `unless` about the world, not about the person asked (`if you can`, `if it's not too much
//!   trouble`) and not a question (`asks if`), followed by an order; no plan can wait on it;
//! - a field the plan keeps that the instruction mentions only apart from the list that asks
//!   for the other fields (`Only the owner and acquired columns [the source column is
//!   unreliable]`), or only as the speaker's own (`per my last email`): said in a remark, not
//!   asked for;
//! - an order for the rows (`the top 3 by cr`, `sorted by date`, `quickest first`) that no
//!   argument of the calls takes, and a total or an average of a column (`total up the balance
//!   column`) that no called tool computes: no plan sorts or adds up rows.

use codemode_plan::TokenKind;

use super::{Reading, Unhonoured};

/// Words that make an `if` clause about the person asked or about the asking itself, a
/// politeness and not a condition (`if you can`, `if possible`, `if it's okay`, `sorry if this
/// is obvious`, `if memory serves`, `if anyone asks`).
const POLITE: &[&str] = &[
    "you",
    "your",
    "u",
    "ya",
    "yall",
    "possible",
    "okay",
    "ok",
    "alright",
    "fine",
    "trouble",
    "mind",
    "convenient",
    "necessary",
    "needed",
    "obvious",
    "silly",
    "stupid",
    "dumb",
    "memory",
    "anyone",
    "anybody",
    "please",
    "pls",
    "plz",
    "allowed",
    "easier",
    "easy",
    "time",
    "chance",
];

/// Words after which `if` asks a question rather than sets a condition (`asks if`, `curious
/// if`, `to know if`, `see if`).
const ASKING: &[&str] = &[
    "ask",
    "asks",
    "asked",
    "asking",
    "know",
    "knows",
    "curious",
    "wonder",
    "wondering",
    "wondered",
    "see",
    "check",
    "checking",
    "tell",
    "whether",
    "unsure",
    "sure",
    "doubt",
];

/// Words a consequent that is no order opens with: pronouns, determiners, auxiliaries and
/// modals (`it was approved`, `could you fetch`, `the printer jams`).
const NOT_ORDERS: &[&str] = &[
    "it", "its", "it's", "i", "i'm", "im", "we", "we're", "you", "they", "he", "she", "there",
    "the", "a", "an", "this", "that", "these", "those", "my", "our", "your", "their", "his", "her",
    "could", "would", "can", "will", "should", "might", "may", "must", "shall", "is", "are", "was",
    "were", "be", "been", "do", "does", "did", "have", "has", "had", "no", "not", "so", "and",
    "or", "but", "what", "which", "who", "how", "why", "when", "where",
];

/// Words that sort rows when `by` follows (`sorted by date`, `rank them by score`).
const SORTS: &[&str] = &[
    "sort", "sorted", "sorting", "order", "ordered", "ordering", "rank", "ranked", "ranking",
    "arrange", "arranged", "group", "grouped",
];

/// Words that ask for the greatest or least first (`quickest first`, `newest on top`).
const EXTREMES: &[&str] = &[
    "highest", "lowest", "largest", "smallest", "biggest", "newest", "oldest", "latest",
    "earliest", "quickest", "fastest", "slowest", "cheapest", "priciest", "longest", "shortest",
    "most", "least", "best", "worst", "recent",
];

/// Words that open a row count (`top 3`, `first 10`).
const COUNTS: &[&str] = &[
    "top", "first", "bottom", "best", "worst", "highest", "lowest",
];

/// Words that add up or average a column (`total up`, `the sum of`, `average the`).
const AGGREGATES: &[&str] = &[
    "total", "totals", "sum", "summed", "average", "averages", "mean", "tally", "add",
];

/// Tokens that end the clause an `if` opens.
const CLAUSE_ENDS: &[&str] = &[",", ":", ";", ".", "!", "?", "—", "then"];

impl Reading<'_> {
    /// Whether a call orders its rows itself: a tool or an argument named for it (`sort_by`,
    /// `order`, `descending`, `sort_invoices`).
    fn sorts_itself(&self) -> bool {
        let sorting = |name: &str| {
            let name = name.to_lowercase();
            ["sort", "order", "rank", "ascending", "descending"]
                .iter()
                .any(|word| name.contains(word))
        };
        self.plan
            .calls
            .iter()
            .any(|call| sorting(&call.tool) || call.args.keys().any(|name| sorting(name)))
    }

    /// An order for the rows that no argument of the calls takes.
    pub(super) fn sorting(&self, found: &mut Vec<Unhonoured>) {
        if self.sorts_itself() {
            return;
        }
        let n = self.tokens.len();
        for i in 0..n {
            if !self.prose_word(i) || self.negated(i) {
                continue;
            }
            let at = |k: usize, words: &[&str]| self.is(i + k, words);
            // `sorted by date`, `rank them by score`.
            // Not the noun (`make the order by phone`).
            let noun = i > 0
                && self.is(
                    i - 1,
                    &[
                        "the", "a", "an", "my", "our", "your", "this", "that", "their", "his",
                        "her",
                    ],
                );
            let sorted_by = self.is(i, SORTS) && !noun && (at(1, &["by"]) || at(2, &["by"]));
            // `quickest first`, `newest on top`, `in descending order`.
            let extreme_first =
                self.is(i, EXTREMES) && (at(1, &["first"]) || (at(1, &["on"]) && at(2, &["top"])));
            let direction = self.is(i, &["ascending", "descending"]);
            // `the top 3 by cr`, `first 10 rows by date`.
            let count_by = self.is(i, COUNTS)
                && self
                    .tokens
                    .get(i + 1)
                    .is_some_and(|t| t.kind == TokenKind::Num)
                && (at(2, &["by"]) || (self.is(i + 2, super::ROW_WORDS) && at(3, &["by"])));
            if sorted_by || extreme_first || direction || count_by {
                found.push(Unhonoured::Sorting(i));
                return;
            }
        }
    }

    /// A total or an average of a column that no called tool computes.
    pub(super) fn aggregation(&self, found: &mut Vec<Unhonoured>) {
        let computes = self.plan.calls.iter().any(|call| {
            let tool = call.tool.to_lowercase();
            [
                "sum",
                "total",
                "count",
                "average",
                "avg",
                "aggregate",
                "stats",
                "tally",
            ]
            .iter()
            .any(|word| tool.contains(word))
        });
        if computes {
            return;
        }
        let properties: Vec<String> = self.properties().iter().map(|p| p.to_lowercase()).collect();
        let column = |j: usize| {
            self.tokens.get(j).is_some_and(|t| {
                t.kind == TokenKind::Word
                    && crate::decode::fields::declares(&properties, &t.text.to_lowercase())
            }) || self.is(j, super::fields::FIELD_NOUNS)
        };
        for i in 0..self.tokens.len() {
            if !self.prose_word(i) || !self.is(i, AGGREGATES) || self.negated(i) {
                continue;
            }
            // `total up the balance column`, `the sum of amount`, `average the scores`: the
            // column right after, past `up`, `the`, `of`, `all`.
            let object = (i + 1..(i + 5).min(self.tokens.len()))
                .find(|&j| !self.is(j, &["up", "the", "of", "all", "their", "its"]));
            let adds = !self.is(i, &["add"]) || self.is(i + 1, &["up"]);
            if adds && object.is_some_and(column) {
                found.push(Unhonoured::Aggregation(i));
                return;
            }
        }
    }

    /// A condition in plain words before an order.
    pub(super) fn condition(&self, found: &mut Vec<Unhonoured>) {
        let n = self.tokens.len();
        for i in 0..n {
            // `if`, `unless`, `only when`, `only if`.
            let only = i > 0 && self.is(i - 1, &["only"]) && self.is(i, &["when", "if"]);
            if !self.prose_word(i) || !(self.is(i, &["if", "unless"]) || only) {
                continue;
            }
            // The clause opens a sentence or follows a break (`Wedding news! If ...`).
            let start = if only { i - 1 } else { i };
            let opens = start == 0
                || matches!(
                    self.tokens[start - 1].text.as_str(),
                    "." | "!" | "?" | ";" | ":" | "—" | "-" | "(" | "["
                );
            if !opens || (start > 0 && self.is(start - 1, ASKING)) {
                continue;
            }
            let Some(end) = (i + 1..n.min(i + 20)).find(|&j| self.is(j, CLAUSE_ENDS)) else {
                continue;
            };
            if end == i + 1 || (i + 1..end).any(|j| self.is(j, POLITE)) {
                continue;
            }
            // The order after it: past `,`, `then`, `please` and `just`, a word that is no
            // pronoun, determiner or auxiliary (`grab it`, `then book_venue ...`).
            let order = (end..n.min(end + 4))
                .find(|&j| !self.is(j, &[",", "then", "please", "pls", "just", "go", "ahead"]))
                .is_some_and(|j| {
                    self.tokens[j].kind == TokenKind::Word
                        && !self.is(j, NOT_ORDERS)
                        && self.tokens[j].value.is_none()
                });
            if order {
                found.push(Unhonoured::Condition(i));
                return;
            }
        }
    }

    /// Kept fields mentioned only apart from the list of the other kept fields, or only as the
    /// speaker's own (`per my last email`).
    pub(super) fn stray_fields(&self, found: &mut Vec<Unhonoured>) {
        let kept: &[String] = self.plan.output.fields.as_deref().unwrap_or(&[]);
        let mentions: Vec<Vec<usize>> = kept
            .iter()
            .map(|field| {
                (0..self.tokens.len())
                    .filter(|&i| {
                        self.tokens[i].kind == TokenKind::Word
                            && self.tokens[i].text.eq_ignore_ascii_case(field)
                    })
                    .collect()
            })
            .collect();
        let owned = |i: &usize| (i.saturating_sub(2)..*i).any(|j| self.is(j, &["my", "our"]));
        if let Some(own) = mentions
            .iter()
            .find(|own| !own.is_empty() && own.iter().all(owned))
        {
            found.push(Unhonoured::StrayField(own[0]));
            return;
        }
        if kept.len() < 2 {
            return;
        }
        // The stretch of words each token stands in: sentences, and asides in brackets.
        let mut segment = Vec::with_capacity(self.tokens.len());
        let mut current = 0usize;
        for token in self.tokens {
            if matches!(token.text.as_str(), "." | "!" | "?" | "(" | ")" | "[" | "]") {
                current += 1;
            }
            segment.push(current);
        }
        let joined = |a: usize, b: usize| segment[a] == segment[b];
        for (f, own) in mentions.iter().enumerate() {
            let others: Vec<usize> = mentions
                .iter()
                .enumerate()
                .filter(|&(g, _)| g != f)
                .flat_map(|(_, m)| m.iter().copied())
                .collect();
            let listed = own.iter().any(|&a| others.iter().any(|&b| joined(a, b)));
            if !listed && let Some(&first) = own.first() {
                found.push(Unhonoured::StrayField(first));
                return;
            }
        }
    }
}
