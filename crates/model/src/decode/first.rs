//! The first reading: the network's tags, pointers and heads taken as they are. [`decode`] gates
//! on the status head; [`decode_calls`] reads a supported instruction in steps: what each tag
//! names ([`read_tags`]), the structures the prose shows, the tool of every call
//! ([`resolve_tools`]), the arguments ([`place_arguments`]), the projection and row limit
//! ([`read_shaping`]), the structures that need the arguments, and the plan ([`assemble`]).

use codemode_plan::{
    Call, Catalog, Diagnostic, Mode, Output, OutputKind, Plan, Problem, Token, TokenKind,
};
use serde_json::{Map, Number, Value};

use crate::decode::args::place_arguments;
use crate::decode::fields::{
    asked_groups, declares, field_list, field_text, plural_of, unnamed_field,
};
use crate::decode::repeated::said_twice;
use crate::decode::rows::tail_rows;
use crate::decode::structure::{conditional_call, only_asks, unsaid_source, unsupported};
use crate::decode::text::value_of;
use crate::decode::{Choices, no_plan};
use crate::features::name_text;
use crate::network::STATUSES;

/// Turns choices into a plan, before the checker.
pub fn decode(tokens: &[Token], catalog: &Catalog, choices: &Choices) -> Result<Plan, Diagnostic> {
    let status = STATUSES.get(choices.status).copied().unwrap_or("supported");
    // `to confirm whether ...`, `curious if they beat the 12 kWh`, `I need to know if there
    // are children`: an `if` or `whether` after a verb of knowing asks a question of the
    // answer, it sets no condition on a call.
    if status == "supported" || (status == "condition" && only_asks(tokens, &choices.tags)) {
        return decode_calls(tokens, catalog, choices);
    }
    Err(unsupported(status))
}

/// [`decode`] for a reading whose status is `supported`: the calls the tags make. The steps run
/// in this order, and the first diagnostic stands: what each tag names, a condition on a call,
/// the tool of every call, the arguments, the projection and row limit, a dependency; then the
/// plan.
fn decode_calls(
    tokens: &[Token],
    catalog: &Catalog,
    choices: &Choices,
) -> Result<Plan, Diagnostic> {
    let tagged = read_tags(tokens, catalog, choices)?;
    if conditional_call(tokens, &choices.tags) {
        return Err(unsupported("condition"));
    }
    let resolved = resolve_tools(&tagged)?;
    let args = place_arguments(tokens, catalog, choices, &resolved, tagged.values)?;
    let (fields, limit) = read_shaping(tokens, catalog, &choices.tags, &resolved, tagged.shaping)?;
    if let Some(diagnostic) = unsaid_source(tokens, &choices.tags, &resolved, &args, catalog) {
        return Err(diagnostic);
    }
    Ok(assemble(tokens, choices, &resolved, args, fields, limit))
}

/// What the role tags name, token by token, before any argument is placed.
struct Tagged<'t> {
    /// The tool each call slot names, if any.
    tools: [Option<&'t str>; 3],
    /// Whether each call slot has a tool or a value.
    used: [bool; 3],
    /// (call, token) of every value.
    values: Vec<(usize, usize)>,
    /// The tokens read as the projection and the row limit.
    shaping: Shaping,
}

/// The tokens read as the projection and the row limit.
struct Shaping {
    /// The token of each projected field.
    field_at: Vec<usize>,
    /// The row limit.
    limit: Option<Number>,
}

/// What each role tag names: a tool of the catalog, a value, a field or the one row limit. A
/// literal read as a tool is a value of that call (`For "Oslo" (the city) run get_weather`); a
/// row limit counted from the end is unsupported (see [`tail_rows`]); a tag on a token that
/// cannot be what it names is a diagnostic (`both get_weather and list_users read as its tool`).
fn read_tags<'t>(
    tokens: &'t [Token],
    catalog: &Catalog,
    choices: &Choices,
) -> Result<Tagged<'t>, Diagnostic> {
    let mut tools: [Option<&str>; 3] = [None; 3];
    let mut used = [false; 3];
    let mut field_at: Vec<usize> = Vec::new(); // the token of each projected field
    let mut limit: Option<serde_json::Number> = None;
    let mut values: Vec<(usize, usize)> = Vec::new(); // (call, token)

    for (i, token) in tokens.iter().enumerate() {
        match choices.tags.get(i).copied().unwrap_or(0) {
            tag @ 1..=3 => {
                let k = tag - 1;
                let name = match token.kind {
                    TokenKind::Word => token.text.as_str(),
                    // A literal is never a tool's name (`For the group of "Sr. Oliveira" (that
                    // is the name) ... make the bookTransfer`): it is a value of that call.
                    _ if value_of(token).is_some() => {
                        values.push((k, i));
                        used[k] = true;
                        continue;
                    }
                    _ => {
                        return Err(no_plan(
                            "instruction",
                            format!("{} does not name a tool", token.text),
                        ));
                    }
                };
                if catalog.get(name).is_none() {
                    return Err(Diagnostic::new(
                        format!("call {}", k + 1),
                        Problem::UnknownTool(name.to_owned()),
                    ));
                }
                match tools[k] {
                    Some(other) if other != name => {
                        return Err(no_plan(
                            format!("call {}", k + 1),
                            format!("both {other} and {name} read as its tool"),
                        ));
                    }
                    _ => tools[k] = Some(name),
                }
                used[k] = true;
            }
            tag @ 4..=6 => {
                if value_of(token).is_none() {
                    return Err(no_plan(
                        "instruction",
                        format!("{} is not a value", token.text),
                    ));
                }
                values.push((tag - 4, i));
                used[tag - 4] = true;
            }
            7 => {
                if name_text(token).is_none() {
                    return Err(no_plan(
                        "instruction",
                        format!("{} is not a field name", token.text),
                    ));
                }
                field_at.push(i);
            }
            8 => {
                let Some(Value::Number(n)) = value_of(token) else {
                    return Err(no_plan(
                        "instruction",
                        format!("{} is not a row limit", token.text),
                    ));
                };
                if tail_rows(tokens, &choices.tags, i) {
                    return Err(unsupported("other_rows"));
                }
                if limit.replace(n).is_some() {
                    return Err(no_plan("instruction", "more than one row limit"));
                }
            }
            _ => {}
        }
    }
    Ok(Tagged {
        tools,
        used,
        values,
        shaping: Shaping { field_at, limit },
    })
}

