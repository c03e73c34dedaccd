//! What the network sees of a record: per token, a word id, a kind id and binary features that say
//! what the frontend knows (literal kinds, exact matches against the catalog's tool, argument and
//! property names).
//!
//! Names in catalogs are open vocabulary: the network must not learn them as words. A word that is
//! in the prose vocabulary (cue words like `then`, `limit`, `all`) keeps its word id even when it
//! also names a tool or argument; any other catalog name gets the id [`NAME`], and an unknown prose
//! word gets [`UNK`]. Which catalog entry a token names is never an input: decoding reads it back
//! from the token's text.

use std::collections::HashMap;

use codemode_plan::{Catalog, ReturnKind, Token, TokenKind};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Word id of padding.
pub const PAD: u32 = 0;
/// Word id of a prose word outside the vocabulary.
pub const UNK: u32 = 1;
/// Word id of a catalog name outside the vocabulary.
pub const NAME: u32 = 2;
/// Word id of a string literal.
pub const STR: u32 = 3;
/// Word id of a number literal.
pub const NUM: u32 = 4;
/// Word id of `true` / `false`.
pub const BOOL: u32 = 5;
/// The first id of a vocabulary word.
pub const FIRST_WORD: u32 = 6;

/// The number of token kinds (padding included).
pub const KINDS: usize = 6;

/// The number of binary features per token.
pub const FEATURES: usize = 42;
/// Feature index: the token is exactly a tool name.
pub const F_TOOL: usize = 0;
/// Feature index: the token is exactly an argument name of some tool.
pub const F_ARG: usize = 2;
/// Feature index: the token is exactly a declared property of some tool.
pub const F_PROP: usize = 9;

/// Whether `text` is a tool name, an argument name or a declared property in `catalog`.
pub fn is_catalog_name(catalog: &Catalog, text: &str) -> bool {
    catalog.tools.iter().any(|tool| {
        tool.name == text
            || tool.argument(text).is_some()
            || tool.returns.properties.iter().any(|p| p == text)
    })
}

/// The prose vocabulary: lowercase words to ids.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Vocab {
    /// Words in id order, starting at [`FIRST_WORD`].
    pub words: Vec<String>,
    /// When present: the vocabulary words that training also saw used as catalog names. A catalog
    /// name keeps its word id only if it is one of these; any other catalog name (`handle` as a
    /// property, when training only saw `handle` in prose) gets [`NAME`], because the network never
    /// learned what that word means as a name. Absent (older models): every vocabulary word keeps
    /// its id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub names: Option<Vec<String>>,
    /// When present: prose words also carry hashed character n-grams ([`Subwords`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subwords: Option<Subwords>,
    /// When present: the words that have a pretrained vector ([`VectorWords`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vectors: Option<VectorWords>,
    #[serde(skip)]
    index: HashMap<String, u32>,
    #[serde(skip)]
    name_index: Option<std::collections::HashSet<String>>,
}

/// The words of a table of pretrained word vectors (outside knowledge of English, read beside the
/// learned word embedding): a prose word the vocabulary lacks may still have one. The vectors
/// themselves live with the weights ([`crate::network::Pretrained`]); a word's row is its place
/// here plus one, row 0 being "no vector".
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct VectorWords {
    /// Lowercase words in row order.
    pub words: Vec<String>,
    #[serde(skip)]
    index: HashMap<String, u32>,
}

impl VectorWords {
    /// The table's words, in row order.
    pub fn new(words: Vec<String>) -> VectorWords {
        let index = words
            .iter()
            .enumerate()
            .map(|(i, w)| (w.clone(), i as u32 + 1))
            .collect();
        VectorWords { words, index }
    }

    /// The row of a lowercase word's vector, or 0.
    pub fn row(&self, lower: &str) -> u32 {
        self.index.get(lower).copied().unwrap_or(0)
    }
}

/// Hashed character n-grams of prose words (fastText-style), so that a word the vocabulary lacks
/// still says something through its pieces (`parallelize` shares `paral`, `allel` with `parallel`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subwords {
    /// Hash buckets; bucket 0 means "no n-gram" (padding of a token's slots).
    pub buckets: u32,
    /// The shortest n-gram, in characters (the word is wrapped in `<` and `>` first).
    pub min_n: usize,
    /// The longest n-gram.
    pub max_n: usize,
    /// Slots per token: a word with more n-grams keeps this many, spread over its length.
    pub slots: usize,
}

