//! Values as written in an instruction: JSON string literals, JSON numbers and booleans.
//!
//! A value is generated as its literal text and then read back with the planner's own lexer, so
//! the label is exactly what the frontend decodes (escapes, lone surrogates and number forms
//! included).

use codemode_plan::{ArgType, lexer};
use serde_json::Value;

use crate::Gen;
use crate::vocab::Kind;

/// A literal: its text in the instruction and the JSON value it denotes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Lit {
    pub(crate) text: String,
    pub(crate) value: Value,
}

impl Lit {
    /// Reads `text` as exactly one literal token; `None` when it is not one.
    pub(crate) fn parse(text: &str) -> Option<Lit> {
        let tokens = lexer::lex(text).ok()?;
        match tokens.as_slice() {
            [token] => Some(Lit {
                text: text.to_owned(),
                value: token.value.clone()?,
            }),
            _ => None,
        }
    }

    /// A string literal for `content`, written with JSON escapes where needed.
    pub(crate) fn string(content: &str) -> Lit {
        Lit {
            text: serde_json::to_string(content).unwrap_or_default(),
            value: Value::String(content.to_owned()),
        }
    }
}

/// String contents that try to break whatever handles them, as literal text (escapes written out).
const HOSTILE: &[&str] = &[
    r#""say \"hi\" twice""#,
    r#""C:\\temp\\new""#,
    r#""</script><script>alert(1)</script>""#,
    r#""line\u2028break""#,
    r#""para\u2029graph""#,
    "\"raw\u{2028}separator\"",
    "\"🚀 launch day\"",
    "\"👍🏽 ok\"",
    r#""__proto__""#,
    r#""constructor""#,
    r#""${x}""#,
    r#""`${process.env.HOME}`""#,
    r#""\ud800""#,
    r#""a\udfffb""#,
    r#""\ud83d\ude00 smile""#,
    r#""then in parallel""#,
    r#""first 10 rows""#,
    r#""if it fails, retry then sort by name""#,
    r#""""#,
    r#""tab\there""#,
    r#""new\nline""#,
    r#""O'Brien""#,
    "\"naïve café\"",
    r#""\u0000nul""#,
    r#""{\"a\": 1}""#,
    r#""' OR 1=1 --""#,
    r#""   ""#,
    r#""\/slashed\/""#,
    "\"日本語のテキスト\"",
    r#""call list_users with team \"red\"""#,
    r#""5""#,
    r#""true""#,
    r#""null""#,
    r#""-0""#,
    r#""\\u2028 not an escape""#,
    r#""ends with backslash \\""#,
];

fn pick<'a>(g: &mut Gen, items: &[&'a str]) -> &'a str {
    items[g.below(items.len())]
}

fn realistic(g: &mut Gen, kind: Kind) -> String {
    match kind {
        Kind::Person => pick(
            g,
            &[
                "lee",
                "Ada Lovelace",
                "mgarcia",
                "Priya",
                "o'neil",
                "J. Smith",
                "sam",
                "Zoë",
                "Ngozi",
                "chen.wei",
                "Bob",
                "alice",
                "dev-bot",
            ],
        )
        .to_owned(),
        Kind::Place => pick(
            g,
            &[
                "Oslo",
                "Hobart",
                "New York",
                "São Paulo",
                "Tokyo",
                "Lagos",
                "Berlin",
                "eu-west-1",
                "Reykjavík",
                "Austin, TX",
                "Cape Town",
                "us-east-2",
            ],
        )
        .to_owned(),
        Kind::Email => pick(
            g,
            &[
                "ops@example.com",
                "all@corp.com",
                "lee@example.org",
                "billing+eu@shop.io",
                "noreply@acme.dev",
                "ceo@startup.ai",
            ],
        )
        .to_owned(),
        Kind::Ident => {
            let prefix = pick(g, &["u-", "id_", "", "T", "ord-", "usr_", "0x"]);
            format!("{prefix}{}", g.range(1, 99999))
        }
        Kind::Team => pick(
            g,
            &[
                "blue",
                "ops",
                "platform",
                "red",
                "growth",
                "infra",
                "payments",
                "#general",
                "sre-oncall",
                "Design",
            ],
        )
        .to_owned(),
        Kind::Phrase => pick(
            g,
            &[
                "retry backoff",
                "Offsite",
                "Access",
                "Quarterly numbers",
                "Login broken on Safari",
                "hello world",
                "Re: your invoice",
                "memory leak in worker",
                "Please review",
                "launch checklist",
                "TODO: fix flaky test",
                "How do I reset my password?",
                "Weekly sync moved to 3pm",
            ],
        )
        .to_owned(),
        Kind::Path => pick(
            g,
            &[
                "o/r",
                "acme/web",
                "src/main.rs",
                "/var/log/syslog",
                "docs/README.md",
                "torvalds/linux",
                "./build.sh",
            ],
        )
        .to_owned(),
        Kind::Host => pick(
            g,
            &[
                "db1",
                "db2",
                "web-03",
                "10.0.0.7",
                "api.example.com",
                "localhost",
                "cache-eu",
            ],
        )
        .to_owned(),
        Kind::Url => pick(
            g,
            &[
                "https://example.com",
                "https://api.acme.dev/v1/health",
                "http://localhost:8080/",
                "https://status.io/?q=a&b=c",
            ],
        )
        .to_owned(),
        Kind::Date => pick(
            g,
            &[
                "2024-01-31",
                "yesterday",
                "2023-12-01T09:00:00Z",
                "last week",
                "Mon",
                "Q3",
            ],
        )
        .to_owned(),
        Kind::Code => pick(
            g,
            &[
                "main",
                "open",
                "closed",
                "v1.2.3",
                "EUR",
                "en-US",
                "P1",
                "SKU-991",
                "hotfix/42",
                "pending",
                "urgent",
            ],
        )
        .to_owned(),
        Kind::Order => pick(g, &["asc", "desc", "newest", "oldest"]).to_owned(),
        _ => "x".to_owned(),
    }
}

