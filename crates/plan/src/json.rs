//! JSON at the edges: reading lines that may hold lone surrogates, writing JSON that is also safe
//! JavaScript source, and the exactness rule for numbers.
//!
//! JavaScript strings are sequences of UTF-16 code units and may hold a lone surrogate such as
//! `"\ud800"`; Rust strings cannot. So that such a value survives from a record or a plan to the
//! tool that receives it, [`parse`] rewrites every lone surrogate escape to one code point of the
//! last 2,048 of plane 16 (U+10F800 + the surrogate's offset from U+D800) before `serde_json` sees
//! the text, and [`to_string`] writes those code points back as `\uXXXX` escapes. Input that holds
//! one of those 2,048 code points itself is refused ([`JsonError::ReservedCodePoint`]), so the
//! mapping stays one-to-one.
//!
//! [`to_string`] also escapes U+2028 and U+2029, so that its output can be embedded in JavaScript
//! source as a string or object literal.

use std::borrow::Cow;
use std::io;

use serde::Serialize;
use serde_json::ser::Formatter;

/// The first code point that stands for a lone surrogate (U+D800).
const SURROGATE_BASE: u32 = 0x10_F800;

/// What can go wrong when reading JSON text.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum JsonError {
    /// The text holds a code point reserved for lone surrogates.
    #[error("the code point U+{0:X} is not accepted (U+10F800..U+10FFFF are reserved)")]
    ReservedCodePoint(u32),
    /// `serde_json` refused the text.
    #[error("not valid JSON: {0}")]
    Syntax(String),
}

/// The code point that stands for the lone surrogate `unit` (U+D800..=U+DFFF) inside this crate.
fn surrogate_char(unit: u32) -> char {
    char::from_u32(SURROGATE_BASE + (unit - 0xD800)).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The lone surrogate a reserved code point stands for, if it is one.
pub fn lone_surrogate_of(c: char) -> Option<u16> {
    let code = c as u32;
    (code >= SURROGATE_BASE).then(|| (code - SURROGATE_BASE + 0xD800) as u16)
}

fn hex4(bytes: &[u8]) -> Option<u32> {
    let text = std::str::from_utf8(bytes.get(..4)?).ok()?;
    if !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(text, 16).ok()
}

/// Rewrites lone surrogate escapes inside JSON strings of `text` to their reserved code points.
///
/// Text outside strings is left alone; malformed escapes are left for `serde_json` to report.
pub fn rewrite_lone_surrogates(text: &str) -> Result<Cow<'_, str>, JsonError> {
    if let Some(c) = text.chars().find(|&c| c as u32 >= SURROGATE_BASE) {
        return Err(JsonError::ReservedCodePoint(c as u32));
    }
    if !text.contains("\\u") && !text.contains("\\U") {
        return Ok(Cow::Borrowed(text));
    }
    let bytes = text.as_bytes();
    let mut out: Option<String> = None;
    let mut copied = 0; // bytes of `text` already accounted for in `out`
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !in_string {
            in_string = b == b'"';
            i += 1;
            continue;
        }
        match b {
            b'"' => {
                in_string = false;
                i += 1;
            }
            b'\\' if bytes.get(i + 1) == Some(&b'u') => {
                let Some(unit) = hex4(&bytes[i + 2..]) else {
                    i += 2;
                    continue;
                };
                let len = if (0xD800..0xDC00).contains(&unit) {
                    // A high surrogate: paired when a low surrogate escape follows.
                    let next = bytes.get(i + 6..i + 8) == Some(b"\\u");
                    match hex4(bytes.get(i + 8..).unwrap_or_default()) {
                        Some(low) if next && (0xDC00..0xE000).contains(&low) => {
                            let code = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                            if code >= SURROGATE_BASE {
                                return Err(JsonError::ReservedCodePoint(code));
                            }
                            i += 12;
                            continue;
                        }
                        _ => 6,
                    }
                } else if (0xDC00..0xE000).contains(&unit) {
                    6
                } else {
                    i += 6;
                    continue;
                };
                let buf = out.get_or_insert_with(|| String::with_capacity(text.len()));
                buf.push_str(&text[copied..i]);
                buf.push(surrogate_char(unit));
                i += len;
                copied = i;
            }
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    Ok(match out {
        Some(mut buf) => {
            buf.push_str(&text[copied..]);
            Cow::Owned(buf)
        }
        None => Cow::Borrowed(text),
    })
}

/// Parses JSON text into a value, keeping lone surrogates (see the module docs).
pub fn parse(text: &str) -> Result<serde_json::Value, JsonError> {
    let text = rewrite_lone_surrogates(text)?;
    serde_json::from_str(&text).map_err(|e| JsonError::Syntax(e.to_string()))
}

/// A `serde_json` formatter that escapes U+2028, U+2029 and reserved code points.
struct SafeFormatter;

impl Formatter for SafeFormatter {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut start = 0;
        for (at, c) in fragment.char_indices() {
            let escaped = match c {
                '\u{2028}' => 0x2028,
                '\u{2029}' => 0x2029,
                _ => match lone_surrogate_of(c) {
                    Some(unit) => u32::from(unit),
                    None => continue,
                },
            };
            writer.write_all(&fragment.as_bytes()[start..at])?;
            write!(writer, "\\u{escaped:04x}")?;
            start = at + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }
}

/// Writes a value as compact JSON that is also safe to embed in JavaScript source.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::with_capacity(128);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, SafeFormatter);
    // Serializing our own types and `serde_json::Value` into memory cannot fail: every map key is
    // a string and nothing does I/O.
    if value.serialize(&mut ser).is_err() {
        return "null".to_owned();
    }
    String::from_utf8(out).unwrap_or_default()
}

