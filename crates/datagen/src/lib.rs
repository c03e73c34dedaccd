//! Seeded generator of labeled records for training and testing the planner.
//!
//! [`generate`] writes `count` examples for a seed and a [`Split`]. Each [`Example`] is one record
//! the planner would read (`instruction`, `tools`), the answer it should give (`expected`: a plan
//! in canonical form, or `{"diagnostic": true}`), and [`Meta`] labels: the template family, the
//! class of a negative, and per-token spans that say which token is a tool mention, a value, an
//! argument name, a projected field or the row limit. The same seed, count and split always give
//! byte-identical output.
//!
//! ```
//! use codemode_datagen::{generate, Split};
//! let examples = generate(7, 3, Split::Train);
//! assert_eq!(examples.len(), 3);
//! assert_eq!(examples, generate(7, 3, Split::Train));
//! let line = examples[0].to_json_line();
//! assert!(line.starts_with("{\"instruction\":"));
//! ```
#![deny(missing_docs)]

mod catalog;
mod context;
mod negative;
mod render;
mod text;
mod tongues;
mod values;
mod vocab;

use codemode_plan::{Plan, json};
use rand::{RngExt, SeedableRng, rngs::ChaCha8Rng};
use serde::Serialize;
use serde_json::Value;

/// Which part of the data an example belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Split {
    /// Training data: the training halves of every vocabulary, the shared template families and
    /// the train-only ones.
    Train,
    /// Held-out test data: the test halves of every vocabulary, and the test-only families too.
    Test,
    /// Development data drawn like training data (same vocabularies and families) from a stream
    /// of its own: an in-distribution check beside the held-out test.
    Dev,
}

impl Split {
    /// Reads `train` or `test`.
    pub fn parse(name: &str) -> Option<Split> {
        match name {
            "train" => Some(Split::Train),
            "test" => Some(Split::Test),
            "dev" => Some(Split::Dev),
            _ => None,
        }
    }

    fn salt(self) -> u64 {
        match self {
            Split::Train => 0x7472_6169_6e00_0001,
            Split::Test => 0x7465_7374_0000_0002,
            Split::Dev => 0x6465_7600_0000_0003,
        }
    }
}

/// What an example's answer should be.
#[derive(Debug, Clone, PartialEq)]
pub enum Expected {
    /// This plan, exactly.
    Plan(Plan),
    /// Any diagnostic.
    Diagnostic,
}

impl Serialize for Expected {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Expected::Plan(plan) => plan.serialize(serializer),
            Expected::Diagnostic => {
                use serde::ser::SerializeMap;
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("diagnostic", &true)?;
                map.end()
            }
        }
    }
}

/// The role of a labeled token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// A tool mention that starts a call.
    Tool,
    /// A value of one argument of one call.
    Value,
    /// A word (or JSON key string) that names the argument of a value.
    Argname,
    /// A projected field.
    Field,
    /// The row limit.
    Limit,
}

/// One labeled token: a byte range of the instruction that is exactly one lexer token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// What the token is.
    pub role: Role,
    /// The call (1-based) of a tool, value or argument name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub call: Option<usize>,
    /// The argument of a value or argument name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arg: Option<String>,
}

/// Why an example should be diagnosed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unsupported {
    /// "if … then …", "unless".
    Condition,
    /// "for each", "every user in".
    Loop,
    /// One call uses another's result.
    Dependency,
    /// Retries.
    Retry,
    /// More than three calls.
    TooManyCalls,
    /// Serial and parallel groups mixed.
    MixedSchedule,
    /// Sorting rows.
    Sort,
    /// Filtering rows.
    Filter,
    /// Counting, summing, averaging.
    Aggregate,
    /// Rows other than the first N.
    OtherRows,
    /// The record itself breaks a frontend rule.
    Record,
    /// The plan the instruction asks for breaks a catalog rule.
    Checker,
}

impl Unsupported {
    /// Every class, in a fixed order.
    pub const ALL: [Unsupported; 12] = [
        Unsupported::Condition,
        Unsupported::Loop,
        Unsupported::Dependency,
        Unsupported::Retry,
        Unsupported::TooManyCalls,
        Unsupported::MixedSchedule,
        Unsupported::Sort,
        Unsupported::Filter,
        Unsupported::Aggregate,
        Unsupported::OtherRows,
        Unsupported::Record,
        Unsupported::Checker,
    ];