/// A number literal of the given kind, exactly representable.
fn number(g: &mut Gen, kind: Kind) -> String {
    match kind {
        Kind::Small => g.range(0, 31).to_string(),
        Kind::Count => {
            pick(g, &["5", "10", "20", "25", "50", "100", "3", "7", "0", "1"]).to_owned()
        }
        Kind::Big => g.range(100, 100_000).to_string(),
        Kind::Money => pick(
            g,
            &[
                "19.99", "2.5", "0.75", "1000", "12.5", "3.14", "99.95", "1e3", "2.5e2",
            ],
        )
        .to_owned(),
        Kind::Signed => {
            pick(g, &["-3", "-10", "4", "-0.5", "0", "-1e2", "-273.15", "12"]).to_owned()
        }
        Kind::Ratio => pick(
            g,
            &[
                "0.5", "0.9", "1", "0.25", "2.5e-3", "1E-2", "4.5", "0.1", "6.02e23", "1E+2",
            ],
        )
        .to_owned(),
        _ => g.range(0, 1000).to_string(),
    }
}

/// A literal for an argument of `kind`: realistic most of the time, hostile some of the time.
pub(crate) fn value(g: &mut Gen, kind: Kind) -> Lit {
    match kind.ty() {
        ArgType::Boolean => Lit::parse(if g.chance(0.5) { "true" } else { "false" }),
        ArgType::Number => {
            let text = if g.chance(0.06) {
                pick(
                    g,
                    &["9007199254740991", "-42", "1.5e-7", "0.001", "123456789"],
                )
                .to_owned()
            } else {
                number(g, kind)
            };
            let word = g.number_word(&text);
            Lit::parse(&text).map(|lit| match word {
                Some(word) => Lit {
                    text: word.to_owned(),
                    value: lit.value,
                },
                None => lit,
            })
        }
        ArgType::String => {
            if g.chance(0.12) {
                Lit::parse(pick(g, HOSTILE))
            } else {
                Some(Lit::string(&realistic(g, kind)))
            }
        }
    }
    .unwrap_or_else(|| Lit::string("x"))
}

/// A literal of the wrong type for `ty` (a quoted number, a bare number for a string, ...).
pub(crate) fn wrong_value(g: &mut Gen, ty: ArgType) -> Lit {
    let text = match ty {
        ArgType::Number => pick(
            g,
            &["\"5\"", "\"10\"", "\"3.5\"", "true", "\"twenty\"", "\"-1\""],
        ),
        ArgType::String => pick(g, &["5", "42", "true", "false", "3.5", "-7"]),
        ArgType::Boolean => pick(g, &["\"true\"", "\"false\"", "1", "0", "\"yes\""]),
    };
    Lit::parse(text).unwrap_or_else(|| Lit::string("x"))
}

/// The value type a literal has.
pub(crate) fn type_of(value: &Value) -> Option<ArgType> {
    match value {
        Value::String(_) => Some(ArgType::String),
        Value::Number(_) => Some(ArgType::Number),
        Value::Bool(_) => Some(ArgType::Boolean),
        _ => None,
    }
}
