//! Negative examples: records the planner must answer with a diagnostic.
//!
//! Three kinds: structures the contract does not support (conditions, loops, dependencies,
//! retries, more than three calls, mixed schedules, sorting, filtering, aggregation, rows other
//! than the first N), plans that break a catalog rule (the checker's classes), and records that
//! break a frontend rule. Each phrasing is its own variant, named in `meta.template` as
//! `class:variant`; a few variants of each class are written only in the test split.

use codemode_plan::{ReturnKind, check, lexer};
use serde_json::{Value, json};

use crate::catalog::{self, Spec};
use crate::render::{self, CallForm, DCall, Draft, Sched};
use crate::text::Text;
use crate::values;
use crate::vocab::{self, Kind};
use crate::{Example, Expected, Gen, Meta, Role, Split, Unsupported};

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
    let size = catalog::size(g, 1);
    let mut specs = catalog::sample(g, size);
    let mut d = render::draw(g, &mut specs, n, false)?;
    d.fields.clear();
    d.limit = None;
    d.out = None;
    Some((specs, d))
}

fn finish(
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

fn spec_of<'a>(specs: &'a [Spec], c: &DCall) -> Option<&'a Spec> {
    specs.iter().find(|s| s.name == c.tool)
}

/// Conditions, loops, dependencies and retries.
fn structure(g: &mut Gen, class: Unsupported) -> Option<Example> {
    let n = match class {
        Unsupported::Retry => 1 + g.below(2),
        Unsupported::Loop => 1 + g.below(2),
        _ => 2,
    };
    let (specs, d) = setup(g, n)?;
    let mut t = Text::new(render::case(g));
    if g.chance(0.15) {
        render::filler(g, &mut t);
    }
    if g.chance(0.12) {
        t.w(g.pt(
            &["please", "could you", "I'd like you to", "hey, can you"],
            &[
                "pls",
                "can you",
                "would you kindly",
                "I need you to",
                "kindly",
                "hi, could you",
            ],
        ));
    }
    let c1 = &d.calls[0];
    let c2 = d.calls.get(1).unwrap_or(c1);
    let name: &str;
    match class {
        Unsupported::Condition => {
            let outcome = g.pt(
                &[
                    "returns anything",
                    "fails",
                    "finds a match",
                    "comes back empty",
                    "says yes",
                    "returns an error",
                    "succeeds",
                    "returns nothing",
                    "times out",
                ],
                &[
                    "is empty",
                    "returns false",
                    "errors",
                    "doesn't respond",
                    "reports a problem",
                    "looks wrong",
                    "throws",
                    "gives back nothing",
                    "has no results",
                    "turns up something",
                    "comes back with results",
                    "returns true",
                    "says no",
                    "is down",
                    "blows up",
                    "finds nothing",
                    "works",
                ],
            );
            match variant_x(g, 5, 3, 2) {
                0 => {
                    name = "if_then";
                    t.w(fixed_or(
                        g,
                        "if",
                        &["when", "in the event that", "if ever", "whenever"],
                    ));
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w(outcome);
                    t.p(",");
                    if g.chance(0.6) {
                        t.w("then");
                    }
                    call(g, &mut t, 2, c2, true);
                }
                1 => {
                    name = "if_it";
                    call(g, &mut t, 1, c1, true);
                    t.p(g.pw(&[";", ",", ".", " —"]));
                    t.w(fixed_or(
                        g,
                        "if it",
                        &["when it", "if that", "if the call", "whenever it"],
                    ));
                    t.w(g.pt(
                        &[
                            "fails",
                            "succeeds",
                            "returns nothing",
                            "comes back empty",
                            "errors out",
                            "finds anything",
                            "times out",
                        ],
                        &[
                            "doesn't work",
                            "is empty",
                            "returns false",
                            "breaks",
                            "is down",
                            "goes wrong",
                            "works",
                            "returns results",
                            "turns up empty",
                            "blows up",
                            "comes back with something",
                            "throws an exception",
                            "finds no match",
                        ],
                    ));
                    t.p(",");
                    call(g, &mut t, 2, c2, true);
                }
                2 => {
                    name = "only_if";
                    call(g, &mut t, 1, c2, true);
                    t.w(g.pt(
                        &["but only if", "only if", "if and only if"],
                        &[
                            "provided that",
                            "as long as",
                            "but only when",
                            "assuming",
                            "on condition that",
                            "only when",
                            "just if",
                            "so long as",
                            "but solely if",
                            "only in the event that",
                            "conditional on whether",
                        ],
                    ));
                    render::mention(g, &mut t, &c1.tool, 2);
                    render::args(g, &mut t, 2, &c1.args);
                    t.w(outcome);
                }
                3 => {
                    name = "unless";
                    call(g, &mut t, 1, c1, true);
                    t.w(fixed_or(
                        g,
                        "unless",
                        &[
                            "but not if",
                            "but skip it if",
                            "but not when",
                            "skipping it if",
                        ],
                    ));
                    t.w(g.pt(
                        &[
                            "it's a weekend",
                            "the build is already green",
                            "someone already did it",
                            "there are more than 5 open tickets",
                        ],
                        &[
                            "it's a holiday",
                            "the ticket is already closed",
                            "the job is still running",
                            "someone beat us to it",
                            "it was done earlier today",
                            "the service is in maintenance mode",
                            "the user opted out",
                            "it already ran this morning",
                        ],
                    ));
                    if n == 2 && g.chance(0.5) {
                        t.p(";");
                        t.w(fixed_or(
                            g,
                            "otherwise",
                            &["if not", "else", "failing that"],
                        ));
                        call(g, &mut t, 2, c2, true);
                    }
                }
                4 => {
                    name = "if_prose";
                    call(g, &mut t, 1, c1, true);
                    t.w(g.pt(
                        &[
                            "if it's raining",
                            "if the build is red",
                            "if there are more than 3 failures",
                            "if the user is inactive",
                            "but only if nobody has done it yet",
                        ],
                        &[
                            "if the queue is full",
                            "when the cache is cold",
                            "provided the account exists",
                            "as long as it's a weekday",
                            "whenever the disk is almost full",
                            "if nothing came back",
                            "if the deploy went out",
                            "when the error rate spikes",
                            "if the user has admin rights",
                            "but only on weekdays",
                            "if nobody has replied yet",
                            "in the event that the service is down",
                            "assuming the token is still valid",
                            "if the account is locked",
                            "only when the tests pass",
                        ],
                    ));
                    if g.chance(0.4) {
                        t.p(",");
                        t.w(fixed_or(
                            g,
                            "otherwise",
                            &["if not", "else", "failing that"],
                        ));
                        call(g, &mut t, 2, c2, true);
                    }
                }
                5 => {
                    name = "should_it";
                    call(g, &mut t, 1, c1, true);
                    t.p(",");
                    t.w("and should it fail,");
                    call(g, &mut t, 2, c2, true);
                }
                6 => {
                    name = "in_case";
                    call(g, &mut t, 1, c1, true);
                    t.p(";");
                    t.w("in case it returns nothing,");
                    call(g, &mut t, 2, c2, true);
                }
                7 => {
                    name = "if_so";
                    t.w(g.pw(&[
                        "check whether",
                        "see if",
                        "find out if",
                        "first check if",
                        "look at whether",
                    ]));
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w(outcome);
                    t.p(g.pw(&[";", ".", ","]));
                    t.w(g.pw(&["if so,", "if it does,", "if yes,", "if not,", "only then"]));
                    call(g, &mut t, 2, c2, true);
                }
                8 => {
                    name = "depending_on";
                    t.w(g.pw(&[
                        "depending on whether",
                        "based on whether",
                        "according to whether",
                    ]));
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w(outcome);
                    t.p(",");
                    call(g, &mut t, 2, c2, true);
                    t.w(g.pw(&[
                        "or skip it",
                        "or don't",
                        "or leave it alone",
                        "or do nothing",
                    ]));
                }
                _ => {
                    name = "fallback";
                    call(g, &mut t, 1, c1, true);
                    t.w(g.pw(&["and fall back to", "and switch to", "and use", "but go to"]));
                    render::mention(g, &mut t, &c2.tool, 2);
                    render::args(g, &mut t, 2, &c2.args);
                    t.w(g.pw(&[
                        "if that fails",
                        "if it doesn't work",
                        "if it errors",
                        "as a backup when it's down",
                        "instead when it comes back empty",
                    ]));
                }
            }
        }
        Unsupported::Loop => match variant_x(g, 5, 4, 2) {
            0 => {
                name = "for_each";
                let nn = noun(g);
                t.w(g.pt(
                    &["for each", "for every"],
                    &[
                        "for each and every",
                        "for every single",
                        "with each",
                        "with every",
                    ],
                ));
                t.w(nn);
                t.w(g.pt(
                    &["in", "returned by", "from"],
                    &[
                        "coming back from",
                        "listed by",
                        "that comes out of",
                        "produced by",
                    ],
                ));
                render::mention(g, &mut t, &c2.tool, 1);
                t.p(",");
                call(g, &mut t, 2, c1, true);
            }
            1 => {
                name = "every_returned";
                call(g, &mut t, 1, c1, true);
                t.w(g.pt(
                    &["for every", "for each", "once for every"],
                    &[
                        "for every single",
                        "for each and every",
                        "one time for each",
                        "again for every",
                    ],
                ));
                t.w(noun(g));
                t.w(g.pw(&["that", "which"]));
                render::mention(g, &mut t, &c2.tool, 2);
                t.w(fixed_or(
                    g,
                    "returns",
                    &["gives back", "lists", "spits out", "finds"],
                ));
            }
            2 => {
                name = "repeat_n";
                t.w(g.pt(
                    &["repeat", "run", "do"],
                    &["call", "execute", "hit", "fire off"],
                ));
                render::mention(g, &mut t, &c1.tool, 1);
                render::args(g, &mut t, 1, &c1.args);
                t.w(&g.range(4, 21).to_string());
                t.w(fixed_or(
                    g,
                    "times",
                    &[
                        "times over",
                        "times in a row",
                        "separate times",
                        "times, back to back",
                    ],
                ));
            }
            3 => {
                name = "until";
                t.w(g.pt(
                    &["keep calling", "poll", "keep running"],
                    &[
                        "keep polling",
                        "repeatedly call",
                        "wait on",
                        "keep hitting",
                        "loop on",
                        "keep checking",
                        "watch",
                    ],
                ));
                render::mention(g, &mut t, &c1.tool, 1);
                render::args(g, &mut t, 1, &c1.args);
                t.w(g.pt(
                    &[
                        "until it returns true",
                        "until it succeeds",
                        "until the status changes",
                        "every 5 minutes",
                    ],
                    &[
                        "until it reports done",
                        "until the job finishes",
                        "until the count stops changing",
                        "every hour",
                        "until it is green",
                        "until the deploy is live",
                        "until something comes back",
                        "every few minutes",
                        "until it says ready",
                        "till it's done",
                        "until I tell you to stop",
                    ],
                ));
            }
            4 => {
                name = "every_in";
                call(g, &mut t, 1, c1, true);
                t.w(g.pt(
                    &[
                        "for every user in",
                        "for all members of",
                        "for each repo of",
                    ],
                    &[
                        "for each customer in",
                        "for every file in",
                        "across all accounts of",
                        "for each member of",
                        "for every project in",
                        "for everyone in",
                        "for each person on",
                        "across every repo in",
                        "for all the tickets in",
                    ],
                ));
                t.w(g.pt(
                    &["the team", "the org", "that list", "our workspace"],
                    &[
                        "the channel",
                        "this group",
                        "the account",
                        "the whole department",
                        "the mailing list",
                    ],
                ));
            }
            5 => {
                name = "iterate";
                t.w("iterate over the results of");
                render::mention(g, &mut t, &c2.tool, 1);
                t.w("and");
                call(g, &mut t, 2, c1, true);
                t.w("on each one");
            }
            6 => {
                name = "once_per";
                call(g, &mut t, 1, c1, true);
                t.w(g.pw(&[
                    "once per customer",
                    "once per row",
                    "separately for each entry",
                ]));
            }
            7 => {
                name = "each_of_results";
                call(g, &mut t, 1, c2, true);
                t.p(",");
                t.w(g.pw(&[
                    "then for each of the results,",
                    "and for each result,",
                    "then, for every item in the response,",
                    "and with every row it gives back,",
                    "then for each thing it finds,",
                ]));
                call(g, &mut t, 2, c1, true);
            }
            8 => {
                name = "do_for_every";
                call(g, &mut t, 1, c2, true);
                t.w(g.pw(&["and do", "then do", "and run", "then call"]));
                render::mention(g, &mut t, &c1.tool, 2);
                render::args(g, &mut t, 2, &c1.args);
                t.w(g.pw(&[
                    "for every item it returns",
                    "for each thing it gives back",
                    "for every entry in the result",
                    "on every row it returns",
                    "for each and every hit",
                ]));
            }
            9 => {
                name = "loop_through";
                t.w(g.pw(&["loop through", "go through", "walk through", "loop over"]));
                t.w(g.pw(&["whatever", "everything", "all that"]));
                render::mention(g, &mut t, &c2.tool, 1);
                t.w(g.pw(&["returns", "gives back", "lists"]));
                t.w("and");
                call(g, &mut t, 2, c1, true);
                t.w(g.pw(&[
                    "for each entry",
                    "each time",
                    "for every one of them",
                    "for each",
                ]));
            }
            _ => {
                name = "recurring";
                call(g, &mut t, 1, c1, true);
                t.w(g.pw(&[
                    "every morning",
                    "daily",
                    "each night",
                    "every hour on the hour",
                    "weekly",
                    "every monday",
                    "on a loop",
                    "over and over",
                ]));
            }
        },
        Unsupported::Dependency => {
            let spec1 = spec_of(&specs, c1)?;
            let prop = prop_or(g, spec1, "id");
            let arg2 = spec_of(&specs, c2)
                .and_then(|s| (!s.args.is_empty()).then(|| s.args[g.below(s.args.len())].0.clone()))
                .unwrap_or_else(|| "id".to_owned());
            match variant_x(g, 6, 4, 2) {
                0 => {
                    name = "pass_its";
                    call(g, &mut t, 1, c1, true);
                    t.p(",");
                    t.w(g.pt(
                        &["then pass its", "and pass its", "then hand its"],
                        &[
                            "then send its",
                            "and give its",
                            "then supply its",
                            "and forward its",
                            "then provide its",
                            "and take its",
                        ],
                    ));
                    t.w(&prop);
                    t.w(fixed_or(g, "to", &["over to", "on to", "along to"]));
                    render::mention(g, &mut t, &c2.tool, 2);
                }
                1 => {
                    name = "result_as";
                    t.w(g.pt(
                        &["use the result of", "use the output of", "take what"],
                        &[
                            "use the response from",
                            "take the output from",
                            "grab whatever comes back from",
                            "reuse the result of",
                            "use the value returned by",
                        ],
                    ));
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w(fixed_or(
                        g,
                        "as the",
                        &["as", "to fill in the", "to supply the"],
                    ));
                    t.w(&arg2);
                    t.w(fixed_or(g, "for", &["when calling", "of", "in"]));
                    render::mention(g, &mut t, &c2.tool, 2);
                }
                2 => {
                    name = "whatever_returned";
                    call(g, &mut t, 1, c1, true);
                    t.w(g.pt(
                        &[
                            "and email whatever it returned to",
                            "and send whatever it returned to",
                            "and forward what it gives back to",
                        ],
                        &[
                            "and put what it returns into",
                            "and attach its result to",
                            "and include its output in",
                            "and hand the result over to",
                            "and send the response on to",
                            "and route the result to",
                            "and give what you get back to",
                            "and pass everything it returns to",
                            "and post its findings to",
                            "and push whatever it finds to",
                        ],
                    ));
                    render::mention(g, &mut t, &c2.tool, 2);
                }
                3 => {
                    name = "from_first";
                    call(g, &mut t, 1, c1, true);
                    t.p(",");
                    t.w(fixed_or(g, "then", &["and then", "after that", "next"]));
                    call(g, &mut t, 2, c2, true);
                    t.w(g.pt(
                        &["using the", "with the", "plugging in the"],
                        &[
                            "and use the",
                            "setting it to the",
                            "filled in with the",
                            "taking the",
                            "passing in the",
                            "based on the",
                            "fed with the",
                        ],
                    ));
                    t.w(&prop);
                    t.w(g.pt(
                        &["from the first result", "it returned", "you got back"],
                        &[
                            "from the earlier call",
                            "that came back",
                            "from step one",
                            "from before",
                            "the first call produced",
                            "from that response",
                            "you just got",
                        ],
                    ));
                }
                4 => {
                    name = "feed_into";
                    t.w(g.pt(
                        &["take the output of", "grab the result from"],
                        &[
                            "get the result of",
                            "capture the output of",
                            "use the response of",
                            "pull the output from",
                            "take whatever comes out of",
                        ],
                    ));
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w(g.pt(
                        &["and feed it into", "and pass it to", "and give it to"],
                        &[
                            "and send it to",
                            "and hand it off to",
                            "and run it through",
                            "and supply it to",
                            "and forward it to",
                        ],
                    ));
                    render::mention(g, &mut t, &c2.tool, 2);
                }
                5 => {
                    name = "set_to_result";
                    render::verb(g, &mut t);
                    render::mention(g, &mut t, &c2.tool, 1);
                    t.w("with");
                    t.w(&arg2);
                    if g.chance(0.5) {
                        t.w(g.pt(
                            &["set to whatever", "equal to what"],
                            &[
                                "set to what",
                                "matching what",
                                "taken from whatever",
                                "equal to whatever",
                            ],
                        ));
                    } else {
                        t.w(g.pt(
                            &["set to the", "equal to the"],
                            &["taken from the", "copied from the", "matching the"],
                        ));
                        t.w(&prop);
                        t.w(g.pw(&["that", "which"]));
                    }
                    render::mention(g, &mut t, &c1.tool, 2);
                    t.w(fixed_or(
                        g,
                        "returns",
                        &["gives back", "comes back with", "produces"],
                    ));
                }
                6 => {
                    name = "pipe";
                    t.w("pipe");
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w("into");
                    render::mention(g, &mut t, &c2.tool, 2);
                }
                7 => {
                    name = "chain";
                    t.w("chain the output of");
                    render::mention(g, &mut t, &c1.tool, 1);
                    t.w("into");
                    render::mention(g, &mut t, &c2.tool, 2);
                }
                8 => {
                    name = "based_on";
                    render::verb(g, &mut t);
                    render::mention(g, &mut t, &c2.tool, 1);
                    t.w(g.pw(&[
                        "based on what",
                        "according to what",
                        "using whatever",
                        "with whatever",
                        "with the answer",
                    ]));
                    render::mention(g, &mut t, &c1.tool, 2);
                    render::args(g, &mut t, 2, &c1.args);
                    t.w(g.pw(&["returns", "gives back", "comes back with", "says"]));
                }
                9 => {
                    name = "take_prop_from";
                    t.w(g.pw(&["take the", "grab the", "get the", "pull the", "read the"]));
                    t.w(&prop);
                    t.w(g.pw(&["from", "out of", "returned by"]));
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w(g.pw(&["and call", "and run", "then call", "and hit"]));
                    render::mention(g, &mut t, &c2.tool, 2);
                    t.w(g.pw(&["with it", "using it", "on it", "with that value"]));
                }
                10 => {
                    name = "needs_from";
                    call(g, &mut t, 1, c2, true);
                    t.p(g.pw(&[" —", ",", ";"]));
                    t.w(g.pw(&[
                        "it needs the",
                        "it takes the",
                        "it requires the",
                        "it wants the",
                    ]));
                    t.w(&prop);
                    t.w(g.pw(&["from", "that comes from", "returned by", "you get from"]));
                    render::mention(g, &mut t, &c1.tool, 2);
                }
                _ => {
                    name = "becomes";
                    t.w(g.pw(&[
                        "the response of",
                        "whatever comes out of",
                        "the output from",
                        "what you get from",
                    ]));
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w(g.pw(&[
                        "becomes the",
                        "will be the",
                        "goes in as the",
                        "serves as the",
                    ]));
                    t.w(&arg2);
                    t.w(g.pw(&["for", "of", "when calling"]));
                    render::mention(g, &mut t, &c2.tool, 2);
                }
            }
        }
        _ => {
            // Retries.
            if specs.iter().any(|s| s.has_arg("retries")) {
                return None;
            }
            match variant_x(g, 5, 3, 2) {
                0 => {
                    name = "retrying_up_to";
                    call(g, &mut t, 1, c1, true);
                    t.p(",");
                    let (pre, post) = *g.pick_or(
                        &[
                            ("retrying up to", "times if it fails"),
                            ("retry up to", "times"),
                            ("with up to", "retries"),
                            ("with up to", "attempts"),
                            ("try it up to", "times until it works"),
                        ],
                        &[
                            ("retry as many as", "times if needed"),
                            ("give it up to", "tries"),
                            ("allow up to", "retries on failure"),
                            ("re-run it up to", "times if it errors"),
                            ("make up to", "tries before giving up"),
                            ("retrying it as many as", "times on error"),
                            ("with a retry limit of", ""),
                        ],
                    );
                    t.w(pre);
                    t.w(&g.range(2, 6).to_string());
                    t.w(post);
                }
                1 => {
                    name = "try_again";
                    call(g, &mut t, 1, c1, true);
                    t.p(";");
                    t.w(g.pt(
                        &[
                            "if it errors, try again",
                            "if it fails, try it again",
                            "on error, run it again",
                        ],
                        &[
                            "on failure, retry it",
                            "if that doesn't work, do it again",
                            "if you get an error, just rerun it",
                            "if it times out, hit it again",
                            "retry on any error",
                            "if it errors out, give it one more try",
                            "if it flakes, call it again",
                            "when it fails, run it a second time",
                        ],
                    ));
                }
                2 => {
                    name = "retry_until";
                    t.w(g.pt(
                        &["retry", "keep retrying"],
                        &["retry calling", "keep re-running", "rerun", "re-run"],
                    ));
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w(g.pt(
                        &["until it succeeds", "until it works", "on failure"],
                        &[
                            "until it goes through",
                            "until it stops erroring",
                            "until you get a response",
                            "whenever it fails",
                            "till it passes",
                            "on timeout",
                            "if it errors",
                        ],
                    ));
                }
                3 => {
                    name = "with_retries";
                    call(g, &mut t, 1, c1, true);
                    t.w(g.pt(
                        &[
                            "with 2 retries",
                            "with 3 retries",
                            "with retries",
                            "and retry on failure",
                        ],
                        &[
                            "and retry it if it fails",
                            "with a couple of retries",
                            "and if that fails, run it once more",
                            "with automatic retries",
                            "and retry a few times if needed",
                            "with retry on timeout",
                            "with exponential backoff",
                            "retrying on errors",
                            "and re-run it on failure",
                            "with a few retries",
                        ],
                    ));
                }
                4 => {
                    name = "keep_trying";
                    call(g, &mut t, 1, c1, true);
                    t.w(g.pt(
                        &[
                            "and keep trying if it fails",
                            "and don't give up if it times out — retry",
                        ],
                        &[
                            "and keep at it until it works",
                            "and try again if it errors",
                            "and don't stop at the first failure",
                            "and if it flakes, rerun it",
                            "and persist until it succeeds",
                            "and keep going until it doesn't error",
                        ],
                    ));
                }
                5 => {
                    name = "another_go";
                    call(g, &mut t, 1, c1, true);
                    t.p(",");
                    t.w("and on failure give it another go");
                }
                6 => {
                    name = "attempt";
                    t.w("attempt");
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w("up to 5 times");
                }
                7 => {
                    name = "if_fails_retry";
                    t.w(g.pw(&["if", "whenever", "when", "each time"]));
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w(g.pw(&[
                        "fails",
                        "errors",
                        "times out",
                        "errors out",
                        "doesn't go through",
                    ]));
                    t.p(",");
                    t.w(g.pw(&[
                        "retry it",
                        "run it again",
                        "try it again",
                        "rerun it",
                        "call it again",
                        "just retry",
                    ]));
                }
                8 => {
                    name = "flaky_retry";
                    call(g, &mut t, 1, c1, true);
                    t.p(g.pw(&[".", ";", " —"]));
                    t.w(g.pw(&[
                        "retry if it fails",
                        "make it retry on errors",
                        "it's flaky, so retry it",
                        "it tends to time out, so retry",
                        "it fails now and then, so retry on error",
                        "retry on failure, please",
                    ]));
                }
                _ => {
                    name = "ensure_success";
                    t.w(g.pw(&["make sure", "ensure", "see to it that"]));
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w(g.pw(&["succeeds", "goes through", "works"]));
                    t.p(",");
                    t.w(g.pw(&[
                        "retrying if needed",
                        "re-running it as many times as it takes",
                        "retrying on failure",
                        "running it again if it errors",
                    ]));
                }
            }
        }
    }
    render::end(g, &mut t);
    finish(g, t, &specs, class, name, None)
}

