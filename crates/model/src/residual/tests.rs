//! The checks of `residual`, each on the sentence that shows its request.
use super::*;
use serde_json::json;

/// The kinds of request `plan` leaves unhonoured in `instruction`, over a catalog of
/// `list_users` (rows of username, email, level), `ping_host` (text), `get_forecast` (object)
/// and `log_hours` (text), with the words the plan uses tagged as the network would tag them.
pub(super) fn unhonoured_in(
    instruction: &str,
    plan: serde_json::Value,
) -> Vec<(&'static str, String)> {
    let record = crate::test_record(
        instruction,
        json!([
            {"name": "list_users", "arguments": {"team": "string", "limit": "number"}, "required": ["team"],
             "returns": {"kind": "array", "properties": ["username", "email", "level"]}},
            {"name": "ping_host", "arguments": {"host": "string"}, "required": ["host"],
             "returns": {"kind": "text", "properties": []}},
            {"name": "get_forecast", "arguments": {"city": "string", "days": "number"}, "required": ["city"],
             "returns": {"kind": "object", "properties": ["summary"]}},
            {"name": "log_hours", "arguments": {"unit": "string", "hours": "number"}, "required": ["unit"],
             "returns": {"kind": "text", "properties": []}}
        ]),
    );
    let plan: Plan = serde_json::from_value(plan).unwrap();
    let fields = plan.output.fields.clone().unwrap_or_default();
    let tags: Vec<usize> = record
        .tokens
        .iter()
        .map(|token| {
            if record.catalog.get(&token.text).is_some() {
                1
            } else if fields.contains(&token.text) {
                7
            } else if token.value.is_some() {
                4
            } else {
                0
            }
        })
        .collect();
    unhonoured(&record.tokens, &record.catalog, &tags, &plan)
        .into_iter()
        .map(|u| (u.kind(), record.tokens[u.token()].text.clone()))
        .collect()
}

fn users(fields: &[&str]) -> serde_json::Value {
    json!({"mode": "single", "calls": [{"tool": "list_users", "args": {"team": "blue"}}],
           "output": {"kind": "last", "fields": fields}})
}

fn pings(mode: &str) -> serde_json::Value {
    json!({"mode": mode, "calls": [
        {"tool": "ping_host", "args": {"host": "db1"}},
        {"tool": "ping_host", "args": {"host": "db2"}}
    ], "output": {"kind": "all"}})
}

#[test]
fn a_requested_field_the_tool_does_not_declare_is_unhonoured() {
    assert_eq!(
        unhonoured_in(
            r#"Call list_users with team "blue", only username and phone"#,
            users(&["username"])
        ),
        [("undeclared_field", "phone".to_owned())]
    );
    assert_eq!(
        unhonoured_in(
            r#"list_users for team "blue" -- show me the username and the coverage of each one."#,
            users(&["username"])
        ),
        [("undeclared_field", "coverage".to_owned())]
    );
    // A list that ends where a clause starts asks for nothing more.
    assert!(
        unhonoured_in(
            r#"list_users team "blue", only username and email, cap it at 5 rows"#,
            json!({"mode": "single", "calls": [{"tool": "list_users", "args": {"team": "blue"}}],
                   "output": {"kind": "last", "fields": ["username", "email"], "limit": 5}})
        )
        .is_empty()
    );
}

#[test]
fn a_field_the_person_excluded_but_the_plan_keeps_is_unhonoured() {
    assert_eq!(
        unhonoured_in(
            r#"Call list_users with team "blue", i dont care about the level column, just username and level"#,
            users(&["username", "level"])
        ),
        [("excluded_field", "level".to_owned())]
    );
    // `not just` asks for more, not less.
    assert!(
        unhonoured_in(
            r#"list_users with team "blue", not just username, also email"#,
            users(&["username", "email"])
        )
        .is_empty()
    );
}

