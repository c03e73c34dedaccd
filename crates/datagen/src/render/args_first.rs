//! The `args_first` family: the first call's arguments before its tool (`for id 5, call
//! get_user`, `check id 5 using get_user`).

use super::*;

/// `args_first`: the arguments before the tool (`for id 5, call get_user`).
pub(super) fn args_first(g: &mut Gen, t: &mut Text, d: &Draft) {
    let first = &d.calls[0];
    if first.args.is_empty() || d.calls.len() > 1 && d.sched == Sched::Parallel {
        return imperative(g, t, d, CallForm::Natural);
    }
    let form = g.below(3);
    match form {
        0 => {
            t.w(g.pt(
                &["with", "for", "using", "given"],
                &["passing", "taking", "w/"],
            ));
            plain_list(g, t, 1, &first.args);
            t.p(",");
            verb(g, t);
            mention(g, t, &first.tool, 1);
        }
        1 => {
            t.w(g.pt(
                &["look at", "check", "find", "get"],
                &["pull up", "show me", "grab", "look up"],
            ));
            plain_list(g, t, 1, &first.args);
            t.w(g.pt(
                &["using", "via", "with", "through"],
                &["by calling", "by using", "with the help of", "by way of"],
            ));
            mention(g, t, &first.tool, 1);
        }
        _ => {
            plain_list(g, t, 1, &first.args);
            t.w("—");
            verb(g, t);
            mention(g, t, &first.tool, 1);
            t.w(g.pt(
                &["with those", "on that", "for that", ""],
                &["on those", "with that", "for those", "with these"],
            ));
        }
    }
    let rest = Draft {
        calls: d.calls[1..].to_vec(),
        ..d.clone()
    };
    for (k, c) in rest.calls.iter().enumerate() {
        let cue = (d.sched == Sched::Serial).then_some(Sched::Serial);
        let v = join(g, t, cue);
        call_natural(g, t, k + 2, c, v);
    }
    if let Some(kind) = d.out {
        out_cue(g, t, kind, d.calls.len());
    }
    shaping_after(g, t, d);
    end(g, t);
}
