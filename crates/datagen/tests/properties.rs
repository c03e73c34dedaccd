//! Properties every generated example keeps: spans line up with lexer tokens, positive plans pass
//! the frontend and the checker, negatives are what they claim, output is reproducible.
#![allow(clippy::unwrap_used)] // Tests: a failed unwrap is a failed test.

use codemode_datagen::{Example, Expected, Role, Split, Unsupported, generate, write_jsonl};
use codemode_plan::{check, frontend, lexer};

/// 4,000 examples per split; `DATAGEN_SAMPLE=200000 cargo test --release` checks more.
fn sample(split: Split) -> Vec<Example> {
    let count = std::env::var("DATAGEN_SAMPLE")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(4_000);
    generate(20_260_101, count, split)
}

#[test]
fn every_span_is_exactly_one_token() {
    for split in [Split::Train, Split::Test] {
        for ex in sample(split) {
            let tokens = match lexer::lex(&ex.instruction) {
                Ok(tokens) => tokens,
                Err(_) => {
                    assert!(ex.meta.spans.is_empty(), "{}", ex.to_json_line());
                    continue;
                }
            };
            for span in &ex.meta.spans {
                let hits = tokens
                    .iter()
                    .filter(|t| t.span.start == span.start && t.span.end == span.end)
                    .count();
                assert_eq!(hits, 1, "span {span:?} in {}", ex.to_json_line());
                match span.role {
                    Role::Tool => assert!(span.call.is_some() && span.arg.is_none()),
                    Role::Value | Role::Argname => {
                        assert!(span.call.is_some() && span.arg.is_some())
                    }
                    Role::Field | Role::Limit => assert!(span.call.is_none()),
                }
            }
            let mut starts: Vec<usize> = ex.meta.spans.iter().map(|s| s.start).collect();
            starts.dedup();
            assert_eq!(starts.len(), ex.meta.spans.len(), "{}", ex.to_json_line());
        }
    }
}

#[test]
fn positives_pass_the_frontend_and_the_checker_and_match_their_spans() {
    for split in [Split::Train, Split::Test] {
        for ex in sample(split) {
            let Expected::Plan(plan) = &ex.expected else {
                continue;
            };
            assert!(ex.meta.unsupported.is_none());
            let record = frontend::read_record(&ex.record())
                .unwrap_or_else(|d| panic!("{d}: {}", ex.to_json_line()));
            check::check(plan, &record.catalog)
                .unwrap_or_else(|d| panic!("{d}: {}", ex.to_json_line()));
            // Every value of the plan is labeled once, with its call and argument, and the
            // labeled literal denotes exactly the plan's value.
            let mut labeled = 0;
            for span in ex.meta.spans.iter().filter(|s| s.role == Role::Value) {
                let call = &plan.calls[span.call.unwrap() - 1];
                let arg = span.arg.as_deref().unwrap();
                let token = record
                    .tokens
                    .iter()
                    .find(|t| t.span.start == span.start)
                    .unwrap();
                assert_eq!(
                    token.value.as_ref(),
                    call.args.get(arg),
                    "{}",
                    ex.to_json_line()
                );
                labeled += 1;
            }
            let total: usize = plan.calls.iter().map(|c| c.args.len()).sum();
            assert_eq!(labeled, total, "{}", ex.to_json_line());
            // Arguments are in the order their values are written.
            for (k, call) in plan.calls.iter().enumerate() {
                let written: Vec<&str> = ex
                    .meta
                    .spans
                    .iter()
                    .filter(|s| s.role == Role::Value && s.call == Some(k + 1))
                    .map(|s| s.arg.as_deref().unwrap())
                    .collect();
                let planned: Vec<&str> = call.args.keys().map(String::as_str).collect();
                assert_eq!(written, planned, "{}", ex.to_json_line());
            }
            // Tool mentions name their call's tool; calls 1.. each start with one unless a
            // shared mention covers them.
            for span in ex.meta.spans.iter().filter(|s| s.role == Role::Tool) {
                let call = &plan.calls[span.call.unwrap() - 1];
                assert_eq!(&ex.instruction[span.start..span.end], call.tool);
            }
            let fields: Vec<&str> = ex
                .meta
                .spans
                .iter()
                .filter(|s| s.role == Role::Field)
                .map(|s| &ex.instruction[s.start..s.end])
                .collect();
            let want: Vec<&str> = plan
                .output
                .fields
                .iter()
                .flatten()
                .map(String::as_str)
                .collect();
            assert_eq!(fields, want, "{}", ex.to_json_line());
            let limits = ex
                .meta
                .spans
                .iter()
                .filter(|s| s.role == Role::Limit)
                .count();
            assert_eq!(limits, usize::from(plan.output.limit.is_some()));
        }
    }
}

