//! The readings [`decode_sure`] tries after the close readings, each taken only when the checker
//! accepts it: a toolless call joins the call before it ([`merged_reading`]), a plain-word tool
//! said twice for one call is one call ([`repeated_mention_reading`]), and an argument said once
//! for a tool named once goes to every call ([`shared_reading`]).

use codemode_plan::{Catalog, Diagnostic, Plan, Problem, Token};

use crate::decode::{Choices, calls, decode};

/// A plain-word tool said twice for one call is one call (`translate text "hola" using translate`).
///
/// The reading [`decode_sure`] tries after [`merged_reading`]: a tool named with a plain word
/// (lowercase letters only: `translate`, `search`, `email`) may be said twice for one call
/// (`translate text "hola" with target "en" using translate`, `Call publish to publish post_id
/// "p-12"`), which the network reads as two mentions, so two calls, one of them with no values.
/// When the checker rejects such a call for a missing required argument and the call beside it
/// names the same tool, the mention is that call said again: it is dropped, and the later calls
/// move up one (one call left answers `last`). A valueless call to a tool that needs no argument
/// (`flush_cache twice`) is never touched, since the checker accepts it.
pub(super) fn repeated_mention_reading(
    diagnostic: &Diagnostic,
    tokens: &[Token],
    choices: &Choices,
    first_calls: usize,
    read: impl Fn(&Choices) -> Result<Plan, Diagnostic>,
) -> Option<(Plan, f32)> {
    if !matches!(diagnostic.problem, Problem::MissingArgument { .. }) {
        return None;
    }
    let k = (1..=first_calls).find(|k| diagnostic.place == format!("call {k}"))?;
    if choices.tags.contains(&(k + 3)) {
        return None;
    }
    let named = |j: usize| {
        tokens
            .iter()
            .zip(&choices.tags)
            .find(|&(_, &t)| t == j)
            .map(|(token, _)| token.text.as_str())
    };
    let tool = named(k)?;
    if !tool.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let beside = [k - 1, k + 1]
        .into_iter()
        .any(|j| (1..=first_calls).contains(&j) && named(j) == Some(tool));
    if !beside {
        return None;
    }
    joined_to_previous(choices, k, read)
}

/// The reading of `choices` with call `k` joined to the call before it: its tool mention, if any,
/// is dropped, its values go to call `k - 1` (call 1, which has none before it, is only ever
/// dropped when it has no values), and the later calls move up one; one call left answers its
/// default output, `last`. The plan, if the checker accepts it.
fn joined_to_previous(
    choices: &Choices,
    k: usize,
    read: impl Fn(&Choices) -> Result<Plan, Diagnostic>,
) -> Option<(Plan, f32)> {
    let mut joined = choices.clone();
    for tag in &mut joined.tags {
        *tag = match *tag {
            t if t == k => 0,
            t @ 1..=3 if t > k => t - 1,
            t @ 4..=6 if t - 3 >= k.max(2) => t - 1,
            t => t,
        };
    }
    if calls(&joined.tags) == 1 {
        joined.output = 1;
    }
    read(&joined).ok().map(|plan| (plan, choices.confidence()))
}

/// A toolless call lacking a required argument joins the call before it (`city "Oslo" and days 3`).
///
/// The first reading [`decode_sure`] tries after the close readings: a call the network gave
/// values but no tool mention of its own may be the previous call's remaining arguments
/// (`send_email with subject "x" ... and it goes out to "a@b"`, `schedule_post ..., and pin it
/// too (pin true)`) when the checker rejects it or the previous call for a missing required
/// argument, or the plan for fields or a row limit on several calls. Its values join the previous call and the later calls move up one; one call left
/// answers its default output, `last`. Taken only when the checker accepts the merged plan, so a
/// value the previous call already has (`again with browser "x"`) keeps the diagnostic.
pub(super) fn merged_reading(
    diagnostic: &Diagnostic,
    choices: &Choices,
    first_calls: usize,
    read: impl Fn(&Choices) -> Result<Plan, Diagnostic>,
) -> Option<(Plan, f32)> {
    let k = match diagnostic.problem {
        // The call that lacks the argument is the toolless one or the one it would join (`then
        // then with step "restore"`, where the value went to a third call and the second has
        // none).
        Problem::MissingArgument { .. } => (2..=first_calls).find(|&k| {
            !choices.tags.contains(&k)
                && (diagnostic.place == format!("call {k}")
                    || diagnostic.place == format!("call {}", k - 1))
        })?,
        // Fields or a row limit asked of several calls, one of them toolless (`who from clan
        // "NOVA" is online rn?? list_players, online true → gamertag + level only`): the
        // shaping is for one call, and the toolless call's values are its arguments.
        Problem::ShapingNotAllowed { .. } => {
            (2..=first_calls).find(|&k| !choices.tags.contains(&k))?
        }
        _ => return None,
    };
    joined_to_previous(choices, k, read)
}

