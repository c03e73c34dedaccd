//! Tests of the optional families of positives (`markdown`, `notes`, `quoted`, `corrections`,
//! `repeated`, `foreign_fields`, `marked`, `clauses`): each labels only what its text asks for and
//! the test split never draws it.

use super::*;

#[test]
fn markdown_requests_have_structure_and_their_labels_still_hold() {
    let on = Options {
        markdown: 1.0,
        ..Options::default()
    };
    let records = family_plans(11, 300, on, "markdown");
    let made = records.len();
    let (mut bullets, mut bold) = (0, 0);
    for (e, plan) in &records {
        bullets += usize::from(e.instruction.lines().any(|l| {
            let l = l.trim_start();
            l.starts_with("- ") || l.starts_with("* ") || l.starts_with("+ ")
        }));
        bold += usize::from(e.instruction.contains("**"));
        // One tool mention per call, in call order; every argument name and value of the
        // plan is labeled where it is written.
        let tools: Vec<&str> = e
            .meta
            .spans
            .iter()
            .filter(|s| s.role == Role::Tool)
            .map(|s| &e.instruction[s.start..s.end])
            .collect();
        let called: Vec<&str> = plan.calls.iter().map(|c| c.tool.as_str()).collect();
        assert_eq!(tools, called, "{}", e.instruction);
        for (k, call) in plan.calls.iter().enumerate() {
            for arg in call.args.keys() {
                let labeled = |role: Role| {
                    e.meta.spans.iter().any(|s| {
                        s.role == role && s.call == Some(k + 1) && s.arg.as_deref() == Some(arg)
                    })
                };
                assert!(
                    labeled(Role::Argname) && labeled(Role::Value),
                    "{arg}: {}",
                    e.instruction
                );
            }
        }
    }
    assert!(
        made > 150 && bullets > 40 && bold > 40,
        "{made} records, {bullets} with bullets, {bold} with bold"
    );
}

#[test]
fn notes_plan_only_the_calls_to_make_now() {
    let on = Options {
        notes: 1.0,
        ..Options::default()
    };
    let records = family_plans(4, 800, on, "notes");
    let made = records.len();
    for (e, plan) in &records {
        // Every label lies after the notes of what was done, and labels each planned call.
        let tools: Vec<&Span> = e
            .meta
            .spans
            .iter()
            .filter(|s| s.role == Role::Tool)
            .collect();
        assert_eq!(tools.len(), plan.calls.len(), "{}", e.instruction);
        let first = e.meta.spans.iter().map(|s| s.start).min().unwrap_or(0);
        let done = e.instruction[..first].to_lowercase();
        assert!(
            [
                "observation",
                "done",
                "ran",
                "did",
                "[x]",
                "✓",
                "✅",
                "completed",
                "called",
                "previously",
            ]
            .iter()
            .any(|w| done.contains(w)),
            "{}",
            e.instruction
        );
    }
    assert!(made > 400, "{made} notes records");
}

/// Where each layout of the `quoted` family's quoted block starts.
const QUOTE_MARKS: [&str; 4] = [
    "wrote:",
    "-----Original Message-----",
    "Forwarded message",
    "> [",
];

/// How often `name` stands in `text` as a whole name (not inside a longer identifier).
fn mentions(text: &str, name: &str) -> usize {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    text.match_indices(name)
        .filter(|(at, _)| {
            let before = text[..*at].chars().next_back();
            let after = text[at + name.len()..].chars().next();
            !before.is_some_and(ident) && !after.is_some_and(ident)
        })
        .count()
}

