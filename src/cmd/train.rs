//! `codemode train`: generate data, train the planner, write `model.safetensors` + `config.json`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use codemode_datagen::{Options, Split, example, example_with};

use super::generate::GeneratorArgs;
use codemode_model::labels::{Labeled, Targets, read_labeled, targets};
use codemode_model::planner::plan_with;
use codemode_model::{eval, train};
use indicatif::{ProgressBar, ProgressStyle};

/// Flags of `codemode train`.
#[derive(clap::Args)]
pub struct Args {
    /// The seed of the data, the initial weights and the shuffling.
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// How many generated training records.
    #[arg(long, default_value_t = 60_000)]
    examples: usize,
    /// How many generated held-out records (unseen templates and vocabularies) to report on.
    #[arg(long, default_value_t = 2_000)]
    held_out: usize,
    /// Passes over the training records.
    #[arg(long, default_value_t = 3)]
    epochs: usize,
    /// Records per step.
    #[arg(long, default_value_t = 64)]
    batch_size: usize,
    /// The peak learning rate.
    #[arg(long, default_value_t = 3e-3)]
    learning_rate: f64,
    /// The share of prose words hidden as unknown in each step.
    #[arg(long, default_value_t = 0.1)]
    word_dropout: f64,
    /// The decay of a moving average of the weights that becomes the written model (0: none);
    /// the last step's weights are then also written, as `last-step.safetensors`.
    #[arg(long, default_value_t = 0.0)]
    ema: f64,
    /// The share of prose words given a typo in each step (0: none).
    #[arg(long, default_value_t = 0.0)]
    typos: f64,
    /// Pretrained word vectors to read beside the learned embeddings (a file of
    /// `scripts/vectors.py`); they are written into the model.
    #[arg(long)]
    vectors: Option<PathBuf>,
    /// Channels of the convolution stack (the network's width).
    #[arg(long, default_value_t = 96)]
    channels: usize,
    /// How many pieces each batch is split into, each piece's gradient computed on its own
    /// thread; the trained weights depend on this number, never on the machine's cores.
    #[arg(long, default_value_t = 2)]
    shards: usize,
    /// Give the network the shared-value head: it learns which values are said once for several
    /// calls (`days 3 for both`, `para los dos`), and decoding gives such a value to every call
    /// that takes its argument; a network without it gives each value to one call.
    #[arg(long)]
    shared_head: bool,
    /// Steps between held-out reports.
    #[arg(long, default_value_t = 500)]
    report_every: usize,
    /// Where to write `model.safetensors` and `config.json`.
    #[arg(long, default_value = "model")]
    out: PathBuf,
    /// Labeled records of people's phrasing to train on beside the generator's (JSON lines, as
    /// `scripts/people.py gather train --classes` writes them): a plan's token labels are found
    /// among its tokens, a diagnostic needs `meta.unsupported` (one without it is left out).
    #[arg(long, value_name = "FILE")]
    people: Option<PathBuf>,
    /// How many times each record of `--people` is repeated in the training data.
    #[arg(long, default_value_t = 1, requires = "people")]
    people_repeat: usize,
    #[command(flatten)]
    generator: GeneratorArgs,
}

/// The training targets of people's records in `path`, each `repeat` times: a diagnostic without
/// its class is left out (it would read as a supported request). Prints what it kept.
pub(crate) fn people_targets(
    path: &std::path::Path,
    repeat: usize,
) -> anyhow::Result<Vec<Targets>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let (mut kept, mut tagged, mut unclassed, mut refused) = (Vec::new(), 0, 0, 0);
    for (number, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let value: serde_json::Value = serde_json::from_str(line)
            .with_context(|| format!("{}:{}: not JSON", path.display(), number + 1))?;
        let labeled = read_labeled(&value)
            .map_err(|m| anyhow::anyhow!("{}:{}: {m}", path.display(), number + 1))?;
        let classed = labeled
            .meta
            .as_ref()
            .is_some_and(|meta| meta.unsupported.is_some());
        if matches!(
            labeled.expected,
            codemode_model::labels::Expected::Diagnostic
        ) && !classed
        {
            unclassed += 1;
            continue;
        }
        match targets(&labeled) {
            Some(t) => {
                tagged += usize::from(t.tags.is_some());
                kept.push(t);
            }
            None => refused += 1,
        }
    }
    eprintln!(
        "people: {} records kept ({tagged} with token labels), {unclassed} diagnostics without a \
class and {refused} the frontend refuses left out; each kept record {repeat} times",
        kept.len()
    );
    let mut data = Vec::with_capacity(kept.len() * repeat);
    for _ in 0..repeat {
        data.extend(kept.iter().cloned());
    }
    Ok(data)
}

