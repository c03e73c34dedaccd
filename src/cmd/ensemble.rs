//! `codemode ensemble`: joins trained model directories into one planner whose networks all read
//! each record and average their probabilities, or (with `--sure`) a cascade whose first network
//! answers alone where it is sure.

use std::path::PathBuf;
use std::process::ExitCode;

use codemode_model::planner::{Sure, write_ensemble};

/// Flags of `codemode ensemble`.
#[derive(clap::Args)]
pub struct Args {
    /// Where to write the ensemble's `config.json` and `model.safetensors`.
    #[arg(long)]
    out: PathBuf,
    /// Make a cascade: the first network answers a record alone when every decision it makes is
    /// at least this probable (above 0.5, at most 1); the others read only the rest.
    #[arg(long)]
    sure: Option<f32>,
    /// A cascade's own threshold for each token's role tag (default: `--sure`).
    #[arg(long, requires = "sure")]
    sure_tags: Option<f32>,
    /// Model directories (each written by `codemode train`, or an ensemble), in order.
    #[arg(required = true)]
    members: Vec<PathBuf>,
}

/// Writes the ensemble and says how many networks it holds.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let members: Vec<&std::path::Path> = args.members.iter().map(PathBuf::as_path).collect();
    let sure = args.sure.map(|heads| Sure {
        tags: args.sure_tags.unwrap_or(heads),
        heads,
    });
    let count = write_ensemble(&members, &args.out, sure)?;
    eprintln!(
        "wrote an ensemble of {count} networks to {}",
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
