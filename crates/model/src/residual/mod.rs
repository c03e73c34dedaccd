//! What a reading leaves unused that looks like a request: the words of an instruction a plan does
//! not honour.
//!
//! The network's confidence is how sure it is of the decisions it made; it cannot see what the
//! reading left out. A wrong plan is most often a confident misreading of that kind: a requested
//! field the tool does not declare silently dropped (`only username and phone` with fields
//! `["username"]`), a field the person excluded kept, a word for concurrency on a plan that runs
//! its calls one after another. This module reads the instruction again beside the plan and names
//! each request the plan does not reflect ([`Unhonoured`]); the planner then does not stand behind
//! the plan (its confidence drops below any threshold a caller may set, see `confidence`).
//!
//! Each check is one kind of request, read from the words themselves, never from the network's
//! tags alone:
//!
//! - a quoted string, or a number, that no call, field or limit uses, said right after an
//!   argument's name (`days 3`, `Budget 2200`) or as a pair in the list of the call's pairs
//!   (`date "2025-06-18", and passengers 2` where the tool takes no `passengers`);
//! - a number asked as a row limit (`first 5`, `10 rows`) that the plan does not apply;
//! - a word in a field list, or named as a field or column, that the called tools do not declare,
//!   and a field the plan keeps that the instruction excludes (`fields`);
//! - a word for concurrency on calls that run one after another (`dont wait for one`), a word
//!   for order on calls that run at once (`in this order`), and both on three calls (`A first,
//!   then B and C at the same time`), a mix no mode runs;
//! - loop or condition syntax in code or shell notation (`for h in a b; do`, `.forEach(`,
//!   `if (x)`);
//! - a value taken back but called as well, the same call said twice over, a call that needs
//!   another's result, and a retry (`intent`);
//! - a condition in plain words, a kept field said only in a remark, an order for the rows and
//!   a total of a column (`plain`).

use codemode_plan::{Catalog, Mode, Plan, Token, TokenKind};
use serde_json::Value;

mod fields;
mod intent;
mod plain;

use crate::decode::text::tag_at;
use fields::NOT_FIELDS;

/// One request of the instruction the plan does not honour, with the token it rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unhonoured {
    /// A quoted string, number or boolean no call, field or limit uses (`with "EUR" as well`).
    UnusedLiteral(usize),
    /// A number asked as a row limit that the plan does not apply (`first 5 rows` of text).
    UnappliedLimit(usize),
    /// A word asked as a field that no called tool declares (`only username and phone`).
    UndeclaredField(usize),
    /// A field the plan keeps that the instruction excludes (`not the level column`).
    ExcludedField(usize),
    /// A word for concurrency, and the plan runs its calls one after another.
    UnreflectedConcurrency(usize),
    /// A word for order, and the plan runs its calls at once.
    UnreflectedOrder(usize),
    /// Loop or condition syntax in code or shell notation.
    CodeStructure(usize),
    /// A count of calls the plan does not make (`run these 3 checks` with two calls).
    CallCount(usize),
    /// A wish for the results the output kind does not reflect (`both results` with `last`,
    /// `only the final result` with `all`, `the first result`, which neither can give).
    OutputWish(usize),
    /// A row limit read from a number nothing asks rows with (`we got 4 complaints`).
    UnaskedLimit(usize),
    /// A value the person took back, called as well (`hours 3 wait no make that hours 2.5`
    /// read as two calls).
    Correction(usize),
    /// One call said twice over, read as two calls (`account "X". i mean that one, account
    /// "X"`).
    RepeatedCall(usize),
    /// A call that needs another's result (`send_email whatever it returned`).
    Dependency(usize),
    /// A retry, or a call repeated until something holds.
    Retry(usize),
    /// A condition in plain words before an order (`If the barn is still free, grab it!`).
    Condition(usize),
    /// A kept field mentioned only apart from the list that asks for the others (`Only the
    /// owner and acquired columns [the source column is unreliable]`).
    StrayField(usize),
    /// An order for the rows no argument takes (`the top 3 by cr`, `quickest first`).
    Sorting(usize),
    /// A total or an average of a column no called tool computes (`total up the balance`).
    Aggregation(usize),
}

