//! Context sentences (train and dev splits only, behind [`crate::Options::context`]): a sentence
//! of ordinary English that names nothing and asks for nothing, put before or after the
//! instruction of a positive and of a negative alike.
//!
//! People wrap requests in context the generator's own prose never uses (`Please note the
//! Client's general counsel is copied`, `he is saying his earned leaves are showing wrong`).
//! A network trained only on the generator's words reads unknown words beside its structure cues
//! as cues too (`counsel` shares its first letters with `count`). Each context sentence is a
//! train-only frame of plain function words whose content words are drawn from about 37,000
//! English words (the list the planner's typo correction reads, `crates/model/data/english.txt`),
//! leaving out every word that could ask for a structure, a schedule, an output or rows (a list of
//! stems below) and every name of the record's catalog. Since negatives get them as often as
//! positives, such a sentence tells the network nothing about the answer; the record's label and
//! its labeled tokens stay as they were (their byte spans shift when the sentence comes first).

use std::sync::OnceLock;

use serde_json::Value;

use crate::text::capitalise;
use crate::{Example, Gen};

/// The English word list, one lowercase word of 4 letters or more per line.
static ENGLISH: &str = include_str!("../../model/data/english.txt");

/// Stems of words that ask for something a plan or a diagnostic is about: conditions, loops,
/// retries, order, aggregation, filters, schedules, outputs, rows and numbers, call verbs. A word
/// that begins with one of them is never drawn.
const BLOCKED_STEMS: &[&str] = &[
    "abov", "accord", "after", "again", "aggreg", "along", "also", "amount", "anyth", "arrang",
    "ascend", "assum", "averag", "back", "based", "befor", "below", "best", "betw", "bigg", "both",
    "bottom", "call", "case", "chain", "chrono", "column", "combin", "concur", "condit", "count",
    "couple", "daily", "dedup", "depend", "descend", "distinct", "double", "dozen", "during",
    "each", "earli", "eight", "eleven", "else", "equal", "every", "except", "exclud", "exceed",
    "fail", "feed", "fetch", "fewer", "field", "fift", "filter", "final", "first", "five",
    "follow", "fort", "four", "given", "great", "group", "half", "high", "hundred", "includ",
    "insert", "instead", "invok", "iterat", "just", "larg", "last", "late", "least", "less",
    "limit", "list", "loop", "lowe", "lowest", "many", "match", "maxim", "mean", "merg", "middl",
    "minim", "minus", "mode", "month", "more", "most", "much", "multipl", "never", "newe", "next",
    "nine", "none", "noth", "number", "often", "once", "only", "oldest", "order", "other",
    "otherw", "output", "over", "pair", "parall", "pass", "percent", "pipe", "plus", "previous",
    "prior", "provid", "rank", "recent", "repeat", "rerun", "resend", "result", "retr", "return",
    "revers", "round", "row", "same", "second", "select", "send", "separat", "sequen", "serial",
    "seven", "several", "simultan", "single", "six", "small", "some", "sort", "split", "step",
    "subsequ", "subtract", "summ", "sum", "tally", "ten", "than", "then", "third", "thirt",
    "thousand", "three", "times", "tool", "top", "total", "trail", "trip", "true", "fals", "null",
    "infinit", "twel", "twent", "twice", "two", "under", "uniq", "unles", "until", "upon", "using",
    "week", "when", "where", "wheth", "which", "while", "within", "without", "year", "zero",
];

