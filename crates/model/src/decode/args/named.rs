//! Values whose pointer names an argument: two values on one argument of one call (the one
//! written beside the name keeps it, the same value said twice is one), a pointer at a name the
//! call's tool lacks that yields to the name beside the value, and the literals the network left
//! untagged beside an argument name.

use codemode_plan::{Catalog, Diagnostic, Token, TokenKind};
use serde_json::{Map, Value};

use super::Place;
use crate::decode::labels::names_argument;
use crate::decode::text::{call_of, tag_at, value_of};
use crate::decode::{Choices, given_twice};
use crate::features::{is_catalog_name, name_text};

/// Places the values whose pointer names an argument (`named`: (call, value, name) each, in
/// token order). Of two values pointing at one argument of one call, the one written right beside
/// the name keeps it and the other joins `unnamed` (`get_weather "Oslo" for 3 days`); the same
/// value said twice is said once (`days 3 (days 3 I mean)`); a pointer at a name the call's tool
/// lacks yields to the tool's argument name right before the value or just after it, past `as
/// the` (`get_weather to city "Oslo"`, `to "Oslo" as the city`).
pub(super) fn place_named(
    p: Place<'_>,
    named: &[(usize, usize, usize)],
    unnamed: &mut Vec<(usize, usize, Option<usize>)>,
    args: &mut [Map<String, Value>],
) -> Result<(), Diagnostic> {
    let Place {
        tokens,
        catalog,
        choices,
        resolved,
    } = p;
    for &(k, i, j) in named {
        let arg = name_text(&tokens[j]).unwrap_or_default();
        // Two values pointing at one argument of one call: when exactly one of them is written
        // right beside the name it points at (`count of 4`, `3 days`), the other was pulled
        // there from afar (`"8.8.8.8" with a count of 4`) and is read as naming no argument,
        // placed only by the rules below for a quoted string or a word form before it.
        let rivals: Vec<(usize, usize)> = named
            .iter()
            .filter(|&&(c, _, n)| c == k && name_text(&tokens[n]) == Some(arg))
            .map(|&(_, v, n)| (v, n))
            .collect();
        // The same value said twice for one argument (`last 30 (the last 30 days I mean)`,
        // `12 weeks. get_forecast ... weeks 12`) is one argument said again: the first stays.
        // Not when a tool of another call stands between them, nor when the instruction names a
        // tool-like name the catalog lacks (`RenderCluster(size=0) AS WELL AS approveRecords
        // GIVEN size 0`): either may be another call's.
        let repeated = rivals
            .iter()
            .all(|&(v, _)| value_of(&tokens[v]) == value_of(&tokens[i]))
            && rivals.windows(2).all(|pair| {
                let (from, to) = (pair[0].0.min(pair[1].0), pair[0].0.max(pair[1].0));
                (from..to).all(|j| {
                    !matches!(choices.tags.get(j), Some(&t) if (1..=3).contains(&t) && t != k + 1)
                })
            })
            && !tokens.iter().any(|t| {
                t.kind == TokenKind::Word
                    && identifier_shaped(&t.text)
                    && !is_catalog_name(catalog, &t.text)
                    && !names_argument(catalog, &t.text)
            });
        if rivals.len() > 1 && repeated {
            if rivals[0].0 != i {
                continue;
            }
        } else if rivals.len() > 1 {
            match rivals
                .iter()
                .filter(|&&(v, n)| v.abs_diff(n) <= 2)
                .collect::<Vec<_>>()
                .as_slice()
            {
                [(keeper, _)] if *keeper == i => {}
                [_] => {
                    unnamed.push((k, i, Some(j)));
                    continue;
                }
                _ => return Err(given_twice(k, arg)),
            }
        }
        let value = value_of(&tokens[i]).unwrap_or(Value::Null);
        // A pointer at a name the tool lacks, from a value written right after a name it has
        // (`send_slack to channel "#release"`, where `to` is send_email's): the adjacent name.
        let tool = catalog.get(resolved[k]);
        let beside = i
            .checked_sub(1)
            .and_then(|b| tokens.get(b))
            .filter(|t| t.kind == TokenKind::Word)
            .and_then(|t| tool?.argument(&t.text).map(|_| t.text.as_str()));
        // Likewise the name just after it (`Post to "#qa" as the channel via send_slack`).
        let after = || {
            tokens
                .get(i + 1..)
                .unwrap_or_default()
                .iter()
                .take(3)
                .find(|t| !(t.kind == TokenKind::Word && AS_WORDS.contains(&t.text.as_str())))
                .filter(|t| t.kind == TokenKind::Word)
                .and_then(|t| tool?.argument(&t.text).map(|_| t.text.as_str()))
        };
        let arg = match beside.or_else(after) {
            Some(name)
                if tool.is_some_and(|t| t.argument(arg).is_none())
                    && !args[k].contains_key(name) =>
            {
                name
            }
            _ => arg,
        };
        args[k].insert(arg.to_owned(), value);
    }
    Ok(())
}

