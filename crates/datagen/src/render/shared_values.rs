//! `shared_values` (train and dev splits only, behind [`crate::Options::shared_values`]): two or
//! three calls of one tool that share a value said once, the way people say it: after the calls
//! (`get_weather city "A" and city "B", days 3 for both`), before them (`both with days 3:`,
//! `days 3 para los dos:`), or in the fanned-out tool's head (`get_weather days 3 for city "A"
//! and city "B"`), in English or in one of the languages people switch into (`für beide`, `pro
//! oba`, `dono ke liye`).
//!
//! The shared value and its argument's name are labeled once, for the first call, as
//! [`crate::Options`]' other families label a shared tool; every call of the plan takes it. The
//! network's shared-value head learns from these records which values are said for every call.

use super::*;

/// After the value, for two calls, in English.
const BOTH: &[&str] = &[
    "for both",
    "for both of them",
    "on both",
    "in both",
    "for each",
    "on each",
    "for each one",
    "each",
    "both",
    "in each case",
    "for the two of them",
    "same for both",
];

/// After the value, for three calls, in English.
const ALL_THREE: &[&str] = &[
    "for all three",
    "for all of them",
    "on all three",
    "for each",
    "on each",
    "each",
    "across all three",
    "for every one",
];

/// Before the value, in English (`both with days 3`).
const BOTH_BEFORE: &[&str] = &[
    "both with",
    "each with",
    "for both,",
    "for each,",
    "same for both:",
    "all with",
    "every call with",
];

/// "For both" and "for all three" as people who switch languages say them, after the value.
const SWITCHED: &[(&str, &str)] = &[
    ("para los dos", "para los tres"),
    ("para ambos", "para todos"),
    ("pros dois", "pros três"),
    ("para os dois", "para os três"),
    ("für beide", "für alle drei"),
    ("fuer beide", "fuer alle drei"),
    ("pour les deux", "pour les trois"),
    ("per entrambi", "per tutti e tre"),
    ("voor allebei", "voor alle drie"),
    ("dla obu", "dla wszystkich trzech"),
    ("pro oba", "pro všechny tři"),
    ("ikisi için de", "üçü için de"),
    ("untuk keduanya", "untuk ketiganya"),
    ("untuk dua-dua", "untuk tiga-tiga"),
    ("dono ke liye", "teeno ke liye"),
    ("dono me", "teeno me"),
    ("pareho sa dalawa", "sa tatlo"),
    ("kwa zote mbili", "kwa zote tatu"),
    ("cho ca hai", "cho ca ba"),
    ("dlya oboikh", "dlya vsekh trekh"),
    ("ryouhou", "zenbu"),
    ("dul da", "se gae da"),
    ("kai gia ta dyo", "kai gia ta tria"),
    ("liang ge dou", "san ge dou"),
    ("la tnein", "la tleteh"),
    ("für beidi", "für alli drü"),
    ("rendukkum", "moonukkum"),
    ("dutor jonnoi", "tintei"),
];

