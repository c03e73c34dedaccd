//! Shaping phrases of a one-call draft: field lists and projections (`only id and name`, `just
//! the email field`) and row limits (`first 10 rows`, `at most 10`).

use super::*;

/// Writes an enumeration of fields: `a and b`, `a, b, c`, `a, then b, then c`.
pub(crate) fn field_list(g: &mut Gen, t: &mut Text, fields: &[String]) {
    // Styles 5.. are train-only; the test split draws exactly as it always has.
    let style = if g.split == Split::Test {
        g.below(5)
    } else {
        g.below(10)
    };
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            let last = i == fields.len() - 1;
            let sep = match style {
                0 => {
                    if last {
                        " and"
                    } else {
                        ","
                    }
                }
                1 => ",",
                2 => ", then",
                3 => {
                    if last {
                        ", and"
                    } else {
                        ","
                    }
                }
                4 => {
                    if last {
                        " plus"
                    } else {
                        ","
                    }
                }
                5 => {
                    if last {
                        " &"
                    } else {
                        ","
                    }
                }
                6 => " and",
                7 => {
                    if last {
                        " as well as"
                    } else {
                        ","
                    }
                }
                8 => {
                    if last {
                        ", plus"
                    } else {
                        ","
                    }
                }
                _ => {
                    if last {
                        " and also"
                    } else {
                        ";"
                    }
                }
            };
            piece(t, sep);
        }
        t.field(f);
    }
}

/// A projection phrase: `only id and name`, `just the email field`, `fields: a, b`.
pub(crate) fn fields_phrase(g: &mut Gen, t: &mut Text, fields: &[String]) {
    if let Some(tongue) = g.switched() {
        let (pre, post) = *g.pick(tongue.fields);
        t.w(pre);
        for (i, f) in fields.iter().enumerate() {
            if i + 1 == fields.len() && i > 0 {
                t.w(tongue.and);
            } else if i > 0 {
                t.p(",");
            }
            t.field(f);
        }
        t.w(post);
        return;
    }
    let plural = fields.len() > 1;
    // 0..11 shared, 11..13 test-only, 13.. train-only: the test split draws exactly as before.
    let form = if g.split == Split::Test {
        g.below(13)
    } else {
        match g.below(11 + 36) {
            i if i < 11 => i,
            i => i + 2,
        }
    };
    match form {
        0 => {
            t.w("only");
            field_list(g, t, fields);
        }
        1 => {
            t.w("just the");
            field_list(g, t, fields);
            t.w(if plural { "fields" } else { "field" });
        }
        2 => {
            t.w("keep only");
            field_list(g, t, fields);
        }
        3 => {
            t.w("fields");
            t.p(":");
            field_list(g, t, fields);
        }
        4 => {
            t.w("return");
            field_list(g, t, fields);
        }
        5 => {
            t.w("I only need");
            field_list(g, t, fields);
        }
        6 => {
            t.w("select");
            field_list(g, t, fields);
        }
        7 => {
            t.w("project to");
            field_list(g, t, fields);
        }
        8 => {
            t.w("only the");
            field_list(g, t, fields);
            t.w(if plural { "columns" } else { "column" });
        }
        9 => {
            t.w("show");
            field_list(g, t, fields);
            t.w("only");
        }
        10 => {
            t.w("with just");
            field_list(g, t, fields);
        }
        11 => {
            t.w("trim it down to");
            field_list(g, t, fields);
        }
        12 => {
            t.w("strip everything except");
            field_list(g, t, fields);
        }
        _ => fields_phrase_train(g, t, fields, form - 13),
    }
}

/// The train-only projection phrases (`form` in `0..36`).
fn fields_phrase_train(g: &mut Gen, t: &mut Text, fields: &[String], form: usize) {
    let plural = fields.len() > 1;
    // A phrase before the list, and a word after it (or none).
    let (pre, post): (&str, &str) = match form {
        0 => ("only keep", ""),
        1 => ("keep just", ""),
        2 => ("just", ""),
        3 => ("only the", if plural { "fields" } else { "field" }),
        4 => ("", "only"),
        5 => ("", if plural { "fields only" } else { "field only" }),
        6 => ("restrict the output to", ""),
        7 => ("narrow it to", ""),
        8 => ("pick out", ""),
        9 => ("pull out", ""),
        10 => ("I just want", ""),
        11 => ("only include", ""),
        12 => ("include only", ""),
        13 => ("with only", ""),
        14 => (
            "only the",
            if plural {
                g.pw(&["properties", "attributes", "keys"])
            } else {
                g.pw(&["property", "attribute", "key"])
            },
        ),
        15 => (
            "just the",
            if plural {
                "columns, please"
            } else {
                "column, please"
            },
        ),
        16 => ("returning only", ""),
        17 => ("showing only", ""),
        18 => ("just show", ""),
        19 => ("only show", ""),
        20 => ("display only", ""),
        21 => ("give me just", ""),
        22 => ("I only care about", ""),
        23 => ("columns", ""),
        24 => ("output only", ""),
        25 => ("nothing else, just", ""),
        // Phrasings whose other words also say rows, a filter or an aggregate elsewhere
        // (`everything other than the first 3 rows`, `cut it off at 5 rows`, `break them down by
        // region`): here the object is a field, so it is a projection.
        26 => ("drop everything but", ""),
        27 => ("remove everything other than", ""),
        28 => ("discard all fields besides", ""),
        29 => ("keep nothing but", ""),
        30 => ("", "and nothing else"),
        31 => ("cut it down to", ""),
        32 => ("reduce it to", ""),
        33 => ("throw away everything apart from", ""),
        34 => ("slim the output down to", ""),
        _ => ("limit the output to", ""),
    };
    if pre == "columns" {
        t.w(pre);
        t.p(":");
    } else {
        t.w(pre);
    }
    field_list(g, t, fields);
    t.w(post);
}