    /// The class's name in `meta.unsupported`.
    pub fn as_str(self) -> &'static str {
        match self {
            Unsupported::Condition => "condition",
            Unsupported::Loop => "loop",
            Unsupported::Dependency => "dependency",
            Unsupported::Retry => "retry",
            Unsupported::TooManyCalls => "too_many_calls",
            Unsupported::MixedSchedule => "mixed_schedule",
            Unsupported::Sort => "sort",
            Unsupported::Filter => "filter",
            Unsupported::Aggregate => "aggregate",
            Unsupported::OtherRows => "other_rows",
            Unsupported::Record => "record",
            Unsupported::Checker => "checker",
        }
    }
}

/// Labels beside the answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Meta {
    /// The template family that wrote the instruction.
    pub template: String,
    /// The split.
    pub split: Split,
    /// Why the example is a negative, or `None` for a plan.
    pub unsupported: Option<Unsupported>,
    /// Labeled tokens, in instruction order.
    pub spans: Vec<Span>,
}

/// One labeled record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Example {
    /// The instruction.
    pub instruction: String,
    /// The catalog, as the record's JSON array (a frontend negative may break its rules).
    pub tools: Value,
    /// The answer.
    pub expected: Expected,
    /// The labels.
    pub meta: Meta,
    /// For a checker negative, the plan the instruction asks for, which the checker refuses.
    #[serde(skip)]
    pub refused_plan: Option<Plan>,
}

impl Example {
    /// The example as one JSON line (no line break), U+2028/U+2029 and lone surrogates escaped.
    pub fn to_json_line(&self) -> String {
        json::to_string(self)
    }

    /// The planner record alone: `{"instruction": ..., "tools": [...]}`.
    pub fn record(&self) -> Value {
        serde_json::json!({ "instruction": self.instruction, "tools": self.tools })
    }
}

