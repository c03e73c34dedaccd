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
