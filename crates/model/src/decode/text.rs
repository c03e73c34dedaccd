//! Token and sentence helpers every rule uses: the value a token holds, the role tag and call
//! slot of a token, where a sentence or clause ends, and the word before a number.

use codemode_plan::{Token, TokenKind};
use serde_json::Value;

/// A number word the network reads as a value or limit is its number (`days three`, `first Five`).
///
/// The value a token holds: a literal's, or a number word's (any casing) when the network reads
/// it as a value or row limit; the network's input is the word, so a number word in prose (`two
/// spreadsheets`) stays prose.
pub(super) fn value_of(token: &Token) -> Option<Value> {
    if token.value.is_some() {
        return token.value.clone();
    }
    let lower = token.text.to_lowercase();
    let n = codemode_plan::lexer::NUMBER_WORDS
        .iter()
        .position(|w| *w == lower)?;
    (token.kind == TokenKind::Word).then(|| Value::from(n))
}

/// Whether a token ends a sentence.
fn ends_sentence(token: &Token) -> bool {
    matches!(token.text.as_str(), "." | "!" | "?")
}

/// The tokens of the sentence that holds token `i`, its stop left out.
pub(crate) fn sentence_of(tokens: &[Token], i: usize) -> std::ops::Range<usize> {
    let start = tokens[..i]
        .iter()
        .rposition(ends_sentence)
        .map_or(0, |j| j + 1);
    let end = tokens[i..]
        .iter()
        .position(ends_sentence)
        .map_or(tokens.len(), |j| i + j);
    start..end
}

/// Where the clause after token `j` ends: the next comma, semicolon, sentence stop or `then`
/// (the end of the text when none follows).
pub(super) fn clause_end(tokens: &[Token], j: usize) -> usize {
    (j + 1..tokens.len())
        .find(|&k| {
            matches!(tokens[k].text.as_str(), "," | "." | ";" | "!" | "?")
                || tokens[k].text.eq_ignore_ascii_case("then")
        })
        .unwrap_or(tokens.len())
}

/// The role tag at `j` (0, `other`, past the end).
pub(crate) fn tag_at(tags: &[usize], j: usize) -> usize {
    tags.get(j).copied().unwrap_or(0)
}

/// The call slot (from 0) a tool or value tag names.
pub(super) fn call_of(tag: usize) -> Option<usize> {
    match tag {
        1..=3 => Some(tag - 1),
        4..=6 => Some(tag - 4),
        _ => None,
    }
}

/// The token before `i`, past one `filler` word between (`the first 5`, `the very last 5`).
pub(crate) fn before_past(tokens: &[Token], i: usize, filler: &str) -> Option<usize> {
    let j = i.checked_sub(1)?;
    if tokens[j].text.eq_ignore_ascii_case(filler) {
        j.checked_sub(1)
    } else {
        Some(j)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::decode;
    use crate::decode::test_util::{choices, record};

    #[test]
    fn a_number_word_the_network_reads_as_a_limit_or_value_is_its_number() {
        // list_users team "x" , first Five
        let r = record(r#"list_users team "x", first Five"#);
        let mut pointers = vec![None; 6];
        pointers[2] = Some(1);
        let plan = decode(
            &r.tokens,
            &r.catalog,
            &choices(&[1, 0, 4, 0, 0, 8], &pointers),
        )
        .unwrap();
        assert_eq!(plan.output.limit, Some(serde_json::Number::from(5)));
        // get_weather city "A" days three
        let r = record(r#"get_weather city "A" days three"#);
        let c = choices(&[1, 0, 4, 0, 4], &[None, None, Some(1), None, Some(3)]);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["days"], 3);
        // Read as prose, a number word is prose; a word that is no number is never a value.
        let plan = decode(
            &r.tokens,
            &r.catalog,
            &choices(&[1, 0, 4, 0, 0], &[None, None, Some(1), None, None]),
        )
        .unwrap();
        assert!(!plan.calls[0].args.contains_key("days"));
        let r = record(r#"get_weather city "A" days many"#);
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn sentences_and_clauses_end_at_their_stops() {
        let r = record(r#"get_weather city "Oslo". Only one call, then send"#);
        // get_weather city "Oslo" . Only one call , then send
        assert!(ends_sentence(&r.tokens[3]));
        assert!(!ends_sentence(&r.tokens[7]));
        assert_eq!(sentence_of(&r.tokens, 1), 0..3);
        assert_eq!(sentence_of(&r.tokens, 5), 4..r.tokens.len());
        // The clause after `Only` ends at the comma; the one after the comma at `then`.
        assert_eq!(clause_end(&r.tokens, 4), 7);
        assert_eq!(clause_end(&r.tokens, 7), 8);
        assert_eq!(clause_end(&r.tokens, 8), r.tokens.len());
    }

    #[test]
    fn the_word_before_a_number_is_read_past_one_filler() {
        // list_users the very last 5 rows
        let r = record("list_users the very last 5 rows");
        assert_eq!(before_past(&r.tokens, 4, "very"), Some(3));
        assert_eq!(before_past(&r.tokens, 3, "very"), Some(1));
        assert_eq!(before_past(&r.tokens, 2, "the"), Some(0));
        assert_eq!(before_past(&r.tokens, 0, "the"), None);
    }

    #[test]
    fn role_tags_name_call_slots() {
        assert_eq!(call_of(1), Some(0));
        assert_eq!(call_of(6), Some(2));
        assert_eq!(call_of(0), None);
        assert_eq!(call_of(7), None);
        assert_eq!(tag_at(&[1, 4], 1), 4);
        assert_eq!(tag_at(&[1, 4], 2), 0);
    }
}
