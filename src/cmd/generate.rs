//! `codemode generate`: labeled planner records from the seeded generator, as JSON lines.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use codemode_datagen::{Options, Split, write_jsonl_with};

/// Flags of `codemode generate`.
#[derive(clap::Args)]
pub struct Args {
    /// The seed; the same seed, count and split give byte-identical output.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many records.
    #[arg(long, default_value_t = 1000)]
    count: usize,
    /// `train`; `test` for the held-out split (unseen families and vocabularies); `dev` for more
    /// records drawn like `train` from a stream of their own.
    #[arg(long, default_value = "train", value_parser = ["train", "test", "dev"])]
    split: String,
    /// Where to write; stdout when absent or `-`.
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    options: GeneratorArgs,
}

/// The generator's options, as flags of `generate` and `train`.
#[derive(clap::Args)]
pub struct GeneratorArgs {
    /// The share of whole numbers from 0 to 20 (row limits and number arguments) written as
    /// English words (`first five rows`), never in the test split; 0 draws the records as before.
    #[arg(long, default_value_t = 0.0)]
    number_words: f64,
    /// The share of positives whose tool is a plain English word said both as prose and as the
    /// tool (`search query "x" using search`), never in the test split; 0 draws the records as
    /// before.
    #[arg(long, default_value_t = 0.0)]
    echo: f64,
    /// Every echo sentence makes one call.
    #[arg(long)]
    echo_one_call: bool,
    /// The share of positives laid out with markdown (headings, bold labels, one argument per
    /// bullet, calls listed under a cue line), never in the test split; 0 draws the records as
    /// before.
    #[arg(long, default_value_t = 0.0)]
    markdown: f64,
    /// The share of positives with remarks built on the words of unsupported structures that ask
    /// for none (`if it is not too much trouble`, `the nightly run failed`, `no need to sort`),
    /// never in the test split; 0 draws the records as before.
    #[arg(long, default_value_t = 0.0)]
    asides: f64,
    /// The share of records (plans and the negatives the network reads alike) given a sentence
    /// of ordinary English context that names nothing and asks for nothing, before or after the
    /// instruction, never in the test split; 0 draws the records as before.
    #[arg(long, default_value_t = 0.0)]
    context: f64,
    /// Context sentences only around records whose answer has no schedule (one call, or a
    /// negative).
    #[arg(long)]
    context_without_schedule: bool,
    /// The share of tool names drawn from train-only words the instructions also use as cues
    /// (`together`, `again`, `only`, `rows`), never in the test split; 0 draws the records as
    /// before.
    #[arg(long, default_value_t = 0.0)]
    cue_names: f64,
    /// Also draw the forms people write that the older families did not: conditions stated
    /// first, inverted (`should free be under 10, then ...`) or on a returned field, results of
    /// two calls merged or compared, negated concurrency cues (`we don't need these to happen at
    /// the same time`); never in the test split.
    #[arg(long)]
    spoken: bool,
    /// The share of positives written as working notes that list calls already made, with what
    /// they returned, before the calls to make now (`### Already done` / `### Next`); only those
    /// are the plan. Never in the test split; 0 draws the records as before.
    #[arg(long, default_value_t = 0.0)]
    notes: f64,
    /// The share of positives said with their own corrections: a value taken back for another
    /// (`"x", no, "y"`), changed in a later sentence, an argument or a call struck, a row limit
    /// or field corrected (`first 3 rows, no, 4`); the plan is the corrected request. Never in
    /// the test split; 0 draws the records as before.
    #[arg(long, default_value_t = 0.0)]
    corrections: f64,
    /// Also draw conditions said formally or softly, on an event rather than a result (`Should
    /// that happen, would it be possible to ...`, `In the case that ..., do nothing. Otherwise
    /// ...`); never in the test split.
    #[arg(long)]
    soft_conditions: bool,
    /// The share of the cues that decide a plan (a schedule, the output, a row limit, a
    /// projection, a condition, a retry, a sort, a filter, a count) said in another language in the middle of an English request
    /// (`Ao mesmo tempo, ...`, `..., sadece ilk 5 satır`); never in the test split; 0 draws the
    /// records as before.
    #[arg(long, default_value_t = 0.0)]
    code_switch: f64,
    /// The share of positives written as a reply above or below an earlier message it quotes
    /// (`> ` lines under `On ..., Ana wrote:`, `-----Original Message-----`, a forwarded
    /// message): the reply asks for calls of its own, or says to do what the quoted message asks,
    /// and only that request is the plan. Never in the test split; 0 draws the records as before.
    #[arg(long, default_value_t = 0.0)]
    quoted: f64,
    /// With --code-switch, also say the switched cues in twelve more languages (Lingala,
    /// Kinyarwanda, Chichewa, Setswana, Malagasy, Fijian, Pashto, Kyrgyz, Tajik, Luxembourgish,
    /// Azerbaijani, Egyptian Arabic); off, the languages are drawn as before.
    #[arg(long)]
    more_tongues: bool,
    /// Of the records whose cues --code-switch says in another language, the share said in a
    /// made-up one: a language's words each replaced by a word no language has, the label kept,
    /// so that words the network cannot read are learned to possibly change a plan. 0 draws the
    /// records as before.
    #[arg(long, default_value_t = 0.0)]
    unheard: f64,
    /// The share of positives in which a tool is called again after a call (`count_notes, then
    /// list_notes, then count_notes again`, `re-run list_pods`): one more call, not a retry.
    /// Never in the test split; 0 draws the records as before.
    #[arg(long, default_value_t = 0.0)]
    repeated: f64,
    /// The share of records whose one call's projection of two or three fields is said in
    /// another language, the last field after that language's `and`; in half of them the tool
    /// lacks that field and the record is a diagnostic. Never in the test split; 0 draws the
    /// records as before.
    #[arg(long, default_value_t = 0.0)]
    foreign_fields: f64,
    /// The share of positives written as a list of calls, one per line, each marked done or still
    /// to do (`- [x]` / `- [ ]`, `~~struck~~`, `✓` or `(done)` after an item, `DONE:` / `TODO:`),
    /// in any order, some lists ending with calls for later (`## Later (not now)`); only the open
    /// items are the plan. Never in the test split; 0 draws the records as before.
    #[arg(long, default_value_t = 0.0)]
    marked: f64,
    /// The share of positives set out as numbered clauses (`1.`, `(a)`, `ii.`, `§2`, a section's
    /// `4.1` and `4.2`), the schedule, output and shaping in clauses of their own that may name
    /// the call clauses (`Sequence: 4.1 then 4.2`); the clause numbers are never values. Never
    /// in the test split; 0 draws the records as before.
    #[arg(long, default_value_t = 0.0)]
    clauses: f64,
    /// The share of positives filed as a ticket (`Summary:`, `Priority: P2`, `Description:`,
    /// `Steps already taken:`, `Acceptance criteria:`, `Out of scope:`); only the request's calls
    /// are the plan, never the steps already taken or the calls out of scope. Never in the test
    /// split; 0 draws the records as before.
    #[arg(long, default_value_t = 0.0)]
    tickets: f64,
    /// The share of positives in which two or three calls of one tool share a value said once
    /// (`days 3 for both`, `both with days 3:`, `para los dos`); every call of the plan takes it.
    /// Never in the test split; 0 draws the records as before.
    #[arg(long, default_value_t = 0.0)]
    shared_values: f64,
}