/// Four to six calls.
fn too_many(g: &mut Gen) -> Option<Example> {
    let n = 4 + g.below(3);
    let shared = g.chance(0.3);
    let size = catalog::size(g, 1);
    let mut specs = catalog::sample(g, size);
    let mut d = render::draw(g, &mut specs, n, shared)?;
    d.fields.clear();
    d.limit = None;
    d.sched = [Sched::Default, Sched::Serial, Sched::Parallel][g.below(3)];
    d.out = None;
    let mut t = Text::new(render::case(g));
    let name = if shared {
        render::verb(g, &mut t);
        render::mention(g, &mut t, &d.calls[0].tool, 1);
        t.w(g.pt(
            &["for", "with", "over"],
            &["using", "on", "against", "across", "for all of"],
        ));
        for (k, c) in d.calls.iter().enumerate() {
            if k > 0 {
                render::piece(&mut t, if k == n - 1 { " and" } else { "," });
            }
            render::plain_list(g, &mut t, k + 1, &c.args);
        }
        if d.sched != Sched::Default {
            render::post_cue(g, &mut t, d.sched);
        }
        render::end(g, &mut t);
        "shared_tool"
    } else if g.split != Split::Test && g.chance(0.35) {
        // Train and dev only: one lead-in, then the calls as a comma list.
        t.w(g.pw(&[
            "I need results from",
            "get me data from",
            "hit all of these:",
            "run each of these:",
            "please call",
            "call these:",
            "we need",
            "call all of",
        ]));
        for (k, c) in d.calls.iter().enumerate() {
            if k > 0 {
                let sep = if k == n - 1 {
                    g.pw(&[" and", ", and", ", plus", " and also"])
                } else {
                    g.pw(&[",", ";", ", also"])
                };
                render::piece(&mut t, sep);
            }
            render::call_natural(g, &mut t, k + 1, c, false);
        }
        if d.sched != Sched::Default {
            render::post_cue(g, &mut t, d.sched);
        }
        render::end(g, &mut t);
        "call_list"
    } else {
        render::imperative(g, &mut t, &d, CallForm::Natural);
        "listed"
    };
    let refused = d.plan();
    finish(g, t, &specs, Unsupported::TooManyCalls, name, Some(refused))
}

