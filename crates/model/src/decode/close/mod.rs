//! Close readings: when the network's first reading breaks a decoding or catalog rule, the
//! readings it also gave weight to, tried most probable first (values and tool mentions moved
//! between call slots, one of two row limits read as prose); then the readings of [`joins`],
//! which join or share what the first reading split.

use codemode_plan::{Catalog, Diagnostic, Plan, Token, TokenKind};

use crate::decode::{Choices, calls, decode};
use crate::network::{STATUSES, TAGS};

mod joins;

use joins::{merged_reading, repeated_mention_reading, shared_reading};

/// The least probability an alternative tag needs to be tried by [`decode_checked`].
pub const ALTERNATIVE_MIN: f32 = 0.02;
/// The tool probability at which a word outside the catalog blocks [`decode_checked`]'s search.
pub const UNKNOWN_TOOL_MIN: f32 = 0.05;
/// How many alternatives [`decode_checked`] considers (the most probable ones).
const ALTERNATIVES: usize = 6;

/// Close readings: a first reading that breaks a rule is read again with tags the network half
/// chose (`"B"` read into call 1 moves to call 2).
///
/// Decodes and checks; when the network's first reading breaks a decoding or catalog rule, tries
/// the close readings the network also gave weight to, and answers the most probable one the
/// checker accepts, else the first reading's diagnostic.
///
/// A close reading only moves things between calls: a value or a tool mention to another call
/// slot, an exact tool name into a call that has values but no tool, or a literal the network
/// half read as a value into a call, or, when it read two row limits, one of them as prose. It
/// keeps the first reading's number of calls; it never drops a tool, value or field the network
/// read, never drops a lone limit, never adds a field or limit, never renames an
/// argument, never overrides an unsupported structure, and is not tried when a word outside the
/// catalog looks like a tool to the network, so what the checker rejects for what the user asked
/// for (an argument the tool lacks, a field it does not declare, shaping a non-array) stays a
/// diagnostic. Last, a call with values but no tool mention of its own that lacks a required
/// argument may join the call before it (see [`merged_reading`]), a plain-word tool said twice
/// for one call may be one call (see [`repeated_mention_reading`]), and an argument said once for
/// a tool named once may be every call's (see [`shared_reading`]).
pub fn decode_checked(
    tokens: &[Token],
    catalog: &Catalog,
    choices: &Choices,
) -> Result<Plan, Diagnostic> {
    decode_sure(tokens, catalog, choices).map(|(plan, _)| plan)
}

