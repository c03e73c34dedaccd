//! The `steps` family: serial calls as ordered or numbered steps (`First, ... Next, ...
//! Finally, ...`, `Step 1: ...`), parallel ones as a numbered list run together.

use super::*;

/// `steps`: ordered or numbered steps (`First, ... Next, ... Finally, ...`, `Step 1: ...`, `1)`).
pub(super) fn steps(g: &mut Gen, t: &mut Text, d: &Draft) {
    let n = d.calls.len();
    if n == 1 || d.sched == Sched::Default {
        return imperative(g, t, d, CallForm::Natural);
    }
    if d.sched == Sched::Serial {
        let form = g.below(4);
        for (k, c) in d.calls.iter().enumerate() {
            let last = k == n - 1;
            match form {
                0 => {
                    let w = if k == 0 {
                        g.pt(
                            &["First,", "First", "To start,", "Start by calling"],
                            &[
                                "Firstly,",
                                "To begin,",
                                "First off,",
                                "Begin by calling",
                                "First up,",
                                "To kick things off,",
                            ],
                        )
                    } else if last {
                        g.pt(
                            &[
                                "Finally,",
                                "Lastly,",
                                "Last,",
                                "And finally",
                                "then",
                                "and then",
                            ],
                            &[
                                "At the end,",
                                "To finish,",
                                "And lastly,",
                                "To wrap up,",
                                "And to finish,",
                                "after that",
                            ],
                        )
                    } else {
                        g.pt(
                            &["Next,", "Then", "After that,", "Second,"],
                            &["Afterwards,", "Following that,", "Then,", "After this,"],
                        )
                    };
                    if k > 0 {
                        t.p(g.pw(&[".", ";", ","]));
                    }
                    t.w(w);
                    let v = !w.ends_with("calling") && g.chance(0.6);
                    call_any(g, t, k + 1, c, v);
                }
                1 => {
                    if k > 0 {
                        t.p(".");
                    }
                    t.w("Step");
                    t.w(&(k + 1).to_string());
                    t.p(":");
                    let v = g.chance(0.6);
                    call_any(g, t, k + 1, c, v);
                }
                2 => {
                    if k > 0 {
                        t.newline();
                    }
                    t.w(&(k + 1).to_string());
                    t.p(")");
                    let v = g.chance(0.5);
                    call_any(g, t, k + 1, c, v);
                }
                _ => {
                    if k > 0 {
                        piece(t, if last { ", and finally" } else { ", next" });
                    } else {
                        t.w("first");
                    }
                    let v = g.chance(0.5);
                    call_any(g, t, k + 1, c, v);
                }
            }
        }
    } else {
        // Numbered items, run together.
        if g.chance(0.5) {
            t.w(g.pt(
                &["Do these", "Run these", "Handle these"],
                &[
                    "Please run these",
                    "Execute these",
                    "Kick off these",
                    "Fire off these",
                ],
            ));
            t.w(&n.to_string());
            t.w(g.pt(
                &[
                    "at the same time",
                    "in parallel",
                    "concurrently",
                    "all at once",
                ],
                &[
                    "simultaneously",
                    "together",
                    "side by side",
                    "all together",
                    "in one go",
                    "in parallel pls",
                ],
            ));
            t.p(":");
        } else {
            pre_cue(g, t, Sched::Parallel);
        }
        for (k, c) in d.calls.iter().enumerate() {
            if k > 0 {
                t.newline();
            }
            t.w(&(k + 1).to_string());
            t.p(g.pw(&[")", ".", ":"]));
            let v = g.chance(0.5);
            call_any(g, t, k + 1, c, v);
        }
    }
    if let Some(kind) = d.out {
        out_cue(g, t, kind, n);
    }
    end(g, t);
}
