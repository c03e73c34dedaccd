//! The output kind and repeated calls: the words that ask for one call's result only, and one
//! call said to be made `twice`.

use codemode_plan::{Token, TokenKind};

/// `not just` and `not only` ask for more, not for one result (`not just one`).
///
/// Whether the word at `j` is `just` or `only` after `not` (`not just the count`), which asks
/// for more, not less.
pub(super) fn negated_limiter(tokens: &[Token], j: usize) -> bool {
    matches!(
        tokens[j].text.to_ascii_lowercase().as_str(),
        "just" | "only"
    ) && j
        .checked_sub(1)
        .is_some_and(|p| tokens[p].text.eq_ignore_ascii_case("not"))
}

/// The second half of a hyphenated word is no cue (`Month-end`).
///
/// Whether the word at `j` ends a hyphenated word: a `-` written right before it, itself right
/// after a word (`month-end`, `back-end`).
fn compound_tail(tokens: &[Token], j: usize) -> bool {
    j >= 2
        && tokens[j - 1].text == "-"
        && tokens[j - 1].span.end == tokens[j].span.start
        && tokens[j - 2].kind == TokenKind::Word
        && tokens[j - 2].span.end == tokens[j - 1].span.start
}

/// Words without one of which an instruction of several calls does not ask for one call's
/// result only (see [`decode`]): broad on purpose, since a word here only keeps the network's
/// reading.
const ONE_RESULT_WORDS: &[&str] = &[
    "last",
    "lastly",
    "final",
    "finally",
    "latter",
    "end",
    "ending",
    "second",
    "third",
    "latest",
    "only",
    "just",
    "solely",
    "merely",
    "alone",
    "ultimate",
    "ultimately",
];

/// Several calls answer the last result only when a word asks for one (`only the last`, `lsat`).
///
/// Several calls answer every record unless the words ask for one (`only the last result`,
/// `the final output is enough`): a reading of `last` with no such word anywhere in the
/// instruction (`both with date "X"`, `first A, then B`) is the default, `all`.
/// A misspelt word counts too (`lsat`, `the fnial one`), as the network reads it (see
/// `Vocab::corrected`). The second half of a hyphenated word (`Month-end FX`) is no such word,
/// nor `not just`.
pub(super) fn asks_for_one(tokens: &[Token]) -> bool {
    tokens.iter().enumerate().any(|(j, t)| {
        let lower = t.text.to_lowercase();
        t.kind == TokenKind::Word
            && !compound_tail(tokens, j)
            && !negated_limiter(tokens, j)
            && ONE_RESULT_WORDS.iter().any(|w| {
                *w == lower
                    || (lower.len() >= crate::features::TYPO_MIN_LEN
                        && crate::features::one_edit(&lower, w))
            })
    })
}

/// One call said to be made `twice`, right after it, is two (`list_users team "x" twice`).
///
/// `Call flush_cache with region "eu-west-1" twice`, `run it twice`: one call said to be made
/// twice, right after its tool or a value of it, is two (`asked for this twice already` is
/// prose).
pub(super) fn said_twice(tokens: &[Token], tags: &[usize]) -> bool {
    (1..tokens.len()).any(|j| {
        tags.get(j) == Some(&0)
            && tokens[j].kind == TokenKind::Word
            && tokens[j].text.eq_ignore_ascii_case("twice")
            && (tags.get(j - 1).is_some_and(|t| (1..=6).contains(t))
                || matches!(tokens[j - 1].text.to_lowercase().as_str(), "it" | "that"))
    })
}

#[cfg(test)]
mod tests {
    use codemode_plan::{Mode, OutputKind};

    use crate::decode::decode;
    use crate::decode::test_util::{choices, pointing, record};

    #[test]
    fn several_calls_answer_the_last_only_when_a_word_asks_for_it() {
        let tags = [1, 0, 4, 0, 2, 0, 4 + 1, 0, 0, 0];
        let pointers = pointing(tags.len(), &[(2, 1), (6, 5)]);
        for (instruction, kind) in [
            (
                r#"list_users team "a" then list_users team "b" , both please"#,
                OutputKind::All,
            ),
            (
                r#"list_users team "a" then list_users team "b" , only the last"#,
                OutputKind::Last,
            ),
            (
                r#"list_users team "a" then list_users team "b" , the fnial one"#,
                OutputKind::Last,
            ),
        ] {
            let r = record(instruction);
            let mut c = choices(&tags, &pointers);
            c.mode = 0;
            c.output = 1;
            let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
            assert_eq!(plan.output.kind, kind, "{instruction}");
        }
    }

    #[test]
    fn a_hyphenated_end_and_not_just_ask_for_no_single_result() {
        let c = {
            let mut c = choices(
                &[0, 0, 0, 0, 1, 0, 4, 0, 2, 0, 5],
                &pointing(11, &[(6, 5), (10, 9)]),
            );
            c.output = 1;
            c
        };
        let r = record(r#"Month-end: get_weather city "A" and get_weather city "B""#);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.kind, OutputKind::All);
        let r = record(r#"Month end: get_weather city "A" and get_weather city "B""#);
        let mut c = choices(
            &[0, 0, 0, 1, 0, 4, 0, 2, 0, 5],
            &pointing(10, &[(5, 4), (9, 8)]),
        );
        c.output = 1;
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.kind, OutputKind::Last);
        let mut c = choices(
            &[1, 0, 4, 0, 2, 0, 5, 0, 0, 0, 0],
            &pointing(11, &[(2, 1), (6, 5)]),
        );
        c.output = 1;
        let r = record(r#"get_weather city "A" then get_weather city "B", not just one"#);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.kind, OutputKind::All);
        let r = record(r#"get_weather city "A" then get_weather city "B", and just one"#);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.kind, OutputKind::Last);
    }

    #[test]
    fn one_call_said_to_be_made_twice_is_two() {
        let r = record(r#"list_users team "x" twice , one after the other"#);
        let tags = [1, 0, 4, 0, 0, 0, 0, 0, 0];
        let mut c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        c.mode = 0;
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.mode, Mode::Serial);
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.calls[0], plan.calls[1]);
        assert_eq!(plan.output.kind, OutputKind::All);
        // `twice` away from the call is prose.
        let r = record(r#"they asked twice : list_users team "x""#);
        let tags = [0, 0, 0, 0, 1, 0, 4];
        let c = choices(&tags, &pointing(tags.len(), &[(6, 5)]));
        assert_eq!(decode(&r.tokens, &r.catalog, &c).unwrap().calls.len(), 1);
    }
}
