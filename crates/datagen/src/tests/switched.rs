//! Tests of code-switched cues: the languages of `tongues` keep their labels, the twelve more
//! and the made-up languages are drawn only when asked, and the test split is untouched.

use super::*;

/// Draws 10,000 train records with `on` and checks that the cues said in each of `tongues` keep
/// their labels, that a record says them in one language, and that the test split is untouched.
fn switched_cues_keep_their_labels(on: Options, tongues: &[&tongues::Tongue]) {
    use codemode_plan::{Mode, OutputKind};
    let has = |text: &str, phrases: &[&str]| {
        phrases
            .iter()
            .any(|p| text.contains(p.trim_start_matches([',', '.', ' '])))
    };
    let (mut parallel, mut serial, mut last, mut limits, mut conditions) = (0, 0, 0, 0, 0);
    let (mut fields, mut rows) = (0, 0);
    for index in 0..10_000 {
        test_split_untouched(11, index, on, "");
        let e = example_with(11, index, Split::Train, on);
        let text = &e.instruction;
        // A record says its switched cues in one language.
        let spoken: Vec<&&tongues::Tongue> = tongues
            .iter()
            .filter(|t| has(text, t.parallel_pre) || has(text, t.serial_pre))
            .collect();
        assert!(spoken.len() <= 1, "{text}");
        for tongue in tongues {
            match &e.expected {
                Expected::Plan(plan) => {
                    // A serial cue may hold a parallel opener in title case (`Jangan
                    // Sekaligus, Satu-satu Aja`, `Nicht Gleichzeitig:`): only a record with no
                    // serial cue counts.
                    let lower = text.to_lowercase();
                    let negated = tongue.serial_post.iter().chain(tongue.serial_pre).any(|p| {
                        lower.contains(&p.trim_start_matches([',', '.', ' ']).to_lowercase())
                    });
                    if has(text, tongue.parallel_pre) && !negated {
                        assert_eq!(plan.mode, Mode::Parallel, "{text}");
                        parallel += 1;
                    }
                    if has(text, tongue.serial_pre) {
                        assert_eq!(plan.mode, Mode::Serial, "{text}");
                        serial += 1;
                    }
                    if has(text, tongue.out_last) {
                        assert_eq!(plan.output.kind, OutputKind::Last, "{text}");
                        last += 1;
                    }
                    if let Some(named) = &plan.output.fields {
                        let said = tongue.fields.iter().any(|(pre, post)| {
                            !pre.is_empty() && text.contains(&format!("{pre} {}", named[0]))
                                || !post.is_empty()
                                    && text.contains(&format!("{} {post}", named[named.len() - 1]))
                        });
                        fields += usize::from(said);
                    }
                    if tongue.limit.iter().any(|(pre, post)| {
                        !pre.is_empty()
                            && !post.is_empty()
                            && text.contains(&format!("{pre} "))
                            && text.contains(post)
                    }) {
                        limits += usize::from(plan.output.limit.is_some());
                    }
                }
                Expected::Diagnostic => {
                    let rows_said = has(text, tongue.count)
                        || tongue.filter_above.iter().any(|(pre, mid, _)| {
                            !pre.is_empty()
                                && !mid.is_empty()
                                && text.contains(pre)
                                && text.contains(mid)
                        })
                        || tongue
                            .sort_by
                            .iter()
                            .any(|(pre, _)| !pre.is_empty() && text.contains(pre));
                    if rows_said
                        && ["sort:sorted_by", "filter:above", "aggregate:how_many"]
                            .contains(&e.meta.template.as_str())
                    {
                        rows += 1;
                    }
                    if e.meta.template == "condition:if_then"
                        && tongue.cond_if.iter().any(|w| {
                            text.to_lowercase().starts_with(&format!("{w} "))
                                || text.contains(&format!(" {w} "))
                        })
                        && has(text, tongue.outcome)
                    {
                        conditions += 1;
                    }
                }
            }
        }
    }
    for (what, n) in [
        ("parallel", parallel),
        ("serial", serial),
        ("last", last),
        ("limits", limits),
        ("conditions", conditions),
        ("fields", fields),
        ("sort, filter and count", rows),
    ] {
        assert!(n >= 8, "{n} switched {what} cues");
    }
}

