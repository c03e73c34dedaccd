//! Train-only forms of unsupported structures that people write and the older families did not:
//! conditions stated before what they guard or inverted ("should free be under 10, then ..."),
//! conditions on a returned field, and results of two calls merged, de-duplicated or compared.
//!
//! Every draw here happens only in the train and dev splits, so the test split is unchanged.

use crate::catalog::Spec;
use crate::render::{self, DCall};
use crate::text::Text;
use crate::{Example, Gen, Unsupported};

use super::*;

/// A comparison with a number, as people write it: "under 10", "> 5", "at least 3".
fn comparison(g: &mut Gen, t: &mut Text) {
    t.w(g.pw(&[
        "under",
        "over",
        "below",
        "above",
        "less than",
        "more than",
        "at least",
        "at most",
        "lower than",
        "higher than",
        "<",
        ">",
        ">=",
        "equal to",
        "bigger than",
        "smaller than",
        "under like",
        "more then",
    ]));
    let n = [1, 2, 3, 5, 10, 20, 50, 80, 90, 95, 100, 500, 1000][g.below(13)];
    t.w(&n.to_string());
    if g.chance(0.2) {
        t.w(g.pw(&["%", "percent", "GB", "ms", "items", "rows"]));
    }
}

/// A condition on a field the first call returns: "free is under 10", "status = \"failed\"".
fn field_condition(g: &mut Gen, t: &mut Text, prop: &str, be: bool) {
    if g.chance(0.2) {
        t.w("the");
    }
    t.w(prop);
    let numeric = g.chance(0.75);
    let verbs: &[&str] = match (numeric, be) {
        (true, true) => &["be", "come back", "turn out", "end up"],
        (true, false) => &["is", "comes back", "shows", "looks", "'s", "reads"],
        (false, true) => &["be", "come back as", "turn out"],
        (false, false) => &["is", "equals", "comes back as", "says", "=", "=="],
    };
    t.w(g.pw(verbs));
    if numeric {
        comparison(g, t);
    } else {
        t.w(g.pw(&[
            "\"failed\"",
            "\"error\"",
            "\"closed\"",
            "empty",
            "null",
            "zero",
            "true",
            "false",
            "\"pending\"",
            "\"red\"",
        ]));
    }
}

/// One train-only condition form; returns its variant name.
pub(super) fn condition(
    g: &mut Gen,
    t: &mut Text,
    specs: &[Spec],
    c1: &DCall,
    c2: &DCall,
) -> &'static str {
    let prop = spec_of(specs, c1).map_or_else(|| "result".to_owned(), |s| prop_or(g, s, "result"));
    match g.below(7) {
        0 => {
            // The first call, then an inverted condition: "; should free be under 10, then ...".
            call(g, t, 1, c1, true);
            t.p(g.pw(&[";", ".", ",", " —"]));
            t.w(g.pw(&["should", "should", "in case", "Should"]));
            field_condition(g, t, &prop, true);
            t.p(",");
            if g.chance(0.6) {
                t.w(g.pw(&["then", "go ahead and", "please", "then also", "only then"]));
            }
            call(g, t, 2, c2, true);
            "inverted"
        }
        1 => {
            // The condition first, before the steps it guards.
            t.w(g.pw(&[
                "Condition:",
                "Rule:",
                "Only when",
                "When",
                "In case",
                "Whenever",
                "If",
                "Provided",
            ]));
            field_condition(g, t, &prop, false);
            t.w(g.pw(&["after", "from", "in the result of", "once you run", "per"]));
            render::mention(g, t, &c1.tool, 1);
            render::args(g, t, 1, &c1.args);
            let sep = g.pw(&[",", ".", " →", ":", " ->"]);
            render::piece(t, sep);
            if g.chance(0.5) {
                t.w(g.pw(&["then", "Action:", "do", "you must"]));
            }
            call(g, t, 2, c2, true);
            "stated_first"
        }
        2 => {
            // A question as the condition: "Is free below 10? Then ...".
            call(g, t, 1, c1, true);
            t.p(".");
            t.w(g.pw(&["Is", "Is the", "is", "So is"]));
            t.w(&prop);
            t.w(g.pw(&["below", "above", "over", "under", "look off, like under"]));
            t.w(&[3, 5, 10, 50, 100][g.below(5)].to_string());
            t.p("?");
            t.w(g.pw(&["Then", "If so,", "If yes,", "Yes →", "In that case"]));
            call(g, t, 2, c2, true);
            "question"
        }
        3 => {
            // "when you see ...": a condition said as what the reader will notice.
            call(g, t, 1, c1, true);
            t.w(g.pw(&[
                "and when you see",
                "and if you notice",
                "and if it shows",
                "and if you find",
                "and in case you see",
                "and once you see",
            ]));
            field_condition(g, t, &prop, false);
            t.p(",");
            call(g, t, 2, c2, true);
            "when_you_see"
        }
        4 => {
            // Both branches spelled out: "if yes ..., if no leave it".
            call(g, t, 1, c1, true);
            t.p(g.pw(&[";", ".", ","]));
            t.w(g.pw(&["if", "when"]));
            field_condition(g, t, &prop, false);
            call(g, t, 2, c2, true);
            t.p(",");
            t.w(g.pw(&[
                "else leave it",
                "otherwise nothing",
                "if not, skip",
                "else do nothing",
                "otherwise stop there",
                "if no, leave it alone",
            ]));
            "else_leave"
        }
        5 => {
            // The condition after the guarded call, informally: "create_ticket ... but only
            // in case free is under 10 (check with check_disk ...)".
            call(g, t, 1, c2, true);
            t.w(g.pw(&[
                "but only in case",
                "just if",
                "only once",
                "but first make sure",
                "but wait until",
                "only after confirming",
            ]));
            field_condition(g, t, &prop, false);
            t.w(g.pw(&["per", "according to", "in", "from"]));
            render::mention(g, t, &c1.tool, 2);
            render::args(g, t, 2, &c1.args);
            "only_in_case"
        }
        _ => {
            // A condition on the number of rows or on the call's success, said in chat register.
            call(g, t, 1, c1, true);
            t.p(g.pw(&[",", ";", " —"]));
            t.w(g.pw(&[
                "n if theres more than",
                "and if there are more than",
                "if it gives back over",
                "if it's got more than",
                "if the count is above",
                "if fewer than",
            ]));
            t.w(&[1, 2, 3, 5, 10, 20][g.below(6)].to_string());
            t.w(g.pw(&["results", "rows", "items", "hits", "entries"]));
            let sep = g.pw(&[",", " then", " ->"]);
            render::piece(t, sep);
            call(g, t, 2, c2, true);
            "row_count"
        }
    }
}