/// A value said once for two or three calls of one tool, or `None` when the draw does not fit
/// (a tool without two arguments, or calls that would be the same).
pub(crate) fn shared_values(g: &mut Gen) -> Option<Example> {
    let size = catalog::size(g, 1);
    let specs = catalog::sample(g, size);
    let spec = g.pick(&specs).clone();
    let first = draw_args(g, &spec, None);
    if first.len() < 2 {
        return None;
    }
    let (name, lit) = first[g.below(first.len())].clone();
    // The shared argument, written once as call 1's.
    let shared = [(name.clone(), lit.clone())];
    let names: Vec<String> = first.iter().map(|(n, _)| n.clone()).collect();
    let n = if g.chance(0.75) { 2 } else { 3 };
    let mut calls = vec![DCall {
        tool: spec.name.clone(),
        args: first,
    }];
    for _ in 1..n {
        let mut args = draw_args(g, &spec, Some(&names));
        for (a, v) in args.iter_mut() {
            if *a == name {
                *v = lit.clone();
            }
        }
        // Calls that differ only by chance in nothing would be one call asked twice.
        if calls.iter().any(|c| c.args == args) {
            return None;
        }
        calls.push(DCall {
            tool: spec.name.clone(),
            args,
        });
    }
    let sched = [Sched::Default, Sched::Parallel, Sched::Serial][g.weighted(&[40, 35, 25])];
    let draft = Draft {
        calls,
        sched,
        out: match g.weighted(&[80, 10, 10]) {
            0 => None,
            1 => Some(OutputKind::All),
            _ => Some(OutputKind::Last),
        },
        fields: Vec::new(),
        limit: None,
    };
    // Each call as it is written: without the shared argument.
    let written: Vec<DCall> = draft
        .calls
        .iter()
        .map(|c| DCall {
            tool: c.tool.clone(),
            args: c.args.iter().filter(|(a, _)| *a != name).cloned().collect(),
        })
        .collect();
    let switched = g.chance(0.4);
    let after = if switched {
        let (two, three) = *g.pick(SWITCHED);
        if n == 2 { two } else { three }
    } else if n == 2 {
        g.pw(BOTH)
    } else {
        g.pw(ALL_THREE)
    };
    let mut t = Text::new(case(g));
    if g.chance(0.1) {
        filler(g, &mut t);
    }
    let mut cue_said = sched != Sched::Default && g.chance(0.5);
    if cue_said {
        pre_cue(g, &mut t, sched);
    }
    match g.weighted(&[45, 25, 30]) {
        // `get_weather city "A" and get_weather city "B", days 3 for both`
        0 => {
            cue_said |= calls_in_turn(g, &mut t, &written, sched, cue_said);
            piece(&mut t, g.pw(&[",", ";", " —", ",", ""]));
            plain_list(g, &mut t, 1, &shared);
            t.w(after);
        }
        // `both with days 3: get_weather city "A" and get_weather city "B"`, or `days 3 para
        // los dos:` before them
        1 => {
            if switched || g.chance(0.3) {
                plain_list(g, &mut t, 1, &shared);
                t.w(after);
            } else {
                t.w(g.pw(BOTH_BEFORE));
                plain_list(g, &mut t, 1, &shared);
            }
            piece(&mut t, g.pw(&[":", ",", " —", ""]));
            cue_said |= calls_in_turn(g, &mut t, &written, sched, cue_said);
        }
        // `get_weather days 3 for city "A" and city "B"`: the tool and the shared value once
        _ => {
            if g.chance(0.5) {
                verb(g, &mut t);
            }
            t.tool(&spec.name, 1, false);
            plain_list(g, &mut t, 1, &shared);
            if g.chance(0.4) {
                t.w(after);
                piece(&mut t, ",");
            }
            t.w(g.pw(&["for", "with", "over", "on", ""]));
            for (k, c) in written.iter().enumerate() {
                if k > 0 {
                    piece(&mut t, if k + 1 == n { " and" } else { "," });
                }
                plain_list(g, &mut t, k + 1, &c.args);
            }
        }
    }
    if sched != Sched::Default && !cue_said {
        post_cue(g, &mut t, sched);
    }
    if let Some(kind) = draft.out {
        out_cue(g, &mut t, kind, n);
    }
    end(g, &mut t);
    finish_positive(g, t, &specs, &draft, "shared_values")
}

/// Writes the calls one after another, each with its tool, maybe with the schedule's cue
/// between them when it was not said before them; answers whether it was said between them.
fn calls_in_turn(g: &mut Gen, t: &mut Text, calls: &[DCall], sched: Sched, cue_said: bool) -> bool {
    let mut with_verb = true;
    let mut said = false;
    for (k, c) in calls.iter().enumerate() {
        if k > 0 {
            let cue = (!cue_said && sched != Sched::Default && g.chance(0.5)).then_some(sched);
            said |= cue.is_some();
            with_verb = join(g, t, cue);
        }
        call_any(g, t, k + 1, c, with_verb);
    }
    said
}
