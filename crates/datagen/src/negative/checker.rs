//! Plans the checker refuses (a catalog rule broken), and records the frontend refuses.

use codemode_plan::{ReturnKind, check, lexer};
use serde_json::{Value, json};

use crate::catalog;
use crate::render::{self, CallForm};
use crate::text::Text;
use crate::values;
use crate::vocab::{self, Kind};
use crate::{Example, Expected, Gen, Unsupported};

use super::*;

/// A plan the checker refuses, written as an ordinary instruction.
pub(super) fn checker(g: &mut Gen) -> Option<Example> {
    let sub = variant(g, 9, 0);
    let n = match sub {
        5..=6 | 8 => 1,
        7 => 2 + g.below(2),
        _ => render::call_count(g),
    };
    let size = catalog::size(g, if sub == 1 { 2 } else { 1 });
    let mut specs = catalog::sample(g, size);
    let mut d = render::draw(g, &mut specs, n, false)?;
    d.fields.clear();
    d.limit = None;
    let name;
    match sub {
        0 => {
            name = "unknown_tool";
            let k = g.below(n);
            let real = d.calls[k].tool.clone();
            let mut fake = match g.below(4) {
                0 => format!("{real}s"),
                1 => real
                    .strip_suffix('s')
                    .map(str::to_owned)
                    .unwrap_or_else(|| format!("{real}_v2")),
                2 => format!("get_{real}"),
                _ => catalog::tool_name(g, ("widget", "widgets")),
            };
            if specs.iter().any(|s| s.name == fake) || !codemode_plan::ident::is_identifier(&fake) {
                fake = format!("{real}_old");
            }
            d.calls[k].tool = fake;
        }
        1 => {
            name = "unknown_argument";
            let k = g.below(n);
            let tool = d.calls[k].tool.clone();
            let own = specs.iter().find(|s| s.name == tool)?.clone();
            let others: Vec<(String, Kind)> = specs
                .iter()
                .flat_map(|s| s.args.clone())
                .filter(|(a, _)| !own.has_arg(a))
                .collect();
            let (arg, kind) = if others.is_empty() || g.chance(0.3) {
                let pool = vocab::half(g.split, vocab::ARGS_TRAIN, vocab::ARGS_TEST);
                let (a, kd) = *g.pick(pool);
                if own.has_arg(a) {
                    return None;
                }
                (a.to_owned(), kd)
            } else {
                g.pick(&others).clone()
            };
            let lit = values::value(g, kind);
            let at = g.below(d.calls[k].args.len() + 1);
            d.calls[k].args.insert(at, (arg, lit));
        }
        2 => {
            name = "missing_required";
            let k = (0..n).find(|&k| {
                specs
                    .iter()
                    .any(|s| s.name == d.calls[k].tool && !s.required.is_empty())
            })?;
            let tool = d.calls[k].tool.clone();
            let spec = specs.iter().find(|s| s.name == tool)?;
            let gone = g.pick(&spec.required).clone();
            d.calls[k].args.retain(|(a, _)| *a != gone);
        }
        3 | 4 => {
            name = "wrong_type";
            let slots: Vec<(usize, usize)> = d
                .calls
                .iter()
                .enumerate()
                .flat_map(|(k, c)| (0..c.args.len()).map(move |i| (k, i)))
                .collect();
            if slots.is_empty() {
                return None;
            }
            let (k, i) = *g.pick(&slots);
            let tool = d.calls[k].tool.clone();
            let spec = specs.iter().find(|s| s.name == tool)?;
            let ty = spec.arg_kind(&d.calls[k].args[i].0).map(|kd| kd.ty())?;
            let lit = values::wrong_value(g, ty);
            if values::type_of(&lit.value) == Some(ty) {
                return None;
            }
            d.calls[k].args[i].1 = lit;
        }
        5 => {
            let spec = specs.iter_mut().find(|s| s.name == d.calls[0].tool)?;
            catalog::make_array(g, spec, 2);
            if g.chance(0.5) {
                name = "undeclared_field";
                let bad = undeclared_field(g, spec)?;
                let mut fields = vec![bad];
                if g.chance(0.5) {
                    fields.insert(g.below(2), g.pick(&spec.props).clone());
                }
                d.fields = fields;
            } else {
                name = "too_many_fields";
                catalog::make_array(g, spec, 4);
                let mut props = spec.props.clone();
                g.shuffle(&mut props);
                props.truncate(4 + g.below(props.len().saturating_sub(3).min(2)));
                d.fields = props;
            }
        }
        6 => {
            name = "shaping_non_array";
            let spec = specs.iter_mut().find(|s| s.name == d.calls[0].tool)?;
            spec.kind = if g.chance(0.6) {
                ReturnKind::Object
            } else {
                ReturnKind::Text
            };
            if spec.kind == ReturnKind::Text {
                spec.props.clear();
            } else if spec.props.is_empty() {
                spec.props = catalog::props(g, 3);
            }
            if !spec.props.is_empty() && g.chance(0.6) {
                d.fields = vec![g.pick(&spec.props).clone()];
            } else {
                d.limit = Some(render::limit_value(g));
            }
        }
        7 => {
            name = "shaping_multi_call";
            let spec = specs.iter_mut().find(|s| s.name == d.calls[0].tool)?;
            catalog::make_array(g, spec, 2);
            if g.chance(0.5) {
                d.fields = vec![g.pick(&spec.props).clone()];
            } else {
                d.limit = Some(render::limit_value(g));
            }
        }
        _ => {
            name = "limit_range";
            let spec = specs.iter_mut().find(|s| s.name == d.calls[0].tool)?;
            catalog::make_array(g, spec, 2);
            d.limit = Some(g.range(101, 1001).to_string());
        }
    }
    let plan = d.plan();
    let cat = catalog::catalog(&specs);
    if check::check(&plan, &cat).is_ok() {
        return None;
    }
    let mut t = Text::new(render::case(g));
    render::imperative(g, &mut t, &d, CallForm::Natural);
    finish(g, t, &specs, Unsupported::Checker, name, Some(plan))
}

