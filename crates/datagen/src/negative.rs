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
    g.pw(&[
        "user", "item", "row", "result", "record", "entry", "ticket", "id",
    ])
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
        t.w(g.pw(&["please", "could you", "I'd like you to", "hey, can you"]));
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
                ],
            );
            match variant(g, 5, 2) {
                0 => {
                    name = "if_then";
                    t.w("if");
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
                    t.w("if it");
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
                        &["provided that", "as long as", "but only when", "assuming"],
                    ));
                    render::mention(g, &mut t, &c1.tool, 2);
                    render::args(g, &mut t, 2, &c1.args);
                    t.w(outcome);
                }
                3 => {
                    name = "unless";
                    call(g, &mut t, 1, c1, true);
                    t.w("unless");
                    t.w(g.pw(&[
                        "it's a weekend",
                        "the build is already green",
                        "someone already did it",
                        "there are more than 5 open tickets",
                    ]));
                    if n == 2 && g.chance(0.5) {
                        t.p(";");
                        t.w("otherwise");
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
                        ],
                    ));
                    if g.chance(0.4) {
                        t.p(",");
                        t.w("otherwise");
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
                _ => {
                    name = "in_case";
                    call(g, &mut t, 1, c1, true);
                    t.p(";");
                    t.w("in case it returns nothing,");
                    call(g, &mut t, 2, c2, true);
                }
            }
        }
        Unsupported::Loop => match variant(g, 5, 2) {
            0 => {
                name = "for_each";
                let nn = noun(g);
                t.w(g.pw(&["for each", "for every"]));
                t.w(nn);
                t.w(g.pw(&["in", "returned by", "from"]));
                render::mention(g, &mut t, &c2.tool, 1);
                t.p(",");
                call(g, &mut t, 2, c1, true);
            }
            1 => {
                name = "every_returned";
                call(g, &mut t, 1, c1, true);
                t.w(g.pw(&["for every", "for each", "once for every"]));
                t.w(noun(g));
                t.w(g.pw(&["that", "which"]));
                render::mention(g, &mut t, &c2.tool, 2);
                t.w("returns");
            }
            2 => {
                name = "repeat_n";
                t.w(g.pw(&["repeat", "run", "do"]));
                render::mention(g, &mut t, &c1.tool, 1);
                render::args(g, &mut t, 1, &c1.args);
                t.w(&g.range(4, 21).to_string());
                t.w("times");
            }
            3 => {
                name = "until";
                t.w(g.pt(
                    &["keep calling", "poll", "keep running"],
                    &["keep polling", "repeatedly call", "wait on"],
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
                    ],
                ));
                t.w(g.pw(&["the team", "the org", "that list", "our workspace"]));
            }
            5 => {
                name = "iterate";
                t.w("iterate over the results of");
                render::mention(g, &mut t, &c2.tool, 1);
                t.w("and");
                call(g, &mut t, 2, c1, true);
                t.w("on each one");
            }
            _ => {
                name = "once_per";
                call(g, &mut t, 1, c1, true);
                t.w(g.pw(&[
                    "once per customer",
                    "once per row",
                    "separately for each entry",
                ]));
            }
        },
        Unsupported::Dependency => {
            let spec1 = spec_of(&specs, c1)?;
            let prop = prop_or(g, spec1, "id");
            let arg2 = spec_of(&specs, c2)
                .and_then(|s| (!s.args.is_empty()).then(|| s.args[g.below(s.args.len())].0.clone()))
                .unwrap_or_else(|| "id".to_owned());
            match variant(g, 6, 2) {
                0 => {
                    name = "pass_its";
                    call(g, &mut t, 1, c1, true);
                    t.p(",");
                    t.w(g.pw(&["then pass its", "and pass its", "then hand its"]));
                    t.w(&prop);
                    t.w("to");
                    render::mention(g, &mut t, &c2.tool, 2);
                }
                1 => {
                    name = "result_as";
                    t.w(g.pw(&["use the result of", "use the output of", "take what"]));
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w("as the");
                    t.w(&arg2);
                    t.w("for");
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
                        ],
                    ));
                    render::mention(g, &mut t, &c2.tool, 2);
                }
                3 => {
                    name = "from_first";
                    call(g, &mut t, 1, c1, true);
                    t.p(",");
                    t.w("then");
                    call(g, &mut t, 2, c2, true);
                    t.w(g.pt(
                        &["using the", "with the", "plugging in the"],
                        &["and use the", "setting it to the", "filled in with the"],
                    ));
                    t.w(&prop);
                    t.w(g.pt(
                        &["from the first result", "it returned", "you got back"],
                        &["from the earlier call", "that came back"],
                    ));
                }
                4 => {
                    name = "feed_into";
                    t.w(g.pw(&["take the output of", "grab the result from"]));
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w(g.pw(&["and feed it into", "and pass it to", "and give it to"]));
                    render::mention(g, &mut t, &c2.tool, 2);
                }
                5 => {
                    name = "set_to_result";
                    render::verb(g, &mut t);
                    render::mention(g, &mut t, &c2.tool, 1);
                    t.w("with");
                    t.w(&arg2);
                    if g.chance(0.5) {
                        t.w(g.pw(&["set to whatever", "equal to what"]));
                    } else {
                        t.w(g.pw(&["set to the", "equal to the"]));
                        t.w(&prop);
                        t.w(g.pw(&["that", "which"]));
                    }
                    render::mention(g, &mut t, &c1.tool, 2);
                    t.w("returns");
                }
                6 => {
                    name = "pipe";
                    t.w("pipe");
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w("into");
                    render::mention(g, &mut t, &c2.tool, 2);
                }
                _ => {
                    name = "chain";
                    t.w("chain the output of");
                    render::mention(g, &mut t, &c1.tool, 1);
                    t.w("into");
                    render::mention(g, &mut t, &c2.tool, 2);
                }
            }
        }
        _ => {
            // Retries.
            if specs.iter().any(|s| s.has_arg("retries")) {
                return None;
            }
            match variant(g, 5, 2) {
                0 => {
                    name = "retrying_up_to";
                    call(g, &mut t, 1, c1, true);
                    t.p(",");
                    let (pre, post) = *g.pick(&[
                        ("retrying up to", "times if it fails"),
                        ("retry up to", "times"),
                        ("with up to", "retries"),
                        ("with up to", "attempts"),
                        ("try it up to", "times until it works"),
                    ]);
                    t.w(pre);
                    t.w(&g.range(2, 6).to_string());
                    t.w(post);
                }
                1 => {
                    name = "try_again";
                    call(g, &mut t, 1, c1, true);
                    t.p(";");
                    t.w(g.pw(&[
                        "if it errors, try again",
                        "if it fails, try it again",
                        "on error, run it again",
                    ]));
                }
                2 => {
                    name = "retry_until";
                    t.w(g.pw(&["retry", "keep retrying"]));
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w(g.pw(&["until it succeeds", "until it works", "on failure"]));
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
                        ],
                    ));
                }
                4 => {
                    name = "keep_trying";
                    call(g, &mut t, 1, c1, true);
                    t.w(g.pw(&[
                        "and keep trying if it fails",
                        "and don't give up if it times out — retry",
                    ]));
                }
                5 => {
                    name = "another_go";
                    call(g, &mut t, 1, c1, true);
                    t.p(",");
                    t.w("and on failure give it another go");
                }
                _ => {
                    name = "attempt";
                    t.w("attempt");
                    render::mention(g, &mut t, &c1.tool, 1);
                    render::args(g, &mut t, 1, &c1.args);
                    t.w("up to 5 times");
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
        t.w(g.pw(&["for", "with", "over"]));
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
    match variant(g, 4, 1) {
        0 => {
            name = "then_parallel";
            call(g, &mut t, 1, a, true);
            render::piece(&mut t, g.pw(&[", then", "; then", ". After that,"]));
            let v = g.chance(0.5);
            call(g, &mut t, 2, b, v);
            t.w("and");
            let v = g.chance(0.5);
            call(g, &mut t, 3, c, v);
            t.w(g.pw(&[
                "at the same time",
                "in parallel",
                "concurrently",
                "simultaneously",
            ]));
        }
        1 => {
            name = "parallel_then";
            call(g, &mut t, 1, a, true);
            t.w("and");
            let v = g.chance(0.5);
            call(g, &mut t, 2, b, v);
            t.w(g.pw(&["in parallel", "at the same time", "concurrently"]));
            render::piece(
                &mut t,
                g.pw(&[
                    ", then",
                    "; once both are done,",
                    ". When both finish,",
                    ", and after that",
                ]),
            );
            call(g, &mut t, 3, c, true);
        }
        2 => {
            name = "parallel_prefix_then";
            t.w(g.pw(&["in parallel,", "at the same time,", "concurrently,"]));
            call(g, &mut t, 1, a, true);
            t.w("and");
            let v = g.chance(0.5);
            call(g, &mut t, 2, b, v);
            render::piece(
                &mut t,
                g.pw(&[
                    "; once both are done,",
                    ". After both finish,",
                    "; afterwards",
                ]),
            );
            call(g, &mut t, 3, c, true);
        }
        3 => {
            name = "first_then_concurrent";
            t.w("first");
            call(g, &mut t, 1, a, true);
            render::piece(
                &mut t,
                g.pw(&["; after that, run", ". Next, do", ", then run"]),
            );
            call(g, &mut t, 2, b, false);
            t.w("and");
            call(g, &mut t, 3, c, false);
            t.w(g.pw(&["concurrently", "side by side", "together in parallel"]));
        }
        _ => {
            name = "while_then";
            call(g, &mut t, 1, a, true);
            t.w("while");
            render::call_natural(g, &mut t, 2, b, false);
            t.w("runs, and when both are finished,");
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
        Unsupported::Sort => match variant(g, 8, 2) {
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
                    &["sorting on", "put them in order of", "order the results by"],
                ));
                t.w(&prop);
                if g.chance(0.4) {
                    t.w(g.pw(&["descending", "ascending", "desc", "asc"]));
                }
            }
            1 => {
                name = "top_by";
                t.w(g.pw(&["top", "the top", "best"]));
                t.w(&g.range(1, 21).to_string());
                t.w("by");
                t.w(&prop);
            }
            2 => {
                name = "highest_first";
                t.w(g.pw(&["highest", "lowest", "largest", "smallest", "most recent"]));
                t.w(&prop);
                t.w("first");
            }
            3 => {
                name = "alphabetical";
                t.w(g.pw(&[
                    "in alphabetical order",
                    "alphabetically",
                    "in reverse order",
                ]));
            }
            4 => {
                name = "newest_first";
                t.w(g.pw(&["newest first", "oldest first", "most recent first"]));
            }
            5 => {
                name = "ranked_by";
                t.w(g.pw(&["ranked by", "rank them by", "in order of"]));
                t.w(&prop);
            }
            6 => {
                name = "sort_then_limit";
                t.w("sort by");
                t.w(&prop);
                t.w("and give me the first");
                t.w(&render::limit_value(g));
            }
            7 => {
                name = "by_desc";
                t.w("by");
                t.w(&prop);
                t.w(g.pw(&["descending", "high to low", "from largest to smallest"]));
            }
            8 => {
                name = "arrange";
                t.w("arrange the rows by");
                t.w(&prop);
            }
            _ => {
                name = "biggest_n";
                t.w("the");
                t.w(&g.range(2, 10).to_string());
                t.w("with the biggest");
                t.w(&prop);
            }
        },
        Unsupported::Filter => match variant(g, 7, 2) {
            0 => {
                name = "where_is";
                t.w(g.pw(&[
                    "keeping only rows where",
                    "only rows where",
                    "where",
                    "just those where",
                ]));
                t.w(&prop);
                t.w("is");
                t.raw(&values::value(g, Kind::Code).text);
            }
            1 => {
                name = "above";
                t.w(g.pw(&[
                    "only the ones whose",
                    "only rows with",
                    "just entries where",
                ]));
                t.w(&prop);
                t.w(g.pw(&["is above", "is over", "exceeds", "is below", "is at least"]));
                t.w(&g.range(1, 500).to_string());
            }
            2 => {
                name = "exclude";
                t.w(g.pw(&[
                    "exclude rows where",
                    "drop anything where",
                    "skip rows whose",
                    "remove the ones where",
                ]));
                t.w(&prop);
                t.w(g.pw(&["is empty", "is missing", "is null", "is blank"]));
            }
            3 => {
                name = "with_value";
                t.w(g.pw(&[
                    "only rows with",
                    "just the ones with",
                    "keep only entries with",
                ]));
                t.w(&prop);
                t.raw(&values::value(g, Kind::Team).text);
            }
            4 => {
                name = "adjective";
                t.w(g.pw(&[
                    "just the active ones",
                    "only the failed ones",
                    "only those that are overdue",
                    "leave out the archived ones",
                ]));
            }
            5 => {
                name = "matching";
                t.w(g.pw(&["only rows whose", "filter to rows whose"]));
                t.w(&prop);
                t.w(g.pw(&["contains", "starts with", "matches"]));
                t.raw(&values::value(g, Kind::Phrase).text);
            }
            6 => {
                name = "filter_by";
                t.w(g.pw(&["filter by", "filtered on", "filter them by"]));
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
            _ => {
                name = "non_empty";
                t.w("only the rows that actually have a");
                t.w(&prop);
            }
        },
        Unsupported::Aggregate => match variant(g, 7, 2) {
            0 => {
                name = "count_rows";
                t.w(g.pw(&[
                    "count the rows",
                    "count them",
                    "count the results",
                    "give me the count",
                ]));
            }
            1 => {
                name = "how_many";
                t.w(g.pw(&[
                    "how many are there",
                    "tell me how many rows there are",
                    "just tell me how many",
                ]));
            }
            2 => {
                name = "sum_of";
                t.w(g.pt(
                    &["the sum of", "sum up the", "add up the", "the total of"],
                    &["the combined", "a running total of the", "the overall"],
                ));
                t.w(&prop);
            }
            3 => {
                name = "average";
                t.w(g.pw(&["the average", "average", "the median", "the mean"]));
                t.w(&prop);
            }
            4 => {
                name = "group_by";
                t.w(g.pt(
                    &["group them by", "grouped by", "bucket them by"],
                    &["roll them up by", "cluster them by"],
                ));
                t.w(&prop);
            }
            5 => {
                name = "max_min";
                t.w(g.pw(&[
                    "the max",
                    "the maximum",
                    "the minimum",
                    "the min",
                    "the largest",
                ]));
                t.w(&prop);
            }
            6 => {
                name = "number_of";
                t.w(g.pw(&[
                    "the number of results",
                    "the number of rows",
                    "a count of the rows",
                ]));
            }
            7 => {
                name = "tally";
                t.w(g.pw(&["tally them up", "tally the rows"]));
            }
            _ => {
                name = "distinct";
                t.w("the distinct");
                t.w(&prop);
                t.w("values");
            }
        },
        _ => match variant(g, 7, 2) {
            0 => {
                name = "last_n";
                t.w(g.pw(&["the last", "only the last", "just the last"]));
                t.w(&g.range(1, 51).to_string());
                t.w(g.pt(&["rows", "results", "entries", ""], &["items", "records"]));
            }
            1 => {
                name = "range";
                t.w("rows");
                let a = g.range(2, 50);
                t.w(&a.to_string());
                t.w(g.pw(&["to", "through", "-"]));
                t.w(&(a + g.range(1, 30)).to_string());
            }
            2 => {
                name = "skip_first";
                t.w(g.pw(&["skip the first", "ignore the first", "drop the first"]));
                t.w(&g.range(1, 20).to_string());
                t.w("rows");
            }
            3 => {
                name = "after_row";
                t.w(g.pw(&["everything after row", "from row", "starting at row"]));
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
                t.w(g.pw(&["every other row", "every second row", "only the odd rows"]));
            }
            6 => {
                name = "random_sample";
                t.w(g.pw(&["a random", "any"]));
                t.w(&g.range(2, 20).to_string());
                t.w("rows");
            }
            7 => {
                name = "final_rows";
                t.w("the final");
                t.w(&g.range(2, 20).to_string());
                t.w("rows");
            }
            _ => {
                name = "all_but_first";
                t.w("all but the first");
                t.w(&g.range(2, 10).to_string());
                t.w("rows");
            }
        },
    }
    let (phrase, _) = t.finish();
    let mut t = Text::new(case);
    let before =
        matches!(class, Unsupported::Aggregate | Unsupported::OtherRows) || name == "top_by";
    if before && g.chance(0.35) {
        t.w(g.pw(&["give me", "show me", "I want", "return", "get me"]));
        t.raw(&phrase);
        t.w(g.pw(&["from", "of", "returned by"]));
        render::call_natural(g, &mut t, 1, &c, false);
    } else {
        render::call_natural(g, &mut t, 1, &c, true);
        let lead = g.pw(&[",", " —", ";", ".", " and"]);
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