/// Writes a string as a JSON string literal that is also a safe JavaScript string literal.
pub fn quote(text: &str) -> String {
    to_string(text)
}

/// Why a JSON number was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberProblem {
    /// It is not a finite double (`1e400`).
    NotFinite,
    /// It names a value that no double holds exactly (`9007199254740993`).
    NotExact,
}

/// A decimal as sign, significant digits (no leading or trailing zeros) and the exponent of the
/// last digit.
fn normalize(text: &str) -> Option<(bool, String, i64)> {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], rest[at + 1..].parse::<i64>().ok()?),
        None => (rest, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut digits: String = int.chars().chain(frac.chars()).collect();
    let mut exp = exponent - frac.len() as i64;
    while digits.ends_with('0') {
        digits.pop();
        exp += 1;
    }
    let digits = digits.trim_start_matches('0').to_owned();
    if digits.is_empty() {
        return Some((false, String::new(), 0));
    }
    Some((negative, digits, exp))
}

/// Reads a JSON number that must survive the round trip through an IEEE double exactly: the
/// decimal it writes must be the one the nearest double prints as (`0.1` is fine,
/// `0.1000000000000000055511151231257827` and `9007199254740993` are not).
pub fn exact_number(text: &str) -> Result<f64, NumberProblem> {
    let value: f64 = text.parse().map_err(|_| NumberProblem::NotFinite)?;
    if !value.is_finite() {
        return Err(NumberProblem::NotFinite);
    }
    let shortest = format!("{value:e}");
    match (normalize(text), normalize(&shortest)) {
        (Some(a), Some(b)) if a == b => Ok(value),
        _ => Err(NumberProblem::NotExact),
    }
}

/// A `serde_json::Number` for a finite double: an integer when it is a safe integer.
pub fn number(value: f64) -> serde_json::Number {
    const SAFE: f64 = 9_007_199_254_740_991.0;
    if value.fract() == 0.0 && value.abs() <= SAFE && !(value == 0.0 && value.is_sign_negative()) {
        serde_json::Number::from(value as i64)
    } else {
        serde_json::Number::from_f64(value).unwrap_or_else(|| serde_json::Number::from(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogates_survive_a_round_trip() {
        let text = r#"{"a":"x\ud800y","b":"\udc00","pair":"\ud83d\ude00","esc":"\\ud800"}"#;
        let value = parse(text).unwrap();
        assert_eq!(
            to_string(&value),
            r#"{"a":"x\ud800y","b":"\udc00","pair":"😀","esc":"\\ud800"}"#
        );
    }

    #[test]
    fn reserved_code_points_are_refused() {
        assert_eq!(
            parse("\"\u{10F900}\""),
            Err(JsonError::ReservedCodePoint(0x10F900))
        );
        assert!(matches!(
            parse(r#""\udbfe\udc00""#),
            Err(JsonError::ReservedCodePoint(_))
        ));
    }

    #[test]
    fn line_separators_are_escaped() {
        assert_eq!(quote("a\u{2028}b\u{2029}"), r#""a\u2028b\u2029""#);
    }

    #[test]
    fn numbers_must_be_exact() {
        assert_eq!(exact_number("0.1"), Ok(0.1));
        assert_eq!(exact_number("1.50"), Ok(1.5));
        assert_eq!(exact_number("1e2"), Ok(100.0));
        assert_eq!(exact_number("-0"), Ok(-0.0));
        assert_eq!(exact_number("9007199254740992"), Ok(9007199254740992.0));
        assert_eq!(
            exact_number("9007199254740993"),
            Err(NumberProblem::NotExact)
        );
        assert_eq!(
            exact_number("0.1000000000000000055511151231257827"),
            Err(NumberProblem::NotExact)
        );
        assert_eq!(exact_number("1e400"), Err(NumberProblem::NotFinite));
        assert_eq!(exact_number("1e-400"), Err(NumberProblem::NotExact));
    }
}
