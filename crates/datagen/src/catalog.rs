//! Random catalogs: tool names in many styles, typed arguments, required subsets, return kinds.

use codemode_plan::{Catalog, ReturnKind, Returns, Tool, ident};
use serde_json::{Map, Value, json};

use crate::Gen;
use crate::vocab::{self, Kind};

/// A generated tool, with the value kind of each argument.
#[derive(Debug, Clone)]
pub(crate) struct Spec {
    pub(crate) name: String,
    pub(crate) args: Vec<(String, Kind)>,
    pub(crate) required: Vec<String>,
    pub(crate) kind: ReturnKind,
    pub(crate) props: Vec<String>,
    /// Whether an empty property list is written out as `"properties": []`.
    pub(crate) write_empty_props: bool,
}

impl Spec {
    pub(crate) fn arg_kind(&self, name: &str) -> Option<Kind> {
        self.args.iter().find(|(n, _)| n == name).map(|(_, k)| *k)
    }

    pub(crate) fn has_arg(&self, name: &str) -> bool {
        self.arg_kind(name).is_some()
    }

    pub(crate) fn is_required(&self, name: &str) -> bool {
        self.required.iter().any(|r| r == name)
    }

    /// The catalog entry as the planner reads it.
    pub(crate) fn tool(&self) -> Tool {
        Tool {
            name: self.name.clone(),
            arguments: self.args.iter().map(|(n, k)| (n.clone(), k.ty())).collect(),
            required: self.required.clone(),
            returns: Returns {
                kind: self.kind,
                properties: self.props.clone(),
            },
        }
    }

    /// The catalog entry as JSON.
    pub(crate) fn json(&self) -> Value {
        let mut args = Map::new();
        for (n, k) in &self.args {
            args.insert(n.clone(), Value::String(k.ty().as_str().to_owned()));
        }
        let kind = match self.kind {
            ReturnKind::Text => "text",
            ReturnKind::Object => "object",
            ReturnKind::Array => "array",
        };
        let returns = if self.props.is_empty() && !self.write_empty_props {
            json!({ "kind": kind })
        } else {
            json!({ "kind": kind, "properties": self.props })
        };
        json!({ "name": self.name, "arguments": args, "required": self.required, "returns": returns })
    }
}

/// The catalog the planner reads.
pub(crate) fn catalog(specs: &[Spec]) -> Catalog {
    Catalog {
        tools: specs.iter().map(Spec::tool).collect(),
    }
}

/// The catalog as the JSON array of a record.
pub(crate) fn json(specs: &[Spec]) -> Value {
    Value::Array(specs.iter().map(Spec::json).collect())
}

fn styled(g: &mut Gen, parts: &[&str]) -> String {
    let words: Vec<&str> = parts.iter().flat_map(|p| p.split('_')).collect();
    let cap = |w: &str| {
        let mut c = w.chars();
        c.next()
            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
            .unwrap_or_default()
    };
    let roll = g.below(100);
    match roll {
        0..=49 => words.join("_"),
        50..=79 => {
            let mut s = words[0].to_owned();
            for w in &words[1..] {
                s.push_str(&cap(w));
            }
            s
        }
        80..=91 => words.iter().map(|w| cap(w)).collect(),
        92..=94 => words.concat(),
        95..=97 => format!("_{}", words.join("_")),
        _ => format!("${}", words.join("_")),
    }
}

