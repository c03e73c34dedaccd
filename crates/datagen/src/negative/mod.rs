//! Negative examples: records the planner must answer with a diagnostic.
//!
//! Three kinds: structures the contract does not support (conditions, loops, dependencies,
//! retries, more than three calls, mixed schedules, sorting, filtering, aggregation, rows other
//! than the first N), plans that break a catalog rule (the checker's classes), and records that
//! break a frontend rule. Each phrasing is its own variant, named in `meta.template` as
//! `class:variant`; a few variants of each class are written only in the test split.

use crate::catalog::{self, Spec};
use crate::render::{self, DCall, Draft, spec_of};
use crate::text::Text;
use crate::{Example, Expected, Gen, Meta, Role, Split, Unsupported};

mod checker;
mod rows;
mod schedule;
mod spoken;
mod structure;

use checker::{checker, record};
use rows::rows;
use schedule::{mixed, too_many};
use structure::structure;

/// A negative example of a class drawn at random.
pub(crate) fn make(g: &mut Gen) -> Option<Example> {
    use Unsupported::*;
    let classes = [
        (Condition, 9),
        (Loop, 8),
        (Dependency, 9),
        (Retry, 7),
        (TooManyCalls, 6),
        (MixedSchedule, 7),
        (Sort, 7),
        (Filter, 7),
        (Aggregate, 7),
        (OtherRows, 6),
        (Checker, 22),
        (Record, 7),
    ];
    let weights: Vec<u32> = classes.iter().map(|(_, w)| *w).collect();
    let class = classes[g.weighted(&weights)].0;
    match class {
        Checker => checker(g),
        Record => record(g),
        TooManyCalls => too_many(g),
        MixedSchedule => mixed(g),
        // Results merged across calls, with `Options::spoken` only.
        Aggregate if g.spoken() && g.chance(0.3) => spoken::merged(g),
        Sort | Filter | Aggregate | OtherRows => rows(g, class),
        _ => structure(g, class),
    }
}

/// Picks a variant index: `shared` variants in both splits, `test_only` more in the test split.
fn variant(g: &mut Gen, shared: usize, test_only: usize) -> usize {
    if g.split == Split::Test && test_only > 0 && g.chance(0.3) {
        shared + g.below(test_only)
    } else {
        g.below(shared)
    }
}

/// Like [`variant`], widened in the train and dev splits by `train_extra` variants, numbered after
/// the test-only ones (`shared + test_only ..`). In the test split it draws exactly as
/// `variant(g, shared, test_only)` does, so the test split does not change.
fn variant_x(g: &mut Gen, shared: usize, train_extra: usize, test_only: usize) -> usize {
    if g.split == Split::Test {
        return variant(g, shared, test_only);
    }
    let i = g.below(shared + train_extra);
    if i < shared { i } else { i + test_only }
}

/// `fixed` in the test split, without a draw; in the train and dev splits one of `fixed` and
/// `train_extra`.
fn fixed_or(g: &mut Gen, fixed: &'static str, train_extra: &[&'static str]) -> &'static str {
    if g.split == Split::Test {
        fixed
    } else {
        g.pt(&[fixed], train_extra)
    }
}

fn setup(g: &mut Gen, n: usize) -> Option<(Vec<Spec>, Draft)> {
    setup_shared(g, n, 0.0)
}

/// [`setup`], whose calls all use one tool with probability `share` (no draw when it is 0).
fn setup_shared(g: &mut Gen, n: usize, share: f64) -> Option<(Vec<Spec>, Draft)> {
    let size = catalog::size(g, 1);
    let mut specs = catalog::sample(g, size);
    let shared = share > 0.0 && g.chance(share);
    let mut d = render::draw(g, &mut specs, n, shared)?;
    d.fields.clear();
    d.limit = None;
    d.out = None;
    Some((specs, d))
}

/// The diagnostic example `t` makes over `specs`, of class `class` (template `CLASS:VARIANT`),
/// with the plan the checker refuses when there is one.
pub(crate) fn finish(
    g: &mut Gen,
    t: Text,
    specs: &[Spec],
    class: Unsupported,
    variant: &str,
    refused: Option<codemode_plan::Plan>,
) -> Option<Example> {
    let (instruction, mut spans) = t.finish();
    let catalog = catalog::catalog(specs);
    // A tool mention that names no catalog tool carries no label.
    spans.retain(|s| s.role != Role::Tool || catalog.get(&instruction[s.start..s.end]).is_some());
    Some(Example {
        instruction,
        tools: catalog::json(specs),
        expected: Expected::Diagnostic,
        meta: Meta {
            template: format!("{}:{variant}", class.as_str()),
            split: g.split,
            unsupported: Some(class),
            spans,
        },
        refused_plan: refused,
    })
}

fn call(g: &mut Gen, t: &mut Text, k: usize, c: &DCall, with_verb: bool) {
    render::call_any(g, t, k, c, with_verb);
}

fn noun(g: &mut Gen) -> &'static str {
    g.pt(
        &[
            "user", "item", "row", "result", "record", "entry", "ticket", "id",
        ],
        &[
            "customer", "member", "file", "order", "message", "account", "host", "issue",
        ],
    )
}

fn prop_or(g: &mut Gen, spec: &Spec, fallback: &'static str) -> String {
    if spec.props.is_empty() {
        fallback.to_owned()
    } else {
        g.pick(&spec.props).clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn train_only_variants_and_words_leave_the_test_split_stream_alone() {
        for seed in 0..40 {
            let (mut a, mut b) = (Gen::new(seed, Split::Test), Gen::new(seed, Split::Test));
            for _ in 0..30 {
                assert_eq!(variant_x(&mut a, 7, 4, 2), variant(&mut b, 7, 2));
                assert_eq!(fixed_or(&mut a, "rows", &["entries"]), "rows");
                assert_eq!(a.pick_or(&[1, 2, 3], &[9]), b.pick(&[1, 2, 3]));
            }
            assert_eq!(a.below(1000), b.below(1000));
        }
        let mut g = Gen::new(1, Split::Train);
        let seen: Vec<usize> = (0..400).map(|_| variant_x(&mut g, 7, 4, 2)).collect();
        assert!(seen.iter().all(|&v| v < 7 || (9..13).contains(&v)));
        assert!(seen.iter().any(|&v| v >= 9));
    }
}