/// An argument said once for a tool named once goes to every call (`city "A" days 3, days 4`).
///
/// The reading [`decode_sure`] tries last: one tool named once for several calls, with an
/// argument said once before the values that vary (`get_exchange_rate with base "EUR" for target
/// "BRL", target "ARS" and target "MXN"`), gives that argument to every call. Taken when only
/// the first call has a tool mention, the checker rejects a later call for a missing required
/// argument, and the plan with the first call's value for every later call that lacks a
/// required argument passes the checker.
pub(super) fn shared_reading(
    diagnostic: &Diagnostic,
    tokens: &[Token],
    catalog: &Catalog,
    choices: &Choices,
) -> Option<(Plan, f32)> {
    if !matches!(diagnostic.problem, Problem::MissingArgument { .. })
        || diagnostic.place == "call 1"
        || choices.tags.iter().any(|&t| t == 2 || t == 3)
    {
        return None;
    }
    let mut plan = decode(tokens, catalog, choices).ok()?;
    let tool = catalog.get(&plan.calls.first()?.tool)?;
    let first = plan.calls[0].args.clone();
    for call in plan.calls.iter_mut().skip(1) {
        for name in &tool.required {
            if !call.args.contains_key(name) {
                call.args.insert(name.clone(), first.get(name)?.clone());
            }
        }
    }
    codemode_plan::check::check(&plan, catalog).ok()?;
    Some((plan, choices.confidence()))
}

#[cfg(test)]
mod tests {
    use codemode_plan::{Mode, OutputKind};

    use crate::decode::decode_checked;
    use crate::decode::test_util::{choices, pointing, probs, record};

