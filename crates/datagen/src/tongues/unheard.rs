//! Made-up languages: each is one of the real languages with every word replaced by a word no
//! language has (`Al mismo tiempo,` becomes `Tonu vekasi zaibo,`), the punctuation, the shape
//! of the phrases and the place of each cue kept. A request whose deciding words are in one of
//! them cannot be read from those words; its label still says what they meant, so a network
//! trained on them learns that words it has never seen may change a plan, rather than reading
//! them as a greeting or a remark around the calls.
//!
//! The list is built once from its own fixed seed, so it never depends on the records drawn
//! before it, and every build draws the same words.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use rand::{RngExt, SeedableRng, rngs::ChaCha8Rng};

use super::{MORE, TONGUES, Tongue};

/// How many made-up languages there are: enough that each one's words are seen by a few
/// records at most, so a network keeps none of them as a word it knows.
const COUNT: usize = 4096;

/// The seed of the made-up words (`unheard` in ASCII).
const SEED: u64 = 0x0075_6e68_6561_7264;

/// The sounds a made-up word is built of: onsets and vowels that many languages write in
/// Latin letters.
const ONSETS: &[&str] = &[
    "", "b", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "y", "z", "ch",
    "sh", "kw", "mb", "nd", "ng", "ny", "ts", "dz", "gh", "kh", "tl", "zh", "bw", "mw", "pf",
];
const VOWELS: &[&str] = &[
    "a", "e", "i", "o", "u", "a", "e", "i", "o", "u", "aa", "ei", "ou", "ai", "ia", "ua", "ə", "ɛ",
    "ü", "ö", "á", "é", "ó", "ï", "â", "ɔ",
];

/// English words that decide plans, which a made-up word must never be.
const TAKEN: &[&str] = &[
    "all", "last", "only", "then", "once", "first", "rows", "row", "top", "each", "both", "sort",
    "count", "and", "not", "no", "if", "fail", "try", "again", "more", "over", "under", "above",
    "by", "after", "before", "same", "time", "one", "two", "three", "four", "five", "next", "so",
    "do", "go", "to", "be", "me", "we", "he", "she", "my", "a", "i", "o", "u", "e",
];

/// The made-up languages.
pub(crate) fn unheard() -> &'static [Tongue] {
    static LIST: LazyLock<Vec<Tongue>> = LazyLock::new(|| {
        let mut rng = ChaCha8Rng::seed_from_u64(SEED);
        let real: Vec<&Tongue> = TONGUES.iter().chain(MORE).collect();
        let mut taken: HashSet<String> = TAKEN.iter().map(|w| (*w).to_owned()).collect();
        taken.extend(real.iter().flat_map(|t| words_of(t)));
        (0..COUNT)
            .map(|i| made_up(real[i % real.len()], &mut rng, &taken))
            .collect()
    });
    &LIST
}

/// `real` with each of its words replaced by a made-up one, the same word by the same word.
fn made_up(real: &Tongue, rng: &mut ChaCha8Rng, taken: &HashSet<String>) -> Tongue {
    let mut words = Words {
        rng,
        taken,
        seen: HashMap::new(),
    };
    Tongue {
        parallel_pre: words.list(real.parallel_pre),
        parallel_post: words.list(real.parallel_post),
        parallel_join: words.list(real.parallel_join),
        serial_pre: words.list(real.serial_pre),
        serial_post: words.list(real.serial_post),
        serial_join: words.list(real.serial_join),
        neutral_join: words.list(real.neutral_join),
        out_all: words.list(real.out_all),
        out_last: words.list(real.out_last),
        limit: words.pairs(real.limit),
        cond_if: words.list(real.cond_if),
        outcome: words.list(real.outcome),
        cond_then: words.list(real.cond_then),
        retry: words.list(real.retry),
        keep_trying: words.list(real.keep_trying),
        fields: words.pairs(real.fields),
        and: words.phrase(real.and),
        sort_by: words.pairs(real.sort_by),
        filter_above: leak(
            real.filter_above
                .iter()
                .map(|(a, b, c)| (words.phrase(a), words.phrase(b), words.phrase(c)))
                .collect(),
        ),
        count: words.list(real.count),
    }
}