impl Unhonoured {
    /// The kind, as a stable name (for reports and calibration files).
    pub fn kind(&self) -> &'static str {
        match self {
            Self::UnusedLiteral(_) => "unused_literal",
            Self::UnappliedLimit(_) => "unapplied_limit",
            Self::UndeclaredField(_) => "undeclared_field",
            Self::ExcludedField(_) => "excluded_field",
            Self::UnreflectedConcurrency(_) => "unreflected_concurrency",
            Self::UnreflectedOrder(_) => "unreflected_order",
            Self::CodeStructure(_) => "code_structure",
            Self::CallCount(_) => "call_count",
            Self::OutputWish(_) => "output_wish",
            Self::UnaskedLimit(_) => "unasked_limit",
            Self::Correction(_) => "correction",
            Self::RepeatedCall(_) => "repeated_call",
            Self::Dependency(_) => "dependency",
            Self::Retry(_) => "retry",
            Self::Condition(_) => "condition",
            Self::StrayField(_) => "stray_field",
            Self::Sorting(_) => "sorting",
            Self::Aggregation(_) => "aggregation",
        }
    }

    /// The request in words, with the word it rests on (`a condition in plain words: If`).
    pub fn describe(&self, tokens: &[Token]) -> String {
        let what = match self {
            Self::UnusedLiteral(_) => "a value no call takes",
            Self::UnappliedLimit(_) => "a row limit the plan does not apply",
            Self::UndeclaredField(_) => "a field the tool does not return",
            Self::ExcludedField(_) => "a field set aside but kept",
            Self::UnreflectedConcurrency(_) => "a word for running the calls at once",
            Self::UnreflectedOrder(_) => "a word for running the calls in order",
            Self::CodeStructure(_) => "loop or condition syntax",
            Self::CallCount(_) => "a count of calls the plan does not make",
            Self::OutputWish(_) => "a wish for the results the output does not give",
            Self::UnaskedLimit(_) => "a row limit nothing asks for",
            Self::Correction(_) => "a value taken back",
            Self::RepeatedCall(_) => "one call said twice over",
            Self::Dependency(_) => "a call that needs another's result",
            Self::Retry(_) => "a retry",
            Self::Condition(_) => "a condition in plain words",
            Self::StrayField(_) => "a field named only in a remark",
            Self::Sorting(_) => "an order for the rows",
            Self::Aggregation(_) => "a total or an average of a column",
        };
        match tokens.get(self.token()) {
            Some(token) => format!("{what}: {}", token.text),
            None => what.to_owned(),
        }
    }

    /// The token the request rests on.
    pub fn token(&self) -> usize {
        match *self {
            Self::UnusedLiteral(i)
            | Self::UnappliedLimit(i)
            | Self::UndeclaredField(i)
            | Self::ExcludedField(i)
            | Self::UnreflectedConcurrency(i)
            | Self::UnreflectedOrder(i)
            | Self::CodeStructure(i)
            | Self::CallCount(i)
            | Self::OutputWish(i)
            | Self::UnaskedLimit(i)
            | Self::Correction(i)
            | Self::RepeatedCall(i)
            | Self::Dependency(i)
            | Self::Retry(i)
            | Self::Condition(i)
            | Self::StrayField(i)
            | Self::Sorting(i)
            | Self::Aggregation(i) => i,
        }
    }
}

/// The requests of the instruction (`tokens`) that `plan`, read with role `tags`, does not honour.
pub fn unhonoured(
    tokens: &[Token],
    catalog: &Catalog,
    tags: &[usize],
    plan: &Plan,
) -> Vec<Unhonoured> {
    let reading = Reading {
        tokens,
        catalog,
        tags,
        plan,
    };
    let mut found = Vec::new();
    reading.literals(&mut found);
    reading.fields(&mut found);
    reading.schedule(&mut found);
    reading.code(&mut found);
    reading.calls(&mut found);
    reading.output(&mut found);
    reading.limit(&mut found);
    reading.repeated_calls(&mut found);
    reading.dependency(&mut found);
    reading.retry(&mut found);
    reading.condition(&mut found);
    reading.stray_fields(&mut found);
    reading.sorting(&mut found);
    reading.aggregation(&mut found);
    found
}