/// [`decode_checked`], with how sure the network is of the plan: the reading's
/// [`Choices::confidence`], or for a close reading the least of that and the probabilities of
/// the tags it moved.
pub fn decode_sure(
    tokens: &[Token],
    catalog: &Catalog,
    choices: &Choices,
) -> Result<(Plan, f32), Diagnostic> {
    let read = |c: &Choices| {
        decode(tokens, catalog, c)
            .and_then(|plan| codemode_plan::check::check(&plan, catalog).map(|()| plan))
    };
    let diagnostic = match read(choices) {
        Ok(plan) => return Ok((plan, choices.confidence())),
        Err(diagnostic) => diagnostic,
    };
    if STATUSES.get(choices.status).copied() != Some("supported")
        || choices.tag_logits.len() != tokens.len() * TAGS.len()
    {
        return Err(diagnostic);
    }
    let probs: Vec<Vec<f32>> = choices.tag_logits.chunks(TAGS.len()).map(softmax).collect();
    // A word the network half reads as a tool but the catalog lacks may be a tool the user wants
    // and cannot have (`call get_wether`): that stays the first reading's diagnostic.
    let suspect = tokens.iter().zip(&probs).any(|(t, p)| {
        t.kind == TokenKind::Word
            && catalog.get(&t.text).is_none()
            && p.iter().skip(1).take(3).sum::<f32>() >= UNKNOWN_TOOL_MIN
    });
    if suspect {
        return Err(diagnostic);
    }
    let first_calls = calls(&choices.tags);
    // Two row limits cannot both hold; one of them may be a prose number (`we got 4 complaints`).
    let limits = choices.tags.iter().filter(|&&t| t == 8).count();
    // (probability, token, tag) of every allowed move, most probable first.
    let mut moves: Vec<(f32, usize, usize)> = Vec::new();
    for (i, probs) in probs.iter().enumerate() {
        let current = choices.tags[i];
        let allowed: &[usize] = match current {
            1..=3 => &[1, 2, 3],
            4..=6 => &[4, 5, 6],
            0 if tokens[i].kind == TokenKind::Word && catalog.get(&tokens[i].text).is_some() => {
                &[1, 2, 3]
            }
            0 if tokens[i].value.is_some() => &[4, 5, 6],
            8 if limits > 1 => &[0],
            _ => &[],
        };
        for &tag in allowed {
            // A tool name the network left out only goes to a call that has values and no tool
            // (`I need create_ticket to … "ops" as the team`), never to an empty slot: the
            // network may have left it out on purpose (`iterate over the results of X`).
            let slot_waits_for_a_tool =
                choices.tags.contains(&(tag + 3)) && !choices.tags.contains(&tag);
            if current == 0 && (1..=3).contains(&tag) && !slot_waits_for_a_tool {
                continue;
            }
            if tag != current && probs.get(tag).is_some_and(|&p| p >= ALTERNATIVE_MIN) {
                moves.push((probs[tag], i, tag));
            }
        }
    }
    moves.sort_by(|a, b| b.0.total_cmp(&a.0));
    moves.truncate(ALTERNATIVES);
    // Single moves, then pairs on different tokens, by joint probability.
    let mut tries: Vec<(f32, Vec<(usize, usize)>)> = moves
        .iter()
        .map(|&(p, i, tag)| (p, vec![(i, tag)]))
        .collect();
    for (a, &(pa, ia, ta)) in moves.iter().enumerate() {
        for &(pb, ib, tb) in &moves[a + 1..] {
            if ia != ib {
                tries.push((pa * pb, vec![(ia, ta), (ib, tb)]));
            }
        }
    }
    tries.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut alternative = choices.clone();
    for (_, changes) in tries {
        alternative.tags.clone_from(&choices.tags);
        for &(i, tag) in &changes {
            alternative.tags[i] = tag;
        }
        // A tool name taken into a call keeps that call's values (see above).
        let takes_valueless = changes.iter().any(|&(i, tag)| {
            choices.tags[i] == 0 && (1..=3).contains(&tag) && !alternative.tags.contains(&(tag + 3))
        });
        // As many calls as the first reading, and no call slot gains a second tool mention: a
        // close reading never merges or drops a call.
        if takes_valueless
            || calls(&alternative.tags) != first_calls
            || (1..=3).any(|k| {
                let mentions = |tags: &[usize]| tags.iter().filter(|&&t| t == k).count();
                mentions(&alternative.tags) > mentions(&choices.tags).max(1)
            })
        {
            continue;
        }
        if let Ok(plan) = read(&alternative) {
            let moved = changes
                .iter()
                .map(|&(i, tag)| probs[i][tag])
                .fold(choices.confidence(), f32::min);
            return Ok((plan, moved));
        }
    }
    merged_reading(&diagnostic, choices, first_calls, read)
        .or_else(|| repeated_mention_reading(&diagnostic, tokens, choices, first_calls, read))
        .or_else(|| shared_reading(&diagnostic, tokens, catalog, choices))
        .ok_or(diagnostic)
}

