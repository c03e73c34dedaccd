//! Dependencies: a later call's argument given as something that is no value (`the forecast as
//! the subject`) is another call's result passed on.

use codemode_plan::{Catalog, Diagnostic, Token, TokenKind};
use serde_json::{Map, Value};

use super::unsupported;
use crate::decode::text::{call_of, tag_at};

/// An argument given as what is no value is a dependency (`and the forecast as the subject`).
///
/// The dependency diagnostic when a later call's argument is given as something that is no
/// value (`... then email_accountant subject "Etsy 2024" and use the result of the export as the
/// note`, `send_email ... and the forecast as the body.`): `as`, maybe `the`/`its`/`their`, and
/// the name of an argument that call lacks, ending its clause, with no literal in the clause
/// before `as` (a literal there is the value itself: `"#qa" as the channel`).
pub(in crate::decode) fn unsaid_source(
    tokens: &[Token],
    tags: &[usize],
    resolved: &[&str],
    args: &[Map<String, Value>],
    catalog: &Catalog,
) -> Option<Diagnostic> {
    if resolved.len() < 2 {
        return None;
    }
    let untagged = |j: usize| tag_at(tags, j) == 0;
    // Where call 1 ends: its last tool or value token.
    let first_end = (0..tokens.len())
        .rev()
        .find(|&j| call_of(tag_at(tags, j)) == Some(0))?;
    (first_end + 1..tokens.len()).find_map(|j| {
        if !tokens[j].text.eq_ignore_ascii_case("as") || !untagged(j) || j == 0 {
            return None;
        }
        // Back to the clause's start: a literal there is the value (`"eu-west-1" goes in as the
        // origin`).
        let given = tokens[..j]
            .iter()
            .rev()
            .take_while(|t| {
                !matches!(t.text.as_str(), "," | "." | ";" | ":" | "!" | "?")
                    && !t.text.eq_ignore_ascii_case("and")
            })
            .any(|t| t.kind != TokenKind::Word);
        if given || !untagged(j - 1) {
            return None;
        }
        let mut m = j + 1;
        if tokens
            .get(m)
            .is_some_and(|t| matches!(t.text.as_str(), "the" | "its" | "their"))
        {
            m += 1;
        }
        let name = tokens
            .get(m)
            .filter(|t| t.kind == TokenKind::Word && untagged(m))?;
        let ends = tokens
            .get(m + 1)
            .is_none_or(|t| t.kind == TokenKind::Punct || t.text.eq_ignore_ascii_case("and"));
        let lacking = (1..resolved.len()).any(|k| {
            catalog
                .get(resolved[k])
                .is_some_and(|tool| tool.argument(&name.text).is_some())
                && !args[k].contains_key(&name.text)
        });
        (ends && lacking).then(|| unsupported("dependency"))
    })
}

#[cfg(test)]
mod tests {
    use crate::decode::decode;
    use crate::decode::test_util::{choices, pointing, record};

    #[test]
    fn an_argument_given_as_something_that_is_no_value_is_a_dependency() {
        let r = record(
            r#"get_weather city "Oslo", then send to "a@b.c" and the forecast as the subject"#,
        );
        let tags = [1, 0, 4, 0, 0, 2, 0, 5, 0, 0, 0, 0, 0, 0];
        let c = choices(&tags, &pointing(14, &[(2, 1), (7, 6)]));
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "instruction: passing one call's result into another is not supported"
        );
        // A literal in the clause is the value the name labels.
        let r = record(
            r#"get_weather city "Oslo", then send to "a@b.c" and "Hi" goes in as the subject"#,
        );
        let tags = [1, 0, 4, 0, 0, 2, 0, 5, 0, 5, 0, 0, 0, 0, 0];
        let c = choices(&tags, &pointing(15, &[(2, 1), (7, 6), (9, 14)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[1].args["subject"], "Hi");
    }
}
