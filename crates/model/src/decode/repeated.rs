//! Repeated calls: one call said to be made `twice` is two.

use codemode_plan::{Token, TokenKind};

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