#[test]
fn a_row_limit_on_a_tool_that_returns_no_rows_is_unhonoured() {
    let plan = json!({"mode": "single", "calls": [{"tool": "get_forecast", "args": {"city": "Oslo"}}],
                      "output": {"kind": "last"}});
    assert_eq!(
        unhonoured_in(
            r#"Call get_forecast with city "Oslo", first 5 rows"#,
            plan.clone()
        ),
        [("unapplied_limit", "5".to_owned())]
    );
    assert_eq!(
        unhonoured_in(
            r#"get_forecast for city "Oslo", top five results please"#,
            plan
        ),
        [("unapplied_limit", "five".to_owned())]
    );
}

#[test]
fn a_concurrency_or_order_cue_the_mode_does_not_reflect_is_unhonoured() {
    assert_eq!(
        unhonoured_in(
            r#"Run ping_host with host "db1" and ping_host with host "db2" at the very same time"#,
            pings("serial")
        ),
        [("unreflected_concurrency", "same".to_owned())]
    );
    assert_eq!(
        unhonoured_in(
            r#"ping_host host "db1" and ping_host host "db2", send them together"#,
            pings("serial")
        ),
        [("unreflected_concurrency", "together".to_owned())]
    );
    assert_eq!(
        unhonoured_in(
            r#"ping_host host "db1", then ping_host host "db2""#,
            pings("parallel")
        ),
        [("unreflected_order", "then".to_owned())]
    );
    // A negated cue, or one the mode reflects, is honoured.
    for (text, mode) in [
        (
            r#"We don't need these at the same time: ping_host host "db1", ping_host host "db2""#,
            "serial",
        ),
        (
            r#"They shouldn't run at once: ping_host host "db1", ping_host host "db2""#,
            "serial",
        ),
        (
            r#"ping_host host "db1" and ping_host host "db2" concurrently"#,
            "parallel",
        ),
        (
            r#"No need to wait, ping_host host "db1" then ping_host host "db2" at the same time"#,
            "parallel",
        ),
    ] {
        assert_eq!(unhonoured_in(text, pings(mode)), [], "{text}");
    }
}