/// A row-limit phrase: `first 10 rows`, `at most 10`, `top 3`, `limit the rows to 25`.
pub(crate) fn limit_phrase(g: &mut Gen, t: &mut Text, n: &str) {
    let forms: &[(&str, &str)] = &[
        ("first", "rows"),
        ("at most", "rows"),
        ("at most", ""),
        ("top", ""),
        ("limit the rows to", ""),
        ("no more than", "results"),
        ("just", "rows"),
        ("cap it at", "rows"),
        ("the first", ""),
        ("", "rows max"),
        ("only the first", "entries"),
        ("up to", "rows"),
        ("max", "rows"),
        ("limit it to", "rows"),
        ("only", "rows"),
        ("the first", "items"),
    ];
    // Train-only forms: one draw over `forms` and these together (see `Gen::pick_or`).
    let extra: &[(&str, &str)] = &[
        ("no more than", "rows"),
        ("not more than", "rows"),
        ("at most", "results"),
        ("at most", "entries"),
        ("at most", "items"),
        ("up to", "results"),
        ("up to", "entries"),
        ("up to", ""),
        ("cap at", ""),
        ("cap the results at", ""),
        ("limit the results to", ""),
        ("limit the output to", "rows"),
        ("with a cap of", "rows"),
        ("a limit of", "rows"),
        ("capped at", "rows"),
        ("capped at", ""),
        ("just the first", ""),
        ("only the first", "rows"),
        ("only the first", ""),
        ("the first", "results"),
        ("the first", "entries"),
        ("first", "results"),
        ("first", "items"),
        ("first", ""),
        ("", "rows at most"),
        ("", "results max"),
        ("", "rows tops"),
        ("", "rows or fewer"),
        ("", "or fewer rows"),
        ("", "entries max"),
        ("", "rows only"),
        ("only", "results"),
        ("only", "entries"),
        ("just", "results"),
        ("just", "entries"),
        ("no more than", "entries"),
        ("never more than", "rows"),
        ("keep it to", "rows"),
        ("cut it off at", "rows"),
        ("stop after", "rows"),
        ("truncate to", "rows"),
        ("show the first", ""),
        ("only give me", "rows"),
        ("I only need", "rows"),
        ("top", "rows"),
        ("top", "results"),
        ("pls just", "rows"),
        ("at most", "rows, please"),
    ];
    let test_forms: &[(&str, &str)] = &[("a maximum of", "rows"), ("the initial", "rows")];
    let (pre, post) = if let Some(tongue) = g.switched() {
        *g.pick(tongue.limit)
    } else if g.split == Split::Test && g.chance(0.2) {
        *g.pick(test_forms)
    } else {
        *g.pick_or(forms, extra)
    };
    t.w(pre);
    let word = g.number_word(n);
    t.limit(word.unwrap_or(n));
    t.w(post);
}

/// Projection and limit of a one-call draft, after the call.
pub(crate) fn shaping_after(g: &mut Gen, t: &mut Text, d: &Draft) {
    if d.fields.is_empty() && d.limit.is_none() {
        return;
    }
    let lead = g.pw(&[",", " —", ";", ".", ", and", ":"]);
    piece(t, lead);
    if lead == "." && g.chance(0.5) {
        t.w(g.pt(
            &["give me", "return", "I want", "show me"],
            &["I need", "I'd like", "please give me", "send me"],
        ));
    }
    shaping_body(g, t, d);
}

/// The projection and limit phrases of [`shaping_after`], without its lead.
pub(super) fn shaping_body(g: &mut Gen, t: &mut Text, d: &Draft) {
    let fields_first = g.chance(0.6);
    let both = !d.fields.is_empty() && d.limit.is_some();
    if fields_first && !d.fields.is_empty() {
        fields_phrase(g, t, &d.fields);
    }
    if let Some(limit) = &d.limit {
        if both && fields_first {
            let sep = g.pt(&[",", " and", ", and", ";", " —"], &[", plus", " and also"]);
            piece(t, sep);
        }
        limit_phrase(g, t, limit);
    }
    if !fields_first && !d.fields.is_empty() {
        if both {
            let sep = g.pt(&[",", " and", ", and", ";", " —"], &[", plus", " and also"]);
            piece(t, sep);
        }
        fields_phrase(g, t, &d.fields);
    }
}
