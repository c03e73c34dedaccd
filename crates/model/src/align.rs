//! Token labels for a record labeled with its plan alone, as people's records are: where each
//! call's tool, each argument's value and name, each kept field and the row limit stand among
//! the instruction's tokens, found the way the generator would have marked them.
//!
//! The generator knows where it wrote each part; a person's record says only what the plan is.
//! [`spans`] finds each part among the tokens and gives up (`None`) rather than guess: a record
//! without spans still teaches the sequence heads (status, schedule, output), never a wrong tag.
//!
//! - A value is a literal token equal to it (numbers as numbers). A value said once for several
//!   calls (`both with reason "x"`) is marked for the first of them, as the generator marks a
//!   shared argument. Where a value stands more often than the calls that take it (a quoted
//!   thread that says it too), each call takes the one nearest to its argument's name.
//! - A tool is a word equal to its name; a tool said once for several calls is marked for the
//!   first. Where it stands more often than it is called (quoted context), each call takes the
//!   mention nearest before its first value (or nearest after it).
//! - An argument's name is the word equal to it nearest to its value.
//! - A field is the word equal to it nearest after the call's tool; the limit is a number token
//!   equal to it that is no argument's value, the last such one.

use codemode_plan::{Plan, Record, lexer::Token, lexer::TokenKind};
use serde_json::Value;

use crate::labels::Span;

/// The spans of `plan`'s parts among `record`'s tokens, or `None` when a part cannot be placed.
pub fn spans(record: &Record, plan: &Plan) -> Option<Vec<Span>> {
    let tokens = &record.tokens;
    let mut used = vec![false; tokens.len()];
    let mut spans = Vec::new();
    // Values first: they are the most telling, and the tools are placed beside them.
    let mut first_value: Vec<Option<usize>> = vec![None; plan.calls.len()];
    // Needs, grouped by the value they need, in call order.
    let mut needs: Vec<(usize, &str, &Value)> = Vec::new();
    for (c, call) in plan.calls.iter().enumerate() {
        for (arg, value) in &call.args {
            needs.push((c, arg.as_str(), value));
        }
    }
    let mut done = vec![false; needs.len()];
    for i in 0..needs.len() {
        if done[i] {
            continue;
        }
        let (_, _, value) = needs[i];
        let same: Vec<usize> = (i..needs.len())
            .filter(|&j| !done[j] && equal(needs[j].2, value))
            .collect();
        let found: Vec<usize> = (0..tokens.len())
            .filter(|&t| !used[t] && tokens[t].value.as_ref().is_some_and(|v| equal(v, value)))
            .collect();
        if found.is_empty() {
            return None;
        }
        let placed: Vec<(usize, usize)> = if found.len() <= same.len() {
            // Once each, in order; said fewer times than taken (once for several calls), the
            // first ones take them.
            same.iter().copied().zip(found.iter().copied()).collect()
        } else {
            // Said more often than taken: each need takes the one nearest its argument's name.
            let mut taken = Vec::new();
            let mut free = found.clone();
            for &j in &same {
                let arg = needs[j].1;
                let best = nearest_to_word(tokens, &free, arg)?;
                free.retain(|&t| t != best);
                taken.push((j, best));
            }
            taken
        };
        for &j in &same {
            done[j] = true;
        }
        for (j, t) in placed {
            let (c, arg, _) = needs[j];
            used[t] = true;
            spans.push(span(&tokens[t], "value", Some(c + 1), Some(arg)));
            first_value[c] = Some(first_value[c].map_or(t, |f: usize| f.min(t)));
            if let Some(name) = nearest_word(tokens, t, arg, &used) {
                spans.push(span(&tokens[name], "argname", Some(c + 1), Some(arg)));
            }
        }
    }
    // Tools.
    let mut tool_at: Vec<Option<usize>> = vec![None; plan.calls.len()];
    let mut handled = vec![false; plan.calls.len()];
    for (c, call) in plan.calls.iter().enumerate() {
        if handled[c] {
            continue;
        }
        let calls: Vec<usize> = (c..plan.calls.len())
            .filter(|&d| plan.calls[d].tool == call.tool)
            .collect();
        let mentions: Vec<usize> = (0..tokens.len())
            .filter(|&t| is_word(&tokens[t], &call.tool))
            .collect();
        if mentions.is_empty() {
            return None;
        }
        for &d in &calls {
            handled[d] = true;
        }
        if mentions.len() <= calls.len() {
            for (&d, &t) in calls.iter().zip(&mentions) {
                tool_at[d] = Some(t);
            }
        } else {
            let mut free = mentions.clone();
            for &d in &calls {
                let Some(&pick) = pick_mention(&free, first_value[d]) else {
                    break;
                };
                free.retain(|&t| t != pick);
                tool_at[d] = Some(pick);
            }
        }
        // A tool said once for several calls is marked for the first only.
        let mut seen = Vec::new();
        for &d in &calls {
            if let Some(t) = tool_at[d]
                && !seen.contains(&t)
            {
                seen.push(t);
                spans.push(span(&tokens[t], "tool", Some(d + 1), None));
            }
        }
    }
    tool_at[0]?;
    // Shaping.
    let anchor = tool_at[0].unwrap_or(0);
    for field in plan.output.fields.iter().flatten() {
        let at = (0..tokens.len())
            .filter(|&t| !used[t] && is_word(&tokens[t], field))
            .min_by_key(|&t| (t < anchor, t.abs_diff(anchor)))?;
        used[at] = true;
        spans.push(span(&tokens[at], "field", None, None));
    }
    if let Some(limit) = &plan.output.limit {
        let limit = Value::Number(limit.clone());
        let at = (0..tokens.len())
            .rev()
            .find(|&t| !used[t] && tokens[t].value.as_ref().is_some_and(|v| equal(v, &limit)))?;
        spans.push(span(&tokens[at], "limit", None, None));
    }
    Some(spans)
}