/// Serial and parallel groups in one instruction.
fn mixed(g: &mut Gen) -> Option<Example> {
    let (specs, d) = setup(g, 3)?;
    let (a, b, c) = (&d.calls[0], &d.calls[1], &d.calls[2]);
    let mut t = Text::new(render::case(g));
    let name;
    match variant_x(g, 4, 2, 1) {
        0 => {
            name = "then_parallel";
            call(g, &mut t, 1, a, true);
            render::piece(
                &mut t,
                g.pt(
                    &[", then", "; then", ". After that,"],
                    &[
                        ", and after that",
                        ". Once that's done,",
                        ". Next,",
                        "; afterwards",
                        ", and once it's back,",
                        ". With that done,",
                    ],
                ),
            );
            let v = g.chance(0.5);
            call(g, &mut t, 2, b, v);
            t.w("and");
            let v = g.chance(0.5);
            call(g, &mut t, 3, c, v);
            t.w(g.pt(
                &[
                    "at the same time",
                    "in parallel",
                    "concurrently",
                    "simultaneously",
                ],
                &[
                    "side by side",
                    "together",
                    "at once",
                    "both at once",
                    "without waiting on each other",
                    "in parallel with each other",
                ],
            ));
        }
        1 => {
            name = "parallel_then";
            call(g, &mut t, 1, a, true);
            t.w("and");
            let v = g.chance(0.5);
            call(g, &mut t, 2, b, v);
            t.w(g.pt(
                &["in parallel", "at the same time", "concurrently"],
                &["at once", "side by side", "together", "simultaneously"],
            ));
            render::piece(
                &mut t,
                g.pt(
                    &[
                        ", then",
                        "; once both are done,",
                        ". When both finish,",
                        ", and after that",
                    ],
                    &[
                        ". After both are done,",
                        "; with both results in hand,",
                        ". Once both have returned,",
                        ". After both return,",
                        ", and then, once both are back,",
                        ". Only after that,",
                    ],
                ),
            );
            call(g, &mut t, 3, c, true);
        }
        2 => {
            name = "parallel_prefix_then";
            t.w(g.pt(
                &["in parallel,", "at the same time,", "concurrently,"],
                &[
                    "simultaneously,",
                    "side by side,",
                    "all at once,",
                    "together,",
                ],
            ));
            call(g, &mut t, 1, a, true);
            t.w("and");
            let v = g.chance(0.5);
            call(g, &mut t, 2, b, v);
            render::piece(
                &mut t,
                g.pt(
                    &[
                        "; once both are done,",
                        ". After both finish,",
                        "; afterwards",
                    ],
                    &[
                        ". Once both have returned,",
                        "; after those two,",
                        ". Then, with both done,",
                        ", and after both,",
                    ],
                ),
            );
            call(g, &mut t, 3, c, true);
        }
        3 => {
            name = "first_then_concurrent";
            t.w(fixed_or(
                g,
                "first",
                &[
                    "to begin,",
                    "before anything else,",
                    "first of all,",
                    "start off:",
                ],
            ));
            call(g, &mut t, 1, a, true);
            render::piece(
                &mut t,
                g.pt(
                    &["; after that, run", ". Next, do", ", then run"],
                    &[
                        "; then kick off",
                        ". After that, fire off",
                        "; once it's done, start",
                        ", then do",
                        ". Afterwards, run",
                    ],
                ),
            );
            call(g, &mut t, 2, b, false);
            t.w("and");
            call(g, &mut t, 3, c, false);
            t.w(g.pt(
                &["concurrently", "side by side", "together in parallel"],
                &[
                    "in parallel",
                    "at the same time",
                    "simultaneously",
                    "both at once",
                    "at once",
                ],
            ));
        }
        4 => {
            name = "while_then";
            call(g, &mut t, 1, a, true);
            t.w("while");
            render::call_natural(g, &mut t, 2, b, false);
            t.w("runs, and when both are finished,");
            call(g, &mut t, 3, c, true);
        }
        5 => {
            name = "ordered_alongside";
            call(g, &mut t, 1, a, true);
            render::piece(&mut t, g.pw(&[", then", " and then", ", followed by"]));
            call(g, &mut t, 2, b, false);
            t.w(g.pw(&["in order", "one after the other", "in sequence"]));
            render::piece(
                &mut t,
                g.pw(&[
                    "; in parallel with those two,",
                    ", and at the same time",
                    ". Alongside that pair,",
                    ", and concurrently with both,",
                ]),
            );
            call(g, &mut t, 3, c, true);
        }
        _ => {
            name = "after_both";
            t.w(g.pw(&["once", "after", "as soon as"]));
            render::call_natural(g, &mut t, 1, a, false);
            t.w("and");
            render::call_natural(g, &mut t, 2, b, false);
            t.w(g.pw(&[
                "have run in parallel,",
                "have both run concurrently,",
                "are done running side by side,",
                "have both come back from a parallel run,",
            ]));
            call(g, &mut t, 3, c, true);
        }
    }
    render::end(g, &mut t);
    finish(g, t, &specs, Unsupported::MixedSchedule, name, None)
}

