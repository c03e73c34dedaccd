//! `codemode refit-status`: train the status head of one trained network again on generated
//! records (with any generator options), the rest of the network frozen, and write the network
//! with the new head.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use codemode_model::Planner;
use codemode_model::refit::{self, RefitSettings};

use super::generate::GeneratorArgs;
use super::train::training_targets;

/// Flags of `codemode refit-status`.
#[derive(clap::Args)]
pub struct Args {
    /// The model directory of one network (as `codemode train` writes it).
    #[arg(long)]
    model: PathBuf,
    /// Where to write the network with its refitted status head.
    #[arg(long)]
    out: PathBuf,
    /// The seed of the generated records and the shuffling.
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// How many generated training records.
    #[arg(long, default_value_t = 300_000)]
    examples: usize,
    /// Passes over the records' pooled vectors.
    #[arg(long, default_value_t = 4)]
    epochs: usize,
    /// The learning rate (constant).
    #[arg(long, default_value_t = 1e-3)]
    learning_rate: f64,
    /// The weight of a negative's loss against a plan's 1.
    #[arg(long, default_value_t = 1.0)]
    negative_weight: f32,
    #[command(flatten)]
    generator: GeneratorArgs,
}

/// Refits and writes the network; reports each epoch on stderr.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let planner = Planner::from_dir(&args.model)?;
    let networks = planner.networks();
    let [(config, network)] = networks.as_slice() else {
        anyhow::bail!(
            "{} holds {} networks; refit one network at a time",
            args.model.display(),
            networks.len()
        );
    };
    let options = args.generator.options()?;
    let data = training_targets(args.seed, args.examples, options)?;
    let (x, statuses, width) = refit::pooled_vectors(network, config, &data)?;
    eprintln!(
        "pooled {} records ({width} wide) in {:.1}s",
        statuses.len(),
        started.elapsed().as_secs_f64()
    );
    let settings = RefitSettings {
        seed: args.seed,
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        negative_weight: args.negative_weight,
        ..RefitSettings::default()
    };
    let weights = refit::read_weights(&args.model)?;
    let start = refit::status_head(&weights)?;
    let head = refit::refit_status(&x, &statuses, width, &start, &settings, |p| {
        eprintln!(
            "epoch {}: loss {:.4}, held-out status accuracy {:.2}%",
            p.epoch,
            p.loss,
            100.0 * p.held_out_accuracy
        );
    })?;
    refit::write_refitted(&args.model, weights, &args.out, &head)?;
    eprintln!(
        "refitted in {:.1} min; wrote {}",
        started.elapsed().as_secs_f64() / 60.0,
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
