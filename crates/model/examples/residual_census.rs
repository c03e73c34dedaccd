//! Which residual checks fire, and on which plans: for each kind of unhonoured request
//! (`residual::Unhonoured`), how many of the plans it flags in labeled files are exact and how
//! many are wrong. A check that flags mostly exact plans costs coverage and catches little; the
//! census is the before-and-after figure for keeping or removing a check.
//!
//! `cargo run --release -p codemode-model --example residual_census -- FILE... [--model DIR]`

use std::collections::BTreeMap;
use std::io::BufRead;

use codemode_model::eval::same_value;
use codemode_model::labels::{Expected, read_labeled};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut files = Vec::new();
    let mut model = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--model" {
            model = Some(args.next().ok_or("--model needs a directory")?);
        } else {
            files.push(arg);
        }
    }
    if files.is_empty() {
        return Err("usage: residual_census FILE... [--model DIR]".into());
    }
    let planner = match model {
        Some(dir) => codemode_model::Planner::from_dir(std::path::Path::new(&dir))?,
        None => codemode_model::shipped()?,
    };
    let mut labeled = Vec::new();
    let mut records = Vec::new();
    for path in &files {
        for line in std::io::BufReader::new(std::fs::File::open(path)?).lines() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            // The planner's own parser: it keeps lone surrogates that serde_json refuses.
            let l = read_labeled(&codemode_plan::json::parse(&line)?)?;
            if let Ok(record) = codemode_plan::frontend::read_record(&l.input) {
                labeled.push(l);
                records.push(record);
            }
        }
    }
    let refs: Vec<_> = records.iter().collect();
    // kind -> (exact plans flagged, wrong plans flagged)
    let mut census: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let (mut plans, mut flagged, mut flagged_exact) = (0, 0, 0);
    for (l, answer) in labeled.iter().zip(planner.assess(&refs)) {
        let Ok(assessment) = answer else { continue };
        plans += 1;
        if assessment.unhonoured.is_empty() {
            continue;
        }
        let exact = match &l.expected {
            Expected::Plan(want) => same_value(
                &serde_json::to_value(want)?,
                &serde_json::to_value(&assessment.plan)?,
            ),
            Expected::Diagnostic => false,
        };
        flagged += 1;
        flagged_exact += usize::from(exact);
        let mut kinds: Vec<&str> = assessment.unhonoured.iter().map(|u| u.kind()).collect();
        kinds.sort_unstable();
        kinds.dedup();
        for kind in kinds {
            let entry = census.entry(kind).or_default();
            if exact {
                entry.0 += 1;
            } else {
                entry.1 += 1;
            }
        }
    }
    println!("{plans} plans answered, {flagged} flagged ({flagged_exact} of them exact)");
    println!("{:<24} {:>6} {:>6}", "kind", "exact", "wrong");
    for (kind, (exact, wrong)) in &census {
        println!("{kind:<24} {exact:>6} {wrong:>6}");
    }
    Ok(())
}
