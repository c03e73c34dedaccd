//! Unsupported structures written as one request: conditions, loops, dependencies, retries,
//! sorting, filtering and aggregation.

use crate::render;
use crate::text::Text;
use crate::{Example, Gen, Unsupported};

use super::*;

/// Conditions, loops, dependencies and retries.
pub(super) fn structure(g: &mut Gen, class: Unsupported) -> Option<Example> {
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
            let extra = if g.spoken() { 5 } else { 3 };
            if g.soft_conditions() && g.chance(0.35) {
                let name = spoken::soft_condition(g, &mut t, &specs, c1, c2);
                render::end(g, &mut t);
                return finish(g, t, &specs, class, name, None);
            }
            match variant_x(g, 5, extra, 2) {
                0 => {
                    name = "if_then";
                    let tongue = g.switched();
                    t.w(match tongue {
                        Some(tongue) => g.pw(tongue.cond_if),
                        None => fixed_or(
                            g,
                            "if",
                            &["when", "in the event that", "if ever", "whenever"],
                        ),
                    });
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w(match tongue {
                        Some(tongue) => g.pw(tongue.outcome),
                        None => outcome,
                    });
                    t.p(",");
                    if g.chance(0.6) {
                        // A language that leaves the word out writes nothing (`Text::w("")`).
                        t.w(match tongue {
                            Some(tongue) if !tongue.cond_then.is_empty() => g.pw(tongue.cond_then),
                            Some(_) => "",
                            None => "then",
                        });
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
                9 => {
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
                _ => name = spoken::condition(g, &mut t, &specs, c1, c2),
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
                    t.w(match g.switched() {
                        Some(tongue) => g.pw(tongue.retry),
                        None => g.pt(
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
                        ),
                    });
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
                    t.w(match g.switched() {
                        Some(tongue) => g.pw(tongue.keep_trying),
                        None => g.pt(
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
                        ),
                    });
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