#[test]
fn code_switched_cues_keep_their_labels_and_stay_out_of_the_test_split() {
    let on = Options {
        code_switch: 0.5,
        ..Options::default()
    };
    switched_cues_keep_their_labels(on, &tongues::TONGUES.iter().collect::<Vec<_>>());
}

#[test]
fn the_twelve_more_languages_keep_their_labels_and_are_drawn_only_when_asked() {
    let on = Options {
        code_switch: 0.5,
        more_tongues: true,
        ..Options::default()
    };
    let every: Vec<_> = tongues::TONGUES.iter().chain(tongues::MORE).collect();
    switched_cues_keep_their_labels(on, &every);
    // Without the option no record says a cue in one of them: their schedule openers are
    // never drawn.
    let off = Options {
        code_switch: 0.5,
        ..Options::default()
    };
    let opens = |text: &str, t: &tongues::Tongue| {
        t.parallel_pre
            .iter()
            .chain(t.serial_pre)
            .any(|p| text.contains(p))
    };
    let (mut with, mut without) = (0, 0);
    for index in 0..4_000 {
        let drawn = example_with(11, index, Split::Train, off).instruction;
        without += tongues::MORE.iter().filter(|t| opens(&drawn, t)).count();
        let drawn = example_with(11, index, Split::Train, on).instruction;
        with += tongues::MORE.iter().filter(|t| opens(&drawn, t)).count();
    }
    assert_eq!(without, 0);
    assert!(with >= 10, "{with} records open in one of the twelve");
}

#[test]
fn made_up_languages_share_no_word_with_a_real_one_and_take_their_place() {
    let real: std::collections::HashSet<String> = tongues::TONGUES
        .iter()
        .chain(tongues::MORE)
        .flat_map(|t| t.parallel_pre.iter().chain(t.serial_pre).chain(t.out_last))
        .flat_map(|p| p.split(|c: char| !c.is_alphabetic()))
        .filter(|w| w.chars().count() > 3)
        .map(str::to_lowercase)
        .collect();
    let made = tongues::unheard();
    assert_eq!(made.len(), 4096);
    // The same list every time it is asked for, and the words of one language differ from
    // those of another made from the same real one.
    assert!(std::ptr::eq(made, tongues::unheard()));
    let every = tongues::TONGUES.len() + tongues::MORE.len();
    assert_ne!(made[0].parallel_pre, made[every].parallel_pre);
    let shared = made
        .iter()
        .flat_map(|t| t.parallel_pre.iter().chain(t.serial_pre).chain(t.out_last))
        .flat_map(|p| p.split(|c: char| !c.is_alphabetic()))
        .filter(|w| real.contains(&w.to_lowercase()))
        .count();
    assert_eq!(shared, 0, "made-up words that are real cue words");
    // Drawn, they take the place of the real languages: no record opens in a real one (an
    // opener the English records use too, such as `Parallel:`, is not counted).
    let english: Vec<String> = (0..4_000)
        .map(|index| example_with(11, index, Split::Train, Options::default()).instruction)
        .collect();
    let openers: Vec<&str> = tongues::TONGUES
        .iter()
        .chain(tongues::MORE)
        .flat_map(|t| t.parallel_pre.iter().chain(t.serial_pre))
        .filter(|p| !english.iter().any(|text| text.contains(*p)))
        .copied()
        .collect();
    let opens_real = |text: &str| openers.iter().any(|p| text.contains(p));
    let (mut real_off, mut real_on, mut differ) = (0, 0, 0);
    for index in 0..4_000 {
        let switched = Options {
            code_switch: 0.5,
            ..Options::default()
        };
        let unheard = Options {
            unheard: 1.0,
            ..switched
        };
        let before = example_with(11, index, Split::Train, switched);
        let after = example_with(11, index, Split::Train, unheard);
        real_off += usize::from(opens_real(&before.instruction));
        real_on += usize::from(opens_real(&after.instruction));
        differ += usize::from(before.instruction != after.instruction);
        test_split_untouched(11, index, unheard, "");
    }
    assert!(real_off >= 50, "{real_off}");
    assert_eq!(real_on, 0);
    assert!(differ >= 500, "{differ}");
}
