//! Evaluation: exact plans, per-part accuracy, diagnosis recall and precision, invalid plans, speed;
//! and the BFCL probe (declined / correct / wrong).
//!
//! Plans compare as canonical JSON with numbers compared as numbers. A record that should be
//! rejected counts as right when any diagnostic is given (its text is not compared).

use std::time::Instant;

use codemode_plan::{Diagnostic, Plan, Record, check, frontend};
use serde::Serialize;
use serde_json::Value;

use crate::labels::{Expected, Labeled};
use crate::selective::{self, RiskCoverage, Scored};

/// Whether two JSON values are equal, numbers compared as numbers.
pub fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_value(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_value(v, w)))
        }
        _ => a == b,
    }
}

fn json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The answer for each record value: the frontend, then `planner` on what it accepts.
pub fn answer_all(
    inputs: &[Value],
    planner: impl Fn(&[&Record]) -> Vec<Result<Plan, Diagnostic>>,
) -> Vec<Result<Plan, Diagnostic>> {
    let read: Vec<Result<Record, Diagnostic>> = inputs.iter().map(frontend::read_record).collect();
    crate::planner::plan_read(read, planner)
}

/// The evaluation table.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Report {
    /// Records evaluated.
    pub records: usize,
    /// Records that expect a plan.
    pub plan_records: usize,
    /// Records that expect a diagnostic.
    pub diagnostic_records: usize,
    /// Exact plans among records that expect one.
    pub exact: usize,
    /// Right mode.
    pub mode: usize,
    /// Right tools, in order.
    pub tools: usize,
    /// Right arguments of every call (with the right tools).
    pub args: usize,
    /// Right output (kind, fields, limit).
    pub output: usize,
    /// Diagnostics given where one was expected.
    pub diagnosed: usize,
    /// Diagnostics given where a plan was expected.
    pub false_diagnostics: usize,
    /// Plans given that are not the expected answer: a wrong plan where a plan was expected, or
    /// any plan where a diagnostic was (the answers that would run the wrong calls).
    pub wrong_plans: usize,
    /// Plans given that the checker would reject (must be 0).
    pub invalid_plans: usize,
    /// Records answered per second (frontend, model, decoding and checker).
    pub records_per_second: f64,
    /// With confidences: what each least confidence buys (every plan the checker accepts
    /// counted at its confidence, whatever threshold the figures above were taken at).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confidence: Option<RiskCoverage>,
}

impl Report {
    fn pct(n: usize, d: usize) -> f64 {
        if d == 0 {
            0.0
        } else {
            100.0 * n as f64 / d as f64
        }
    }

    /// Exact-plan accuracy, in percent.
    pub fn exact_pct(&self) -> f64 {
        Report::pct(self.exact, self.plan_records)
    }

    /// Diagnosis recall, in percent.
    pub fn recall_pct(&self) -> f64 {
        Report::pct(self.diagnosed, self.diagnostic_records)
    }

    /// Diagnosis precision, in percent.
    pub fn precision_pct(&self) -> f64 {
        Report::pct(self.diagnosed, self.diagnosed + self.false_diagnostics)
    }

    /// The table as text.
    pub fn table(&self) -> String {
        let p = self.plan_records;
        let row = |name: &str, n: usize, d: usize| {
            format!("{name:<24} {:>7.2}%  ({n}/{d})\n", Report::pct(n, d))
        };
        let mut t = String::new();
        t.push_str(&format!("{:<24} {}\n", "records", self.records));
        t.push_str(&row("exact plans", self.exact, p));
        t.push_str(&row("  mode", self.mode, p));
        t.push_str(&row("  tools", self.tools, p));
        t.push_str(&row("  arguments", self.args, p));
        t.push_str(&row("  output", self.output, p));
        t.push_str(&row(
            "diagnosis recall",
            self.diagnosed,
            self.diagnostic_records,
        ));
        t.push_str(&row(
            "diagnosis precision",
            self.diagnosed,
            self.diagnosed + self.false_diagnostics,
        ));
        let answered = self.records - self.diagnosed - self.false_diagnostics;
        t.push_str(&row("wrong plans", self.wrong_plans, answered));
        t.push_str(&format!("{:<24} {}\n", "invalid plans", self.invalid_plans));
        t.push_str(&format!(
            "{:<24} {:.0}\n",
            "records/s", self.records_per_second
        ));
        if let Some(confidence) = &self.confidence {
            t.push_str(&confidence.table());
        }
        t
    }
}

