//! Decoding never panics and never answers a plan the checker refuses, whatever the network
//! reads: arbitrary instructions made of catalog names, argument names, cue words, literals and
//! punctuation, with arbitrary role tags, pointers, heads and tag scores.

use codemode_model::decode::{Choices, decode_checked};
use codemode_model::network::{STATUSES, TAGS};
use proptest::prelude::*;

/// Pieces of instructions: names of the catalog below, words the decoder's rules look at, and
/// literals of every kind.
const PIECES: &[&str] = &[
    "get_weather",
    "list_users",
    "send",
    "city",
    "days",
    "team",
    "limit",
    "to",
    "subject",
    "id",
    "name",
    "Name",
    "then",
    "next",
    "and",
    "as",
    "the",
    "its",
    "is",
    "if",
    "If",
    "unless",
    "only",
    "just",
    "not",
    "first",
    "last",
    "rows",
    "end",
    "Month",
    "-",
    "both",
    "each",
    "twice",
    "need",
    "want",
    "give",
    "make",
    "Step",
    "step",
    "simultaneously",
    "parallel",
    "same",
    "time",
    "fooBar",
    "thing",
    "with",
    "for",
    "of",
    "cols",
    "sum",
    "very",
    ".",
    ",",
    ":",
    ";",
    "=",
    "(",
    ")",
    "→",
    "+",
    "!",
    "?",
    "\"Oslo\"",
    "\"a@b.c\"",
    "\"\"",
    "3",
    "2",
    "10",
    "0",
    "-18",
    "2.5",
    "150",
    "true",
    "false",
    "five",
];

fn record(instruction: &str) -> Option<codemode_plan::Record> {
    let line = serde_json::json!({
        "instruction": instruction,
        "tools": [
            {"name": "get_weather", "arguments": {"city": "string", "days": "number"}, "required": ["city"], "returns": {"kind": "object", "properties": ["name"]}},
            {"name": "list_users", "arguments": {"team": "string", "limit": "number"}, "required": [], "returns": {"kind": "array", "properties": ["id", "name", "team"]}},
            {"name": "send", "arguments": {"to": "string", "subject": "string"}, "required": ["to"], "returns": {"kind": "text", "properties": []}}
        ]
    });
    codemode_plan::frontend::read_record(&line).ok()
}

/// A reading of the record's tokens, mostly plausible (a tool tag on a catalog name, a value tag
/// on a literal, a field tag on a property word, a pointer from a value to an argument name) and
/// sometimes anything, with arbitrary heads and maybe tag scores (for the close readings).
fn choices(r: &codemode_plan::Record) -> impl Strategy<Value = Choices> + use<> {
    let n = r.tokens.len();
    let kinds: Vec<u8> = r
        .tokens
        .iter()
        .map(|t| match t.text.as_str() {
            "get_weather" | "list_users" | "send" => 1,
            "city" | "days" | "team" | "limit" | "to" | "subject" => 2,
            "id" | "name" => 3,
            _ if t.value.is_some() => 4,
            _ => 0,
        })
        .collect();
    let names: Vec<usize> = (0..n).filter(|&i| kinds[i] == 2).collect();
    (
        prop::collection::vec((0u32..100, 0u32..1000), n),
        0usize..2,
        0usize..2,
        prop_oneof![4 => Just(0usize), 1 => 0..STATUSES.len()],
        prop::option::of(prop::collection::vec(-8.0f32..0.0, n * TAGS.len())),
        prop::collection::vec(any::<bool>(), n),
    )
        .prop_map(move |(draws, mode, output, status, logits, prose)| {
            let mut tags = Vec::with_capacity(n);
            let mut pointers = Vec::with_capacity(n);
            let mut current = 0usize;
            let mut seen = 0usize;
            for (i, &(p, q)) in draws.iter().enumerate() {
                // The call of the latest tool mention, most of the time.
                if kinds[i] == 1 {
                    current = seen.min(2);
                    seen += 1;
                }
                let call = if p < 85 { current } else { (q % 3) as usize };
                let named = names.iter().any(|&j| j < i && i - j <= 2);
                let tag = if p < 2 {
                    (q as usize) % TAGS.len()
                } else {
                    match kinds[i] {
                        1 => 1 + call,
                        3 if p < 60 => 7,
                        4 if p < 12 => 8,
                        4 if named || p > 85 => 4 + call,
                        _ => 0,
                    }
                };
                tags.push(tag);
                let before = names.iter().rev().find(|&&j| j < i).copied();
                pointers.push(match (before, names.len()) {
                    (_, 0) => None,
                    (Some(j), _) if p < 80 => Some(j),
                    (_, k) if p < 95 => Some(names[(q as usize / 3) % k]),
                    _ => Some((q as usize) % n),
                });
            }
            Choices {
                tags,
                pointers,
                mode,
                output,
                status,
                prose,
                tag_logits: logits.unwrap_or_default(),
                tag_sure: 0.9,
                status_sure: 0.9,
                head_sure: 0.9,
                heads_sure: 0.9,
                pointer_doubts: Vec::new(),
                shared: Vec::new(),
            }
        })
}

/// Calls as a person might write them (a tool, then arguments with values that fit), with
/// pieces of any kind around them.
fn instruction() -> impl Strategy<Value = String> {
    let argument = prop::sample::select(
        &[
            "city \"Oslo\"",
            "days 3",
            "days: 2",
            "team \"ops\"",
            "limit 10",
            "to \"a@b.c\"",
            "subject \"Hi\"",
            "city = \"Bergen\"",
        ][..],
    );
    let call = (
        prop::sample::select(&["get_weather", "list_users", "send"][..]),
        prop::collection::vec(argument, 0..3),
    )
        .prop_map(|(tool, args)| format!("{tool} {}", args.join(" ")));
    let filler = prop::collection::vec(prop::sample::select(PIECES), 0..6);
    (filler.clone(), prop::collection::vec((call, filler), 1..4)).prop_map(|(head, calls)| {
        let mut out = head.join(" ");
        for (call, tail) in calls {
            out = format!("{out} {call} {}", tail.join(" "));
        }
        out
    })
}

fn case() -> impl Strategy<Value = (codemode_plan::Record, Choices)> {
    prop_oneof![
        instruction(),
        prop::collection::vec(prop::sample::select(PIECES), 1..40).prop_map(|p| p.join(" ")),
    ]
    .prop_filter_map("the frontend refuses it", |text| record(&text))
    .prop_flat_map(|r| {
        let c = choices(&r);
        (Just(r), c)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20000, ..ProptestConfig::default() })]

    #[test]
    fn decoding_answers_a_checked_plan_or_a_diagnostic((r, c) in case()) {
        if let Ok(plan) = decode_checked(&r.tokens, &r.catalog, &c) {
            prop_assert!(codemode_plan::check::check(&plan, &r.catalog).is_ok(), "{plan:?}");
        }
    }
}
