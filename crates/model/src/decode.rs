//! Decoding: the network's per-token tags, pointers and sequence heads become a plan, or a
//! diagnostic when they do not make one. The checker runs after this and has the last word.

use codemode_plan::{
    Call, Catalog, Diagnostic, Mode, Output, OutputKind, Plan, Problem, ReturnKind, Token,
    TokenKind,
};
use serde_json::{Map, Value};

use crate::features::{is_catalog_name, name_text};
use crate::network::{STATUSES, TAGS};

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
    /// An index into [`STATUSES`].
    pub status: usize,
    /// For each token, whether it is a word of the prose vocabulary (`for`, `then`, `titled`),
    /// as opposed to an unknown word or a catalog name outside it.
    pub prose: Vec<bool>,
    /// The tag logits of every token, [`TAGS`] per token, row-major (empty when only the argmax
    /// is known); read only when the first reading fails.
    pub tag_logits: Vec<f32>,
    /// The least probability the network gave any token's chosen role tag (1 when unknown).
    pub tag_sure: f32,
    /// The probability the network gave its status (1 when unknown).
    pub status_sure: f32,
    /// The least probability among the other decisions a plan rests on: each value's pointer, the
    /// status, the output kind, and the schedule when the tags make two or three calls (1 when
    /// unknown).
    pub head_sure: f32,
}

impl Choices {
    /// How sure the network is of this reading: the least probability of any decision in it.
    pub fn confidence(&self) -> f32 {
        self.tag_sure.min(self.head_sure)
    }
}

/// The least probability an alternative tag needs to be tried by [`decode_checked`].
pub const ALTERNATIVE_MIN: f32 = 0.02;
/// The tool probability at which a word outside the catalog blocks [`decode_checked`]'s search.
pub const UNKNOWN_TOOL_MIN: f32 = 0.05;
/// How many alternatives [`decode_checked`] considers (the most probable ones).
const ALTERNATIVES: usize = 6;

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

/// The reading [`decode_sure`] tries after [`merged_reading`]: a tool named with a plain word
/// (lowercase letters only: `translate`, `search`, `email`) may be said twice for one call
/// (`translate text "hola" with target "en" using translate`, `Call publish to publish post_id
/// "p-12"`), which the network reads as two mentions, so two calls, one of them with no values.
/// When the checker rejects such a call for a missing required argument and the call beside it
/// names the same tool, the mention is that call said again: it is dropped, and the later calls
/// move up one (one call left answers `last`). A valueless call to a tool that needs no argument
/// (`flush_cache twice`) is never touched, since the checker accepts it.
fn repeated_mention_reading(
    diagnostic: &Diagnostic,
    tokens: &[Token],
    choices: &Choices,
    first_calls: usize,
    read: impl Fn(&Choices) -> Result<Plan, Diagnostic>,
) -> Option<(Plan, f32)> {
    if !matches!(diagnostic.problem, Problem::MissingArgument { .. }) {
        return None;
    }
    let k = (1..=first_calls).find(|k| diagnostic.place == format!("call {k}"))?;
    if choices.tags.contains(&(k + 3)) {
        return None;
    }
    let named = |j: usize| {
        tokens
            .iter()
            .zip(&choices.tags)
            .find(|&(_, &t)| t == j)
            .map(|(token, _)| token.text.as_str())
    };
    let tool = named(k)?;
    if !tool.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let beside = [k - 1, k + 1]
        .into_iter()
        .any(|j| (1..=first_calls).contains(&j) && named(j) == Some(tool));
    if !beside {
        return None;
    }
    joined_to_previous(choices, k, read)
}

/// The reading of `choices` with call `k` joined to the call before it: its tool mention, if any,
/// is dropped, its values go to call `k - 1` (call 1, which has none before it, is only ever
/// dropped when it has no values), and the later calls move up one; one call left answers its
/// default output, `last`. The plan, if the checker accepts it.
fn joined_to_previous(
    choices: &Choices,
    k: usize,
    read: impl Fn(&Choices) -> Result<Plan, Diagnostic>,
) -> Option<(Plan, f32)> {
    let mut joined = choices.clone();
    for tag in &mut joined.tags {
        *tag = match *tag {
            t if t == k => 0,
            t @ 1..=3 if t > k => t - 1,
            t @ 4..=6 if t - 3 >= k.max(2) => t - 1,
            t => t,
        };
    }
    if calls(&joined.tags) == 1 {
        joined.output = 1;
    }
    read(&joined).ok().map(|plan| (plan, choices.confidence()))
}

/// The first reading [`decode_sure`] tries after the close readings: a call the network gave
/// values but no tool mention of its own may be the previous call's remaining arguments
/// (`send_email with subject "x" ... and it goes out to "a@b"`, `schedule_post ..., and pin it
/// too (pin true)`) when the checker rejects it or the previous call for a missing required
/// argument, or the plan for fields or a row limit on several calls. Its values join the previous call and the later calls move up one; one call left
/// answers its default output, `last`. Taken only when the checker accepts the merged plan, so a
/// value the previous call already has (`again with browser "x"`) keeps the diagnostic.
fn merged_reading(
    diagnostic: &Diagnostic,
    choices: &Choices,
    first_calls: usize,
    read: impl Fn(&Choices) -> Result<Plan, Diagnostic>,
) -> Option<(Plan, f32)> {
    let k = match diagnostic.problem {
        // The call that lacks the argument is the toolless one or the one it would join (`then
        // then with step "restore"`, where the value went to a third call and the second has
        // none).
        Problem::MissingArgument { .. } => (2..=first_calls).find(|&k| {
            !choices.tags.contains(&k)
                && (diagnostic.place == format!("call {k}")
                    || diagnostic.place == format!("call {}", k - 1))
        })?,
        // Fields or a row limit asked of several calls, one of them toolless (`who from clan
        // "NOVA" is online rn?? list_players, online true → gamertag + level only`): the
        // shaping is for one call, and the toolless call's values are its arguments.
        Problem::ShapingNotAllowed { .. } => {
            (2..=first_calls).find(|&k| !choices.tags.contains(&k))?
        }
        _ => return None,
    };
    joined_to_previous(choices, k, read)
}

/// The reading [`decode_sure`] tries last: one tool named once for several calls, with an
/// argument said once before the values that vary (`get_exchange_rate with base "EUR" for target
/// "BRL", target "ARS" and target "MXN"`), gives that argument to every call. Taken when only
/// the first call has a tool mention, the checker rejects a later call for a missing required
/// argument, and the plan with the first call's value for every later call that lacks a
/// required argument passes the checker.
fn shared_reading(
    diagnostic: &Diagnostic,
    tokens: &[Token],
    catalog: &Catalog,
    choices: &Choices,
) -> Option<(Plan, f32)> {
    if !matches!(diagnostic.problem, Problem::MissingArgument { .. })
        || diagnostic.place == "call 1"
        || choices.tags.iter().any(|&t| t == 2 || t == 3)
    {
        return None;
    }
    let mut plan = decode(tokens, catalog, choices).ok()?;
    let tool = catalog.get(&plan.calls.first()?.tool)?;
    let first = plan.calls[0].args.clone();
    for call in plan.calls.iter_mut().skip(1) {
        for name in &tool.required {
            if !call.args.contains_key(name) {
                call.args.insert(name.clone(), first.get(name)?.clone());
            }
        }
    }
    codemode_plan::check::check(&plan, catalog).ok()?;
    Some((plan, choices.confidence()))
}

/// The value a token holds: a literal's, or a number word's (any casing) when the network reads
/// it as a value or row limit; the network's input is the word, so a number word in prose (`two
/// spreadsheets`) stays prose.
fn value_of(token: &Token) -> Option<Value> {
    if token.value.is_some() {
        return token.value.clone();
    }
    let lower = token.text.to_lowercase();
    let n = codemode_plan::lexer::NUMBER_WORDS
        .iter()
        .position(|w| *w == lower)?;
    (token.kind == TokenKind::Word).then(|| Value::from(n))
}

/// Probabilities from logits.
fn softmax(logits: &[f32]) -> Vec<f32> {
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exp: Vec<f32> = logits.iter().map(|&l| (l - max).exp()).collect();
    let sum: f32 = exp.iter().sum();
    exp.into_iter().map(|e| e / sum).collect()
}

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

/// Whether an argument name of the catalog stands right before the token at `i`, past any
/// punctuation (`port: 8080`, `**port** = 8080`, `` `port`: 8080 ``, `port 8080`).
fn labelled(tokens: &[Token], i: usize, catalog: &Catalog) -> bool {
    tokens[..i]
        .iter()
        .rev()
        .find(|t| t.kind != TokenKind::Punct)
        .is_some_and(|t| t.kind == TokenKind::Word && names_argument(catalog, &t.text))
}

/// Whether `text` is an argument name of some tool of the catalog.
fn names_argument(catalog: &Catalog, text: &str) -> bool {
    catalog
        .tools
        .iter()
        .any(|tool| tool.argument(text).is_some())
}

/// Words for the rows of a result (`first 5 rows`, `10 results`); a tagged field that is one of
/// them and no declared property is the row limit's noun.
const ROW_NOUNS: &[&str] = &[
    "row", "rows", "result", "results", "line", "lines", "entries", "items",
];

/// The token before `i`, past one `filler` word between (`the first 5`, `the very last 5`).
fn before_past(tokens: &[Token], i: usize, filler: &str) -> Option<usize> {
    let j = i.checked_sub(1)?;
    if tokens[j].text.eq_ignore_ascii_case(filler) {
        j.checked_sub(1)
    } else {
        Some(j)
    }
}

/// Whether the words around the number at `i` ask for rows: a limit word before it (`first`,
/// `top`, `limit`, `max`, `only`, `just`, `up to`, `at most`, maybe with `the` between) or a
/// row noun after it (`rows`, `results`, `entries`, `items`, `records`, `lines`, `hits`).
fn asks_for_rows(tokens: &[Token], i: usize) -> bool {
    let lower = |j: usize| tokens[j].text.to_ascii_lowercase();
    let noun_after = i + 1 < tokens.len() && {
        let w = lower(i + 1);
        ROW_NOUNS.contains(&w.as_str())
            || matches!(
                w.as_str(),
                "entry" | "item" | "records" | "record" | "hits" | "matches"
            )
    };
    noun_after
        || before_past(tokens, i, "the").is_some_and(|j| {
            matches!(
                lower(j).as_str(),
                "first"
                    | "top"
                    | "limit"
                    | "max"
                    | "maximum"
                    | "most"
                    | "only"
                    | "just"
                    | "to"
                    | "cap"
                    | ":"
                    | "="
            )
        })
}

/// Whether a word within four tokens before the first field or two after the last asks for a
/// projection: a limiting word (`only`, `just`, `keep`, `except`, `nothing else`), a noun for
/// fields (`fields`, `columns`, `keys`), a verb that picks or shows (`return`, `select`, `show`,
/// `include`, `drop`) or an arrow or plus between parts (`→ name + email`); not `just` or `only`
/// after `not` (`not just the count`), and only within the fields' own sentence (`... so I can see
/// the updated status. Only the final output is needed.` asks for no field).
fn asks_for_fields(tokens: &[Token], field_at: &[usize]) -> bool {
    let (Some(&first), Some(&last)) = (field_at.iter().min(), field_at.iter().max()) else {
        return false;
    };
    let start = first
        .saturating_sub(4)
        .max(sentence_of(tokens, first).start);
    let end = (last + 3).min(sentence_of(tokens, last).end);
    (start..end).any(|j| {
        PROJECTION_WORDS.contains(&tokens[j].text.to_ascii_lowercase().as_str())
            && !negated_limiter(tokens, j)
    })
}

/// Whether a token ends a sentence.
fn ends_sentence(token: &Token) -> bool {
    matches!(token.text.as_str(), "." | "!" | "?")
}

/// The tokens of the sentence that holds token `i`, its stop left out.
fn sentence_of(tokens: &[Token], i: usize) -> std::ops::Range<usize> {
    let start = tokens[..i]
        .iter()
        .rposition(ends_sentence)
        .map_or(0, |j| j + 1);
    let end = tokens[i..]
        .iter()
        .position(ends_sentence)
        .map_or(tokens.len(), |j| i + j);
    start..end
}

/// Where the clause after token `j` ends: the next comma, semicolon, sentence stop or `then`
/// (the end of the text when none follows).
fn clause_end(tokens: &[Token], j: usize) -> usize {
    (j + 1..tokens.len())
        .find(|&k| {
            matches!(tokens[k].text.as_str(), "," | "." | ";" | "!" | "?")
                || tokens[k].text.eq_ignore_ascii_case("then")
        })
        .unwrap_or(tokens.len())
}

/// The role tag at `j` (0, `other`, past the end).
fn tag_at(tags: &[usize], j: usize) -> usize {
    tags.get(j).copied().unwrap_or(0)
}

/// The call slot (from 0) a tool or value tag names.
fn call_of(tag: usize) -> Option<usize> {
    match tag {
        1..=3 => Some(tag - 1),
        4..=6 => Some(tag - 4),
        _ => None,
    }
}

/// How far apart two fields of one list may be, in tokens (see [`asked_groups`]).
const LIST_GAP: usize = 5;

/// The fields of the lists a projection word stands beside (see [`asks_for_fields`]), when the
/// tagged fields make several lists (runs whose fields are at most [`LIST_GAP`] tokens apart:
/// `` `number` and `title` ``, `title as well as created_at`) and at least one has such a word
/// (not a wish such as `need`): a lone property word elsewhere is prose (`show pt_id, phone only -- first 3
/// rows, she has a common name`, `I need the values from budget sheet ... only the values
/// column`). Otherwise every tagged field.
fn asked_groups(tokens: &[Token], field_at: Vec<usize>) -> Vec<usize> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in &field_at {
        match groups.last_mut() {
            Some(group) if group.last().is_some_and(|&p| p < i && i - p <= LIST_GAP) => {
                group.push(i)
            }
            _ => groups.push(vec![i]),
        }
    }
    if groups.len() < 2 {
        return field_at;
    }
    let asked: Vec<usize> = groups
        .iter()
        .filter(|g| asks_for_fields(tokens, g))
        .flatten()
        .copied()
        .collect();
    if asked.is_empty() { field_at } else { asked }
}

/// Words that ask for a projection near a field list (see [`asks_for_fields`]); not `want` or
/// `need`, which say what a person wants to do with a result as often (`I want to check the
/// license`, `need dob b/c the insurance rep is on line 2`).
const PROJECTION_WORDS: &[&str] = &[
    "only",
    "just",
    "keep",
    "field",
    "fields",
    "column",
    "columns",
    "property",
    "properties",
    "attribute",
    "attributes",
    "key",
    "keys",
    "show",
    "showing",
    "display",
    "return",
    "returning",
    "select",
    "project",
    "include",
    "pick",
    "pull",
    "narrow",
    "restrict",
    "trim",
    "strip",
    "except",
    "besides",
    "but",
    "apart",
    "care",
    "output",
    "reduce",
    "cut",
    "slim",
    "limit",
    "drop",
    "remove",
    "discard",
    "nothing",
    "else",
    "give",
    "→",
    "=>",
    "->",
    "+",
];

