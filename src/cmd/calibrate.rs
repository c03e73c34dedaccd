//! `codemode calibrate`: fit how a model's confidence maps to the share of exact plans, and the
//! default threshold, on labeled records it was not trained on, and write them into the model.
//! With `--reference`, the model also carries member 0's pooled vectors of a sample of its
//! training records, and the confidence is moved by each plan's distance from them.

use std::path::PathBuf;
use std::process::ExitCode;

use codemode_model::Planner;
use codemode_model::confidence::{Calibration, Sample};
use codemode_model::eval::same_value;
use codemode_model::familiar::Reference;
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
    /// JSONL records drawn like the model's training records (a sample of the generator's and
    /// the people's records it was trained on; `expected` is ignored): member 0's pooled vectors
    /// of them become the reference each plan's distance is measured from, stored in the
    /// written weights, and the confidence is fitted to read the distance. Without it, a
    /// reference the model already carries is kept and read.
    #[arg(long, value_name = "FILE")]
    reference: Vec<PathBuf>,
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
    let mut planner = Planner::from_dir(&args.model)?.with_disputes(!args.without_disputes);
    // A new reference replaces the one the model carries; without one, the model's is read.
    let reference = if args.reference.is_empty() {
        None
    } else {
        let reference = reference_of(&planner, &args.reference)?;
        println!(
            "reference: {} records' pooled vectors, {} wide",
            reference.len(),
            reference.width()
        );
        planner = planner.with_reference(Some(reference.clone()));
        Some(reference)
    };
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
    calibration.fit_familiar(&samples);
    calibration.threshold = calibration.choose_threshold(&samples, args.risk);
    write_calibration(&args.model, &args.out, &calibration, reference.as_ref())?;
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
    match (calibration.familiar, planner.reference()) {
        (Some(f), _) => println!(
            "distance from the training records: log odds {:.3} x that of the map, {:+.3} x the \
             distance, {:+.3}",
            f.confidence, f.distance, f.bias
        ),
        (None, Some(_)) => println!(
            "distance from the training records: left out (it does not lower the odds of \
             farther plans here)"
        ),
        (None, None) => {}
    }
    println!(
        "default threshold: {:.3} (at most {:.1}% of the plans answered wrong)",
        calibration.threshold,
        100.0 * args.risk
    );
    let scored: Vec<Scored> = samples
        .iter()
        .map(|s| Scored {
            confidence: calibration.confidence_of(s),
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
                distance: assessed.distance,
                right,
            })
        })
        .collect();
    Ok((samples, plan_records))
}

/// The reference of `paths`' records: member 0's pooled vector of each record the frontend
/// reads (the labels, if any, are ignored).
fn reference_of(planner: &Planner, paths: &[PathBuf]) -> anyhow::Result<Reference> {
    let mut records = Vec::new();
    for path in paths {
        for mut value in super::eval::read_lines(path)? {
            if let Some(object) = value.as_object_mut() {
                object.retain(|key, _| key == "instruction" || key == "tools");
            }
            if let Ok(record) = frontend::read_record(&value) {
                records.push(record);
            }
        }
    }
    let refs: Vec<&Record> = records.iter().collect();
    Ok(Reference::new(&planner.pooled(&refs)?)?)
}
