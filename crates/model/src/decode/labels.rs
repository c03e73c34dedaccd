//! Labels and argument names: the word that names the argument of a value written beside it,
//! in label syntax (`lang: "ar"`, `"ar" as the lang`), in plain style (`severity 1`) or as a
//! noun (`a timeout of 2`), and the words that stand before a value without labelling it.

use codemode_plan::{Catalog, Token, TokenKind};

use crate::decode::Choices;
use crate::features::name_text;

/// Whether `text` is an argument name of some tool of the catalog.
pub(super) fn names_argument(catalog: &Catalog, text: &str) -> bool {
    catalog
        .tools
        .iter()
        .any(|tool| tool.argument(text).is_some())
}

/// A value's label in label syntax names its argument (`lang: "ar"`, `"ar" as the lang`).
///
/// The name that labels the value at `i` in label syntax, if any: `name: v`, `name = v`,
/// `"name": v` (JSON), or `v as name` / `v as the name`.
pub(super) fn label_of(tokens: &[Token], i: usize) -> Option<&str> {
    let is = |j: usize, text: &str| tokens.get(j).is_some_and(|t| t.text == text);
    if i >= 2 && (is(i - 1, ":") || is(i - 1, "=")) {
        let t = &tokens[i - 2];
        if t.kind == TokenKind::Word || t.kind == TokenKind::Str {
            return name_text(t);
        }
    }
    if is(i + 1, "as") {
        let j = if is(i + 2, "the") || is(i + 2, "its") {
            i + 3
        } else {
            i + 2
        };
        return tokens
            .get(j)
            .filter(|t| t.kind == TokenKind::Word)
            .map(|t| t.text.as_str());
    }
    None
}

/// An unknown word right before a value is its label (`severity 1`).
///
/// The word right before the value at `i` when it reads as the value's label in plain style
/// (`severity 1`): a word outside the prose vocabulary that names no catalog tool. Prose words
/// (`for "Hobart"`, `titled "X"`) and tool mentions (`get_weather "Oslo"`) are no labels.
pub(super) fn plain_label<'a>(
    tokens: &'a [Token],
    i: usize,
    catalog: &Catalog,
    choices: &Choices,
) -> Option<&'a str> {
    let before = tokens.get(i.checked_sub(1)?)?;
    // A connective that is some other tool's argument (`to` of send_email, in `send_slack to
    // channel ...`) reads as a name to the network, but labels nothing here.
    if is_connective(&before.text.to_lowercase()) {
        return None;
    }
    let known = choices.prose.get(i - 1).copied().unwrap_or(true);
    (before.kind == TokenKind::Word && !known && catalog.get(&before.text).is_none())
        .then_some(before.text.as_str())
}

/// Words that may stand right before a value that names no argument without labelling it:
/// prepositions, articles, pronouns and conjunctions (`get_weather for "Hobart"`, `resize it to
/// 200`), the verbs of a request (`fetch "AAPL" with get_stock_price`) and the word forms of
/// arguments (`tagged "urgent"`, `due "2026-03-31"`, `matching "kafka"`).
#[rustfmt::skip]
const NOT_LABELS: &[&str] = &[
    "a", "about", "above", "across", "after", "again", "against", "all", "also", "an", "and",
    "any", "are", "around", "as", "at", "back", "be", "been", "before", "below", "between", "both",
    "but", "by", "concerning", "down", "each", "either", "else", "even", "every", "for", "from",
    "her", "here", "his", "in", "inside", "into", "is", "it", "its", "just", "like", "me", "more",
    "my", "near", "new", "next", "now", "of", "off", "on", "once", "one", "only", "onto", "or",
    "our", "out", "over", "per", "please", "pls", "plus", "re", "regarding", "same", "say", "says",
    "so", "some", "than", "that", "the", "their", "them", "then", "there", "these", "this",
    "those", "through", "to", "too", "toward", "towards", "under", "up", "upon", "us", "via", "w",
    "was", "were", "what", "whose", "with", "within", "without", "you", "your",
    // verbs of a request
    "add", "archive", "ask", "assign", "book", "call", "cancel", "change", "check", "close",
    "convert", "copy", "create", "delete", "deploy", "do", "download", "email", "execute", "fetch",
    "find", "fire", "follow", "get", "give", "grab", "hit", "invite", "invoke", "kick", "list",
    "load", "look", "lookup", "make", "move", "notify", "open", "ping", "poke", "post", "publish",
    "pull", "put", "query", "read", "remove", "rename", "reserve", "resize", "restart", "retrieve",
    "run", "schedule", "search", "send", "set", "show", "start", "stop", "tell", "translate",
    "trigger", "try", "unfollow", "update", "upload", "use", "using", "write",
    // word forms of arguments that share no stem with the name
    "assigned", "called", "commented", "departing", "described", "due", "labeled", "labelled",
    "located", "matching", "named", "priced", "searching", "starting", "tagged", "titled",
    "written",
    // words for the tool itself (`the render_lead endpoint "P1"`)
    "action", "api", "command", "endpoint", "function", "helper", "job", "method", "operation",
    "script", "service", "tool", "utility",
];

/// Whether `lower` (a lowercase word) is one of [`NOT_LABELS`].
fn is_connective(lower: &str) -> bool {
    NOT_LABELS.contains(&lower)
}

