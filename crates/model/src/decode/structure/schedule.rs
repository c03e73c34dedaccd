//! Mixed schedules: three calls read as parallel with a serial step beside the parallel ones.

use codemode_plan::Token;

use crate::decode::text::{call_of, tag_at};

/// A serial step beside parallel calls is a mixed schedule (`First A; next, simultaneously B, C`).
///
/// Whether three calls read as parallel have a serial step beside the parallel ones: a word that
/// orders calls (`then`, `next`, `after`, `afterwards`, `Step 2`) between call 1 and call 2 with
/// a word for concurrency after it (`First purge_cache ...; next, simultaneously lookup_record
/// ... and lookup_record ...`), or a concurrency word before call 2 and an ordering word
/// between call 2 and call 3 (`At the same time A and B, then C`).
pub(in crate::decode) fn mixed_cues(tokens: &[Token], tags: &[usize]) -> bool {
    let span = |k: usize| {
        let mine = |j: &usize| call_of(tag_at(tags, *j)) == Some(k - 1);
        let first = (0..tokens.len()).find(mine)?;
        let last = (0..tokens.len()).rev().find(mine)?;
        Some((first, last))
    };
    let (Some(one), Some(two), Some(three)) = (span(1), span(2), span(3)) else {
        return false;
    };
    let lower = |j: usize| tokens[j].text.to_ascii_lowercase();
    let untagged = |j: usize| tag_at(tags, j) == 0;
    let orders = |j: usize| {
        untagged(j)
            && (matches!(
                lower(j).as_str(),
                "then" | "next" | "after" | "afterwards" | "afterward"
            ) || (lower(j) == "step" && tokens.get(j + 1).is_some_and(|t| t.text == "2")))
    };
    let concurrent = |j: usize| {
        untagged(j)
            && (matches!(
                lower(j).as_str(),
                "parallel" | "simultaneously" | "concurrently" | "together" | "concurrent"
            ) || (lower(j) == "same" && tokens.get(j + 1).is_some_and(|t| t.text == "time")))
    };
    let serial_first = (one.1..two.0)
        .find(|&j| orders(j))
        .is_some_and(|s| (s..three.1).any(concurrent));
    let serial_last = (0..two.0).any(concurrent) && (two.1..three.0).any(orders);
    serial_first || serial_last
}

#[cfg(test)]
mod tests {
    use codemode_plan::Mode;

    use crate::decode::decode;
    use crate::decode::test_util::{choices, pointing, record};

    #[test]
    fn a_serial_step_before_parallel_calls_is_a_mixed_schedule() {
        let r = record(r#"First send to "a"; next, simultaneously send to "b" and send to "c""#);
        let tags = [0, 1, 0, 4, 0, 0, 0, 0, 2, 0, 5, 0, 3, 0, 6];
        let mut c = choices(&tags, &pointing(15, &[(3, 2), (10, 9), (14, 13)]));
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "instruction: a mix of serial and parallel groups is not supported"
        );
        // Without the ordering word the three are one parallel group.
        let r = record(r#"First send to "a"; also, simultaneously send to "b" and send to "c""#);
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap().mode,
            Mode::Parallel
        );
        // Read as serial, the network's schedule stands.
        c.mode = 0;
        let r = record(r#"First send to "a"; next, simultaneously send to "b" and send to "c""#);
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap().mode,
            Mode::Serial
        );
    }

    #[test]
    fn parallel_calls_beside_a_later_serial_step_are_a_mixed_schedule() {
        // At the same time send to "a" and send to "b", then send to "c"
        let r = record(r#"At the same time send to "a" and send to "b", then send to "c""#);
        let tags = [0, 0, 0, 0, 1, 0, 4, 0, 2, 0, 5, 0, 0, 3, 0, 6];
        let c = choices(&tags, &pointing(16, &[(6, 5), (10, 9), (15, 14)]));
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "instruction: a mix of serial and parallel groups is not supported"
        );
        // `Step 2` orders calls as `then` does.
        let r = record(r#"Step 1 send to "a"; Step 2 simultaneously send to "b" and send to "c""#);
        let mut tags = vec![0; r.tokens.len()];
        let at = |text: &str| r.tokens.iter().position(|t| t.text == text).unwrap();
        let (a, b, cc) = (at("\"a\""), at("\"b\""), at("\"c\""));
        (
            tags[a - 2],
            tags[a],
            tags[b - 2],
            tags[b],
            tags[cc - 2],
            tags[cc],
        ) = (1, 4, 2, 5, 3, 6);
        let c = choices(
            &tags,
            &pointing(tags.len(), &[(a, a - 1), (b, b - 1), (cc, cc - 1)]),
        );
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "instruction: a mix of serial and parallel groups is not supported"
        );
    }
}
