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
    /// Steps between held-out reports.
    #[arg(long, default_value_t = 500)]
    report_every: usize,
    /// Where to write `model.safetensors` and `config.json`.
    #[arg(long, default_value = "model")]
    out: PathBuf,
    #[command(flatten)]
    generator: GeneratorArgs,
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
    let data = training_targets(args.seed, args.examples, options)?;
    let held_out = labeled(args.seed.wrapping_add(1), args.held_out, Split::Test)?;
    eprintln!(
        "generated {} training records ({} reach the model) and {} held-out records in {:.1}s",
        args.examples,
        data.len(),
        held_out.len(),
        started.elapsed().as_secs_f64()
    );
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