/// Evaluates `planner` on labeled records.
pub fn evaluate(
    labeled: &[Labeled],
    planner: impl Fn(&[&Record]) -> Vec<Result<Plan, Diagnostic>>,
) -> Report {
    let inputs: Vec<Value> = labeled.iter().map(|l| l.input.clone()).collect();
    let start = Instant::now();
    let answers = answer_all(&inputs, planner);
    tally(labeled, &answers, start.elapsed().as_secs_f64())
}

/// Evaluates a planner that answers each plan with its confidence (`planner`, answering every
/// plan the checker accepts): the table at the least confidence `least` (a plan below it counts
/// as a diagnostic), and the risk–coverage and calibration tables over every plan, with the
/// thresholds of [`selective::thresholds`] and `default` among them.
pub fn evaluate_sure(
    labeled: &[Labeled],
    planner: impl Fn(&[&Record]) -> Vec<Result<(Plan, f32), Diagnostic>>,
    least: f32,
    default: Option<f32>,
) -> Report {
    let inputs: Vec<Value> = labeled.iter().map(|l| l.input.clone()).collect();
    let start = Instant::now();
    let read: Vec<Result<Record, Diagnostic>> = inputs.iter().map(frontend::read_record).collect();
    let answers = crate::planner::plan_read(read, planner);
    let seconds = start.elapsed().as_secs_f64();
    let mut scored = Vec::new();
    let mut plan_records = 0;
    for (l, answer) in labeled.iter().zip(&answers) {
        if let Expected::Plan(_) = l.expected {
            plan_records += 1;
        }
        if let Ok((plan, confidence)) = answer {
            let exact = match &l.expected {
                Expected::Plan(want) => same_value(&json(want), &json(plan)),
                Expected::Diagnostic => false,
            };
            scored.push(Scored {
                confidence: *confidence,
                exact,
            });
        }
    }
    let at_least: Vec<Result<Plan, Diagnostic>> = answers
        .into_iter()
        .map(|answer| match answer {
            Ok((plan, confidence)) if confidence >= least => Ok(plan),
            Ok(_) => Err(Diagnostic::new(
                "instruction",
                codemode_plan::Problem::NoPlan("below the least confidence".into()),
            )),
            Err(diagnostic) => Err(diagnostic),
        })
        .collect();
    let mut report = tally(labeled, &at_least, seconds);
    report.confidence = Some(selective::risk_coverage_with(
        &scored,
        plan_records,
        &selective::thresholds(default),
        default,
    ));
    report
}

/// The table of `answers` to `labeled`, answered in `seconds`.
fn tally(labeled: &[Labeled], answers: &[Result<Plan, Diagnostic>], seconds: f64) -> Report {
    let mut r = Report {
        records: labeled.len(),
        ..Report::default()
    };
    for (l, answer) in labeled.iter().zip(answers) {
        if let Ok(plan) = answer {
            let valid = frontend::read_record(&l.input)
                .is_ok_and(|rec| check::check(plan, &rec.catalog).is_ok());
            if !valid {
                r.invalid_plans += 1;
            }
        }
        match (&l.expected, answer) {
            (Expected::Diagnostic, Err(_)) => {
                r.diagnostic_records += 1;
                r.diagnosed += 1;
            }
            (Expected::Diagnostic, Ok(_)) => {
                r.diagnostic_records += 1;
                r.wrong_plans += 1;
            }
            (Expected::Plan(_), Err(_)) => {
                r.plan_records += 1;
                r.false_diagnostics += 1;
            }
            (Expected::Plan(want), Ok(got)) => {
                r.plan_records += 1;
                let tools_ok = want.calls.len() == got.calls.len()
                    && want
                        .calls
                        .iter()
                        .zip(&got.calls)
                        .all(|(a, b)| a.tool == b.tool);
                let args_ok = tools_ok
                    && want
                        .calls
                        .iter()
                        .zip(&got.calls)
                        .all(|(a, b)| same_value(&json(&a.args), &json(&b.args)));
                let mode_ok = want.mode == got.mode;
                let output_ok = same_value(&json(&want.output), &json(&got.output));
                r.tools += usize::from(tools_ok);
                r.args += usize::from(args_ok);
                r.mode += usize::from(mode_ok);
                r.output += usize::from(output_ok);
                let exact = same_value(&json(want), &json(got));
                r.exact += usize::from(exact);
                r.wrong_plans += usize::from(!exact);
            }
        }
    }
    r.records_per_second = if seconds > 0.0 {
        labeled.len() as f64 / seconds
    } else {
        0.0
    };
    r
}