/// Sorting, filtering, aggregation and rows other than the first N, on one array call.
fn rows(g: &mut Gen, class: Unsupported) -> Option<Example> {
    let size = catalog::size(g, 1);
    let mut specs = catalog::sample(g, size);
    let i = g.below(specs.len());
    catalog::make_array(g, &mut specs[i], 3);
    let spec = specs[i].clone();
    let c = DCall {
        tool: spec.name.clone(),
        args: render::draw_args(g, &spec, None),
    };
    // "the last 5 rows" must not read as the argument `last`.
    if class == Unsupported::OtherRows && spec.has_arg("last") {
        return None;
    }
    // A property that is not an argument, for "where status is ...".
    let free: Vec<String> = spec
        .props
        .iter()
        .filter(|p| !spec.has_arg(p))
        .cloned()
        .collect();
    let prop = if free.is_empty() {
        return None;
    } else {
        g.pick(&free).clone()
    };
    let case = render::case(g);
    // The phrase is written apart, then put after the call or before it.
    let mut t = Text::new(case.phrase());
    let name;
    match class {
        Unsupported::Sort => match variant_x(g, 8, 3, 2) {
            0 => {
                name = "sorted_by";
                t.w(g.pt(
                    &[
                        "sorted by",
                        "sort them by",
                        "sort the rows by",
                        "ordered by",
                        "order it by",
                    ],
                    &[
                        "sorting on",
                        "put them in order of",
                        "order the results by",
                        "sort on",
                        "order by",
                        "sorted on",
                        "sort it by",
                        "with the rows ordered by",
                        "re-sorted by",
                        "in order by",
                    ],
                ));
                t.w(&prop);
                if g.chance(0.4) {
                    t.w(g.pt(
                        &["descending", "ascending", "desc", "asc"],
                        &[
                            "high to low",
                            "low to high",
                            "largest first",
                            "smallest first",
                            "in reverse",
                        ],
                    ));
                }
            }
            1 => {
                name = "top_by";
                t.w(g.pt(
                    &["top", "the top", "best"],
                    &["the best", "the highest", "the lowest"],
                ));
                t.w(&g.range(1, 21).to_string());
                t.w(fixed_or(
                    g,
                    "by",
                    &["ranked by", "sorted by", "in terms of", "according to"],
                ));
                t.w(&prop);
            }
            2 => {
                name = "highest_first";
                t.w(g.pt(
                    &["highest", "lowest", "largest", "smallest", "most recent"],
                    &[
                        "greatest", "least", "latest", "earliest", "oldest", "newest",
                    ],
                ));
                t.w(&prop);
                t.w(fixed_or(g, "first", &["at the top", "on top", "up front"]));
            }
            3 => {
                name = "alphabetical";
                t.w(g.pt(
                    &[
                        "in alphabetical order",
                        "alphabetically",
                        "in reverse order",
                    ],
                    &[
                        "A to Z",
                        "from A to Z",
                        "Z to A",
                        "reverse alphabetically",
                        "sorted alphabetically",
                        "in descending order",
                        "in ascending order",
                        "in reverse alphabetical order",
                    ],
                ));
            }
            4 => {
                name = "newest_first";
                t.w(g.pt(
                    &["newest first", "oldest first", "most recent first"],
                    &[
                        "latest first",
                        "most recent on top",
                        "oldest to newest",
                        "newest to oldest",
                        "chronologically",
                        "in reverse chronological order",
                        "by date",
                        "latest at the top",
                    ],
                ));
            }
            5 => {
                name = "ranked_by";
                t.w(g.pt(
                    &["ranked by", "rank them by", "in order of"],
                    &[
                        "ranking them by",
                        "ranked according to",
                        "in descending order of",
                        "in ascending order of",
                        "ranked on",
                    ],
                ));
                t.w(&prop);
            }
            6 => {
                name = "sort_then_limit";
                t.w(fixed_or(
                    g,
                    "sort by",
                    &["order by", "sort them on", "rank by"],
                ));
                t.w(&prop);
                t.w(fixed_or(
                    g,
                    "and give me the first",
                    &[
                        "and return the first",
                        "then take the first",
                        "and keep the first",
                        "then show me the first",
                    ],
                ));
                t.w(&render::limit_value(g));
            }
            7 => {
                name = "by_desc";
                t.w("by");
                t.w(&prop);
                t.w(g.pt(
                    &["descending", "high to low", "from largest to smallest"],
                    &[
                        "low to high",
                        "from smallest to largest",
                        "in descending order",
                        "in ascending order",
                        "highest first",
                        "lowest first",
                    ],
                ));
            }
            8 => {
                name = "arrange";
                t.w("arrange the rows by");
                t.w(&prop);
            }
            9 => {
                name = "biggest_n";
                t.w("the");
                t.w(&g.range(2, 10).to_string());
                t.w("with the biggest");
                t.w(&prop);
            }
            10 => {
                name = "in_prop_order";
                t.w(g.pw(&[
                    "put the rows in",
                    "list them in",
                    "return them in",
                    "show them in",
                ]));
                t.w(&prop);
                t.w(g.pw(&[
                    "order",
                    "order, descending",
                    "order, highest first",
                    "order, lowest first",
                ]));
            }
            11 => {
                name = "from_to";
                t.w(g.pw(&[
                    "from highest to lowest",
                    "from lowest to highest",
                    "from most to least",
                    "from least to most",
                ]));
                t.w(&prop);
            }
            _ => {
                name = "terse_sort";
                t.w(g.pw(&["order:", "sort:", "sorting:"]));
                t.w(&prop);
                t.w(g.pw(&["desc", "asc", "descending", "ascending", ""]));
            }
        },
        Unsupported::Filter => match variant_x(g, 7, 4, 2) {
            0 => {
                name = "where_is";
                t.w(g.pt(
                    &[
                        "keeping only rows where",
                        "only rows where",
                        "where",
                        "just those where",
                    ],
                    &[
                        "but only where",
                        "restricted to rows where",
                        "narrowed to those where",
                        "only those whose",
                        "only keep rows where",
                        "just the rows where",
                    ],
                ));
                t.w(&prop);
                t.w(fixed_or(g, "is", &["equals", "is set to", "is equal to"]));
                t.raw(&values::value(g, Kind::Code).text);
            }
            1 => {
                name = "above";
                t.w(g.pt(
                    &[
                        "only the ones whose",
                        "only rows with",
                        "just entries where",
                    ],
                    &[
                        "only those whose",
                        "just the rows whose",
                        "keep rows where",
                        "rows where",
                        "only entries with",
                    ],
                ));
                t.w(&prop);
                t.w(g.pt(
                    &["is above", "is over", "exceeds", "is below", "is at least"],
                    &[
                        "is greater than",
                        "is more than",
                        "is less than",
                        "is under",
                        "is at most",
                        "is no more than",
                        "is bigger than",
                        "is smaller than",
                    ],
                ));
                t.w(&g.range(1, 500).to_string());
            }
            2 => {
                name = "exclude";
                t.w(g.pt(
                    &[
                        "exclude rows where",
                        "drop anything where",
                        "skip rows whose",
                        "remove the ones where",
                    ],
                    &[
                        "filter out rows where",
                        "throw out anything where",
                        "ignore rows whose",
                        "get rid of rows where",
                        "omit rows where",
                        "without the rows where",
                        "weed out entries whose",
                    ],
                ));
                t.w(&prop);
                t.w(g.pt(
                    &["is empty", "is missing", "is null", "is blank"],
                    &[
                        "isn't set",
                        "is not set",
                        "has no value",
                        "is undefined",
                        "is unset",
                    ],
                ));
            }
            3 => {
                name = "with_value";
                t.w(g.pt(
                    &[
                        "only rows with",
                        "just the ones with",
                        "keep only entries with",
                    ],
                    &[
                        "just rows having",
                        "only entries having",
                        "only the rows carrying",
                        "restrict to rows with",
                        "only results with",
                    ],
                ));
                t.w(&prop);
                t.raw(&values::value(g, Kind::Team).text);
            }
            4 => {
                name = "adjective";
                t.w(g.pt(
                    &[
                        "just the active ones",
                        "only the failed ones",
                        "only those that are overdue",
                        "leave out the archived ones",
                    ],
                    &[
                        "only the open ones",
                        "just the pending ones",
                        "skip the closed ones",
                        "ignore anything that's been deleted",
                        "only the ones still in progress",
                        "hide the resolved ones",
                        "only unread ones",
                        "no inactive ones",
                        "only the live ones",
                    ],
                ));
            }
            5 => {
                name = "matching";
                t.w(g.pt(
                    &["only rows whose", "filter to rows whose"],
                    &[
                        "only the ones whose",
                        "just rows where",
                        "keep rows whose",
                        "narrow it to rows whose",
                    ],
                ));
                t.w(&prop);
                t.w(g.pt(
                    &["contains", "starts with", "matches"],
                    &["includes", "begins with", "ends with", "mentions", "has"],
                ));
                t.raw(&values::value(g, Kind::Phrase).text);
            }
            6 => {
                name = "filter_by";
                t.w(g.pt(
                    &["filter by", "filtered on", "filter them by"],
                    &[
                        "filtering on",
                        "filter on",
                        "filter it by",
                        "narrowed by",
                        "with a filter on",
                    ],
                ));
                t.w(&prop);
                if g.chance(0.5) {
                    t.raw(&values::value(g, Kind::Code).text);
                }
            }
            7 => {
                name = "leave_out";
                t.w("but leave out rows whose");
                t.w(&prop);
                t.w("is zero");
            }
            8 => {
                name = "non_empty";
                t.w("only the rows that actually have a");
                t.w(&prop);
            }
            9 => {
                name = "present";
                t.w(g.pw(&[
                    "just the ones where",
                    "only rows where",
                    "only entries whose",
                    "keep rows where",
                ]));
                t.w(&prop);
                t.w(g.pw(&[
                    "isn't empty",
                    "is not empty",
                    "is set",
                    "is present",
                    "is filled in",
                    "has a value",
                ]));
            }
            10 => {
                name = "lacking";
                t.w(g.pw(&[
                    "drop rows lacking a",
                    "drop rows without a",
                    "skip entries with no",
                    "ignore the ones missing a",
                    "remove anything without a",
                ]));
                t.w(&prop);
            }
            11 => {
                name = "excluding_where";
                t.w(g.pw(&[
                    "apart from rows where",
                    "excluding rows where",
                    "but not where",
                    "skipping any where",
                ]));
                t.w(&prop);
                t.w(g.pw(&["is", "equals"]));
                t.raw(&values::value(g, Kind::Code).text);
            }
            _ => {
                name = "between";
                t.w(g.pw(&["only rows with", "just the ones with", "rows where"]));
                t.w(&prop);
                t.w("between");
                let lo = g.range(1, 200);
                t.w(&lo.to_string());
                t.w("and");
                t.w(&(lo + g.range(1, 300)).to_string());
            }
        },
        Unsupported::Aggregate => match variant_x(g, 7, 3, 2) {
            0 => {
                name = "count_rows";
                t.w(g.pt(
                    &[
                        "count the rows",
                        "count them",
                        "count the results",
                        "give me the count",
                    ],
                    &[
                        "give me a count",
                        "just the count",
                        "count the entries",
                        "return the row count",
                        "a row count, please",
                        "count the matches",
                        "count how many came back",
                    ],
                ));
            }
            1 => {
                name = "how_many";
                t.w(g.pt(
                    &[
                        "how many are there",
                        "tell me how many rows there are",
                        "just tell me how many",
                    ],
                    &[
                        "how many rows came back",
                        "how many results are there",
                        "I just need to know how many",
                        "how many did it find",
                        "what's the total count",
                        "how many entries is that",
                    ],
                ));
            }
            2 => {
                name = "sum_of";
                t.w(g.pt(
                    &["the sum of", "sum up the", "add up the", "the total of"],
                    &[
                        "the combined",
                        "a running total of the",
                        "the overall",
                        "sum the",
                        "total up the",
                        "add together the",
                        "the grand total of",
                    ],
                ));
                t.w(&prop);
            }
            3 => {
                name = "average";
                t.w(g.pt(
                    &["the average", "average", "the median", "the mean"],
                    &[
                        "the avg",
                        "avg",
                        "the mean value of",
                        "work out the average",
                        "get the average",
                    ],
                ));
                t.w(&prop);
            }
            4 => {
                name = "group_by";
                t.w(g.pt(
                    &["group them by", "grouped by", "bucket them by"],
                    &[
                        "roll them up by",
                        "cluster them by",
                        "split them up by",
                        "break them down by",
                        "group the rows by",
                        "grouped on",
                        "aggregated by",
                    ],
                ));
                t.w(&prop);
            }
            5 => {
                name = "max_min";
                t.w(g.pt(
                    &[
                        "the max",
                        "the maximum",
                        "the minimum",
                        "the min",
                        "the largest",
                    ],
                    &[
                        "the highest",
                        "the lowest",
                        "the smallest",
                        "the peak",
                        "the greatest",
                    ],
                ));
                t.w(&prop);
            }
            6 => {
                name = "number_of";
                t.w(g.pt(
                    &[
                        "the number of results",
                        "the number of rows",
                        "a count of the rows",
                    ],
                    &[
                        "the total number of rows",
                        "the result count",
                        "the number of entries",
                        "the row count",
                        "a count of results",
                    ],
                ));
            }
            7 => {
                name = "tally";
                t.w(g.pw(&["tally them up", "tally the rows"]));
            }
            8 => {
                name = "distinct";
                t.w("the distinct");
                t.w(&prop);
                t.w("values");
            }
            9 => {
                name = "stats";
                t.w(g.pw(&[
                    "min, max and mean of",
                    "basic stats for",
                    "the range of",
                    "the spread of",
                    "the standard deviation of",
                ]));
                t.w(&prop);
            }
            10 => {
                name = "breakdown";
                t.w(g.pw(&[
                    "a count by",
                    "counts broken down by",
                    "a breakdown by",
                    "totals by",
                    "subtotals by",
                ]));
                t.w(&prop);
            }
            _ => {
                name = "whats_the";
                t.w(g.pw(&[
                    "what's the total",
                    "what's the average",
                    "what's the combined",
                    "what's the highest",
                    "what is the lowest",
                ]));
                t.w(&prop);
                t.w(g.pw(&[
                    "across them",
                    "across all rows",
                    "overall",
                    "over all results",
                ]));
            }
        },
        _ => match variant_x(g, 7, 4, 2) {
            0 => {
                name = "last_n";
                t.w(g.pt(
                    &["the last", "only the last", "just the last"],
                    &["the very last", "only the very last", "last"],
                ));
                t.w(&g.range(1, 51).to_string());
                t.w(g.pt(&["rows", "results", "entries", ""], &["items", "records"]));
            }
            1 => {
                name = "range";
                t.w(fixed_or(g, "rows", &["entries", "results", "items"]));
                let a = g.range(2, 50);
                t.w(&a.to_string());
                t.w(g.pt(&["to", "through", "-"], &["until", "up to", "thru"]));
                t.w(&(a + g.range(1, 30)).to_string());
            }
            2 => {
                name = "skip_first";
                t.w(g.pt(
                    &["skip the first", "ignore the first", "drop the first"],
                    &[
                        "skip past the first",
                        "leave off the first",
                        "throw away the first",
                        "omit the first",
                        "don't include the first",
                        "exclude the first",
                        "cut the first",
                    ],
                ));
                t.w(&g.range(1, 20).to_string());
                t.w(fixed_or(
                    g,
                    "rows",
                    &["results", "entries", "items", "records"],
                ));
            }
            3 => {
                name = "after_row";
                t.w(g.pt(
                    &["everything after row", "from row", "starting at row"],
                    &[
                        "beginning at row",
                        "starting from row",
                        "anything past row",
                        "everything below row",
                        "the rows after row",
                    ],
                ));
                t.w(&g.range(2, 40).to_string());
            }
            4 => {
                name = "bottom";
                t.w(g.pt(
                    &["the bottom", "the last"],
                    &["the trailing", "the tail end,", "the closing"],
                ));
                t.w(&g.range(2, 30).to_string());
            }
            5 => {
                name = "every_other";
                t.w(g.pt(
                    &["every other row", "every second row", "only the odd rows"],
                    &[
                        "alternate rows",
                        "every second result",
                        "only the even rows",
                        "every other entry",
                        "odd-numbered rows only",
                        "every third row",
                    ],
                ));
            }
            6 => {
                name = "random_sample";
                t.w(g.pt(
                    &["a random", "any"],
                    &[
                        "some random",
                        "a random sample of",
                        "a random selection of",
                        "a random subset of",
                    ],
                ));
                t.w(&g.range(2, 20).to_string());
                t.w(fixed_or(g, "rows", &["entries", "results"]));
            }
            7 => {
                name = "final_rows";
                t.w("the final");
                t.w(&g.range(2, 20).to_string());
                t.w("rows");
            }
            8 => {
                name = "all_but_first";
                t.w("all but the first");
                t.w(&g.range(2, 10).to_string());
                t.w("rows");
            }
            9 => {
                name = "past_first";
                t.w(g.pw(&[
                    "everything past the first",
                    "every row beyond the first",
                    "the rest after the first",
                    "everything besides the first",
                    "everything other than the first",
                ]));
                t.w(&g.range(2, 15).to_string());
                t.w(g.pw(&["rows", "results", "entries"]));
            }
            10 => {
                name = "onward";
                t.w(g.pw(&["rows", "entries", "results"]));
                t.w(&g.range(2, 40).to_string());
                t.w(g.pw(&["onward", "onwards", "and beyond", "and later", "to the end"]));
            }
            11 => {
                name = "middle";
                t.w(g.pw(&["the middle", "the central", "the middle-most"]));
                t.w(&g.range(2, 20).to_string());
                t.w(g.pw(&["rows", "results", "entries"]));
            }
            _ => {
                name = "single_row";
                t.w(g.pw(&[
                    "just row",
                    "only row",
                    "row number",
                    "only the row at position",
                ]));
                t.w(&g.range(2, 40).to_string());
            }
        },
    }
    let (phrase, _) = t.finish();
    let mut t = Text::new(case);
    // (The train-only question form `whats_the` only goes after the call.)
    let before = (matches!(class, Unsupported::Aggregate | Unsupported::OtherRows)
        || name == "top_by")
        && name != "whats_the";
    if before && g.chance(0.35) {
        t.w(g.pt(
            &["give me", "show me", "I want", "return", "get me"],
            &["I need", "fetch me", "pull", "list", "tell me", "send me"],
        ));
        t.raw(&phrase);
        t.w(g.pt(
            &["from", "of", "returned by"],
            &["out of", "coming from", "in", "that comes back from"],
        ));
        render::call_natural(g, &mut t, 1, &c, false);
    } else {
        render::call_natural(g, &mut t, 1, &c, true);
        let lead = g.pt(&[",", " —", ";", ".", " and"], &[", but", ":", ", and"]);
        render::piece(&mut t, lead);
        t.raw(&phrase);
    }
    render::end(g, &mut t);
    finish(g, t, &specs, class, name, None)
}