/// A content noun before a value is its label (`with a timeout of 2`, `the language is "fr"`).
///
/// The content word that labels the value at `i` in plain style when it is no argument: the word
/// right before it (`language "fr"`, `timeout 5`), or the word before `of`, `is` or `equals`
/// there (`a timeout of 5`, `the language is "fr"`). A word of [`NOT_LABELS`], a tool's name and
/// anything but a word are no labels: there the value may still fill the only argument it fits.
pub(super) fn noun_label<'a>(tokens: &'a [Token], i: usize, catalog: &Catalog) -> Option<&'a str> {
    let word = |j: usize| {
        tokens
            .get(j)
            .filter(|t| t.kind == TokenKind::Word && catalog.get(&t.text).is_none())
    };
    // A misspelt connective (`usng`) is the connective, as the network reads it.
    let content = |t: &&Token| {
        let lower = t.text.to_lowercase();
        !is_connective(&lower)
            && !NOT_LABELS
                .iter()
                .any(|w| w.len() >= 4 && crate::features::one_edit(w, &lower))
    };
    let before = word(i.checked_sub(1)?)?;
    if matches!(before.text.to_lowercase().as_str(), "of" | "is" | "equals") {
        return word(i.checked_sub(2)?)
            .filter(content)
            .map(|t| t.text.as_str());
    }
    Some(before).filter(content).map(|t| t.text.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::decode;
    use crate::decode::test_util::{choices, pointing, record};

    #[test]
    fn an_argument_name_is_one_some_tool_of_the_catalog_takes() {
        let r = record(r#"list_users **limit:** 8080 and the 3 users"#);
        assert!(names_argument(&r.catalog, "city"));
        assert!(names_argument(&r.catalog, "limit"));
        // `name` is a property of list_users, no argument of any tool.
        assert!(!names_argument(&r.catalog, "name"));
    }

    #[test]
    fn a_labelled_value_whose_label_is_no_argument_is_diagnosed_not_guessed() {
        let r = record(r#"get_weather(city: "Cairo", lang: "ar")"#);
        // get_weather ( city : "Cairo" , lang : "ar" )
        let c = choices(
            &[1, 0, 0, 0, 4, 0, 0, 0, 4, 0],
            &[
                None,
                None,
                None,
                None,
                Some(2),
                None,
                None,
                None,
                None,
                None,
            ],
        );
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"lang\" is not in the schema of get_weather"
        );
    }

    #[test]
    fn a_value_labelled_as_a_name_after_it_is_that_names() {
        let r = record(r#"get_weather city "Cairo", "ar" as the lang"#);
        // get_weather city "Cairo" , "ar" as the lang
        assert_eq!(label_of(&r.tokens, 4), Some("lang"));
        assert_eq!(label_of(&r.tokens, 2), None);
        let c = choices(&[1, 0, 4, 0, 4, 0, 0, 0], &pointing(8, &[(2, 1)]));
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"lang\" is not in the schema of get_weather"
        );
        // `lang: "ar"` and `lang = "ar"` label it too.
        let r = record(r#"get_weather lang = "ar""#);
        assert_eq!(label_of(&r.tokens, 3), Some("lang"));
    }

    #[test]
    fn a_value_after_an_unknown_word_is_that_words_not_the_only_open_argument() {
        // get_weather city "Oslo" severity 1: `severity` is no prose word and no argument.
        let r = record(r#"get_weather city "Oslo" severity 1"#);
        let mut c = choices(&[1, 0, 4, 0, 4], &[None, None, Some(1), None, None]);
        c.prose = vec![false, false, false, false, false];
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"severity\" is not in the schema of get_weather"
        );
        // A noun the network knows as prose labels the value just the same.
        c.prose[3] = true;
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"severity\" is not in the schema of get_weather"
        );
    }

    #[test]
    fn a_value_after_a_noun_is_that_nouns_and_after_a_connective_fills_the_open_argument() {
        let unknown = |text: &str, tags: &[usize]| {
            let r = record(text);
            let mut pointers = vec![None; tags.len()];
            pointers[2] = Some(1);
            let c = choices(tags, &pointers);
            decode(&r.tokens, &r.catalog, &c).map_err(|d| d.to_string())
        };
        // get_weather city "Oslo" with a timeout of 2
        assert_eq!(
            unknown(
                r#"get_weather city "Oslo" with a timeout of 2"#,
                &[1, 0, 4, 0, 0, 0, 0, 4]
            ),
            Err("call 1: argument \"timeout\" is not in the schema of get_weather".to_owned())
        );
        // get_weather city "Oslo" , the language is "fr"
        assert_eq!(
            unknown(
                r#"get_weather city "Oslo", the language is "fr""#,
                &[1, 0, 4, 0, 0, 0, 0, 4]
            ),
            Err("call 1: argument \"language\" is not in the schema of get_weather".to_owned())
        );
        // get_weather city "Oslo" for 2 / usng 2 / the endpoint then DAYS 2: no labels.
        for text in [
            r#"get_weather city "Oslo" for 2"#,
            r#"get_weather city "Oslo" usng 2"#,
        ] {
            let plan = unknown(text, &[1, 0, 4, 0, 4]).unwrap();
            assert_eq!(plan.calls[0].args["days"], 2, "{text}");
        }
        let plan = unknown(r#"get_weather city "Oslo" DAYS 2"#, &[1, 0, 4, 0, 4]).unwrap();
        assert_eq!(plan.calls[0].args["days"], 2);
    }
}
