//! A field list: the projected fields read from the tokens the network tagged as fields, the
//! untagged declared properties the list goes on or back to (`only id and name`, `id and name
//! only`), and an undeclared word that ends it (`only id and phone`).

use codemode_plan::{Catalog, Token, TokenKind};

use super::declares;
use crate::decode::rows::ROW_NOUNS;
use crate::decode::text::value_of;
use crate::features::name_text;

/// Words that join the fields of a list (`id, name and email`, `title, then the status`).
const FIELD_JOINS: &[&str] = &[
    ",", "and", "&", "then", "plus", "the", "its", "their", "/", "+",
];

/// A field list goes on and back past untagged properties (`only id and name`, `id and name only`).
///
/// The projected fields of a plan of one call, read from the tokens the network tagged as fields
/// (`at`): a declared property that the list goes on to without a tag (`keep id, title, status
/// and assignee`, `the title, then the status, then the id`), or that it starts from (`item and
/// price only`), is one of them too; a tagged word for rows (`first 5 rows`) that is no declared
/// property is the row limit's noun, not a field;
/// and fields stay in the order they are written. A field tagged twice stays twice, for the
/// checker to refuse: a second mention is as often a sort key (`only date and high, sorted by
/// high`) as a repetition.
pub(in crate::decode) fn field_list(
    tokens: &[Token],
    at: &[usize],
    properties: &[String],
) -> Vec<String> {
    let declared = |t: &Token| t.kind == TokenKind::Word && declares(properties, &t.text);
    // A word opening a sentence (`Headline and filed_at only`) may be a property capitalised.
    let opening = |k: usize| {
        k == 0
            || (tokens[k - 1].kind == TokenKind::Punct
                && matches!(
                    tokens[k - 1].text.as_str(),
                    "." | "!" | "?" | ";" | "—" | "-"
                ))
    };
    let capitalised = |k: usize| {
        let t = &tokens[k];
        let mut letters = t.text.chars();
        let lower = match letters.next() {
            Some(c) if c.is_ascii_uppercase() => {
                c.to_ascii_lowercase().to_string() + letters.as_str()
            }
            _ => return None,
        };
        (t.kind == TokenKind::Word && opening(k) && properties.contains(&lower)).then_some(lower)
    };
    let mut spelt: Vec<(usize, String)> = Vec::new();
    let mut chosen: Vec<usize> = Vec::new();
    for &i in at {
        let word = tokens[i].text.to_lowercase();
        let rows = ROW_NOUNS.contains(&word.as_str());
        if rows && !declared(&tokens[i]) {
            continue;
        }
        chosen.push(i);
        // The list goes on past an untagged declared property after a joining word or two.
        let mut j = i + 1;
        loop {
            let mut k = j;
            while k < tokens.len() && k < j + 3 && FIELD_JOINS.contains(&tokens[k].text.as_str()) {
                k += 1;
            }
            // A property that labels a value next (`and the status should be "open"`) is an
            // argument, not a field.
            let labels = tokens.get(k + 1).is_some_and(|t| {
                value_of(t).is_some()
                    || matches!(
                        t.text.as_str(),
                        ":" | "=" | "is" | "should" | "equals" | "to" | "set" | "of" | "as"
                    )
            });
            if k == j || k >= tokens.len() || !declared(&tokens[k]) || labels {
                break;
            }
            chosen.push(k);
            j = k + 1;
        }
        // And back, before its first field, past an untagged declared property a joining word
        // or two before it (`item and price only`, `stop + eta`).
        let mut j = i;
        loop {
            let mut k = j;
            while k > 0 && k + 3 > j && FIELD_JOINS.contains(&tokens[k - 1].text.as_str()) {
                k -= 1;
            }
            if k == j || k == 0 || chosen.contains(&(k - 1)) {
                break;
            }
            if !declared(&tokens[k - 1]) {
                if let Some(property) = capitalised(k - 1) {
                    spelt.push((k - 1, property));
                    chosen.push(k - 1);
                }
                break;
            }
            chosen.push(k - 1);
            j = k - 1;
        }
    }
    chosen.sort_unstable();
    chosen.dedup();
    chosen
        .into_iter()
        .map(|i| match spelt.iter().find(|(k, _)| *k == i) {
            Some((_, property)) => property.clone(),
            None => field_text(&tokens[i]),
        })
        .collect()
}

/// The field a token tagged as one names (a word, or a quoted string's value).
pub(in crate::decode) fn field_text(token: &Token) -> String {
    name_text(token).unwrap_or_default().to_owned()
}

/// Nouns for fields that end a list of them (`id, name, phone cols`).
const COLUMN_WORDS: &[&str] = &["field", "fields", "column", "columns", "col", "cols"];