impl Default for Subwords {
    fn default() -> Subwords {
        Subwords {
            buckets: 4096,
            min_n: 3,
            max_n: 5,
            slots: 16,
        }
    }
}

impl Subwords {
    /// Writes the bucket ids of `word`'s n-grams into `out` (`slots` long, zero-filled after the
    /// last n-gram).
    pub fn fill(&self, word: &str, out: &mut [u32]) {
        let chars: Vec<char> = std::iter::once('<')
            .chain(word.chars().flat_map(char::to_lowercase))
            .chain(std::iter::once('>'))
            .collect();
        let mut grams: Vec<u32> = Vec::new();
        for n in self.min_n..=self.max_n {
            for window in chars.windows(n) {
                // FNV-1a over the n-gram's UTF-8 bytes.
                let mut h: u32 = 0x811c_9dc5;
                let mut buf = [0u8; 4];
                for c in window {
                    for b in c.encode_utf8(&mut buf).bytes() {
                        h ^= u32::from(b);
                        h = h.wrapping_mul(0x0100_0193);
                    }
                }
                grams.push(1 + h % (self.buckets - 1));
            }
        }
        out.fill(0);
        if grams.len() <= out.len() {
            out[..grams.len()].copy_from_slice(&grams);
        } else {
            let step = grams.len() as f64 / out.len() as f64;
            for (k, slot) in out.iter_mut().enumerate() {
                *slot = grams[(k as f64 * step) as usize];
            }
        }
    }
}

impl Vocab {
    /// Whether `other` encodes every record exactly as this vocabulary does (the same words, names,
    /// n-gram settings and vector words).
    pub fn encodes_like(&self, other: &Vocab) -> bool {
        self.words == other.words
            && self.names == other.names
            && self.subwords == other.subwords
            && self.vectors.as_ref().map(|v| &v.words) == other.vectors.as_ref().map(|v| &v.words)
    }

    /// A vocabulary of these words, in order.
    pub fn new(words: Vec<String>) -> Vocab {
        let index = words
            .iter()
            .enumerate()
            .map(|(i, w)| (w.clone(), FIRST_WORD + i as u32))
            .collect();
        Vocab {
            words,
            names: None,
            subwords: None,
            vectors: None,
            index,
            name_index: None,
        }
    }

    /// Rebuilds the lookup tables after deserializing.
    pub fn reindex(&mut self) {
        let mut fresh = Vocab::new(std::mem::take(&mut self.words));
        fresh.subwords = self.subwords;
        fresh.vectors = self.vectors.take().map(|v| VectorWords::new(v.words));
        fresh.set_names(self.names.take());
        *self = fresh;
    }

    /// Sets the words training saw used as catalog names (see [`Vocab::names`]).
    pub fn set_names(&mut self, names: Option<Vec<String>>) {
        self.name_index = names.as_ref().map(|n| n.iter().cloned().collect());
        self.names = names;
    }

    /// The id a catalog name gets: its word id if the network learned the word as a name (or the
    /// vocabulary predates that distinction), else [`NAME`].
    fn name_id(&self, lower: &str) -> u32 {
        match (self.get(lower), &self.name_index) {
            (Some(id), None) => id,
            (Some(id), Some(names)) if names.contains(lower) => id,
            _ => NAME,
        }
    }

    /// The id of a lowercase word, if it is in the vocabulary.
    pub fn get(&self, word: &str) -> Option<u32> {
        self.index.get(word).copied()
    }

    /// The vocabulary word a misspelt prose word most likely stands for: for a word of at least
    /// [`TYPO_MIN_LEN`] ASCII letters that is neither in the vocabulary nor an English word (see
    /// [`is_english`]), the most frequent vocabulary word one edit away (a letter dropped, added
    /// or replaced, or two neighbours swapped), if any.
    pub fn corrected(&self, lower: &str) -> Option<&str> {
        if lower.len() < TYPO_MIN_LEN
            || !lower.bytes().all(|b| b.is_ascii_lowercase())
            || self.index.contains_key(lower)
            || is_english(lower)
        {
            return None;
        }
        // Words are in frequency order (see [`Vocab::build`]): the first fit is the most frequent.
        self.words
            .iter()
            .find(|w| w.bytes().all(|b| b.is_ascii_lowercase()) && one_edit(lower, w))
            .map(String::as_str)
    }