/// Choices of the generator beyond the seed and the split. The default draws exactly the records
/// the generator drew before options existed.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Options {
    /// Outside the test split, the share of whole numbers from 0 to 20 (row limits and number
    /// arguments) written as English words (`first five rows`, `days three`) instead of digits.
    pub number_words: f64,
    /// Outside the test split, the share of positives written by the `echo` family: a tool
    /// renamed to a plain English word that the sentence also uses as prose (`search query "x"
    /// using search`).
    pub echo: f64,
    /// Whether every `echo` sentence makes one call (the others of 1–3 calls are drawn as
    /// before and cut to the first); other families are unchanged.
    pub echo_one_call: bool,
    /// Outside the test split, the share of positives written by the `markdown` family:
    /// headings, bold labels, one argument per bullet, calls listed under a cue line.
    pub markdown: f64,
    /// Outside the test split, the share of positives written by the `asides` family: remarks
    /// built on the words of unsupported structures that ask for none (`if it is not too much
    /// trouble`, `the nightly run failed`, `no need to sort anything`).
    pub asides: f64,
    /// Outside the test split, the share of examples (positives and the negatives the network
    /// reads alike) given a context sentence of ordinary English that names nothing and asks for
    /// nothing ([`context`]).
    pub context: f64,
    /// Whether context sentences go only around records whose answer has no schedule (plans of
    /// one call, and negatives), so the schedule head never reads one.
    pub context_without_schedule: bool,
    /// Outside the test split, the share of tool names drawn from a train-only list of words the
    /// instructions also use as cues (`together`, `again`, `only`, `rows`), so that a cue word
    /// the catalog names is read as the tool where it stands as one.
    pub cue_names: f64,
    /// Whether the train and dev splits also draw the forms people write that the older
    /// families did not ([`negative`]'s `spoken` forms and the schedule's negated concurrency
    /// cues): conditions stated first, inverted (`should free be under 10, then ...`) or on a
    /// returned field, results of two calls merged or compared, and `we don't need these to
    /// happen at the same time`.
    pub spoken: bool,
    /// Outside the test split, the share of positives written by the `notes` family: working
    /// notes that list calls already made, with what they returned, before the calls to make
    /// now (`### Already done` / `### Next`, `Observation:` / `Action:`, `[x]` / `[ ]`); only
    /// the calls to make now are the plan.
    pub notes: f64,
    /// Outside the test split, the share of positives written by the `corrections` family: a
    /// request with its own corrections, as dictated or typed in a hurry (`"motion to compel",
    /// no, "motion in limine"`, `Actually make the second one 1.5.`, `Strike the location.`,
    /// `Scratch the last one.`, `first 3 rows, no, 4`); the plan is the corrected request.
    pub corrections: f64,
    /// Whether the train and dev splits also draw conditions said formally or softly, on an
    /// event rather than a call's result: `X may cancel. Should that happen, would it be
    /// possible to ...`, `Should the payment have failed, I'd like you to ...`, `In the case that
    /// ..., please do nothing. Otherwise, ...`, `Provided that ..., kindly ...`.
    pub soft_conditions: bool,
    /// Outside the test split, the share of the cues that decide a plan (a schedule, the output,
    /// a row limit, a projection, a condition, a retry, a sort, a filter, a count) said in another language in the middle of an English
    /// request ([`tongues`]: `Ao mesmo tempo, ...`, `..., sadece ilk 5 satır`, `agar ... fail ho
    /// jaye, toh ...`); a record says all of its switched cues in one language.
    pub code_switch: f64,
    /// Outside the test split, the share of positives written by the `quoted` family: a reply
    /// above or below an earlier message it quotes (`> ` lines under `On ..., Ana wrote:`,
    /// `-----Original Message-----`, a forwarded message, a quoted chat line) that asks for
    /// calls of the catalog. Either the reply asks for calls of its own, and only those are the
    /// plan, or it says to do what the quoted message asks, and that request is the plan.
    pub quoted: f64,
    /// With [`Options::code_switch`], whether the switched cues are also drawn in the languages
    /// of [`tongues::MORE`] (Lingala, Kinyarwanda, Chichewa, Setswana, Malagasy, Fijian, Pashto,
    /// Kyrgyz, Tajik, Luxembourgish, Azerbaijani, Egyptian Arabic) beside the fifty of
    /// [`tongues::TONGUES`]. Off, the languages are drawn as before.
    pub more_tongues: bool,
    /// Of the records whose cues are switched, the share said in a made-up language
    /// ([`tongues::unheard`]): one of the languages with each of its words replaced by a word
    /// no language has, so that the cues that decide the plan are words the network cannot
    /// have learned, and their labels teach it that such words may change a plan. 0 draws
    /// nothing, so the stream is unchanged.
    pub unheard: f64,
    /// Outside the test split, the share of positives written by the `repeated` family: a
    /// serial plan in which a tool is called again after a call (`count_notes, then list_notes,
    /// then count_notes again`, `re-run list_pods namespace "web"`); `again` there asks for one
    /// more call, not a retry.
    pub repeated: f64,
    /// Outside the test split, the share of records written by the `foreign_fields` family: one
    /// call to a tool that returns rows, its projection of two or three fields said in another
    /// language (drawn as [`Options::code_switch`] draws one, made-up ones included), the last
    /// field after that language's `and` (`tylko account_id i iban`, `date, tourId w hotel`). In
    /// half of them the last field is one the tool lacks, and the checker refuses the plan
    /// (a diagnostic); in the other half every field is declared (a plan), so the words after a
    /// foreign `and` are read as fields either way.
    pub foreign_fields: f64,
    /// Outside the test split, the share of positives written by the `marked` family: a list of
    /// calls, one per line, each marked done or still to do as people keep lists (`- [x]` and
    /// `- [ ]`, `~~struck~~` items, `✓` or `(done)` after a done item, `DONE:` / `TODO:`), done
    /// and open items in any order, some lists ending with calls for later (`## Later (not
    /// now)`); only the open items are the plan.
    pub marked: f64,
    /// Outside the test split, the share of positives written by the `clauses` family: a request
    /// set out as numbered clauses (`1.`, `(a)`, `ii.`, `§2`, a section's `4.1` and `4.2`), each
    /// call in a clause of its own or all in one with the schedule cue, the schedule, output and
    /// shaping in clauses of their own that may name the call clauses (`Sequence: 4.1 then
    /// 4.2`); the clause numbers are never values.
    pub clauses: f64,
    /// Outside the test split, the share of positives written by the `tickets` family: a request
    /// filed as a ticket (`Summary:`, `Priority: P2`, `Description:`, `Steps already taken:`,
    /// `Acceptance criteria:`, `Out of scope:`), of which only the request's calls are the plan.
    pub tickets: f64,
    /// Outside the test split, the share of positives written by the `shared_values` family: two
    /// or three calls of one tool sharing a value said once (`days 3 for both`, `both with days
    /// 3:`, `get_weather days 3 for city "A" and city "B"`, `para los dos`), labeled for the
    /// first call; every call of the plan takes it.
    pub shared_values: f64,
}

