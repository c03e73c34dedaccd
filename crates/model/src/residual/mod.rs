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
//! - a quoted string, or a number right after an argument's name, that no call, field or limit
//!   uses;
//! - a number asked as a row limit (`first 5`, `10 rows`) that the plan does not apply;
//! - a word in a field list, or named as a field or column, that the called tools do not declare;
//! - a field the plan keeps that the instruction excludes (`not the level column`);
//! - a word for concurrency on calls that run one after another, or a word for order on calls
//!   that run at once;
//! - loop or condition syntax in code or shell notation (`for h in a b; do`, `.forEach(`,
//!   `if (x)`);
//! - a value taken back but called as well, the same call said twice over, a call that needs
//!   another's result, and a retry (`intent`).

use codemode_plan::{Catalog, Mode, Plan, Token, TokenKind};
use serde_json::Value;

use crate::decode::fields::declares;

mod intent;
use crate::decode::text::tag_at;

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
    /// A tool of the catalog named in prose that no call of the plan calls.
    UncalledTool(usize),
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
            Self::UncalledTool(_) => "uncalled_tool",
            Self::OutputWish(_) => "output_wish",
            Self::UnaskedLimit(_) => "unasked_limit",
            Self::Correction(_) => "correction",
            Self::RepeatedCall(_) => "repeated_call",
            Self::Dependency(_) => "dependency",
            Self::Retry(_) => "retry",
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
            | Self::UncalledTool(i)
            | Self::OutputWish(i)
            | Self::UnaskedLimit(i)
            | Self::Correction(i)
            | Self::RepeatedCall(i)
            | Self::Dependency(i)
            | Self::Retry(i) => i,
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
    found
}

/// Function words and cue words that end a field list rather than extend it (`name, then
/// email`, `id and the first 5 rows`).
const NOT_FIELDS: &[&str] = &[
    "a",
    "all",
    "also",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "both",
    "but",
    "by",
    "each",
    "many",
    "much",
    "few",
    "maximum",
    "minimum",
    "returned",
    "thanks",
    "thank",
    "cheers",
    "regards",
    "total",
    "number",
    "else",
    "entries",
    "entry",
    "every",
    "everything",
    "final",
    "first",
    "for",
    "from",
    "give",
    "have",
    "her",
    "his",
    "i",
    "in",
    "is",
    "it",
    "item",
    "items",
    "its",
    "just",
    "last",
    "limit",
    "line",
    "lines",
    "max",
    "me",
    "more",
    "most",
    "my",
    "next",
    "no",
    "not",
    "nothing",
    "of",
    "on",
    "one",
    "only",
    "or",
    "our",
    "output",
    "outputs",
    "please",
    "plus",
    "record",
    "records",
    "result",
    "results",
    "return",
    "row",
    "rows",
    "show",
    "so",
    "thanks",
    "that",
    "the",
    "their",
    "them",
    "then",
    "these",
    "they",
    "this",
    "those",
    "to",
    "top",
    "up",
    "us",
    "value",
    "values",
    "we",
    "what",
    "which",
    "with",
    "you",
    "your",
];

/// Words for the rows of a result after a number (`10 rows`, `5 results`).
const ROW_WORDS: &[&str] = &[
    "row", "rows", "result", "results", "entries", "entry", "items", "records", "hits", "matches",
    "lines",
];

/// Words that may end a field list's item (`phone`, `the coverage of each one`, `phone please`).
const ITEM_ENDS: &[&str] = &[
    ",", ".", ";", ":", "!", "?", ")", "—", "-", "of", "for", "from", "only", "please", "too",
    "as", "per", "then", "and", "or", "plus", "with", "&", "+", "/",
];

/// Words that join the items of a list.
const LIST_JOINS: &[&str] = &[",", "and", "&", "+", "/", "plus", "or"];

/// Words a list item may open with.
const DETERMINERS: &[&str] = &["the", "their", "its", "his", "her", "each", "a"];

