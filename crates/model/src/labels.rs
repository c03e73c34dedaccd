//! Labeled records: `{"instruction", "tools", "expected": plan | {"diagnostic": true}, "meta"?}`.
//!
//! `expected` is what evaluation compares against. `meta` comes from the data generator and is what
//! training learns from: `unsupported` (the structure that makes the record a diagnostic, if any)
//! and `spans`, byte ranges of the instruction that each cover one token, with its role (`tool`,
//! `value`, `argname`, `field`, `limit`), call number and argument name. A plan record without
//! spans (a person's) gets them from [`crate::align`]; a person's diagnostic carries only
//! `unsupported` (`checker` for a plain plan the checker refuses, which reads as supported).

use codemode_plan::{Plan, Record, frontend};
use serde::Deserialize;
use serde_json::Value;

use crate::network::STATUSES;

/// What a labeled record expects.
#[derive(Debug, Clone, PartialEq)]
pub enum Expected {
    /// This plan, exactly.
    Plan(Plan),
    /// A diagnostic (its text is not compared).
    Diagnostic,
}

/// One span of the generator's labels.
#[derive(Debug, Clone, Deserialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// Byte after the last.
    pub end: usize,
    /// `tool`, `value`, `argname`, `field` or `limit`.
    pub role: String,
    /// The 1-based call, for `tool`, `value` and `argname`.
    #[serde(default)]
    pub call: Option<usize>,
    /// The argument, for `value` and `argname`.
    #[serde(default)]
    pub arg: Option<String>,
}

/// The generator's metadata.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Meta {
    /// The template family.
    #[serde(default)]
    pub template: String,
    /// The structure that makes the record a diagnostic, if any.
    #[serde(default)]
    pub unsupported: Option<String>,
    /// Token-level labels.
    #[serde(default)]
    pub spans: Vec<Span>,
}

/// A labeled record split into what the planner reads and what it should answer.
#[derive(Debug, Clone)]
pub struct Labeled {
    /// The record as the planner reads it (`expected` and `meta` removed).
    pub input: Value,
    /// The expected answer.
    pub expected: Expected,
    /// The generator's metadata, when present.
    pub meta: Option<Meta>,
}

/// Reads a labeled record from a parsed JSON line.
pub fn read_labeled(value: &Value) -> Result<Labeled, String> {
    let Value::Object(object) = value else {
        return Err("a labeled record is a JSON object".into());
    };
    let mut input = object.clone();
    let expected = input.remove("expected").ok_or("missing \"expected\"")?;
    let meta = match input.remove("meta") {
        Some(meta) => Some(Meta::deserialize(&meta).map_err(|e| format!("meta: {e}"))?),
        None => None,
    };
    input.remove("bfcl");
    let expected = if expected.get("diagnostic").is_some() {
        Expected::Diagnostic
    } else {
        Expected::Plan(Plan::deserialize_value(&expected).map_err(|d| format!("expected: {d}"))?)
    };
    Ok(Labeled {
        input: Value::Object(input),
        expected,
        meta,
    })
}

/// Per-token training targets for one record.
#[derive(Debug, Clone)]
pub struct Targets {
    /// The record the frontend read.
    pub record: Record,
    /// Tag id per token; `None` when the record has no token labels.
    pub tags: Option<Vec<usize>>,
    /// Pointer target per token (for value tokens with a named argument).
    pub pointers: Vec<Option<usize>>,
    /// Per token: a value said once for several calls (`days 3 for both`): the plan gives the
    /// same argument the same value in another call whose value has no span of its own. Only
    /// read for value tokens.
    pub shared: Vec<bool>,
    /// 0 serial, 1 parallel, when the plan has 2–3 calls.
    pub mode: Option<usize>,
    /// 0 all, 1 last, when there is a plan.
    pub output: Option<usize>,
    /// Index into [`STATUSES`].
    pub status: usize,
}

/// Builds training targets, or `None` when the frontend rejects the record (the model never sees
/// such records) or its spans do not line up with tokens.
pub fn targets(labeled: &Labeled) -> Option<Targets> {
    let record = frontend::read_record(&labeled.input).ok()?;
    let meta = labeled.meta.clone().unwrap_or_default();
    let status = meta
        .unsupported
        .as_deref()
        .and_then(|u| STATUSES.iter().position(|s| *s == u))
        .unwrap_or(0);
    let (mode, output) = match &labeled.expected {
        Expected::Plan(plan) => (
            (plan.calls.len() > 1)
                .then_some(usize::from(plan.mode == codemode_plan::Mode::Parallel)),
            Some(usize::from(
                plan.output.kind == codemode_plan::OutputKind::Last,
            )),
        ),
        Expected::Diagnostic => (None, None),
    };
    let n = record.tokens.len();
    let mut pointers = vec![None; n];
    let mut shared = vec![false; n];
    // A record labeled with its plan alone (people's records): its spans are found among the
    // tokens, when they can be without guessing.
    let mut meta = meta;
    if meta.spans.is_empty()
        && status == 0
        && let Expected::Plan(plan) = &labeled.expected
    {
        meta.spans = crate::align::spans(&record, plan).unwrap_or_default();
    }
    let tags = if meta.spans.is_empty() || status != 0 {
        None
    } else {
        let mut tags = vec![0usize; n];
        let index_of = |span: &Span| {
            record
                .tokens
                .iter()
                .position(|t| t.span.start == span.start && t.span.end == span.end)
        };
        for span in &meta.spans {
            let at = index_of(span)?;
            let call = span.call.unwrap_or(1).clamp(1, 3) - 1;
            tags[at] = match span.role.as_str() {
                "tool" => 1 + call,
                "value" => 4 + call,
                "field" => 7,
                "limit" => 8,
                _ => continue,
            };
            if span.role == "value" {
                if let (Expected::Plan(plan), Some(arg)) = (&labeled.expected, &span.arg) {
                    shared[at] = said_for_others(plan, &meta.spans, call, arg);
                }
                // The argument-name token of the same call and argument nearest to the value.
                pointers[at] = meta
                    .spans
                    .iter()
                    .filter(|s| s.role == "argname" && s.arg == span.arg && s.call == span.call)
                    .filter_map(index_of)
                    .min_by_key(|&j| j.abs_diff(at));
            }
        }
        Some(tags)
    };
    Some(Targets {
        record,
        tags,
        pointers,
        shared,
        mode,
        output,
        status,
    })
}

/// Whether the value of `plan`'s call `call` (0-based) for `arg` is also another call's value for
/// `arg` that no value span of `spans` marks: a value said once for several calls, which the
/// generator and [`crate::align`] mark for the first of them.
fn said_for_others(plan: &Plan, spans: &[Span], call: usize, arg: &str) -> bool {
    let Some(value) = plan.calls.get(call).and_then(|c| c.args.get(arg)) else {
        return false;
    };
    plan.calls.iter().enumerate().any(|(m, other)| {
        m != call
            && other.args.get(arg) == Some(value)
            && !spans.iter().any(|s| {
                s.role == "value" && s.call == Some(m + 1) && s.arg.as_deref() == Some(arg)
            })
    })
}