/// Every word of `tongue`'s phrases, lowercase.
fn words_of(tongue: &Tongue) -> Vec<String> {
    let pairs = |p: &[(&'static str, &'static str)]| -> Vec<&'static str> {
        p.iter().flat_map(|(a, b)| [*a, *b]).collect()
    };
    let phrases: Vec<&str> = [
        tongue.parallel_pre,
        tongue.parallel_post,
        tongue.parallel_join,
        tongue.serial_pre,
        tongue.serial_post,
        tongue.serial_join,
        tongue.neutral_join,
        tongue.out_all,
        tongue.out_last,
        tongue.cond_if,
        tongue.outcome,
        tongue.cond_then,
        tongue.retry,
        tongue.keep_trying,
        tongue.count,
        &[tongue.and],
    ]
    .concat()
    .into_iter()
    .chain(pairs(tongue.limit))
    .chain(pairs(tongue.fields))
    .chain(pairs(tongue.sort_by))
    .chain(
        tongue
            .filter_above
            .iter()
            .flat_map(|(a, b, c)| [*a, *b, *c]),
    )
    .collect();
    phrases
        .iter()
        .flat_map(|p| p.split(|c: char| !c.is_alphabetic()))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// A list that lives as long as the program: the made-up languages are built once.
fn leak<T>(items: Vec<T>) -> &'static [T] {
    items.leak()
}

/// The made-up words of one language.
struct Words<'r> {
    rng: &'r mut ChaCha8Rng,
    /// Words a made-up word must not be: the English words that decide plans and every word of
    /// the real languages, lowercase.
    taken: &'r HashSet<String>,
    /// Each real word's made-up word, lowercase.
    seen: HashMap<String, String>,
}

impl Words<'_> {
    fn list(&mut self, phrases: &[&str]) -> &'static [&'static str] {
        leak(phrases.iter().map(|p| self.phrase(p)).collect())
    }

    fn pairs(&mut self, pairs: &[(&str, &str)]) -> &'static [(&'static str, &'static str)] {
        leak(
            pairs
                .iter()
                .map(|(a, b)| (self.phrase(a), self.phrase(b)))
                .collect(),
        )
    }

    /// `phrase` with each run of letters replaced, everything else (spaces, punctuation,
    /// hyphens) kept.
    fn phrase(&mut self, phrase: &str) -> &'static str {
        let mut out = String::new();
        let mut word = String::new();
        for c in phrase.chars().chain(std::iter::once(' ')) {
            if c.is_alphabetic() || c == '\'' && !word.is_empty() {
                word.push(c);
                continue;
            }
            if !word.is_empty() {
                out.push_str(&self.word(&word));
                word.clear();
            }
            out.push(c);
        }
        out.pop();
        out.leak()
    }

    /// The made-up word for `real`, capitalized as `real` is.
    fn word(&mut self, real: &str) -> String {
        let key = real.to_lowercase();
        if !self.seen.contains_key(&key) {
            let syllables = (real.chars().count() / 3).clamp(1, 4);
            let made = loop {
                let w: String = (0..syllables)
                    .map(|_| {
                        let onset = ONSETS[self.rng.random_range(0..ONSETS.len())];
                        let vowel = VOWELS[self.rng.random_range(0..VOWELS.len())];
                        format!("{onset}{vowel}")
                    })
                    .collect();
                if !self.taken.contains(&w) && w.chars().count() > 1 {
                    break w;
                }
            };
            self.seen.insert(key.clone(), made);
        }
        let made = &self.seen[&key];
        if real.chars().next().is_some_and(char::is_uppercase) {
            let mut chars = made.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        } else {
            made.clone()
        }
    }
}