/// A plan the checker refuses, written as an ordinary instruction.
fn checker(g: &mut Gen) -> Option<Example> {
    let sub = variant(g, 9, 0);
    let n = match sub {
        5..=6 | 8 => 1,
        7 => 2 + g.below(2),
        _ => render::call_count(g),
    };
    let size = catalog::size(g, if sub == 1 { 2 } else { 1 });
    let mut specs = catalog::sample(g, size);
    let mut d = render::draw(g, &mut specs, n, false)?;
    d.fields.clear();
    d.limit = None;
    let name;
    match sub {
        0 => {
            name = "unknown_tool";
            let k = g.below(n);
            let real = d.calls[k].tool.clone();
            let mut fake = match g.below(4) {
                0 => format!("{real}s"),
                1 => real
                    .strip_suffix('s')
                    .map(str::to_owned)
                    .unwrap_or_else(|| format!("{real}_v2")),
                2 => format!("get_{real}"),
                _ => catalog::tool_name(g, ("widget", "widgets")),
            };
            if specs.iter().any(|s| s.name == fake) || !codemode_plan::ident::is_identifier(&fake) {
                fake = format!("{real}_old");
            }
            d.calls[k].tool = fake;
        }
        1 => {
            name = "unknown_argument";
            let k = g.below(n);
            let tool = d.calls[k].tool.clone();
            let own = specs.iter().find(|s| s.name == tool)?.clone();
            let others: Vec<(String, Kind)> = specs
                .iter()
                .flat_map(|s| s.args.clone())
                .filter(|(a, _)| !own.has_arg(a))
                .collect();
            let (arg, kind) = if others.is_empty() || g.chance(0.3) {
                let pool = vocab::half(g.split, vocab::ARGS_TRAIN, vocab::ARGS_TEST);
                let (a, kd) = *g.pick(pool);
                if own.has_arg(a) {
                    return None;
                }
                (a.to_owned(), kd)
            } else {
                g.pick(&others).clone()
            };
            let lit = values::value(g, kind);
            let at = g.below(d.calls[k].args.len() + 1);
            d.calls[k].args.insert(at, (arg, lit));
        }
        2 => {
            name = "missing_required";
            let k = (0..n).find(|&k| {
                specs
                    .iter()
                    .any(|s| s.name == d.calls[k].tool && !s.required.is_empty())
            })?;
            let tool = d.calls[k].tool.clone();
            let spec = specs.iter().find(|s| s.name == tool)?;
            let gone = g.pick(&spec.required).clone();
            d.calls[k].args.retain(|(a, _)| *a != gone);
        }
        3 | 4 => {
            name = "wrong_type";
            let slots: Vec<(usize, usize)> = d
                .calls
                .iter()
                .enumerate()
                .flat_map(|(k, c)| (0..c.args.len()).map(move |i| (k, i)))
                .collect();
            if slots.is_empty() {
                return None;
            }
            let (k, i) = *g.pick(&slots);
            let tool = d.calls[k].tool.clone();
            let spec = specs.iter().find(|s| s.name == tool)?;
            let ty = spec.arg_kind(&d.calls[k].args[i].0).map(|kd| kd.ty())?;
            let lit = values::wrong_value(g, ty);
            if values::type_of(&lit.value) == Some(ty) {
                return None;
            }
            d.calls[k].args[i].1 = lit;
        }
        5 => {
            let spec = specs.iter_mut().find(|s| s.name == d.calls[0].tool)?;
            catalog::make_array(g, spec, 2);
            if g.chance(0.5) {
                name = "undeclared_field";
                let extra: Vec<String> = catalog::props(g, 6)
                    .into_iter()
                    .filter(|p| !spec.props.contains(p))
                    .collect();
                let bad = g.pick(&extra).clone();
                let mut fields = vec![bad];
                if g.chance(0.5) {
                    fields.insert(g.below(2), g.pick(&spec.props).clone());
                }
                d.fields = fields;
            } else {
                name = "too_many_fields";
                catalog::make_array(g, spec, 4);
                let mut props = spec.props.clone();
                g.shuffle(&mut props);
                props.truncate(4 + g.below(props.len().saturating_sub(3).min(2)));
                d.fields = props;
            }
        }
        6 => {
            name = "shaping_non_array";
            let spec = specs.iter_mut().find(|s| s.name == d.calls[0].tool)?;
            spec.kind = if g.chance(0.6) {
                ReturnKind::Object
            } else {
                ReturnKind::Text
            };
            if spec.kind == ReturnKind::Text {
                spec.props.clear();
            } else if spec.props.is_empty() {
                spec.props = catalog::props(g, 3);
            }
            if !spec.props.is_empty() && g.chance(0.6) {
                d.fields = vec![g.pick(&spec.props).clone()];
            } else {
                d.limit = Some(render::limit_value(g));
            }
        }
        7 => {
            name = "shaping_multi_call";
            let spec = specs.iter_mut().find(|s| s.name == d.calls[0].tool)?;
            catalog::make_array(g, spec, 2);
            if g.chance(0.5) {
                d.fields = vec![g.pick(&spec.props).clone()];
            } else {
                d.limit = Some(render::limit_value(g));
            }
        }
        _ => {
            name = "limit_range";
            let spec = specs.iter_mut().find(|s| s.name == d.calls[0].tool)?;
            catalog::make_array(g, spec, 2);
            d.limit = Some(g.range(101, 1001).to_string());
        }
    }
    let plan = d.plan();
    let cat = catalog::catalog(&specs);
    if check::check(&plan, &cat).is_ok() {
        return None;
    }
    let mut t = Text::new(render::case(g));
    render::imperative(g, &mut t, &d, CallForm::Natural);
    finish(g, t, &specs, Unsupported::Checker, name, Some(plan))
}