#[test]
fn quoted_messages_are_planned_only_when_the_reply_says_to_do_them() {
    let on = Options {
        quoted: 1.0,
        ..Options::default()
    };
    let records = family_plans(6, 600, on, "quoted");
    let made = records.len();
    let (mut own, mut same) = (0, 0);
    for (e, plan) in &records {
        let text = &e.instruction;
        assert!(QUOTE_MARKS.iter().any(|m| text.contains(m)), "{text}");
        let spans = e.meta.spans.iter().filter(|s| s.role == Role::Tool).count();
        assert_eq!(spans, plan.calls.len(), "{text}");
        let names: Vec<&str> = e
            .tools
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        let said: usize = names.iter().map(|n| mentions(text, n)).sum();
        let lower = text.to_lowercase();
        if render::QUOTED_OWN
            .iter()
            .any(|r| lower.contains(&r.to_lowercase()))
        {
            // The quoted calls name catalog tools that carry no label.
            own += 1;
            assert!(said > spans, "{text}");
        } else {
            assert!(
                render::QUOTED_SAME
                    .iter()
                    .any(|r| lower.contains(&r.to_lowercase())),
                "{text}"
            );
            same += 1;
            // The plan's labels lie inside the quoted message.
            let quote = QUOTE_MARKS
                .iter()
                .filter_map(|m| text.find(m))
                .min()
                .unwrap_or(0);
            assert!(e.meta.spans.iter().all(|s| s.start > quote), "{text}");
        }
    }
    assert!(
        made > 400 && own > 150 && same > 150,
        "{made} records, {own} own, {same} same"
    );
}

#[test]
fn corrections_label_the_corrected_request_and_leave_what_was_taken_back_as_prose() {
    let on = Options {
        corrections: 1.0,
        ..Options::default()
    };
    let records = family_plans(6, 600, on, "corrections");
    let made = records.len();
    let mut dropped = 0;
    for (e, plan) in &records {
        // Every argument of the plan has exactly one labeled value, and it reads as the
        // plan's value; one tool mention per planned call.
        for (c, call) in plan.calls.iter().enumerate() {
            for (arg, value) in &call.args {
                let spans: Vec<&Span> = e
                    .meta
                    .spans
                    .iter()
                    .filter(|s| {
                        s.role == Role::Value
                            && s.call == Some(c + 1)
                            && s.arg.as_deref() == Some(arg)
                    })
                    .collect();
                assert_eq!(spans.len(), 1, "{arg}: {}", e.instruction);
                let text = &e.instruction[spans[0].start..spans[0].end];
                let read = values::Lit::parse(text).map(|l| l.value);
                let word = codemode_plan::lexer::NUMBER_WORDS
                    .iter()
                    .position(|w| *w == text)
                    .map(serde_json::Value::from);
                assert!(
                    read.as_ref() == Some(value) || word.as_ref() == Some(value),
                    "{arg}: {}",
                    e.instruction
                );
            }
        }
        let tools = e.meta.spans.iter().filter(|s| s.role == Role::Tool).count();
        assert_eq!(tools, plan.calls.len(), "{}", e.instruction);
        // More was said than the plan keeps: a value, an argument, a call, a limit or a field.
        let literals = codemode_plan::lexer::lex(&e.instruction)
            .map(|tokens| tokens.iter().filter(|t| t.value.is_some()).count())
            .unwrap_or(0);
        let kept: usize = plan.calls.iter().map(|c| c.args.len()).sum();
        if literals > kept + usize::from(plan.output.limit.is_some()) {
            dropped += 1;
        }
    }
    assert!(made > 350, "{made} corrections records");
    assert!(
        dropped * 2 > made,
        "{dropped} of {made} say a literal the plan drops"
    );
}

#[test]
fn repeated_tools_are_planned_again_where_they_are_said_again() {
    let on = Options {
        repeated: 1.0,
        ..Options::default()
    };
    let records = family_plans(12, 800, on, "repeated");
    let made = records.len();
    let mut called_twice = 0;
    for (e, plan) in &records {
        assert_eq!(plan.mode, codemode_plan::Mode::Serial, "{}", e.instruction);
        // One tool label per call, in call order, each on the name of that call's tool.
        let tools: Vec<&Span> = e
            .meta
            .spans
            .iter()
            .filter(|s| s.role == Role::Tool)
            .collect();
        assert_eq!(tools.len(), plan.calls.len(), "{}", e.instruction);
        for (span, call) in tools.iter().zip(&plan.calls) {
            assert!(
                e.instruction[span.start..span.end].contains(call.tool.as_str()),
                "{}",
                e.instruction
            );
        }
        let lower = e.instruction.to_lowercase();
        assert!(
            [
                "again",
                "once more",
                "one more time",
                "second time",
                "2nd time",
                "another",
                "re-run",
                "rerun",
                "redo",
                "repeat"
            ]
            .iter()
            .any(|w| lower.contains(w)),
            "{}",
            e.instruction
        );
        let names: Vec<&str> = plan.calls.iter().map(|c| c.tool.as_str()).collect();
        called_twice += usize::from((1..names.len()).any(|k| names[..k].contains(&names[k])));
    }
    assert!(made > 400, "{made} repeated records");
    // Most records call a tool again; the rest say `again` of a tool that ran before them.
    assert!(called_twice * 10 > made * 7, "{called_twice} of {made}");
}

