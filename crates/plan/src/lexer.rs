//! The instruction lexer: what one token is.
//!
//! An instruction is split into tokens, skipping white space:
//!
//! - **string**: a JSON string literal, `"..."`, with every JSON escape decoded. A literal that is
//!   not valid JSON (an unknown escape, a raw control character, no closing quote) is a diagnostic.
//!   Its content is opaque: it is a value, never read as words.
//! - **number**: a JSON number (`-?int(.frac)?(e±exp)?`, no leading zeros) that is not glued to a
//!   word (`3rd`, `10x` and `1.2.3` are words). A leading `-` belongs to the number unless a word
//!   character stands right before it (`u-17` is `u`, `-`, `17`). A number that is not finite as a
//!   double, or that no double holds exactly, is a diagnostic.
//! - **boolean**: the words `true` and `false`, lowercase.
//! - **word**: a run of identifier characters (`ID_Continue`, `$`, `_`) that starts with one that
//!   may start an identifier, or with a digit (`3rd`); an apostrophe between letters stays inside
//!   (`don't`). A word that is a JavaScript identifier name may name a tool or an argument. Where
//!   a script written without spaces between words (Han, kana, Hangul, Thai, Lao, Khmer, Myanmar)
//!   meets other word characters, the word ends: `只要前5条` is `只要前`, `5`, `条`, and
//!   `list_users를` is `list_users`, `를`, so a number or a name written against such text stays a
//!   token of its own.
//! - **punctuation**: any other single character (`` ` ``, `(`, `:`, `,`, `—`, `“`, ...).
//!
//! An instruction may have at most [`MAX_TOKENS`] tokens; a longer one is diagnosed, never cut.

use serde_json::Value;

use crate::diagnostic::{Diagnostic, Problem};
use crate::ident;
use crate::json;

/// The most tokens an instruction may have.
pub const MAX_TOKENS: usize = 128;

/// English words for the whole numbers 0–20, at their number's index. They stay words to the
/// lexer; the planner's decoder reads one as a number where its network reads it as a value or
/// row limit, and the generator can write training numbers with them.
pub const NUMBER_WORDS: [&str; 21] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// What kind of token this is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// A JSON string literal.
    Str,
    /// A JSON number.
    Num,
    /// `true` or `false`.
    Bool,
    /// A word.
    Word,
    /// One punctuation character.
    Punct,
}

/// One token of an instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// Its kind.
    pub kind: TokenKind,
    /// Its text as written in the instruction (for a string, with quotes and escapes).
    pub text: String,
    /// Its byte range in the instruction.
    pub span: std::ops::Range<usize>,
    /// The JSON value of a string, number or boolean token.
    pub value: Option<Value>,
}

impl Token {
    /// Whether the token is a literal value (string, number or boolean).
    pub fn is_value(&self) -> bool {
        self.value.is_some()
    }

    /// Whether the token is a word that could name a tool or an argument.
    pub fn is_identifier_name(&self) -> bool {
        self.kind == TokenKind::Word && ident::is_identifier_name(&self.text)
    }
}

fn is_word_char(c: char) -> bool {
    ident::is_continue(c)
}

/// Whether `c` belongs to a script written without spaces between words, or one whose particles
/// are written against the word before them (Hangul): a run of these and a run of other word
/// characters are two words.
fn is_unspaced(c: char) -> bool {
    matches!(
        u32::from(c),
        0x0E00..=0x0EFF // Thai, Lao
            | 0x1000..=0x109F // Myanmar
            | 0x1100..=0x11FF // Hangul Jamo
            | 0x1780..=0x17FF // Khmer
            | 0x3040..=0x30FF // Hiragana, Katakana
            | 0x3130..=0x318F // Hangul compatibility Jamo
            | 0x31F0..=0x31FF // Katakana phonetic extensions
            | 0x3400..=0x4DBF // CJK extension A
            | 0x4E00..=0x9FFF // CJK unified ideographs
            | 0xAC00..=0xD7AF // Hangul syllables
            | 0xF900..=0xFAFF // CJK compatibility ideographs
            | 0xFF66..=0xFF9F // halfwidth Katakana
            | 0x20000..=0x3FFFF // CJK extensions B and later
    )
}