    /// The vocabulary word an unknown prose word derives from or shares its base with, by the
    /// suffixes English makes verbs with (`parallelize`, `parallelised` → `parallel`): for a word
    /// of ASCII letters outside the vocabulary that has such a suffix, its base (see [`base`]) of
    /// at least [`TYPO_MIN_LEN`] letters if that is a vocabulary word, else the most frequent
    /// vocabulary word with the same base, if any. Unlike [`Vocab::corrected`] it also reads
    /// English words, since it never changes a word's base.
    /// `-ly` is not stripped: `nightly` read as `night` reads as a loop (`every night`).
    pub fn derived(&self, lower: &str) -> Option<&str> {
        if !lower.bytes().all(|b| b.is_ascii_lowercase()) || self.index.contains_key(lower) {
            return None;
        }
        let stem = base(lower);
        if stem.len() < TYPO_MIN_LEN || stem.len() == lower.len() {
            return None;
        }
        if let Some((word, _)) = self.index.get_key_value(stem) {
            return Some(word.as_str());
        }
        self.words
            .iter()
            .find(|w| w.bytes().all(|b| b.is_ascii_lowercase()) && base(w) == stem)
            .map(String::as_str)
    }

    /// The total number of ids (special ones included).
    pub fn size(&self) -> usize {
        FIRST_WORD as usize + self.words.len()
    }

    /// Builds a vocabulary from prose words that occur at least `min_count` times, most frequent
    /// first, ties by word, at most `max` words.
    pub fn build<'a>(
        words: impl IntoIterator<Item = &'a str>,
        min_count: usize,
        max: usize,
    ) -> Vocab {
        let mut counts: HashMap<String, usize> = HashMap::new();
        for w in words {
            *counts.entry(w.to_lowercase()).or_default() += 1;
        }
        let mut list: Vec<(String, usize)> = counts
            .into_iter()
            .filter(|(_, c)| *c >= min_count)
            .collect();
        list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        list.truncate(max);
        Vocab::new(list.into_iter().map(|(w, _)| w).collect())
    }
}

/// A word without the suffix English makes verbs with (`-ize`, `-ise` and their forms), longest
/// first; the word itself when it has none.
fn base(lower: &str) -> &str {
    const SUFFIXES: [&str; 8] = [
        "izing", "ising", "ized", "ised", "izes", "ises", "ize", "ise",
    ];
    SUFFIXES
        .iter()
        .find_map(|s| lower.strip_suffix(s))
        .unwrap_or(lower)
}

/// The shortest word [`Vocab::corrected`] reads as a typo: in shorter words one edit turns too
/// many words into others (`to`/`so`, `one`/`on`). Real words of 4 letters (`form`, `list`) are
/// in the English list, so they are not read as typos of `from` or `last`.
pub const TYPO_MIN_LEN: usize = 4;

/// English words of [`TYPO_MIN_LEN`] letters or more (`data/english.txt`, sorted; made by
/// `scripts/english_words.py` from a list of 40,000 frequent words): a word outside the
/// vocabulary that is in this list is a word the network never learned, not a typo, so it is
/// never corrected (`reach` is not `each`, `books` not `looks`).
static ENGLISH: &str = include_str!("../data/english.txt");

/// Whether `lower` is in the English word list.
pub(crate) fn is_english(lower: &str) -> bool {
    static WORDS: std::sync::LazyLock<Vec<&'static str>> =
        std::sync::LazyLock::new(|| ENGLISH.lines().collect());
    WORDS.binary_search(&lower).is_ok()
}

/// Whether `a` and `b` (ASCII) are one edit apart: one letter dropped, added or replaced, or two
/// neighbouring letters swapped.
pub(crate) fn one_edit(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if long.len() - short.len() > 1 {
        return false;
    }
    let head = short.iter().zip(long).take_while(|(x, y)| x == y).count();
    if head == short.len() {
        // Equal, or the longer one has one letter more at the end.
        return long.len() != short.len();
    }
    if short.len() == long.len() {
        // Replaced at `head`, or swapped with its neighbour.
        short[head + 1..] == long[head + 1..]
            || (head + 1 < short.len()
                && short[head] == long[head + 1]
                && short[head + 1] == long[head]
                && short[head + 2..] == long[head + 2..])
    } else {
        // One letter more in the longer one, at `head`.
        short[head..] == long[head + 1..]
    }
}

