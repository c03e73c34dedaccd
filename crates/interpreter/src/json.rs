//! Repairs JSON text from JavaScript's `JSON.stringify` so serde accepts it.
//!
//! JavaScript strings may hold lone surrogates; `JSON.stringify` writes them as `\uD800`-style
//! escapes, which are valid JSON text but not valid Unicode, and serde_json refuses them. Each lone
//! surrogate escape is replaced by `\uFFFD` (the replacement character), as `toWellFormed` does.

use std::borrow::Cow;

fn hex4(bytes: &[u8]) -> Option<u16> {
    let text = std::str::from_utf8(bytes.get(..4)?).ok()?;
    u16::from_str_radix(text, 16).ok()
}

fn is_high(unit: u16) -> bool {
    (0xD800..0xDC00).contains(&unit)
}

fn is_low(unit: u16) -> bool {
    (0xDC00..0xE000).contains(&unit)
}

/// The text with every lone surrogate escape replaced by `\uFFFD`.
pub fn repair_surrogates(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    if !bytes
        .windows(3)
        .any(|w| w[0] == b'\\' && w[1] == b'u' && (w[2] | 0x20) == b'd')
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        if bytes.get(i + 1) != Some(&b'u') {
            i += 2; // an escaped character such as `\\` or `\"`
            continue;
        }
        let Some(unit) = bytes.get(i + 2..).and_then(hex4) else {
            i += 2;
            continue;
        };
        if is_high(unit) {
            let next = bytes.get(i + 6..i + 8) == Some(b"\\u".as_slice());
            let low = if next {
                bytes.get(i + 8..).and_then(hex4)
            } else {
                None
            };
            if low.is_some_and(is_low) {
                i += 12;
                continue;
            }
        } else if !is_low(unit) {
            i += 6;
            continue;
        }
        out.push_str(&text[copied..i]);
        out.push_str("\\uFFFD");
        i += 6;
        copied = i;
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::repair_surrogates;

    #[test]
    fn lone_surrogates_become_replacement_characters_and_pairs_stay() {
        assert_eq!(
            repair_surrogates(r#"["\ud800","\udc00x","\ud83d\ude00"]"#),
            r#"["\uFFFD","\uFFFDx","\ud83d\ude00"]"#
        );
        assert_eq!(repair_surrogates(r#"{"\ud800":1}"#), r#"{"\uFFFD":1}"#);
    }

    #[test]
    fn escaped_backslashes_are_not_mistaken_for_escapes() {
        assert_eq!(repair_surrogates(r#"["\\ud800"]"#), r#"["\\ud800"]"#);
        assert_eq!(repair_surrogates(r#"["a\"b"]"#), r#"["a\"b"]"#);
    }

    #[test]
    fn a_high_surrogate_at_the_end_is_replaced() {
        assert_eq!(repair_surrogates(r#""\uD800""#), r#""\uFFFD""#);
    }
}
