//! The row limit: the words that ask for rows around a number (`first 5`, `7 results`), and a
//! limit counted from the end (`the last 5 rows`), which the contract does not have.

use codemode_plan::{Token, TokenKind};

use crate::decode::text::before_past;

/// Words for the rows of a result (`first 5 rows`, `10 results`); a tagged field that is one of
/// them and no declared property is the row limit's noun.
pub(super) const ROW_NOUNS: &[&str] = &[
    "row", "rows", "result", "results", "line", "lines", "entries", "items",
];

/// Words around a number that ask for rows (`first 5`, `7 results`, `the top 3`).
///
/// Whether the words around the number at `i` ask for rows: a limit word before it (`first`,
/// `top`, `limit`, `max`, `only`, `just`, `up to`, `at most`, maybe with `the` between) or a
/// row noun after it (`rows`, `results`, `entries`, `items`, `records`, `lines`, `hits`).
pub(crate) fn asks_for_rows(tokens: &[Token], i: usize) -> bool {
    let lower = |j: usize| tokens[j].text.to_ascii_lowercase();
    let noun_after = i + 1 < tokens.len() && {
        let w = lower(i + 1);
        ROW_NOUNS.contains(&w.as_str())
            || matches!(
                w.as_str(),
                "entry" | "item" | "records" | "record" | "hits" | "matches"
            )
    };
    noun_after
        || before_past(tokens, i, "the").is_some_and(|j| {
            matches!(
                lower(j).as_str(),
                "first"
                    | "top"
                    | "limit"
                    | "max"
                    | "maximum"
                    | "most"
                    | "only"
                    | "just"
                    | "to"
                    | "cap"
                    | ":"
                    | "="
            )
        })
}

/// A row limit counted from the end is unsupported (`the last 5 rows`, `the bottom 5 rows`).
///
/// Whether the row limit at `i` counts rows from the end (`the last 5 rows`, `bottom 10`): a
/// prose word `last`, `bottom`, `final` or `trailing` right before it, maybe with `very` between.
/// The contract has no such limit, so it is diagnosed rather than read as the first N.
pub(super) fn tail_rows(tokens: &[Token], tags: &[usize], i: usize) -> bool {
    let prose =
        |j: usize| tags.get(j).copied().unwrap_or(0) == 0 && tokens[j].kind == TokenKind::Word;
    before_past(tokens, i, "very").is_some_and(|j| {
        (j..i).all(prose)
            && matches!(
                tokens[j].text.to_ascii_lowercase().as_str(),
                "last" | "bottom" | "final" | "trailing"
            )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::decode;
    use crate::decode::test_util::{choices, record};

    #[test]
    fn words_around_a_number_ask_for_rows() {
        let r = record("list_users first 5 , 7 results , the top 3 , we got 4 complaints");
        let at = |text: &str| r.tokens.iter().position(|t| t.text == text).unwrap();
        assert!(asks_for_rows(&r.tokens, at("5")));
        assert!(asks_for_rows(&r.tokens, at("7")));
        assert!(asks_for_rows(&r.tokens, at("3")));
        assert!(!asks_for_rows(&r.tokens, at("4")));
    }

    #[test]
    fn a_limit_read_on_a_plan_that_cannot_take_one_stays_for_the_checker_to_refuse() {
        // Whatever words stand around it (`the other 3 later`, `first 3 rows`, `только первые 3
        // строки`): a tool returning text takes no row limit, and the checker says so.
        let tools = serde_json::json!([{"name": "restart", "arguments": {"id": "string"}, "required": ["id"], "returns": {"kind": "text", "properties": []}}]);
        for (text, tags) in [
            (
                r#"restart id "na-7", the other 3 later"#,
                vec![1, 0, 4, 0, 0, 0, 8, 0],
            ),
            (
                r#"restart id "na-7", first 3 rows"#,
                vec![1, 0, 4, 0, 0, 8, 0],
            ),
            (
                r#"restart id "na-7", только первые 3 строки"#,
                vec![1, 0, 4, 0, 0, 0, 8, 0],
            ),
        ] {
            let r = crate::test_record(text, tools.clone());
            let mut pointers = vec![None; tags.len()];
            pointers[2] = Some(1);
            let plan = decode(&r.tokens, &r.catalog, &choices(&tags, &pointers)).unwrap();
            assert_eq!(plan.output.limit, Some(3.into()), "{text}");
        }
    }

    #[test]
    fn a_row_limit_counted_from_the_end_is_diagnosed() {
        // list_users team "x" , the last 5 rows
        let tags = [1, 0, 4, 0, 0, 0, 8, 0];
        let pointers = [None, None, Some(1), None, None, None, None, None];
        for text in [
            r#"list_users team "x", the last 5 rows"#,
            r#"list_users team "x", the LAST 5 rows"#,
            r#"list_users team "x", the bottom 5 rows"#,
        ] {
            let r = record(text);
            assert_eq!(
                decode(&r.tokens, &r.catalog, &choices(&tags, &pointers))
                    .unwrap_err()
                    .to_string(),
                "instruction: reading rows other than the first N is not supported",
                "{text}"
            );
        }
        let r = record(r#"list_users team "x", the first 5 rows"#);
        let plan = decode(&r.tokens, &r.catalog, &choices(&tags, &pointers)).unwrap();
        assert_eq!(plan.output.limit, Some(5.into()));
    }
}