/// The catalog's names, indexed for matching.
struct Names<'a> {
    catalog: &'a Catalog,
}

impl Names<'_> {
    fn tool(&self, text: &str) -> Option<&codemode_plan::Tool> {
        self.catalog.get(text)
    }

    fn args_named<'b>(
        &'b self,
        text: &'b str,
    ) -> impl Iterator<Item = codemode_plan::ArgType> + 'b {
        self.catalog
            .tools
            .iter()
            .filter_map(move |t| t.argument(text))
    }

    fn is_property(&self, text: &str, array_only: bool) -> bool {
        self.catalog.tools.iter().any(|t| {
            (!array_only || t.returns.kind == ReturnKind::Array)
                && t.returns.properties.iter().any(|p| p == text)
        })
    }

    /// Whether `word` looks like a form of an argument name without being it (`titled`/`title`).
    fn is_arg_stem(&self, word: &str) -> bool {
        self.catalog
            .tools
            .iter()
            .flat_map(|t| t.arguments.iter())
            .any(|(name, _)| is_form_of(word, name))
    }
}

/// Whether `word` looks like another form of the name `name` without being it: they share a
/// prefix of at least 4 characters that leaves at most 3 more of the shorter one (`titled` and
/// `title`, `assigned` and `assignee`, `labeled` and `labels`).
pub fn is_form_of(word: &str, name: &str) -> bool {
    let (word, name) = (word.to_lowercase(), name.to_lowercase());
    if word == name || name.chars().count() < 4 || word.chars().count() < 4 {
        return false;
    }
    let common = name
        .chars()
        .zip(word.chars())
        .take_while(|(a, b)| a == b)
        .count();
    common >= 4 && common + 3 >= name.chars().count().min(word.chars().count())
}

/// The text a token offers for name matching: a word's text, or a string literal's value.
pub fn name_text(token: &Token) -> Option<&str> {
    match token.kind {
        TokenKind::Word => Some(&token.text),
        TokenKind::Str => token.value.as_ref().and_then(Value::as_str),
        _ => None,
    }
}

/// The network's input for one record.
#[derive(Debug, Clone, PartialEq)]
pub struct Encoded {
    /// Word ids, one per token.
    pub words: Vec<u32>,
    /// Kind ids, one per token (1..=5; 0 is padding).
    pub kinds: Vec<u32>,
    /// Binary features, `FEATURES` per token, row-major.
    pub features: Vec<f32>,
    /// Whether a token may be pointed at as an argument name.
    pub candidates: Vec<bool>,
    /// With [`Vocab::subwords`]: `slots` n-gram buckets per token (0 = none), row-major; else
    /// empty.
    pub ngrams: Vec<u32>,
    /// With [`Vocab::vectors`]: each token's pretrained-vector row (0 = none); else empty.
    pub vectors: Vec<u32>,
}

impl Encoded {
    /// The number of tokens.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether there are no tokens.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// N-gram slots per token (0 without subwords).
    pub fn ngram_slots(&self) -> usize {
        self.ngrams.len() / self.len().max(1)
    }
}

fn kind_id(kind: TokenKind) -> u32 {
    match kind {
        TokenKind::Word => 1,
        TokenKind::Punct => 2,
        TokenKind::Str => 3,
        TokenKind::Num => 4,
        TokenKind::Bool => 5,
    }
}

