//! Prints the shipped planner's first reading of each record, for looking into a miss: every
//! token with its role tag (and, for a value, the token its pointer prefers), then the status,
//! the schedule, the output kind and the network's confidence.
//!
//! `cargo run --release -p codemode-model --example reading -- FILE [MODEL_DIR]` (JSONL planner
//! records; `expected` and other keys beside `instruction` and `tools` are ignored; the shipped
//! model unless a model directory is given).

use codemode_model::network::{STATUSES, TAGS};
use std::io::{BufRead, Write};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: reading FILE [MODEL_DIR]")?;
    let planner = match args.next() {
        Some(dir) => codemode_model::Planner::from_dir(std::path::Path::new(&dir))?,
        None => codemode_model::shipped()?,
    };
    let mut out = std::io::stdout().lock();
    for (n, line) in std::io::BufReader::new(std::fs::File::open(&path)?)
        .lines()
        .enumerate()
    {
        let line = line?;
        let mut value: serde_json::Value = serde_json::from_str(&line)?;
        if let Some(object) = value.as_object_mut() {
            object.retain(|key, _| key == "instruction" || key == "tools");
        }
        let record = match codemode_plan::frontend::read_record(&value) {
            Ok(record) => record,
            Err(diagnostic) => {
                writeln!(out, "{}: frontend: {diagnostic}", n + 1)?;
                continue;
            }
        };
        let choices = planner.choices(&[&record])?.remove(0);
        let mut words = Vec::with_capacity(record.tokens.len());
        for (i, token) in record.tokens.iter().enumerate() {
            let tag = TAGS.get(choices.tags[i]).copied().unwrap_or("?");
            words.push(match (tag, choices.pointers.get(i).copied().flatten()) {
                ("other", _) => token.text.clone(),
                (t, Some(j)) if t.starts_with("value") => {
                    format!("{}[{t}→{}]", token.text, record.tokens[j].text)
                }
                (t, _) => format!("{}[{t}]", token.text),
            });
        }
        writeln!(
            out,
            "{}: {}\n   status {} ({:.3}), {}, output {}, confidence {:.3}",
            n + 1,
            words.join(" "),
            STATUSES.get(choices.status).copied().unwrap_or("?"),
            choices.status_sure,
            ["serial", "parallel"][choices.mode.min(1)],
            ["all", "last"][choices.output.min(1)],
            choices.confidence()
        )?;
    }
    Ok(())
}