/// A fresh tool name; `theme` is a noun that several tools of one catalog share.
pub(crate) fn tool_name(g: &mut Gen, theme: (&str, &str)) -> String {
    let split = g.split;
    if g.cue_name() {
        return g.pw(vocab::CUE_NAMES_TRAIN).to_owned();
    }
    if g.chance(0.05) {
        return g.pw(vocab::SPECIAL_SHARED).to_owned();
    }
    if g.chance(0.12) {
        return g
            .pw(vocab::half(
                split,
                vocab::SPECIAL_TRAIN,
                vocab::SPECIAL_TEST,
            ))
            .to_owned();
    }
    let verb = *g.pick(vocab::half(split, vocab::VERBS_TRAIN, vocab::VERBS_TEST));
    let noun = if g.chance(0.5) {
        theme
    } else {
        *g.pick(vocab::half(split, vocab::NOUNS_TRAIN, vocab::NOUNS_TEST))
    };
    let mut parts = Vec::new();
    let short = g.chance(0.06);
    if !short {
        parts.push(verb);
    }
    if !short && g.chance(0.15) {
        parts.push(*g.pick(vocab::half(split, vocab::ADJ_TRAIN, vocab::ADJ_TEST)));
    }
    let plural = matches!(
        verb,
        "list" | "search" | "sync" | "export" | "count" | "sort" | "filter"
    ) || g.chance(0.3);
    parts.push(if plural { noun.1 } else { noun.0 });
    if !short && g.chance(0.18) {
        parts.push(*g.pick(vocab::half(split, vocab::QUAL_TRAIN, vocab::QUAL_TEST)));
    }
    styled(g, &parts)
}

fn fresh_name(g: &mut Gen, theme: (&str, &str), taken: &[String]) -> String {
    loop {
        let name = tool_name(g, theme);
        if ident::is_identifier(&name) && !taken.contains(&name) {
            return name;
        }
    }
}

/// One tool with a fresh name.
pub(crate) fn tool(g: &mut Gen, theme: (&str, &str), taken: &[String]) -> Spec {
    let name = fresh_name(g, theme, taken);
    let nargs = g.weighted(&[12, 30, 30, 18, 10]);
    let pool = vocab::half(g.split, vocab::ARGS_TRAIN, vocab::ARGS_TEST);
    let mut args: Vec<(String, Kind)> = Vec::new();
    while args.len() < nargs {
        let (n, k) = if g.chance(0.1) {
            *g.pick(vocab::ARGS_SHARED)
        } else {
            *g.pick(pool)
        };
        if !args.iter().any(|(a, _)| a == n) {
            args.push((n.to_owned(), k));
        }
    }
    let required = args
        .iter()
        .filter(|_| g.chance(0.55))
        .map(|(n, _)| n.clone())
        .collect();
    let kind = match g.weighted(&[20, 30, 50]) {
        0 => ReturnKind::Text,
        1 => ReturnKind::Object,
        _ => ReturnKind::Array,
    };
    let nprops = match kind {
        ReturnKind::Text => 0,
        ReturnKind::Object => g.range(0, 6),
        ReturnKind::Array if g.chance(0.9) => g.range(2, 8),
        ReturnKind::Array => 0,
    };
    let props = props(g, nprops);
    Spec {
        name,
        args,
        required,
        kind,
        props,
        write_empty_props: g.chance(0.5),
    }
}

/// `n` distinct property names.
pub(crate) fn props(g: &mut Gen, n: usize) -> Vec<String> {
    let pool = vocab::half(g.split, vocab::PROPS_TRAIN, vocab::PROPS_TEST);
    let mut out: Vec<String> = Vec::new();
    while out.len() < n.min(pool.len()) {
        let p = *g.pick(pool);
        if !out.iter().any(|o| o == p) {
            out.push(p.to_owned());
        }
    }
    out
}

/// A catalog of `n` tools.
pub(crate) fn sample(g: &mut Gen, n: usize) -> Vec<Spec> {
    let theme = *g.pick(vocab::half(g.split, vocab::NOUNS_TRAIN, vocab::NOUNS_TEST));
    let mut specs: Vec<Spec> = Vec::new();
    for _ in 0..n {
        let taken: Vec<String> = specs.iter().map(|s| s.name.clone()).collect();
        specs.push(tool(g, theme, &taken));
    }
    specs
}

/// How many tools a catalog has: 1–8, most often 2–5.
pub(crate) fn size(g: &mut Gen, at_least: usize) -> usize {
    let n = 1 + g.weighted(&[10, 18, 20, 18, 13, 9, 7, 5]);
    n.max(at_least)
}

/// Makes `spec` an array tool with at least `min_props` declared properties.
pub(crate) fn make_array(g: &mut Gen, spec: &mut Spec, min_props: usize) {
    spec.kind = ReturnKind::Array;
    if spec.props.len() < min_props {
        let want = g.range(min_props, min_props + 3);
        spec.props = props(g, want);
    }
}