/// Two calls whose results are merged, de-duplicated, joined or compared: an aggregation across
/// calls, which no plan expresses.
pub(super) fn merged(g: &mut Gen) -> Option<Example> {
    // Half of them call one tool twice (`list_users team "a"` and `team "b"`).
    let (specs, d) = setup_shared(g, 2, 0.5)?;
    let (c1, c2) = (&d.calls[0], &d.calls[1]);
    let prop = spec_of(&specs, c1).map_or_else(|| "id".to_owned(), |s| prop_or(g, s, "id"));
    let mut t = Text::new(render::case(g));
    let what = g.pw(&[
        "merge the two lists and drop duplicates",
        "combine the results into one list",
        "merge both results",
        "dedupe the combined list",
        "drop the duplicates between them",
        "give me only the ones that appear in both",
        "tell me which are in the first but not the second",
        "show me what's different between the two",
        "compare the two results",
        "diff the two outputs",
        "union them, no duplicates",
        "intersect the two lists",
        "combine them and remove any repeats",
        "put them together in one table",
        "merge them",
        "and then de-duplicate",
        "only the overlap",
        "whatever is in one but missing from the other",
    ]);
    if g.chance(0.3) {
        // The combining step first: "Merge what A and B return, ...".
        t.w(g.pw(&[
            "Merge what",
            "Combine the results of",
            "Dedupe across",
            "Compare what",
            "Give me the union of",
            "Find the overlap between",
        ]));
        render::call_natural(g, &mut t, 1, c1, false);
        t.w("and");
        render::call_natural(g, &mut t, 2, c2, false);
        if g.chance(0.5) {
            t.w(g.pw(&["return", "give back", "bring back"]));
        }
        if g.chance(0.4) {
            t.w("by");
            t.w(&prop);
        }
    } else {
        call(g, &mut t, 1, c1, true);
        let j = g.pw(&[" and", ", then", ";", ",", ". Then", " and also"]);
        render::piece(&mut t, j);
        call(g, &mut t, 2, c2, true);
        t.p(g.pw(&[",", ";", ".", " —", " and"]));
        if g.chance(0.4) {
            t.w(g.pw(&["then", "after that", "finally", "and"]));
        }
        t.w(what);
        if g.chance(0.3) {
            t.w(g.pw(&["by", "on", "matching on", "keyed on"]));
            t.w(&prop);
        }
    }
    render::end(g, &mut t);
    finish(g, t, &specs, Unsupported::Aggregate, "merged", None)
}

/// Something that may or may not happen, said as a fact the reader cannot check.
const EVENTS: &[&str] = &[
    "The client may cancel the visit.",
    "The supplier might not deliver in time.",
    "The storm could close the airport on Tuesday.",
    "There is a chance the invoice was already paid.",
    "The candidate may decline the offer.",
    "The server might go down during the migration.",
    "I am not sure whether the shipment cleared customs.",
    "Possibly the customer will ask for a refund.",
    "The meeting could be moved to next week.",
    "It may rain on the day of the event.",
    "The vendor has not confirmed yet.",
    "Mr. Tanaka may not be able to attend.",
];

