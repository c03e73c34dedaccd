//! Fields a reading leaves unhonoured: a word asked as a field that no called tool declares
//! (`only username and phone`, `the coverage column`), and a field the plan keeps that the
//! instruction excludes (`i dont care about the level column`). A field list is read item by
//! item, from a field the plan keeps to the words joined to it.

use codemode_plan::TokenKind;

use super::{Reading, Unhonoured, looks_like_a_name};
use crate::decode::fields::declares;

/// Function words and cue words that end a field list rather than extend it (`name, then
/// email`, `id and the first 5 rows`).
pub(super) const NOT_FIELDS: &[&str] = &[
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

/// Words that may end a field list's item (`phone`, `the coverage of each one`, `phone please`).
const ITEM_ENDS: &[&str] = &[
    ",", ".", ";", ":", "!", "?", "(", ")", "[", "]", "—", "-", "of", "for", "from", "only",
    "please", "too", "as", "per", "then", "and", "or", "plus", "with", "&", "+", "/",
];

/// Words that join the items of a list.
const LIST_JOINS: &[&str] = &[",", "and", "&", "+", "/", "plus", "or"];

/// Words a list item may open with.
const DETERMINERS: &[&str] = &["the", "their", "its", "his", "her", "each", "a"];

/// Nouns that name a field (`the level column`, `fields: phone`).
pub(super) const FIELD_NOUNS: &[&str] = &[
    "field",
    "fields",
    "column",
    "columns",
    "property",
    "properties",
    "attribute",
    "attributes",
];

impl Reading<'_> {
    /// Undeclared fields asked beside the plan's fields or named as fields, and excluded fields
    /// kept.
    pub(super) fn fields(&self, found: &mut Vec<Unhonoured>) {
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
}