/// Words for the rows of a result after a number (`10 rows`, `5 results`).
const ROW_WORDS: &[&str] = &[
    "row", "rows", "result", "results", "entries", "entry", "items", "records", "hits", "matches",
    "lines",
];

/// Words that exclude what follows (`not the level`, `without email`, `i dont care about level`);
/// any word ending in `n't` does too (`shouldn't`).
const NEGATIONS: &[&str] = &[
    "not",
    "no",
    "dont",
    "doesnt",
    "didnt",
    "cant",
    "cannot",
    "wont",
    "shouldnt",
    "isnt",
    "arent",
    "without",
    "excluding",
    "exclude",
    "omit",
    "omitting",
    "skip",
    "skipping",
    "minus",
    "never",
    "ignore",
    "ignoring",
    "nor",
    "avoid",
    "avoiding",
];

/// Words for calls that run at once.
const CONCURRENCY: &[&str] = &[
    "parallel",
    "parallelly",
    "concurrently",
    "concurrent",
    "simultaneously",
    "simultaneous",
    "meanwhile",
    "meantime",
];

/// Words for calls that run one after another.
const ORDER: &[&str] = &[
    "then",
    "afterwards",
    "afterward",
    "finally",
    "sequentially",
    "sequential",
    "sequence",
    "serially",
    "consecutively",
    "subsequently",
];

/// Nouns a count of calls is said with (`these 3 checks`, `two things`).
const CALL_NOUNS: &[&str] = &[
    "things",
    "checks",
    "calls",
    "requests",
    "steps",
    "tasks",
    "lookups",
    "queries",
    "jobs",
    "operations",
    "actions",
    "searches",
    "pings",
    "runs",
];

/// Words that ask for one result, or for every one, near a word for results.
const RESULT_NOUNS: &[&str] = &[
    "result",
    "results",
    "output",
    "outputs",
    "answer",
    "answers",
    "response",
    "responses",
];

/// The two kinds of schedule cue.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Schedule {
    Concurrency,
    Order,
}

/// A plan beside the instruction it was read from.
struct Reading<'a> {
    tokens: &'a [Token],
    catalog: &'a Catalog,
    tags: &'a [usize],
    plan: &'a Plan,
}