fn read_generated(e: &codemode_datagen::Example) -> anyhow::Result<Labeled> {
    let value = serde_json::to_value(e)?;
    read_labeled(&value).map_err(|m| anyhow::anyhow!("generated record: {m}"))
}

fn labeled(seed: u64, count: usize, split: Split) -> anyhow::Result<Vec<Labeled>> {
    (0..count as u64)
        .map(|index| read_generated(&example(seed, index, split)))
        .collect()
}

/// The training targets of `count` generated records, drawn one at a time: only the targets are
/// kept, never the examples or their JSON, which take several times their memory.
pub(crate) fn training_targets(
    seed: u64,
    count: usize,
    options: Options,
) -> anyhow::Result<Vec<Targets>> {
    let mut data = Vec::new();
    for index in 0..count as u64 {
        if let Some(t) = targets(&read_generated(&example_with(
            seed,
            index,
            Split::Train,
            options,
        ))?) {
            data.push(t);
        }
    }
    Ok(data)
}

/// Trains and writes the model; prints the held-out table at the end.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        (0.0..1.0).contains(&args.ema),
        "--ema must be at least 0 and below 1"
    );
    anyhow::ensure!(
        (0.0..=1.0).contains(&args.typos),
        "--typos must be a share between 0 and 1"
    );
    let started = Instant::now();
    let options = args.generator.options()?;
    let mut data = training_targets(args.seed, args.examples, options)?;
    let held_out = labeled(args.seed.wrapping_add(1), args.held_out, Split::Test)?;
    eprintln!(
        "generated {} training records ({} reach the model) and {} held-out records in {:.1}s",
        args.examples,
        data.len(),
        held_out.len(),
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = &args.people {
        anyhow::ensure!(
            args.people_repeat >= 1,
            "--people-repeat must be at least 1"
        );
        data.extend(people_targets(path, args.people_repeat)?);
    }
    let settings = train::Settings {
        seed: args.seed,
        epochs: args.epochs,
        batch_size: args.batch_size,
        learning_rate: args.learning_rate,
        word_dropout: args.word_dropout,
        ema: args.ema,
        typos: args.typos,
        vectors: args
            .vectors
            .as_deref()
            .map(train::read_vectors)
            .transpose()?,
        channels: args.channels,
        shards: args.shards,
        threads: std::thread::available_parallelism().map_or(1, usize::from),
        shared_head: args.shared_head,
    };

    let bar = ProgressBar::new(1);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} steps  {msg}")
            .context("progress bar template")?
            .progress_chars("=> "),
    );
    let probe: Vec<Labeled> = held_out.iter().take(500).cloned().collect();
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    let trained = train::train(
        &data,
        &settings,
        args.report_every,
        |p, network, config, varmap| {
            bar.set_length(p.total as u64);
            bar.set_position(p.step as u64);
            let report = eval::evaluate(&probe, |records| plan_with(network, config, records));
            bar.set_message(format!(
                "loss {:.4}  held-out exact {:.1}%",
                p.loss,
                report.exact_pct()
            ));
            let line = format!(
                "step {}/{}: loss {:.4}, held-out exact {:.2}%, diagnosis recall {:.1}%",
                p.step,
                p.total,
                p.loss,
                report.exact_pct(),
                report.recall_pct()
            );
            if bar.is_hidden() {
                eprintln!("{line}");
            } else {
                bar.println(line);
            }
            // A checkpoint at every report, so a long run can be inspected (or stopped) midway.
            let saved = train::save_weights(varmap, network, &args.out.join("model.safetensors"))
                .is_ok()
                && serde_json::to_string_pretty(config)
                    .is_ok_and(|c| std::fs::write(args.out.join("config.json"), c).is_ok());
            if !saved {
                eprintln!("could not write a checkpoint to {}", args.out.display());
            }
        },
    )?;
    bar.finish();
    trained
        .save_last_step(&args.out.join("last-step.safetensors"))
        .context("writing last-step.safetensors")?;
    let train::Trained {
        config,
        varmap,
        network,
        ..
    } = trained;
    train::save_weights(&varmap, &network, &args.out.join("model.safetensors"))
        .context("writing model.safetensors")?;
    std::fs::write(
        args.out.join("config.json"),
        serde_json::to_string_pretty(&config)?,
    )
    .context("writing config.json")?;
    let parameters: usize = varmap.all_vars().iter().map(|v| v.elem_count()).sum();
    eprintln!(
        "{parameters} parameters, vocabulary of {} words",
        config.vocab.words.len()
    );
    let report = eval::evaluate(&held_out, |records| plan_with(&network, &config, records));
    println!(
        "held-out test split ({} records):\n{}",
        held_out.len(),
        report.table()
    );
    eprintln!(
        "trained in {:.1} min; wrote {}",
        started.elapsed().as_secs_f64() / 60.0,
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
