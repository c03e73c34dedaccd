//! Values whose pointer names no argument, or that gave way to another value: a numbered list's
//! marker, a number in the prose and a quotation are no values; a comparison with a property is
//! a filter; a labelled value takes its label's argument or is a diagnostic; any other value
//! takes the argument a word form before it names, or the only open argument it fits.

use codemode_plan::{Diagnostic, Problem, TokenKind};
use serde_json::{Map, Value};

use super::Place;
use crate::decode::given_twice;
use crate::decode::labels::{label_of, names_argument, noun_label, plain_label};
use crate::decode::no_plan;
use crate::decode::prose::{list_marker, prose_count, prose_measure};
use crate::decode::structure::{compared_property, unsupported};
use crate::decode::text::value_of;
use crate::features::name_text;

/// Places the values that name no argument (`unnamed`: (call, value, the name it was displaced
/// from) each). A value takes the argument a word just before it is a form of (`titled "X"` →
/// `title`, `close_ticket "T-7", commented "dup"`), or else the only argument of its call's tool
/// that it can fill (`get_weather for "Hobart"`); anything less certain is a diagnostic.
pub(super) fn place_unnamed(
    p: Place<'_>,
    unnamed: Vec<(usize, usize, Option<usize>)>,
    args: &mut [Map<String, Value>],
) -> Result<(), Diagnostic> {
    let Place {
        tokens,
        catalog,
        choices,
        resolved,
    } = p;
    let mut unnamed = unnamed;
    // Values after a word form are placed first (each group in the order they are written), so
    // that elimination sees what they leave:
    // `close_ticket "T-7", commented "dup"` gives `comment` to "dup", then `id` to "T-7".
    unnamed.sort_by_cached_key(|&(k, i, _)| (fits(p, args, k, i).1.len() != 1, i));
    for (k, i, displaced) in unnamed {
        // `1. Tool: approve_invoice 2. invoice_id: "INV-7"`: a numbered list's marker is no value.
        if displaced.is_none() && list_marker(tokens, i) {
            continue;
        }
        let value = value_of(&tokens[i]).unwrap_or(Value::Null);
        // `where arr is over 100000`: a comparison with a declared property of the call's tool
        // that is none of its arguments filters the results.
        if catalog
            .get(resolved[k])
            .is_some_and(|tool| compared_property(tokens, i, tool))
        {
            return Err(unsupported("filter"));
        }
        // A number no open argument of its call can take, written as a measure (`(should be
        // -18°C)`, `40%`) or after a capitalised name in mid-sentence (`Pursuant to Local Civil
        // Rule 5.2, e-file ...`), is a number in the prose, not a value for an argument the
        // tool lacks.
        if tokens[i].kind == TokenKind::Num
            && fits(p, args, k, i).0.is_empty()
            && prose_measure(tokens, i, catalog)
        {
            continue;
        }
        // A value written as `lang: "ar"`, `"ar" as lang`, `severity 1` (a word the network does
        // not know as prose, right before the value) or `language "fr"` (a noun, known or not)
        // names an argument the tool lacks: that is the checker's diagnostic, not a guess.
        let label = label_of(tokens, i)
            .or_else(|| plain_label(tokens, i, catalog, choices))
            .or_else(|| noun_label(tokens, i, catalog));
        if let Some(label) = label
            && let Some(tool) = catalog.get(resolved[k])
        {
            if !tool.arguments.iter().any(|(a, _)| {
                a.eq_ignore_ascii_case(label) || crate::features::is_form_of(label, a)
            }) {
                return Err(Diagnostic::new(
                    format!("call {}", k + 1),
                    Problem::UnknownArgument {
                        tool: resolved[k].to_owned(),
                        argument: label.to_owned(),
                    },
                ));
            }
            // A label in other capitals (`Body: "..."` at the start of a sentence) names the
            // open argument it spells.
            if let Some((name, _)) = tool.arguments.iter().find(|(a, ty)| {
                a.eq_ignore_ascii_case(label)
                    && ty.admits(&value)
                    && !args[k].contains_key(a.as_str())
            }) {
                args[k].insert(name.clone(), value);
                continue;
            }
        }
        let (open, stemmed) = fits(p, args, k, i);
        // A displaced value that is no quoted string (`true`, `4`) and no word form's takes no
        // argument by elimination: that is too weak against the pointer it had.
        // One the argument it pointed at cannot take (`Please help to do 2 thing. First,
        // get_purchase_order for po_id "PO-7"`, where `po_id` is a string) is a number in the
        // prose, written before a word that is no name.
        if let Some(j) = displaced
            && tokens[i].kind == TokenKind::Num
            && prose_count(tokens, i, catalog)
            && catalog
                .get(resolved[k])
                .and_then(|tool| tool.argument(name_text(&tokens[j]).unwrap_or_default()))
                .is_some_and(|ty| !ty.admits(&value))
        {
            continue;
        }
        if let Some(j) = displaced
            && stemmed.len() != 1
            && tokens[i].kind != TokenKind::Str
        {
            return Err(given_twice(k, name_text(&tokens[j]).unwrap_or_default()));
        }
        let open = if stemmed.len() == 1 { stemmed } else { open };
        match open.as_slice() {
            [only] => {
                args[k].insert((*only).to_owned(), value);
            }
            // A quoted string pulled from afar to a name another value has beside it, with no
            // argument left that it could fill and no argument name just before it, is a
            // quotation in the prose (`She says she's a "loyal repeat buyer" ... get_customer
            // email "jana@x.com"`; not `the vendor should be "blue"`).
            [] if displaced.is_some()
                && tokens[i].kind == TokenKind::Str
                && !tokens[i.saturating_sub(3)..i]
                    .iter()
                    .any(|t| names_argument(catalog, &t.text)) => {}
            _ => {
                return Err(no_plan(
                    format!("call {}", k + 1),
                    format!("the value {} names no argument", tokens[i].text),
                ));
            }
        }
    }
    Ok(())
}