/// Probabilities from logits.
fn softmax(logits: &[f32]) -> Vec<f32> {
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exp: Vec<f32> = logits.iter().map(|&l| (l - max).exp()).collect();
    let sum: f32 = exp.iter().sum();
    exp.into_iter().map(|e| e / sum).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::test_util::{choices, probs, record};

    #[test]
    fn a_value_read_into_the_wrong_call_moves_to_the_call_the_network_half_chose() {
        // get_weather city "A" then get_weather city "B": "B" read as call 1's second city.
        let r = record(r#"get_weather city "A" then get_weather city "B""#);
        let tags = [1, 0, 4, 0, 2, 0, 4];
        let pointers = [None, None, Some(1), None, None, None, Some(5)];
        let mut c = choices(&tags, &pointers);
        c.mode = 0;
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
        c.tag_logits = probs(&tags, &[(6, 5, 0.08)]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.calls[0].args["city"], "A");
        assert_eq!(plan.calls[1].args["city"], "B");
        // The plan is only as sure as the tag it moved ("B" as call 2's value: 0.08 / 0.98).
        c.head_sure = 0.95;
        let (_, confidence) = decode_sure(&r.tokens, &r.catalog, &c).unwrap();
        assert!((confidence - 0.08 / 0.98).abs() < 1e-4, "{confidence}");
        // A first reading the checker accepts is as sure as its least sure decision.
        let mut right = choices(&[1, 0, 4, 0, 2, 0, 5], &pointers);
        right.mode = 0;
        (right.tag_sure, right.head_sure) = (0.7, 0.95);
        let (_, confidence) = decode_sure(&r.tokens, &r.catalog, &right).unwrap();
        assert_eq!(confidence, 0.7);
        // Without that second choice it stays a diagnostic.
        c.tag_logits = probs(&tags, &[]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn no_close_reading_when_a_word_outside_the_catalog_looks_like_a_tool() {
        let r = record(r#"get_weather city "A" then get_wether city "B""#);
        let tags = [1, 0, 4, 0, 0, 0, 4];
        let pointers = [None, None, Some(1), None, None, None, Some(5)];
        let mut c = choices(&tags, &pointers);
        // get_wether: the network gives it some weight as call 2's tool.
        c.tag_logits = probs(&tags, &[(6, 5, 0.3), (4, 2, 0.2)]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn no_close_reading_merges_calls_or_overrides_a_structure() {
        // get_weather city "A" and get_weather: call 2 lacks its required city. Reading the
        // second mention as call 1's would be a valid plan of one call, but it drops a call.
        let r = record(r#"get_weather city "A" and get_weather"#);
        let tags = [1, 0, 4, 0, 2];
        let pointers = [None, None, Some(1), None, None];
        let mut c = choices(&tags, &pointers);
        c.tag_logits = probs(&tags, &[(4, 1, 0.5)]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
        // An unsupported structure is never searched past.
        let r = record(r#"get_weather city "A" and get_weather city "A""#);
        let fine = [1, 0, 4, 0, 2, 0, 5];
        let pointers = [None, None, Some(1), None, None, None, Some(5)];
        let mut c = choices(&fine, &pointers);
        c.status = 2;
        c.tag_logits = probs(&fine, &[]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn of_two_row_limits_the_one_the_network_half_read_as_prose_is_dropped() {
        let r = record("we got 4 complaints list_users first 10 rows");
        let tags = [0, 0, 8, 0, 1, 0, 8, 0];
        let mut c = choices(&tags, &[None; 8]);
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
        c.tag_logits = probs(&tags, &[(2, 0, 0.3), (6, 0, 0.01)]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.limit, Some(serde_json::Number::from(10)));
        // Neither limit has weight as prose: the diagnostic stays.
        c.tag_logits = probs(&tags, &[]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
        // A lone limit is never dropped, even when the checker refuses it (`send` returns text).
        let r = record("send to \"a\" first 10 rows");
        let tags = [1, 0, 4, 0, 8, 0];
        let mut c = choices(&tags, &[None, None, Some(1), None, None, None]);
        c.tag_logits = probs(&tags, &[(4, 0, 0.5)]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn softmax_gives_probabilities_in_the_logits_order() {
        let p = softmax(&[2.0, 0.0, 1.0]);
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        assert!(p[0] > p[2] && p[2] > p[1]);
        assert!((p[0] / p[1] - 2f32.exp()).abs() < 1e-3);
    }
}