/// Whether the value at `i` is said for every call: `both` or `each` (prose) right after it, maybe
/// past `for`, `on`, `to` or `in` (`days 30 for both`, `notify true on each`), or right before
/// its argument's name, maybe past `with` (`both with date "X"`).
fn for_every_call(tokens: &[Token], tags: &[usize], i: usize, catalog: &Catalog) -> bool {
    let word = |j: usize| {
        tokens
            .get(j)
            .filter(|t| t.kind == TokenKind::Word && tags.get(j) == Some(&0))
            .map(|t| t.text.to_ascii_lowercase())
    };
    let every = |j: usize| {
        word(j).is_some_and(|w| w == "both" || w == "each")
            && !is_catalog_name(catalog, &tokens[j].text)
    };
    let after = every(i + 1)
        || (word(i + 1).is_some_and(|w| matches!(w.as_str(), "for" | "on" | "to" | "in"))
            && every(i + 2));
    let mut j = i;
    // Back past the argument's name and a `:` or `=` after it, then maybe `with`.
    while j > 0
        && tokens[j - 1].kind == TokenKind::Punct
        && matches!(tokens[j - 1].text.as_str(), ":" | "=")
    {
        j -= 1;
    }
    let named = j > 0 && names_argument(catalog, &tokens[j - 1].text);
    if named {
        j -= 1;
    }
    if j > 0 && word(j - 1).as_deref() == Some("with") {
        j -= 1;
    }
    let before = named && j > 0 && every(j - 1);
    after || before
}

/// Whether the row limit at `i` counts rows from the end (`the last 5 rows`, `bottom 10`): a
/// prose word `last`, `bottom`, `final` or `trailing` right before it, maybe with `very` between.
/// The contract has no such limit, so it is diagnosed rather than read as the first N.
fn tail_rows(tokens: &[Token], tags: &[usize], i: usize) -> bool {
    let prose =
        |j: usize| tags.get(j).copied().unwrap_or(0) == 0 && tokens[j].kind == TokenKind::Word;
    before_past(tokens, i, "very").is_some_and(|j| {
        (j..i).all(prose)
            && matches!(
                tokens[j].text.to_ascii_lowercase().as_str(),
                "last" | "bottom" | "final" | "trailing"
            )
    })
}

/// Whether a prose word asks for a sum or an average of the results (`sum up the size column`,
/// `the average latency`): aggregation the contract has no plan for. A word the catalog uses as
/// an argument or property name is no such request.
fn aggregates(tokens: &[Token], tags: &[usize], catalog: &Catalog) -> bool {
    let named = |word: &str| {
        catalog.tools.iter().any(|tool| {
            tool.argument(word).is_some() || tool.returns.properties.iter().any(|p| p == word)
        })
    };
    tokens.iter().zip(tags).any(|(token, &tag)| {
        tag == 0
            && token.kind == TokenKind::Word
            && matches!(
                token.text.to_ascii_lowercase().as_str(),
                "sum" | "summed" | "average" | "averaged" | "avg" | "tally"
            )
            && !named(&token.text)
    })
}

/// Whether a sentence opens with `if` or `unless` and a tool is named before its clause ends
/// (`If check_cert for hostname "x" shows fewer than 14 days_left, run renewCertificate`): a
/// condition on what a call answers. A polite `if` names no tool (`If it is not too much
/// trouble, could you fetch ...`).
fn conditional_call(tokens: &[Token], tags: &[usize]) -> bool {
    (0..tokens.len()).any(|j| {
        let opens = j == 0
            || matches!(
                tokens[j - 1].text.as_str(),
                "." | "!" | "?" | ";" | ":" | "-" | "—" | "(" | "*"
            );
        opens
            && tag_at(tags, j) == 0
            && tokens[j].kind == TokenKind::Word
            && matches!(
                tokens[j].text.to_ascii_lowercase().as_str(),
                "if" | "unless"
            )
            && (j + 1..clause_end(tokens, j)).any(|k| (1..=3).contains(&tag_at(tags, k)))
    })
}

/// The dependency diagnostic when a later call's argument is given as something that is no
/// value (`... then email_accountant subject "Etsy 2024" and use the result of the export as the
/// note`, `send_email ... and the forecast as the body.`): `as`, maybe `the`/`its`/`their`, and
/// the name of an argument that call lacks, ending its clause, with no literal in the clause
/// before `as` (a literal there is the value itself: `"#qa" as the channel`).
fn unsaid_source(
    tokens: &[Token],
    tags: &[usize],
    resolved: &[&str],
    args: &[Map<String, Value>],
    catalog: &Catalog,
) -> Option<Diagnostic> {
    if resolved.len() < 2 {
        return None;
    }
    let untagged = |j: usize| tag_at(tags, j) == 0;
    // Where call 1 ends: its last tool or value token.
    let first_end = (0..tokens.len())
        .rev()
        .find(|&j| call_of(tag_at(tags, j)) == Some(0))?;
    (first_end + 1..tokens.len()).find_map(|j| {
        if !tokens[j].text.eq_ignore_ascii_case("as") || !untagged(j) || j == 0 {
            return None;
        }
        // Back to the clause's start: a literal there is the value (`"eu-west-1" goes in as the
        // origin`).
        let given = tokens[..j]
            .iter()
            .rev()
            .take_while(|t| {
                !matches!(t.text.as_str(), "," | "." | ";" | ":" | "!" | "?")
                    && !t.text.eq_ignore_ascii_case("and")
            })
            .any(|t| t.kind != TokenKind::Word);
        if given || !untagged(j - 1) {
            return None;
        }
        let mut m = j + 1;
        if tokens
            .get(m)
            .is_some_and(|t| matches!(t.text.as_str(), "the" | "its" | "their"))
        {
            m += 1;
        }
        let name = tokens
            .get(m)
            .filter(|t| t.kind == TokenKind::Word && untagged(m))?;
        let ends = tokens
            .get(m + 1)
            .is_none_or(|t| t.kind == TokenKind::Punct || t.text.eq_ignore_ascii_case("and"));
        let lacking = (1..resolved.len()).any(|k| {
            catalog
                .get(resolved[k])
                .is_some_and(|tool| tool.argument(&name.text).is_some())
                && !args[k].contains_key(&name.text)
        });
        (ends && lacking).then(|| unsupported("dependency"))
    })
}

