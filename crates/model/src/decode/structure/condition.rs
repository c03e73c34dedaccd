//! Conditions: a sentence that opens with `if` or `unless` on a call is a condition; an `if` or
//! `whether` after a verb of knowing only asks a question of the answer.

use codemode_plan::{Token, TokenKind};

use crate::decode::text::{clause_end, tag_at};

/// An `if` opening a sentence on a call is a condition (`If get_weather ... says rain, send`).
///
/// Whether a sentence opens with `if` or `unless` and a tool is named before its clause ends
/// (`If check_cert for hostname "x" shows fewer than 14 days_left, run renewCertificate`): a
/// condition on what a call answers. A polite `if` names no tool (`If it is not too much
/// trouble, could you fetch ...`).
pub(in crate::decode) fn conditional_call(tokens: &[Token], tags: &[usize]) -> bool {
    (0..tokens.len()).any(|j| {
        let opens = j == 0
            || matches!(
                tokens[j - 1].text.as_str(),
                "." | "!" | "?" | ";" | ":" | "-" | "—" | "(" | "*"
            );
        opens
            && tag_at(tags, j) == 0
            && tokens[j].kind == TokenKind::Word
            && matches!(
                tokens[j].text.to_ascii_lowercase().as_str(),
                "if" | "unless"
            )
            && (j + 1..clause_end(tokens, j)).any(|k| (1..=3).contains(&tag_at(tags, k)))
    })
}

/// An `if` after a verb of knowing asks a question, no condition (`I need to know if it rains`).
///
/// Whether every `if` and `whether` of the prose opens a question after a verb of knowing, one
/// or two words before it (`know`, `see`, `check`, `confirm`, `curious`, `wonder`, `tell`,
/// `find out`, ...), whose clause (to the next comma or stop) names no tool and is not followed by
/// `then`, and no `unless`, `otherwise` or `else` is written: there is at least one such `if`,
/// and none sets a condition.
pub(in crate::decode) fn only_asks(tokens: &[Token], tags: &[usize]) -> bool {
    let lower = |j: usize| tokens[j].text.to_ascii_lowercase();
    let mut asked = false;
    for j in 0..tokens.len() {
        if tokens[j].kind != TokenKind::Word || tag_at(tags, j) != 0 {
            continue;
        }
        match lower(j).as_str() {
            "unless" | "otherwise" | "else" => return false,
            "if" | "whether" => {
                let knowing =
                    (j.saturating_sub(2)..j).any(|p| KNOWING.contains(&lower(p).as_str()));
                let end = clause_end(tokens, j);
                let names_tool = (j + 1..end).any(|k| (1..=3).contains(&tag_at(tags, k)));
                let then = end < tokens.len() && lower(end) == "then";
                if !knowing || names_tool || then {
                    return false;
                }
                asked = true;
            }
            _ => {}
        }
    }
    asked
}

/// Verbs and adjectives of knowing, before an `if` or `whether` that asks (see [`only_asks`]).
const KNOWING: &[&str] = &[
    "know",
    "see",
    "check",
    "confirm",
    "curious",
    "wonder",
    "wondering",
    "ask",
    "asking",
    "tell",
    "find",
    "out",
    "verify",
    "determine",
    "sure",
    "checking",
    "confirming",
    "understand",
    "unsure",
    "doubt",
];

#[cfg(test)]
mod tests {
    use crate::decode::decode;
    use crate::decode::test_util::{choices, pointing, record};
    use crate::network::STATUSES;

    #[test]
    fn a_sentence_opening_with_if_on_a_call_is_a_condition() {
        let r = record(r#"If get_weather city "Oslo" says rain, send to "a@b.c""#);
        let tags = [0, 1, 0, 4, 0, 0, 0, 2, 0, 5];
        let c = choices(&tags, &pointing(10, &[(3, 2), (9, 8)]));
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "instruction: a condition (if, unless, when) is not supported"
        );
        // A polite `if` names no tool before its clause ends.
        let r = record(r#"If you can, get_weather city "Oslo" and send to "a@b.c""#);
        let tags = [0, 0, 0, 0, 1, 0, 4, 0, 2, 0, 5];
        let c = choices(&tags, &pointing(11, &[(6, 5), (10, 9)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_ok());
    }

    #[test]
    fn an_if_that_asks_a_question_sets_no_condition() {
        let condition = STATUSES.iter().position(|&s| s == "condition").unwrap();
        let r = record(r#"get_weather city "Oslo", I need to know if it rains"#);
        let tags = [1, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0];
        let mut c = choices(&tags, &pointing(11, &[(2, 1)]));
        c.status = condition;
        assert_eq!(decode(&r.tokens, &r.catalog, &c).unwrap().calls.len(), 1);
        // An `if` that no verb of knowing asks is a condition.
        let r = record(r#"get_weather city "Oslo", I need it only if it rains"#);
        let c2 = {
            let mut c2 = choices(&[1, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0], &pointing(11, &[(2, 1)]));
            c2.status = condition;
            c2
        };
        assert!(decode(&r.tokens, &r.catalog, &c2).is_err());
        // So is one whose clause names a tool, or that `then` follows.
        let r = record(r#"see if get_weather city "Oslo" works, then send to "a""#);
        let tags = [0, 0, 1, 0, 4, 0, 0, 0, 2, 0, 5];
        let mut c = choices(&tags, &pointing(11, &[(4, 3), (10, 9)]));
        c.status = condition;
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
    }
}