fn span(token: &Token, role: &str, call: Option<usize>, arg: Option<&str>) -> Span {
    Span {
        start: token.span.start,
        end: token.span.end,
        role: role.to_owned(),
        call,
        arg: arg.map(str::to_owned),
    }
}

/// JSON values equal as the plan compares them: numbers as numbers.
fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

fn is_word(token: &Token, name: &str) -> bool {
    token.kind == TokenKind::Word && token.text == name
}

/// The word `name` nearest to token `at` and not used, if any.
fn nearest_word(tokens: &[Token], at: usize, name: &str, used: &[bool]) -> Option<usize> {
    (0..tokens.len())
        .filter(|&t| !used[t] && is_word(&tokens[t], name))
        .min_by_key(|&t| t.abs_diff(at))
}

/// Of `candidates`, the one nearest to a word `name`; none when two are equally near.
fn nearest_to_word(tokens: &[Token], candidates: &[usize], name: &str) -> Option<usize> {
    let words: Vec<usize> = (0..tokens.len())
        .filter(|&t| is_word(&tokens[t], name))
        .collect();
    let distance = |c: usize| words.iter().map(|&w| w.abs_diff(c)).min();
    let mut ranked: Vec<(usize, usize)> = candidates
        .iter()
        .filter_map(|&c| Some((distance(c)?, c)))
        .collect();
    if ranked.is_empty() {
        // No name to go by: the last mention, where a reply's own request usually stands.
        return candidates.last().copied();
    }
    ranked.sort();
    match ranked.as_slice() {
        [(d0, _), (d1, _), ..] if d0 == d1 => None,
        [(_, best), ..] => Some(*best),
        [] => None,
    }
}

/// Of a tool's mentions, the one nearest before `value` (else the nearest after it); the first
/// when the call has no value.
fn pick_mention(mentions: &[usize], value: Option<usize>) -> Option<&usize> {
    let Some(value) = value else {
        return mentions.first();
    };
    mentions
        .iter()
        .filter(|&&t| t < value)
        .max()
        .or_else(|| mentions.iter().filter(|&&t| t > value).min())
}