#[test]
fn fields_after_a_foreign_and_are_labeled_fields_and_a_field_the_tool_lacks_is_refused() {
    let on = Options {
        foreign_fields: 1.0,
        ..Options::default()
    };
    let (mut plans, mut refused) = (0, 0);
    for index in 0..600 {
        test_split_untouched(13, index, on, "foreign_fields");
        let e = example_with(13, index, Split::Train, on);
        let plan = match (&e.expected, &e.refused_plan) {
            (Expected::Plan(plan), _) if e.meta.template == "foreign_fields" => {
                plans += 1;
                plan.clone()
            }
            (Expected::Diagnostic, Some(plan)) if e.meta.template == "checker:foreign_fields" => {
                refused += 1;
                // The last field is one the tool lacks; the ones before it are declared.
                let tools = e.tools.as_array().unwrap();
                let tool = tools
                    .iter()
                    .find(|t| t["name"] == plan.calls[0].tool.as_str())
                    .unwrap();
                let declared: Vec<&str> = tool["returns"]["properties"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(|p| p.as_str())
                    .collect();
                let fields = plan.output.fields.as_deref().unwrap();
                let (last, before) = fields.split_last().unwrap();
                assert!(!declared.contains(&last.as_str()), "{}", e.instruction);
                assert!(before.iter().all(|f| declared.contains(&f.as_str())));
                plan.clone()
            }
            _ => panic!("not a foreign_fields record: {}", e.meta.template),
        };
        // Two or three fields, each labeled where it is said, in order, the last one included.
        assert_eq!(plan.calls.len(), 1);
        let fields = plan.output.fields.clone().unwrap_or_default();
        assert!((2..=3).contains(&fields.len()), "{}", e.instruction);
        let labeled: Vec<&str> = e
            .meta
            .spans
            .iter()
            .filter(|s| s.role == Role::Field)
            .map(|s| &e.instruction[s.start..s.end])
            .collect();
        assert_eq!(labeled, fields, "{}", e.instruction);
    }
    assert!(
        plans > 200 && refused > 200,
        "{plans} plans, {refused} refused"
    );
}

#[test]
fn marked_lists_plan_their_open_items_and_label_no_done_or_later_call() {
    let on = Options {
        marked: 1.0,
        ..Options::default()
    };
    let made = family_plans(17, 600, on, "marked");
    assert!(made.len() > 300, "{} marked records", made.len());
    let done_marks = [
        "[x]",
        "~~",
        "✓",
        "✅",
        "(done)",
        "— done",
        "[done]",
        "already ran",
        "(ran it)",
        "done:",
        "done -",
        "✔",
    ];
    let mut off_limits = 0;
    for (e, plan) in &made {
        // Marks are compared in lower case: a record may be written all in capitals.
        let lower = e.instruction.to_lowercase();
        assert!(
            done_marks.iter().any(|m| lower.contains(m)),
            "{}",
            e.instruction
        );
        // Each call of the plan is said on a line of its own that carries no done mark, and
        // each such line starts one call (in the order the plan calls them).
        let lines: Vec<&str> = e.instruction.split('\n').collect();
        let mut line_numbers = Vec::new();
        for span in e.meta.spans.iter().filter(|s| s.role == Role::Tool) {
            let number = e.instruction[..span.start].matches('\n').count();
            let line = lines[number].to_lowercase();
            assert!(
                !done_marks.iter().any(|m| line.contains(m)),
                "a labeled call on a done line: {line:?} in {}",
                e.instruction
            );
            line_numbers.push(number);
        }
        assert_eq!(line_numbers.len(), plan.calls.len(), "{}", e.instruction);
        assert!(
            line_numbers.windows(2).all(|w| w[0] < w[1]),
            "{}",
            e.instruction
        );
        // What is put out of scope names none of the tools the plan calls.
        for heading in ["Out of scope:", "Blocked, skip for now:"] {
            if let Some(at) = e.instruction.find(heading) {
                off_limits += 1;
                let under = &e.instruction[at..];
                for c in &plan.calls {
                    assert!(!under.contains(&c.tool), "{}", e.instruction);
                }
            }
        }
    }
    assert!(off_limits > 5, "{off_limits} lists with calls off limits");
}

/// Every value of `plan` and its row limit are labeled exactly once in `e`: nothing else in the
/// text (a clause number, a field's number, a value of a call not made) is labeled besides them.
fn values_and_limit_labeled_once(e: &Example, plan: &Plan) {
    let values = e.meta.spans.iter().filter(|s| s.role == Role::Value);
    let args: usize = plan.calls.iter().map(|c| c.args.len()).sum();
    assert_eq!(values.count(), args, "{}", e.instruction);
    let limits = e.meta.spans.iter().filter(|s| s.role == Role::Limit);
    assert_eq!(
        limits.count(),
        usize::from(plan.output.limit.is_some()),
        "{}",
        e.instruction
    );
}

#[test]
fn numbered_clauses_label_each_value_once_and_never_a_clause_number() {
    let on = Options {
        clauses: 1.0,
        ..Options::default()
    };
    let made = family_plans(19, 600, on, "clauses");
    assert!(made.len() > 300, "{} clauses records", made.len());
    let mut references = 0;
    for (e, plan) in &made {
        // No clause number, and no number that refers to a clause, is labeled besides them.
        values_and_limit_labeled_once(e, plan);
        // The tools are mentioned in the order the plan calls them.
        let tools: Vec<usize> = e
            .meta
            .spans
            .iter()
            .filter(|s| s.role == Role::Tool)
            .map(|s| s.start)
            .collect();
        assert_eq!(tools.len(), plan.calls.len(), "{}", e.instruction);
        assert!(tools.windows(2).all(|w| w[0] < w[1]), "{}", e.instruction);
        // No labeled token opens a clause: each clause starts with its number.
        for line in e.instruction.split('\n') {
            let start = line.as_ptr() as usize - e.instruction.as_ptr() as usize;
            assert!(
                e.meta.spans.iter().all(|s| s.start != start),
                "a labeled token opens a line: {line:?} in {}",
                e.instruction
            );
        }
        references += usize::from(
            ["Sequence:", "Only the result of", "No dependency between"]
                .iter()
                .any(|r| e.instruction.to_lowercase().contains(&r.to_lowercase())),
        );
    }
    assert!(references > 20, "{references} records name their clauses");
}

/// The field of a `tickets` record a line opens (`Description:`, `## Steps already taken`,
/// `**Out of scope:**`), or `None` for a line that opens none.
fn ticket_field(line: &str) -> Option<&'static str> {
    let markdown = line.starts_with("## ");
    let rest = line.trim_start_matches(['#', '*', ' ']).to_lowercase();
    let fields: [(&str, &[&str]); 5] = [
        ("request", render::REQUEST_HEADS),
        ("done", render::DONE_HEADS),
        ("criteria", render::CRITERIA_HEADS),
        ("out", render::OUT_HEADS),
        ("notes", render::NOTE_HEADS),
    ];
    fields.into_iter().find_map(|(field, heads)| {
        heads
            .iter()
            .any(|h| {
                let h = h.to_lowercase();
                rest.strip_prefix(&h)
                    .is_some_and(|after| after.starts_with(':') || (markdown && after.is_empty()))
            })
            .then_some(field)
    })
}

