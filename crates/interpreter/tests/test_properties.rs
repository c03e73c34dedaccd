//! Properties of the log cutter and of the surrogate repair, over generated inputs.

use codemode_interpreter::json::repair_surrogates;
use codemode_interpreter::{LOG_CUT_MARKER, LogBuffer};
use proptest::prelude::*;

/// Escapes UTF-16 code units the way `JSON.stringify` does: lone surrogates as `\uXXXX`.
fn js_json_string(units: &[u16]) -> String {
    let mut out = String::from("\"");
    for chunk in char::decode_utf16(units.iter().copied()) {
        match chunk {
            Ok('"') => out.push_str("\\\""),
            Ok('\\') => out.push_str("\\\\"),
            Ok(c) if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            Ok(c) => out.push(c),
            Err(lone) => out.push_str(&format!("\\u{:04x}", lone.unpaired_surrogate())),
        }
    }
    out.push('"');
    out
}

proptest! {
    #[test]
    fn logs_never_exceed_the_budget_and_are_marked_exactly_when_cut(
        entries in proptest::collection::vec(".{0,40}", 0..30),
        budget in 0usize..200,
    ) {
        let mut logs = LogBuffer::new(budget);
        for entry in &entries {
            logs.push(entry);
        }
        let total: usize = entries.iter().map(|e| e.chars().count()).sum();
        let kept = logs.entries();
        let marked = kept.last().is_some_and(|l| l == LOG_CUT_MARKER);
        prop_assert_eq!(logs.is_truncated(), total > budget);
        prop_assert_eq!(marked, total > budget);
        let counted: usize = kept.iter().filter(|l| *l != LOG_CUT_MARKER).map(|l| l.chars().count()).sum();
        prop_assert!(counted <= budget);
        if total <= budget {
            prop_assert_eq!(kept, entries.as_slice());
        } else {
            prop_assert_eq!(counted, budget);
        }
    }

    #[test]
    fn repaired_json_from_any_utf16_string_parses_and_keeps_every_valid_character(
        units in proptest::collection::vec(prop_oneof![any::<u16>(), 0xD800u16..0xE000], 0..40),
    ) {
        let text = js_json_string(&units);
        let repaired = repair_surrogates(&text);
        let parsed: String = serde_json::from_str(&repaired).expect("repaired JSON parses");
        let expected: String = char::decode_utf16(units.iter().copied())
            .map(|c| c.unwrap_or('\u{fffd}'))
            .collect();
        prop_assert_eq!(parsed, expected);
    }
}