/// The random source of one example, with the split it draws names from.
pub(crate) struct Gen {
    rng: ChaCha8Rng,
    pub(crate) split: Split,
    options: Options,
    /// The language of this record's switched cues, once one is drawn ([`Gen::switched`]).
    tongue: Option<&'static tongues::Tongue>,
    /// Whether every cue of this record is switched ([`Gen::switch_all`]).
    all_switched: bool,
}

impl Gen {
    fn new(seed: u64, split: Split) -> Gen {
        Gen::with(seed, split, Options::default())
    }

    fn with(seed: u64, split: Split, options: Options) -> Gen {
        Gen {
            rng: ChaCha8Rng::seed_from_u64(seed),
            split,
            options,
            tongue: None,
            all_switched: false,
        }
    }

    /// `digits` (a number literal) as an English word, drawn with [`Options::number_words`]
    /// outside the test split when it is a whole number from 0 to 20. Nothing is drawn when the
    /// option is off, so the default stream is unchanged.
    pub(crate) fn number_word(&mut self, digits: &str) -> Option<&'static str> {
        let n: usize = digits.parse().ok()?;
        let word = codemode_plan::lexer::NUMBER_WORDS.get(n)?;
        self.train_only(self.options.number_words).then_some(*word)
    }

    /// Whether this positive is an `echo` one, drawn with [`Options::echo`] outside the test split.
    /// Nothing is drawn when the option is off, so the default stream is unchanged.
    fn echo(&mut self) -> bool {
        self.train_only(self.options.echo)
    }

    /// Whether this positive is a `markdown` one, drawn with [`Options::markdown`] outside the
    /// test split. Nothing is drawn when the option is off, so the default stream is unchanged.
    fn markdown(&mut self) -> bool {
        self.train_only(self.options.markdown)
    }

    /// Whether this positive is an `asides` one, drawn with [`Options::asides`] outside the test
    /// split. Nothing is drawn when the option is off, so the default stream is unchanged.
    fn asides(&mut self) -> bool {
        self.train_only(self.options.asides)
    }

    /// Whether this tool name is a cue word, drawn with [`Options::cue_names`] outside the test
    /// split. Nothing is drawn when the option is off, so the default stream is unchanged.
    pub(crate) fn cue_name(&mut self) -> bool {
        self.train_only(self.options.cue_names)
    }

    /// Whether this positive is a `notes` one, drawn with [`Options::notes`] outside the test
    /// split. Nothing is drawn when the option is off, so the default stream is unchanged.
    fn notes(&mut self) -> bool {
        self.train_only(self.options.notes)
    }

    /// Whether this positive is a `corrections` one, drawn with [`Options::corrections`] outside
    /// the test split. Nothing is drawn when the option is off, so the default stream is unchanged.
    fn corrections(&mut self) -> bool {
        self.train_only(self.options.corrections)
    }

    /// Whether this positive is a `quoted` one, drawn with [`Options::quoted`] outside the test
    /// split. Nothing is drawn when the option is off, so the default stream is unchanged.
    fn quoted(&mut self) -> bool {
        self.train_only(self.options.quoted)
    }

    /// Whether this positive is a `repeated` one, drawn with [`Options::repeated`] outside the
    /// test split. Nothing is drawn when the option is off, so the default stream is unchanged.
    fn repeated(&mut self) -> bool {
        self.train_only(self.options.repeated)
    }

    /// Whether this record is a `foreign_fields` one, drawn with [`Options::foreign_fields`]
    /// outside the test split. Nothing is drawn when the option is off, so the default stream is
    /// unchanged.
    fn foreign_fields(&mut self) -> bool {
        self.train_only(self.options.foreign_fields)
    }

    /// Whether this positive is a `marked` one, drawn with [`Options::marked`] outside the test
    /// split. Nothing is drawn when the option is off, so the default stream is unchanged.
    fn marked(&mut self) -> bool {
        self.train_only(self.options.marked)
    }

    /// Whether this positive is a `clauses` one, drawn with [`Options::clauses`] outside the test
    /// split. Nothing is drawn when the option is off, so the default stream is unchanged.
    fn clauses(&mut self) -> bool {
        self.train_only(self.options.clauses)
    }

    /// Whether this positive is a `tickets` one, drawn with [`Options::tickets`] outside the test
    /// split. Nothing is drawn when the option is off, so the default stream is unchanged.
    fn tickets(&mut self) -> bool {
        self.train_only(self.options.tickets)
    }

    /// Whether this positive is a `shared_values` one, drawn with [`Options::shared_values`]
    /// outside the test split. Nothing is drawn when the option is off, so the default stream is
    /// unchanged.
    fn shared_values(&mut self) -> bool {
        self.train_only(self.options.shared_values)
    }

    /// Says every cue of this record in one other language, drawn as [`Gen::switched`] draws it.
    pub(crate) fn switch_all(&mut self) {
        self.all_switched = true;
    }

    /// Whether conditions said formally or softly are drawn: [`Options::soft_conditions`]
    /// outside the test split. No draw, so the default stream is unchanged.
    pub(crate) fn soft_conditions(&self) -> bool {
        self.options.soft_conditions && self.split != Split::Test
    }

    /// The language this cue is said in, when it is switched: drawn with
    /// [`Options::code_switch`] outside the test split, the language once per record (a made-up
    /// one with [`Options::unheard`], from the wider list with [`Options::more_tongues`]).
    /// Nothing is drawn when the option is off, so the default stream is unchanged.
    pub(crate) fn switched(&mut self) -> Option<&'static tongues::Tongue> {
        if !self.all_switched && !self.train_only(self.options.code_switch) {
            return None;
        }
        if self.tongue.is_none() {
            self.tongue = Some(if self.train_only(self.options.unheard) {
                self.pick(tongues::unheard())
            } else if self.options.more_tongues {
                self.pick_or(tongues::TONGUES, tongues::MORE)
            } else {
                self.pick(tongues::TONGUES)
            });
        }
        self.tongue
    }

    /// Whether the `spoken` forms are drawn: [`Options::spoken`] outside the test split. No
    /// draw, so the default stream is unchanged.
    pub(crate) fn spoken(&self) -> bool {
        self.options.spoken && self.split != Split::Test
    }

    /// True with probability `share` outside the test split. Nothing is drawn when `share` is 0
    /// or in the test split, so an option that is off leaves the stream as it was.
    fn train_only(&mut self, share: f64) -> bool {
        share > 0.0 && self.split != Split::Test && self.chance(share)
    }

    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n.max(1))
    }

    /// A number in `lo..hi` (`hi` > `lo`).
    pub(crate) fn range(&mut self, lo: usize, hi: usize) -> usize {
        self.rng.random_range(lo..hi.max(lo + 1))
    }

    /// True with probability `p`.
    pub(crate) fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p.clamp(0.0, 1.0))
    }

    /// One item of a non-empty slice.
    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// One phrase of a non-empty list.
    pub(crate) fn pw<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    /// An index drawn with the given weights.
    pub(crate) fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        let mut roll = self.rng.random_range(0..total.max(1));
        for (i, w) in weights.iter().enumerate() {
            if roll < *w {
                return i;
            }
            roll -= w;
        }
        weights.len().saturating_sub(1)
    }

    /// Shuffles a slice in place.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A one-of-two choice between a shared pool and its test-only extension; in the train and dev
    /// splits the shared pool is widened by `train_extra` (see [`Gen::pt`]).
    pub(crate) fn phrase<'a>(
        &mut self,
        shared: &[&'a str],
        train_extra: &[&'a str],
        test_only: &[&'a str],
    ) -> &'a str {
        if self.split == Split::Test && !test_only.is_empty() && self.chance(0.35) {
            self.pw(test_only)
        } else {
            self.pt(shared, train_extra)
        }
    }

    /// One phrase of `shared`, or, in the train and dev splits, of `shared` and `train_extra`
    /// together. Either way it is one draw, so the extra paraphrases widen what training sees
    /// without changing a single record of the test split.
    pub(crate) fn pt<'a>(&mut self, shared: &[&'a str], train_extra: &[&'a str]) -> &'a str {
        self.pick_or::<&'a str>(shared, train_extra)
    }

    /// [`Gen::pt`] for any item: one of `shared`, drawn as [`Gen::pick`] in the test split; in the
    /// train and dev splits one of `shared` and `train_extra` together, in one draw.
    pub(crate) fn pick_or<'a, T>(&mut self, shared: &'a [T], train_extra: &'a [T]) -> &'a T {
        if self.split == Split::Test {
            return self.pick(shared);
        }
        let i = self.below(shared.len() + train_extra.len());
        shared
            .get(i)
            .unwrap_or_else(|| &train_extra[i - shared.len()])
    }
}