#[cfg(test)]
mod tests {
    use super::*;
    use codemode_plan::frontend;
    use serde_json::json;

    fn marked(
        instruction: &str,
        tools: Value,
        plan: Value,
    ) -> Option<Vec<(String, String, Option<usize>)>> {
        let record =
            frontend::read_record(&json!({"instruction": instruction, "tools": tools})).unwrap();
        let plan = Plan::deserialize_value(&plan).unwrap();
        let spans = spans(&record, &plan)?;
        Some(
            spans
                .iter()
                .map(|s| {
                    (
                        instruction[s.start..s.end].to_owned(),
                        s.role.clone(),
                        s.call,
                    )
                })
                .collect(),
        )
    }

    fn catalog() -> Value {
        json!([
            {"name": "get_user", "arguments": {"id": "string"}, "required": ["id"], "returns": {"kind": "object", "properties": ["name"]}},
            {"name": "list_users", "arguments": {"team": "string", "limit": "number"}, "required": [], "returns": {"kind": "array", "properties": ["id", "name", "email"]}}
        ])
    }

    #[test]
    fn a_plain_request_is_marked_as_the_generator_marks_it() {
        let got = marked(
            r#"Call list_users with team "blue" and limit 50, only name and email, first 10 rows"#,
            catalog(),
            json!({"mode": "single", "calls": [{"tool": "list_users", "args": {"team": "blue", "limit": 50}}],
                   "output": {"kind": "last", "fields": ["name", "email"], "limit": 10}}),
        )
        .unwrap();
        let want = [
            ("\"blue\"", "value", Some(1)),
            ("team", "argname", Some(1)),
            ("50", "value", Some(1)),
            ("limit", "argname", Some(1)),
            ("list_users", "tool", Some(1)),
            ("name", "field", None),
            ("email", "field", None),
            ("10", "limit", None),
        ];
        let got: Vec<(&str, &str, Option<usize>)> = got
            .iter()
            .map(|(t, r, c)| (t.as_str(), r.as_str(), *c))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_quoted_thread_that_names_the_tool_too_leaves_its_mention_unmarked() {
        let got = marked(
            "Only get_user with id \"u-2\" now please.\n\n> Ana wrote:\n> run get_user with id \"u-1\" and list_users",
            catalog(),
            json!({"mode": "single", "calls": [{"tool": "get_user", "args": {"id": "u-2"}}], "output": {"kind": "last"}}),
        )
        .unwrap();
        let tools: Vec<_> = got.iter().filter(|(_, r, _)| r == "tool").collect();
        assert_eq!(tools.len(), 1);
        // The reply's own mention, beside its value.
        let instruction = "Only get_user with id \"u-2\" now please.";
        assert!(instruction.contains(&tools[0].0));
        assert!(got.iter().any(|(t, r, _)| t == "\"u-2\"" && r == "value"));
        assert!(!got.iter().any(|(t, _, _)| t == "\"u-1\""));
    }

    #[test]
    fn one_tool_said_once_for_two_calls_is_marked_for_the_first() {
        let got = marked(
            r#"get_user with id "a" and id "b" at the same time"#,
            catalog(),
            json!({"mode": "parallel", "calls": [{"tool": "get_user", "args": {"id": "a"}}, {"tool": "get_user", "args": {"id": "b"}}],
                   "output": {"kind": "all"}}),
        )
        .unwrap();
        assert_eq!(
            got.iter()
                .filter(|(_, r, _)| r == "tool")
                .map(|(_, _, c)| *c)
                .collect::<Vec<_>>(),
            vec![Some(1)]
        );
        assert!(got.contains(&("\"b\"".to_owned(), "value".to_owned(), Some(2))));
    }

    #[test]
    fn a_value_that_is_nowhere_gives_no_spans() {
        assert!(
            marked(
                "get_user for the new hire",
                catalog(),
                json!({"mode": "single", "calls": [{"tool": "get_user", "args": {"id": "u-9"}}], "output": {"kind": "last"}}),
            )
            .is_none()
        );
    }
}
