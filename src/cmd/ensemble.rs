//! `codemode ensemble`: joins trained model directories into one planner whose networks all read
//! each record and average their probabilities.

use std::path::PathBuf;
use std::process::ExitCode;

use codemode_model::planner::write_ensemble;

/// Flags of `codemode ensemble`.
#[derive(clap::Args)]
pub struct Args {
    /// Where to write the ensemble's `config.json` and `model.safetensors`.
    #[arg(long)]
    out: PathBuf,
    /// Model directories (each written by `codemode train`, or an ensemble), in order.
    #[arg(required = true)]
    members: Vec<PathBuf>,
}

/// Writes the ensemble and says how many networks it holds.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let members: Vec<&std::path::Path> = args.members.iter().map(PathBuf::as_path).collect();
    let count = write_ensemble(&members, &args.out)?;
    eprintln!(
        "wrote an ensemble of {count} networks to {}",
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