/// Encodes the tokens of a record against its catalog.
pub fn encode(tokens: &[Token], catalog: &Catalog, vocab: &Vocab) -> Encoded {
    let names = Names { catalog };
    let n = tokens.len();
    let mut words = Vec::with_capacity(n);
    let mut kinds = Vec::with_capacity(n);
    let mut features = vec![0f32; n * FEATURES];
    let mut candidates = vec![false; n];
    let slots = vocab.subwords.map_or(0, |s| s.slots);
    let mut ngrams = vec![0u32; n * slots];
    let mut vectors = vec![0u32; if vocab.vectors.is_some() { n } else { 0 }];

    // The nearest tool mention before and after each token, for "argument of that tool" features.
    let tool_at: Vec<Option<&codemode_plan::Tool>> = tokens
        .iter()
        .map(|t| {
            if t.kind == TokenKind::Word {
                names.tool(&t.text)
            } else {
                None
            }
        })
        .collect();
    let mut prev_tool = vec![None; n];
    let mut last = None;
    for i in 0..n {
        prev_tool[i] = last;
        if tool_at[i].is_some() {
            last = tool_at[i];
        }
    }
    let mut next_tool = vec![None; n];
    last = None;
    for i in (0..n).rev() {
        next_tool[i] = last;
        if tool_at[i].is_some() {
            last = tool_at[i];
        }
    }

    // For argument-name tokens: how often the same name was already said (0, 1, 2, 3+); a value
    // next to the k-th mention of its name usually belongs to call k when one tool serves several.
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let occurrence: Vec<Option<usize>> = tokens
        .iter()
        .map(|t| {
            let text = name_text(t)?;
            names.args_named(text).next()?;
            let n = seen.entry(text).or_default();
            *n += 1;
            Some(*n - 1)
        })
        .collect();
    let near = |i: usize, before: bool| -> Option<usize> {
        let range: Vec<usize> = if before {
            (i.saturating_sub(3)..i).rev().collect()
        } else {
            (i + 1..(i + 4).min(n)).collect()
        };
        range.into_iter().find_map(|j| occurrence[j])
    };
    let mut mentions_before = 0usize;
    let total_mentions = tool_at.iter().filter(|t| t.is_some()).count();
    for (i, token) in tokens.iter().enumerate() {
        let f = &mut features[i * FEATURES..(i + 1) * FEATURES];
        // How many tool mentions stand before this token (0, 1, 2, 3+), and in all (1, 2, 3, 4+).
        f[22 + mentions_before.min(3)] = 1.0;
        f[26 + total_mentions.clamp(1, 4) - 1] = 1.0;
        if tool_at[i].is_some() {
            mentions_before += 1;
        }
        if let Some(k) = occurrence[i] {
            f[30 + k.min(3)] = 1.0;
        }
        if token.is_value() {
            if let Some(k) = near(i, true) {
                f[34 + k.min(3)] = 1.0;
            }
            if let Some(k) = near(i, false) {
                f[38 + k.min(3)] = 1.0;
            }
        }
        let mut set = |k: usize| f[k] = 1.0;
        let text = name_text(token);
        let is_tool = tool_at[i].is_some();
        let arg_types: Vec<_> = text
            .map(|t| names.args_named(t).collect())
            .unwrap_or_default();
        let is_arg = !arg_types.is_empty();
        let is_prop = text.is_some_and(|t| names.is_property(t, false));
        // Words and punctuation are looked up lowercased, once for the vocabulary and the vectors.
        let lower = matches!(token.kind, TokenKind::Word | TokenKind::Punct)
            .then(|| token.text.to_lowercase());
        // A prose word outside the vocabulary that is one edit from a word in it is read as that
        // word (a typo): its id and its n-grams.
        let mut fixed = None;
        let word = match (token.kind, &lower) {
            (TokenKind::Str, _) => STR,
            (TokenKind::Num, _) => NUM,
            (TokenKind::Bool, _) => BOOL,
            (_, Some(lower)) if is_tool || is_arg || is_prop => vocab.name_id(lower),
            (kind, lower) => {
                let lower = lower.as_deref().unwrap_or_default();
                vocab.get(lower).unwrap_or_else(|| {
                    fixed = (kind == TokenKind::Word)
                        .then(|| vocab.derived(lower).or_else(|| vocab.corrected(lower)))
                        .flatten();
                    fixed.and_then(|w| vocab.get(w)).unwrap_or(UNK)
                })
            }
        };
        if let Some(sub) = &vocab.subwords
            && token.kind == TokenKind::Word
            && word != NAME
        {
            let text = fixed.unwrap_or(&token.text);
            sub.fill(text, &mut ngrams[i * sub.slots..(i + 1) * sub.slots]);
        }
        if let (Some(table), Some(lower)) = (&vocab.vectors, &lower)
            && token.kind == TokenKind::Word
            && word != NAME
        {
            vectors[i] = table.row(lower);
        }
        words.push(word);
        kinds.push(kind_id(token.kind));
        candidates[i] = is_arg;

        if is_tool {
            set(F_TOOL);
            if tool_at[i].is_some_and(|t| t.returns.kind == ReturnKind::Array) {
                set(1);
            }
        }
        if is_arg {
            set(F_ARG);
            for ty in &arg_types {
                set(match ty {
                    codemode_plan::ArgType::String => 3,
                    codemode_plan::ArgType::Number => 4,
                    codemode_plan::ArgType::Boolean => 5,
                });
            }
            let t = text.unwrap_or_default();
            if prev_tool[i].is_some_and(|tool| tool.argument(t).is_some()) {
                set(6);
            }
            if next_tool[i].is_some_and(|tool| tool.argument(t).is_some()) {
                set(7);
            }
        }
        if text.is_some_and(|t| names.is_property(t, true)) {
            set(8);
        }
        if is_prop {
            set(F_PROP);
        }
        if let (TokenKind::Num, Some(v)) =
            (token.kind, token.value.as_ref().and_then(Value::as_f64))
            && v.fract() == 0.0
        {
            set(10);
            if (0.0..=100.0).contains(&v) {
                set(11);
            }
        }
        if token.kind == TokenKind::Str && text.is_some_and(|t| names.tool(t).is_some()) {
            set(12);
        }
        if i > 0 && tokens[i - 1].text == "`" {
            set(13);
        }
        if tokens.get(i + 1).is_some_and(|t| t.text == "`") {
            set(14);
        }
        if tokens.get(i + 1).is_some_and(|t| t.text == "(") {
            set(15);
        }
        if token.kind == TokenKind::Word {
            let mut chars = token.text.chars();
            if chars.next().is_some_and(char::is_uppercase) {
                set(16);
            }
            if token.text.len() > 1 && token.text.chars().all(|c| !c.is_lowercase()) {
                set(17);
            }
            if token.text.contains('_') {
                set(18);
            }
            if !is_arg && names.is_arg_stem(&token.text) {
                set(19);
            }
        }
        if i == 0 {
            set(20);
        }
        if tokens
            .get(i + 1)
            .is_some_and(|t| t.text == ":" || t.text == "=")
        {
            set(21);
        }
    }
    Encoded {
        words,
        kinds,
        features,
        candidates,
        ngrams,
        vectors,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(instruction: &str) -> codemode_plan::Record {
        crate::test_record(
            instruction,
            serde_json::json!([
                {"name": "then", "arguments": {"step": "string"}, "required": [], "returns": {"kind": "array", "properties": ["handle", "id"]}}
            ]),
        )
    }

    fn vocab(names: Option<&[&str]>) -> Vocab {
        let mut v = Vocab::new(["run", "then", "handle", "only"].map(String::from).to_vec());
        v.set_names(names.map(|n| n.iter().map(|s| s.to_string()).collect()));
        v
    }

    #[test]
    fn a_catalog_name_keeps_its_word_id_only_if_training_saw_it_as_a_name() {
        let r = record(r#"run then with step "x", only handle"#);
        let words = |v: &Vocab| encode(&r.tokens, &r.catalog, v).words;
        let (run, then, handle) = (FIRST_WORD, FIRST_WORD + 1, FIRST_WORD + 2);
        // run then with step "x" , only handle
        let learned = words(&vocab(Some(&["then"])));
        assert_eq!(&learned[..2], &[run, then]);
        assert_eq!(learned[3], NAME, "step is no vocabulary word");
        assert_eq!(learned[7], NAME, "handle was only ever prose");
        // A vocabulary without the distinction (older models) keeps every word's id.
        let old = words(&vocab(None));
        assert_eq!(old[7], handle);
    }

    #[test]
    fn subwords_are_deterministic_padded_and_shared_between_related_words() {
        let sub = Subwords::default();
        let grams = |w: &str| {
            let mut out = vec![0u32; sub.slots];
            sub.fill(w, &mut out);
            out
        };
        // "<ok>": 2 trigrams, 1 four-gram, no five-gram.
        let short = grams("OK");
        assert_eq!(short.iter().filter(|&&g| g != 0).count(), 3);
        assert_eq!(short, grams("ok"), "n-grams are of the lowercase word");
        assert!(short.iter().all(|&g| g < sub.buckets));
        let a = grams("parallel");
        let b = grams("parallelize");
        let shared = a.iter().filter(|g| **g != 0 && b.contains(g)).count();
        assert!(shared >= 4, "{a:?} {b:?}");
        // A long word fills every slot, with n-grams from its whole length.
        let long = grams("internationalization");
        assert!(long.iter().all(|&g| g != 0));
        assert_eq!(long, grams("internationalization"));
    }

    #[test]
    fn a_vocabulary_round_trips_through_json_with_its_names_and_subwords() {
        let mut v = vocab(Some(&["then"]));
        v.subwords = Some(Subwords::default());
        let mut back: Vocab = serde_json::from_str(&serde_json::to_string(&v).unwrap()).unwrap();
        back.reindex();
        let r = record(r#"run then, only handle"#);
        assert_eq!(
            encode(&r.tokens, &r.catalog, &back),
            encode(&r.tokens, &r.catalog, &v)
        );
        let old: Vocab = serde_json::from_str(r#"{"words": ["run"]}"#).unwrap();
        assert!(old.names.is_none() && old.subwords.is_none());
    }

    #[test]
    fn one_edit_is_one_letter_dropped_added_replaced_or_two_neighbours_swapped() {
        for (a, b) in [
            ("parallel", "paralel"),
            ("parallel", "parallell"),
            ("parallel", "parellel"),
            ("parallel", "praallel"),
            ("after", "afetr"),
            ("results", "result"),
        ] {
            assert!(one_edit(a, b) && one_edit(b, a), "{a} {b}");
        }
        for (a, b) in [
            ("parallel", "parallel"),
            ("parallel", "paralle1x"),
            ("parallel", "prallle"),
            ("after", "aftre1"),
            ("after", "ftera"),
        ] {
            assert!(!one_edit(a, b) && !one_edit(b, a), "{a} {b}");
        }
    }

    #[test]
    fn a_typo_reads_as_the_vocabulary_word_and_a_real_word_stays_unknown() {
        let mut v = Vocab::new(
            ["each", "after", "results", "result", "then"]
                .map(String::from)
                .to_vec(),
        );
        v.subwords = Some(Subwords::default());
        assert_eq!(v.corrected("aftre"), Some("after"));
        // The most frequent of two fits (vocabulary order).
        assert_eq!(v.corrected("resultt"), Some("results"));
        // Known words, short words and English words are never corrected.
        assert_eq!(v.corrected("after"), None);
        assert_eq!(v.corrected("thne"), Some("then"));
        assert_eq!(v.corrected("thn"), None, "too short");
        assert_eq!(
            v.corrected("reach"),
            None,
            "an English word, not a typo of each"
        );
        assert!(is_english("reach") && !is_english("aftre"));
        // Encoding reads the corrected word: its id and its n-grams.
        let r = record(r#"run then aftre step "x""#);
        let clean = record(r#"run then after step "x""#);
        let (typo, fixed) = (
            encode(&r.tokens, &r.catalog, &v),
            encode(&clean.tokens, &clean.catalog, &v),
        );
        assert_eq!(typo.words, fixed.words);
        assert_eq!(typo.ngrams, fixed.ngrams);
        // A catalog name is never corrected: the argument `usrname` is no typo of `username`.
        let v = Vocab::new(["run", "username"].map(String::from).to_vec());
        let r = crate::test_record(
            r#"run lookup with usrname "x""#,
            serde_json::json!([{"name": "lookup", "arguments": {"usrname": "string"}, "required": [], "returns": {"kind": "object", "properties": []}}]),
        );
        assert_eq!(v.corrected("usrname"), Some("username"));
        assert_eq!(encode(&r.tokens, &r.catalog, &v).words[3], NAME);
    }

    #[test]
    fn an_unknown_word_reads_as_the_vocabulary_word_it_shares_a_base_with() {
        let mut v = Vocab::new(
            ["parallel", "serial", "night", "run", "r"]
                .map(String::from)
                .to_vec(),
        );
        v.subwords = Some(Subwords::default());
        assert_eq!(v.derived("parallelize"), Some("parallel"));
        assert_eq!(v.derived("parallelised"), Some("parallel"));
        assert_eq!(v.derived("serializing"), Some("serial"));
        // Known words, bases under four letters and words with another base stay as they are.
        assert_eq!(v.derived("parallel"), None);
        assert_eq!(v.derived("rise"), None, "the base `r` is too short");
        assert_eq!(v.derived("nightly"), None, "an adverb of time is no night");
        assert_eq!(v.derived("tandem"), None);
        // Encoding reads the vocabulary word: its id and its n-grams.
        let r = record(r#"parallelize run step "x""#);
        let known = record(r#"parallel run step "x""#);
        let (derived, base) = (
            encode(&r.tokens, &r.catalog, &v),
            encode(&known.tokens, &known.catalog, &v),
        );
        assert_eq!(derived.words, base.words);
        assert_eq!(derived.ngrams, base.ngrams);
    }
}
