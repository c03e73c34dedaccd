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
    /// As `train --number-words`: the share of whole numbers 0–20 written as words (never in
    /// the test split).
    #[arg(long, default_value_t = 0.0)]
    number_words: f64,
    /// As `train --echo`: the share of positives whose plain-word tool is also said as prose
    /// (never in the test split).
    #[arg(long, default_value_t = 0.0)]
    echo: f64,
}

/// Writes `count` labeled records, one JSON object per line.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let split = Split::parse(&args.split).context("--split is train, test or dev")?;
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) if path.as_os_str() != "-" => Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("cannot write {}", path.display()))?,
        )),
        _ => Box::new(BufWriter::new(io::stdout().lock())),
    };
    anyhow::ensure!(
        (0.0..=1.0).contains(&args.number_words) && (0.0..=1.0).contains(&args.echo),
        "--number-words and --echo are shares between 0 and 1"
    );
    let options = Options {
        number_words: args.number_words,
        echo: args.echo,
    };
    write_jsonl_with(&mut out, args.seed, args.count, split, options).context("writing records")?;
    out.flush().context("writing records")?;
    Ok(ExitCode::SUCCESS)
}
