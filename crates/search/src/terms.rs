//! Text into search terms.
//!
//! [`Terms`] reads prose and identifiers alike: a run of letters and digits is split where an
//! identifier's words meet (`listPullRequests` → list, pull, requests; `HTTPServer` → http,
//! server; `get_user2` → get, user, 2), lowercased, stripped of common English words, and
//! stemmed with Snowball's English stemmer (`requests` and `request` are one term). [`plain`]
//! is the baseline the benchmark compares with: lowercased runs of letters, digits and `_`,
//! nothing else.

use rust_stemmers::{Algorithm, Stemmer};

/// The most terms read from one text: a query or description longer than this is cut, so that
/// a 100 KB query costs what a long paragraph does.
pub const MAX_TERMS: usize = 512;

/// Words too common to tell tools apart.
const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "been", "but", "by", "can", "could", "do", "does",
    "for", "from", "has", "have", "i", "if", "in", "into", "is", "it", "its", "me", "my", "of",
    "on", "or", "our", "please", "should", "so", "some", "such", "that", "the", "their", "them",
    "then", "there", "these", "this", "those", "to", "us", "was", "we", "were", "what", "when",
    "which", "who", "will", "with", "would", "you", "your",
];

/// The tokenizer of the search: identifier splitting, stop words and stemming.
pub struct Terms {
    stemmer: Stemmer,
}

impl Default for Terms {
    fn default() -> Self {
        Self {
            stemmer: Stemmer::create(Algorithm::English),
        }
    }
}

impl std::fmt::Debug for Terms {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Terms(english)")
    }
}

impl Terms {
    /// The terms of `text`, in order, at most [`MAX_TERMS`].
    pub fn of(&self, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        for word in words(text) {
            if out.len() == MAX_TERMS {
                break;
            }
            if STOP_WORDS.contains(&word.as_str()) {
                continue;
            }
            out.push(self.stemmer.stem(&word).into_owned());
        }
        out
    }
}

/// The baseline's terms: lowercased runs of letters, digits and `_`, at most [`MAX_TERMS`].
pub fn plain(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|run| !run.is_empty())
        .take(MAX_TERMS)
        .map(str::to_lowercase)
        .collect()
}

/// The lowercased words of `text`: runs of letters and digits, split at identifier boundaries.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|run| !run.is_empty())
        .flat_map(split_identifier)
        .map(|word| word.to_lowercase())
}

/// The words of one run of letters and digits: a new word starts at a lowercase-to-uppercase
/// step (`listPull`), before the last capital of a capital run followed by a lowercase letter
/// (`HTTPServer`), and where letters and digits meet (`user2`, `2fa`).
fn split_identifier(run: &str) -> Vec<&str> {
    let chars: Vec<(usize, char)> = run.char_indices().collect();
    let mut parts = Vec::new();
    let mut start = 0;
    for i in 1..chars.len() {
        let (at, c) = chars[i];
        let (_, before) = chars[i - 1];
        let next_lower = chars.get(i + 1).is_some_and(|(_, n)| n.is_lowercase());
        let boundary = (before.is_lowercase() && c.is_uppercase())
            || (before.is_uppercase() && c.is_uppercase() && next_lower)
            || (before.is_alphabetic() && c.is_numeric())
            || (before.is_numeric() && c.is_alphabetic());
        if boundary {
            parts.push(&run[start..at]);
            start = at;
        }
    }
    parts.push(&run[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_split_into_their_words() {
        assert_eq!(
            split_identifier("listPullRequests"),
            ["list", "Pull", "Requests"]
        );
        assert_eq!(split_identifier("HTTPServer"), ["HTTP", "Server"]);
        assert_eq!(split_identifier("getUser2FA"), ["get", "User", "2", "FA"]);
        assert_eq!(split_identifier("URL"), ["URL"]);
        assert_eq!(split_identifier("é"), ["é"]);
    }

    #[test]
    fn terms_are_split_stemmed_and_without_stop_words() {
        let terms = Terms::default();
        assert_eq!(
            terms.of("list_pull_requests of the repo"),
            ["list", "pull", "request", "repo"]
        );
        assert_eq!(terms.of("listPullRequests"), ["list", "pull", "request"]);
        assert_eq!(terms.of("Create an issue."), ["creat", "issu"]);
        assert_eq!(terms.of("create issues"), terms.of("creating an issue"));
        assert!(terms.of("").is_empty());
        assert!(terms.of("the of and").is_empty());
    }

    #[test]
    fn plain_terms_keep_identifiers_whole() {
        assert_eq!(
            plain("Call list_pull_requests, then listIssues!"),
            ["call", "list_pull_requests", "then", "listissues"]
        );
    }

    #[test]
    fn a_huge_text_is_cut() {
        let text = "word ".repeat(100_000);
        assert_eq!(Terms::default().of(&text).len(), MAX_TERMS);
        assert_eq!(plain(&text).len(), MAX_TERMS);
    }
}
