//! The `shared_tool` family: one tool named once for several calls (`get_weather over city "A",
//! city "B" and city "C"`, `once with ... and once with ...`, `twice: with ... and with ...`).

use super::*;

/// `shared_tool`: one tool named once for several calls (`get_weather over city "A", city "B"
/// and city "C"`).
pub(super) fn shared_tool(g: &mut Gen, t: &mut Text, d: &Draft) {
    let n = d.calls.len();
    let place = cue_place(g, d.sched);
    if place == Place::Pre {
        pre_cue(g, t, d.sched);
    }
    verb(g, t);
    mention(g, t, &d.calls[0].tool, 1);
    match g.below(4) {
        0 => {
            // `get_weather over city "A", city "B" and city "C"`
            t.w(g.pt(
                &["over", "for", "with", "on", "across", ""],
                &["using", "w/"],
            ));
            for (k, c) in d.calls.iter().enumerate() {
                if k > 0 {
                    let sep = if k == n - 1 {
                        g.pw(&[" and", ", and", ","])
                    } else {
                        ","
                    };
                    piece(t, sep);
                    if place == Place::Join && k == n - 1 {
                        t.w(shared_cue(g, d.sched));
                    }
                }
                plain_list(g, t, k + 1, &c.args);
            }
        }
        1 => {
            // `once with ... and once with ...`
            for (k, c) in d.calls.iter().enumerate() {
                if k > 0 {
                    piece(
                        t,
                        if k == n - 1 {
                            g.pw(&[" and", ", and"])
                        } else {
                            ","
                        },
                    );
                    if place == Place::Join && d.sched == Sched::Serial {
                        t.w(shared_cue(g, Sched::Serial));
                    }
                }
                t.w("once with");
                plain_list(g, t, k + 1, &c.args);
            }
        }
        2 => {
            // `with ..., then again with ...`
            t.w(g.pw(&["with", "for", "using"]));
            plain_list(g, t, 1, &d.calls[0].args);
            for (k, c) in d.calls.iter().enumerate().skip(1) {
                let joiner = if place == Place::Join && d.sched == Sched::Serial {
                    g.pt(
                        &[
                            ", then again with",
                            ". Then call it again with",
                            ", and after that again with",
                        ],
                        &[
                            ", then with",
                            ", and then with",
                            ". After that, call it with",
                            ". Next, run it with",
                            ", followed by a call with",
                            ", and afterwards with",
                        ],
                    )
                } else if place == Place::Join {
                    g.pt(
                        &[
                            ", and at the same time again with",
                            ", and in the meantime with",
                        ],
                        &[
                            ", and simultaneously with",
                            ", and concurrently with",
                            ", and in parallel with",
                            ". At the same time, call it with",
                        ],
                    )
                } else {
                    g.pt(
                        &[
                            ", and again with",
                            "; and once more with",
                            ", and also with",
                            ", and with",
                        ],
                        &[", plus with", ", as well as with", ". Also call it with"],
                    )
                };
                piece(t, joiner);
                plain_list(g, t, k + 1, &c.args);
            }
        }
        _ => {
            // `twice: with ... and with ...`
            t.w(if n == 2 {
                "twice"
            } else {
                g.pw(&["three times", "3 times"])
            });
            t.p(g.pw(&[":", " —", ","]));
            for (k, c) in d.calls.iter().enumerate() {
                if k > 0 {
                    piece(t, if k == n - 1 { " and" } else { "," });
                    if place == Place::Join && d.sched == Sched::Serial {
                        t.w(shared_cue(g, Sched::Serial));
                    }
                }
                if g.chance(0.5) {
                    t.w(g.pt(&["with", "for"], &["using"]));
                }
                plain_list(g, t, k + 1, &c.args);
            }
        }
    }
    if place == Place::Post || (place == Place::Join && d.sched == Sched::Parallel) {
        post_cue(g, t, d.sched);
    }
    if let Some(kind) = d.out {
        out_cue(g, t, kind, n);
    }
    end(g, t);
}

/// The schedule cue of the shared-tool family before its last call: `then` / `at the same time`,
/// widened in the train and dev splits. The test split draws nothing here, as before.
fn shared_cue(g: &mut Gen, sched: Sched) -> &'static str {
    let serial = sched == Sched::Serial;
    match (g.split, serial) {
        (Split::Test, true) => "then",
        (Split::Test, false) => "at the same time",
        (_, true) => g.pt(
            &["then"],
            &[
                "and then",
                "after that",
                "next",
                "afterwards",
                "then after that",
            ],
        ),
        (_, false) => g.pt(
            &["at the same time"],
            &[
                "simultaneously",
                "concurrently",
                "in parallel",
                "all at the same time",
            ],
        ),
    }
}