#[test]
fn negatives_are_what_they_claim() {
    for split in [Split::Train, Split::Test] {
        for ex in sample(split) {
            if ex.expected != Expected::Diagnostic {
                continue;
            }
            let class = ex.meta.unsupported.expect("a negative names its class");
            let read = frontend::read_record(&ex.record());
            match class {
                Unsupported::Record => {
                    assert!(read.is_err(), "{}", ex.to_json_line());
                }
                Unsupported::Checker => {
                    let record = read.unwrap_or_else(|d| panic!("{d}: {}", ex.to_json_line()));
                    let plan = ex.refused_plan.as_ref().unwrap();
                    assert!(check::check(plan, &record.catalog).is_err());
                }
                _ => {
                    read.unwrap_or_else(|d| panic!("{d}: {}", ex.to_json_line()));
                }
            }
        }
    }
}

#[test]
fn instructions_keep_the_token_limit() {
    for split in [Split::Train, Split::Test] {
        for ex in sample(split) {
            if ex.meta.template == "record:too_many_tokens" {
                assert!(lexer::lex(&ex.instruction).unwrap().len() > lexer::MAX_TOKENS);
            } else if let Ok(tokens) = lexer::lex(&ex.instruction) {
                assert!(tokens.len() <= lexer::MAX_TOKENS, "{}", ex.instruction);
            }
        }
    }
}

#[test]
fn output_is_reproducible_and_seeds_differ() {
    let mut a = Vec::new();
    let mut b = Vec::new();
    write_jsonl(&mut a, 99, 500, Split::Test).unwrap();
    write_jsonl(&mut b, 99, 500, Split::Test).unwrap();
    assert_eq!(a, b);
    let mut c = Vec::new();
    write_jsonl(&mut c, 100, 500, Split::Test).unwrap();
    assert_ne!(a, c);
    let lines: Vec<String> = generate(99, 500, Split::Test)
        .iter()
        .map(|e| e.to_json_line() + "\n")
        .collect();
    assert_eq!(lines.concat().into_bytes(), a);
}

#[test]
fn lines_are_single_json_objects_with_the_documented_keys() {
    for ex in generate(5, 300, Split::Train) {
        let line = ex.to_json_line();
        assert!(!line.contains('\n') && !line.contains('\u{2028}'));
        let value = codemode_plan::json::parse(&line).unwrap();
        let keys: Vec<&str> = value
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, ["instruction", "tools", "expected", "meta"]);
        let meta = value["meta"].as_object().unwrap();
        assert!(meta.contains_key("unsupported") && meta.contains_key("spans"));
    }
}

