//! The projection: which words read as fields a plan asks for. A projection word near a list
//! asks for it (`only the plan and email`); of several lists only those count; a plural reads as
//! its declared singular. The list itself is read in `list`.

use codemode_plan::Token;

use crate::decode::text::sentence_of;

mod list;

pub(super) use list::{field_list, field_text, unnamed_field};

/// A projection word near a field list asks for it (`only the plan and email`, `→ plan + email`).
///
/// Whether a word within four tokens before the first field or two after the last asks for a
/// projection: a limiting word (`only`, `just`, `keep`, `except`, `nothing else`), a noun for
/// fields (`fields`, `columns`, `keys`), a verb that picks or shows (`return`, `select`, `show`,
/// `include`, `drop`) or an arrow or plus between parts (`→ name + email`); not `just` or `only`
/// after `not` (`not just the count`), and only within the fields' own sentence (`... so I can see
/// the updated status. Only the final output is needed.` asks for no field).
fn asks_for_fields(tokens: &[Token], field_at: &[usize]) -> bool {
    let (Some(&first), Some(&last)) = (field_at.iter().min(), field_at.iter().max()) else {
        return false;
    };
    let start = first
        .saturating_sub(4)
        .max(sentence_of(tokens, first).start);
    let end = (last + 3).min(sentence_of(tokens, last).end);
    (start..end).any(|j| {
        PROJECTION_WORDS.contains(&tokens[j].text.to_ascii_lowercase().as_str())
            && !negated_limiter(tokens, j)
    })
}

/// Whether the word at `j` is `just` or `only` after `not` (`not just the name`, `not only the
/// count`), which asks for more fields, not fewer.
fn negated_limiter(tokens: &[Token], j: usize) -> bool {
    matches!(
        tokens[j].text.to_ascii_lowercase().as_str(),
        "just" | "only"
    ) && j
        .checked_sub(1)
        .is_some_and(|p| tokens[p].text.eq_ignore_ascii_case("not"))
}

/// How far apart two fields of one list may be, in tokens (see [`asked_groups`]).
const LIST_GAP: usize = 5;

/// Of several field lists, only those a projection word asks for (`only id, ..., a name for it`).
///
/// The fields of the lists a projection word stands beside (see [`asks_for_fields`]), when the
/// tagged fields make several lists (runs whose fields are at most [`LIST_GAP`] tokens apart:
/// `` `number` and `title` ``, `title as well as created_at`) and at least one has such a word
/// (not a wish such as `need`): a lone property word elsewhere is prose (`show pt_id, phone only -- first 3
/// rows, she has a common name`, `I need the values from budget sheet ... only the values
/// column`). Otherwise every tagged field.
pub(super) fn asked_groups(tokens: &[Token], field_at: Vec<usize>) -> Vec<usize> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in &field_at {
        match groups.last_mut() {
            Some(group) if group.last().is_some_and(|&p| p < i && i - p <= LIST_GAP) => {
                group.push(i)
            }
            _ => groups.push(vec![i]),
        }
    }
    if groups.len() < 2 {
        return field_at;
    }
    let asked: Vec<usize> = groups
        .iter()
        .filter(|g| asks_for_fields(tokens, g))
        .flatten()
        .copied()
        .collect();
    if asked.is_empty() { field_at } else { asked }
}

/// Words that ask for a projection near a field list (see [`asks_for_fields`]); not `want` or
/// `need`, which say what a person wants to do with a result as often (`I want to check the
/// license`, `need dob b/c the insurance rep is on line 2`).
const PROJECTION_WORDS: &[&str] = &[
    "only",
    "just",
    "keep",
    "field",
    "fields",
    "column",
    "columns",
    "property",
    "properties",
    "attribute",
    "attributes",
    "key",
    "keys",
    "show",
    "showing",
    "display",
    "return",
    "returning",
    "select",
    "project",
    "include",
    "pick",
    "pull",
    "narrow",
    "restrict",
    "trim",
    "strip",
    "except",
    "besides",
    "but",
    "apart",
    "care",
    "output",
    "reduce",
    "cut",
    "slim",
    "limit",
    "drop",
    "remove",
    "discard",
    "nothing",
    "else",
    "give",
    "→",
    "=>",
    "->",
    "+",
];

