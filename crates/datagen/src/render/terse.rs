//! The `terse` family: tools and `name value` pairs with little prose, and short cues (`seq:`,
//! `(parallel)`, `; last result only`).

use super::*;

/// `terse`: tools and `name value` pairs with little prose (`seq: get_user id 5 then f a=1`).
pub(super) fn terse(g: &mut Gen, t: &mut Text, d: &Draft) {
    let place = cue_place(g, d.sched);
    if place == Place::Pre {
        let s = match d.sched {
            Sched::Serial => g.pt(
                &["seq:", "in order:", "sequential:", "serially:"],
                &[
                    "one by one:",
                    "in sequence:",
                    "sequentially:",
                    "step by step:",
                    "one after another:",
                    "consecutively:",
                ],
            ),
            _ => g.pt(
                &["parallel:", "concurrently:", "in parallel:", "at once:"],
                &["simultaneously:", "together:", "all at once:", "same time:"],
            ),
        };
        t.w(s);
    }
    let eq = g.below(3);
    for (k, c) in d.calls.iter().enumerate() {
        if k > 0 {
            let s = if place == Place::Join && d.sched == Sched::Serial {
                g.pt(
                    &[" then", ", then", " ->", "; then"],
                    &[
                        " =>",
                        ", and then",
                        ", after that",
                        ", next",
                        ", afterwards",
                    ],
                )
            } else if place == Place::Join {
                g.pt(
                    &[" + in parallel", ", concurrently with"],
                    &[
                        " + concurrently",
                        ", simultaneously with",
                        ", alongside",
                        " + at the same time",
                        " & in parallel",
                    ],
                )
            } else {
                g.pt(&[";", ",", " and", " /"], &[" &", " +", ", also", " plus"])
            };
            piece(t, s);
        }
        t.tool(&c.tool, k + 1, g.chance(0.2));
        for (name, lit) in &c.args {
            t.argname(name, k + 1, false);
            match eq {
                0 => {}
                1 => {
                    t.p("=");
                    t.tight();
                }
                _ => t.p(":"),
            }
            t.value(lit, k + 1, name);
        }
    }
    if place == Place::Post {
        let s = match d.sched {
            Sched::Serial => g.pt(
                &[" (in order)", " — sequential", ", one by one", " serially"],
                &[
                    " (sequentially)",
                    " (one by one)",
                    " — one after another",
                    ", in sequence",
                    " — in order",
                    " (in that order)",
                ],
            ),
            _ => g.pt(
                &[
                    " (parallel)",
                    " — concurrently",
                    ", all at once",
                    " in parallel",
                ],
                &[
                    " (concurrently)",
                    " (at the same time)",
                    " — simultaneously",
                    ", together",
                    " (all at once)",
                    " (in parallel)",
                ],
            ),
        };
        piece(t, s);
    }
    if let Some(kind) = d.out {
        let s = match kind {
            OutputKind::All => g.pt(
                &["; return all", " — all results", "; both/all results"],
                &[
                    "; all results",
                    " — return everything",
                    "; every result",
                    " (all results)",
                    "; return each",
                ],
            ),
            OutputKind::Last => g.pt(
                &["; last result only", " — only the last", "; return last"],
                &[
                    "; only last",
                    " — last result only",
                    "; final result only",
                    " (last only)",
                    "; just the last",
                ],
            ),
        };
        piece(t, s);
    }
    if !d.fields.is_empty() || d.limit.is_some() {
        shaping_after(g, t, d);
    }
}
