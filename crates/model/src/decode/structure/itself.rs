//! A structure a tool does itself: an aggregation or retry status gives way to one unshaped call
//! to a tool whose name counts or retries (`count_words`, `retryJob`), unless a prose word speaks
//! of the call's results or its failure.

use codemode_plan::{Token, TokenKind};

use crate::decode::text::{call_of, sentence_of, tag_at};

/// Prose about a call's results or failure keeps its structure (`and count the results`).
///
/// Whether a prose word speaks of a call's results or its failure (`rows`, `them`, `grouped`,
/// `fails`, `again`): then a structure over them was asked for, whatever the tool does.
/// A word in a sentence that names no call, sets no condition and tells of the past (one of
/// [`PAST_WORDS`]) is what happened before (`The backup to my NAS died last night again. Use
/// retry_job on job "nightly-backup".`).
pub(in crate::decode) fn about_results(tokens: &[Token], tags: &[usize]) -> bool {
    tokens
        .iter()
        .zip(tags)
        .enumerate()
        .any(|(i, (token, &tag))| {
            tag == 0
                && token.kind == TokenKind::Word
                && RESULT_WORDS.contains(&token.text.to_ascii_lowercase().as_str())
                && {
                    let sentence = sentence_of(tokens, i);
                    let told = sentence.clone().any(|j| {
                        let w = tokens[j].text.to_ascii_lowercase();
                        j != i
                            && tokens[j].kind == TokenKind::Word
                            && !RESULT_WORDS.contains(&w.as_str())
                            && PAST_WORDS.contains(&w.as_str())
                    });
                    let asks = sentence.into_iter().any(|j| {
                        call_of(tag_at(tags, j)).is_some()
                            || matches!(
                                tokens[j].text.to_ascii_lowercase().as_str(),
                                "if" | "until" | "when" | "unless" | "whenever"
                            )
                    });
                    asks || !told
                }
        })
}

/// Verbs that tell what happened before (see [`about_results`]).
const PAST_WORDS: &[&str] = &[
    "was", "were", "had", "died", "failed", "crashed", "broke", "stopped", "went", "happened",
    "timed", "errored", "hung", "froze", "ran", "got", "came", "dropped", "bounced", "stalled",
];

/// Prose words about a call's results or its failure (see [`about_results`]).
const RESULT_WORDS: &[&str] = &[
    "row", "rows", "result", "results", "entries", "matches", "them", "came", "group", "grouped",
    "bucket", "arrange", "sorted", "fail", "fails", "failure", "failing", "error", "errors",
    "again", "another", "keep", "until", "retrying", "flakes", "out",
];

/// Words of a tool name that say it does an unsupported structure's work itself, by status.
fn structure_words(status: &str) -> &'static [&'static str] {
    match status {
        "aggregate" => &[
            "count",
            "counts",
            "sum",
            "total",
            "totals",
            "tally",
            "aggregate",
            "average",
            "avg",
            "stats",
        ],
        "retry" => &[
            "retry",
            "rerun",
            "resend",
            "requeue",
            "resubmit",
            "redeliver",
            "replay",
        ],
        _ => &[],
    }
}

/// A tool whose name does the structure answers it (`count_words` counts, `retryJob` retries).
///
/// Whether `tool`'s name has a word (snake_case or camelCase pieces, any casing) that does the
/// structure `status` names (`count_words` for aggregation, `retryJob` for a retry).
pub(in crate::decode) fn does_it_itself(status: &str, tool: &str) -> bool {
    let words = structure_words(status);
    name_words(tool).iter().any(|w| words.contains(&w.as_str()))
}

