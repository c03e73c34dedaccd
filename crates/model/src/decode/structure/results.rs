//! Work over the results: a value compared with a declared property that is no argument is a
//! filter, not an argument.

use codemode_plan::{Token, TokenKind};

/// A value compared with a property that is no argument is a filter (`where id is over 5`).
///
/// Whether the value at `i` is compared with a declared property of `tool` that is none of its
/// arguments, with a word for the comparison (`arr is over 100000`, `total > 50`, `score at least
/// 0.8`): a filter on the results, not an argument.
pub(in crate::decode) fn compared_property(
    tokens: &[Token],
    i: usize,
    tool: &codemode_plan::Tool,
) -> bool {
    const COMPARE: &[&str] = &[
        "over",
        "above",
        "below",
        "under",
        "exceeds",
        "exceeding",
        "than",
        "greater",
        "less",
        "more",
        "fewer",
        "higher",
        "lower",
        "least",
        "most",
        ">",
        "<",
    ];
    const BETWEEN: &[&str] = &["is", "are", "was", "be", "at", "=", "!"];
    let mut j = i;
    let mut compares = false;
    while j > 0 && i - j < 4 {
        let lower = tokens[j - 1].text.to_lowercase();
        if COMPARE.contains(&lower.as_str()) {
            compares = true;
        } else if !BETWEEN.contains(&lower.as_str()) {
            break;
        }
        j -= 1;
    }
    compares
        && j > 0
        && tokens[j - 1].kind == TokenKind::Word
        && tool.argument(&tokens[j - 1].text).is_none()
        && tool.returns.properties.contains(&tokens[j - 1].text)
}

#[cfg(test)]
mod tests {
    use crate::decode::decode;
    use crate::decode::test_util::{choices, pointing, record};

    #[test]
    fn a_value_compared_with_a_property_that_is_no_argument_is_a_filter() {
        // list_users team "x" where id is over 5: 5 would fill `limit` by elimination.
        let r = record(r#"list_users team "x" where id is over 5"#);
        let c = choices(&[1, 0, 4, 0, 0, 0, 0, 4], &pointing(8, &[(2, 1)]));
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "instruction: filtering results is not supported"
        );
        // A comparison word is needed (`id 5` is a label), and an argument is no property.
        for text in [
            r#"list_users team "x" where id is 5"#,
            r#"list_users team "x" limit at most 5"#,
        ] {
            let r = record(text);
            let mut tags = vec![0; r.tokens.len()];
            (tags[0], tags[2], tags[r.tokens.len() - 1]) = (1, 4, 4);
            let c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
            assert!(
                decode(&r.tokens, &r.catalog, &c)
                    .err()
                    .is_none_or(|d| !d.to_string().contains("filtering")),
                "{text}"
            );
        }
    }
}