/// The tool and argument names that both splits draw: the hazards planner.md names itself (`then`,
/// `count_words`, `constructor`, `__proto__`, arguments `last`, `all`, `first`, `limit`, ...). Every
/// other tool, argument and property name belongs to one split only.
pub fn shared_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = vocab::SPECIAL_SHARED.to_vec();
    names.extend(vocab::ARGS_SHARED.iter().map(|(name, _)| *name));
    names
}

/// A stable 64-bit mix (SplitMix64's finaliser).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The share of examples that are negatives, in percent.
const NEGATIVE_PERCENT: usize = 27;

/// Example number `index` of the stream for `seed` and `split`.
pub fn example(seed: u64, index: u64, split: Split) -> Example {
    example_with(seed, index, split, Options::default())
}

/// [`example`] with generator [`Options`].
pub fn example_with(seed: u64, index: u64, split: Split, options: Options) -> Example {
    let base = mix(mix(seed ^ split.salt()) ^ index);
    for attempt in 0..64u64 {
        let mut g = Gen::with(
            mix(base ^ attempt.wrapping_mul(0xA24B_AED4_963E_E407)),
            split,
            options,
        );
        let made = if g.foreign_fields() {
            render::foreign_fields(&mut g)
        } else if g.below(100) < NEGATIVE_PERCENT {
            negative::make(&mut g)
        } else if g.echo() {
            render::echo(&mut g)
        } else if g.markdown() {
            render::markdown(&mut g)
        } else if g.asides() {
            render::asides(&mut g)
        } else if g.notes() {
            render::notes(&mut g)
        } else if g.corrections() {
            render::corrections(&mut g)
        } else if g.quoted() {
            render::quoted(&mut g)
        } else if g.repeated() {
            render::repeated(&mut g)
        } else if g.marked() {
            render::marked(&mut g)
        } else if g.clauses() {
            render::clauses(&mut g)
        } else if g.tickets() {
            render::tickets(&mut g)
        } else if g.shared_values() {
            render::shared_values(&mut g)
        } else {
            render::positive(&mut g)
        };
        if let Some(example) = made
            && fits(&example)
        {
            return with_context(base, split, options, example);
        }
    }
    // Unreachable in practice: a short positive always fits.
    let mut g = Gen::new(base, split);
    render::minimal(&mut g)
}