impl GeneratorArgs {
    /// The options, once each share is checked to lie between 0 and 1.
    pub fn options(&self) -> anyhow::Result<Options> {
        for (flag, share) in [
            ("--number-words", self.number_words),
            ("--echo", self.echo),
            ("--markdown", self.markdown),
            ("--asides", self.asides),
            ("--context", self.context),
            ("--cue-names", self.cue_names),
            ("--notes", self.notes),
            ("--corrections", self.corrections),
            ("--code-switch", self.code_switch),
            ("--quoted", self.quoted),
            ("--unheard", self.unheard),
            ("--repeated", self.repeated),
            ("--foreign-fields", self.foreign_fields),
            ("--marked", self.marked),
            ("--clauses", self.clauses),
            ("--tickets", self.tickets),
            ("--shared-values", self.shared_values),
        ] {
            anyhow::ensure!(
                (0.0..=1.0).contains(&share),
                "{flag} must be a share between 0 and 1"
            );
        }
        Ok(Options {
            number_words: self.number_words,
            echo: self.echo,
            echo_one_call: self.echo_one_call,
            markdown: self.markdown,
            asides: self.asides,
            context: self.context,
            context_without_schedule: self.context_without_schedule,
            cue_names: self.cue_names,
            spoken: self.spoken,
            notes: self.notes,
            corrections: self.corrections,
            soft_conditions: self.soft_conditions,
            code_switch: self.code_switch,
            quoted: self.quoted,
            more_tongues: self.more_tongues,
            unheard: self.unheard,
            repeated: self.repeated,
            foreign_fields: self.foreign_fields,
            marked: self.marked,
            clauses: self.clauses,
            tickets: self.tickets,
            shared_values: self.shared_values,
        })
    }
}

/// Writes `count` labeled records, one JSON object per line.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let split = Split::parse(&args.split).context("--split is train, test or dev")?;
    let options = args.options.options()?;
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) if path.as_os_str() != "-" => Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("cannot write {}", path.display()))?,
        )),
        _ => Box::new(BufWriter::new(io::stdout().lock())),
    };
    write_jsonl_with(&mut out, args.seed, args.count, split, options).context("writing records")?;
    out.flush().context("writing records")?;
    Ok(ExitCode::SUCCESS)
}