/// A record that breaks a frontend rule.
fn record(g: &mut Gen) -> Option<Example> {
    let sub = variant(g, 12, 0);
    let mut ex = loop {
        if let Some(ex) = render::positive(g) {
            break ex;
        }
    };
    ex.expected = Expected::Diagnostic;
    ex.meta.unsupported = Some(Unsupported::Record);
    let tools = ex.tools.as_array_mut()?;
    let i = g.below(tools.len());
    let name = match sub {
        0 => {
            // Pad with chatty prose until the instruction is over the token limit.
            let fillers = vocab::half(g.split, vocab::FILLERS_TRAIN, vocab::FILLERS_TEST);
            let mut text = ex.instruction.clone();
            while lexer::lex(&text).ok()?.len() <= lexer::MAX_TOKENS {
                let f = *g.pick(fillers);
                text.push(' ');
                text.push_str(f);
            }
            ex.instruction = text;
            "too_many_tokens"
        }
        1 | 2 => {
            // A malformed or inexact literal in the instruction.
            let bad = g.pw(&[
                "\"blue",
                "\"a\\qb\"",
                "\"tab\\x41\"",
                "\"line\nbreak\"",
                "\"\\u12\"",
                "9007199254740993",
                "1e400",
                "0.1000000000000000055511151231257827",
                "-1e999",
                "123456789012345678901",
            ]);
            let at = if g.chance(0.5) {
                ex.instruction.len()
            } else {
                ex.instruction.find(' ').unwrap_or(ex.instruction.len())
            };
            let mut text = ex.instruction[..at].to_owned();
            text.push_str(" with ");
            text.push_str(bad);
            text.push_str(&ex.instruction[at..]);
            ex.instruction = text;
            ex.meta.spans.clear();
            "malformed_literal"
        }
        3 => {
            let mut extra = Vec::new();
            let taken: Vec<String> = tools
                .iter()
                .filter_map(|t| t["name"].as_str().map(str::to_owned))
                .collect();
            let mut names = taken.clone();
            while tools.len() + extra.len() <= 8 {
                let spec = catalog::tool(g, ("node", "nodes"), &names);
                names.push(spec.name.clone());
                extra.push(spec.json());
            }
            tools.extend(extra);
            "too_many_tools"
        }
        4 => {
            let bad = g.pw(&[
                "get-user",
                "list users",
                "2fa_check",
                "delete",
                "new",
                "class",
                "get.user",
                "",
                "send email",
                "return",
                "weather:get",
            ]);
            tools[i]["name"] = json!(bad);
            "bad_tool_name"
        }
        5 => {
            let args = tools[i]["arguments"].as_object_mut()?;
            let pool = vocab::half(g.split, vocab::ARGS_TRAIN, vocab::ARGS_TEST);
            let mut k = 0;
            while args.len() < 5 + g.below(2) && k < 100 {
                let (a, kind) = *g.pick(pool);
                args.insert(a.to_owned(), json!(kind.ty().as_str()));
                k += 1;
            }
            "too_many_arguments"
        }
        6 => {
            let args = tools[i]["arguments"].as_object_mut()?;
            let bad = g.pw(&[
                "array", "object", "integer", "null", "int", "str", "list", "String", "float",
            ]);
            match args.keys().next().cloned() {
                Some(first) => {
                    args.insert(first, json!(bad));
                }
                None => {
                    args.insert("payload".to_owned(), json!(bad));
                }
            }
            "bad_argument_type"
        }
        7 => {
            let req = tools[i]["required"].as_array_mut()?;
            req.push(json!(g.pw(&["user", "token", "apiKey", "id2", "q"])));
            "required_unknown"
        }
        8 => {
            let bad = g.pw(&["list", "json", "string", "void", "none", "number", "Array"]);
            tools[i]["returns"]["kind"] = json!(bad);
            "bad_return_kind"
        }
        9 => {
            let copy = tools[i].clone();
            let at = g.below(tools.len() + 1);
            tools.insert(at, copy);
            "duplicate_tool"
        }
        10 => {
            let (key, val) = *g.pick(&[
                ("description", "Looks things up."),
                ("type", "function"),
                ("parameters", "{}"),
                ("strict", "true"),
            ]);
            tools[i]
                .as_object_mut()?
                .insert(key.to_owned(), Value::String(val.to_owned()));
            "extra_key"
        }
        _ => {
            tools.clear();
            "no_tools"
        }
    };
    if name != "too_many_tokens"
        && let Ok(tokens) = lexer::lex(&ex.instruction)
        && tokens.len() > lexer::MAX_TOKENS
    {
        return None;
    }
    ex.meta.template = format!("record:{name}");
    ex.refused_plan = None;
    Some(ex)
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