/// A record that breaks a frontend rule.
pub(super) fn record(g: &mut Gen) -> Option<Example> {
    let sub = variant(g, 12, 0);
    let mut ex = loop {
        if let Some(ex) = render::positive(g) {
            break ex;
        }
    };
    ex.expected = Expected::Diagnostic;
    ex.meta.unsupported = Some(Unsupported::Record);
    let tools = ex.tools.as_array_mut()?;
    let i = g.below(tools.len());
    let name = match sub {
        0 => {
            // Pad with chatty prose until the instruction is over the token limit.
            let fillers = vocab::half(g.split, vocab::FILLERS_TRAIN, vocab::FILLERS_TEST);
            let mut text = ex.instruction.clone();
            while lexer::lex(&text).ok()?.len() <= lexer::MAX_TOKENS {
                let f = *g.pick(fillers);
                text.push(' ');
                text.push_str(f);
            }
            ex.instruction = text;
            "too_many_tokens"
        }
        1 | 2 => {
            // A malformed or inexact literal in the instruction.
            let bad = g.pw(&[
                "\"blue",
                "\"a\\qb\"",
                "\"tab\\x41\"",
                "\"line\nbreak\"",
                "\"\\u12\"",
                "9007199254740993",
                "1e400",
                "0.1000000000000000055511151231257827",
                "-1e999",
                "123456789012345678901",
            ]);
            let at = if g.chance(0.5) {
                ex.instruction.len()
            } else {
                ex.instruction.find(' ').unwrap_or(ex.instruction.len())
            };
            let mut text = ex.instruction[..at].to_owned();
            text.push_str(" with ");
            text.push_str(bad);
            text.push_str(&ex.instruction[at..]);
            ex.instruction = text;
            ex.meta.spans.clear();
            "malformed_literal"
        }
        3 => {
            let mut extra = Vec::new();
            let taken: Vec<String> = tools
                .iter()
                .filter_map(|t| t["name"].as_str().map(str::to_owned))
                .collect();
            let mut names = taken.clone();
            while tools.len() + extra.len() <= 8 {
                let spec = catalog::tool(g, ("node", "nodes"), &names);
                names.push(spec.name.clone());
                extra.push(spec.json());
            }
            tools.extend(extra);
            "too_many_tools"
        }
        4 => {
            let bad = g.pw(&[
                "get-user",
                "list users",
                "2fa_check",
                "delete",
                "new",
                "class",
                "get.user",
                "",
                "send email",
                "return",
                "weather:get",
            ]);
            tools[i]["name"] = json!(bad);
            "bad_tool_name"
        }
        5 => {
            let args = tools[i]["arguments"].as_object_mut()?;
            let pool = vocab::half(g.split, vocab::ARGS_TRAIN, vocab::ARGS_TEST);
            let mut k = 0;
            while args.len() < 5 + g.below(2) && k < 100 {
                let (a, kind) = *g.pick(pool);
                args.insert(a.to_owned(), json!(kind.ty().as_str()));
                k += 1;
            }
            "too_many_arguments"
        }
        6 => {
            let args = tools[i]["arguments"].as_object_mut()?;
            let bad = g.pw(&[
                "array", "object", "integer", "null", "int", "str", "list", "String", "float",
            ]);
            match args.keys().next().cloned() {
                Some(first) => {
                    args.insert(first, json!(bad));
                }
                None => {
                    args.insert("payload".to_owned(), json!(bad));
                }
            }
            "bad_argument_type"
        }
        7 => {
            let req = tools[i]["required"].as_array_mut()?;
            req.push(json!(g.pw(&["user", "token", "apiKey", "id2", "q"])));
            "required_unknown"
        }
        8 => {
            let bad = g.pw(&["list", "json", "string", "void", "none", "number", "Array"]);
            tools[i]["returns"]["kind"] = json!(bad);
            "bad_return_kind"
        }
        9 => {
            let copy = tools[i].clone();
            let at = g.below(tools.len() + 1);
            tools.insert(at, copy);
            "duplicate_tool"
        }
        10 => {
            let (key, val) = *g.pick(&[
                ("description", "Looks things up."),
                ("type", "function"),
                ("parameters", "{}"),
                ("strict", "true"),
            ]);
            tools[i]
                .as_object_mut()?
                .insert(key.to_owned(), Value::String(val.to_owned()));
            "extra_key"
        }
        _ => {
            tools.clear();
            "no_tools"
        }
    };
    if name != "too_many_tokens"
        && let Ok(tokens) = lexer::lex(&ex.instruction)
        && tokens.len() > lexer::MAX_TOKENS
    {
        return None;
    }
    ex.meta.template = format!("record:{name}");
    ex.refused_plan = None;
    Some(ex)
}

