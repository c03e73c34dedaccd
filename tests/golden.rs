//! Golden tests: every `tests/data/<command>/<name>.jsonl` is fed to `codemode <command>` and the
//! answers are compared with the file beside it (`<name>.expected.jsonl`; for `compile`, a readable
//! `<name>.expected.js`). `UPDATE_EXPECT=1 cargo test --test golden` refreshes them.
#![allow(clippy::unwrap_used)] // a test fails loudly on what it did not expect

mod common;

use std::path::Path;

use common::{check, codemode, data_dir, json_lines};

fn inputs(command: &str) -> Vec<std::path::PathBuf> {
    let dir = data_dir().join(command);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|_| panic!("{} exists", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.to_string_lossy().ends_with(".jsonl") && !p.to_string_lossy().contains(".expected.")
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {}", dir.display());
    files
}

fn expected_path(input: &Path, ext: &str) -> std::path::PathBuf {
    let stem = input
        .file_name()
        .unwrap()
        .to_string_lossy()
        .trim_end_matches(".jsonl")
        .to_owned();
    input.with_file_name(format!("{stem}.expected.{ext}"))
}

#[test]
fn validate_answers_match_the_golden_files() {
    for input in inputs("validate") {
        let text = std::fs::read_to_string(&input).unwrap();
        let out = codemode(&["validate", input.to_str().unwrap()], "");
        assert_eq!(
            out.lines().count(),
            text.lines().count(),
            "one answer per line in {}",
            input.display()
        );
        check(&expected_path(&input, "jsonl"), &out);
    }
}

#[test]
fn types_answers_match_the_golden_files() {
    for input in inputs("types") {
        let out = codemode(&["types", input.to_str().unwrap()], "");
        let mut readable = String::new();
        for (i, answer) in json_lines(&out).iter().enumerate() {
            match answer.get("ts").and_then(|t| t.as_str()) {
                Some(ts) => readable.push_str(&format!("// line {}\n{ts}", i + 1)),
                None => readable.push_str(&format!("// line {}: {answer}\n", i + 1)),
            }
        }
        check(&expected_path(&input, "ts"), &readable);
    }
}

#[test]
fn compile_answers_match_the_golden_files() {
    for input in inputs("compile") {
        let text = std::fs::read_to_string(&input).unwrap();
        let out = codemode(&["compile", input.to_str().unwrap()], "");
        let answers = json_lines(&out);
        assert_eq!(
            answers.len(),
            text.lines().count(),
            "one answer per line in {}",
            input.display()
        );
        let mut readable = String::new();
        for (i, answer) in answers.iter().enumerate() {
            match answer.get("js").and_then(|t| t.as_str()) {
                Some(js) => readable.push_str(&format!("// line {}\n{js}", i + 1)),
                None => readable.push_str(&format!("// line {}: {answer}\n", i + 1)),
            }
        }
        check(&expected_path(&input, "js"), &readable);
    }
}