/// An undeclared word ending a field list is a field the tool lacks (`only id and phone`).
///
/// A word joined by `and` to the end of a list of projected fields without being a declared
/// property, as `phone` in `only id and phone`: the user asked for a field the tool lacks.
pub(in crate::decode) fn unnamed_field<'a>(
    tokens: &'a [Token],
    tags: &[usize],
    catalog: &Catalog,
) -> Option<&'a str> {
    let last = tags.iter().rposition(|&t| t == 7)?;
    let sep = tokens.get(last + 1)?;
    // `and`/`&`, or a comma in a list that has one between its fields already and that a word for
    // columns ends (`territory_id, name, quota cols`): after a lone comma a word is as likely to
    // be prose (`just the email, thanks`).
    let comma_list = sep.text == ","
        && last >= 2
        && tags[last - 2] == 7
        && tokens[last - 1].text == ","
        && tokens
            .get(last + 3)
            .is_some_and(|t| COLUMN_WORDS.contains(&t.text.as_str()));
    if !(sep.text == "and" || sep.text == "&" || comma_list) {
        return None;
    }
    let word = tokens.get(last + 2).filter(|t| t.kind == TokenKind::Word)?;
    let declared = catalog
        .tools
        .iter()
        .any(|t| t.returns.properties.contains(&word.text));
    let ends = tokens.get(last + 3).is_none_or(|t| {
        COLUMN_WORDS.contains(&t.text.as_str())
            || matches!(
                t.text.as_str(),
                "." | ","
                    | ";"
                    | "!"
                    | "?"
                    | ")"
                    | "for"
                    | "per"
                    | "please"
                    | "pls"
                    | "plz"
                    | "thanks"
                    | "thx"
                    | "only"
                    | "so"
                    | "because"
                    | "since"
                    | "-"
                    | "—"
                    | "–"
            )
    });
    (ends && !declared && catalog.get(&word.text).is_none() && tags.get(last + 2) == Some(&0))
        .then_some(word.text.as_str())
}

#[cfg(test)]
mod tests {
    use crate::decode::decode;
    use crate::decode::test_util::{choices, pointing, record};

    #[test]
    fn a_field_list_ending_in_an_undeclared_name_is_diagnosed() {
        let r = record(r#"list_users team "x", only id and phone"#);
        // list_users team "x" , only id and phone
        let c = choices(
            &[1, 0, 4, 0, 0, 7, 0, 0],
            &[None, None, Some(1), None, None, None, None, None],
        );
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "output.fields: \"phone\" is not a declared property of list_users"
        );
        // A list ends at a closing word as well as at punctuation (`... so i can ring them`).
        for end in ["so", "pls", "only", "—"] {
            let r = record(&format!(
                r#"list_users team "x", just id and phone {end} now"#
            ));
            let mut tags = vec![1, 0, 4, 0, 0, 7, 0, 0, 0, 0];
            tags.truncate(r.tokens.len());
            let c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
            assert!(
                decode(&r.tokens, &r.catalog, &c).is_err(),
                "{end}: {:?}",
                r.tokens
            );
        }
        // Any other word after it keeps it prose: `id and phone numbers` could be anything.
        let r = record(r#"list_users team "x", just id and phone numbers"#);
        let c = choices(&[1, 0, 4, 0, 0, 7, 0, 0, 0], &pointing(9, &[(2, 1)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_ok());
        // A comma list that a word for columns ends: `id, name, phone cols`.
        let r = record(r#"list_users team "x" -- id, name, phone cols"#);
        let tags = [1, 0, 4, 0, 0, 7, 0, 7, 0, 0, 0];
        let c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
        // After a lone comma the word stays prose: `just the name, phone me later`.
        let r = record(r#"list_users team "x" -- just the name, phone cols"#);
        let tags = [1, 0, 4, 0, 0, 0, 0, 7, 0, 0, 0];
        let c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_ok());
    }

    #[test]
    fn a_field_list_goes_on_past_an_untagged_property_and_rows_are_no_field() {
        // list_users team "x" , only id and name : the network tagged only `id`.
        let r = record(r#"list_users team "x", only id and name"#);
        let c = choices(
            &[1, 0, 4, 0, 0, 7, 0, 0],
            &[None, None, Some(1), None, None, None, None, None],
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(
            plan.output.fields,
            Some(vec!["id".to_owned(), "name".to_owned()])
        );
        // list_users team "x" id and name only: the network tagged only `name`; the list goes
        // back to `id`, in the order written.
        let r = record(r#"list_users team "x" id and name only"#);
        let c = choices(&[1, 0, 4, 0, 0, 7, 0], &pointing(7, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(
            plan.output.fields,
            Some(vec!["id".to_owned(), "name".to_owned()])
        );
        // A property word far from the list a projection word asks for is prose.
        let text = r#"list_users team "x" only id , 5 rows , we have a name for it"#;
        let r = record(text);
        let mut tags = vec![0; r.tokens.len()];
        (tags[0], tags[2], tags[4], tags[6], tags[12]) = (1, 4, 7, 8, 7);
        let c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.fields, Some(vec!["id".to_owned()]));
        // With no projection word near either, both stay.
        let r = record(r#"list_users team "x" id , 5 rows , we have a name for it"#);
        let mut tags = vec![0; r.tokens.len()];
        (tags[0], tags[2], tags[3], tags[5], tags[11]) = (1, 4, 7, 8, 7);
        let c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.fields.map(|f| f.len()), Some(2));
        // list_users team "x" , first 5 rows : `rows` tagged as a field is the limit's noun.
        let r = record(r#"list_users team "x", first 5 rows"#);
        let c = choices(
            &[1, 0, 4, 0, 0, 8, 7],
            &[None, None, Some(1), None, None, None, None],
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.fields, None);
        assert_eq!(plan.output.limit, Some(5.into()));
    }

    #[test]
    fn a_field_list_goes_back_to_a_capitalised_property_opening_a_sentence() {
        let r = record(r#"list_users team "red". Name and id only"#);
        let tags = [1, 0, 4, 0, 0, 0, 7, 0];
        let c = choices(&tags, &pointing(8, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(
            plan.output.fields.as_deref(),
            Some(&["name".to_owned(), "id".to_owned()][..])
        );
        // Inside a sentence a capital is another word.
        let r = record(r#"list_users team "red", Name and id only"#);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.fields.as_deref(), Some(&["id".to_owned()][..]));
    }
}