/// Words between a value and the argument name it is given as (`"#qa" as the channel`, `"u-9"
/// as its id`).
const AS_WORDS: &[&str] = &[
    "as", "the", "its", "their", "his", "her", "my", "our", "your",
];

/// A word shaped like a program's name, not English (`RenderCluster`, `get_user`, `fooBar`).
///
/// Whether a word is shaped like a program's name rather than English: an underscore, or a
/// capital after a lowercase letter (`RenderCluster`, `get_user`, `toString`).
fn identifier_shaped(text: &str) -> bool {
    text.contains('_')
        || text
            .as_bytes()
            .windows(2)
            .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase())
}

/// A literal left untagged beside an argument name is a value (`days 3`, `make 3 the days`).
///
/// The literals the network left untagged right after an argument name, maybe past `:` or `=`
/// (`top_k 10`), or right before one, maybe past `as`, `is` and an article (`make "heat" the
/// mode`), that a call can take (see [`decode_calls`]): (call, literal, name) each. The call is
/// that of the nearest tagged tool or value before the literal (after it, when none is before),
/// if its tool takes the argument and has no value named for it; else the literal stays prose.
pub(super) fn missed_values(
    tokens: &[Token],
    choices: &Choices,
    resolved: &[&str],
    named: &[(usize, usize, usize)],
    catalog: &Catalog,
) -> Vec<(usize, usize, usize)> {
    let untagged = |j: usize| tag_at(&choices.tags, j) == 0;
    let name_at = |j: usize| {
        (tokens[j].kind == TokenKind::Word && untagged(j)).then(|| tokens[j].text.as_str())
    };
    let call_at = |p: usize| call_of(tag_at(&choices.tags, p));
    let mut found: Vec<(usize, usize, usize)> = Vec::new();
    for i in 0..tokens.len() {
        if !untagged(i) || value_of(&tokens[i]).is_none() || tokens[i].kind == TokenKind::Word {
            continue;
        }
        // The name before it, maybe past `:` or `=` (`top_k 10`); else the name after it, past
        // at most two of `as`, `is` and an article (`make "heat" the mode`).
        let before = i.checked_sub(1).map(|j| match tokens[j].text.as_str() {
            ":" | "=" if j > 0 => j - 1,
            _ => j,
        });
        let after = (i + 1..tokens.len().min(i + 4))
            .find(|&j| !(AS_WORDS.contains(&tokens[j].text.as_str()) || tokens[j].text == "is"));
        let Some((j, arg)) = before
            .and_then(|j| Some((j, name_at(j)?)))
            .filter(|&(_, arg)| names_argument(catalog, arg))
            .or_else(|| {
                let j = after.filter(|&j| j - i <= 3)?;
                Some((j, name_at(j)?))
            })
        else {
            continue;
        };
        let open = |k: usize| {
            catalog
                .get(resolved[k])
                .is_some_and(|tool| tool.argument(arg).is_some())
                && !named
                    .iter()
                    .chain(found.iter())
                    .any(|&(c, _, n)| c == k && name_text(&tokens[n]) == Some(arg))
        };
        // The call of the nearest tagged token before the value, else after it.
        let nearest = (0..i)
            .rev()
            .filter_map(call_at)
            .find(|&k| k < resolved.len())
            .or_else(|| {
                (i + 1..tokens.len())
                    .filter_map(call_at)
                    .find(|&k| k < resolved.len())
            });
        if let Some(k) = nearest.filter(|&k| open(k)) {
            found.push((k, i, j));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::decode;
    use crate::decode::test_util::{choices, pointing, record};

    #[test]
    fn a_value_pulled_from_afar_onto_a_held_argument_gives_way_to_the_one_beside_it() {
        // get_weather "Oslo" for 3 days: both values point at `days`.
        let r = record(r#"get_weather "Oslo" for 3 days"#);
        let c = choices(&[1, 4, 0, 4, 0], &[None, Some(4), None, Some(4), None]);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["days"], 3);
        assert_eq!(plan.calls[0].args["city"], "Oslo");
        // A bare number or boolean pulled there takes nothing by elimination.
        let r = record(r#"list_users 7 with a limit of 4"#);
        let c = choices(
            &[1, 4, 0, 0, 0, 0, 4],
            &[None, Some(4), None, None, None, None, Some(4)],
        );
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"limit\" is given twice"
        );
        // Both beside their own `city`: the argument really is given twice.
        let r = record(r#"get_weather city "A" city "B""#);
        let c = choices(&[1, 0, 4, 0, 4], &[None, None, Some(1), None, Some(3)]);
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"city\" is given twice"
        );
    }

    #[test]
    fn one_value_said_twice_for_one_argument_is_one_argument() {
        // `(days 3 I mean)` repeats `days 3`: one argument.
        let r = record(r#"get_weather city "Oslo" days 3 (days 3 I mean)"#);
        let tags = [1, 0, 4, 0, 4, 0, 0, 4, 0, 0, 0];
        let c = choices(&tags, &pointing(11, &[(2, 1), (4, 3), (7, 6)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 1);
        assert_eq!(plan.calls[0].args["days"], 3);
        // Another value is another argument given twice.
        let r = record(r#"get_weather city "Oslo" days 3 (days 4 I mean)"#);
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"days\" is given twice"
        );
        // So is the same value when a tool-like name the catalog lacks may have its own call.
        let r = record(r#"get_weather city "Oslo" days 3 (fooBar days 3 I mean)"#);
        let tags = [1, 0, 4, 0, 4, 0, 0, 0, 4, 0, 0, 0];
        let c = choices(&tags, &pointing(12, &[(2, 1), (4, 3), (8, 7)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn identifier_shaped_words_are_names_not_english() {
        for name in ["RenderCluster", "get_user", "toString", "_x"] {
            assert!(identifier_shaped(name), "{name}");
        }
        for word in ["Oslo", "hello", "URL", "e-mail"] {
            assert!(!identifier_shaped(word), "{word}");
        }
    }

    #[test]
    fn an_untagged_literal_after_an_argument_name_is_a_value_of_the_call_before() {
        let r = record(r#"get_weather city "Oslo" days 3"#);
        let c = choices(&[1, 0, 4, 0, 0], &pointing(5, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["days"], 3);
        // The name of an argument the call's tool lacks leaves the number in the prose.
        let r = record(r#"get_weather city "Oslo" limit 3"#);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args.len(), 1);
        // Before the name, past an article.
        let r = record(r#"get_weather city "Oslo" and make 3 the days"#);
        let c = choices(&[1, 0, 4, 0, 0, 0, 0, 0], &pointing(8, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["days"], 3);
    }
}