#[test]
fn test_names_never_appear_in_training_catalogs_beyond_the_shared_hazards() {
    use std::collections::HashSet;
    let names = |split| -> HashSet<String> {
        generate(3, 3_000, split)
            .iter()
            .filter(|e| e.meta.unsupported != Some(Unsupported::Record))
            .flat_map(|e| {
                e.tools
                    .as_array()
                    .unwrap()
                    .iter()
                    .flat_map(|t| {
                        let mut v = vec![t["name"].as_str().unwrap().to_owned()];
                        v.extend(t["arguments"].as_object().unwrap().keys().cloned());
                        v
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let train = names(Split::Train);
    let test = names(Split::Test);
    let allowed = codemode_datagen::shared_names();
    let shared: Vec<&String> = train
        .intersection(&test)
        .filter(|n| !allowed.contains(&n.as_str()))
        .collect();
    assert!(shared.is_empty(), "{shared:?}");
    assert!(train.len() > 300 && test.len() > 300);
}

#[test]
fn every_class_and_family_shows_up() {
    let examples = generate(11, 6_000, Split::Test);
    for class in Unsupported::ALL {
        assert!(
            examples.iter().any(|e| e.meta.unsupported == Some(class)),
            "{class:?}"
        );
    }
    let negatives = examples
        .iter()
        .filter(|e| e.expected == Expected::Diagnostic)
        .count();
    let share = negatives as f64 / examples.len() as f64;
    assert!((0.22..0.33).contains(&share), "{share}");
    for family in [
        "question",
        "bullets",
        "labels",
        "shared_tool",
        "steps",
        "decoy",
    ] {
        assert!(
            examples.iter().any(|e| e.meta.template == family),
            "{family}"
        );
    }
    let train = generate(11, 3_000, Split::Train);
    let dev = generate(11, 3_000, Split::Dev);
    for family in ["question", "bullets", "labels"] {
        assert!(!train.iter().any(|e| e.meta.template == family), "{family}");
        assert!(!dev.iter().any(|e| e.meta.template == family), "{family}");
    }
    // The train-only families: in train and dev, never in test.
    for family in ["wants", "reasons", "pseudo", "memo"] {
        assert!(train.iter().any(|e| e.meta.template == family), "{family}");
        assert!(dev.iter().any(|e| e.meta.template == family), "{family}");
        assert!(
            !examples.iter().any(|e| e.meta.template == family),
            "{family}"
        );
    }
}

#[test]
fn the_hazards_of_planner_md_show_up_in_training_data() {
    let examples = generate(13, 12_000, Split::Train);
    let plans = || {
        examples.iter().filter_map(|e| match &e.expected {
            Expected::Plan(p) => Some((e, p)),
            Expected::Diagnostic => None,
        })
    };
    let found = |what: &str, hit: &dyn Fn(&Example, &codemode_plan::Plan) -> bool| {
        assert!(plans().any(|(e, p)| hit(e, p)), "no example of {what}");
    };
    found("an argument called limit beside a row limit", &|_, p| {
        p.output.limit.is_some() && p.calls[0].args.contains_key("limit")
    });
    found("a tool called then", &|_, p| {
        p.calls.iter().any(|c| c.tool == "then")
    });
    found("a negated concurrency cue", &|e, p| {
        e.instruction.to_lowercase().contains("not in parallel")
            && p.mode == codemode_plan::Mode::Serial
    });
    found("then inside a field list", &|e, p| {
        p.output.fields.as_ref().is_some_and(|f| f.len() > 1) && e.instruction.contains(", then")
    });
    found("a JSON key naming an argument", &|e, _| {
        e.meta
            .spans
            .iter()
            .any(|s| s.role == Role::Argname && e.instruction[s.start..].starts_with('"'))
    });
    found("a value before its argument name", &|e, _| {
        let s = &e.meta.spans;
        s.windows(2)
            .any(|w| w[0].role == Role::Value && w[1].role == Role::Argname && w[0].arg == w[1].arg)
    });
    found("one tool mention for three calls", &|e, p| {
        p.calls.len() == 3 && e.meta.spans.iter().filter(|s| s.role == Role::Tool).count() == 1
    });
    found("a lone surrogate value", &|e, _| {
        e.to_json_line().contains("\\ud800")
    });
    found("a prose number that is no value", &|e, _| {
        let tokens = lexer::lex(&e.instruction).unwrap();
        tokens.iter().any(|t| {
            t.kind == codemode_plan::TokenKind::Num
                && !e.meta.spans.iter().any(|s| s.start == t.span.start)
        })
    });
}
