//! Retrieval quality on BFCL: each question with an answer key is a query against the pooled
//! function docs of every BFCL category (one tool per distinct name); a question's relevant tools are the ones its answer
//! calls. Prints recall@1 and recall@5 (the share of a question's answer tools among the first
//! 1 or 5 found, averaged over questions, overall and by category) for the search's ranking and
//! for plain BM25, in one run.
//!
//! ```sh
//! cargo run --release -p codemode-search --example bfcl_recall -- DIR
//! ```
//!
//! With `SHOW_MISSES=1` in the environment, each question the search misses is printed.
//! `DIR` holds `functions.jsonl` and `queries.jsonl` as `scripts/bfcl.py` writes them (`bash
//! bench/search.sh` fetches and converts them first).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use codemode_search::{Doc, Index};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
struct Function {
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    parameters: Value,
}

#[derive(Deserialize)]
struct Query {
    category: String,
    question: String,
    expected: Vec<String>,
}

fn read_lines<T: for<'de> Deserialize<'de>>(path: &Path) -> Vec<T> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .enumerate()
        .map(|(number, line)| {
            serde_json::from_str(line)
                .unwrap_or_else(|err| panic!("{} line {}: {err}", path.display(), number + 1))
        })
        .collect()
}

/// Recall@1 and recall@5 sums, and the number of questions, per category.
#[derive(Default, Clone, Copy)]
struct Tally {
    at1: f64,
    at5: f64,
    questions: usize,
}

/// The tallies of `index` over `queries`; with `show_misses`, each question whose answer tools are
/// not all among the first 5 is printed with what was found.
fn measure(
    index: &Index,
    docs: &[Doc],
    queries: &[Query],
    show_misses: bool,
) -> BTreeMap<String, Tally> {
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    for query in queries {
        let found: Vec<&str> = index
            .search(&query.question, 5)
            .iter()
            .map(|hit| docs[hit.doc].name.as_str())
            .collect();
        let share = |k: usize| {
            let top = &found[..found.len().min(k)];
            let hits = query
                .expected
                .iter()
                .filter(|name| top.contains(&name.as_str()))
                .count();
            hits as f64 / query.expected.len() as f64
        };
        if show_misses && share(5) < 1.0 {
            println!(
                "miss [{}] {:?}\n  expected {:?}\n  found    {:?}",
                query.category,
                query.question.chars().take(240).collect::<String>(),
                query.expected,
                found
            );
        }
        for key in [query.category.as_str(), "all"] {
            let tally = tallies.entry(key.to_owned()).or_default();
            tally.at1 += share(1);
            tally.at5 += share(5);
            tally.questions += 1;
        }
    }
    tallies
}

fn main() {
    let dir: PathBuf = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("target/bfcl"), PathBuf::from);
    let functions: Vec<Function> = read_lines(&dir.join("functions.jsonl"));
    let queries: Vec<Query> = read_lines(&dir.join("queries.jsonl"))
        .into_iter()
        .filter(|query: &Query| !query.expected.is_empty())
        .collect();
    // A catalog has one tool per name: where BFCL has several docs under one name (62 of
    // `get_current_weather`), the first in the file's order stands for it.
    let mut seen = std::collections::HashSet::new();
    let docs: Vec<Doc> = functions
        .iter()
        .filter(|function| seen.insert(function.name.clone()))
        .map(|function| {
            Doc::from_schema(&function.name, &function.description, &function.parameters)
        })
        .collect();
    println!(
        "BFCL retrieval: {} questions against {} pooled function docs",
        queries.len(),
        docs.len()
    );
    let started = Instant::now();
    let ours = Index::new(&docs);
    let ours_built = started.elapsed();
    let plain = Index::plain(&docs);
    let started = Instant::now();
    let show_misses = std::env::var_os("SHOW_MISSES").is_some();
    let ours_tallies = measure(&ours, &docs, &queries, show_misses);
    let per_query = started.elapsed() / u32::try_from(queries.len().max(1)).unwrap_or(u32::MAX);
    let plain_tallies = measure(&plain, &docs, &queries, false);
    println!(
        "{:<24} {:>9} | {:>10} {:>10} | {:>10} {:>10}",
        "category", "questions", "ours R@1", "ours R@5", "plain R@1", "plain R@5"
    );
    for (category, tally) in &ours_tallies {
        let base = plain_tallies[category];
        let n = tally.questions as f64;
        println!(
            "{:<24} {:>9} | {:>9.2}% {:>9.2}% | {:>9.2}% {:>9.2}%",
            category,
            tally.questions,
            100.0 * tally.at1 / n,
            100.0 * tally.at5 / n,
            100.0 * base.at1 / n,
            100.0 * base.at5 / n
        );
    }
    println!(
        "index built in {:.1} ms; {:.0} µs a query (one thread)",
        ours_built.as_secs_f64() * 1e3,
        per_query.as_secs_f64() * 1e6
    );
}