/// Whether three calls read as parallel have a serial step beside the parallel ones: a word that
/// orders calls (`then`, `next`, `after`, `afterwards`, `Step 2`) between call 1 and call 2 with
/// a word for concurrency after it (`First purge_cache ...; next, simultaneously lookup_record
/// ... and lookup_record ...`), or a concurrency word before call 2 and an ordering word
/// between call 2 and call 3 (`At the same time A and B, then C`).
fn mixed_cues(tokens: &[Token], tags: &[usize]) -> bool {
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

/// The diagnostic for an unsupported structure, by its status name.
fn unsupported(status: &str) -> Diagnostic {
    Diagnostic::new(
        "instruction",
        Problem::Unsupported(describe_status(status).to_owned()),
    )
}

fn no_plan(place: impl Into<String>, text: impl Into<String>) -> Diagnostic {
    Diagnostic::new(place, Problem::NoPlan(text.into()))
}

/// How many calls role tags make: the highest call slot a tool or value tag names (0 for none).
pub(crate) fn calls(tags: &[usize]) -> usize {
    tags.iter()
        .filter_map(|&t| call_of(t))
        .max()
        .map_or(0, |k| k + 1)
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

/// Turns choices into a plan, before the checker.
pub fn decode(tokens: &[Token], catalog: &Catalog, choices: &Choices) -> Result<Plan, Diagnostic> {
    let status = STATUSES.get(choices.status).copied().unwrap_or("supported");
    // `to confirm whether ...`, `curious if they beat the 12 kWh`, `I need to know if there
    // are children`: an `if` or `whether` after a verb of knowing asks a question of the
    // answer, it sets no condition on a call.
    if status == "supported" || (status == "condition" && only_asks(tokens, &choices.tags)) {
        return decode_calls(tokens, catalog, choices);
    }
    // The structure may be the tool's own job: `how many are open? count_open_tickets with queue
    // "billing"` counts by calling a counting tool, and `retry_job with job_id "j-1"` retries
    // nothing itself. A plan of one unshaped call to such a tool is answered when no prose word
    // points at the call's results or its failure (`count the rows`, `bucket them by`, `if it
    // fails`); a field read beside the structure (`the median issuer`) is what it is over.
    // Anything else stays the structure's diagnostic.
    match decode_calls(tokens, catalog, choices) {
        Ok(plan)
            if plan.calls.len() == 1
                && plan.output.fields.is_none()
                && plan.output.limit.is_none()
                && does_it_itself(status, &plan.calls[0].tool)
                && !about_results(tokens, &choices.tags) =>
        {
            Ok(plan)
        }
        _ => Err(unsupported(status)),
    }
}

/// Whether every `if` and `whether` of the prose opens a question after a verb of knowing, one
/// or two words before it (`know`, `see`, `check`, `confirm`, `curious`, `wonder`, `tell`,
/// `find out`, ...), whose clause (to the next comma or stop) names no tool and is not followed by
/// `then`, and no `unless`, `otherwise` or `else` is written: there is at least one such `if`,
/// and none sets a condition.
fn only_asks(tokens: &[Token], tags: &[usize]) -> bool {
    let lower = |j: usize| tokens[j].text.to_ascii_lowercase();
    let mut asked = false;
    for j in 0..tokens.len() {
        if tokens[j].kind != TokenKind::Word || tag_at(tags, j) != 0 {
            continue;
        }
        match lower(j).as_str() {
            "unless" | "otherwise" | "else" => return false,
            "if" | "whether" => {
                let knowing =
                    (j.saturating_sub(2)..j).any(|p| KNOWING.contains(&lower(p).as_str()));
                let end = clause_end(tokens, j);
                let names_tool = (j + 1..end).any(|k| (1..=3).contains(&tag_at(tags, k)));
                let then = end < tokens.len() && lower(end) == "then";
                if !knowing || names_tool || then {
                    return false;
                }
                asked = true;
            }
            _ => {}
        }
    }
    asked
}

/// Verbs and adjectives of knowing, before an `if` or `whether` that asks (see [`only_asks`]).
const KNOWING: &[&str] = &[
    "know",
    "see",
    "check",
    "confirm",
    "curious",
    "wonder",
    "wondering",
    "ask",
    "asking",
    "tell",
    "find",
    "out",
    "verify",
    "determine",
    "sure",
    "checking",
    "confirming",
    "understand",
    "unsure",
    "doubt",
];

/// Whether a prose word speaks of a call's results or its failure (`rows`, `them`, `grouped`,
/// `fails`, `again`): then a structure over them was asked for, whatever the tool does.
/// A word in a sentence that names no call, sets no condition and tells of the past (one of
/// [`PAST_WORDS`]) is what happened before (`The backup to my NAS died last night again. Use
/// retry_job on job "nightly-backup".`).
fn about_results(tokens: &[Token], tags: &[usize]) -> bool {
    tokens
        .iter()
        .zip(tags)
        .enumerate()
        .any(|(i, (token, &tag))| {
            tag == 0
                && token.kind == TokenKind::Word
                && RESULT_WORDS.contains(&token.text.to_ascii_lowercase().as_str())
                && {
                    let sentence = sentence_of(tokens, i);
                    let told = sentence.clone().any(|j| {
                        let w = tokens[j].text.to_ascii_lowercase();
                        j != i
                            && tokens[j].kind == TokenKind::Word
                            && !RESULT_WORDS.contains(&w.as_str())
                            && PAST_WORDS.contains(&w.as_str())
                    });
                    let asks = sentence.into_iter().any(|j| {
                        call_of(tag_at(tags, j)).is_some()
                            || matches!(
                                tokens[j].text.to_ascii_lowercase().as_str(),
                                "if" | "until" | "when" | "unless" | "whenever"
                            )
                    });
                    asks || !told
                }
        })
}

/// Verbs that tell what happened before (see [`about_results`]).
const PAST_WORDS: &[&str] = &[
    "was", "were", "had", "died", "failed", "crashed", "broke", "stopped", "went", "happened",
    "timed", "errored", "hung", "froze", "ran", "got", "came", "dropped", "bounced", "stalled",
];

/// Prose words about a call's results or its failure (see [`about_results`]).
const RESULT_WORDS: &[&str] = &[
    "row", "rows", "result", "results", "entries", "matches", "them", "came", "group", "grouped",
    "bucket", "arrange", "sorted", "fail", "fails", "failure", "failing", "error", "errors",
    "again", "another", "keep", "until", "retrying", "flakes", "out",
];

/// Words of a tool name that say it does an unsupported structure's work itself, by status.
fn structure_words(status: &str) -> &'static [&'static str] {
    match status {
        "aggregate" => &[
            "count",
            "counts",
            "sum",
            "total",
            "totals",
            "tally",
            "aggregate",
            "average",
            "avg",
            "stats",
        ],
        "retry" => &[
            "retry",
            "rerun",
            "resend",
            "requeue",
            "resubmit",
            "redeliver",
            "replay",
        ],
        _ => &[],
    }
}

/// Whether `tool`'s name has a word (snake_case or camelCase pieces, any casing) that does the
/// structure `status` names (`count_words` for aggregation, `retryJob` for a retry).
fn does_it_itself(status: &str, tool: &str) -> bool {
    let words = structure_words(status);
    name_words(tool).iter().any(|w| words.contains(&w.as_str()))
}

/// The lowercase words of an identifier: split at `_`, `$`, digits and lower-to-upper steps
/// (`getHTTPStatus2` gives `get`, `httpstatus`; `count_open_tickets` gives three).
fn name_words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_alphabetic() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        prev_lower = c.is_lowercase();
        word.extend(c.to_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// [`decode`] for a reading whose status is `supported`: the calls the tags make.
fn decode_calls(
    tokens: &[Token],
    catalog: &Catalog,
    choices: &Choices,
) -> Result<Plan, Diagnostic> {
    let mut tools: [Option<&str>; 3] = [None; 3];
    let mut used = [false; 3];
    let mut field_at: Vec<usize> = Vec::new(); // the token of each projected field
    let mut limit: Option<serde_json::Number> = None;
    let mut limit_at: Option<usize> = None;
    let mut values: Vec<(usize, usize)> = Vec::new(); // (call, token)

    for (i, token) in tokens.iter().enumerate() {
        match choices.tags.get(i).copied().unwrap_or(0) {
            tag @ 1..=3 => {
                let k = tag - 1;
                let name = match token.kind {
                    TokenKind::Word => token.text.as_str(),
                    // A literal is never a tool's name (`For the group of "Sr. Oliveira" (that
                    // is the name) ... make the bookTransfer`): it is a value of that call.
                    _ if value_of(token).is_some() => {
                        values.push((k, i));
                        used[k] = true;
                        continue;
                    }
                    _ => {
                        return Err(no_plan(
                            "instruction",
                            format!("{} does not name a tool", token.text),
                        ));
                    }
                };
                if catalog.get(name).is_none() {
                    return Err(Diagnostic::new(
                        format!("call {}", k + 1),
                        Problem::UnknownTool(name.to_owned()),
                    ));
                }
                match tools[k] {
                    Some(other) if other != name => {
                        return Err(no_plan(
                            format!("call {}", k + 1),
                            format!("both {other} and {name} read as its tool"),
                        ));
                    }
                    _ => tools[k] = Some(name),
                }
                used[k] = true;
            }
            tag @ 4..=6 => {
                if value_of(token).is_none() {
                    return Err(no_plan(
                        "instruction",
                        format!("{} is not a value", token.text),
                    ));
                }
                values.push((tag - 4, i));
                used[tag - 4] = true;
            }
            7 => {
                if name_text(token).is_none() {
                    return Err(no_plan(
                        "instruction",
                        format!("{} is not a field name", token.text),
                    ));
                }
                field_at.push(i);
            }
            8 => {
                let Some(Value::Number(n)) = value_of(token) else {
                    return Err(no_plan(
                        "instruction",
                        format!("{} is not a row limit", token.text),
                    ));
                };
                if tail_rows(tokens, &choices.tags, i) {
                    return Err(unsupported("other_rows"));
                }
                if limit.replace(n).is_some() {
                    return Err(no_plan("instruction", "more than one row limit"));
                }
                limit_at = Some(i);
            }
            _ => {}
        }
    }

    if aggregates(tokens, &choices.tags, catalog) {
        return Err(unsupported("aggregate"));
    }
    if conditional_call(tokens, &choices.tags) {
        return Err(unsupported("condition"));
    }
    let count = used.iter().rposition(|&u| u).map_or(0, |k| k + 1);
    if count == 0 {
        return Err(no_plan("instruction", "no tool call found"));
    }
    // A call whose tool is not named again repeats the previous call's tool.
    let mut previous: Option<&str> = None;
    let mut resolved: Vec<&str> = Vec::with_capacity(count);
    for (k, tool) in tools.iter().take(count).enumerate() {
        match tool.or(previous) {
            Some(tool) => {
                previous = Some(tool);
                resolved.push(tool);
            }
            None => return Err(no_plan(format!("call {}", k + 1), "no tool named")),
        }
    }

    let mut args: Vec<Map<String, Value>> = vec![Map::new(); count];
    // (call, value token, argument name token) of every value whose pointer names an argument,
    // and (call, value token, the name token it was displaced from) of every other value.
    let mut named: Vec<(usize, usize, usize)> = Vec::new();
    let mut unnamed: Vec<(usize, usize, Option<usize>)> = Vec::new();
    for &(k, i) in &values {
        match choices.pointers.get(i).copied().flatten() {
            Some(j) if tokens.get(j).and_then(name_text).is_some() => named.push((k, i, j)),
            _ => unnamed.push((k, i, None)),
        }
    }
    // A literal the network left untagged beside an argument name (`top_k 10`, `days: 3`, `make
    // "heat" the mode`) is a value of the nearest call, if its tool takes that argument and has
    // no value for it yet (`... text "sparse attention", top_k 10 \n vector_query: ...`).
    for (k, i, j) in missed_values(tokens, choices, &resolved, &named, catalog) {
        named.push((k, i, j));
        values.push((k, i));
    }
    named.sort_unstable_by_key(|&(_, i, _)| i);
    values.sort_unstable_by_key(|&(_, i)| i);
    for &(k, i, j) in &named {
        let arg = name_text(&tokens[j]).unwrap_or_default();
        // Two values pointing at one argument of one call: when exactly one of them is written
        // right beside the name it points at (`count of 4`, `3 days`), the other was pulled
        // there from afar (`"8.8.8.8" with a count of 4`) and is read as naming no argument,
        // placed only by the rules below for a quoted string or a word form before it.
        let rivals: Vec<(usize, usize)> = named
            .iter()
            .filter(|&&(c, _, n)| c == k && name_text(&tokens[n]) == Some(arg))
            .map(|&(_, v, n)| (v, n))
            .collect();
        // The same value said twice for one argument (`last 30 (the last 30 days I mean)`,
        // `12 weeks. get_forecast ... weeks 12`) is one argument said again: the first stays.
        // Not when a tool of another call stands between them, nor when the instruction names a
        // tool-like name the catalog lacks (`RenderCluster(size=0) AS WELL AS approveRecords
        // GIVEN size 0`): either may be another call's.
        let repeated = rivals
            .iter()
            .all(|&(v, _)| value_of(&tokens[v]) == value_of(&tokens[i]))
            && rivals.windows(2).all(|pair| {
                let (from, to) = (pair[0].0.min(pair[1].0), pair[0].0.max(pair[1].0));
                (from..to).all(|j| {
                    !matches!(choices.tags.get(j), Some(&t) if (1..=3).contains(&t) && t != k + 1)
                })
            })
            && !tokens.iter().any(|t| {
                t.kind == TokenKind::Word
                    && identifier_shaped(&t.text)
                    && !is_catalog_name(catalog, &t.text)
                    && !names_argument(catalog, &t.text)
            });
        if rivals.len() > 1 && repeated {
            if rivals[0].0 != i {
                continue;
            }
        } else if rivals.len() > 1 {
            match rivals
                .iter()
                .filter(|&&(v, n)| v.abs_diff(n) <= 2)
                .collect::<Vec<_>>()
                .as_slice()
            {
                [(keeper, _)] if *keeper == i => {}
                [_] => {
                    unnamed.push((k, i, Some(j)));
                    continue;
                }
                _ => return Err(given_twice(k, arg)),
            }
        }
        let value = value_of(&tokens[i]).unwrap_or(Value::Null);
        // A pointer at a name the tool lacks, from a value written right after a name it has
        // (`send_slack to channel "#release"`, where `to` is send_email's): the adjacent name.
        let tool = catalog.get(resolved[k]);
        let beside = i
            .checked_sub(1)
            .and_then(|b| tokens.get(b))
            .filter(|t| t.kind == TokenKind::Word)
            .and_then(|t| tool?.argument(&t.text).map(|_| t.text.as_str()));
        // Likewise the name just after it (`Post to "#qa" as the channel via send_slack`).
        let after = || {
            tokens
                .get(i + 1..)
                .unwrap_or_default()
                .iter()
                .take(3)
                .find(|t| !(t.kind == TokenKind::Word && AS_WORDS.contains(&t.text.as_str())))
                .filter(|t| t.kind == TokenKind::Word)
                .and_then(|t| tool?.argument(&t.text).map(|_| t.text.as_str()))
        };
        let arg = match beside.or_else(after) {
            Some(name)
                if tool.is_some_and(|t| t.argument(arg).is_none())
                    && !args[k].contains_key(name) =>
            {
                name
            }
            _ => arg,
        };
        args[k].insert(arg.to_owned(), value);
    }
    // A value that names no argument takes the argument a word just before it is a form of
    // (`titled "X"` → `title`), or else the only argument of its call's tool that it can fill
    // (`get_weather for "Hobart"`); anything less certain is a diagnostic.
    //
    // The open arguments of call `k` that the value at `i` fits, and those of them a word just
    // before it is a form of.
    let fits = |args: &[Map<String, Value>], k: usize, i: usize| -> (Vec<&str>, Vec<&str>) {
        let value = value_of(&tokens[i]).unwrap_or(Value::Null);
        let open: Vec<&str> = catalog
            .get(resolved[k])
            .map(|tool| {
                tool.arguments
                    .iter()
                    .filter(|(name, ty)| ty.admits(&value) && !args[k].contains_key(name))
                    .map(|(name, _)| name.as_str())
                    .collect()
            })
            .unwrap_or_default();
        let stemmed: Vec<&str> = tokens[i.saturating_sub(2)..i]
            .iter()
            .filter(|t| t.kind == TokenKind::Word)
            .flat_map(|t| {
                open.iter()
                    .copied()
                    .filter(|arg| crate::features::is_form_of(&t.text, arg))
            })
            .collect();
        (open, stemmed)
    };
    // Values after a word form are placed first (each group in the order they are written), so
    // that elimination sees what they leave:
    // `close_ticket "T-7", commented "dup"` gives `comment` to "dup", then `id` to "T-7".
    unnamed.sort_by_cached_key(|&(k, i, _)| (fits(&args, k, i).1.len() != 1, i));
    for (k, i, displaced) in unnamed {
        // `1. Tool: approve_invoice 2. invoice_id: "INV-7"`: a numbered list's marker is no value.
        if displaced.is_none() && list_marker(tokens, i) {
            continue;
        }
        let value = value_of(&tokens[i]).unwrap_or(Value::Null);
        // `where arr is over 100000`: a comparison with a declared property of the call's tool
        // that is none of its arguments filters the results.
        if catalog
            .get(resolved[k])
            .is_some_and(|tool| compared_property(tokens, i, tool))
        {
            return Err(unsupported("filter"));
        }
        // A number no open argument of its call can take, written as a measure (`(should be
        // -18°C)`, `40%`) or after a capitalised name in mid-sentence (`Pursuant to Local Civil
        // Rule 5.2, e-file ...`), is a number in the prose, not a value for an argument the
        // tool lacks.
        if tokens[i].kind == TokenKind::Num
            && fits(&args, k, i).0.is_empty()
            && prose_measure(tokens, i, catalog)
        {
            continue;
        }
        // A value written as `lang: "ar"`, `"ar" as lang`, `severity 1` (a word the network does
        // not know as prose, right before the value) or `language "fr"` (a noun, known or not)
        // names an argument the tool lacks: that is the checker's diagnostic, not a guess.
        let label = label_of(tokens, i)
            .or_else(|| plain_label(tokens, i, catalog, choices))
            .or_else(|| noun_label(tokens, i, catalog));
        if let Some(label) = label
            && let Some(tool) = catalog.get(resolved[k])
        {
            if !tool.arguments.iter().any(|(a, _)| {
                a.eq_ignore_ascii_case(label) || crate::features::is_form_of(label, a)
            }) {
                return Err(Diagnostic::new(
                    format!("call {}", k + 1),
                    Problem::UnknownArgument {
                        tool: resolved[k].to_owned(),
                        argument: label.to_owned(),
                    },
                ));
            }
            // A label in other capitals (`Body: "..."` at the start of a sentence) names the
            // open argument it spells.
            if let Some((name, _)) = tool.arguments.iter().find(|(a, ty)| {
                a.eq_ignore_ascii_case(label)
                    && ty.admits(&value)
                    && !args[k].contains_key(a.as_str())
            }) {
                args[k].insert(name.clone(), value);
                continue;
            }
        }
        let (open, stemmed) = fits(&args, k, i);
        // A displaced value that is no quoted string (`true`, `4`) and no word form's takes no
        // argument by elimination: that is too weak against the pointer it had.
        // One the argument it pointed at cannot take (`Please help to do 2 thing. First,
        // get_purchase_order for po_id "PO-7"`, where `po_id` is a string) is a number in the
        // prose, written before a word that is no name.
        if let Some(j) = displaced
            && tokens[i].kind == TokenKind::Num
            && prose_count(tokens, i, catalog)
            && catalog
                .get(resolved[k])
                .and_then(|tool| tool.argument(name_text(&tokens[j]).unwrap_or_default()))
                .is_some_and(|ty| !ty.admits(&value))
        {
            continue;
        }
        if let Some(j) = displaced
            && stemmed.len() != 1
            && tokens[i].kind != TokenKind::Str
        {
            return Err(given_twice(k, name_text(&tokens[j]).unwrap_or_default()));
        }
        let open = if stemmed.len() == 1 { stemmed } else { open };
        match open.as_slice() {
            [only] => {
                args[k].insert((*only).to_owned(), value);
            }
            // A quoted string pulled from afar to a name another value has beside it, with no
            // argument left that it could fill and no argument name just before it, is a
            // quotation in the prose (`She says she's a "loyal repeat buyer" ... get_customer
            // email "jana@x.com"`; not `the vendor should be "blue"`).
            [] if displaced.is_some()
                && tokens[i].kind == TokenKind::Str
                && !tokens[i.saturating_sub(3)..i]
                    .iter()
                    .any(|t| names_argument(catalog, &t.text)) => {}
            _ => {
                return Err(no_plan(
                    format!("call {}", k + 1),
                    format!("the value {} names no argument", tokens[i].text),
                ));
            }
        }
    }
    // One value said once for several calls (`days 30 for both of them`, `both with date
    // "2024-09-30"`): the network gives it to one call, and it also goes to every other call
    // whose tool takes that argument and has no value for it.
    for &(k, i) in &values {
        if count < 2 || !for_every_call(tokens, &choices.tags, i, catalog) {
            continue;
        }
        let Some(value) = value_of(&tokens[i]) else {
            continue;
        };
        let mut names = args[k].iter().filter(|(_, v)| **v == value).map(|(a, _)| a);
        let (Some(name), None) = (names.next(), names.next()) else {
            continue;
        };
        let name = name.clone();
        for m in (0..count).filter(|&m| m != k) {
            let takes = catalog
                .get(resolved[m])
                .and_then(|tool| tool.argument(&name))
                .is_some_and(|ty| ty.admits(&value));
            if takes && !args[m].contains_key(&name) {
                args[m].insert(name.clone(), value.clone());
            }
        }
    }
    if let Some(field) = unnamed_field(tokens, &choices.tags, catalog) {
        return Err(Diagnostic::new(
            "output.fields",
            Problem::UndeclaredField {
                tool: resolved[0].to_owned(),
                field: field.to_owned(),
            },
        ));
    }
    let field_at = asked_groups(tokens, field_at);
    let single = match resolved.as_slice() {
        [tool] => catalog.get(tool),
        _ => None,
    };
    let mut fields: Vec<String> = match single {
        Some(tool) => field_list(tokens, &field_at, &tool.returns.properties),
        None => field_at.iter().map(|&i| field_text(&tokens[i])).collect(),
    };
    if let Some(tool) = single {
        for i in 0..fields.len() {
            if let Some(property) = plural_of(&fields[i], &tool.returns.properties)
                && !fields.iter().any(|f| f == property)
            {
                fields[i] = property.to_owned();
            }
        }
    }
    // A plan of several calls takes no projection. A word read as a field that no called tool
    // declares (`only return the final result`, where `result` is a property of a tool the plan
    // does not call) is prose the network misread, not a projection the user asked for; a
    // property of a called tool stays, and the checker refuses it.
    if resolved.len() > 1 {
        fields.retain(|field| {
            resolved.iter().any(|tool| {
                catalog
                    .get(tool)
                    .is_some_and(|tool| declares(&tool.returns.properties, field))
            })
        });
    }
    // A number read as the row limit of a plan that cannot take one (several calls, or a tool that
    // returns no array), with no word around it that asks for rows (`2 boxes damaged in
    // transit`, `the other 3 later`), is a number in the prose. One that does ask (`first 3
    // rows`), or that an argument name labels (`- **port:** 8080`, a value the network misread),
    // stays, and the checker refuses it: no value is ever dropped.
    let arrays = single.is_some_and(|tool| tool.returns.kind == ReturnKind::Array);
    if !arrays
        && limit_at.is_some_and(|i| !asks_for_rows(tokens, i) && !labelled(tokens, i, catalog))
    {
        limit = None;
    }
    // Likewise words read as the fields of a plan that cannot take them, with no word around
    // them that asks for a projection (`customer says the plan shown is wrong`, `the auditors
    // would like the difference figure`), are prose. A list a projection word stands beside
    // (`only name and email`, `→ gamertag + level`) stays, and the checker refuses it.
    if !arrays && !field_at.is_empty() && !asks_for_fields(tokens, &field_at) {
        fields.clear();
    }
    if let Some(diagnostic) = unsaid_source(tokens, &choices.tags, &resolved, &args, catalog) {
        return Err(diagnostic);
    }
    if count == 3 && choices.mode == 1 && mixed_cues(tokens, &choices.tags) {
        return Err(unsupported("mixed_schedule"));
    }
    let mut calls: Vec<Call> = resolved
        .iter()
        .zip(args)
        .map(|(tool, args)| Call {
            tool: (*tool).to_owned(),
            args,
        })
        .collect();
    // `Call flush_cache with region "eu-west-1" twice`, `run it twice`: one call said to be made
    // twice, right after its tool or a value of it, is two (`asked for this twice already` is
    // prose).
    let twice = (1..tokens.len()).any(|j| {
        choices.tags.get(j) == Some(&0)
            && tokens[j].kind == TokenKind::Word
            && tokens[j].text.eq_ignore_ascii_case("twice")
            && (choices.tags.get(j - 1).is_some_and(|t| (1..=6).contains(t))
                || matches!(tokens[j - 1].text.to_lowercase().as_str(), "it" | "that"))
    });
    if count == 1 && twice {
        calls.push(calls[0].clone());
    }
    let count = calls.len();
    let mode = match (count, choices.mode) {
        (1, _) => Mode::Single,
        (_, 1) => Mode::Parallel,
        _ => Mode::Serial,
    };
    // Several calls answer every record unless the words ask for one (`only the last result`,
    // `the final output is enough`): a reading of `last` with no such word anywhere in the
    // instruction (`both with date "X"`, `first A, then B`) is the default, `all`.
    // A misspelt word counts too (`lsat`), as the network reads it (see `Vocab::corrected`).
    // The second half of a hyphenated word (`Month-end FX`) is no such word, nor `not just`.
    let asks_for_one = || {
        tokens.iter().enumerate().any(|(j, t)| {
            let lower = t.text.to_lowercase();
            t.kind == TokenKind::Word
                && !compound_tail(tokens, j)
                && !negated_limiter(tokens, j)
                && ONE_RESULT_WORDS.iter().any(|w| {
                    *w == lower
                        || (lower.len() >= crate::features::TYPO_MIN_LEN
                            && crate::features::one_edit(&lower, w))
                })
        })
    };
    let kind = if choices.output == 1 && (count == 1 || asks_for_one()) {
        OutputKind::Last
    } else {
        OutputKind::All
    };
    let output = Output {
        kind,
        fields: (!fields.is_empty()).then_some(fields),
        limit,
    };
    Ok(Plan {
        mode,
        calls,
        output,
    })
}

/// Whether the word at `j` is `just` or `only` after `not` (`not just the count`), which asks
/// for more, not less.
fn negated_limiter(tokens: &[Token], j: usize) -> bool {
    matches!(
        tokens[j].text.to_ascii_lowercase().as_str(),
        "just" | "only"
    ) && j
        .checked_sub(1)
        .is_some_and(|p| tokens[p].text.eq_ignore_ascii_case("not"))
}

/// Whether the word at `j` ends a hyphenated word: a `-` written right before it, itself right
/// after a word (`month-end`, `back-end`).
fn compound_tail(tokens: &[Token], j: usize) -> bool {
    j >= 2
        && tokens[j - 1].text == "-"
        && tokens[j - 1].span.end == tokens[j].span.start
        && tokens[j - 2].kind == TokenKind::Word
        && tokens[j - 2].span.end == tokens[j - 1].span.start
}

/// Words without one of which an instruction of several calls does not ask for one call's
/// result only (see [`decode`]): broad on purpose, since a word here only keeps the network's
/// reading.
const ONE_RESULT_WORDS: &[&str] = &[
    "last",
    "lastly",
    "final",
    "finally",
    "latter",
    "end",
    "ending",
    "second",
    "third",
    "latest",
    "only",
    "just",
    "solely",
    "merely",
    "alone",
    "ultimate",
    "ultimately",
];

/// Words between a value and the argument name it is given as (`"#qa" as the channel`, `"u-9"
/// as its id`).
const AS_WORDS: &[&str] = &[
    "as", "the", "its", "their", "his", "her", "my", "our", "your",
];

/// Whether a word is shaped like a program's name rather than English: an underscore, or a
/// capital after a lowercase letter (`RenderCluster`, `get_user`, `toString`).
fn identifier_shaped(text: &str) -> bool {
    text.contains('_')
        || text
            .as_bytes()
            .windows(2)
            .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase())
}

/// The literals the network left untagged right after an argument name, maybe past `:` or `=`
/// (`top_k 10`), or right before one, maybe past `as`, `is` and an article (`make "heat" the
/// mode`), that a call can take (see [`decode_calls`]): (call, literal, name) each. The call is
/// that of the nearest tagged tool or value before the literal (after it, when none is before),
/// if its tool takes the argument and has no value named for it; else the literal stays prose.
fn missed_values(
    tokens: &[Token],
    choices: &Choices,
    resolved: &[&str],
    named: &[(usize, usize, usize)],
    catalog: &Catalog,
) -> Vec<(usize, usize, usize)> {
    let untagged = |j: usize| tag_at(&choices.tags, j) == 0;
    let name_at = |j: usize| {
        (tokens[j].kind == TokenKind::Word && untagged(j)).then(|| tokens[j].text.as_str())
    };
    let call_at = |p: usize| call_of(tag_at(&choices.tags, p));
    let mut found: Vec<(usize, usize, usize)> = Vec::new();
    for i in 0..tokens.len() {
        if !untagged(i) || value_of(&tokens[i]).is_none() || tokens[i].kind == TokenKind::Word {
            continue;
        }
        // The name before it, maybe past `:` or `=` (`top_k 10`); else the name after it, past
        // at most two of `as`, `is` and an article (`make "heat" the mode`).
        let before = i.checked_sub(1).map(|j| match tokens[j].text.as_str() {
            ":" | "=" if j > 0 => j - 1,
            _ => j,
        });
        let after = (i + 1..tokens.len().min(i + 4))
            .find(|&j| !(AS_WORDS.contains(&tokens[j].text.as_str()) || tokens[j].text == "is"));
        let Some((j, arg)) = before
            .and_then(|j| Some((j, name_at(j)?)))
            .filter(|&(_, arg)| names_argument(catalog, arg))
            .or_else(|| {
                let j = after.filter(|&j| j - i <= 3)?;
                Some((j, name_at(j)?))
            })
        else {
            continue;
        };
        let open = |k: usize| {
            catalog
                .get(resolved[k])
                .is_some_and(|tool| tool.argument(arg).is_some())
                && !named
                    .iter()
                    .chain(found.iter())
                    .any(|&(c, _, n)| c == k && name_text(&tokens[n]) == Some(arg))
        };
        // The call of the nearest tagged token before the value, else after it.
        let nearest = (0..i)
            .rev()
            .filter_map(call_at)
            .find(|&k| k < resolved.len())
            .or_else(|| {
                (i + 1..tokens.len())
                    .filter_map(call_at)
                    .find(|&k| k < resolved.len())
            });
        if let Some(k) = nearest.filter(|&k| open(k)) {
            found.push((k, i, j));
        }
    }
    found
}

/// Whether the number at `i` reads as part of the prose: a unit sign right after it (`°`, `%`,
/// `‰`), or a capitalised word right before it that is no argument name in any casing and does
/// not open a sentence (`Rule 5.2`, `Exhibit 3`, `Room 101`).
fn prose_measure(tokens: &[Token], i: usize, catalog: &Catalog) -> bool {
    let unit = tokens
        .get(i + 1)
        .is_some_and(|t| matches!(t.text.as_str(), "°" | "%" | "‰"));
    let named = i >= 2 && {
        let word = &tokens[i - 1];
        let opens = matches!(tokens[i - 2].text.as_str(), "." | "!" | "?" | ":" | ";");
        word.kind == TokenKind::Word
            && word.text.chars().next().is_some_and(|c| c.is_uppercase())
            && !opens
            && !catalog.tools.iter().any(|tool| {
                tool.arguments
                    .iter()
                    .any(|(a, _)| a.eq_ignore_ascii_case(&word.text))
            })
    };
    unit || named
}

/// Whether the number at `i` counts something in the prose: a whole number right before a noun,
/// a word that names no tool and no argument and is none of [`JOINING_WORDS`] (`do 2 thing`,
/// `these 3 checks`; not `the 8 with the biggest altitude`).
fn prose_count(tokens: &[Token], i: usize, catalog: &Catalog) -> bool {
    let whole = matches!(&tokens[i].value, Some(Value::Number(n)) if n.is_u64());
    whole
        && tokens.get(i + 1).is_some_and(|t| {
            t.kind == TokenKind::Word
                && !JOINING_WORDS.contains(&t.text.to_ascii_lowercase().as_str())
                && !is_catalog_name(catalog, &t.text)
                && !names_argument(catalog, &t.text)
        })
}

/// Words that join a number to what follows rather than being what it counts.
const JOINING_WORDS: &[&str] = &[
    "with", "of", "by", "for", "to", "in", "on", "at", "as", "and", "or", "the", "a", "an", "from",
    "than", "per", "is", "are", "was", "be", "it", "its", "into", "over", "under",
];

/// Whether the number at `i` numbers an item of a list (`2.` or `2)` before a word, in a text that
/// also numbers the item before or after it the same way).
fn list_marker(tokens: &[Token], i: usize) -> bool {
    let marker = |j: usize| -> Option<(u64, &str)> {
        let n = match &tokens.get(j)?.value {
            Some(Value::Number(n)) if tokens[j].kind == TokenKind::Num => n.as_u64()?,
            _ => return None,
        };
        let close = tokens.get(j + 1)?.text.as_str();
        let next = tokens.get(j + 2)?;
        ((1..=20).contains(&n) && matches!(close, "." | ")") && next.kind == TokenKind::Word)
            .then_some((n, close))
    };
    let Some((n, close)) = marker(i) else {
        return false;
    };
    (0..tokens.len())
        .any(|j| j != i && marker(j).is_some_and(|(m, c)| c == close && (m + 1 == n || n + 1 == m)))
}

/// The declared property that `field` is the English plural of (`emails` of `email`, `statuses`
/// of `status`, `replies` of `reply`), when `field` is not itself declared and exactly one
/// property fits: people ask for "their emails" or "the titles" of rows whose field is singular.
fn plural_of<'a>(field: &str, properties: &'a [String]) -> Option<&'a str> {
    if properties.iter().any(|p| p == field) {
        return None;
    }
    let mut fits = properties.iter().filter(|p| {
        let p = p.as_str();
        field.strip_suffix('s') == Some(p)
            || field.strip_suffix("es") == Some(p)
            || (p.ends_with('y') && field.strip_suffix("ies") == p.strip_suffix('y'))
    });
    match (fits.next(), fits.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// Whether the value at `i` is compared with a declared property of `tool` that is none of its
/// arguments, with a word for the comparison (`arr is over 100000`, `total > 50`, `score at least
/// 0.8`): a filter on the results, not an argument.
fn compared_property(tokens: &[Token], i: usize, tool: &codemode_plan::Tool) -> bool {
    const COMPARE: &[&str] = &[
        "over",
        "above",
        "below",
        "under",
        "exceeds",
        "exceeding",
        "than",
        "greater",
        "less",
        "more",
        "fewer",
        "higher",
        "lower",
        "least",
        "most",
        ">",
        "<",
    ];
    const BETWEEN: &[&str] = &["is", "are", "was", "be", "at", "=", "!"];
    let mut j = i;
    let mut compares = false;
    while j > 0 && i - j < 4 {
        let lower = tokens[j - 1].text.to_lowercase();
        if COMPARE.contains(&lower.as_str()) {
            compares = true;
        } else if !BETWEEN.contains(&lower.as_str()) {
            break;
        }
        j -= 1;
    }
    compares
        && j > 0
        && tokens[j - 1].kind == TokenKind::Word
        && tool.argument(&tokens[j - 1].text).is_none()
        && tool.returns.properties.contains(&tokens[j - 1].text)
}

/// The name that labels the value at `i` in label syntax, if any: `name: v`, `name = v`,
/// `"name": v` (JSON), or `v as name` / `v as the name`.
fn label_of(tokens: &[Token], i: usize) -> Option<&str> {
    let is = |j: usize, text: &str| tokens.get(j).is_some_and(|t| t.text == text);
    if i >= 2 && (is(i - 1, ":") || is(i - 1, "=")) {
        let t = &tokens[i - 2];
        if t.kind == TokenKind::Word || t.kind == TokenKind::Str {
            return name_text(t);
        }
    }
    if is(i + 1, "as") {
        let j = if is(i + 2, "the") || is(i + 2, "its") {
            i + 3
        } else {
            i + 2
        };
        return tokens
            .get(j)
            .filter(|t| t.kind == TokenKind::Word)
            .map(|t| t.text.as_str());
    }
    None
}

/// The word right before the value at `i` when it reads as the value's label in plain style
/// (`severity 1`): a word outside the prose vocabulary that names no catalog tool. Prose words
/// (`for "Hobart"`, `titled "X"`) and tool mentions (`get_weather "Oslo"`) are no labels.
fn plain_label<'a>(
    tokens: &'a [Token],
    i: usize,
    catalog: &Catalog,
    choices: &Choices,
) -> Option<&'a str> {
    let before = tokens.get(i.checked_sub(1)?)?;
    // A connective that is some other tool's argument (`to` of send_email, in `send_slack to
    // channel ...`) reads as a name to the network, but labels nothing here.
    if is_connective(&before.text.to_lowercase()) {
        return None;
    }
    let known = choices.prose.get(i - 1).copied().unwrap_or(true);
    (before.kind == TokenKind::Word && !known && catalog.get(&before.text).is_none())
        .then_some(before.text.as_str())
}