/// Splits an instruction into tokens, or names the first malformed literal.
///
/// The token limit is not applied here; see [`lex_limited`].
pub fn lex(text: &str) -> Result<Vec<Token>, Diagnostic> {
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut prev: Option<char> = None;
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            prev = Some(c);
            continue;
        }
        let rest = &text[start..];
        let (kind, len, value) = if c == '"' {
            let len = string_len(rest).map_err(|detail| malformed(text, start, detail))?;
            let value = decode_string(&rest[..len]).map_err(|d| malformed(text, start, d))?;
            (TokenKind::Str, len, Some(value))
        } else if c.is_ascii_digit()
            || (c == '-'
                && rest[1..].starts_with(|d: char| d.is_ascii_digit())
                && !prev.is_some_and(is_word_char))
        {
            number_or_word(rest)?
        } else if ident::is_start(c) {
            let len = word_len(rest);
            match &rest[..len] {
                "true" => (TokenKind::Bool, len, Some(Value::Bool(true))),
                "false" => (TokenKind::Bool, len, Some(Value::Bool(false))),
                _ => (TokenKind::Word, len, None),
            }
        } else {
            (TokenKind::Punct, c.len_utf8(), None)
        };
        let end = start + len;
        tokens.push(Token {
            kind,
            text: text[start..end].to_owned(),
            span: start..end,
            value,
        });
        while chars.peek().is_some_and(|&(at, _)| at < end) {
            prev = chars.next().map(|(_, c)| c);
        }
    }
    Ok(tokens)
}

/// Lexes an instruction and applies the token limit.
pub fn lex_limited(text: &str) -> Result<Vec<Token>, Diagnostic> {
    let tokens = lex(text)?;
    if tokens.len() > MAX_TOKENS {
        return Err(Diagnostic::new(
            "instruction",
            Problem::TooManyTokens {
                count: tokens.len(),
                limit: MAX_TOKENS,
            },
        ));
    }
    Ok(tokens)
}

fn malformed(text: &str, start: usize, detail: String) -> Diagnostic {
    let at = text[..start].chars().count() + 1;
    Diagnostic::new("instruction", Problem::MalformedString { at, detail })
}

/// The byte length of the string literal at the start of `rest`, quotes included.
fn string_len(rest: &str) -> Result<usize, String> {
    let mut escaped = false;
    for (at, c) in rest.char_indices().skip(1) {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '"' {
            return Ok(at + 1);
        } else if (c as u32) < 0x20 {
            return Err(format!(
                "raw control character U+{:04X}; write it as an escape",
                c as u32
            ));
        }
    }
    Err("no closing quote".to_owned())
}

fn decode_string(literal: &str) -> Result<Value, String> {
    let text = json::rewrite_lone_surrogates(literal).map_err(|e| e.to_string())?;
    let decoded: String = serde_json::from_str(&text).map_err(|e| {
        // serde_json reports a column in the literal; the literal's place is already named.
        let message = e.to_string();
        message
            .split(" at line ")
            .next()
            .unwrap_or(&message)
            .to_owned()
    })?;
    Ok(Value::String(decoded))
}

/// The byte length of a word: identifier characters, and apostrophes between letters, up to where
/// a script written without spaces meets another ([`is_unspaced`]).
fn word_len(rest: &str) -> usize {
    let mut len = 0;
    let mut unspaced = None;
    let mut chars = rest.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let inner_apostrophe = (c == '\'' || c == '\u{2019}')
            && at > 0
            && chars.peek().is_some_and(|&(_, n)| n.is_alphabetic());
        if is_word_char(c) || inner_apostrophe {
            let script = is_unspaced(c);
            if *unspaced.get_or_insert(script) != script {
                break;
            }
            len = at + c.len_utf8();
        } else {
            break;
        }
    }
    len
}