/// `example`, given a context sentence with [`Options::context`] outside the test split. The draw
/// has its own random stream, so the example is the one drawn without the option, and nothing is
/// drawn when the option is off.
fn with_context(base: u64, split: Split, options: Options, example: Example) -> Example {
    let scheduled = matches!(&example.expected, Expected::Plan(p) if p.calls.len() > 1);
    if options.context <= 0.0
        || split == Split::Test
        || example.meta.unsupported == Some(Unsupported::Record)
        || (options.context_without_schedule && scheduled)
    {
        return example;
    }
    let mut g = Gen::with(mix(base ^ 0xC0DE_C047_E875_0001), split, options);
    if !g.chance(options.context) {
        return example;
    }
    match context::add(&mut g, &example) {
        Some(with) if fits(&with) => with,
        _ => example,
    }
}

/// Whether the instruction keeps the token limit (frontend negatives that break it on purpose and
/// instructions that do not lex are judged by the negative that made them).
fn fits(example: &Example) -> bool {
    if example.meta.unsupported == Some(Unsupported::Record) {
        return true;
    }
    codemode_plan::lexer::lex_limited(&example.instruction).is_ok()
}

/// `count` examples for `seed` and `split`, always the same for the same arguments.
pub fn generate(seed: u64, count: usize, split: Split) -> Vec<Example> {
    (0..count as u64)
        .map(|index| example(seed, index, split))
        .collect()
}

/// Writes `count` examples as JSON lines to `out`.
pub fn write_jsonl<W: std::io::Write>(
    out: &mut W,
    seed: u64,
    count: usize,
    split: Split,
) -> std::io::Result<()> {
    write_jsonl_with(out, seed, count, split, Options::default())
}

/// [`write_jsonl`] with generator [`Options`].
pub fn write_jsonl_with<W: std::io::Write>(
    out: &mut W,
    seed: u64,
    count: usize,
    split: Split,
    options: Options,
) -> std::io::Result<()> {
    for index in 0..count as u64 {
        let line = example_with(seed, index, split, options).to_json_line();
        out.write_all(line.as_bytes())?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
