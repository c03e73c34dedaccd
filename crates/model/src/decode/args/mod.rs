//! Placing values on arguments: a value whose pointer names an argument takes it (`named`),
//! every other value the argument a word form, a label or elimination gives it (`unnamed`), and
//! a value said for every call goes to each call that takes it.

use codemode_plan::{Catalog, Diagnostic, Token};
use serde_json::{Map, Value};

use crate::decode::Choices;
use crate::decode::text::value_of;
use crate::features::name_text;

mod named;
mod unnamed;

use named::{missed_values, place_named};
use unnamed::place_unnamed;

/// What placing the values of a reading reads: the record, the network's choices and the tool
/// of every call.
#[derive(Clone, Copy)]
struct Place<'a> {
    /// The tokens of the instruction.
    tokens: &'a [Token],
    /// The catalog.
    catalog: &'a Catalog,
    /// The network's choices.
    choices: &'a Choices,
    /// The tool of every call.
    resolved: &'a [&'a str],
}

/// The arguments of every call, from the values the tags read (`values`: (call, token) each):
/// first the values whose pointer names an argument, with the literals the network left
/// untagged beside an argument name (see [`place_named`]), then every other value (see
/// [`place_unnamed`]), then a value said for every call goes to the other calls too (see
/// [`share_said_for_every_call`]).
pub(super) fn place_arguments(
    tokens: &[Token],
    catalog: &Catalog,
    choices: &Choices,
    resolved: &[&str],
    values: Vec<(usize, usize)>,
) -> Result<Vec<Map<String, Value>>, Diagnostic> {
    let p = Place {
        tokens,
        catalog,
        choices,
        resolved,
    };
    let count = resolved.len();
    let mut values = values;
    let mut args: Vec<Map<String, Value>> = vec![Map::new(); count];
    // (call, value token, argument name token) of every value whose pointer names an argument,
    // and (call, value token, the name token it was displaced from) of every other value.
    let mut named: Vec<(usize, usize, usize)> = Vec::new();
    let mut unnamed: Vec<(usize, usize, Option<usize>)> = Vec::new();
    for &(k, i) in &values {
        match choices.pointers.get(i).copied().flatten() {
            Some(j) if tokens.get(j).and_then(name_text).is_some() => named.push((k, i, j)),
            _ => unnamed.push((k, i, None)),
        }
    }
    // A literal the network left untagged beside an argument name (`top_k 10`, `days: 3`, `make
    // "heat" the mode`) is a value of the nearest call, if its tool takes that argument and has
    // no value for it yet (`... text "sparse attention", top_k 10 \n vector_query: ...`).
    for (k, i, j) in missed_values(tokens, choices, resolved, &named, catalog) {
        named.push((k, i, j));
        values.push((k, i));
    }
    named.sort_unstable_by_key(|&(_, i, _)| i);
    values.sort_unstable_by_key(|&(_, i)| i);
    place_named(p, &named, &mut unnamed, &mut args)?;
    place_unnamed(p, unnamed, &mut args)?;
    share_said_for_every_call(p, &values, &mut args);
    Ok(args)
}