/// The tool of every call, up to the last call slot a tag names: the one its tag names, or else
/// the previous call's (`get_weather city "A" and city "B"`); a call before any tool is named is
/// a diagnostic.
fn resolve_tools<'t>(tagged: &Tagged<'t>) -> Result<Vec<&'t str>, Diagnostic> {
    let count = tagged.used.iter().rposition(|&u| u).map_or(0, |k| k + 1);
    if count == 0 {
        return Err(no_plan("instruction", "no tool call found"));
    }
    // A call whose tool is not named again repeats the previous call's tool.
    let mut previous: Option<&str> = None;
    let mut resolved: Vec<&str> = Vec::with_capacity(count);
    for (k, tool) in tagged.tools.iter().take(count).enumerate() {
        match tool.or(previous) {
            Some(tool) => {
                previous = Some(tool);
                resolved.push(tool);
            }
            None => return Err(no_plan(format!("call {}", k + 1), "no tool named")),
        }
    }
    Ok(resolved)
}

/// The projection and row limit of the plan: a field list ending in a word no tool declares is
/// a diagnostic (see [`unnamed_field`]); of several lists only those a projection word asks for
/// count (see [`asked_groups`]); a plural field reads as its declared singular; on several calls
/// a field no called tool declares is prose (`..., then send to "b", only the name`). Fields or
/// a row limit read on a plan that cannot take them stay, whatever words stand beside them, and
/// the checker refuses the plan.
fn read_shaping(
    tokens: &[Token],
    catalog: &Catalog,
    tags: &[usize],
    resolved: &[&str],
    shaping: Shaping,
) -> Result<(Vec<String>, Option<Number>), Diagnostic> {
    let Shaping { field_at, limit } = shaping;
    if let Some(field) = unnamed_field(tokens, tags, catalog) {
        return Err(Diagnostic::new(
            "output.fields",
            Problem::UndeclaredField {
                tool: resolved[0].to_owned(),
                field: field.to_owned(),
            },
        ));
    }
    let field_at = asked_groups(tokens, field_at);
    let single = match resolved {
        [tool] => catalog.get(tool),
        _ => None,
    };
    let mut fields: Vec<String> = match single {
        Some(tool) => field_list(tokens, &field_at, &tool.returns.properties),
        None => field_at.iter().map(|&i| field_text(&tokens[i])).collect(),
    };
    if let Some(tool) = single {
        for i in 0..fields.len() {
            if let Some(property) = plural_of(&fields[i], &tool.returns.properties)
                && !fields.iter().any(|f| f == property)
            {
                fields[i] = property.to_owned();
            }
        }
    }
    // A plan of several calls takes no projection. A word read as a field that no called tool
    // declares (`only return the final result`, where `result` is a property of a tool the plan
    // does not call) is prose the network misread, not a projection the user asked for; a
    // property of a called tool stays, and the checker refuses it.
    if resolved.len() > 1 {
        fields.retain(|field| {
            resolved.iter().any(|tool| {
                catalog
                    .get(tool)
                    .is_some_and(|tool| declares(&tool.returns.properties, field))
            })
        });
    }
    Ok((fields, limit))
}