/// Words that may stand right before a value that names no argument without labelling it:
/// prepositions, articles, pronouns and conjunctions (`get_weather for "Hobart"`, `resize it to
/// 200`), the verbs of a request (`fetch "AAPL" with get_stock_price`) and the word forms of
/// arguments (`tagged "urgent"`, `due "2026-03-31"`, `matching "kafka"`).
#[rustfmt::skip]
const NOT_LABELS: &[&str] = &[
    "a", "about", "above", "across", "after", "again", "against", "all", "also", "an", "and",
    "any", "are", "around", "as", "at", "back", "be", "been", "before", "below", "between", "both",
    "but", "by", "concerning", "down", "each", "either", "else", "even", "every", "for", "from",
    "her", "here", "his", "in", "inside", "into", "is", "it", "its", "just", "like", "me", "more",
    "my", "near", "new", "next", "now", "of", "off", "on", "once", "one", "only", "onto", "or",
    "our", "out", "over", "per", "please", "pls", "plus", "re", "regarding", "same", "say", "says",
    "so", "some", "than", "that", "the", "their", "them", "then", "there", "these", "this",
    "those", "through", "to", "too", "toward", "towards", "under", "up", "upon", "us", "via", "w",
    "was", "were", "what", "whose", "with", "within", "without", "you", "your",
    // verbs of a request
    "add", "archive", "ask", "assign", "book", "call", "cancel", "change", "check", "close",
    "convert", "copy", "create", "delete", "deploy", "do", "download", "email", "execute", "fetch",
    "find", "fire", "follow", "get", "give", "grab", "hit", "invite", "invoke", "kick", "list",
    "load", "look", "lookup", "make", "move", "notify", "open", "ping", "poke", "post", "publish",
    "pull", "put", "query", "read", "remove", "rename", "reserve", "resize", "restart", "retrieve",
    "run", "schedule", "search", "send", "set", "show", "start", "stop", "tell", "translate",
    "trigger", "try", "unfollow", "update", "upload", "use", "using", "write",
    // word forms of arguments that share no stem with the name
    "assigned", "called", "commented", "departing", "described", "due", "labeled", "labelled",
    "located", "matching", "named", "priced", "searching", "starting", "tagged", "titled",
    "written",
    // words for the tool itself (`the render_lead endpoint "P1"`)
    "action", "api", "command", "endpoint", "function", "helper", "job", "method", "operation",
    "script", "service", "tool", "utility",
];