/// A value said once for several calls goes to every call that takes it (`days 3 for both`).
fn share_said_for_every_call(
    p: Place<'_>,
    values: &[(usize, usize)],
    args: &mut [Map<String, Value>],
) {
    let Place {
        tokens,
        catalog,
        choices,
        resolved,
    } = p;
    let count = resolved.len();
    // One value said once for several calls (`days 30 for both of them`, `both with date
    // "2024-09-30"`, `level "WARN" fuer beide`): the network gives it to one call, and it also
    // goes to every other call whose tool takes that argument and has no value for it. The
    // network's shared-value head says which values are; a network without it shares none.
    for &(k, i) in values {
        let every = choices.shared.get(i).is_some_and(|&p| p > 0.5);
        if count < 2 || !every {
            continue;
        }
        let Some(value) = value_of(&tokens[i]) else {
            continue;
        };
        let mut names = args[k].iter().filter(|(_, v)| **v == value).map(|(a, _)| a);
        let (Some(name), None) = (names.next(), names.next()) else {
            continue;
        };
        let name = name.clone();
        for m in (0..count).filter(|&m| m != k) {
            let takes = catalog
                .get(resolved[m])
                .and_then(|tool| tool.argument(&name))
                .is_some_and(|ty| ty.admits(&value));
            if takes && !args[m].contains_key(&name) {
                args[m].insert(name.clone(), value.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::decode::decode;
    use crate::decode::test_util::{choices, pointing, record};

    #[test]
    fn a_value_the_head_says_for_every_call_goes_to_each_that_takes_it() {
        // `shared`: the tokens the shared-value head marks as said for every call.
        let args = |text: &str, tags: &[usize], pointers: &[(usize, usize)], shared: &[usize]| {
            let r = record(text);
            let mut c = choices(tags, &pointing(tags.len(), pointers));
            c.shared = (0..tags.len())
                .map(|i| if shared.contains(&i) { 0.9 } else { 0.1 })
                .collect();
            decode(&r.tokens, &r.catalog, &c)
                .unwrap()
                .calls
                .into_iter()
                .map(|call| serde_json::Value::Object(call.args).to_string())
                .collect::<Vec<_>>()
        };
        // get_weather city "A" and get_weather city "B" , days 3 for both
        let text = r#"get_weather city "A" and get_weather city "B", days 3 for both"#;
        let tags = [1, 0, 4, 0, 2, 0, 5, 0, 0, 5, 0, 0];
        let pointers = [(2, 1), (6, 5), (9, 8)];
        assert_eq!(
            args(text, &tags, &pointers, &[9]),
            [r#"{"city":"A","days":3}"#, r#"{"city":"B","days":3}"#]
        );
        // get_weather city "A" and get_weather city "B" , tage 3 fuer beide: no English cue.
        let text = r#"get_weather city "A" and get_weather city "B", days 3 fuer beide"#;
        assert_eq!(
            args(text, &tags, &pointers, &[9]),
            [r#"{"city":"A","days":3}"#, r#"{"city":"B","days":3}"#]
        );
        // Unmarked, it stays with its call, whatever the words around it say.
        assert_eq!(
            args(text, &tags, &pointers, &[]),
            [r#"{"city":"A"}"#, r#"{"city":"B","days":3}"#]
        );
        let text = r#"get_weather city "A" and get_weather city "B", days 3 for both"#;
        assert_eq!(
            args(text, &tags, &pointers, &[]),
            [r#"{"city":"A"}"#, r#"{"city":"B","days":3}"#]
        );
        // A call whose tool lacks the argument does not take it.
        let text = r#"list_users team "x" and get_weather city "B", days 3 for both"#;
        assert_eq!(
            args(text, &tags, &pointers, &[9]),
            [r#"{"team":"x"}"#, r#"{"city":"B","days":3}"#]
        );
        // A network without the head (no `shared`) shares nothing.
        let r = record(r#"get_weather city "A" and get_weather city "B", days 3 for both"#);
        let c = choices(&tags, &pointing(tags.len(), &pointers));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert!(!plan.calls[0].args.contains_key("days"));
    }

    #[test]
    fn a_capitalised_label_and_a_name_beside_the_value_place_it() {
        // send to "a" , Subject : "hi" : the second value names no argument the network saw.
        let r = record(r#"send to "a", Subject: "hi""#);
        let c = choices(
            &[1, 0, 4, 0, 0, 0, 4],
            &[None, None, Some(1), None, None, None, None],
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["subject"], "hi");
        // get_weather to city "Oslo" : the pointer picked `to` (send's), `city` is beside it.
        let r = record(r#"get_weather to city "Oslo""#);
        let c = choices(&[1, 0, 0, 4], &[None, None, None, Some(1)]);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["city"], "Oslo");
        assert!(!plan.calls[0].args.contains_key("to"));
        // get_weather to "Oslo" as the city: the name after it, past `as the`.
        let r = record(r#"get_weather to "Oslo" as the city"#);
        let c = choices(&[1, 0, 4, 0, 0, 0], &pointing(6, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["city"], "Oslo");
        // A pointer at a name the tool has keeps it.
        let r = record(r#"get_weather city "Oslo" as the days"#);
        let c = choices(&[1, 0, 4, 0, 0, 0], &pointing(6, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["city"], "Oslo");
    }
}