/// The plan: the calls with their arguments (one call said to be made `twice` is two, see
/// [`said_twice`]), the schedule the mode head chose, and the output kind the output head chose.
fn assemble(
    tokens: &[Token],
    choices: &Choices,
    resolved: &[&str],
    args: Vec<Map<String, Value>>,
    fields: Vec<String>,
    limit: Option<Number>,
) -> Plan {
    let mut calls: Vec<Call> = resolved
        .iter()
        .zip(args)
        .map(|(tool, args)| Call {
            tool: (*tool).to_owned(),
            args,
        })
        .collect();
    if resolved.len() == 1 && said_twice(tokens, &choices.tags) {
        calls.push(calls[0].clone());
    }
    let count = calls.len();
    let mode = match (count, choices.mode) {
        (1, _) => Mode::Single,
        (_, 1) => Mode::Parallel,
        _ => Mode::Serial,
    };
    let kind = if choices.output == 1 {
        OutputKind::Last
    } else {
        OutputKind::All
    };
    let output = Output {
        kind,
        fields: (!fields.is_empty()).then_some(fields),
        limit,
    };
    Plan {
        mode,
        calls,
        output,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::test_util::{choices, pointing, record};

    #[test]
    fn one_tool_named_once_serves_several_calls() {
        // get_weather city "A" and city "B"
        let r = record(r#"get_weather city "A" and city "B""#);
        let c = choices(
            &[1, 0, 4, 0, 0, 5],
            &[None, None, Some(1), None, None, Some(4)],
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.mode, Mode::Parallel);
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.calls[1].tool, "get_weather");
        assert_eq!(plan.calls[1].args["city"], "B");
    }

    #[test]
    fn the_output_head_alone_chooses_the_output_kind() {
        // No English word has to agree: `ostatni` (Polish, "the last one") is read by the
        // network, and an English `last` the head reads as `all` stays `all`.
        let tags = [1, 0, 4, 0, 2, 0, 4 + 1, 0, 0];
        let pointers = pointing(tags.len(), &[(2, 1), (6, 5)]);
        for (instruction, head, kind) in [
            (
                r#"list_users team "a" then list_users team "b" , tylko ostatni"#,
                1,
                OutputKind::Last,
            ),
            (
                r#"list_users team "a" then list_users team "b" , last too"#,
                0,
                OutputKind::All,
            ),
        ] {
            let r = record(instruction);
            let mut c = choices(&tags, &pointers);
            c.mode = 0;
            c.output = head;
            let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
            assert_eq!(plan.mode, Mode::Serial, "{instruction}");
            assert_eq!(plan.output.kind, kind, "{instruction}");
        }
    }

    #[test]
    fn tags_that_name_nothing_of_their_kind_are_diagnosed() {
        let read = |text: &str, tags: &[usize]| {
            let r = record(text);
            let c = choices(tags, &vec![None; tags.len()]);
            decode(&r.tokens, &r.catalog, &c).map_err(|d| d.to_string())
        };
        // Two tools read for one call.
        assert_eq!(
            read(r#"get_weather city "A" list_users"#, &[1, 0, 4, 1]),
            Err("call 1: both get_weather and list_users read as its tool".to_owned())
        );
        // Punctuation read as a tool, a word as a value, a field or a row limit.
        assert_eq!(
            read(r#"get_weather , city "A""#, &[1, 1, 0, 4]),
            Err("instruction: , does not name a tool".to_owned())
        );
        assert_eq!(
            read(r#"get_weather city "A""#, &[1, 4, 4]),
            Err("instruction: city is not a value".to_owned())
        );
        assert_eq!(
            read(r#"list_users team "A" , 5"#, &[1, 0, 4, 7, 0]),
            Err("instruction: , is not a field name".to_owned())
        );
        assert_eq!(
            read(r#"list_users team "A" first rows"#, &[1, 0, 4, 0, 8]),
            Err("instruction: rows is not a row limit".to_owned())
        );
        // No tool or value at all, and values for a call with no tool before it.
        assert_eq!(
            read(r#"hello there"#, &[0, 0]),
            Err("instruction: no tool call found".to_owned())
        );
        assert_eq!(
            read(r#"city "A" then get_weather"#, &[0, 4, 0, 2]),
            Err("call 1: no tool named".to_owned())
        );
    }

    #[test]
    fn a_literal_read_as_a_tool_is_a_value_of_its_call() {
        let r = record(r#"For "Oslo" (the city) run get_weather"#);
        let tags = [0, 1, 0, 0, 0, 0, 0, 1];
        let c = choices(&tags, &pointing(8, &[(1, 4)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 1);
        assert_eq!(plan.calls[0].args["city"], "Oslo");
    }

    #[test]
    fn unsupported_structures_and_unknown_tools_are_diagnosed() {
        let r = record(r#"get_weather city "A""#);
        let mut c = choices(&[1, 0, 4], &[None, None, Some(1)]);
        c.status = 1;
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "instruction: a condition (if, unless, when) is not supported"
        );
        let r = record(r#"get_forecast city "A""#);
        let c = choices(&[1, 0, 4], &[None, None, Some(1)]);
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: tool \"get_forecast\" is not in the catalog"
        );
    }

    #[test]
    fn fields_and_limit_are_read_in_order() {
        let r = record(r#"list_users team "x", only name and id, first 5"#);
        let c = choices(
            &[1, 0, 4, 0, 0, 7, 0, 7, 0, 0, 8],
            &[
                None,
                None,
                Some(1),
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
            ],
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(
            plan.output.fields,
            Some(vec!["name".to_owned(), "id".to_owned()])
        );
        assert_eq!(plan.output.limit, Some(serde_json::Number::from(5)));
    }
}