/// The open arguments of call `k` that the value at `i` fits, and those of them a word just
/// before it is a form of (`commented "dup"` for `comment`).
fn fits<'a>(
    p: Place<'a>,
    args: &[Map<String, Value>],
    k: usize,
    i: usize,
) -> (Vec<&'a str>, Vec<&'a str>) {
    let Place {
        tokens,
        catalog,
        resolved,
        ..
    } = p;
    let value = value_of(&tokens[i]).unwrap_or(Value::Null);
    let open: Vec<&str> = catalog
        .get(resolved[k])
        .map(|tool| {
            tool.arguments
                .iter()
                .filter(|(name, ty)| ty.admits(&value) && !args[k].contains_key(name))
                .map(|(name, _)| name.as_str())
                .collect()
        })
        .unwrap_or_default();
    let stemmed: Vec<&str> = tokens[i.saturating_sub(2)..i]
        .iter()
        .filter(|t| t.kind == TokenKind::Word)
        .flat_map(|t| {
            open.iter()
                .copied()
                .filter(|arg| crate::features::is_form_of(&t.text, arg))
        })
        .collect();
    (open, stemmed)
}

#[cfg(test)]
mod tests {
    use crate::decode::decode;
    use crate::decode::test_util::{choices, pointing, record};

    #[test]
    fn a_value_without_a_named_argument_fills_the_only_one_it_fits() {
        let r = record(r#"get_weather for "Hobart""#);
        let c = choices(&[1, 0, 4], &[None, None, None]);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["city"], "Hobart");
        // Two string arguments could take it: no guess.
        let r = record(r#"send for "blue""#);
        let c = choices(&[1, 0, 4], &[None, None, None]);
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: the value \"blue\" names no argument"
        );
    }

    #[test]
    fn a_value_after_a_word_form_is_placed_before_elimination_runs() {
        let r = crate::test_record(
            r#"close_ticket "T-7", commented "dup""#,
            serde_json::json!([{"name": "close_ticket", "arguments": {"id": "string", "comment": "string"}, "required": ["id"], "returns": {"kind": "text", "properties": []}}]),
        );
        // close_ticket "T-7" , commented "dup": neither value names its argument.
        let c = choices(&[1, 4, 0, 0, 4], &[None; 5]);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["comment"], "dup");
        assert_eq!(plan.calls[0].args["id"], "T-7");
    }

    #[test]
    fn a_quotation_pulled_to_a_taken_argument_is_prose() {
        // "good one" points at city, which "Oslo" has beside it: a quotation.
        let r = record(r#"she wants a "good one" so get_weather city "Oslo""#);
        let tags = [0, 0, 0, 4, 0, 1, 0, 4];
        let c = choices(&tags, &pointing(8, &[(3, 6), (7, 6)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args.len(), 1);
        assert_eq!(plan.calls[0].args["city"], "Oslo");
        // After an argument's name it was meant as a value, and stays a diagnostic.
        let r = record(r#"the city is "Bergen" so get_weather city "Oslo""#);
        let tags = [0, 0, 0, 4, 0, 1, 0, 4];
        let c = choices(&tags, &pointing(8, &[(3, 6), (7, 6)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
    }
}
