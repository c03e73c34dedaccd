//! People's phrasing split by voice (`data/people/voices.json`): every voice in one split with all
//! of its records, every voice's records where the manifest says, no record in two splits, no
//! voice read by a network before it was split held out as blind, and every record passing the
//! dev sets' mechanical checks (`data/dev/check.py`: the frontend, the checker, every value and
//! name said in the instruction) through this build's `validate` and `compile`.
#![allow(clippy::unwrap_used)] // a test fails loudly on what it did not expect

use std::path::Path;
use std::process::Command;

#[test]
fn every_voice_is_in_one_split_and_every_record_checks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("python3")
        .arg(root.join("scripts/people.py"))
        .args(["check", "--bin", env!("CARGO_BIN_EXE_codemode")])
        .output()
        .expect("python3 runs scripts/people.py");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("all checks passed"), "{stdout}");
    // The goal the data was written for: at least 100 voices, and blind ones among them.
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("data/people/voices.json")).unwrap(),
    )
    .unwrap();
    let voices = manifest["voices"].as_array().unwrap();
    assert!(voices.len() >= 100, "{} voices", voices.len());
    for split in ["train", "calibrate", "blind"] {
        assert!(
            voices.iter().any(|voice| voice["split"] == split),
            "no {split} voice"
        );
    }
}