/// The lowercase words of an identifier (`count_open_tickets`, `getHTTPStatus`).
///
/// The lowercase words of an identifier: split at `_`, `$`, digits and lower-to-upper steps
/// (`getHTTPStatus2` gives `get`, `httpstatus`; `count_open_tickets` gives three).
fn name_words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_alphabetic() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        prev_lower = c.is_lowercase();
        word.extend(c.to_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::decode;
    use crate::decode::test_util::{choices, pointing};
    use crate::network::STATUSES;

    #[test]
    fn a_counting_or_retrying_tool_does_the_structure_itself_unless_its_results_are_meant() {
        let status = |name: &str| STATUSES.iter().position(|s| *s == name).unwrap();
        let answer = |instruction: &str, tags: &[usize], structure: &str| {
            let r = crate::test_record(
                instruction,
                serde_json::json!([
                    {"name": "count_words", "arguments": {"text": "string"}, "required": ["text"], "returns": {"kind": "object", "properties": ["words"]}},
                    {"name": "retryJob", "arguments": {"job_id": "string"}, "required": [], "returns": {"kind": "text", "properties": []}},
                    {"name": "list_jobs", "arguments": {}, "required": [], "returns": {"kind": "array", "properties": ["id"]}}
                ]),
            );
            let mut c = choices(tags, &vec![None; tags.len()]);
            c.status = status(structure);
            decode(&r.tokens, &r.catalog, &c).map(|p| p.calls[0].tool.clone())
        };
        // how many words ? count_words text "a b"
        let tags = [0, 0, 0, 0, 1, 0, 4];
        let q = r#"how many words? count_words text "a b""#;
        assert_eq!(answer(q, &tags, "aggregate").unwrap(), "count_words");
        // Retrying is not what a counting tool does, nor counting what a lister does.
        assert!(answer(q, &tags, "retry").is_err());
        let q = r#"how many jobs? list_jobs"#;
        assert!(answer(q, &[0, 0, 0, 0, 1], "aggregate").is_err());
        // retryJob job_id "j-1"
        let q = r#"retryJob job_id "j-1""#;
        assert_eq!(answer(q, &[1, 0, 4], "retry").unwrap(), "retryJob");
        // Words about the results or a failure keep the diagnostic.
        let q = r#"count_words text "a b" and count the results"#;
        assert!(answer(q, &[1, 0, 4, 0, 0, 0, 0], "aggregate").is_err());
        let q = r#"retryJob job_id "j-1" until it works"#;
        assert!(answer(q, &[1, 0, 4, 0, 0, 0], "retry").is_err());
        // Nor is a condition ever a tool's job.
        let q = r#"retryJob job_id "j-1""#;
        assert!(answer(q, &[1, 0, 4], "condition").is_err());
    }

    #[test]
    fn identifiers_split_into_lowercase_words() {
        assert_eq!(
            name_words("count_open_tickets"),
            ["count", "open", "tickets"]
        );
        assert_eq!(name_words("retryJob2x"), ["retry", "job", "x"]);
        assert_eq!(name_words("$sum"), ["sum"]);
        assert_eq!(name_words("getHTTPStatus"), ["get", "httpstatus"]);
    }

    #[test]
    fn a_retry_tool_is_called_when_again_only_tells_what_happened() {
        let retry = STATUSES.iter().position(|&s| s == "retry").unwrap();
        let tools = serde_json::json!([
            {"name": "retry_job", "arguments": {"job": "string"}, "required": ["job"], "returns": {"kind": "object", "properties": []}}
        ]);
        let read = |text: &str| {
            let r = crate::test_record(text, tools.clone());
            let n = r.tokens.len();
            let mut tags = vec![0; n];
            let at = |w: &str| r.tokens.iter().position(|t| t.text == w).unwrap();
            let (tool, value) = (at("retry_job"), at("\"j-1\""));
            tags[tool] = 1;
            tags[value] = 4;
            let mut c = choices(&tags, &pointing(n, &[(value, value - 1)]));
            c.status = retry;
            decode(&r.tokens, &r.catalog, &c)
        };
        assert!(read(r#"The backup died again last night. Use retry_job on job "j-1"."#).is_ok());
        // Asked of the call, or in a sentence that tells nothing of the past, it is a retry.
        assert!(read(r#"Use retry_job on job "j-1" again."#).is_err());
        assert!(read(r#"Run it again. Use retry_job on job "j-1"."#).is_err());
    }
}