/// A field `spec` does not return, picked from a fresh draw of six property names; none when
/// every name drawn is one of its own (a tool that returns many fields can have them all).
fn undeclared_field(g: &mut Gen, spec: &catalog::Spec) -> Option<String> {
    let extra: Vec<String> = catalog::props(g, 6)
        .into_iter()
        .filter(|p| !spec.props.contains(p))
        .collect();
    if extra.is_empty() {
        return None;
    }
    Some(g.pick(&extra).clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_undeclared_field_is_one_the_tool_lacks_and_none_when_it_returns_every_name() {
        let spec = |props: &[&str]| catalog::Spec {
            name: "list_items".to_owned(),
            args: Vec::new(),
            required: Vec::new(),
            kind: ReturnKind::Array,
            props: props.iter().map(|p| (*p).to_owned()).collect(),
            write_empty_props: false,
        };
        for seed in 0..50 {
            let mut g = Gen::new(seed, Split::Train);
            let every = spec(vocab::PROPS_TRAIN);
            assert_eq!(undeclared_field(&mut g, &every), None);
            let few = spec(&vocab::PROPS_TRAIN[..2]);
            let bad = undeclared_field(&mut g, &few).expect("a field the tool lacks");
            assert!(!few.props.contains(&bad));
        }
    }
}
