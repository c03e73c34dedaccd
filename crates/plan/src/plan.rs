//! The plan: the planner's answer in its canonical JSON form.

use serde::{Deserialize, Serialize};

/// How the calls are scheduled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Exactly one call.
    Single,
    /// 2–3 calls, each started after the previous one settled, in mention order.
    Serial,
    /// 2–3 calls, all started before any is awaited.
    Parallel,
}

impl Mode {
    /// The mode's name in the canonical form.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Single => "single",
            Mode::Serial => "serial",
            Mode::Parallel => "parallel",
        }
    }
}

/// Which records the plan returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OutputKind {
    /// The array of every record, in call order.
    All,
    /// The record of the last call in call order.
    Last,
}

/// One call: a tool and exactly the arguments the instruction gives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Call {
    /// The catalog tool's name.
    pub tool: String,
    /// The arguments, in the order they are written; values are strings, numbers or booleans.
    #[serde(default)]
    pub args: serde_json::Map<String, serde_json::Value>,
}

/// The output of a plan, with optional shaping for one array-returning call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Output {
    /// `all` or `last`.
    pub kind: OutputKind,
    /// Declared row properties to keep, in the order named (1–3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields: Option<Vec<String>>,
    /// How many rows to keep from the start, after the projection (0–100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<serde_json::Number>,
}

impl Output {
    /// An output of `kind` with no shaping.
    pub fn plain(kind: OutputKind) -> Output {
        Output {
            kind,
            fields: None,
            limit: None,
        }
    }

    /// The row limit as a count, when it is a whole number from 0 to 100.
    pub fn limit_rows(&self) -> Option<u64> {
        let limit = self.limit.as_ref()?;
        match limit.as_u64() {
            Some(n) => Some(n),
            None => limit
                .as_f64()
                .filter(|f| f.fract() == 0.0 && (0.0..=100.0).contains(f))
                .map(|f| f as u64),
        }
        .filter(|n| *n <= 100)
    }
}

/// A plan in canonical form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// The schedule.
    pub mode: Mode,
    /// The calls, in mention order.
    pub calls: Vec<Call>,
    /// What the plan returns.
    pub output: Output,
}

impl Plan {
    /// Reads a plan from a JSON value in canonical form, with a diagnostic at `plan` when its
    /// shape is off (an unknown key, a missing part, a value of the wrong type).
    pub fn deserialize_value(value: &serde_json::Value) -> Result<Plan, crate::Diagnostic> {
        Plan::deserialize(value)
            .map_err(|e| crate::Diagnostic::new("plan", crate::Problem::Malformed(e.to_string())))
    }
}