    #[test]
    fn a_toolless_call_missing_a_required_argument_joins_the_call_before_it() {
        // get_weather city "Oslo" and days 3: days read as a second call to get_weather, which
        // lacks its required city; as call 1's argument the plan is one valid call.
        let r = record(r#"get_weather city "Oslo" and days 3"#);
        let tags = [1, 0, 4, 0, 0, 5];
        let pointers = [None, None, Some(1), None, None, Some(4)];
        let mut c = choices(&tags, &pointers);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.mode, Mode::Single);
        assert_eq!(plan.output.kind, OutputKind::Last);
        assert_eq!(plan.calls.len(), 1);
        assert_eq!(plan.calls[0].args["city"], "Oslo");
        assert_eq!(plan.calls[0].args["days"], 3);
        // A call with its own tool mention is a call: it keeps its diagnostic.
        let r = record(r#"get_weather city "Oslo" and get_weather days 3"#);
        let tags = [1, 0, 4, 0, 2, 0, 5];
        let pointers = [None, None, Some(1), None, None, None, Some(5)];
        let mut c = choices(&tags, &pointers);
        c.tag_logits = probs(&tags, &[]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
        // Joined, an argument the call before already has would be given twice: not joined. The
        // city said once is then the second call's too (see `shared_reading`).
        let r = record(r#"get_weather city "Oslo" days 2 and days 3"#);
        let tags = [1, 0, 4, 0, 4, 0, 0, 5];
        let pointers = [None, None, Some(1), None, Some(3), None, None, Some(6)];
        let mut c = choices(&tags, &pointers);
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.calls[1].args["city"], "Oslo");
        assert_eq!(plan.calls[1].args["days"], 3);
        // Three calls: the toolless middle one joins the first, the third becomes the second.
        let r = record(r#"get_weather city "Oslo" and days 3 then list_users team "x""#);
        let tags = [1, 0, 4, 0, 0, 5, 0, 3, 0, 6];
        let pointers = [
            None,
            None,
            Some(1),
            None,
            None,
            Some(4),
            None,
            None,
            None,
            Some(8),
        ];
        let mut c = choices(&tags, &pointers);
        c.mode = 0;
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.mode, Mode::Serial);
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.calls[0].args.len(), 2);
        assert_eq!(plan.calls[1].tool, "list_users");
        // The call before is the one that lacks the argument: `list_users team "x" then
        // get_weather days 3 and city "Oslo"`, city read as a third, toolless call.
        let r = record(r#"list_users team "x" then get_weather days 3 and city "Oslo""#);
        let tags = [1, 0, 4, 0, 2, 0, 5, 0, 0, 6];
        let c = choices(&tags, &pointing(tags.len(), &[(2, 1), (6, 5), (9, 8)]));
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
        let mut c = c;
        c.mode = 0;
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.calls[1].tool, "get_weather");
        assert_eq!(plan.calls[1].args["city"], "Oslo");
        assert_eq!(plan.calls[1].args["days"], 3);
    }

    #[test]
    fn a_toolless_call_joins_the_call_before_it_when_fields_ask_for_one_call() {
        // list_users team "red", limit 5 -> name only: `limit 5` read as a second call, which
        // cannot take the fields; as call 1's argument the plan is one call with them.
        let r = record(r#"list_users team "red", limit 5 -> name only"#);
        let tags = [1, 0, 4, 0, 0, 5, 0, 0, 7, 0];
        let mut c = choices(&tags, &pointing(10, &[(2, 1), (5, 4)]));
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 1);
        assert_eq!(plan.calls[0].args["limit"], 5);
        assert_eq!(
            plan.output.fields.as_deref(),
            Some(&["name".to_owned()][..])
        );
        // A second call with its own tool mention keeps the checker's diagnostic.
        let r = record(r#"list_users team "red", list_users limit 5 -> name only"#);
        let tags = [1, 0, 4, 0, 2, 0, 5, 0, 0, 7, 0];
        let mut c = choices(&tags, &pointing(11, &[(2, 1), (6, 5)]));
        c.tag_logits = probs(&tags, &[]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn a_plain_word_tool_said_twice_for_one_call_is_one_call() {
        let catalog = serde_json::json!([
            {"name": "translate", "arguments": {"text": "string", "target": "string"}, "required": ["text"], "returns": {"kind": "text"}},
            {"name": "get_text", "arguments": {"text": "string"}, "required": ["text"], "returns": {"kind": "text"}}
        ]);
        // translate text "hola" using translate: the second mention read as a second call.
        let r = crate::test_record(r#"translate text "hola" using translate"#, catalog.clone());
        let tags = [1, 0, 4, 0, 2];
        let mut c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.mode, Mode::Single);
        assert_eq!(plan.output.kind, OutputKind::Last);
        assert_eq!(plan.calls.len(), 1);
        assert_eq!(plan.calls[0].args["text"], "hola");
        // The valueless mention may come first (`translate using translate text "hola"`).
        let r = crate::test_record(r#"translate using translate text "hola""#, catalog.clone());
        let tags = [1, 0, 2, 0, 5];
        let mut c = choices(&tags, &pointing(tags.len(), &[(4, 3)]));
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 1);
        // A name written as code is no plain word: two calls were asked for, one lacks `text`.
        let r = crate::test_record(r#"get_text text "hola" using get_text"#, catalog);
        let tags = [1, 0, 4, 0, 2];
        let mut c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        c.tag_logits = probs(&tags, &[]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn an_argument_said_once_for_one_tool_named_once_goes_to_every_call() {
        // get_weather days 3 city "A" , city "B": city is required, days is not.
        let r = record(r#"get_weather city "A" days 3 , days 4"#);
        let tags = [1, 0, 4, 0, 4, 0, 0, 5];
        let mut c = choices(&tags, &pointing(tags.len(), &[(2, 1), (4, 3), (7, 6)]));
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.calls[1].args["city"], "A");
        assert_eq!(plan.calls[1].args["days"], 4);
        // A second mention of the tool is a call of its own: it keeps its diagnostic.
        let r = record(r#"get_weather city "A" days 3 , get_weather days 4"#);
        let tags = [1, 0, 4, 0, 4, 0, 2, 0, 5];
        let mut c = choices(&tags, &pointing(tags.len(), &[(2, 1), (4, 3), (8, 7)]));
        c.tag_logits = probs(&tags, &[]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
    }
}