/// Nouns that name a field (`the level column`, `fields: phone`).
const FIELD_NOUNS: &[&str] = &[
    "field",
    "fields",
    "column",
    "columns",
    "property",
    "properties",
    "attribute",
    "attributes",
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
        let in_args = self
            .plan
            .calls
            .iter()
            .any(|call| call.args.values().any(|v| same(v, value)));
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
        in_args || in_limit || named
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
                let marker = matches!(
                    self.tokens.get(i + 1).map(|t| t.text.as_str()),
                    Some(")" | "." | ":")
                ) && self
                    .tokens
                    .get(i + 2)
                    .is_none_or(|t| t.kind != TokenKind::Num);
                if self.used(&number) || marker {
                    continue;
                }
                if self.asks_rows(i) && !self.negated(i) {
                    found.push(Unhonoured::UnappliedLimit(i));
                } else if token.value.is_some() && self.after_argument_name(i, &argument_names) {
                    found.push(Unhonoured::UnusedLiteral(i));
                }
                continue;
            }
            // A quoted string in prose may be a quotation (`she says she's a "loyal buyer"`);
            // one labelled with an argument's name is a value the plan left out.
            if let Some(value) = &token.value
                && !self.used(value)
                && self.after_argument_name(i, &argument_names)
            {
                found.push(Unhonoured::UnusedLiteral(i));
            }
        }
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
            if names.contains(&bare) {
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

    /// Undeclared fields asked beside the plan's fields or named as fields, and excluded fields
    /// kept.
    fn fields(&self, found: &mut Vec<Unhonoured>) {
        let properties = self.properties();
        let kept: &[String] = self.plan.output.fields.as_deref().unwrap_or(&[]);
        let is_field = |i: usize| {
            self.tokens[i].kind == TokenKind::Word
                && kept
                    .iter()
                    .any(|f| f.eq_ignore_ascii_case(&self.tokens[i].text))
        };
        let lower_properties: Vec<String> = properties.iter().map(|p| p.to_lowercase()).collect();
        let candidate = |i: usize| {
            let text = &self.tokens[i].text;
            let lower = text.to_lowercase();
            self.prose_word(i)
                && !self.is(i, NOT_FIELDS)
                && !self.is(i, FIELD_NOUNS)
                && text.chars().all(|c| c.is_alphanumeric() || c == '_')
                && text.chars().count() > 1
                && looks_like_a_name(text)
                && !declares(&lower_properties, &lower)
                && !self
                    .catalog
                    .tools
                    .iter()
                    .any(|tool| tool.arguments.iter().any(|(name, _)| *name == *text))
        };
        let flagged = |i: usize, found: &mut Vec<Unhonoured>| {
            if !found.contains(&Unhonoured::UndeclaredField(i)) {
                found.push(Unhonoured::UndeclaredField(i));
            }
        };
        for i in 0..self.tokens.len() {
            if is_field(i) {
                if self.negated(i) {
                    found.push(Unhonoured::ExcludedField(i));
                }
                // `username and phone`, `id, the region`: the next item of the list.
                if let Some(next) = self.next_item(i)
                    && candidate(next)
                {
                    flagged(next, found);
                }
                // `phone and username`: the item before.
                if let Some(before) = self.previous_item(i)
                    && candidate(before)
                {
                    flagged(before, found);
                }
            }
            // `fields: phone`, `the level column`.
            if self.is(i, FIELD_NOUNS) && !self.negated(i) {
                let after = (i + 1..self.tokens.len().min(i + 3))
                    .find(|&j| !self.is(j, &[":", "=", "the"]));
                if let Some(j) = after
                    && candidate(j)
                    && j > i + 1
                {
                    flagged(j, found);
                }
                if let Some(j) = i.checked_sub(1)
                    && candidate(j)
                    && !self.tokens[i].text.ends_with('s')
                {
                    flagged(j, found);
                }
            }
        }
    }

    /// The token of the next list item after the field at `i` (`and the phone` → `phone`): a
    /// word after a join, the list ending right after it (`phone.`, `phone please`, `the
    /// coverage of each one`), not the start of a clause (`, cap it at 5 rows`).
    fn next_item(&self, i: usize) -> Option<usize> {
        let mut j = i + 1;
        if !self.is(j, LIST_JOINS) {
            return None;
        }
        while self.is(j, LIST_JOINS) || self.is(j, DETERMINERS) {
            j += 1;
        }
        (j < self.tokens.len() && (j + 1 == self.tokens.len() || self.is(j + 1, ITEM_ENDS)))
            .then_some(j)
    }

    /// The token of the list item before the field at `i` (`phone and username` → `phone`): a
    /// word before a join, with the list starting right before it (`only phone and username`,
    /// `, phone and username`), not the end of a clause (`20 rows back, full_name`).
    fn previous_item(&self, i: usize) -> Option<usize> {
        let mut j = i.checked_sub(1)?;
        if !self.is(j, LIST_JOINS) {
            return None;
        }
        while self.is(j, LIST_JOINS) || self.is(j, DETERMINERS) {
            j = j.checked_sub(1)?;
        }
        let opens = j == 0
            || self.is(j - 1, ITEM_ENDS)
            || self.is(j - 1, DETERMINERS)
            || self.is(
                j - 1,
                &[
                    "only", "just", "show", "return", "give", "keep", "include", "me",
                ],
            );
        opens.then_some(j)
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
        let concurrency = cue(CONCURRENCY, Schedule::Concurrency);
        let order = cue(ORDER, Schedule::Order);
        match (self.plan.mode, concurrency, order) {
            (Mode::Serial, Some(i), None) => found.push(Unhonoured::UnreflectedConcurrency(i)),
            (Mode::Parallel, None, Some(i)) => found.push(Unhonoured::UnreflectedOrder(i)),
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
                || (at(0, "followed") && at(1, "by"))
                || (at(0, "after") && (at(1, "that") || at(1, "this")))
                || (at(0, "next") && at(1, ","))
        }
    }

    /// A count of calls the plan does not make, and a tool named in prose that no call calls.
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
            // A tool of the catalog, named as a word the network left as prose (`then sum_rows`),
            // that the plan does not call; not one the instruction excludes (`not sum_rows`).
            let text = &self.tokens[i].text;
            if self.prose_word(i)
                && text.contains(|c: char| c == '_' || c.is_ascii_digit() || c.is_uppercase())
                && self.catalog.get(text).is_some()
                && !self.plan.calls.iter().any(|call| call.tool == *text)
                && !self.negated(i)
                && !self.set_aside(i)
            {
                found.push(Unhonoured::UncalledTool(i));
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

    /// Whether the tool named at `i` is set aside (`instead of X`, `rather than X`, `leave X
    /// alone`, `avoid X`).
    fn set_aside(&self, i: usize) -> bool {
        let before = |words: &[&str]| (i.saturating_sub(3)..i).any(|j| self.is(j, words));
        let after =
            |words: &[&str]| (i + 1..(i + 4).min(self.tokens.len())).any(|j| self.is(j, words));
        before(&[
            "instead", "rather", "avoid", "leave", "unlike", "versus", "vs", "than", "opposed",
            "place", "away",
        ]) || after(&["alone", "aside", "out"])
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
