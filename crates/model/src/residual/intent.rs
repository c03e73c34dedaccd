//! Requests about the calls themselves that a reading can miss, read from the shape of the plan
//! beside the words, never from a phrase alone:
//!
//! - a value the person took back (`hours 3 wait no make that hours 2.5`): the plan calls one
//!   tool twice, the calls differ in an argument, and the prose holds a correction;
//! - the same call said twice over (`account "PEN-7710". i mean the pension one, account
//!   "PEN-7710"`): the plan calls one tool twice, one call's arguments all repeat the other's,
//!   and nothing asks for a repeat (`again`, `twice`, `both`);
//! - a call that needs another's result (`send_email whatever it returned`), on a plan of
//!   several calls, none of which can see another's result;
//! - a retry (`keep retrying until it's acknowledged`), which no plan can make.

use codemode_plan::Call;

use super::{Reading, Unhonoured};

/// Single words that take back what was just said (`wait` only as an interjection, see
/// [`Reading::corrects`]).
const CORRECTIONS: &[&str] = &["actually", "correction", "oops", "scratch", "sorry", "typo"];

/// Words that ask for a call to be made again.
const REPEATS: &[&str] = &[
    "again", "twice", "both", "repeat", "rerun", "re-run", "times", "another", "once",
];

/// Verbs that say a call gave something back.
const GAVE: &[&str] = &[
    "returned", "returns", "return", "gave", "gives", "give", "found", "finds", "produced",
    "produces", "got", "gets", "brought", "spat", "spits", "says", "said", "shows", "showed",
    "comes", "came",
];

/// Words that stand for an earlier call or its result.
const ANAPHORS: &[&str] = &[
    "it", "that", "this", "they", "those", "these", "each", "one",
];

/// Words for a retry.
const RETRIES: &[&str] = &[
    "retry",
    "retrying",
    "retries",
    "retried",
    "reattempt",
    "reattempting",
];