/// The BFCL probe's shares.
#[derive(Debug, Clone, Default, Serialize)]
pub struct BfclReport {
    /// Records.
    pub records: usize,
    /// Answered with a diagnostic.
    pub declined: usize,
    /// Plans that BFCL's answer key accepts.
    pub correct: usize,
    /// Plans that it does not.
    pub wrong: usize,
}

impl BfclReport {
    /// The table as text.
    pub fn table(&self) -> String {
        let pct = |n: usize| {
            if self.records == 0 {
                0.0
            } else {
                100.0 * n as f64 / self.records as f64
            }
        };
        format!(
            "{:<10} {}\n{:<10} {:>6.2}%  ({})\n{:<10} {:>6.2}%  ({})\n{:<10} {:>6.2}%  ({})\n",
            "records",
            self.records,
            "declined",
            pct(self.declined),
            self.declined,
            "correct",
            pct(self.correct),
            self.correct,
            "wrong",
            pct(self.wrong),
            self.wrong
        )
    }
}

/// Whether a plan's call matches one BFCL answer call `{tool: {arg: [acceptable values]}}`.
fn bfcl_call_matches(call: &codemode_plan::Call, answer: &Value) -> bool {
    let Some((tool, args)) = answer.as_object().and_then(|o| o.iter().next()) else {
        return false;
    };
    if call.tool != *tool {
        return false;
    }
    let Some(args) = args.as_object() else {
        return false;
    };
    if call.args.keys().any(|k| !args.contains_key(k)) {
        return false;
    }
    args.iter().all(|(name, accepted)| {
        let accepted = accepted.as_array().cloned().unwrap_or_default();
        match call.args.get(name) {
            Some(value) => accepted.iter().any(|a| same_value(a, value)),
            None => accepted.iter().any(|a| a == ""),
        }
    })
}

/// Whether a plan is one that BFCL's answers accept (calls matched one to one, in any order).
pub fn bfcl_accepts(plan: &Plan, answers: &Value) -> bool {
    let Some(answers) = answers.as_array() else {
        return false;
    };
    if answers.len() != plan.calls.len() {
        return false;
    }
    let mut used = vec![false; answers.len()];
    plan.calls.iter().all(|call| {
        match answers
            .iter()
            .enumerate()
            .find(|(i, a)| !used[*i] && bfcl_call_matches(call, a))
        {
            Some((i, _)) => {
                used[i] = true;
                true
            }
            None => false,
        }
    })
}

/// Runs the BFCL probe over records with a `bfcl` key.
pub fn evaluate_bfcl(
    records: &[Value],
    planner: impl Fn(&[&Record]) -> Vec<Result<Plan, Diagnostic>>,
) -> BfclReport {
    let inputs: Vec<Value> = records
        .iter()
        .map(|r| {
            let mut r = r.clone();
            if let Some(o) = r.as_object_mut() {
                o.remove("bfcl");
            }
            r
        })
        .collect();
    let answers = answer_all(&inputs, planner);
    let mut report = BfclReport {
        records: records.len(),
        ..BfclReport::default()
    };
    for (record, answer) in records.iter().zip(answers) {
        match answer {
            Err(_) => report.declined += 1,
            Ok(plan) if bfcl_accepts(&plan, &record["bfcl"]["answers"]) => report.correct += 1,
            Ok(_) => report.wrong += 1,
        }
    }
    report
}
