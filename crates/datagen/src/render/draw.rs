//! Drawing a plan: how many calls, which tools, their arguments and values, the schedule and
//! output cues, and a projection and row limit for one call to an array tool.

use super::*;

/// Arguments for one call of `spec`: every required one, some optional ones, in a random order.
pub(crate) fn draw_args(g: &mut Gen, spec: &Spec, keep: Option<&[String]>) -> Vec<(String, Lit)> {
    let mut out: Vec<(String, Lit)> = Vec::new();
    for (name, kind) in &spec.args {
        let chosen = match keep {
            Some(names) => names.contains(name),
            None => spec.is_required(name) || g.chance(0.5),
        };
        if chosen {
            out.push((name.clone(), values::value(g, *kind)));
        }
    }
    g.shuffle(&mut out);
    out
}

/// Hazard argument names that look like cues (`limit`, `count`, `last`, ...).
fn hazard_arg(g: &mut Gen) -> (&'static str, Kind) {
    if g.chance(0.7) {
        return *g.pick(vocab::ARGS_SHARED);
    }
    match g.split {
        Split::Train | Split::Dev => *g.pick(&[("retries", Kind::Small), ("status", Kind::Code)]),
        Split::Test => *g.pick(&[
            ("max_results", Kind::Count),
            ("sortKey", Kind::Code),
            ("size", Kind::Count),
        ]),
    }
}

/// Adds a cue-like argument to `spec` when it has room.
pub(crate) fn add_hazard_arg(g: &mut Gen, spec: &mut Spec) {
    let (name, kind) = hazard_arg(g);
    if spec.args.len() < 4 && !spec.has_arg(name) {
        spec.args.push((name.to_owned(), kind));
        if g.chance(0.4) {
            spec.required.push(name.to_owned());
        }
    }
}

/// A limit literal in 0–100.
pub(crate) fn limit_value(g: &mut Gen) -> String {
    if g.chance(0.6) {
        (g.pw(&["3", "5", "10", "20", "25", "50", "100", "1", "15", "30"])).to_owned()
    } else {
        g.range(0, 101).to_string()
    }
}

/// How many calls: one (45%), two (35%) or three (20%).
pub(crate) fn call_count(g: &mut Gen) -> usize {
    1 + g.weighted(&[45, 35, 20])
}

/// Draws a valid draft of `n` calls over `specs` (which it may adjust: an array tool for shaping,
/// a cue-like argument).
pub(crate) fn draw(g: &mut Gen, specs: &mut [Spec], n: usize, shared: bool) -> Option<Draft> {
    let mut calls = Vec::with_capacity(n);
    if shared {
        let with_args: Vec<usize> = (0..specs.len())
            .filter(|&i| !specs[i].args.is_empty())
            .collect();
        let i = if with_args.is_empty() {
            let i = g.below(specs.len());
            add_hazard_arg(g, &mut specs[i]);
            if specs[i].args.is_empty() {
                return None;
            }
            i
        } else {
            *g.pick(&with_args)
        };
        let spec = &specs[i];
        let mut names: Vec<String> = spec.required.clone();
        for (a, _) in &spec.args {
            if !names.contains(a) && (names.is_empty() || g.chance(0.25)) {
                names.push(a.clone());
            }
        }
        let first = draw_args(g, spec, Some(&names));
        let order: Vec<String> = first.iter().map(|(a, _)| a.clone()).collect();
        calls.push(DCall {
            tool: spec.name.clone(),
            args: first,
        });
        for _ in 1..n {
            let args = order
                .iter()
                .map(|a| {
                    let kind = spec.arg_kind(a).unwrap_or(Kind::Team);
                    (a.clone(), values::value(g, kind))
                })
                .collect();
            calls.push(DCall {
                tool: spec.name.clone(),
                args,
            });
        }
    } else {
        let mut prev: Option<usize> = None;
        for k in 0..n {
            let i = match prev {
                Some(p) if g.chance(0.2) => p,
                _ => g.below(specs.len()),
            };
            if n == 1 && k == 0 {
                if g.chance(0.3) {
                    catalog::make_array(g, &mut specs[i], 2);
                }
                if specs[i].kind == ReturnKind::Array && g.chance(0.2) {
                    add_hazard_arg(g, &mut specs[i]);
                }
            } else if g.chance(0.08) {
                add_hazard_arg(g, &mut specs[i]);
            }
            let spec = &specs[i];
            calls.push(DCall {
                tool: spec.name.clone(),
                args: draw_args(g, spec, None),
            });
            prev = Some(i);
        }
    }
    let sched = if n == 1 {
        Sched::Default
    } else {
        [Sched::Default, Sched::Serial, Sched::Parallel][g.weighted(&[34, 30, 36])]
    };
    let out = if n == 1 {
        None
    } else {
        [None, Some(OutputKind::All), Some(OutputKind::Last)][g.weighted(&[50, 25, 25])]
    };
    let mut fields = Vec::new();
    let mut limit = None;
    if n == 1 {
        let spec = specs.iter().find(|s| s.name == calls[0].tool)?;
        if spec.kind == ReturnKind::Array && !spec.props.is_empty() {
            if g.chance(0.45) {
                let k = 1 + g.below(spec.props.len().min(3));
                let mut props = spec.props.clone();
                g.shuffle(&mut props);
                props.truncate(k);
                fields = props;
            }
            if g.chance(0.4) {
                limit = Some(limit_value(g));
            }
        } else if spec.kind == ReturnKind::Array && g.chance(0.4) {
            limit = Some(limit_value(g));
        }
    }
    Some(Draft {
        calls,
        sched,
        out,
        fields,
        limit,
    })
}
