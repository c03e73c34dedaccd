//! The `implied_name` family: call 1 gives the value of an argument without naming it
//! (`get_weather for "Hobart"`): the tool has no other argument of that type, or a word form
//! names it (`titled "X"`). A stretch beyond the contract, kept in its own family.

use super::*;

/// Words that name an argument without its exact name (`titled "X"` for `title`).
pub(super) fn word_form(arg: &str) -> Option<&'static [&'static str]> {
    Some(match arg {
        "title" => &["titled", "called"],
        "assignee" => &["assigned to"],
        "name" => &["named"],
        "tag" => &["tagged", "tagged with"],
        "owner" => &["owned by"],
        "query" => &["searching for", "matching"],
        "author" => &["written by"],
        "artist" => &["by the artist"],
        "destination" => &["going to", "bound for"],
        "origin" => &["leaving from", "departing"],
        "recipient" => &["addressed to"],
        _ => return None,
    })
}

/// `implied_name`: call 1's value for `arg` written without the argument's name, or after a word
/// form (`get_weather for "Hobart"`, `titled "X"`).
pub(super) fn implied_name(g: &mut Gen, t: &mut Text, d: &Draft, arg: &str) {
    let first = &d.calls[0];
    verb(g, t);
    mention(g, t, &first.tool, 1);
    match word_form(arg) {
        Some(forms) => t.w(g.pw(forms)),
        None => t.w(g.pt(
            &["for", "on", "with", "about", "using", "", "regarding"],
            &["concerning", "related to", "re", "w/"],
        )),
    }
    let others: Vec<(String, Lit)> = first
        .args
        .iter()
        .filter(|(a, _)| a != arg)
        .cloned()
        .collect();
    if let Some((_, lit)) = first.args.iter().find(|(a, _)| a == arg) {
        t.value(lit, 1, arg);
    }
    if !others.is_empty() {
        piece(t, g.pw(&[",", ";", ","]));
        args(g, t, 1, &others);
    }
    let place = cue_place(g, d.sched);
    for (k, c) in d.calls.iter().enumerate().skip(1) {
        let cue = (place == Place::Join && k == 1).then_some(d.sched);
        let v = join(g, t, cue);
        call_natural(g, t, k + 1, c, v);
    }
    if matches!(place, Place::Pre | Place::Post) {
        post_cue(g, t, d.sched);
    }
    if let Some(kind) = d.out {
        out_cue(g, t, kind, d.calls.len());
    }
    shaping_after(g, t, d);
    end(g, t);
}
