//! Decoding: the network's per-token tags, pointers and sequence heads become a plan, or a
//! diagnostic when they do not make one. The checker runs after this and has the last word.
//!
//! [`decode`] makes the first reading (`first`): what each tag names, the tool of every call,
//! the arguments (`args`, with `labels` and `prose` numbers), the projection (`fields`)
//! and row limit (`rows`), the unsupported structures the prose shows (`structure`) and a call
//! said twice (`repeated`); the output kind is the output head's. [`decode_checked`] and
//! [`decode_sure`] then try the close readings (`close`) when the first one breaks a rule.
//! `text` holds the token and sentence helpers every rule uses.

use codemode_plan::{Diagnostic, Problem};

mod args;
mod close;
pub(crate) mod fields;
mod first;
mod labels;
mod prose;
mod repeated;
pub(crate) mod rows;
mod structure;
#[cfg(test)]
mod test_util;
pub(crate) mod text;

pub use close::{ALTERNATIVE_MIN, UNKNOWN_TOOL_MIN, decode_checked, decode_sure};
pub use first::decode;
pub use structure::describe_status;

use text::call_of;

/// What the network answered for one record, already reduced to choices.
#[derive(Debug, Clone, PartialEq)]
pub struct Choices {
    /// The tag id of each token.
    pub tags: Vec<usize>,
    /// For each token, the token its pointer prefers (only read for value tokens).
    pub pointers: Vec<Option<usize>>,
    /// 0 serial, 1 parallel.
    pub mode: usize,
    /// 0 all, 1 last.
    pub output: usize,
    /// An index into [`STATUSES`](crate::network::STATUSES).
    pub status: usize,
    /// For each token, whether it is a word of the prose vocabulary (`for`, `then`, `titled`),
    /// as opposed to an unknown word or a catalog name outside it.
    pub prose: Vec<bool>,
    /// The tag logits of every token, [`TAGS`](crate::network::TAGS) per token, row-major (empty
    /// when only the argmax is known); read only when the first reading fails.
    pub tag_logits: Vec<f32>,
    /// The least probability the network gave any token's chosen role tag (1 when unknown).
    pub tag_sure: f32,
    /// The probability the network gave its status (1 when unknown).
    pub status_sure: f32,
    /// The least probability among the other decisions a plan rests on: each value's pointer, the
    /// status, the output kind, and the schedule when the tags make two or three calls (1 when
    /// unknown).
    pub head_sure: f32,
    /// The least probability of the status, the output kind and, with two or three calls, the
    /// schedule: [`Choices::head_sure`] without the pointers (1 when unknown).
    pub heads_sure: f32,
    /// For each value token: the token, the probability of its pointer, and the token its
    /// runner-up points at (none when that is no argument name); empty when unknown.
    pub pointer_doubts: Vec<(usize, f32, Option<usize>)>,
    /// For each token, the probability that it is a value said for every call (empty when the
    /// network has no shared-value head).
    pub shared: Vec<f32>,
}

impl Choices {
    /// How sure the network is of this reading: the least probability of any decision in it.
    pub fn confidence(&self) -> f32 {
        self.tag_sure.min(self.head_sure)
    }
}

/// How many calls role tags make: the highest call slot a tool or value tag names (0 for none).
pub(crate) fn calls(tags: &[usize]) -> usize {
    tags.iter()
        .filter_map(|&t| call_of(t))
        .max()
        .map_or(0, |k| k + 1)
}

/// The diagnostic for a reading that makes no plan: where, and why.
fn no_plan(place: impl Into<String>, text: impl Into<String>) -> Diagnostic {
    Diagnostic::new(place, Problem::NoPlan(text.into()))
}

/// The diagnostic for two values of call `k` (from 0) that both name `arg`.
fn given_twice(k: usize, arg: &str) -> Diagnostic {
    no_plan(
        format!("call {}", k + 1),
        format!(
            "argument {} is given twice",
            codemode_plan::json::quote(arg)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_calls_tags_make_are_their_highest_slot() {
        assert_eq!(calls(&[1, 0, 4, 0, 2, 0, 6, 8, 7]), 3);
        assert_eq!(calls(&[0, 5]), 2);
        assert_eq!(calls(&[0, 7, 8]), 0);
    }

    #[test]
    fn a_reading_is_as_sure_as_its_least_sure_decision() {
        let mut c = crate::decode::test_util::choices(&[1], &[None]);
        (c.tag_sure, c.head_sure) = (0.7, 0.95);
        assert_eq!(c.confidence(), 0.7);
        (c.tag_sure, c.head_sure) = (0.99, 0.6);
        assert_eq!(c.confidence(), 0.6);
    }
}