impl Reading<'_> {
    fn lower(&self, i: usize) -> String {
        self.tokens[i].text.to_lowercase()
    }

    fn is(&self, i: usize, words: &[&str]) -> bool {
        i < self.tokens.len() && words.contains(&self.lower(i).as_str())
    }

    /// Whether the token at `i` is a word the network left as prose.
    fn prose_word(&self, i: usize) -> bool {
        self.tokens[i].kind == TokenKind::Word && tag_at(self.tags, i) == 0
    }

    /// Whether a word excluding something stands before `i` in its clause (`not in parallel`,
    /// `We don't need these to happen at the same time`, `i dont care about the level`); `not
    /// just` and `not only` ask for more.
    fn negated(&self, i: usize) -> bool {
        let start = (0..i)
            .rev()
            .find(|&j| {
                matches!(
                    self.tokens[j].text.as_str(),
                    "," | ";" | "." | ":" | "!" | "?" | "—" | "(" | ")"
                ) || self.is(j, &["but", "though", "although"])
            })
            .map_or(0, |j| j + 1);
        (start..i).any(|j| {
            let lower = self.lower(j);
            let negation =
                self.is(j, NEGATIONS) || lower.ends_with("n't") || lower.ends_with("n\u{2019}t");
            // `not just` and `not only` ask for more; `no more than 5` is a limit.
            negation
                && !self.is(
                    j + 1,
                    &[
                        "just", "only", "merely", "simply", "more", "less", "fewer", "longer",
                    ],
                )
        })
    }

    /// Whether the number at `i` asks for rows: a row noun after it (`10 rows`, `5 results`) or
    /// a limiting word before it, maybe past `the` (`first 5`, `top 3`, `at most 10`, `limit
    /// 25`, `up to 8`); not a count of the plan's own calls (`all three results`), and not a
    /// numbered list's marker (`1. get_user`, `2) close_issue`).
    fn asks_rows(&self, i: usize) -> bool {
        let count_of_calls = self.plan.calls.len() > 1
            && number_value(&self.tokens[i]).is_some_and(|n| n == self.plan.calls.len() as f64);
        let marker = matches!(
            self.tokens.get(i + 1).map(|t| t.text.as_str()),
            Some("." | ")")
        );
        if count_of_calls || marker {
            return false;
        }
        let noun_after = self.is(i + 1, ROW_WORDS);
        let before = crate::decode::text::before_past(self.tokens, i, "the");
        let limiter_before = before.is_some_and(|j| {
            self.is(
                j,
                &["first", "top", "limit", "max", "maximum", "most", "cap"],
            ) || (self.is(j, &["to"]) && j > 0 && self.is(j - 1, &["up", "limited", "capped"]))
        });
        noun_after || limiter_before
    }

    /// The properties the called tools declare.
    fn properties(&self) -> Vec<String> {
        self.plan
            .calls
            .iter()
            .filter_map(|call| self.catalog.get(&call.tool))
            .flat_map(|tool| tool.returns.properties.iter().cloned())
            .collect()
    }

    /// Whether a literal's value is something the plan or the catalog uses: a call's argument
    /// value, a field, the limit, or a name (a tool's, an argument's, a property's) written as a
    /// string (`{"team": "blue"}`, `"get_user"`).
    fn used(&self, value: &Value) -> bool {
        let in_limit = self
            .plan
            .output
            .limit
            .as_ref()
            .is_some_and(|limit| same(&Value::Number(limit.clone()), value));
        let named = value.as_str().is_some_and(|text| {
            self.catalog.tools.iter().any(|tool| {
                tool.name == text
                    || tool.arguments.iter().any(|(name, _)| name == text)
                    || tool.returns.properties.iter().any(|p| p == text)
            })
        });
        self.in_args(value) || in_limit || named
    }

    /// Whether some call takes `value` as an argument.
    fn in_args(&self, value: &Value) -> bool {
        self.plan
            .calls
            .iter()
            .any(|call| call.args.values().any(|v| same(v, value)))
    }

    /// Unused literals and unapplied row limits.
    fn literals(&self, found: &mut Vec<Unhonoured>) {
        let argument_names: Vec<&str> = self
            .plan
            .calls
            .iter()
            .filter_map(|call| self.catalog.get(&call.tool))
            .flat_map(|tool| tool.arguments.iter().map(|(name, _)| name.as_str()))
            .collect();
        for (i, token) in self.tokens.iter().enumerate() {
            let number = match &token.value {
                Some(value @ Value::Number(_)) => Some(value.clone()),
                None if token.kind == TokenKind::Word => number_word(&token.text),
                _ => None,
            };
            if let Some(number) = number {
                // A numbered list's marker (`2) close_issue`, `1: the valueOf tool`).
                let marker = self.marker(i);
                // `all 3 results` counts the plan's own results (`all` may be an argument's name).
                let results = self.plan.calls.len() > 1
                    && number.as_f64() == Some(self.plan.calls.len() as f64)
                    && (self.is(i + 1, RESULT_NOUNS) || self.is(i + 1, ROW_WORDS));
                if self.used(&number) || marker || results {
                    continue;
                }
                if self.asks_rows(i) && !self.negated(i) {
                    found.push(Unhonoured::UnappliedLimit(i));
                } else if token.value.is_some()
                    && (self.after_argument_name(i, &argument_names) || self.listed_pair(i))
                {
                    found.push(Unhonoured::UnusedLiteral(i));
                }
                continue;
            }
            // A quoted string in prose may be a quotation (`she says she's a "loyal buyer"`);
            // one labelled with an argument's name, or in a list of the call's pairs, is a value
            // the plan left out.
            if let Some(value) = &token.value
                && !self.used(value)
                && (self.after_argument_name(i, &argument_names) || self.listed_pair(i))
            {
                found.push(Unhonoured::UnusedLiteral(i));
            }
        }
    }

    /// Whether the number at `i` marks an item of a numbered list: `)`, `.` or `:` after it,
    /// and the list's item before it (`1)` before `2)`) or after it (`2.` after `1.`); not a
    /// value that ends a sentence (`and passengers 2.`).
    fn marker(&self, i: usize) -> bool {
        let marks = |j: usize| {
            matches!(
                self.tokens.get(j + 1).map(|t| t.text.as_str()),
                Some(")" | "." | ":")
            ) && self
                .tokens
                .get(j + 2)
                .is_some_and(|t| t.kind != TokenKind::Num)
        };
        let Some(n) = number_value(&self.tokens[i]).filter(|n| n.fract() == 0.0) else {
            return false;
        };
        let numbered = |j: usize, m: f64| {
            self.tokens[j].kind == TokenKind::Num
                && number_value(&self.tokens[j]) == Some(m)
                && marks(j)
        };
        marks(i)
            && ((0..i).any(|j| numbered(j, n - 1.0))
                || (i + 1..self.tokens.len()).any(|j| numbered(j, n + 1.0)))
    }

    /// Whether the token at `i` comes right after an argument's name, maybe past `:`, `=`, `of`,
    /// `to`, `is`, `as` or `being` (`days 3`, `"limit": 10`, `count=4`).
    fn after_argument_name(&self, i: usize, names: &[&str]) -> bool {
        let mut j = i;
        for _ in 0..3 {
            let Some(before) = j.checked_sub(1) else {
                return false;
            };
            let text = &self.tokens[before].text;
            let bare = text.trim_matches('"');
            if names.iter().any(|name| name.eq_ignore_ascii_case(bare)) {
                return true;
            }
            if !matches!(
                text.to_lowercase().as_str(),
                ":" | "=" | "of" | "to" | "is" | "as" | "being" | "\""
            ) {
                return false;
            }
            j = before;
        }
        false
    }

    /// Whether the literal at `i` is labelled like an argument in a list of pairs the plan
    /// uses (`date "2025-06-18", and passengers 2` where the tool takes no `passengers`): a
    /// name-like word right before it (maybe past `:` or `=`), and a join before that word
    /// with a value a call uses before the join.
    fn listed_pair(&self, i: usize) -> bool {
        let mut k = i;
        while k > 0 && self.is(k - 1, &[":", "="]) {
            k -= 1;
        }
        let Some(label) = k.checked_sub(1) else {
            return false;
        };
        let text = &self.tokens[label].text;
        let labelled = self.tokens[label].kind == TokenKind::Word
            && !self.is(label, NOT_FIELDS)
            && text.chars().count() > 1
            && text.chars().all(|c| c.is_alphanumeric() || c == '_');
        if !labelled {
            return false;
        }
        let mut j = label;
        while j > 0 && self.is(j - 1, &[",", "and", ";", "&"]) {
            j -= 1;
        }
        // `step 2 list_appts ...`: a number before a tool's name heads the call.
        let heads_a_call = self
            .tokens
            .get(i + 1)
            .is_some_and(|next| self.catalog.get(&next.text).is_some());
        j < label
            && j > 0
            && !heads_a_call
            && self.tokens[j - 1]
                .value
                .as_ref()
                .is_some_and(|value| self.in_args(value))
    }

    /// Words for concurrency or order the schedule does not reflect.
    fn schedule(&self, found: &mut Vec<Unhonoured>) {
        if self.plan.calls.len() < 2 {
            return;
        }
        let cue = |words: &[&str], kind: Schedule| {
            (0..self.tokens.len()).find(|&i| {
                self.prose_word(i)
                    && !self.negated(i)
                    && (self.is(i, words) || self.phrase_at(i, kind))
            })
        };
        // `dont wait for one before starting the other`, `no need to wait`: waiting declined.
        let unwaited = (0..self.tokens.len())
            .find(|&i| self.prose_word(i) && self.is(i, &["wait", "waiting"]) && self.negated(i));
        let concurrency = cue(CONCURRENCY, Schedule::Concurrency).or(unwaited);
        let order = cue(ORDER, Schedule::Order);
        // Of three calls, one group after another in order and one at once (`A first, then B
        // and C at the same time`) is a mix no single mode runs: either cue is left out.
        // The order cue must stand among the calls, not in a remark before them (`Painters
        // finally came back.`).
        let among = |i: usize| {
            let mut named = (0..self.tokens.len())
                .filter(|&j| self.catalog.get(&self.tokens[j].text).is_some());
            let first = named.next();
            let last = named.next_back().or(first);
            first.is_some_and(|first| first < i) && last.is_some_and(|last| i < last)
        };
        let mixed = self.plan.calls.len() > 2 && order.is_some_and(among);
        match (self.plan.mode, concurrency, order) {
            (Mode::Serial, Some(i), None) => found.push(Unhonoured::UnreflectedConcurrency(i)),
            (Mode::Parallel, None, Some(i)) => found.push(Unhonoured::UnreflectedOrder(i)),
            (Mode::Serial, Some(i), Some(_)) if mixed => {
                found.push(Unhonoured::UnreflectedConcurrency(i))
            }
            (Mode::Parallel, Some(_), Some(i)) if mixed => {
                found.push(Unhonoured::UnreflectedOrder(i))
            }
            _ => {}
        }
    }

    /// Phrases of several words for a schedule: `at once`, `same time`, `side by side`, `in
    /// one go` (concurrency); `one after another`, `one at a time`, `in order`, `in turn`,
    /// `followed by` (order).
    fn phrase_at(&self, i: usize, kind: Schedule) -> bool {
        let at = |k: usize, word: &str| self.is(i + k, &[word]);
        let before = |words: &[&str]| (i.saturating_sub(2)..i).any(|j| self.is(j, words));
        if kind == Schedule::Concurrency {
            (at(0, "at") && at(1, "once"))
                || (at(0, "same") && at(1, "time"))
                || (at(0, "side") && at(1, "by") && at(2, "side"))
                || (at(0, "in") && at(1, "one") && at(2, "go"))
                // `send them together`, `run both together`, `all together`; not `pull this
                // together`.
                || (at(0, "together")
                    && before(&["them", "both", "all", "these", "those", "calls", "requests"]))
        } else {
            (at(0, "one") && at(1, "after") && (at(2, "another") || at(2, "the")))
                || (at(0, "one") && at(1, "at") && at(2, "a") && at(3, "time"))
                || (at(0, "in") && (at(1, "order") || at(1, "turn")))
                // `in this order`, `in the order given`, `in the following order`.
                || (at(0, "in")
                    && (at(2, "order") || (at(1, "the") && at(2, "following") && at(3, "order")))
                    && self.is(i + 1, &["this", "that", "the"]))
                || (at(0, "followed") && at(1, "by"))
                || (at(0, "after") && (at(1, "that") || at(1, "this")))
                || (at(0, "next") && at(1, ","))
        }
    }

    /// A count of calls the plan does not make (`run these 3 checks` with two calls).
    fn calls(&self, found: &mut Vec<Unhonoured>) {
        let made = self.plan.calls.len();
        for i in 0..self.tokens.len() {
            // `run these 3 checks`, `two things`: a count before a noun for calls.
            if let Some(n) = number_value(&self.tokens[i])
                && self.is(i + 1, CALL_NOUNS)
                && (2.0..=9.0).contains(&n)
                && n != made as f64
                && !self.negated(i)
            {
                found.push(Unhonoured::CallCount(i));
            }
        }
    }

    /// A row limit whose number no word asks rows with: every token that holds it stands with
    /// no row noun after it and no limiting word before it (`we got 4 complaints`).
    fn limit(&self, found: &mut Vec<Unhonoured>) {
        let Some(limit) = self.plan.output.limit.as_ref().and_then(|n| n.as_f64()) else {
            return;
        };
        let holders: Vec<usize> = (0..self.tokens.len())
            .filter(|&i| number_value(&self.tokens[i]) == Some(limit))
            .collect();
        // A row word within three words after (`10 or fewer rows`), or a limiting word within
        // three before (`cap the results at 1`, `no more than 5`, `limit: 25`).
        let asked = holders.iter().any(|&i| {
            crate::decode::rows::asks_for_rows(self.tokens, i)
                || (i + 1..(i + 4).min(self.tokens.len())).any(|j| self.is(j, ROW_WORDS))
                || (i.saturating_sub(3)..i).any(|j| {
                    self.is(j, ROW_WORDS)
                        || self.is(
                            j,
                            &[
                                "limit", "limited", "cap", "capped", "first", "top", "max",
                                "maximum", "most", "than", "upto", "only", "just",
                            ],
                        )
                })
        });
        if let (false, Some(&i)) = (asked, holders.first()) {
            found.push(Unhonoured::UnaskedLimit(i));
        }
    }

    /// A wish for the results that the output kind does not reflect.
    fn output(&self, found: &mut Vec<Unhonoured>) {
        if self.plan.calls.len() < 2 {
            return;
        }
        let last = self.plan.output.kind == codemode_plan::OutputKind::Last;
        for i in 0..self.tokens.len() {
            if !self.prose_word(i) || self.negated(i) {
                continue;
            }
            // The noun the wish is about, right after it, past `the` or `of the`.
            let noun = (i + 1..(i + 4).min(self.tokens.len()))
                .find(|&j| !self.is(j, &["the", "of", "two", "three", "their", "call", "calls"]))
                .is_some_and(|j| self.is(j, RESULT_NOUNS));
            if !noun {
                continue;
            }
            let wish = if self.is(i, &["both", "all", "each", "every"]) {
                last
            } else if self.is(i, &["first"]) {
                // Neither `all` nor `last` is the first call's result.
                true
            } else if self.is(i, &["last", "final", "latter"]) {
                !last && (i == 0 || self.is(i - 1, &["only", "just", "the"]))
            } else {
                false
            };
            if wish {
                found.push(Unhonoured::OutputWish(i));
                return;
            }
        }
    }

    /// Loop or condition syntax in code or shell notation.
    fn code(&self, found: &mut Vec<Unhonoured>) {
        let n = self.tokens.len();
        let text = |i: usize| self.tokens.get(i).map_or("", |t| t.text.as_str());
        for i in 0..n {
            let lower = self.lower(i);
            let word = |j: usize| {
                self.tokens
                    .get(j)
                    .is_some_and(|t| t.kind == TokenKind::Word)
            };
            let code = match lower.as_str() {
                // `for h in a b`, `for x of xs`, `for (const x of xs)`.
                "for" => {
                    text(i + 1) == "("
                        || (word(i + 1) && matches!(text(i + 2), "in" | "of") && {
                            // The loop's body opens in the same sentence: `; do`, `{`.
                            let end = (i + 3..n)
                                .find(|&j| matches!(text(j), "." | "!" | "?"))
                                .unwrap_or(n);
                            (i + 3..end).any(|j| matches!(text(j), "{" | "do"))
                        })
                }
                "while" | "until" => matches!(text(i + 1), "(" | "["),
                // A method over a list: `.forEach(`, `.each(`, `.map(`, `.filter(`.
                "foreach" | "each" | "map" | "filter" => {
                    i > 0 && text(i - 1) == "." && text(i + 1) == "(" && self.prose_word(i)
                }
                "if" => matches!(text(i + 1), "(" | "["),
                "done" | "fi" | "esac" => {
                    (0..i).any(|j| matches!(self.lower(j).as_str(), "do" | "then" | "case"))
                        && i > 0
                        && text(i - 1) == ";"
                }
                _ => false,
            };
            if code {
                found.push(Unhonoured::CodeStructure(i));
                return;
            }
        }
    }
}

/// Whether a word could name a field: an English word (`phone`, `coverage`), a short word
/// (`id`, `age`), or a name a program would use (`full_name`, `createdAt`, `ipv4`).
fn looks_like_a_name(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower.chars().count() <= 3
        || crate::features::is_english(&lower)
        || text.contains('_')
        || text.chars().any(|c| c.is_ascii_digit())
        || text.chars().skip(1).any(char::is_uppercase)
}

/// The number a token holds, literal or word.
fn number_value(token: &Token) -> Option<f64> {
    match &token.value {
        Some(Value::Number(n)) => n.as_f64(),
        Some(_) => None,
        None => number_word(&token.text).and_then(|v| v.as_f64()),
    }
}

/// Whether two JSON values are the same value (numbers compared as numbers).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

/// The number an English number word stands for (`five` → 5); not `zero` or `one`, which are
/// prose far more often than counts (`one at a time`, `the last one`).
fn number_word(text: &str) -> Option<Value> {
    let lower = text.to_lowercase();
    codemode_plan::lexer::NUMBER_WORDS
        .iter()
        .position(|w| *w == lower)
        .filter(|&n| n > 1)
        .map(Value::from)
}

#[cfg(test)]
mod tests;