/// Lexes the number at the start of `rest`, or the word it is glued to.
fn number_or_word(rest: &str) -> Result<(TokenKind, usize, Option<Value>), Diagnostic> {
    let bytes = rest.as_bytes();
    let digits = |mut i: usize| {
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        i
    };
    let int_start = usize::from(bytes[0] == b'-');
    let mut end = digits(int_start);
    let leading_zero = bytes[int_start] == b'0' && end - int_start > 1;
    if bytes.get(end) == Some(&b'.') && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) {
        end = digits(end + 1);
    }
    if matches!(bytes.get(end), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(bytes.get(end + 1), Some(b'+' | b'-')));
        if bytes.get(end + 1 + sign).is_some_and(u8::is_ascii_digit) {
            end = digits(end + 1 + sign);
        }
    }
    let glued = rest[end..].chars().next().is_some_and(|c| {
        (is_word_char(c) && !is_unspaced(c))
            || (c == '.' && rest[end + 1..].starts_with(|d: char| d.is_alphanumeric()))
    });
    if glued || leading_zero {
        // `3rd`, `1.2.3`, `007`: one word, never a value.
        let mut len = end;
        loop {
            let more = if rest[len..].starts_with(is_unspaced) {
                0
            } else {
                word_len(&rest[len..])
            };
            if more > 0 {
                len += more;
            } else if rest[len..].starts_with('.')
                && rest[len + 1..].starts_with(|d: char| d.is_alphanumeric())
            {
                len += 1;
            } else {
                break;
            }
        }
        return Ok((TokenKind::Word, len, None));
    }
    let literal = &rest[..end];
    match json::exact_number(literal) {
        Ok(value) => Ok((
            TokenKind::Num,
            end,
            Some(Value::Number(json::number(value))),
        )),
        Err(json::NumberProblem::NotFinite) => Err(Diagnostic::new(
            "instruction",
            Problem::NumberNotFinite(literal.to_owned()),
        )),
        Err(json::NumberProblem::NotExact) => Err(Diagnostic::new(
            "instruction",
            Problem::NumberNotExact(literal.to_owned()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(TokenKind, String)> {
        lex(text)
            .unwrap()
            .into_iter()
            .map(|t| (t.kind, t.text))
            .collect()
    }

    #[test]
    fn a_plain_instruction_splits_into_words_values_and_punctuation() {
        use TokenKind::*;
        assert_eq!(
            kinds("Call `list_users` with team \"blue\", limit 5 and active true."),
            vec![
                (Word, "Call".into()),
                (Punct, "`".into()),
                (Word, "list_users".into()),
                (Punct, "`".into()),
                (Word, "with".into()),
                (Word, "team".into()),
                (Str, "\"blue\"".into()),
                (Punct, ",".into()),
                (Word, "limit".into()),
                (Num, "5".into()),
                (Word, "and".into()),
                (Word, "active".into()),
                (Bool, "true".into()),
                (Punct, ".".into()),
            ]
        );
    }

    #[test]
    fn numbers_glued_to_words_are_words() {
        use TokenKind::*;
        assert_eq!(kinds("3rd"), vec![(Word, "3rd".into())]);
        assert_eq!(
            kinds("v1.2.3"),
            vec![
                (Word, "v1".into()),
                (Punct, ".".into()),
                (Num, "2.3".into())
            ]
        );
        assert_eq!(kinds("1.2.3"), vec![(Word, "1.2.3".into())]);
        assert_eq!(kinds("007"), vec![(Word, "007".into())]);
        assert_eq!(kinds("don't"), vec![(Word, "don't".into())]);
        assert_eq!(
            kinds("u-17 x=-3 2.5."),
            vec![
                (Word, "u".into()),
                (Punct, "-".into()),
                (Num, "17".into()),
                (Word, "x".into()),
                (Punct, "=".into()),
                (Num, "-3".into()),
                (Num, "2.5".into()),
                (Punct, ".".into()),
            ]
        );
    }

    #[test]
    fn scripts_written_without_spaces_end_a_word_where_they_meet_others() {
        use TokenKind::*;
        assert_eq!(
            kinds("只要前5条"),
            vec![
                (Word, "只要前".into()),
                (Num, "5".into()),
                (Word, "条".into())
            ]
        );
        assert_eq!(
            kinds("和reply_review用list_users를"),
            vec![
                (Word, "和".into()),
                (Word, "reply_review".into()),
                (Word, "用".into()),
                (Word, "list_users".into()),
                (Word, "를".into()),
            ]
        );
        assert_eq!(
            kinds("最初の10件 5개만 เอา5อัน 3rd查询订单"),
            vec![
                (Word, "最初の".into()),
                (Num, "10".into()),
                (Word, "件".into()),
                (Num, "5".into()),
                (Word, "개만".into()),
                (Word, "เอา".into()),
                (Num, "5".into()),
                (Word, "อัน".into()),
                (Word, "3rd".into()),
                (Word, "查询订单".into()),
            ]
        );
        // Text in one script stays one word, whatever script it is.
        assert_eq!(kinds("查询订单"), vec![(Word, "查询订单".into())]);
        assert_eq!(kinds("café_menu"), vec![(Word, "café_menu".into())]);
    }

    #[test]
    fn string_escapes_are_decoded() {
        let tokens = lex(r#"say "a\"b\\c\u00e9\n""#).unwrap();
        assert_eq!(tokens[1].value, Some(Value::String("a\"b\\cé\n".into())));
    }

    #[test]
    fn malformed_literals_are_diagnosed() {
        assert_eq!(
            lex(r#"say "abc"#).unwrap_err().to_string(),
            "instruction: malformed string literal at character 5: no closing quote"
        );
        assert!(
            lex(r#"say "a\qb""#)
                .unwrap_err()
                .to_string()
                .contains("character 5")
        );
        assert_eq!(
            lex("n 9007199254740993").unwrap_err().to_string(),
            "instruction: the number 9007199254740993 does not survive the round trip through a double"
        );
        assert!(lex("n 1e400").is_err());
    }

    #[test]
    fn the_token_limit_is_diagnosed_not_cut() {
        let text = "word ".repeat(129);
        assert_eq!(
            lex_limited(&text).unwrap_err().to_string(),
            "instruction: 129 tokens, the limit is 128"
        );
        assert!(lex_limited(&"word ".repeat(128)).is_ok());
    }
}
