//! The input of the code tool: a closed object of `code` and an optional `timeoutMs`.
//!
//! Strict where meaning is at stake, tolerant where it is not: an unknown field is refused (it may
//! be a typo of something that matters), with the accepted fields listed; a timeout above the
//! ceiling is clamped and the run goes ahead, and one below a millisecond is raised to one; a
//! timeout written as a numeric string or `null` (the same as leaving it out) is read as meant.

use std::time::Duration;

use serde_json::{Map, Value};

/// What the input schema accepts, in the words of every refusal.
pub const ACCEPTED: &str = "run_code accepts `code` (string, required: the body of an async function) and \
`timeoutMs` (number, optional)";

/// One run's parsed input.
#[derive(Debug, Clone, PartialEq)]
pub struct RunInput {
    /// The code.
    pub code: String,
    /// The timeout the run gets.
    pub timeout: Duration,
    /// The timeout that was asked for, when it was clamped to [`RunInput::timeout`].
    pub clamped_from: Option<f64>,
}

/// Reads the arguments of one run; the error is the message for the model.
pub fn parse(arguments: &Value, default: Duration, ceiling: Duration) -> Result<RunInput, String> {
    let Value::Object(fields) = arguments else {
        return Err(format!(
            "the arguments must be an object, not {}; {ACCEPTED}",
            json_kind(arguments)
        ));
    };
    refuse_unknown(fields, &["code", "timeoutMs"], ACCEPTED)?;
    let code = match fields.get("code") {
        Some(Value::String(code)) => code.clone(),
        Some(other) => {
            return Err(format!(
                "`code` must be a string, not {}; {ACCEPTED}",
                json_kind(other)
            ));
        }
        None => return Err(format!("`code` is missing; {ACCEPTED}")),
    };
    let requested = read_timeout(fields, ACCEPTED)?;
    let (timeout, clamped_from) = effective_timeout(requested, default, ceiling);
    Ok(RunInput {
        code,
        timeout,
        clamped_from,
    })
}

/// Refuses any field outside `known` (it may be a typo of something that matters), listing what
/// the input accepts.
pub fn refuse_unknown(
    fields: &Map<String, Value>,
    known: &[&str],
    accepted: &str,
) -> Result<(), String> {
    let unknown: Vec<String> = fields
        .keys()
        .filter(|key| !known.contains(&key.as_str()))
        .map(|key| format!("`{key}`"))
        .collect();
    if unknown.is_empty() {
        return Ok(());
    }
    let plural = if unknown.len() == 1 { "" } else { "s" };
    Err(format!(
        "unknown field{plural} {}; {accepted}",
        unknown.join(", ")
    ))
}

/// Reads an optional `timeoutMs` (a number, a numeric string, or `null` for none); a refusal
/// ends with `accepted`, what the tool's input accepts.
pub fn read_timeout(fields: &Map<String, Value>, accepted: &str) -> Result<Option<f64>, String> {
    match fields.get("timeoutMs") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(number)) => Ok(number.as_f64()),
        Some(Value::String(text)) => match text.trim().parse::<f64>() {
            Ok(number) if number.is_finite() => Ok(Some(number)),
            _ => Err(format!(
                "`timeoutMs` must be a number of milliseconds, not the string {text:?}; {accepted}"
            )),
        },
        Some(other) => Err(format!(
            "`timeoutMs` must be a number of milliseconds, not {}; {accepted}",
            json_kind(other)
        )),
    }
}

/// The timeout a run gets for the one it asked for (`requested`, in milliseconds): `default` when
/// it asked for none, else the request clamped to 1 ms..`ceiling`, with the request when it was
/// clamped.
pub fn effective_timeout(
    requested: Option<f64>,
    default: Duration,
    ceiling: Duration,
) -> (Duration, Option<f64>) {
    let ceiling_ms = ceiling.as_secs_f64() * 1000.0;
    match requested {
        None => (default.min(ceiling), None),
        Some(ms) if ms > ceiling_ms => (ceiling, Some(ms)),
        Some(ms) if ms < 1.0 => (Duration::from_millis(1), Some(ms)),
        Some(ms) => (Duration::from_secs_f64(ms / 1000.0), None),
    }
}

/// A JSON value's kind with its article, for messages: `null`, `a boolean`, `a number`,
/// `a string`, `an array` or `an object`.
pub fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const TEN: Duration = Duration::from_secs(10);
    const SIXTY: Duration = Duration::from_secs(60);

    #[test]
    fn a_timeout_above_the_ceiling_is_clamped_and_remembered() {
        let input = parse(
            &json!({"code": "return 1", "timeoutMs": 600000}),
            TEN,
            SIXTY,
        )
        .unwrap();
        assert_eq!(input.timeout, SIXTY);
        assert_eq!(input.clamped_from, Some(600000.0));
        let input = parse(&json!({"code": "", "timeoutMs": "2500"}), TEN, SIXTY).unwrap();
        assert_eq!(input.timeout, Duration::from_millis(2500));
        assert_eq!(input.clamped_from, None);
        let input = parse(&json!({"code": "", "timeoutMs": null}), TEN, SIXTY).unwrap();
        assert_eq!(input.timeout, TEN);
        let input = parse(&json!({"code": "", "timeoutMs": 0}), TEN, SIXTY).unwrap();
        assert_eq!(input.timeout, Duration::from_millis(1));
    }

    #[test]
    fn unknown_and_mistyped_fields_are_refused_with_the_accepted_ones_listed() {
        let error = parse(&json!({"code": "", "timeout": 5}), TEN, SIXTY).unwrap_err();
        assert_eq!(error, format!("unknown field `timeout`; {ACCEPTED}"));
        let error = parse(&json!({"code": 5}), TEN, SIXTY).unwrap_err();
        assert!(error.starts_with("`code` must be a string, not a number;"));
        let error = parse(&json!({}), TEN, SIXTY).unwrap_err();
        assert!(error.starts_with("`code` is missing;"));
        let error = parse(&json!("return 1"), TEN, SIXTY).unwrap_err();
        assert!(error.starts_with("the arguments must be an object, not a string;"));
        let error = parse(&json!({"code": "", "timeoutMs": "soon"}), TEN, SIXTY).unwrap_err();
        assert!(error.contains("not the string \"soon\""));
    }
}
