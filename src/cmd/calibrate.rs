//! `codemode calibrate`: fit how a model's confidence maps to the share of exact plans, and the
//! default threshold, on labeled records it was not trained on, and write them into the model.

use std::path::PathBuf;
use std::process::ExitCode;

use codemode_model::Planner;
use codemode_model::confidence::{Calibration, Sample};
use codemode_model::eval::same_value;
use codemode_model::labels::{Expected, read_labeled};
use codemode_model::planner::write_calibration;
use codemode_model::selective::{self, Scored};
use codemode_plan::{Record, frontend};

/// Flags of `codemode calibrate`.
#[derive(clap::Args)]
pub struct Args {
    /// The model directory to calibrate (an ensemble, as `codemode ensemble` writes one).
    #[arg(long)]
    model: PathBuf,
    /// Where to write the calibrated model (the same directory rewrites its `config.json` only).
    #[arg(long)]
    out: PathBuf,
    /// The default threshold is the least at which at most this share of the plans answered
    /// over FILES is wrong.
    #[arg(long, default_value_t = 0.01, value_name = "SHARE")]
    risk: f64,
    /// Do not look for disputed plans (a cascade's members reading a record otherwise): no cap
    /// for them, and the other members read only what member 0 is not sure of.
    #[arg(long)]
    without_disputes: bool,
    /// JSONL files of labeled records (`expected`) the model was not trained on, and that it
    /// will not be judged on.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Fits the calibration and the threshold, writes the model, and prints what they rest on.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if !(0.0..1.0).contains(&args.risk) {
        anyhow::bail!("--risk must be a share from 0 to 1, not {}", args.risk);
    }
    let planner = Planner::from_dir(&args.model)?.with_disputes(!args.without_disputes);
    let mut samples = Vec::new();
    let mut plan_records = 0;
    for path in &args.files {
        let (found, plans) = samples_of(&planner, path)?;
        println!(
            "{}: {} plans answered, {} exact, {} with a request left unhonoured ({} of them exact), \
             {} disputed ({} of them exact)",
            path.display(),
            found.len(),
            found.iter().filter(|s| s.right).count(),
            found.iter().filter(|s| s.unhonoured).count(),
            found.iter().filter(|s| s.unhonoured && s.right).count(),
            found.iter().filter(|s| s.disputed).count(),
            found.iter().filter(|s| s.disputed && s.right).count()
        );
        samples.extend(found);
        plan_records += plans;
    }
    let mut calibration = Calibration::fit(&samples)?;
    calibration.threshold = calibration.choose_threshold(&samples, args.risk);
    write_calibration(&args.model, &args.out, &calibration)?;
    let knots: Vec<String> = calibration
        .raw
        .iter()
        .zip(&calibration.right)
        .map(|(raw, right)| format!("{raw:.3}->{right:.3}"))
        .collect();
    println!(
        "map (least probability -> share of exact plans): {}",
        knots.join(", ")
    );
    println!(
        "a plan that leaves a request unhonoured: at most {:.3}",
        calibration.unhonoured
    );
    println!(
        "a plan the cascade's members read otherwise: at most {:.3}",
        calibration.disputed
    );
    println!(
        "default threshold: {:.3} (at most {:.1}% of the plans answered wrong)",
        calibration.threshold,
        100.0 * args.risk
    );
    let scored: Vec<Scored> = samples
        .iter()
        .map(|s| Scored {
            confidence: calibration.confidence(s.raw, s.unhonoured, s.disputed),
            exact: s.right,
        })
        .collect();
    let table = selective::risk_coverage(
        &scored,
        plan_records,
        &selective::thresholds(Some(calibration.threshold)),
    );
    print!("{}", table.table());
    println!("wrote {}", args.out.display());
    Ok(ExitCode::SUCCESS)
}

/// The answered plans of the labeled records of `path`, and how many records expect a plan.
fn samples_of(planner: &Planner, path: &PathBuf) -> anyhow::Result<(Vec<Sample>, usize)> {
    let labeled = super::eval::read_lines(path)?
        .iter()
        .enumerate()
        .map(|(i, v)| {
            read_labeled(v).map_err(|m| anyhow::anyhow!("{}:{}: {m}", path.display(), i + 1))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let records: Vec<(Record, &Expected)> = labeled
        .iter()
        .filter_map(|l| {
            frontend::read_record(&l.input)
                .ok()
                .map(|record| (record, &l.expected))
        })
        .collect();
    let plan_records = labeled
        .iter()
        .filter(|l| matches!(l.expected, Expected::Plan(_)))
        .count();
    let refs: Vec<&Record> = records.iter().map(|(record, _)| record).collect();
    let samples = planner
        .assess(&refs)
        .into_iter()
        .zip(&records)
        .filter_map(|(answer, (_, expected))| {
            let assessed = answer.ok()?;
            let right = match expected {
                Expected::Plan(want) => same_value(
                    &serde_json::to_value(want).ok()?,
                    &serde_json::to_value(&assessed.plan).ok()?,
                ),
                Expected::Diagnostic => false,
            };
            Some(Sample {
                raw: assessed.raw,
                unhonoured: !assessed.unhonoured.is_empty(),
                disputed: assessed.disputed,
                right,
            })
        })
        .collect();
    Ok((samples, plan_records))
}