/// Whether `lower` (a lowercase word) is one of [`NOT_LABELS`].
fn is_connective(lower: &str) -> bool {
    NOT_LABELS.contains(&lower)
}

/// The content word that labels the value at `i` in plain style when it is no argument: the word
/// right before it (`language "fr"`, `timeout 5`), or the word before `of`, `is` or `equals`
/// there (`a timeout of 5`, `the language is "fr"`). A word of [`NOT_LABELS`], a tool's name and
/// anything but a word are no labels: there the value may still fill the only argument it fits.
fn noun_label<'a>(tokens: &'a [Token], i: usize, catalog: &Catalog) -> Option<&'a str> {
    let word = |j: usize| {
        tokens
            .get(j)
            .filter(|t| t.kind == TokenKind::Word && catalog.get(&t.text).is_none())
    };
    // A misspelt connective (`usng`) is the connective, as the network reads it.
    let content = |t: &&Token| {
        let lower = t.text.to_lowercase();
        !is_connective(&lower)
            && !NOT_LABELS
                .iter()
                .any(|w| w.len() >= 4 && crate::features::one_edit(w, &lower))
    };
    let before = word(i.checked_sub(1)?)?;
    if matches!(before.text.to_lowercase().as_str(), "of" | "is" | "equals") {
        return word(i.checked_sub(2)?)
            .filter(content)
            .map(|t| t.text.as_str());
    }
    Some(before).filter(content).map(|t| t.text.as_str())
}

/// Words that join the fields of a list (`id, name and email`, `title, then the status`).
const FIELD_JOINS: &[&str] = &[
    ",", "and", "&", "then", "plus", "the", "its", "their", "/", "+",
];

/// The projected fields of a plan of one call, read from the tokens the network tagged as fields
/// (`at`): a declared property that the list goes on to without a tag (`keep id, title, status
/// and assignee`, `the title, then the status, then the id`), or that it starts from (`item and
/// price only`), is one of them too; a tagged word for rows (`first 5 rows`) that is no declared
/// property is the row limit's noun, not a field;
/// and fields stay in the order they are written. A field tagged twice stays twice, for the
/// checker to refuse: a second mention is as often a sort key (`only date and high, sorted by
/// high`) as a repetition.
fn field_list(tokens: &[Token], at: &[usize], properties: &[String]) -> Vec<String> {
    let declared = |t: &Token| t.kind == TokenKind::Word && declares(properties, &t.text);
    // A word opening a sentence (`Headline and filed_at only`) may be a property capitalised.
    let opening = |k: usize| {
        k == 0
            || (tokens[k - 1].kind == TokenKind::Punct
                && matches!(
                    tokens[k - 1].text.as_str(),
                    "." | "!" | "?" | ";" | "—" | "-"
                ))
    };
    let capitalised = |k: usize| {
        let t = &tokens[k];
        let mut letters = t.text.chars();
        let lower = match letters.next() {
            Some(c) if c.is_ascii_uppercase() => {
                c.to_ascii_lowercase().to_string() + letters.as_str()
            }
            _ => return None,
        };
        (t.kind == TokenKind::Word && opening(k) && properties.contains(&lower)).then_some(lower)
    };
    let mut spelt: Vec<(usize, String)> = Vec::new();
    let mut chosen: Vec<usize> = Vec::new();
    for &i in at {
        let word = tokens[i].text.to_lowercase();
        let rows = ROW_NOUNS.contains(&word.as_str());
        if rows && !declared(&tokens[i]) {
            continue;
        }
        chosen.push(i);
        // The list goes on past an untagged declared property after a joining word or two.
        let mut j = i + 1;
        loop {
            let mut k = j;
            while k < tokens.len() && k < j + 3 && FIELD_JOINS.contains(&tokens[k].text.as_str()) {
                k += 1;
            }
            // A property that labels a value next (`and the status should be "open"`) is an
            // argument, not a field.
            let labels = tokens.get(k + 1).is_some_and(|t| {
                value_of(t).is_some()
                    || matches!(
                        t.text.as_str(),
                        ":" | "=" | "is" | "should" | "equals" | "to" | "set" | "of" | "as"
                    )
            });
            if k == j || k >= tokens.len() || !declared(&tokens[k]) || labels {
                break;
            }
            chosen.push(k);
            j = k + 1;
        }
        // And back, before its first field, past an untagged declared property a joining word
        // or two before it (`item and price only`, `stop + eta`).
        let mut j = i;
        loop {
            let mut k = j;
            while k > 0 && k + 3 > j && FIELD_JOINS.contains(&tokens[k - 1].text.as_str()) {
                k -= 1;
            }
            if k == j || k == 0 || chosen.contains(&(k - 1)) {
                break;
            }
            if !declared(&tokens[k - 1]) {
                if let Some(property) = capitalised(k - 1) {
                    spelt.push((k - 1, property));
                    chosen.push(k - 1);
                }
                break;
            }
            chosen.push(k - 1);
            j = k - 1;
        }
    }
    chosen.sort_unstable();
    chosen.dedup();
    chosen
        .into_iter()
        .map(|i| match spelt.iter().find(|(k, _)| *k == i) {
            Some((_, property)) => property.clone(),
            None => field_text(&tokens[i]),
        })
        .collect()
}

/// The field a token tagged as one names (a word, or a quoted string's value).
fn field_text(token: &Token) -> String {
    name_text(token).unwrap_or_default().to_owned()
}

/// Whether `properties` declare `field`, itself or as the plural of one of them.
fn declares(properties: &[String], field: &str) -> bool {
    properties.iter().any(|p| p == field) || plural_of(field, properties).is_some()
}

/// Nouns for fields that end a list of them (`id, name, phone cols`).
const COLUMN_WORDS: &[&str] = &["field", "fields", "column", "columns", "col", "cols"];

