//! Prints each record's pooled vector from every network of a planner, one JSON line per record
//! (`[[member 0's floats], [member 1's], ...]`; `null` when the record cannot be read or the
//! frontend refuses it),
//! for measuring how far a request lies from the training data.
//!
//! `cargo run --release -p codemode-model --example pooled -- FILE [MODEL_DIR]` (JSONL planner
//! records; keys beside `instruction` and `tools` are ignored; the shipped model unless a model
//! directory is given).

use codemode_model::features::encode;
use codemode_model::network::batch;
use std::io::{BufRead, Write};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: pooled FILE [MODEL_DIR]")?;
    let planner = match args.next() {
        Some(dir) => codemode_model::Planner::from_dir(std::path::Path::new(&dir))?,
        None => codemode_model::shipped()?,
    };
    let mut out = std::io::stdout().lock();
    for line in std::io::BufReader::new(std::fs::File::open(&path)?).lines() {
        // A line serde cannot read (a lone surrogate, say) is a refused record too.
        let Ok(mut value) = serde_json::from_str::<serde_json::Value>(&line?) else {
            writeln!(out, "null")?;
            continue;
        };
        if let Some(object) = value.as_object_mut() {
            object.retain(|key, _| key == "instruction" || key == "tools");
        }
        let Ok(record) = codemode_plan::frontend::read_record(&value) else {
            writeln!(out, "null")?;
            continue;
        };
        let mut members = Vec::new();
        for (config, network) in planner.networks() {
            let encoded = encode(&record.tokens, &record.catalog, &config.vocab);
            let (_, pooled) =
                network.forward_pooled(&batch(&[&encoded], &candle_core::Device::Cpu)?)?;
            members.push(pooled.squeeze(0)?.to_vec1::<f32>()?);
        }
        writeln!(out, "{}", serde_json::to_string(&members)?)?;
    }
    Ok(())
}