/// A plural field reads as its declared singular (`names` of `name`, `emails` of `email`).
///
/// The declared property that `field` is the English plural of (`emails` of `email`, `statuses`
/// of `status`, `replies` of `reply`), when `field` is not itself declared and exactly one
/// property fits: people ask for "their emails" or "the titles" of rows whose field is singular.
pub(super) fn plural_of<'a>(field: &str, properties: &'a [String]) -> Option<&'a str> {
    if properties.iter().any(|p| p == field) {
        return None;
    }
    let mut fits = properties.iter().filter(|p| {
        let p = p.as_str();
        field.strip_suffix('s') == Some(p)
            || field.strip_suffix("es") == Some(p)
            || (p.ends_with('y') && field.strip_suffix("ies") == p.strip_suffix('y'))
    });
    match (fits.next(), fits.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// Whether `properties` declare `field`, itself or as the plural of one of them.
pub(crate) fn declares(properties: &[String], field: &str) -> bool {
    properties.iter().any(|p| p == field) || plural_of(field, properties).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::decode;
    use crate::decode::test_util::{choices, pointing, record};

    #[test]
    fn fields_read_on_a_plan_that_cannot_take_them_stay_for_the_checker_to_refuse() {
        // Whatever words stand beside them, in English or not: the checker, not decoding, says
        // that a tool returning one record takes no projection.
        let tools = serde_json::json!([{"name": "get_user", "arguments": {"id": "string"}, "required": ["id"], "returns": {"kind": "object", "properties": ["plan", "email"]}}]);
        let fields = |text: &str, tags: &[usize]| {
            let r = crate::test_record(text, tools.clone());
            let mut pointers = vec![None; tags.len()];
            pointers[2] = Some(1);
            decode(&r.tokens, &r.catalog, &choices(tags, &pointers))
                .unwrap()
                .output
                .fields
        };
        let plan = Some(vec!["plan".to_owned()]);
        let both = Some(vec!["plan".to_owned(), "email".to_owned()]);
        let tags = [1, 0, 4, 0, 0, 0, 0, 7, 0, 0];
        assert_eq!(
            fields(
                r#"get_user id "u1" — customer says the plan is wrong"#,
                &tags
            ),
            plan
        );
        let tags = [1, 0, 4, 0, 0, 7, 0, 7];
        assert_eq!(
            fields(r#"get_user id "u1" — nomás plan y email"#, &tags),
            both
        );
        let tags = [1, 0, 4, 0, 0, 0, 7, 0, 7];
        assert_eq!(
            fields(r#"get_user id "u1" — only the plan and email"#, &tags),
            both
        );
        let tags = [1, 0, 4, 0, 7, 0, 7];
        assert_eq!(fields(r#"get_user id "u1" → plan + email"#, &tags), both);
    }

    #[test]
    fn a_projection_word_in_the_next_sentence_asks_for_no_list_before_it() {
        // Two lists: `Only` stands two words after the first, but in the next sentence, so only
        // the second list, which `show` asks for, is a projection.
        let r = record(
            r#"list_users team "red" to see the name. Only these, as I said: show id and name"#,
        );
        let tags = [1, 0, 4, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 7];
        let c = choices(&tags, &pointing(19, &[(2, 1)]));
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap().output.fields,
            Some(vec!["id".to_owned(), "name".to_owned()])
        );
    }

    #[test]
    fn a_wished_field_far_from_an_asked_list_is_prose() {
        let r = record(r#"I need the name from list_users team "red" - only the name column"#);
        let tags = [0, 0, 0, 7, 0, 1, 0, 4, 0, 0, 0, 7, 0];
        let c = choices(&tags, &pointing(13, &[(7, 6)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(
            plan.output.fields.as_deref(),
            Some(&["name".to_owned()][..])
        );
    }

    #[test]
    fn a_field_of_no_called_tool_on_several_calls_is_prose() {
        // get_weather city "A" , then send to "b" , only the name
        let r = record(r#"get_weather city "A", then send to "b", only the name"#);
        let c = choices(
            &[1, 0, 4, 0, 0, 2, 0, 5, 0, 0, 0, 7],
            &pointing(12, &[(2, 1), (7, 6)]),
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.output.fields, None);
        // A property of a called tool stays, for the checker to refuse.
        let r = record(r#"list_users team "x", then send to "b", only the name"#);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.fields, Some(vec!["name".to_owned()]));
    }

    #[test]
    fn a_plural_field_reads_as_its_declared_singular() {
        let r = record(r#"list_users team "x", only names and ids, first 5"#);
        let mut pointers = vec![None; 11];
        pointers[2] = Some(1);
        let c = choices(&[1, 0, 4, 0, 0, 7, 0, 7, 0, 0, 8], &pointers);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(
            plan.output.fields,
            Some(vec!["name".to_owned(), "id".to_owned()])
        );
    }

    #[test]
    fn plurals_map_only_to_one_undeclared_fit() {
        let props = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        let p = props(&["email", "status", "reply", "name"]);
        assert_eq!(plural_of("emails", &p), Some("email"));
        assert_eq!(plural_of("statuses", &p), Some("status"));
        assert_eq!(plural_of("replies", &p), Some("reply"));
        assert_eq!(plural_of("email", &p), None);
        assert_eq!(plural_of("phones", &p), None);
        // Declared as written: kept as written.
        assert_eq!(plural_of("names", &props(&["name", "names"])), None);
        // Two fits: left to the checker.
        assert_eq!(plural_of("aliases", &props(&["alias", "aliase"])), None);
    }
}
