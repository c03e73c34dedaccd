//! Unsupported structures the prose shows even when the status head reads the instruction as
//! supported: a condition on a call (`condition`), an argument that is another call's result
//! (`dependency`), a comparison over the results (`results`).

use codemode_plan::{Diagnostic, Problem};

mod condition;
mod dependency;
mod results;

pub(super) use condition::{conditional_call, only_asks};
pub(super) use dependency::unsaid_source;
pub(super) use results::compared_property;

/// The words a diagnostic uses for an unsupported structure.
pub fn describe_status(status: &str) -> &'static str {
    match status {
        "condition" => "a condition (if, unless, when)",
        "loop" => "a loop over items",
        "dependency" => "passing one call's result into another",
        "retry" => "retrying a call",
        "too_many_calls" => "more than 3 calls",
        "mixed_schedule" => "a mix of serial and parallel groups",
        "sort" => "sorting results",
        "filter" => "filtering results",
        "aggregate" => "aggregating results",
        "other_rows" => "reading rows other than the first N",
        _ => "this request",
    }
}

/// The diagnostic for an unsupported structure, by its status name.
pub(super) fn unsupported(status: &str) -> Diagnostic {
    Diagnostic::new(
        "instruction",
        Problem::Unsupported(describe_status(status).to_owned()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::STATUSES;

    #[test]
    fn every_unsupported_status_has_words_of_its_own() {
        for status in STATUSES.iter().filter(|&&s| s != "supported") {
            assert_ne!(describe_status(status), "this request", "{status}");
        }
        assert_eq!(describe_status("supported"), "this request");
        assert_eq!(describe_status("sort"), "sorting results");
    }
}
