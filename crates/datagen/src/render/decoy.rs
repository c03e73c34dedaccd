//! The `decoy` family: a catalog tool named only to say it is not wanted (`Don't touch x.`,
//! `instead of x,`), before or after the calls; it carries no label.

use super::*;

/// A tool named only to say it is not wanted; it carries no label.
fn decoy_name(g: &mut Gen, t: &mut Text, decoy: &str) {
    if g.chance(0.25) {
        t.raw(&format!("`{decoy}`"));
    } else {
        t.raw(decoy);
    }
}

/// A decoy tool said not to be used, after the calls (`Don't touch x.`).
pub(super) fn decoy_outro(g: &mut Gen, t: &mut Text, decoy: &str) {
    let (pre, post) = *g.pick_or(
        &[
            ("Don't touch", "."),
            ("No need to call", "."),
            ("(not", ")"),
            ("Leave", "alone."),
            ("Avoid", "for now."),
        ],
        &[
            ("Don't call", "."),
            ("Please don't use", "."),
            ("Ignore", "."),
            ("Skip", "."),
            ("Stay away from", "."),
            ("Do not run", "."),
            ("And don't bother with", "."),
            ("(no", ")"),
            ("(skip", ")"),
        ],
    );
    t.w(pre);
    decoy_name(g, t, decoy);
    if post.starts_with(['.', ')']) {
        t.p(post);
    } else {
        t.w(post);
    }
}

/// A decoy tool said not to be used, before the calls (`don't use x;`, `instead of x,`).
pub(super) fn decoy_intro(g: &mut Gen, t: &mut Text, decoy: &str) {
    match g.below(4) {
        0 => {
            t.w(g.pt(
                &["don't use", "do not call", "no need for"],
                &[
                    "don't call",
                    "please don't touch",
                    "avoid",
                    "ignore",
                    "no need to call",
                    "don't bother with",
                ],
            ));
            decoy_name(g, t, decoy);
            t.p(g.pw(&[";", ".", " —", ","]));
        }
        1 => {
            t.w(g.pt(
                &["instead of", "rather than"],
                &["in place of", "as opposed to"],
            ));
            decoy_name(g, t, decoy);
            t.p(",");
        }
        2 => {
            t.w("skip");
            decoy_name(g, t, decoy);
            t.p(g.pw(&[";", "."]));
            t.w("just");
        }
        _ => {
            t.w("not");
            decoy_name(g, t, decoy);
            t.p(g.pw(&[" —", ":", ","]));
        }
    }
}
