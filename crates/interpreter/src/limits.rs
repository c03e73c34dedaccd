//! The limits every interpreter applies to one run, and the log cutter they share.

use std::time::Duration;

/// The limits of one run. The defaults are the contract's: 10 s, 64 MB, 64,000 log characters and
/// 100 calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The timeout of a run whose [`crate::RunOptions`] set none.
    pub timeout: Duration,
    /// The heap one run may use, in megabytes.
    pub memory_mb: usize,
    /// What one run may log, in characters (Unicode scalar values), summed over its entries.
    pub max_log_chars: usize,
    /// The most tool calls one run may make; the call past it stops the run.
    pub max_calls: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            timeout: Duration::from_secs(10),
            memory_mb: 64,
            max_log_chars: 64_000,
            max_calls: 100,
        }
    }
}

/// The marker that ends the logs of a run that logged more than its limit.
pub const LOG_CUT_MARKER: &str = "[logs cut: the log limit was reached]";

/// Collects a run's log entries, one per `console` call, and cuts them at a character budget.
///
/// Once the budget is spent, the entry that crossed it is cut to fit, [`LOG_CUT_MARKER`] is appended
/// as a last entry, and everything after is dropped. The marker does not count against the budget.
#[derive(Debug, Clone)]
pub struct LogBuffer {
    entries: Vec<String>,
    remaining: usize,
    truncated: bool,
}

impl LogBuffer {
    /// An empty buffer that accepts `max_chars` characters.
    pub fn new(max_chars: usize) -> Self {
        Self {
            entries: Vec::new(),
            remaining: max_chars,
            truncated: false,
        }
    }

    /// Whether the buffer has been cut; later entries are dropped.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// Appends one entry, cutting it (and closing the buffer) when it does not fit.
    pub fn push(&mut self, entry: &str) {
        if self.truncated {
            return;
        }
        // Fast path: a byte count within budget is a character count within budget.
        if entry.len() <= self.remaining {
            self.remaining -= entry.chars().count();
            self.entries.push(entry.to_owned());
            return;
        }
        let chars = entry.chars().count();
        if chars <= self.remaining {
            self.remaining -= chars;
            self.entries.push(entry.to_owned());
            return;
        }
        let kept: String = entry.chars().take(self.remaining).collect();
        if !kept.is_empty() {
            self.entries.push(kept);
        }
        self.remaining = 0;
        self.truncated = true;
        self.entries.push(LOG_CUT_MARKER.to_owned());
    }

    /// The entries collected so far.
    pub fn entries(&self) -> &[String] {
        &self.entries
    }

    /// Takes the entries, leaving the buffer empty (and closed if it was).
    pub fn take(&mut self) -> Vec<String> {
        std::mem::take(&mut self.entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_within_the_budget_are_kept_whole() {
        let mut logs = LogBuffer::new(10);
        logs.push("abc");
        logs.push("défg");
        assert_eq!(logs.entries(), ["abc", "défg"]);
        assert!(!logs.is_truncated());
    }

    #[test]
    fn the_entry_that_crosses_the_budget_is_cut_and_marked() {
        let mut logs = LogBuffer::new(5);
        logs.push("abc");
        logs.push("déf");
        logs.push("never");
        assert_eq!(logs.entries(), ["abc", "dé", LOG_CUT_MARKER]);
        assert!(logs.is_truncated());
    }
}