#[test]
fn a_literal_labelled_with_an_argument_that_no_call_uses_is_unhonoured() {
    let plan = json!({"mode": "single", "calls": [{"tool": "get_forecast", "args": {"city": "Oslo"}}],
                      "output": {"kind": "last"}});
    assert_eq!(
        unhonoured_in(r#"get_forecast with city "Oslo" and days 3"#, plan.clone()),
        [("unused_literal", "3".to_owned())]
    );
    assert_eq!(
        unhonoured_in(r#"get_forecast({"city": "Oslo", "days": 4})"#, plan.clone()),
        [("unused_literal", "4".to_owned())]
    );
    // A quotation in prose, a count in prose and a list marker are not values.
    assert!(
        unhonoured_in(
            r#"She called it "a disaster", 2 times. 1. get_forecast with city "Oslo""#,
            plan
        )
        .is_empty()
    );
}

#[test]
fn loop_or_condition_syntax_in_code_or_shell_notation_is_unhonoured() {
    let plan = json!({"mode": "single", "calls": [{"tool": "ping_host", "args": {"host": "db1"}}],
                      "output": {"kind": "last"}});
    for (text, token) in [
        (
            r#"for h in db1 db2; do ping_host --host "db1"; done"#,
            "for",
        ),
        (
            r#"["db1"].forEach((h) => ping_host({host: "db1"}))"#,
            "forEach",
        ),
        (r#"if (up) ping_host(host: "db1")"#, "if"),
        (
            r#"for (const h of hosts) { ping_host(host: "db1") }"#,
            "for",
        ),
        (
            r#"while [ down ]; do ping_host --host "db1"; done"#,
            "while",
        ),
    ] {
        assert_eq!(
            unhonoured_in(text, plan.clone()),
            [("code_structure", token.to_owned())],
            "{text}"
        );
    }
    // English `for` is prose.
    assert!(
        unhonoured_in(
            r#"ping_host for host "db1", for peace of mind: thanks"#,
            plan
        )
        .is_empty()
    );
}

#[test]
fn a_value_in_a_list_of_pairs_or_under_a_capitalised_label_that_no_call_uses_is_unhonoured() {
    let plan = json!({"mode": "single", "calls": [{"tool": "get_forecast", "args": {"city": "Oslo"}}],
                      "output": {"kind": "last"}});
    // `passengers` is no argument of get_forecast: the value was given and left out.
    assert_eq!(
        unhonoured_in(
            r#"Please get_forecast with city "Oslo", and passengers 2. Thanks!"#,
            plan.clone()
        ),
        [("unused_literal", "2".to_owned())]
    );
    assert_eq!(
        unhonoured_in(r#"get_forecast for city "Oslo". Days 3."#, plan.clone()),
        [("unused_literal", "3".to_owned())]
    );
    // `all 3 results` counts the plan's results, even beside an argument named `all`.
    let three = json!({"mode": "serial", "calls": [
        {"tool": "list_users", "args": {"team": "a", "limit": 1}},
        {"tool": "list_users", "args": {"team": "b", "limit": 1}},
        {"tool": "list_users", "args": {"team": "c", "limit": 1}}
    ], "output": {"kind": "all"}});
    assert!(
        unhonoured_in(
            r#"list_users team "a" limit 1, list_users team "b" limit 1, list_users team "c" limit 1, give me limit 3 results"#,
            three
        )
        .is_empty()
    );
    // A numbered list's markers are no values, wherever they stand.
    let two = json!({"mode": "serial", "calls": [
        {"tool": "get_forecast", "args": {"city": "Oslo"}},
        {"tool": "get_forecast", "args": {"city": "Rome"}}
    ], "output": {"kind": "all"}});
    assert!(
        unhonoured_in(
            r#"1) get_forecast with "Oslo" as the city 2) get_forecast city "Rome""#,
            two.clone()
        )
        .is_empty()
    );
    assert!(
        unhonoured_in(
            r#"step 1 get_forecast city "Oslo", step 2 get_forecast city "Rome""#,
            two
        )
        .is_empty()
    );
}

#[test]
fn a_field_list_item_before_a_bracket_is_read_as_asked() {
    assert_eq!(
        unhonoured_in(
            r#"list_users with team "blue", showing only username and phone (i.e. mobile)"#,
            users(&["username"])
        ),
        [("undeclared_field", "phone".to_owned())]
    );
}

#[test]
fn a_kept_field_mentioned_only_in_a_remark_apart_from_the_list_is_unhonoured() {
    assert_eq!(
        unhonoured_in(
            r#"list_users team "blue". Only the username and email columns [the level column is stale anyway]."#,
            users(&["username", "email", "level"])
        ),
        [("stray_field", "level".to_owned())]
    );
    // The speaker's own email is no field of the tool's.
    assert_eq!(
        unhonoured_in(
            r#"Per my last email, please run list_users for team "blue"."#,
            users(&["email"])
        ),
        [("stray_field", "email".to_owned())]
    );
    // Fields listed in one sentence, however joined, are asked for.
    for text in [
        r#"list_users team "blue": username, then email, then level"#,
        r#"list_users team "blue"; keep username; email and also level"#,
        r#"list_users team "blue", only username as well as email and level"#,
    ] {
        assert_eq!(
            unhonoured_in(text, users(&["username", "email", "level"])),
            [],
            "{text}"
        );
    }
}

#[test]
fn a_condition_in_plain_words_before_an_order_is_unhonoured() {
    let plan = json!({"mode": "single", "calls": [{"tool": "ping_host", "args": {"host": "db1"}}],
                      "output": {"kind": "last"}});
    for text in [
        r#"If the cluster is still down tonight, restart it! ping_host host "db1""#,
        r#"Big day. Unless the vendor already paid, chase them: ping_host host "db1""#,
        r#"if db1 comes back then ping_host host "db1""#,
    ] {
        assert_eq!(
            unhonoured_in(text, plan.clone()),
            [(
                "condition",
                text.split_whitespace()
                    .find(|w| ["If", "Unless", "if"].contains(w))
                    .unwrap()
                    .to_owned()
            )],
            "{text}"
        );
    }
    assert_eq!(
        unhonoured_in(
            r#"Only when db1 is back up, ping_host host "db1""#,
            plan.clone()
        ),
        [("condition", "when".to_owned())]
    );
    // Politeness, a question and a remark set no condition.
    for text in [
        r#"If you can, ping_host host "db1""#,
        r#"If it's not too much trouble, ping_host host "db1""#,
        r#"Sorry if this is obvious. ping_host host "db1""#,
        r#"The boss asks if db1 is up: ping_host host "db1""#,
        r#"If anyone asks, it was approved. ping_host host "db1""#,
        r#"If memory serves, it is the old one. ping_host host "db1""#,
    ] {
        assert_eq!(unhonoured_in(text, plan.clone()), [], "{text}");
    }
}

#[test]
fn an_order_cue_among_three_calls_run_at_once_or_a_mixed_schedule_is_unhonoured() {
    let three = |mode: &str| {
        json!({"mode": mode, "calls": [
            {"tool": "ping_host", "args": {"host": "db1"}},
            {"tool": "ping_host", "args": {"host": "db2"}},
            {"tool": "ping_host", "args": {"host": "db3"}}
        ], "output": {"kind": "all"}})
    };
    // `A first, then B and C at the same time` is a mix of groups no one mode runs.
    assert_eq!(
        unhonoured_in(
            r#"ping_host host "db1" first, then ping_host host "db2" and ping_host host "db3" at the same time"#,
            three("serial")
        ),
        [("unreflected_concurrency", "same".to_owned())]
    );
    assert_eq!(
        unhonoured_in(
            r#"In this order: ping_host host "db1", ping_host host "db2", ping_host host "db3""#,
            three("parallel")
        ),
        [("unreflected_order", "In".to_owned())]
    );
    // An order word in a remark before the calls orders nothing.
    assert!(
        unhonoured_in(
            r#"The painters finally came back. ping_host host "db1", ping_host host "db2", ping_host host "db3" in one parallel batch"#,
            three("parallel")
        )
        .is_empty()
    );
}

#[test]
fn an_order_for_the_rows_that_no_argument_takes_is_unhonoured() {
    let top = json!({"mode": "single", "calls": [{"tool": "list_users", "args": {"team": "blue"}}],
                     "output": {"kind": "last", "limit": 3}});
    for (text, token) in [
        (
            r#"list_users team "blue", give me the top 3 by level"#,
            "top",
        ),
        (
            r#"list_users team "blue" sorted by level, first 3"#,
            "sorted",
        ),
        (r#"list_users team "blue", newest first, 3 rows"#, "newest"),
        (
            r#"list_users team "blue" in descending order, 3 rows"#,
            "descending",
        ),
    ] {
        assert_eq!(
            unhonoured_in(text, top.clone()),
            [("sorting", token.to_owned())],
            "{text}"
        );
    }
    // The order of a shop is no sort, and a first few rows are no order.
    for text in [
        r#"They made the order by phone. list_users team "blue", first 3"#,
        r#"list_users team "blue", top 3 please"#,
    ] {
        assert_eq!(unhonoured_in(text, top.clone()), [], "{text}");
    }
}

#[test]
fn a_total_of_a_column_no_called_tool_computes_is_unhonoured() {
    assert_eq!(
        unhonoured_in(
            r#"list_users team "blue" and total up the level column for me"#,
            users(&["level"])
        ),
        [("aggregation", "total".to_owned())]
    );
    // A total said of something else is no request on the rows.
    assert!(
        unhonoured_in(
            r#"We have a total of 40 people. list_users team "blue", only level"#,
            users(&["level"])
        )
        .is_empty()
    );
}

#[test]
fn waiting_declined_is_a_word_for_running_at_once() {
    assert_eq!(
        unhonoured_in(
            r#"dont wait for one before starting the other: ping_host host "db1", ping_host host "db2""#,
            pings("serial")
        ),
        [("unreflected_concurrency", "wait".to_owned())]
    );
    assert!(
        unhonoured_in(
            r#"wait for the first, then ping_host host "db1", ping_host host "db2""#,
            pings("serial")
        )
        .is_empty()
    );
}
