//! What a planner is to the rest of codemode: a record in, a checked plan with its confidence (or
//! a diagnostic) out.
//!
//! The trait lets the code tools run an instruction's plan without knowing the network behind
//! it: `codemode-model` implements it for its planner, and tests can implement it with a fixed
//! answer. The answer keeps the contract of every planner path: a plan it returns has passed
//! [`check`](crate::check::check) against the record's catalog.

use crate::diagnostic::Diagnostic;
use crate::frontend::Record;
use crate::plan::Plan;

/// A plan with how sure the planner is of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Planned {
    /// The plan, checked against the record's catalog.
    pub plan: Plan,
    /// The planner's confidence in the plan, from 0 to 1.
    pub confidence: f32,
    /// What the instruction asks that the plan leaves unhonoured, in words (`a condition in
    /// plain words: If`): why the confidence is low. Empty when nothing is left out.
    pub doubts: Vec<String>,
}

/// Plans one record at a time.
pub trait PlanRecord: Send + Sync {
    /// Plans `record`: a checked plan with its confidence, or a diagnostic.
    fn plan_record(&self, record: &Record) -> Result<Planned, Diagnostic>;
}