#[test]
fn tickets_plan_only_the_request_and_label_no_field_step_taken_or_call_out_of_scope() {
    let on = Options {
        tickets: 1.0,
        ..Options::default()
    };
    let made = family_plans(23, 600, on, "tickets");
    assert!(made.len() > 300, "{} tickets records", made.len());
    let (mut done_after, mut out_of_scope, mut criteria) = (0, 0, 0);
    for (e, plan) in &made {
        values_and_limit_labeled_once(e, plan);
        // Each line's field: the title and the fields before the first head have none.
        let mut field = None;
        let mut fields = Vec::new();
        for line in e.instruction.split('\n') {
            field = ticket_field(line).or(field);
            fields.push(field);
        }
        // Every label stands in the request or the acceptance criteria, and the calls in the
        // request alone.
        for span in &e.meta.spans {
            let line = e.instruction[..span.start].matches('\n').count();
            let allowed: &[&str] = match span.role {
                Role::Tool | Role::Value | Role::Argname => &["request"],
                Role::Field | Role::Limit => &["request", "criteria"],
            };
            assert!(
                fields[line].is_some_and(|f| allowed.contains(&f)),
                "a {:?} labeled in the field {:?}: {}",
                span.role,
                fields[line],
                e.instruction
            );
        }
        let order: Vec<&str> = fields.iter().flatten().copied().collect();
        let request = order.iter().position(|f| *f == "request");
        done_after += usize::from(order.iter().rposition(|f| *f == "done") > request);
        out_of_scope += usize::from(order.contains(&"out"));
        criteria += usize::from(order.contains(&"criteria"));
    }
    assert!(
        done_after > 100,
        "{done_after} list steps taken after the request"
    );
    assert!(out_of_scope > 100, "{out_of_scope} name calls out of scope");
    assert!(criteria > 100, "{criteria} have acceptance criteria");
}