/// A word joined by `and` to the end of a list of projected fields without being a declared
/// property, as `phone` in `only id and phone`: the user asked for a field the tool lacks.
fn unnamed_field<'a>(tokens: &'a [Token], tags: &[usize], catalog: &Catalog) -> Option<&'a str> {
    let last = tags.iter().rposition(|&t| t == 7)?;
    let sep = tokens.get(last + 1)?;
    // `and`/`&`, or a comma in a list that has one between its fields already and that a word for
    // columns ends (`territory_id, name, quota cols`): after a lone comma a word is as likely to
    // be prose (`just the email, thanks`).
    let comma_list = sep.text == ","
        && last >= 2
        && tags[last - 2] == 7
        && tokens[last - 1].text == ","
        && tokens
            .get(last + 3)
            .is_some_and(|t| COLUMN_WORDS.contains(&t.text.as_str()));
    if !(sep.text == "and" || sep.text == "&" || comma_list) {
        return None;
    }
    let word = tokens.get(last + 2).filter(|t| t.kind == TokenKind::Word)?;
    let declared = catalog
        .tools
        .iter()
        .any(|t| t.returns.properties.contains(&word.text));
    let ends = tokens.get(last + 3).is_none_or(|t| {
        COLUMN_WORDS.contains(&t.text.as_str())
            || matches!(
                t.text.as_str(),
                "." | ","
                    | ";"
                    | "!"
                    | "?"
                    | ")"
                    | "for"
                    | "per"
                    | "please"
                    | "pls"
                    | "plz"
                    | "thanks"
                    | "thx"
                    | "only"
                    | "so"
                    | "because"
                    | "since"
                    | "-"
                    | "—"
                    | "–"
            )
    });
    (ends && !declared && catalog.get(&word.text).is_none() && tags.get(last + 2) == Some(&0))
        .then_some(word.text.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(instruction: &str) -> codemode_plan::Record {
        crate::test_record(
            instruction,
            serde_json::json!([
                {"name": "get_weather", "arguments": {"city": "string", "days": "number"}, "required": ["city"], "returns": {"kind": "object", "properties": []}},
                {"name": "list_users", "arguments": {"team": "string", "limit": "number"}, "required": [], "returns": {"kind": "array", "properties": ["id", "name"]}},
                {"name": "send", "arguments": {"to": "string", "subject": "string"}, "required": [], "returns": {"kind": "text", "properties": []}}
            ]),
        )
    }

    /// `n` pointers, each `None` but those of `set` (value token, argument name token).
    fn pointing(n: usize, set: &[(usize, usize)]) -> Vec<Option<usize>> {
        let mut pointers = vec![None; n];
        for &(value, name) in set {
            pointers[value] = Some(name);
        }
        pointers
    }

    fn choices(tags: &[usize], pointers: &[Option<usize>]) -> Choices {
        Choices {
            tags: tags.to_vec(),
            pointers: pointers.to_vec(),
            mode: 1,
            output: 0,
            status: 0,
            prose: vec![true; tags.len()],
            tag_logits: Vec::new(),
            tag_sure: 1.0,
            status_sure: 1.0,
            head_sure: 1.0,
        }
    }

    #[test]
    fn one_tool_named_once_serves_several_calls() {
        // get_weather city "A" and city "B"
        let r = record(r#"get_weather city "A" and city "B""#);
        let c = choices(
            &[1, 0, 4, 0, 0, 5],
            &[None, None, Some(1), None, None, Some(4)],
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.mode, Mode::Parallel);
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.calls[1].tool, "get_weather");
        assert_eq!(plan.calls[1].args["city"], "B");
    }

    #[test]
    fn a_value_pulled_from_afar_onto_a_held_argument_gives_way_to_the_one_beside_it() {
        // get_weather "Oslo" for 3 days: both values point at `days`.
        let r = record(r#"get_weather "Oslo" for 3 days"#);
        let c = choices(&[1, 4, 0, 4, 0], &[None, Some(4), None, Some(4), None]);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["days"], 3);
        assert_eq!(plan.calls[0].args["city"], "Oslo");
        // A bare number or boolean pulled there takes nothing by elimination.
        let r = record(r#"list_users 7 with a limit of 4"#);
        let c = choices(
            &[1, 4, 0, 0, 0, 0, 4],
            &[None, Some(4), None, None, None, None, Some(4)],
        );
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"limit\" is given twice"
        );
        // Both beside their own `city`: the argument really is given twice.
        let r = record(r#"get_weather city "A" city "B""#);
        let c = choices(&[1, 0, 4, 0, 4], &[None, None, Some(1), None, Some(3)]);
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"city\" is given twice"
        );
    }

    #[test]
    fn a_value_after_a_word_form_is_placed_before_elimination_runs() {
        let r = crate::test_record(
            r#"close_ticket "T-7", commented "dup""#,
            serde_json::json!([{"name": "close_ticket", "arguments": {"id": "string", "comment": "string"}, "required": ["id"], "returns": {"kind": "text", "properties": []}}]),
        );
        // close_ticket "T-7" , commented "dup": neither value names its argument.
        let c = choices(&[1, 4, 0, 0, 4], &[None; 5]);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["comment"], "dup");
        assert_eq!(plan.calls[0].args["id"], "T-7");
    }

    #[test]
    fn a_value_without_a_named_argument_fills_the_only_one_it_fits() {
        let r = record(r#"get_weather for "Hobart""#);
        let c = choices(&[1, 0, 4], &[None, None, None]);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["city"], "Hobart");
        // Two string arguments could take it: no guess.
        let r = record(r#"send for "blue""#);
        let c = choices(&[1, 0, 4], &[None, None, None]);
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: the value \"blue\" names no argument"
        );
    }

    #[test]
    fn a_counting_or_retrying_tool_does_the_structure_itself_unless_its_results_are_meant() {
        let status = |name: &str| STATUSES.iter().position(|s| *s == name).unwrap();
        let answer = |instruction: &str, tags: &[usize], structure: &str| {
            let r = crate::test_record(
                instruction,
                serde_json::json!([
                    {"name": "count_words", "arguments": {"text": "string"}, "required": ["text"], "returns": {"kind": "object", "properties": ["words"]}},
                    {"name": "retryJob", "arguments": {"job_id": "string"}, "required": [], "returns": {"kind": "text", "properties": []}},
                    {"name": "list_jobs", "arguments": {}, "required": [], "returns": {"kind": "array", "properties": ["id"]}}
                ]),
            );
            let mut c = choices(tags, &vec![None; tags.len()]);
            c.status = status(structure);
            decode(&r.tokens, &r.catalog, &c).map(|p| p.calls[0].tool.clone())
        };
        // how many words ? count_words text "a b"
        let tags = [0, 0, 0, 0, 1, 0, 4];
        let q = r#"how many words? count_words text "a b""#;
        assert_eq!(answer(q, &tags, "aggregate").unwrap(), "count_words");
        // Retrying is not what a counting tool does, nor counting what a lister does.
        assert!(answer(q, &tags, "retry").is_err());
        let q = r#"how many jobs? list_jobs"#;
        assert!(answer(q, &[0, 0, 0, 0, 1], "aggregate").is_err());
        // retryJob job_id "j-1"
        let q = r#"retryJob job_id "j-1""#;
        assert_eq!(answer(q, &[1, 0, 4], "retry").unwrap(), "retryJob");
        // Words about the results or a failure keep the diagnostic.
        let q = r#"count_words text "a b" and count the results"#;
        assert!(answer(q, &[1, 0, 4, 0, 0, 0, 0], "aggregate").is_err());
        let q = r#"retryJob job_id "j-1" until it works"#;
        assert!(answer(q, &[1, 0, 4, 0, 0, 0], "retry").is_err());
        // Nor is a condition ever a tool's job.
        let q = r#"retryJob job_id "j-1""#;
        assert!(answer(q, &[1, 0, 4], "condition").is_err());
    }

    #[test]
    fn identifiers_split_into_lowercase_words() {
        assert_eq!(
            name_words("count_open_tickets"),
            ["count", "open", "tickets"]
        );
        assert_eq!(name_words("retryJob2x"), ["retry", "job", "x"]);
        assert_eq!(name_words("$sum"), ["sum"]);
        assert_eq!(name_words("getHTTPStatus"), ["get", "httpstatus"]);
    }

    #[test]
    fn unsupported_structures_and_unknown_tools_are_diagnosed() {
        let r = record(r#"get_weather city "A""#);
        let mut c = choices(&[1, 0, 4], &[None, None, Some(1)]);
        c.status = 1;
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "instruction: a condition (if, unless, when) is not supported"
        );
        let r = record(r#"get_forecast city "A""#);
        let c = choices(&[1, 0, 4], &[None, None, Some(1)]);
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: tool \"get_forecast\" is not in the catalog"
        );
    }

    #[test]
    fn a_labelled_value_whose_label_is_no_argument_is_diagnosed_not_guessed() {
        let r = record(r#"get_weather(city: "Cairo", lang: "ar")"#);
        // get_weather ( city : "Cairo" , lang : "ar" )
        let c = choices(
            &[1, 0, 0, 0, 4, 0, 0, 0, 4, 0],
            &[
                None,
                None,
                None,
                None,
                Some(2),
                None,
                None,
                None,
                None,
                None,
            ],
        );
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"lang\" is not in the schema of get_weather"
        );
    }

    #[test]
    fn a_value_after_an_unknown_word_is_that_words_not_the_only_open_argument() {
        // get_weather city "Oslo" severity 1: `severity` is no prose word and no argument.
        let r = record(r#"get_weather city "Oslo" severity 1"#);
        let mut c = choices(&[1, 0, 4, 0, 4], &[None, None, Some(1), None, None]);
        c.prose = vec![false, false, false, false, false];
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"severity\" is not in the schema of get_weather"
        );
        // A noun the network knows as prose labels the value just the same.
        c.prose[3] = true;
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"severity\" is not in the schema of get_weather"
        );
    }

    #[test]
    fn a_value_after_a_noun_is_that_nouns_and_after_a_connective_fills_the_open_argument() {
        let unknown = |text: &str, tags: &[usize]| {
            let r = record(text);
            let mut pointers = vec![None; tags.len()];
            pointers[2] = Some(1);
            let c = choices(tags, &pointers);
            decode(&r.tokens, &r.catalog, &c).map_err(|d| d.to_string())
        };
        // get_weather city "Oslo" with a timeout of 2
        assert_eq!(
            unknown(
                r#"get_weather city "Oslo" with a timeout of 2"#,
                &[1, 0, 4, 0, 0, 0, 0, 4]
            ),
            Err("call 1: argument \"timeout\" is not in the schema of get_weather".to_owned())
        );
        // get_weather city "Oslo" , the language is "fr"
        assert_eq!(
            unknown(
                r#"get_weather city "Oslo", the language is "fr""#,
                &[1, 0, 4, 0, 0, 0, 0, 4]
            ),
            Err("call 1: argument \"language\" is not in the schema of get_weather".to_owned())
        );
        // get_weather city "Oslo" for 2 / usng 2 / the endpoint then DAYS 2: no labels.
        for text in [
            r#"get_weather city "Oslo" for 2"#,
            r#"get_weather city "Oslo" usng 2"#,
        ] {
            let plan = unknown(text, &[1, 0, 4, 0, 4]).unwrap();
            assert_eq!(plan.calls[0].args["days"], 2, "{text}");
        }
        let plan = unknown(r#"get_weather city "Oslo" DAYS 2"#, &[1, 0, 4, 0, 4]).unwrap();
        assert_eq!(plan.calls[0].args["days"], 2);
    }

    #[test]
    fn a_field_list_ending_in_an_undeclared_name_is_diagnosed() {
        let r = record(r#"list_users team "x", only id and phone"#);
        // list_users team "x" , only id and phone
        let c = choices(
            &[1, 0, 4, 0, 0, 7, 0, 0],
            &[None, None, Some(1), None, None, None, None, None],
        );
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "output.fields: \"phone\" is not a declared property of list_users"
        );
        // A list ends at a closing word as well as at punctuation (`... so i can ring them`).
        for end in ["so", "pls", "only", "—"] {
            let r = record(&format!(
                r#"list_users team "x", just id and phone {end} now"#
            ));
            let mut tags = vec![1, 0, 4, 0, 0, 7, 0, 0, 0, 0];
            tags.truncate(r.tokens.len());
            let c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
            assert!(
                decode(&r.tokens, &r.catalog, &c).is_err(),
                "{end}: {:?}",
                r.tokens
            );
        }
        // Any other word after it keeps it prose: `id and phone numbers` could be anything.
        let r = record(r#"list_users team "x", just id and phone numbers"#);
        let c = choices(&[1, 0, 4, 0, 0, 7, 0, 0, 0], &pointing(9, &[(2, 1)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_ok());
        // A comma list that a word for columns ends: `id, name, phone cols`.
        let r = record(r#"list_users team "x" -- id, name, phone cols"#);
        let tags = [1, 0, 4, 0, 0, 7, 0, 7, 0, 0, 0];
        let c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
        // After a lone comma the word stays prose: `just the name, phone me later`.
        let r = record(r#"list_users team "x" -- just the name, phone cols"#);
        let tags = [1, 0, 4, 0, 0, 0, 0, 7, 0, 0, 0];
        let c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_ok());
    }

    #[test]
    fn a_field_of_no_called_tool_on_several_calls_is_prose() {
        // get_weather city "A" , then send to "b" , only the name
        let r = record(r#"get_weather city "A", then send to "b", only the name"#);
        let c = choices(
            &[1, 0, 4, 0, 0, 2, 0, 5, 0, 0, 0, 7],
            &pointing(12, &[(2, 1), (7, 6)]),
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.output.fields, None);
        // A property of a called tool stays, for the checker to refuse.
        let r = record(r#"list_users team "x", then send to "b", only the name"#);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.fields, Some(vec!["name".to_owned()]));
    }

    #[test]
    fn a_field_list_goes_on_past_an_untagged_property_and_rows_are_no_field() {
        // list_users team "x" , only id and name : the network tagged only `id`.
        let r = record(r#"list_users team "x", only id and name"#);
        let c = choices(
            &[1, 0, 4, 0, 0, 7, 0, 0],
            &[None, None, Some(1), None, None, None, None, None],
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(
            plan.output.fields,
            Some(vec!["id".to_owned(), "name".to_owned()])
        );
        // list_users team "x" id and name only: the network tagged only `name`; the list goes
        // back to `id`, in the order written.
        let r = record(r#"list_users team "x" id and name only"#);
        let c = choices(&[1, 0, 4, 0, 0, 7, 0], &pointing(7, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(
            plan.output.fields,
            Some(vec!["id".to_owned(), "name".to_owned()])
        );
        // A property word far from the list a projection word asks for is prose.
        let text = r#"list_users team "x" only id , 5 rows , we have a name for it"#;
        let r = record(text);
        let mut tags = vec![0; r.tokens.len()];
        (tags[0], tags[2], tags[4], tags[6], tags[12]) = (1, 4, 7, 8, 7);
        let c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.fields, Some(vec!["id".to_owned()]));
        // With no projection word near either, both stay.
        let r = record(r#"list_users team "x" id , 5 rows , we have a name for it"#);
        let mut tags = vec![0; r.tokens.len()];
        (tags[0], tags[2], tags[3], tags[5], tags[11]) = (1, 4, 7, 8, 7);
        let c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.fields.map(|f| f.len()), Some(2));
        // list_users team "x" , first 5 rows : `rows` tagged as a field is the limit's noun.
        let r = record(r#"list_users team "x", first 5 rows"#);
        let c = choices(
            &[1, 0, 4, 0, 0, 8, 7],
            &[None, None, Some(1), None, None, None, None],
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.fields, None);
        assert_eq!(plan.output.limit, Some(5.into()));
    }

    #[test]
    fn a_capitalised_label_and_a_name_beside_the_value_place_it() {
        // send to "a" , Subject : "hi" : the second value names no argument the network saw.
        let r = record(r#"send to "a", Subject: "hi""#);
        let c = choices(
            &[1, 0, 4, 0, 0, 0, 4],
            &[None, None, Some(1), None, None, None, None],
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["subject"], "hi");
        // get_weather to city "Oslo" : the pointer picked `to` (send's), `city` is beside it.
        let r = record(r#"get_weather to city "Oslo""#);
        let c = choices(&[1, 0, 0, 4], &[None, None, None, Some(1)]);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["city"], "Oslo");
        assert!(!plan.calls[0].args.contains_key("to"));
        // get_weather to "Oslo" as the city: the name after it, past `as the`.
        let r = record(r#"get_weather to "Oslo" as the city"#);
        let c = choices(&[1, 0, 4, 0, 0, 0], &pointing(6, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["city"], "Oslo");
        // A pointer at a name the tool has keeps it.
        let r = record(r#"get_weather city "Oslo" as the days"#);
        let c = choices(&[1, 0, 4, 0, 0, 0], &pointing(6, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["city"], "Oslo");
    }

    #[test]
    fn a_value_compared_with_a_property_that_is_no_argument_is_a_filter() {
        // list_users team "x" where id is over 5: 5 would fill `limit` by elimination.
        let r = record(r#"list_users team "x" where id is over 5"#);
        let c = choices(&[1, 0, 4, 0, 0, 0, 0, 4], &pointing(8, &[(2, 1)]));
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "instruction: filtering results is not supported"
        );
        // A comparison word is needed (`id 5` is a label), and an argument is no property.
        for text in [
            r#"list_users team "x" where id is 5"#,
            r#"list_users team "x" limit at most 5"#,
        ] {
            let r = record(text);
            let mut tags = vec![0; r.tokens.len()];
            (tags[0], tags[2], tags[r.tokens.len() - 1]) = (1, 4, 4);
            let c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
            assert!(
                decode(&r.tokens, &r.catalog, &c)
                    .err()
                    .is_none_or(|d| !d.to_string().contains("filtering")),
                "{text}"
            );
        }
    }

    #[test]
    fn a_sum_or_an_average_in_prose_is_diagnosed() {
        // list_users team "x" and sum up the id column
        let r = record(r#"list_users team "x" and sum up the id column"#);
        let c = choices(
            &[1, 0, 4, 0, 0, 0, 0, 0, 0],
            &[None, None, Some(1), None, None, None, None, None, None],
        );
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "instruction: aggregating results is not supported"
        );
        let r = record(r#"list_users team "x" and list the id column"#);
        assert!(decode(&r.tokens, &r.catalog, &c).is_ok());
    }

    #[test]
    fn a_number_read_as_a_limit_the_plan_cannot_take_is_prose_unless_it_asks_for_rows() {
        let tools = serde_json::json!([{"name": "restart", "arguments": {"id": "string"}, "required": ["id"], "returns": {"kind": "text", "properties": []}}]);
        // restart id "na-7" , the other 3 later
        let r = crate::test_record(r#"restart id "na-7", the other 3 later"#, tools.clone());
        let c = choices(
            &[1, 0, 4, 0, 0, 0, 8, 0],
            &[None, None, Some(1), None, None, None, None, None],
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.limit, None);
        // restart id "na-7" , first 3 rows: a request for rows stays, for the checker to refuse.
        let r = crate::test_record(r#"restart id "na-7", first 3 rows"#, tools);
        let c = choices(
            &[1, 0, 4, 0, 0, 8, 0],
            &[None, None, Some(1), None, None, None, None],
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.limit, Some(3.into()));
        // restart id : 8080 , where the network misread the value as a limit: it stays.
        let r = crate::test_record(
            r#"restart id: 8080, the other 3 later"#,
            serde_json::json!([{"name": "restart", "arguments": {"id": "number"}, "required": [], "returns": {"kind": "text", "properties": []}}]),
        );
        let c = choices(&[1, 0, 0, 8, 0, 0, 0, 0, 0], &[None; 9]);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.limit, Some(8080.into()));
    }

    #[test]
    fn words_read_as_fields_the_plan_cannot_take_are_prose_unless_a_projection_is_asked() {
        let tools = serde_json::json!([{"name": "get_user", "arguments": {"id": "string"}, "required": ["id"], "returns": {"kind": "object", "properties": ["plan", "email"]}}]);
        let fields = |text: &str, tags: &[usize]| {
            let r = crate::test_record(text, tools.clone());
            let mut pointers = vec![None; tags.len()];
            pointers[2] = Some(1);
            decode(&r.tokens, &r.catalog, &choices(tags, &pointers))
                .unwrap()
                .output
                .fields
        };
        // get_user id "u1" — customer says the plan is wrong
        let tags = [1, 0, 4, 0, 0, 0, 0, 7, 0, 0];
        assert_eq!(
            fields(
                r#"get_user id "u1" — customer says the plan is wrong"#,
                &tags
            ),
            None
        );
        // get_user id "u1" — only the plan and email: a projection asked of an object stays, for
        // the checker to refuse.
        let tags = [1, 0, 4, 0, 0, 0, 7, 0, 7];
        assert_eq!(
            fields(r#"get_user id "u1" — only the plan and email"#, &tags),
            Some(vec!["plan".to_owned(), "email".to_owned()])
        );
        // get_user id "u1" → plan + email
        let tags = [1, 0, 4, 0, 7, 0, 7];
        assert!(fields(r#"get_user id "u1" → plan + email"#, &tags).is_some());
    }

    #[test]
    fn a_value_said_for_both_calls_goes_to_each_that_takes_it() {
        let args = |text: &str, tags: &[usize], pointers: &[(usize, usize)]| {
            let r = record(text);
            let c = choices(tags, &pointing(tags.len(), pointers));
            decode(&r.tokens, &r.catalog, &c)
                .unwrap()
                .calls
                .into_iter()
                .map(|call| serde_json::Value::Object(call.args).to_string())
                .collect::<Vec<_>>()
        };
        // get_weather city "A" and get_weather city "B" , days 3 for both
        let text = r#"get_weather city "A" and get_weather city "B", days 3 for both"#;
        let tags = [1, 0, 4, 0, 2, 0, 5, 0, 0, 5, 0, 0];
        let pointers = [(2, 1), (6, 5), (9, 8)];
        assert_eq!(
            args(text, &tags, &pointers),
            [r#"{"city":"A","days":3}"#, r#"{"city":"B","days":3}"#]
        );
        // get_weather city "A" and get_weather city "B" , both with days 3
        let text = r#"get_weather city "A" and get_weather city "B", both with days 3"#;
        let tags = [1, 0, 4, 0, 2, 0, 5, 0, 0, 0, 0, 5];
        let pointers = [(2, 1), (6, 5), (11, 10)];
        assert_eq!(
            args(text, &tags, &pointers),
            [r#"{"city":"A","days":3}"#, r#"{"city":"B","days":3}"#]
        );
        // Without `both`, or where the other tool lacks the argument, it stays with its call.
        let text = r#"get_weather city "A" and get_weather city "B", days 3"#;
        let tags = [1, 0, 4, 0, 2, 0, 5, 0, 0, 5];
        assert_eq!(
            args(
                text,
                &tags,
                &pointers[..2]
                    .iter()
                    .copied()
                    .chain([(9, 8)])
                    .collect::<Vec<_>>()
            ),
            [r#"{"city":"A"}"#, r#"{"city":"B","days":3}"#]
        );
        let text = r#"list_users team "x" and get_weather city "B", days 3 for both"#;
        let tags = [1, 0, 4, 0, 2, 0, 5, 0, 0, 5, 0, 0];
        assert_eq!(
            args(text, &tags, &pointers),
            [r#"{"team":"x"}"#, r#"{"city":"B","days":3}"#]
        );
    }

    #[test]
    fn a_row_limit_counted_from_the_end_is_diagnosed() {
        // list_users team "x" , the last 5 rows
        let tags = [1, 0, 4, 0, 0, 0, 8, 0];
        let pointers = [None, None, Some(1), None, None, None, None, None];
        for text in [
            r#"list_users team "x", the last 5 rows"#,
            r#"list_users team "x", the LAST 5 rows"#,
            r#"list_users team "x", the bottom 5 rows"#,
        ] {
            let r = record(text);
            assert_eq!(
                decode(&r.tokens, &r.catalog, &choices(&tags, &pointers))
                    .unwrap_err()
                    .to_string(),
                "instruction: reading rows other than the first N is not supported",
                "{text}"
            );
        }
        let r = record(r#"list_users team "x", the first 5 rows"#);
        let plan = decode(&r.tokens, &r.catalog, &choices(&tags, &pointers)).unwrap();
        assert_eq!(plan.output.limit, Some(5.into()));
    }

    #[test]
    fn fields_and_limit_are_read_in_order() {
        let r = record(r#"list_users team "x", only name and id, first 5"#);
        let c = choices(
            &[1, 0, 4, 0, 0, 7, 0, 7, 0, 0, 8],
            &[
                None,
                None,
                Some(1),
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
            ],
        );
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(
            plan.output.fields,
            Some(vec!["name".to_owned(), "id".to_owned()])
        );
        assert_eq!(plan.output.limit, Some(serde_json::Number::from(5)));
    }

    #[test]
    fn a_number_word_the_network_reads_as_a_limit_or_value_is_its_number() {
        // list_users team "x" , first Five
        let r = record(r#"list_users team "x", first Five"#);
        let mut pointers = vec![None; 6];
        pointers[2] = Some(1);
        let plan = decode(
            &r.tokens,
            &r.catalog,
            &choices(&[1, 0, 4, 0, 0, 8], &pointers),
        )
        .unwrap();
        assert_eq!(plan.output.limit, Some(serde_json::Number::from(5)));
        // get_weather city "A" days three
        let r = record(r#"get_weather city "A" days three"#);
        let c = choices(&[1, 0, 4, 0, 4], &[None, None, Some(1), None, Some(3)]);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["days"], 3);
        // Read as prose, a number word is prose; a word that is no number is never a value.
        let plan = decode(
            &r.tokens,
            &r.catalog,
            &choices(&[1, 0, 4, 0, 0], &[None, None, Some(1), None, None]),
        )
        .unwrap();
        assert!(!plan.calls[0].args.contains_key("days"));
        let r = record(r#"get_weather city "A" days many"#);
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn a_plural_field_reads_as_its_declared_singular() {
        let r = record(r#"list_users team "x", only names and ids, first 5"#);
        let mut pointers = vec![None; 11];
        pointers[2] = Some(1);
        let c = choices(&[1, 0, 4, 0, 0, 7, 0, 7, 0, 0, 8], &pointers);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(
            plan.output.fields,
            Some(vec!["name".to_owned(), "id".to_owned()])
        );
    }

    #[test]
    fn plurals_map_only_to_one_undeclared_fit() {
        let props = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        let p = props(&["email", "status", "reply", "name"]);
        assert_eq!(plural_of("emails", &p), Some("email"));
        assert_eq!(plural_of("statuses", &p), Some("status"));
        assert_eq!(plural_of("replies", &p), Some("reply"));
        assert_eq!(plural_of("email", &p), None);
        assert_eq!(plural_of("phones", &p), None);
        // Declared as written: kept as written.
        assert_eq!(plural_of("names", &props(&["name", "names"])), None);
        // Two fits: left to the checker.
        assert_eq!(plural_of("aliases", &props(&["alias", "aliase"])), None);
    }

    /// Tag logits whose probabilities put 0.9 on each chosen tag, plus `extra` (token, tag, p),
    /// and (nearly) nothing elsewhere.
    fn probs(tags: &[usize], extra: &[(usize, usize, f32)]) -> Vec<f32> {
        let mut probs = vec![1e-9f32; tags.len() * TAGS.len()];
        for (i, &t) in tags.iter().enumerate() {
            probs[i * TAGS.len() + t] = 0.9;
        }
        for &(i, tag, p) in extra {
            probs[i * TAGS.len() + tag] = p;
        }
        probs.iter().map(|p| p.ln()).collect()
    }

    #[test]
    fn one_value_said_twice_for_one_argument_is_one_argument() {
        // `(days 3 I mean)` repeats `days 3`: one argument.
        let r = record(r#"get_weather city "Oslo" days 3 (days 3 I mean)"#);
        let tags = [1, 0, 4, 0, 4, 0, 0, 4, 0, 0, 0];
        let c = choices(&tags, &pointing(11, &[(2, 1), (4, 3), (7, 6)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 1);
        assert_eq!(plan.calls[0].args["days"], 3);
        // Another value is another argument given twice.
        let r = record(r#"get_weather city "Oslo" days 3 (days 4 I mean)"#);
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"days\" is given twice"
        );
        // So is the same value when a tool-like name the catalog lacks may have its own call.
        let r = record(r#"get_weather city "Oslo" days 3 (fooBar days 3 I mean)"#);
        let tags = [1, 0, 4, 0, 4, 0, 0, 0, 4, 0, 0, 0];
        let c = choices(&tags, &pointing(12, &[(2, 1), (4, 3), (8, 7)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn a_number_counting_a_noun_is_prose_when_its_argument_cannot_take_it() {
        // `2` read as a second city: a string argument, and `2` counts `thing`.
        let r = record(r#"do 2 thing: get_weather city "Oslo""#);
        let tags = [0, 4, 0, 0, 1, 0, 4];
        let c = choices(&tags, &pointing(7, &[(1, 5), (6, 5)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args.len(), 1);
        assert_eq!(plan.calls[0].args["city"], "Oslo");
        // Before a joining word it counts nothing, and stays a second value.
        let r = record(r#"do 2 with: get_weather city "Oslo""#);
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn a_field_list_goes_back_to_a_capitalised_property_opening_a_sentence() {
        let r = record(r#"list_users team "red". Name and id only"#);
        let tags = [1, 0, 4, 0, 0, 0, 7, 0];
        let c = choices(&tags, &pointing(8, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(
            plan.output.fields.as_deref(),
            Some(&["name".to_owned(), "id".to_owned()][..])
        );
        // Inside a sentence a capital is another word.
        let r = record(r#"list_users team "red", Name and id only"#);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.fields.as_deref(), Some(&["id".to_owned()][..]));
    }

    #[test]
    fn a_wish_is_no_projection_for_a_plan_that_cannot_take_one() {
        // get_weather returns an object: `want` says what the user will do with it.
        let r = record(r#"get_weather city "Oslo" - I want to check the forecast"#);
        let tags = [1, 0, 4, 0, 0, 0, 0, 0, 0, 7];
        let c = choices(&tags, &pointing(10, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.fields, None);
        // `only` still asks, and the checker refuses the fields.
        let r = record(r#"get_weather city "Oslo" - I want only the forecast"#);
        let c = choices(&[1, 0, 4, 0, 0, 0, 0, 0, 7], &pointing(9, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(
            plan.output.fields.as_deref(),
            Some(&["forecast".to_owned()][..])
        );
    }

    #[test]
    fn a_literal_read_as_a_tool_is_a_value_of_its_call() {
        let r = record(r#"For "Oslo" (the city) run get_weather"#);
        let tags = [0, 1, 0, 0, 0, 0, 0, 1];
        let c = choices(&tags, &pointing(8, &[(1, 4)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 1);
        assert_eq!(plan.calls[0].args["city"], "Oslo");
    }

    #[test]
    fn an_untagged_literal_after_an_argument_name_is_a_value_of_the_call_before() {
        let r = record(r#"get_weather city "Oslo" days 3"#);
        let c = choices(&[1, 0, 4, 0, 0], &pointing(5, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["days"], 3);
        // The name of an argument the call's tool lacks leaves the number in the prose.
        let r = record(r#"get_weather city "Oslo" limit 3"#);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args.len(), 1);
        // Before the name, past an article.
        let r = record(r#"get_weather city "Oslo" and make 3 the days"#);
        let c = choices(&[1, 0, 4, 0, 0, 0, 0, 0], &pointing(8, &[(2, 1)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args["days"], 3);
    }

    #[test]
    fn a_projection_word_in_another_sentence_asks_for_no_field() {
        let r = record(r#"get_weather city "Oslo" to see the forecast. Only one call."#);
        let tags = [1, 0, 4, 0, 0, 0, 7, 0, 0, 0, 0, 0];
        let c = choices(&tags, &pointing(12, &[(2, 1)]));
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap().output.fields,
            None
        );
        let r = record(r#"get_weather city "Oslo" to see the forecast only, one call."#);
        assert!(
            decode(&r.tokens, &r.catalog, &c)
                .unwrap()
                .output
                .fields
                .is_some()
        );
    }

    #[test]
    fn a_hyphenated_end_and_not_just_ask_for_no_single_result() {
        let c = {
            let mut c = choices(
                &[0, 0, 0, 0, 1, 0, 4, 0, 2, 0, 5],
                &pointing(11, &[(6, 5), (10, 9)]),
            );
            c.output = 1;
            c
        };
        let r = record(r#"Month-end: get_weather city "A" and get_weather city "B""#);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.kind, OutputKind::All);
        let r = record(r#"Month end: get_weather city "A" and get_weather city "B""#);
        let mut c = choices(
            &[0, 0, 0, 1, 0, 4, 0, 2, 0, 5],
            &pointing(10, &[(5, 4), (9, 8)]),
        );
        c.output = 1;
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.kind, OutputKind::Last);
        let mut c = choices(
            &[1, 0, 4, 0, 2, 0, 5, 0, 0, 0, 0],
            &pointing(11, &[(2, 1), (6, 5)]),
        );
        c.output = 1;
        let r = record(r#"get_weather city "A" then get_weather city "B", not just one"#);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.kind, OutputKind::All);
        let r = record(r#"get_weather city "A" then get_weather city "B", and just one"#);
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.output.kind, OutputKind::Last);
    }

    #[test]
    fn a_wished_field_far_from_an_asked_list_is_prose() {
        let r = record(r#"I need the name from list_users team "red" - only the name column"#);
        let tags = [0, 0, 0, 7, 0, 1, 0, 4, 0, 0, 0, 7, 0];
        let c = choices(&tags, &pointing(13, &[(7, 6)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(
            plan.output.fields.as_deref(),
            Some(&["name".to_owned()][..])
        );
    }

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
    fn a_toolless_call_joins_the_call_before_it_when_fields_ask_for_one_call() {
        // list_users team "red", limit 5 -> name only: `limit 5` read as a second call, which
        // cannot take the fields; as call 1's argument the plan is one call with them.
        let r = record(r#"list_users team "red", limit 5 -> name only"#);
        let tags = [1, 0, 4, 0, 0, 5, 0, 0, 7, 0];
        let mut c = choices(&tags, &pointing(10, &[(2, 1), (5, 4)]));
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 1);
        assert_eq!(plan.calls[0].args["limit"], 5);
        assert_eq!(
            plan.output.fields.as_deref(),
            Some(&["name".to_owned()][..])
        );
        // A second call with its own tool mention keeps the checker's diagnostic.
        let r = record(r#"list_users team "red", list_users limit 5 -> name only"#);
        let tags = [1, 0, 4, 0, 2, 0, 5, 0, 0, 7, 0];
        let mut c = choices(&tags, &pointing(11, &[(2, 1), (6, 5)]));
        c.tag_logits = probs(&tags, &[]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn a_quotation_pulled_to_a_taken_argument_is_prose() {
        // "good one" points at city, which "Oslo" has beside it: a quotation.
        let r = record(r#"she wants a "good one" so get_weather city "Oslo""#);
        let tags = [0, 0, 0, 4, 0, 1, 0, 4];
        let c = choices(&tags, &pointing(8, &[(3, 6), (7, 6)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args.len(), 1);
        assert_eq!(plan.calls[0].args["city"], "Oslo");
        // After an argument's name it was meant as a value, and stays a diagnostic.
        let r = record(r#"the city is "Bergen" so get_weather city "Oslo""#);
        let tags = [0, 0, 0, 4, 0, 1, 0, 4];
        let c = choices(&tags, &pointing(8, &[(3, 6), (7, 6)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn a_sentence_opening_with_if_on_a_call_is_a_condition() {
        let r = record(r#"If get_weather city "Oslo" says rain, send to "a@b.c""#);
        let tags = [0, 1, 0, 4, 0, 0, 0, 2, 0, 5];
        let c = choices(&tags, &pointing(10, &[(3, 2), (9, 8)]));
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "instruction: a condition (if, unless, when) is not supported"
        );
        // A polite `if` names no tool before its clause ends.
        let r = record(r#"If you can, get_weather city "Oslo" and send to "a@b.c""#);
        let tags = [0, 0, 0, 0, 1, 0, 4, 0, 2, 0, 5];
        let c = choices(&tags, &pointing(11, &[(6, 5), (10, 9)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_ok());
    }

    #[test]
    fn an_argument_given_as_something_that_is_no_value_is_a_dependency() {
        let r = record(
            r#"get_weather city "Oslo", then send to "a@b.c" and the forecast as the subject"#,
        );
        let tags = [1, 0, 4, 0, 0, 2, 0, 5, 0, 0, 0, 0, 0, 0];
        let c = choices(&tags, &pointing(14, &[(2, 1), (7, 6)]));
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "instruction: passing one call's result into another is not supported"
        );
        // A literal in the clause is the value the name labels.
        let r = record(
            r#"get_weather city "Oslo", then send to "a@b.c" and "Hi" goes in as the subject"#,
        );
        let tags = [1, 0, 4, 0, 0, 2, 0, 5, 0, 5, 0, 0, 0, 0, 0];
        let c = choices(&tags, &pointing(15, &[(2, 1), (7, 6), (9, 14)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[1].args["subject"], "Hi");
    }

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
    fn a_number_written_as_a_measure_or_after_a_name_is_prose_when_nothing_takes_it() {
        // send takes no number: `-18°C` and `Rule 5` are prose.
        for (text, tags, n) in [
            (
                r#"(it is -18°C) send to "a@b.c""#,
                vec![0, 0, 0, 4, 0, 0, 0, 1, 0, 4],
                10,
            ),
            (
                r#"Per Local Rule 5 send to "a@b.c""#,
                vec![0, 0, 0, 4, 1, 0, 4],
                7,
            ),
        ] {
            let r = record(text);
            let c = choices(&tags, &pointing(n, &[(n - 1, n - 2)]));
            let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
            assert_eq!(plan.calls[0].args.len(), 1, "{text}");
        }
        // A bare number with neither stays the diagnostic.
        let r = record(r#"Per rule 5 send to "a@b.c""#);
        let c = choices(&[0, 0, 4, 1, 0, 4], &pointing(6, &[(5, 4)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn an_if_that_asks_a_question_sets_no_condition() {
        let condition = STATUSES.iter().position(|&s| s == "condition").unwrap();
        let r = record(r#"get_weather city "Oslo", I need to know if it rains"#);
        let tags = [1, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0];
        let mut c = choices(&tags, &pointing(11, &[(2, 1)]));
        c.status = condition;
        assert_eq!(decode(&r.tokens, &r.catalog, &c).unwrap().calls.len(), 1);
        // An `if` that no verb of knowing asks is a condition.
        let r = record(r#"get_weather city "Oslo", I need it only if it rains"#);
        let c2 = {
            let mut c2 = choices(&[1, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0], &pointing(11, &[(2, 1)]));
            c2.status = condition;
            c2
        };
        assert!(decode(&r.tokens, &r.catalog, &c2).is_err());
        // So is one whose clause names a tool, or that `then` follows.
        let r = record(r#"see if get_weather city "Oslo" works, then send to "a""#);
        let tags = [0, 0, 1, 0, 4, 0, 0, 0, 2, 0, 5];
        let mut c = choices(&tags, &pointing(11, &[(4, 3), (10, 9)]));
        c.status = condition;
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn a_retry_tool_is_called_when_again_only_tells_what_happened() {
        let retry = STATUSES.iter().position(|&s| s == "retry").unwrap();
        let tools = serde_json::json!([
            {"name": "retry_job", "arguments": {"job": "string"}, "required": ["job"], "returns": {"kind": "object", "properties": []}}
        ]);
        let read = |text: &str| {
            let r = crate::test_record(text, tools.clone());
            let n = r.tokens.len();
            let mut tags = vec![0; n];
            let at = |w: &str| r.tokens.iter().position(|t| t.text == w).unwrap();
            let (tool, value) = (at("retry_job"), at("\"j-1\""));
            tags[tool] = 1;
            tags[value] = 4;
            let mut c = choices(&tags, &pointing(n, &[(value, value - 1)]));
            c.status = retry;
            decode(&r.tokens, &r.catalog, &c)
        };
        assert!(read(r#"The backup died again last night. Use retry_job on job "j-1"."#).is_ok());
        // Asked of the call, or in a sentence that tells nothing of the past, it is a retry.
        assert!(read(r#"Use retry_job on job "j-1" again."#).is_err());
        assert!(read(r#"Run it again. Use retry_job on job "j-1"."#).is_err());
    }

    #[test]
    fn a_toolless_call_missing_a_required_argument_joins_the_call_before_it() {
        // get_weather city "Oslo" and days 3: days read as a second call to get_weather, which
        // lacks its required city; as call 1's argument the plan is one valid call.
        let r = record(r#"get_weather city "Oslo" and days 3"#);
        let tags = [1, 0, 4, 0, 0, 5];
        let pointers = [None, None, Some(1), None, None, Some(4)];
        let mut c = choices(&tags, &pointers);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.mode, Mode::Single);
        assert_eq!(plan.output.kind, OutputKind::Last);
        assert_eq!(plan.calls.len(), 1);
        assert_eq!(plan.calls[0].args["city"], "Oslo");
        assert_eq!(plan.calls[0].args["days"], 3);
        // A call with its own tool mention is a call: it keeps its diagnostic.
        let r = record(r#"get_weather city "Oslo" and get_weather days 3"#);
        let tags = [1, 0, 4, 0, 2, 0, 5];
        let pointers = [None, None, Some(1), None, None, None, Some(5)];
        let mut c = choices(&tags, &pointers);
        c.tag_logits = probs(&tags, &[]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
        // Joined, an argument the call before already has would be given twice: not joined. The
        // city said once is then the second call's too (see `shared_reading`).
        let r = record(r#"get_weather city "Oslo" days 2 and days 3"#);
        let tags = [1, 0, 4, 0, 4, 0, 0, 5];
        let pointers = [None, None, Some(1), None, Some(3), None, None, Some(6)];
        let mut c = choices(&tags, &pointers);
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.calls[1].args["city"], "Oslo");
        assert_eq!(plan.calls[1].args["days"], 3);
        // Three calls: the toolless middle one joins the first, the third becomes the second.
        let r = record(r#"get_weather city "Oslo" and days 3 then list_users team "x""#);
        let tags = [1, 0, 4, 0, 0, 5, 0, 3, 0, 6];
        let pointers = [
            None,
            None,
            Some(1),
            None,
            None,
            Some(4),
            None,
            None,
            None,
            Some(8),
        ];
        let mut c = choices(&tags, &pointers);
        c.mode = 0;
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.mode, Mode::Serial);
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.calls[0].args.len(), 2);
        assert_eq!(plan.calls[1].tool, "list_users");
        // The call before is the one that lacks the argument: `list_users team "x" then
        // get_weather days 3 and city "Oslo"`, city read as a third, toolless call.
        let r = record(r#"list_users team "x" then get_weather days 3 and city "Oslo""#);
        let tags = [1, 0, 4, 0, 2, 0, 5, 0, 0, 6];
        let c = choices(&tags, &pointing(tags.len(), &[(2, 1), (6, 5), (9, 8)]));
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
        let mut c = c;
        c.mode = 0;
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.calls[1].tool, "get_weather");
        assert_eq!(plan.calls[1].args["city"], "Oslo");
        assert_eq!(plan.calls[1].args["days"], 3);
    }

    #[test]
    fn several_calls_answer_the_last_only_when_a_word_asks_for_it() {
        let tags = [1, 0, 4, 0, 2, 0, 4 + 1, 0, 0, 0];
        let pointers = pointing(tags.len(), &[(2, 1), (6, 5)]);
        for (instruction, kind) in [
            (
                r#"list_users team "a" then list_users team "b" , both please"#,
                OutputKind::All,
            ),
            (
                r#"list_users team "a" then list_users team "b" , only the last"#,
                OutputKind::Last,
            ),
            (
                r#"list_users team "a" then list_users team "b" , the fnial one"#,
                OutputKind::Last,
            ),
        ] {
            let r = record(instruction);
            let mut c = choices(&tags, &pointers);
            c.mode = 0;
            c.output = 1;
            let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
            assert_eq!(plan.output.kind, kind, "{instruction}");
        }
    }

    #[test]
    fn an_argument_said_once_for_one_tool_named_once_goes_to_every_call() {
        // get_weather days 3 city "A" , city "B": city is required, days is not.
        let r = record(r#"get_weather city "A" days 3 , days 4"#);
        let tags = [1, 0, 4, 0, 4, 0, 0, 5];
        let mut c = choices(&tags, &pointing(tags.len(), &[(2, 1), (4, 3), (7, 6)]));
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.calls[1].args["city"], "A");
        assert_eq!(plan.calls[1].args["days"], 4);
        // A second mention of the tool is a call of its own: it keeps its diagnostic.
        let r = record(r#"get_weather city "A" days 3 , get_weather days 4"#);
        let tags = [1, 0, 4, 0, 4, 0, 2, 0, 5];
        let mut c = choices(&tags, &pointing(tags.len(), &[(2, 1), (4, 3), (8, 7)]));
        c.tag_logits = probs(&tags, &[]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn one_call_said_to_be_made_twice_is_two() {
        let r = record(r#"list_users team "x" twice , one after the other"#);
        let tags = [1, 0, 4, 0, 0, 0, 0, 0, 0];
        let mut c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        c.mode = 0;
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.mode, Mode::Serial);
        assert_eq!(plan.calls.len(), 2);
        assert_eq!(plan.calls[0], plan.calls[1]);
        assert_eq!(plan.output.kind, OutputKind::All);
        // `twice` away from the call is prose.
        let r = record(r#"they asked twice : list_users team "x""#);
        let tags = [0, 0, 0, 0, 1, 0, 4];
        let c = choices(&tags, &pointing(tags.len(), &[(6, 5)]));
        assert_eq!(decode(&r.tokens, &r.catalog, &c).unwrap().calls.len(), 1);
    }

    #[test]
    fn a_plain_word_tool_said_twice_for_one_call_is_one_call() {
        let catalog = serde_json::json!([
            {"name": "translate", "arguments": {"text": "string", "target": "string"}, "required": ["text"], "returns": {"kind": "text"}},
            {"name": "get_text", "arguments": {"text": "string"}, "required": ["text"], "returns": {"kind": "text"}}
        ]);
        // translate text "hola" using translate: the second mention read as a second call.
        let r = crate::test_record(r#"translate text "hola" using translate"#, catalog.clone());
        let tags = [1, 0, 4, 0, 2];
        let mut c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.mode, Mode::Single);
        assert_eq!(plan.output.kind, OutputKind::Last);
        assert_eq!(plan.calls.len(), 1);
        assert_eq!(plan.calls[0].args["text"], "hola");
        // The valueless mention may come first (`translate using translate text "hola"`).
        let r = crate::test_record(r#"translate using translate text "hola""#, catalog.clone());
        let tags = [1, 0, 2, 0, 5];
        let mut c = choices(&tags, &pointing(tags.len(), &[(4, 3)]));
        c.tag_logits = probs(&tags, &[]);
        let plan = decode_checked(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls.len(), 1);
        // A name written as code is no plain word: two calls were asked for, one lacks `text`.
        let r = crate::test_record(r#"get_text text "hola" using get_text"#, catalog);
        let tags = [1, 0, 4, 0, 2];
        let mut c = choices(&tags, &pointing(tags.len(), &[(2, 1)]));
        c.tag_logits = probs(&tags, &[]);
        assert!(decode_checked(&r.tokens, &r.catalog, &c).is_err());
    }

    #[test]
    fn a_numbered_lists_marker_read_as_a_value_is_prose() {
        // 1. Tool: send 2. to: "a" 3. subject: "b" — the network reads the marker 2 as a value.
        let r = record(r#"1. Tool: send 2. to: "a" 3. subject: "b""#);
        let mut tags = vec![0; r.tokens.len()];
        (tags[4], tags[5], tags[9], tags[14]) = (1, 4, 4, 4);
        let c = choices(&tags, &pointing(tags.len(), &[(9, 7), (14, 12)]));
        let plan = decode(&r.tokens, &r.catalog, &c).unwrap();
        assert_eq!(plan.calls[0].args.len(), 2);
        // A lone `2.` numbers no list: the value stays unplaced, a diagnostic.
        let r = record(r#"Tool: send 2. to: "a""#);
        let mut tags = vec![0; r.tokens.len()];
        (tags[2], tags[3], tags[7]) = (1, 4, 4);
        let c = choices(&tags, &pointing(tags.len(), &[(7, 5)]));
        assert!(decode(&r.tokens, &r.catalog, &c).is_err());
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
    fn tags_that_name_nothing_of_their_kind_are_diagnosed() {
        let read = |text: &str, tags: &[usize]| {
            let r = record(text);
            let c = choices(tags, &vec![None; tags.len()]);
            decode(&r.tokens, &r.catalog, &c).map_err(|d| d.to_string())
        };
        // Two tools read for one call.
        assert_eq!(
            read(r#"get_weather city "A" list_users"#, &[1, 0, 4, 1]),
            Err("call 1: both get_weather and list_users read as its tool".to_owned())
        );
        // Punctuation read as a tool, a word as a value, a field or a row limit.
        assert_eq!(
            read(r#"get_weather , city "A""#, &[1, 1, 0, 4]),
            Err("instruction: , does not name a tool".to_owned())
        );
        assert_eq!(
            read(r#"get_weather city "A""#, &[1, 4, 4]),
            Err("instruction: city is not a value".to_owned())
        );
        assert_eq!(
            read(r#"list_users team "A" , 5"#, &[1, 0, 4, 7, 0]),
            Err("instruction: , is not a field name".to_owned())
        );
        assert_eq!(
            read(r#"list_users team "A" first rows"#, &[1, 0, 4, 0, 8]),
            Err("instruction: rows is not a row limit".to_owned())
        );
        // No tool or value at all, and values for a call with no tool before it.
        assert_eq!(
            read(r#"hello there"#, &[0, 0]),
            Err("instruction: no tool call found".to_owned())
        );
        assert_eq!(
            read(r#"city "A" then get_weather"#, &[0, 4, 0, 2]),
            Err("call 1: no tool named".to_owned())
        );
    }

    #[test]
    fn sentences_and_clauses_end_at_their_stops() {
        let r = record(r#"get_weather city "Oslo". Only one call, then send"#);
        // get_weather city "Oslo" . Only one call , then send
        assert!(ends_sentence(&r.tokens[3]));
        assert!(!ends_sentence(&r.tokens[7]));
        assert_eq!(sentence_of(&r.tokens, 1), 0..3);
        assert_eq!(sentence_of(&r.tokens, 5), 4..r.tokens.len());
        // The clause after `Only` ends at the comma; the one after the comma at `then`.
        assert_eq!(clause_end(&r.tokens, 4), 7);
        assert_eq!(clause_end(&r.tokens, 7), 8);
        assert_eq!(clause_end(&r.tokens, 8), r.tokens.len());
    }

    #[test]
    fn the_word_before_a_number_is_read_past_one_filler() {
        // list_users the very last 5 rows
        let r = record("list_users the very last 5 rows");
        assert_eq!(before_past(&r.tokens, 4, "very"), Some(3));
        assert_eq!(before_past(&r.tokens, 3, "very"), Some(1));
        assert_eq!(before_past(&r.tokens, 2, "the"), Some(0));
        assert_eq!(before_past(&r.tokens, 0, "the"), None);
    }

    #[test]
    fn identifier_shaped_words_are_names_not_english() {
        for name in ["RenderCluster", "get_user", "toString", "_x"] {
            assert!(identifier_shaped(name), "{name}");
        }
        for word in ["Oslo", "hello", "URL", "e-mail"] {
            assert!(!identifier_shaped(word), "{word}");
        }
    }

    #[test]
    fn role_tags_name_call_slots() {
        assert_eq!(call_of(1), Some(0));
        assert_eq!(call_of(6), Some(2));
        assert_eq!(call_of(0), None);
        assert_eq!(call_of(7), None);
        assert_eq!(tag_at(&[1, 4], 1), 4);
        assert_eq!(tag_at(&[1, 4], 2), 0);
    }

    #[test]
    fn a_value_labelled_as_a_name_after_it_is_that_names() {
        let r = record(r#"get_weather city "Cairo", "ar" as the lang"#);
        // get_weather city "Cairo" , "ar" as the lang
        assert_eq!(label_of(&r.tokens, 4), Some("lang"));
        assert_eq!(label_of(&r.tokens, 2), None);
        let c = choices(&[1, 0, 4, 0, 4, 0, 0, 0], &pointing(8, &[(2, 1)]));
        assert_eq!(
            decode(&r.tokens, &r.catalog, &c).unwrap_err().to_string(),
            "call 1: argument \"lang\" is not in the schema of get_weather"
        );
        // `lang: "ar"` and `lang = "ar"` label it too.
        let r = record(r#"get_weather lang = "ar""#);
        assert_eq!(label_of(&r.tokens, 3), Some("lang"));
    }

    #[test]
    fn an_argument_name_labels_the_token_after_it_past_punctuation() {
        let r = record(r#"list_users **limit:** 8080 and the 3 users"#);
        let at = |text: &str| r.tokens.iter().position(|t| t.text == text).unwrap();
        assert!(labelled(&r.tokens, at("8080"), &r.catalog));
        assert!(!labelled(&r.tokens, at("3"), &r.catalog));
        assert!(names_argument(&r.catalog, "city"));
        assert!(names_argument(&r.catalog, "limit"));
        // `name` is a property of list_users, no argument of any tool.
        assert!(!names_argument(&r.catalog, "name"));
    }

    #[test]
    fn words_around_a_number_ask_for_rows() {
        let r = record("list_users first 5 , 7 results , the top 3 , we got 4 complaints");
        let at = |text: &str| r.tokens.iter().position(|t| t.text == text).unwrap();
        assert!(asks_for_rows(&r.tokens, at("5")));
        assert!(asks_for_rows(&r.tokens, at("7")));
        assert!(asks_for_rows(&r.tokens, at("3")));
        assert!(!asks_for_rows(&r.tokens, at("4")));
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

    #[test]
    fn every_unsupported_status_has_words_of_its_own() {
        for status in STATUSES.iter().filter(|&&s| s != "supported") {
            assert_ne!(describe_status(status), "this request", "{status}");
        }
        assert_eq!(describe_status("supported"), "this request");
        assert_eq!(describe_status("sort"), "sorting results");
    }

    #[test]
    fn softmax_gives_probabilities_in_the_logits_order() {
        let p = softmax(&[2.0, 0.0, 1.0]);
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        assert!(p[0] > p[2] && p[2] > p[1]);
        assert!((p[0] / p[1] - 2f32.exp()).abs() < 1e-3);
    }
}