impl Reading<'_> {
    /// Pairs of calls of one tool that the instruction names once, earlier first: a person
    /// who wants a tool called twice names it twice, or says so (`again`, `both`).
    fn same_tool_pairs(&self) -> Vec<(&Call, &Call)> {
        let calls = &self.plan.calls;
        let mut pairs = Vec::new();
        for (i, a) in calls.iter().enumerate() {
            let named = self.tokens.iter().filter(|t| t.text == a.tool).count();
            for b in &calls[i + 1..] {
                if a.tool == b.tool && named == 1 {
                    pairs.push((a, b));
                }
            }
        }
        pairs
    }

    /// The first prose word at which `phrase` holds.
    fn prose_at(&self, phrase: impl Fn(usize) -> bool) -> Option<usize> {
        (0..self.tokens.len()).find(|&i| self.prose_word(i) && phrase(i))
    }

    /// Whether the words at `i` take back what was said: a correction word, `wait` said as an
    /// interjection (`wait no`, `no wait`, `wait,`, `wait —`; not `no reason to wait for
    /// each`), or `make that`, `make it`, `i mean`, `i meant`, `change that`, `on second
    /// thought`.
    fn corrects(&self, i: usize) -> bool {
        let at = |k: usize, words: &[&str]| self.is(i + k, words);
        let interjection = at(0, &["wait"])
            && (at(1, &["no", ",", "—", "-", "!", "...", "…", "a"])
                || (i > 0 && self.is(i - 1, &["no", "oh", "hang"])));
        at(0, CORRECTIONS)
            || interjection
            || (at(0, &["make", "change"]) && at(1, &["that", "it"]))
            || (at(0, &["i"]) && at(1, &["mean", "meant"]))
            || (at(0, &["second"]) && at(1, &["thought", "thoughts"]))
    }

    /// Whether the words at `i` say something again on purpose: a correction, `same` (not
    /// `same time`), `that one`, `this one`, `i did say`.
    fn restates(&self, i: usize) -> bool {
        let at = |k: usize, words: &[&str]| self.is(i + k, words);
        self.corrects(i)
            || (at(0, &["same"]) && !at(1, &["time", "moment", "go", "batch"]))
            || (at(0, &["that", "this"]) && at(1, &["one"]))
            || (at(0, &["i"]) && at(1, &["did"]) && at(2, &["say", "said", "mean"]))
    }

    /// A value taken back and a call said twice, on plans that call one tool twice.
    pub(super) fn repeated_calls(&self, found: &mut Vec<Unhonoured>) {
        let pairs = self.same_tool_pairs();
        if pairs.is_empty() {
            return;
        }
        // A value one call takes and the other replaces, and where each is said: the
        // correction stands between them (`hours 3 wait no make that hours 2.5`), not in a
        // remark elsewhere (`Which copier is actually alive?`).
        let said = |value: &serde_json::Value| {
            (0..self.tokens.len()).find(|&i| {
                self.tokens[i]
                    .value
                    .as_ref()
                    .is_some_and(|v| super::same(v, value))
            })
        };
        let replaced = pairs.iter().find_map(|(a, b)| {
            a.args.iter().find_map(|(name, value)| {
                let other = b.args.get(name).filter(|other| *other != value)?;
                let (from, to) = (said(value)?, said(other)?);
                (from < to).then_some((from, to))
            })
        });
        if let Some((from, to)) = replaced
            && let Some(i) =
                (from + 1..to).find(|&i| self.prose_word(i) && self.corrects(i) && !self.negated(i))
        {
            found.push(Unhonoured::Correction(i));
            return;
        }
        let repeats = |(a, b): &(&Call, &Call)| {
            let within = |x: &Call, y: &Call| {
                x.args
                    .iter()
                    .all(|(name, value)| y.args.get(name) == Some(value))
            };
            within(a, b) || within(b, a)
        };
        let asked_again = (0..self.tokens.len()).any(|i| self.is(i, REPEATS));
        let restated = self.prose_at(|i| self.restates(i)).is_some();
        if !asked_again
            && restated
            && let Some(&(_, b)) = pairs.iter().find(|pair| repeats(pair))
        {
            // The token the second call's tool is read at, else the tool's first mention.
            let at = (0..self.tokens.len())
                .rev()
                .find(|&i| self.tokens[i].text == b.tool)
                .unwrap_or(0);
            found.push(Unhonoured::RepeatedCall(at));
        }
    }

    /// A call that needs another's result, said in plain words (`whatever it returned`, `what
    /// that gave`, `send it on to`), on a plan of several calls.
    pub(super) fn dependency(&self, found: &mut Vec<Unhonoured>) {
        if self.plan.calls.len() < 2 {
            return;
        }
        let near = |i: usize, span: usize, words: &[&str]| {
            (i + 1..(i + 1 + span).min(self.tokens.len())).find(|&j| self.is(j, words))
        };
        let whatever = self.prose_at(|i| {
            (self.is(i, &["whatever"])
                || (self.is(i, &["what"]) && i > 0 && self.is(i - 1, &["with", "send", "email"])))
                && near(i, 2, ANAPHORS).is_some_and(|j| near(j, 2, GAVE).is_some())
        });
        if let Some(i) = whatever {
            found.push(Unhonoured::Dependency(i));
        }
    }

    /// A retry, or a call repeated until something holds (`until it succeeds`).
    pub(super) fn retry(&self, found: &mut Vec<Unhonoured>) {
        let until = |i: usize| {
            self.is(i, &["until", "till", "til"])
                && self.is(i + 1, &["it", "they", "it's", "its", "that"])
                && (i + 2..(i + 5).min(self.tokens.len())).any(|j| {
                    self.is(
                        j,
                        &[
                            "succeeds",
                            "works",
                            "passes",
                            "acknowledged",
                            "acked",
                            "responds",
                            "answers",
                            "goes",
                            "comes",
                            "completes",
                            "finishes",
                            "done",
                            "through",
                        ],
                    )
                })
        };
        let again = |i: usize| {
            (self.is(i, &["try", "trying"]) && self.is(i + 1, &["again"]))
                || (self.is(i, &["keep"]) && self.is(i + 1, &["trying"]))
        };
        // A word for a retry, not an argument's name (`retries=6`, `retries: 3`).
        let retry_word = |i: usize| {
            let named = self.catalog.tools.iter().any(|tool| {
                tool.arguments
                    .iter()
                    .any(|(name, _)| *name == self.tokens[i].text)
            });
            let labels = self.tokens.get(i + 1).is_some_and(|next| {
                next.value.is_some() || matches!(next.text.as_str(), "=" | ":")
            });
            self.is(i, RETRIES) && !named && !labels
        };
        if let Some(i) =
            self.prose_at(|i| (retry_word(i) || until(i) || again(i)) && !self.negated(i))
        {
            found.push(Unhonoured::Retry(i));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::residual::tests::unhonoured_in;
    use serde_json::json;

    fn logs(hours: &[f64]) -> serde_json::Value {
        let calls: Vec<_> = hours
            .iter()
            .map(|h| json!({"tool": "log_hours", "args": {"unit": "BLR-1", "hours": h}}))
            .collect();
        let mode = if calls.len() > 1 { "serial" } else { "single" };
        let kind = if calls.len() > 1 { "all" } else { "last" };
        json!({"mode": mode, "calls": calls, "output": {"kind": kind}})
    }

    #[test]
    fn a_value_taken_back_but_called_as_well_is_unhonoured() {
        let said = "log_hours unit \"BLR-1\" hours 3 wait no make that hours 2.5";
        assert_eq!(
            unhonoured_in(said, logs(&[3.0, 2.5])),
            vec![("correction", "wait".to_owned())]
        );
        // Read as one call with the value kept, no call repeats a value taken back.
        assert!(
            !unhonoured_in(said, logs(&[2.5]))
                .iter()
                .any(|(kind, _)| *kind == "correction")
        );
        // A correction word in a remark away from the two values takes nothing back.
        assert_eq!(
            unhonoured_in(
                "Which unit is actually busy? log_hours unit \"BLR-1\" hours 3 and hours 2.5",
                logs(&[3.0, 2.5])
            ),
            vec![]
        );
        // Two values without a correction are two calls.
        assert_eq!(
            unhonoured_in(
                "log_hours unit \"BLR-1\" hours 3 and log_hours unit \"BLR-1\" hours 2.5",
                logs(&[3.0, 2.5])
            ),
            vec![]
        );
    }

    #[test]
    fn the_same_call_said_twice_over_is_unhonoured_unless_a_repeat_is_asked() {
        let plan = json!({"mode": "serial", "calls": [
            {"tool": "ping_host", "args": {"host": "db1"}},
            {"tool": "ping_host", "args": {"host": "db1"}}
        ], "output": {"kind": "all"}});
        assert_eq!(
            unhonoured_in(
                "please ping_host host \"db1\". the database one, host \"db1\", that one",
                plan.clone()
            ),
            vec![("repeated_call", "ping_host".to_owned())]
        );
        assert_eq!(
            unhonoured_in(
                "ping_host host \"db1\", then ping_host host \"db1\" again",
                plan
            ),
            vec![]
        );
    }

    #[test]
    fn calls_asked_for_one_by_one_are_not_read_as_taken_back_or_said_twice() {
        let pings = |hosts: &[&str]| {
            let calls: Vec<_> = hosts
                .iter()
                .map(|h| json!({"tool": "ping_host", "args": {"host": h}}))
                .collect();
            json!({"mode": "parallel", "calls": calls, "output": {"kind": "all"}})
        };
        // `wait` that is not an interjection, and `same` in `at the same time`.
        for said in [
            "ping_host host \"db1\" and host \"db2\" at once; no reason to wait for each",
            "ping_host host \"db1\", host \"db2\" at the same time",
        ] {
            assert_eq!(
                unhonoured_in(said, pings(&["db1", "db2"])),
                vec![],
                "{said}"
            );
        }
        // A value said twice on purpose, once per call.
        assert_eq!(
            unhonoured_in(
                "ping_host once with host \"db1\" and once with host \"db1\", at the same time",
                pings(&["db1", "db1"])
            ),
            vec![]
        );
    }

    #[test]
    fn a_result_used_by_a_later_call_in_plain_words_is_unhonoured() {
        let plan = json!({"mode": "serial", "calls": [
            {"tool": "list_users", "args": {"team": "blue"}},
            {"tool": "ping_host", "args": {"host": "db1"}}
        ], "output": {"kind": "all"}});
        assert_eq!(
            unhonoured_in(
                "list_users team \"blue\" and then ping_host whatever it returned, host \"db1\"",
                plan.clone()
            ),
            vec![("dependency", "whatever".to_owned())]
        );
        assert_eq!(
            unhonoured_in(
                "list_users team \"blue\" and then ping_host host \"db1\", whatever works",
                plan
            ),
            vec![]
        );
    }

    #[test]
    fn a_retry_is_unhonoured() {
        let plan = json!({"mode": "single", "calls": [{"tool": "ping_host", "args": {"host": "db1"}}],
            "output": {"kind": "last"}});
        assert_eq!(
            unhonoured_in(
                "ping_host host \"db1\" - keep retrying every 5 min until it's acknowledged",
                plan.clone()
            ),
            vec![("retry", "retrying".to_owned())]
        );
        assert_eq!(
            unhonoured_in("ping_host host \"db1\" until it answers", plan.clone()),
            vec![("retry", "until".to_owned())]
        );
        assert_eq!(
            unhonoured_in("ping_host host \"db1\", no need to retry", plan.clone()),
            vec![]
        );
        assert_eq!(
            unhonoured_in("ping_host host \"db1\"; we are closed until Friday", plan),
            vec![]
        );
    }
}
