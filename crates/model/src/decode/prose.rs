//! Numbers in the prose: a number no argument can take that is written as a measure or after a
//! name (`-18°C`, `Rule 5`), that counts a noun (`do 2 thing`) or that numbers a list item
//! (`2.`) is prose, not a value.

use codemode_plan::{Catalog, Token, TokenKind};
use serde_json::Value;

use crate::decode::labels::names_argument;
use crate::features::is_catalog_name;

/// A number written as a measure or after a name is prose (`-18°C`, `Per Local Rule 5`).
///
/// Whether the number at `i` reads as part of the prose: a unit sign right after it (`°`, `%`,
/// `‰`), or a capitalised word right before it that is no argument name in any casing and does
/// not open a sentence (`Rule 5.2`, `Exhibit 3`, `Room 101`).
pub(super) fn prose_measure(tokens: &[Token], i: usize, catalog: &Catalog) -> bool {
    let unit = tokens
        .get(i + 1)
        .is_some_and(|t| matches!(t.text.as_str(), "°" | "%" | "‰"));
    let named = i >= 2 && {
        let word = &tokens[i - 1];
        let opens = matches!(tokens[i - 2].text.as_str(), "." | "!" | "?" | ":" | ";");
        word.kind == TokenKind::Word
            && word.text.chars().next().is_some_and(|c| c.is_uppercase())
            && !opens
            && !catalog.tools.iter().any(|tool| {
                tool.arguments
                    .iter()
                    .any(|(a, _)| a.eq_ignore_ascii_case(&word.text))
            })
    };
    unit || named
}

/// A whole number before a noun counts something in the prose (`do 2 thing`).
///
/// Whether the number at `i` counts something in the prose: a whole number right before a noun,
/// a word that names no tool and no argument and is none of [`JOINING_WORDS`] (`do 2 thing`,
/// `these 3 checks`; not `the 8 with the biggest altitude`).
pub(super) fn prose_count(tokens: &[Token], i: usize, catalog: &Catalog) -> bool {
    let whole = matches!(&tokens[i].value, Some(Value::Number(n)) if n.is_u64());
    whole
        && tokens.get(i + 1).is_some_and(|t| {
            t.kind == TokenKind::Word
                && !JOINING_WORDS.contains(&t.text.to_ascii_lowercase().as_str())
                && !is_catalog_name(catalog, &t.text)
                && !names_argument(catalog, &t.text)
        })
}

/// Words that join a number to what follows rather than being what it counts.
const JOINING_WORDS: &[&str] = &[
    "with", "of", "by", "for", "to", "in", "on", "at", "as", "and", "or", "the", "a", "an", "from",
    "than", "per", "is", "are", "was", "be", "it", "its", "into", "over", "under",
];

/// A numbered list's marker is no value (`1. Tool: send 2. to: "a"`).
///
/// Whether the number at `i` numbers an item of a list (`2.` or `2)` before a word, in a text that
/// also numbers the item before or after it the same way).
pub(super) fn list_marker(tokens: &[Token], i: usize) -> bool {
    let marker = |j: usize| -> Option<(u64, &str)> {
        let n = match &tokens.get(j)?.value {
            Some(Value::Number(n)) if tokens[j].kind == TokenKind::Num => n.as_u64()?,
            _ => return None,
        };
        let close = tokens.get(j + 1)?.text.as_str();
        let next = tokens.get(j + 2)?;
        ((1..=20).contains(&n) && matches!(close, "." | ")") && next.kind == TokenKind::Word)
            .then_some((n, close))
    };
    let Some((n, close)) = marker(i) else {
        return false;
    };
    (0..tokens.len())
        .any(|j| j != i && marker(j).is_some_and(|(m, c)| c == close && (m + 1 == n || n + 1 == m)))
}

#[cfg(test)]
mod tests {
    use crate::decode::decode;
    use crate::decode::test_util::{choices, pointing, record};

    #[test]
    fn a_number_written_as_a_measure_or_after_a_name_is_prose_when_nothing_takes_it() {
        // send takes no number: `-18°C` and `Rule 5` are prose.
        for (text, tags, n) in [
            (
                r#"(it is -18°C) send to "a@b.c""#,
                vec![0, 0, 0, 4, 0, 0, 0, 1, 0, 4],
                10,
            ),
            (
                r#"Per Local Rule 5 send to "a@b.c""#,
                vec![0, 0, 0, 4, 1, 0, 4],
                7,
            ),
        ] {
            let r = record(text);
            let c = choices(&tags, &pointing(n, &[(n - 1, n - 2)]));
            let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
            assert_eq!(plan.calls[0].args.len(), 1, "{text}");
        }
        // A bare number with neither stays the diagnostic.
        let r = record(r#"Per rule 5 send to "a@b.c""#);
        let c = choices(&[0, 0, 4, 1, 0, 4], &pointing(6, &[(5, 4)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn a_number_counting_a_noun_is_prose_when_its_argument_cannot_take_it() {
        // `2` read as a second city: a string argument, and `2` counts `thing`.
        let r = record(r#"do 2 thing: get_weather city "Oslo""#);
        let tags = [0, 4, 0, 0, 1, 0, 4];
        let c = choices(&tags, &pointing(7, &[(1, 5), (6, 5)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args.len(), 1);
        assert_eq!(plan.calls[0].args["city"], "Oslo");
        // Before a joining word it counts nothing, and stays a second value.
        let r = record(r#"do 2 with: get_weather city "Oslo""#);
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn a_numbered_lists_marker_read_as_a_value_is_prose() {
        // 1. Tool: send 2. to: "a" 3. subject: "b" — the network reads the marker 2 as a value.
        let r = record(r#"1. Tool: send 2. to: "a" 3. subject: "b""#);
        let mut tags = vec![0; r.tokens.len()];
        (tags[4], tags[5], tags[9], tags[14]) = (1, 4, 4, 4);
        let c = choices(&tags, &pointing(tags.len(), &[(9, 7), (14, 12)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args.len(), 2);
        // A lone `2.` numbers no list: the value stays unplaced, a diagnostic.
        let r = record(r#"Tool: send 2. to: "a""#);
        let mut tags = vec![0; r.tokens.len()];
        (tags[2], tags[3], tags[7]) = (1, 4, 4);
        let c = choices(&tags, &pointing(tags.len(), &[(7, 5)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
    }
}
