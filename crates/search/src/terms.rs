//! Text into search terms.
//!
//! [`Terms`] reads prose and identifiers alike: a run of letters and digits is split where an
//! identifier's words meet (`listPullRequests` → list, pull, requests; `HTTPServer` → http,
//! server; `get_user2` → get, user, 2), lowercased, stripped of common English words, spelled
//! out where it is a common abbreviation of programming and APIs (`pr` → pull request, `repo` →
//! repository, `mkdir` → make directory; see [`ABBREVIATIONS`]), and stemmed with Snowball's
//! English stemmer (`requests` and `request` are one term). Tools and queries are read alike,
//! so a query saying `open PRs` meets a tool named `list_pull_requests`, and one saying
//! `repository` meets a tool named `get_repo`. [`plain`] is the baseline the benchmark compares
//! with: lowercased runs of letters, digits and `_`, nothing else.

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

/// Common abbreviations in tool names, argument names and requests, with the words they stand
/// for, sorted by abbreviation. Only unambiguous ones: not `temp` (temperature or temporary),
/// `desc` (description or descending), `min` (minimum or minute) or `pwd` (password or working
/// directory).
pub const ABBREVIATIONS: &[(&str, &str)] = &[
    ("acct", "account"),
    ("addr", "address"),
    ("admin", "administrator"),
    ("app", "application"),
    ("apps", "applications"),
    ("arg", "argument"),
    ("args", "arguments"),
    ("auth", "authentication"),
    ("avg", "average"),
    ("calc", "calculate"),
    ("cert", "certificate"),
    ("certs", "certificates"),
    ("cfg", "configuration"),
    ("config", "configuration"),
    ("configs", "configurations"),
    ("cp", "copy"),
    ("db", "database"),
    ("dbs", "databases"),
    ("del", "delete"),
    ("dest", "destination"),
    ("dir", "directory"),
    ("dirs", "directories"),
    ("dm", "direct message"),
    ("dms", "direct messages"),
    ("doc", "document"),
    ("docs", "documents"),
    ("dst", "destination"),
    ("env", "environment"),
    ("envs", "environments"),
    ("exec", "execute"),
    ("img", "image"),
    ("imgs", "images"),
    ("info", "information"),
    ("len", "length"),
    ("ls", "list"),
    ("max", "maximum"),
    ("mkdir", "make directory"),
    ("msg", "message"),
    ("msgs", "messages"),
    ("mv", "move"),
    ("num", "number"),
    ("org", "organization"),
    ("orgs", "organizations"),
    ("param", "parameter"),
    ("params", "parameters"),
    ("passwd", "password"),
    ("pkg", "package"),
    ("pr", "pull request"),
    ("prs", "pull requests"),
    ("qty", "quantity"),
    ("ref", "reference"),
    ("refs", "references"),
    ("repo", "repository"),
    ("repos", "repositories"),
    ("req", "request"),
    ("rm", "remove"),
    ("rmdir", "remove directory"),
    ("src", "source"),
    ("stats", "statistics"),
    ("tmp", "temporary"),
    ("txn", "transaction"),
    ("txns", "transactions"),
    ("usr", "user"),
];

/// The words `word` (lowercased) stands for if it is one of [`ABBREVIATIONS`].
fn spelled_out(word: &str) -> Option<&'static str> {
    ABBREVIATIONS
        .binary_search_by_key(&word, |&(short, _)| short)
        .ok()
        .map(|found| ABBREVIATIONS[found].1)
}

/// The tokenizer of the search: identifier splitting, stop words, abbreviations spelled out, and
/// stemming.
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
            // A word has no space, so it splits into itself unless spelled out.
            for word in spelled_out(&word).unwrap_or(&word).split(' ') {
                if out.len() < MAX_TERMS {
                    out.push(self.stemmer.stem(word).into_owned());
                }
            }
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
/// (`HTTPServer`) unless that letter is a plural's lone `s` (`listPRs`, `URLsFound`), and where
/// letters and digits meet (`user2`, `2fa`).
fn split_identifier(run: &str) -> Vec<&str> {
    let chars: Vec<(usize, char)> = run.char_indices().collect();
    let lower_at = |i: usize| chars.get(i).is_some_and(|(_, c)| c.is_lowercase());
    let mut parts = Vec::new();
    let mut start = 0;
    for i in 1..chars.len() {
        let (at, c) = chars[i];
        let (_, before) = chars[i - 1];
        let plural = chars.get(i + 1).is_some_and(|&(_, n)| n == 's') && !lower_at(i + 2);
        let next_lower = lower_at(i + 1) && !plural;
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
        assert_eq!(split_identifier("listPRs"), ["list", "PRs"]);
        assert_eq!(split_identifier("URLsFound"), ["URLs", "Found"]);
        assert_eq!(split_identifier("getIDs"), ["get", "IDs"]);
        assert_eq!(split_identifier("é"), ["é"]);
    }

    #[test]
    fn terms_are_split_stemmed_and_without_stop_words() {
        let terms = Terms::default();
        assert_eq!(
            terms.of("list_pull_requests of the repo"),
            ["list", "pull", "request", "repositori"]
        );
        assert_eq!(terms.of("listPullRequests"), ["list", "pull", "request"]);
        assert_eq!(terms.of("Create an issue."), ["creat", "issu"]);
        assert_eq!(terms.of("create issues"), terms.of("creating an issue"));
        assert!(terms.of("").is_empty());
        assert!(terms.of("the of and").is_empty());
    }

    #[test]
    fn abbreviations_are_spelled_out() {
        let terms = Terms::default();
        assert_eq!(terms.of("open PRs"), terms.of("open pull requests"));
        assert_eq!(terms.of("get_repo"), terms.of("get repository"));
        assert_eq!(terms.of("mkdir"), terms.of("make directory"));
        assert_eq!(terms.of("slackDM"), terms.of("slack direct message"));
        // Only whole words: `prune` and `repository` are not abbreviations.
        assert_eq!(terms.of("prune"), ["prune"]);
        assert_eq!(terms.of("repository"), ["repositori"]);
    }

    #[test]
    fn the_abbreviations_are_sorted_lowercase_and_final() {
        for pair in ABBREVIATIONS.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{pair:?} out of order");
        }
        for (short, long) in ABBREVIATIONS {
            assert_eq!(short.to_lowercase(), *short);
            assert!(!STOP_WORDS.contains(short), "{short} is a stop word");
            // A spelled-out word is not itself spelled out again, nor dropped.
            for word in long.split(' ') {
                assert!(spelled_out(word).is_none(), "{word} is an abbreviation");
                assert!(!STOP_WORDS.contains(&word), "{word} is a stop word");
            }
        }
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
        // An abbreviation spelled out at the limit is cut too.
        assert_eq!(Terms::default().of(&"pr ".repeat(1_000)).len(), MAX_TERMS);
        assert_eq!(plain(&text).len(), MAX_TERMS);
    }
}