#[test]
fn shared_values_are_said_once_labeled_for_the_first_call_and_taken_by_every_call() {
    let on = Options {
        shared_values: 1.0,
        ..Options::default()
    };
    let made = family_plans(23, 600, on, "shared_values");
    assert!(made.len() > 300, "{} shared_values records", made.len());
    let mut switched = 0;
    for (e, plan) in &made {
        let n = plan.calls.len();
        assert!((2..=3).contains(&n), "{}", e.instruction);
        assert!(plan.calls.iter().all(|c| c.tool == plan.calls[0].tool));
        let labeled = |call: usize, arg: &str| {
            e.meta.spans.iter().any(|s| {
                s.role == Role::Value && s.call == Some(call) && s.arg.as_deref() == Some(arg)
            })
        };
        // Every value of call 1 is labeled; of the later calls', all but one argument's, which
        // has call 1's value: the value said once.
        assert!(
            plan.calls[0].args.keys().all(|a| labeled(1, a)),
            "{}",
            e.instruction
        );
        let unlabeled: Vec<(usize, &String)> = (1..n)
            .flat_map(|k| {
                plan.calls[k]
                    .args
                    .keys()
                    .filter(move |a| !labeled(k + 1, a))
                    .map(move |a| (k, a))
            })
            .collect();
        assert_eq!(unlabeled.len(), n - 1, "{}", e.instruction);
        for &(k, arg) in &unlabeled {
            assert_eq!(arg, unlabeled[0].1, "{}", e.instruction);
            assert_eq!(plan.calls[k].args[arg], plan.calls[0].args[arg]);
        }
        if SWITCHED_BOTH.iter().any(|w| e.instruction.contains(w)) {
            switched += 1;
        }
    }
    assert!(
        switched * 6 > made.len(),
        "{switched} of {} records say it in another language",
        made.len()
    );
}

/// Some of the ways the family says "for both" in another language.
const SWITCHED_BOTH: &[&str] = &[
    "para ",
    "pros ",
    "für ",
    "fuer ",
    "pour ",
    "per ",
    "voor ",
    "dla ",
    "pro ",
    "dono ",
    "untuk ",
    "cho ca",
    "dlya ",
    "ryouhou",
    "zenbu",
    "rendukkum",
    "kwa zote",
    "dul da",
    "liang ge",
    "san ge",
    "la t",
    "sa tatlo",
    "pareho",
    "kai gia",
    "ikisi",
    "üçü",
    "moonukkum",
    "teeno",
    "tintei",
    "dutor",
];