/// Frames of context sentences; each `{}` takes one drawn word, `{C}` one drawn word with a
/// capital. The frames' own words ask for nothing either.
const FRAMES: &[&str] = &[
    "The {} {} is {} this morning.",
    "{C} says the {} was {}.",
    "Note: the {} and the {} are {}.",
    "We had a {} {} with the {} yesterday.",
    "({} {}, {})",
    "Context: {} {} for the {}.",
    "FYI the {} team is {} about the {}.",
    "My {} is {} and a bit {}.",
    "This is for the {} {}.",
    "The {} looks {}, {} {}.",
    "Quick background: the {} {} went {}.",
    "Sorry, {} {} today.",
    "{C} {} {}!",
    "P.S. the {} {} is {}.",
    "As discussed with {C}, the {} is {}.",
    "Thanks, {C}.",
    "Hi {C},",
    "Please note the {} {} is copied on this.",
    "He is saying his {} {} are showing wrong.",
    "The customer is {} and very {}.",
    "I think the {} {} was {} by the {}.",
    "Re: {} {}",
    "It is for {C} in {C}.",
    "Our {} {} is {} again.",
    "Honestly the {} is {}.",
    "Keep it {}, the {} is watching.",
    "{C} from {} asked about the {}.",
    "The {} {} of the {} is {}.",
    "No rush, the {} is {}.",
    "— {C}",
];

/// The drawable words, once.
fn words() -> &'static [&'static str] {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| {
        ENGLISH
            .lines()
            .map(str::trim)
            .filter(|w| !w.is_empty() && !BLOCKED_STEMS.iter().any(|s| w.starts_with(s)))
            .collect()
    })
}

/// Every tool, argument and property name of a catalog, lowercased.
pub(crate) fn catalog_names(tools: &Value) -> Vec<String> {
    let mut names = Vec::new();
    for tool in tools.as_array().into_iter().flatten() {
        if let Some(name) = tool.get("name").and_then(Value::as_str) {
            names.push(name.to_lowercase());
        }
        if let Some(arguments) = tool.get("arguments").and_then(Value::as_object) {
            names.extend(arguments.keys().map(|k| k.to_lowercase()));
        }
        let properties = tool
            .pointer("/returns/properties")
            .and_then(Value::as_array);
        names.extend(
            properties
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(str::to_lowercase),
        );
    }
    names
}

/// A word for a frame: not a name of the catalog, capitalised when asked.
fn word(g: &mut Gen, names: &[String], capital: bool) -> String {
    let pool = words();
    let mut w = pool[g.below(pool.len())];
    for _ in 0..8 {
        if !names.iter().any(|n| n == w) {
            break;
        }
        w = pool[g.below(pool.len())];
    }
    if capital { capitalise(w) } else { w.to_owned() }
}

/// Whether a frame's own words avoid every name of the catalog.
fn frame_fits(frame: &str, names: &[String]) -> bool {
    frame
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| !w.is_empty() && *w != "C")
        .all(|w| !names.contains(&w.to_lowercase()))
}

/// One context sentence for a record with this catalog, or `None` when the frames drawn use one
/// of its names.
pub(crate) fn sentence(g: &mut Gen, tools: &Value) -> Option<String> {
    let names = catalog_names(tools);
    let frame = (0..8)
        .map(|_| g.pw(FRAMES))
        .find(|f| frame_fits(f, &names))?;
    let mut out = String::new();
    let mut rest = frame;
    while let Some(at) = rest.find('{') {
        out.push_str(&rest[..at]);
        let capital = rest[at..].starts_with("{C}");
        out.push_str(&word(g, &names, capital));
        rest = &rest[at + if capital { 3 } else { 2 }..];
    }
    out.push_str(rest);
    Some(out)
}

/// `example` with a context sentence before (half the time) or after its instruction, joined by a
/// space or a line break; the labeled spans move with the instruction.
pub(crate) fn add(g: &mut Gen, example: &Example) -> Option<Example> {
    let sentence = sentence(g, &example.tools)?;
    let joiner = if g.chance(0.2) { "\n" } else { " " };
    let mut out = example.clone();
    if g.chance(0.5) {
        out.instruction = format!("{sentence}{joiner}{}", example.instruction);
        let shift = sentence.len() + joiner.len();
        for span in &mut out.meta.spans {
            span.start += shift;
            span.end += shift;
        }
    } else {
        out.instruction = format!("{}{joiner}{sentence}", example.instruction);
    }
    Some(out)
}
