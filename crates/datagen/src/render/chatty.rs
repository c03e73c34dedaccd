//! The `chatty` family: a greeting, filler and a polite phrase around the calls, maybe thanks
//! after.

use super::*;

/// `chatty`: a greeting, filler and a polite request around the calls, maybe thanks after.
pub(super) fn chatty(g: &mut Gen, t: &mut Text, d: &Draft) {
    if g.chance(0.6) {
        let greet = *g.pick(vocab::half(
            g.split,
            vocab::GREETINGS_TRAIN,
            vocab::GREETINGS_TEST,
        ));
        t.w(greet);
    }
    let fillers = g.weighted(&[25, 45, 20, 10]);
    for _ in 0..fillers {
        filler(g, t);
    }
    let polite = g.pt(POLITE, POLITE_EXTRA);
    t.w(polite);
    let inner = g.chance(0.5);
    if inner {
        // The polite phrase stands in for the first verb.
        let mut d2 = d.clone();
        let first = d2.calls.remove(0);
        mention(g, t, &first.tool, 1);
        args(g, t, 1, &first.args);
        let place = cue_place(g, d.sched);
        for (k, c) in d2.calls.iter().enumerate() {
            let cue = (place == Place::Join && k == 0).then_some(d.sched);
            let v = join(g, t, cue);
            call_natural(g, t, k + 2, c, v);
        }
        if place == Place::Post || place == Place::Pre {
            post_cue(g, t, d.sched);
        }
        if let Some(kind) = d.out {
            out_cue(g, t, kind, d.calls.len());
        }
        shaping_after(g, t, d);
        end(g, t);
    } else {
        imperative_with(g, t, d, CallForm::Natural, false);
    }
    if g.chance(0.2) {
        filler(g, t);
    }
    if g.chance(0.5) {
        let thanks = *g.pick(vocab::half(
            g.split,
            vocab::THANKS_TRAIN,
            vocab::THANKS_TEST,
        ));
        t.w(thanks);
    }
}
