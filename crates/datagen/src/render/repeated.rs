//! `repeated` (train and dev splits only, behind [`crate::Options::repeated`]): a serial plan in
//! which a tool is called again after a call (`count_notes, then list_notes, then count_notes
//! again`, `..., and get_deploy id "d-4" once more to see the status`, `re-run list_pods`).
//!
//! The word that says so (`again`, `once more`, `a second time`, `re-run`) asks for one more call
//! of a tool the request has already named; it is no retry, since nothing depends on how the
//! earlier call went. Each call is labeled where its tool is said, so the network learns that a
//! name it has read before may be a later call's tool. Some records say `again` of a tool called
//! once in the plan (it ran before this request), which asks for that one call.

use super::*;

/// Words after a tool (and its arguments) that say it runs once more.
const AGAIN: &[&str] = &[
    "again",
    "again",
    "once more",
    "one more time",
    "a second time",
    "a 2nd time",
    "once again",
    "another time",
];

/// Verbs before a tool that say it runs once more.
const RERUN: &[&str] = &[
    "re-run",
    "rerun",
    "redo",
    "repeat",
    "do another",
    "run another",
    "call again",
    "hit again",
];

/// Why the tool runs again, said after it; no clause asks for anything of a result.
const PURPOSE: &[&str] = &[
    "to see the status",
    "so I can see it",
    "to confirm",
    "to double-check",
    "for a fresh view",
    "so we see the new state",
    "to see where it stands now",
    "for the after picture",
];

/// Which tool each call takes: indices into the catalog, and which calls say they run again.
fn shape(g: &mut Gen, a: usize, b: usize) -> (Vec<usize>, Vec<bool>) {
    match g.weighted(&[60, 12, 14, 14]) {
        // `A, then B, then A again`
        0 => (vec![a, b, a], vec![false, false, true]),
        // `A, then B, then B again`
        1 => (vec![a, b, b], vec![false, false, true]),
        // `A, then B again` (B ran before this request)
        2 => (vec![a, b], vec![false, true]),
        // `A, A again, then B`
        _ => (vec![a, a, b], vec![false, true, false]),
    }
}

/// A serial plan in which a tool is called again after a call, written with the word that says so.
pub(crate) fn repeated(g: &mut Gen) -> Option<Example> {
    let size = catalog::size(g, 2);
    let specs = catalog::sample(g, size);
    if specs.len() < 2 {
        return None;
    }
    let a = g.below(specs.len());
    let b = (a + 1 + g.below(specs.len() - 1)) % specs.len();
    let (order, again) = shape(g, a, b);
    let mut calls: Vec<DCall> = Vec::with_capacity(order.len());
    for (k, &i) in order.iter().enumerate() {
        let spec = &specs[i];
        let earlier = calls.iter().find(|c| c.tool == spec.name).cloned();
        let args = match earlier {
            // The same values, or new ones for the same arguments.
            Some(c) if again[k] && g.chance(0.5) => c.args,
            Some(c) => {
                let names: Vec<String> = c.args.iter().map(|(n, _)| n.clone()).collect();
                draw_args(g, spec, Some(&names))
            }
            None => draw_args(g, spec, None),
        };
        calls.push(DCall {
            tool: spec.name.clone(),
            args,
        });
    }
    let n = calls.len();
    let draft = Draft {
        calls,
        sched: if g.chance(0.85) {
            Sched::Serial
        } else {
            Sched::Default
        },
        out: match g.weighted(&[70, 10, 20]) {
            0 => None,
            1 => Some(OutputKind::All),
            _ => Some(OutputKind::Last),
        },
        fields: Vec::new(),
        limit: None,
    };
    let mut t = Text::new(case(g));
    if g.chance(0.1) {
        filler(g, &mut t);
    }
    if draft.sched == Sched::Serial && g.chance(0.2) {
        t.w(g.pw(&["first", "first,", "to begin,", "first of all,"]));
    }
    let mut with_verb = true;
    for (k, c) in draft.calls.iter().enumerate() {
        if k > 0 {
            let cue = (draft.sched == Sched::Serial && (k == 1 || g.chance(0.7)))
                .then_some(Sched::Serial);
            with_verb = join(g, &mut t, cue);
        }
        if again[k] {
            again_call(g, &mut t, k + 1, c, with_verb);
        } else {
            call_any(g, &mut t, k + 1, c, with_verb);
        }
    }
    if let Some(kind) = draft.out {
        out_cue(g, &mut t, kind, n);
    }
    end(g, &mut t);
    finish_positive(g, t, &specs, &draft, "repeated")
}

/// Writes call `call` with the word that says it runs again, before or after its arguments.
fn again_call(g: &mut Gen, t: &mut Text, call: usize, c: &DCall, with_verb: bool) {
    // After a bare joiner (`followed by`), no verb: a `re-run` form reads as the other forms.
    let form = match g.weighted(&[35, 25, 15, 10, 15]) {
        2 if !with_verb => 0,
        form => form,
    };
    match form {
        // `call X again with a 1`
        0 => {
            if with_verb {
                verb(g, t);
            }
            mention(g, t, &c.tool, call);
            t.w(g.pw(AGAIN));
            if !c.args.is_empty() {
                t.w(g.pw(&["with", "for", "using", ""]));
                plain_list(g, t, call, &c.args);
            }
        }
        // `X a 1 again`, and with form 4 `X a 1 again to see the status`
        1 | 4 => {
            call_natural(g, t, call, c, with_verb);
            t.w(g.pw(AGAIN));
            if form == 4 {
                t.w(g.pw(PURPOSE));
            }
        }
        // `re-run X a 1`
        2 => {
            t.w(g.pw(RERUN));
            mention(g, t, &c.tool, call);
            args(g, t, call, &c.args);
        }
        // `X(a: 1) again`
        _ => {
            if with_verb && g.chance(0.4) {
                verb(g, t);
            }
            call_syntax(g, t, call, c);
            t.w(g.pw(AGAIN));
        }
    }
}
