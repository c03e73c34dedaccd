//! Unsupported schedules: more than three calls, and serial and parallel groups mixed.

use crate::catalog;
use crate::render::{self, CallForm, Sched};
use crate::text::Text;
use crate::{Example, Gen, Split, Unsupported};

use super::*;

/// Four to six calls.
pub(super) fn too_many(g: &mut Gen) -> Option<Example> {
    let n = 4 + g.below(3);
    let shared = g.chance(0.3);
    let size = catalog::size(g, 1);
    let mut specs = catalog::sample(g, size);
    let mut d = render::draw(g, &mut specs, n, shared)?;
    d.fields.clear();
    d.limit = None;
    d.sched = [Sched::Default, Sched::Serial, Sched::Parallel][g.below(3)];
    d.out = None;
    let mut t = Text::new(render::case(g));
    let name = if shared {
        render::verb(g, &mut t);
        render::mention(g, &mut t, &d.calls[0].tool, 1);
        t.w(g.pt(
            &["for", "with", "over"],
            &["using", "on", "against", "across", "for all of"],
        ));
        for (k, c) in d.calls.iter().enumerate() {
            if k > 0 {
                render::piece(&mut t, if k == n - 1 { " and" } else { "," });
            }
            render::plain_list(g, &mut t, k + 1, &c.args);
        }
        if d.sched != Sched::Default {
            render::post_cue(g, &mut t, d.sched);
        }
        render::end(g, &mut t);
        "shared_tool"
    } else if g.split != Split::Test && g.chance(0.35) {
        // Train and dev only: one lead-in, then the calls as a comma list.
        t.w(g.pw(&[
            "I need results from",
            "get me data from",
            "hit all of these:",
            "run each of these:",
            "please call",
            "call these:",
            "we need",
            "call all of",
        ]));
        for (k, c) in d.calls.iter().enumerate() {
            if k > 0 {
                let sep = if k == n - 1 {
                    g.pw(&[" and", ", and", ", plus", " and also"])
                } else {
                    g.pw(&[",", ";", ", also"])
                };
                render::piece(&mut t, sep);
            }
            render::call_natural(g, &mut t, k + 1, c, false);
        }
        if d.sched != Sched::Default {
            render::post_cue(g, &mut t, d.sched);
        }
        render::end(g, &mut t);
        "call_list"
    } else {
        render::imperative(g, &mut t, &d, CallForm::Natural);
        "listed"
    };
    let refused = d.plan();
    finish(g, t, &specs, Unsupported::TooManyCalls, name, Some(refused))
}

/// Serial and parallel groups in one instruction.
pub(super) fn mixed(g: &mut Gen) -> Option<Example> {
    let (specs, d) = setup(g, 3)?;
    let (a, b, c) = (&d.calls[0], &d.calls[1], &d.calls[2]);
    let mut t = Text::new(render::case(g));
    let name;
    match variant_x(g, 4, 2, 1) {
        0 => {
            name = "then_parallel";
            call(g, &mut t, 1, a, true);
            render::piece(
                &mut t,
                g.pt(
                    &[", then", "; then", ". After that,"],
                    &[
                        ", and after that",
                        ". Once that's done,",
                        ". Next,",
                        "; afterwards",
                        ", and once it's back,",
                        ". With that done,",
                    ],
                ),
            );
            let v = g.chance(0.5);
            call(g, &mut t, 2, b, v);
            t.w("and");
            let v = g.chance(0.5);
            call(g, &mut t, 3, c, v);
            t.w(g.pt(
                &[
                    "at the same time",
                    "in parallel",
                    "concurrently",
                    "simultaneously",
                ],
                &[
                    "side by side",
                    "together",
                    "at once",
                    "both at once",
                    "without waiting on each other",
                    "in parallel with each other",
                ],
            ));
        }
        1 => {
            name = "parallel_then";
            call(g, &mut t, 1, a, true);
            t.w("and");
            let v = g.chance(0.5);
            call(g, &mut t, 2, b, v);
            t.w(g.pt(
                &["in parallel", "at the same time", "concurrently"],
                &["at once", "side by side", "together", "simultaneously"],
            ));
            render::piece(
                &mut t,
                g.pt(
                    &[
                        ", then",
                        "; once both are done,",
                        ". When both finish,",
                        ", and after that",
                    ],
                    &[
                        ". After both are done,",
                        "; with both results in hand,",
                        ". Once both have returned,",
                        ". After both return,",
                        ", and then, once both are back,",
                        ". Only after that,",
                    ],
                ),
            );
            call(g, &mut t, 3, c, true);
        }
        2 => {
            name = "parallel_prefix_then";
            t.w(g.pt(
                &["in parallel,", "at the same time,", "concurrently,"],
                &[
                    "simultaneously,",
                    "side by side,",
                    "all at once,",
                    "together,",
                ],
            ));
            call(g, &mut t, 1, a, true);
            t.w("and");
            let v = g.chance(0.5);
            call(g, &mut t, 2, b, v);
            render::piece(
                &mut t,
                g.pt(
                    &[
                        "; once both are done,",
                        ". After both finish,",
                        "; afterwards",
                    ],
                    &[
                        ". Once both have returned,",
                        "; after those two,",
                        ". Then, with both done,",
                        ", and after both,",
                    ],
                ),
            );
            call(g, &mut t, 3, c, true);
        }
        3 => {
            name = "first_then_concurrent";
            t.w(fixed_or(
                g,
                "first",
                &[
                    "to begin,",
                    "before anything else,",
                    "first of all,",
                    "start off:",
                ],
            ));
            call(g, &mut t, 1, a, true);
            render::piece(
                &mut t,
                g.pt(
                    &["; after that, run", ". Next, do", ", then run"],
                    &[
                        "; then kick off",
                        ". After that, fire off",
                        "; once it's done, start",
                        ", then do",
                        ". Afterwards, run",
                    ],
                ),
            );
            call(g, &mut t, 2, b, false);
            t.w("and");
            call(g, &mut t, 3, c, false);
            t.w(g.pt(
                &["concurrently", "side by side", "together in parallel"],
                &[
                    "in parallel",
                    "at the same time",
                    "simultaneously",
                    "both at once",
                    "at once",
                ],
            ));
        }
        4 => {
            name = "while_then";
            call(g, &mut t, 1, a, true);
            t.w("while");
            render::call_natural(g, &mut t, 2, b, false);
            t.w("runs, and when both are finished,");
            call(g, &mut t, 3, c, true);
        }
        5 => {
            name = "ordered_alongside";
            call(g, &mut t, 1, a, true);
            render::piece(&mut t, g.pw(&[", then", " and then", ", followed by"]));
            call(g, &mut t, 2, b, false);
            t.w(g.pw(&["in order", "one after the other", "in sequence"]));
            render::piece(
                &mut t,
                g.pw(&[
                    "; in parallel with those two,",
                    ", and at the same time",
                    ". Alongside that pair,",
                    ", and concurrently with both,",
                ]),
            );
            call(g, &mut t, 3, c, true);
        }
        _ => {
            name = "after_both";
            t.w(g.pw(&["once", "after", "as soon as"]));
            render::call_natural(g, &mut t, 1, a, false);
            t.w("and");
            render::call_natural(g, &mut t, 2, b, false);
            t.w(g.pw(&[
                "have run in parallel,",
                "have both run concurrently,",
                "are done running side by side,",
                "have both come back from a parallel run,",
            ]));
            call(g, &mut t, 3, c, true);
        }
    }
    render::end(g, &mut t);
    finish(g, t, &specs, Unsupported::MixedSchedule, name, None)
}
