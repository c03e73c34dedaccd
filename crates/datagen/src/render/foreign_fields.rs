//! `foreign_fields` (train and dev splits only, behind [`crate::Options::foreign_fields`]): one
//! call to a tool that returns rows, its projection of two or three fields said in another
//! language, the last after that language's `and` (`tylko account_id i iban`, `date, tourId w
//! hotel bas`).
//!
//! People who switch languages list fields with their own `and`, and a network that knows only
//! the generator's `and` words reads the field after an unknown one as a remark: the plan keeps
//! the fields before it and drops the last, and a field the tool lacks goes unnoticed. Here the
//! last field is labeled as a field whatever the word before it; in half of the records the tool
//! lacks it, so the plan the labels make is one the checker refuses (a diagnostic), and in the
//! other half every field is declared (a plan). A field the tool lacks is, half the time, a noun
//! the generator names tools after and never uses for a property (`invoice`, `forecast`): people
//! ask for fields by words a network has not seen as fields (`iban`, `hotel`), and such a word
//! after an `and` it does not know was dropped where a common field name was not.

use super::*;

/// A `foreign_fields` record, or `None` when the draw does not fit.
pub(crate) fn foreign_fields(g: &mut Gen) -> Option<Example> {
    g.switch_all();
    let size = catalog::size(g, 1);
    let mut specs = catalog::sample(g, size);
    let mut d = draw(g, &mut specs, 1, false)?;
    d.limit = None;
    let lacks = g.chance(0.5);
    let spec = specs.iter_mut().find(|s| s.name == d.calls[0].tool)?;
    catalog::make_array(g, spec, 3);
    let mut fields = spec.props.clone();
    g.shuffle(&mut fields);
    if lacks {
        fields.truncate(1 + g.below(2));
        let extra: Vec<String> = if g.chance(0.5) {
            catalog::props(g, 6)
        } else {
            let nouns = vocab::half(g.split, vocab::NOUNS_TRAIN, vocab::NOUNS_TEST);
            (0..6).map(|_| g.pick(nouns).0.to_owned()).collect()
        }
        .into_iter()
        .filter(|p| !spec.props.contains(p) && codemode_plan::ident::is_identifier(p))
        .collect();
        if extra.is_empty() {
            return None;
        }
        fields.push(g.pick(&extra).clone());
    } else {
        fields.truncate(2 + g.below(2));
    }
    d.fields = fields;
    let mut t = Text::new(case(g));
    imperative(g, &mut t, &d, CallForm::Natural);
    if !lacks {
        return finish_positive(g, t, &specs, &d, "foreign_fields");
    }
    let plan = d.plan();
    if codemode_plan::check::check(&plan, &catalog::catalog(&specs)).is_ok() {
        return None;
    }
    crate::negative::finish(
        g,
        t,
        &specs,
        Unsupported::Checker,
        "foreign_fields",
        Some(plan),
    )
}