/// What follows such an event: the condition, said softly.
const ON_EVENT: &[&str] = &[
    "Should that happen,",
    "Should that be the case,",
    "In that event,",
    "If so,",
    "Were that to happen,",
    "If that turns out to be the case,",
    "In case it does,",
    "If that happens,",
    "Should this occur,",
    "If it comes to that,",
];

/// Polite ways into the guarded request.
const ASK: &[&str] = &[
    "would it be possible to",
    "I'd like you to",
    "kindly",
    "please",
    "could you",
    "it would be appreciated if you could",
    "we would need to",
    "please go ahead and",
    "",
];

/// A state of the world a formal condition asks about: a subject and what may have happened.
const STATES: &[(&str, &str)] = &[
    ("the payment", "failed"),
    ("the order", "been cancelled"),
    ("attendance", "dropped below half"),
    ("the stock", "run out"),
    ("the deadline", "passed"),
    ("the build", "broken"),
    ("the guest", "checked out early"),
    ("the account", "been locked"),
];

/// Conditions said formally or softly, mostly on an event rather than a call's result; returns
/// the variant name. Only `c2` is asked for, and `c1` only as the thing checked.
pub(super) fn soft_condition(
    g: &mut Gen,
    t: &mut Text,
    specs: &[Spec],
    c1: &DCall,
    c2: &DCall,
) -> &'static str {
    match g.below(5) {
        0 => {
            // An event that may happen, then the request guarded by it.
            if g.chance(0.4) {
                t.w(g.pw(&[
                    "I am sorry to trouble you.",
                    "Apologies for the complicated request.",
                    "A quick note.",
                    "Dear team,",
                ]));
            }
            t.w(g.pw(EVENTS));
            t.w(g.pw(ON_EVENT));
            t.w(g.pw(ASK));
            let verb = g.chance(0.7);
            call(g, t, 1, c2, verb);
            t.p(g.pw(&["?", ".", ""]));
            "on_event"
        }
        1 => {
            // "Should the payment have failed, I'd like you to ..."
            let (subject, done) = *g.pick(STATES);
            if g.chance(0.6) {
                t.w("Should");
                t.w(subject);
                t.w("have");
            } else {
                t.w(g.pw(&["If", "In the event that", "In case"]));
                t.w(subject);
                t.w("has");
            }
            t.w(done);
            t.p(",");
            t.w(g.pw(ASK));
            call(g, t, 1, c2, true);
            "should_have"
        }
        2 => {
            // Do nothing in one case, the call otherwise.
            t.w(g.pw(&[
                "In the case that",
                "If",
                "In the event that",
                "Where",
                "Provided that",
            ]));
            match g.below(2) {
                0 => {
                    render::mention(g, t, &c1.tool, 2);
                    render::args(g, t, 2, &c1.args);
                    t.w(g.pw(&[
                        "shows there is enough left",
                        "comes back clean",
                        "already lists it",
                        "reports no problem",
                    ]));
                }
                _ => t.w(g.pw(&[
                    "there is still toner in the supply room",
                    "the item is already on order",
                    "someone has already replied",
                    "the room is free",
                    "the report was already sent",
                ])),
            }
            t.p(",");
            t.w(g.pw(&[
                "please do nothing.",
                "no action is needed.",
                "leave it as it is.",
                "there is nothing to do.",
            ]));
            t.w(g.pw(&["Otherwise,", "If not,", "Failing that,", "Otherwise"]));
            t.w(g.pw(ASK));
            call(g, t, 1, c2, true);
            t.p(g.pw(&["?", ".", ""]));
            "nothing_otherwise"
        }
        3 => {
            // The request first, its condition after it, formally.
            t.w(g.pw(ASK));
            call(g, t, 1, c2, true);
            t.p(",");
            t.w(g.pw(&[
                "provided that",
                "on the condition that",
                "assuming that",
                "but only in the event that",
                "if and when",
                "should it turn out that",
            ]));
            t.w(g.pw(&[
                "the client confirms",
                "the budget is approved",
                "nobody objects",
                "the weather holds",
                "the part arrives",
                "the manager signs off",
            ]));
            "provided_after"
        }
        _ => {
            // A condition on a field the check returns, said formally.
            let prop =
                spec_of(specs, c1).map_or_else(|| "status".to_owned(), |s| prop_or(g, s, "status"));
            t.w(g.pw(&[
                "Should",
                "In the event that",
                "In the case that",
                "Provided that",
                "Assuming",
            ]));
            t.w("the");
            t.w(&prop);
            t.w(g.pw(&["reported by", "returned by", "from", "given by"]));
            render::mention(g, t, &c1.tool, 1);
            render::args(g, t, 1, &c1.args);
            t.w(g.pw(&[
                "prove to be below",
                "turn out to exceed",
                "be found to be under",
                "is greater than",
                "is lower than",
            ]));
            t.w(&[3, 5, 10, 50, 100][g.below(5)].to_string());
            t.p(",");
            t.w(g.pw(ASK));
            call(g, t, 2, c2, true);
            "formal_field"
        }
    }
}
