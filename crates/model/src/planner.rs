//! Inference: records → batched forward passes → decoding → the checker.
//!
//! Records are sorted by length and batched, each batch padded only to its own longest record, so
//! nothing is padded to the 128-token limit. The checker has the last word: what it rejects is
//! answered as a diagnostic, never printed as a plan.

use std::path::Path;

use candle_core::{D, DType, Device, Tensor};
use candle_nn::VarBuilder;
use codemode_plan::{Diagnostic, Plan, Problem, Record};

use crate::ModelError;
use crate::decode::{Choices, decode_checked};
use crate::features::{Encoded, FIRST_WORD, encode};
use crate::network::{Config, Network, TAGS, batch};

/// The most records that share one forward pass.
pub const BATCH: usize = 64;

/// The most tokens (records × longest record) one forward pass holds. At 256 tokens the largest
/// activation (the convolution's unfolded window, 256 × 3 × 96 floats) stays under mimalloc's
/// large-object size (512 KiB), so the memory a pass frees is reused by the next one instead of
/// piling up in huge pages of many sizes; larger passes were no faster (`bench/planner.sh`).
pub const TOKEN_BUDGET: usize = 256;

/// How many threads run forward passes: `CODEMODE_THREADS`, else the available cores.
fn threads() -> usize {
    std::env::var("CODEMODE_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// A loaded planner: the configuration and the network.
pub struct Planner {
    config: Config,
    network: Network,
}

impl Planner {
    /// Loads `config.json` and `model.safetensors` from a directory.
    pub fn from_dir(dir: &Path) -> Result<Planner, ModelError> {
        let read = |name: &str| {
            let path = dir.join(name);
            std::fs::read(&path).map_err(|e| ModelError::Io(format!("{}: {e}", path.display())))
        };
        Planner::from_bytes(&read("config.json")?, &read("model.safetensors")?)
    }

    /// Loads a planner from the bytes of `config.json` and `model.safetensors`.
    pub fn from_bytes(config: &[u8], weights: &[u8]) -> Result<Planner, ModelError> {
        let mut config: Config =
            serde_json::from_slice(config).map_err(|e| ModelError::Config(e.to_string()))?;
        config.vocab.reindex();
        if config.features != crate::features::FEATURES {
            return Err(ModelError::Config(format!(
                "the model was built for {} token features; this build computes {}",
                config.features,
                crate::features::FEATURES
            )));
        }
        let tensors = candle_core::safetensors::load_buffer(weights, &Device::Cpu)?;
        let vb = VarBuilder::from_tensors(tensors, DType::F32, &Device::Cpu);
        let mut network = Network::load(vb, &config)?;
        network.freeze()?;
        Ok(Planner { config, network })
    }

    /// This planner's network with freshly initialised weights (seeded), to show what training
    /// carries. What is not trained stays: the configuration and any pretrained word vectors.
    pub fn untrained(&self, seed: u64) -> Result<Planner, ModelError> {
        let config = self.config.clone();
        let varmap = candle_nn::VarMap::new();
        let vb = VarBuilder::from_varmap(&varmap, DType::F32, &Device::Cpu);
        let mut network = Network::load(vb, &config)?;
        if let Some(table) = self.network.vectors() {
            network.set_vectors(table.clone())?;
        }
        crate::train::initialise(&varmap, seed)?;
        network.freeze()?;
        Ok(Planner { config, network })
    }

    /// Wraps a network that is already built (as training does).
    pub fn from_parts(config: Config, network: Network) -> Planner {
        Planner { config, network }
    }

    /// The network, for the crate's tests.
    #[cfg(test)]
    pub(crate) fn network_for_tests(&self) -> &Network {
        &self.network
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The network's choices for each record, in input order.
    pub fn choices(&self, records: &[&Record]) -> Result<Vec<Choices>, ModelError> {
        choices(&self.network, &self.config, records)
    }

    /// Plans each record: decoding, then the checker.
    pub fn plan(&self, records: &[&Record]) -> Vec<Result<Plan, Diagnostic>> {
        plan_with(&self.network, &self.config, records)
    }
}

/// The choices of `network` for each record, in input order.
pub fn choices(
    network: &Network,
    config: &Config,
    records: &[&Record],
) -> Result<Vec<Choices>, ModelError> {
    let encoded: Vec<Encoded> = records
        .iter()
        .map(|r| encode(&r.tokens, &r.catalog, &config.vocab))
        .collect();
    let mut order: Vec<usize> = (0..records.len()).collect();
    order.sort_by_key(|&i| encoded[i].len());
    // Batches of similar lengths, at most BATCH records and about TOKEN_BUDGET tokens each, so
    // that memory stays flat however long the records are.
    let mut chunks: Vec<&[usize]> = Vec::new();
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len()
            && end - start < BATCH
            && (end + 1 - start) * encoded[order[end]].len().max(1) <= TOKEN_BUDGET
        {
            end += 1;
        }
        chunks.push(&order[start..end]);
        start = end;
    }
    // Batches are shared out over the worker threads (both cores of a small machine); each
    // forward pass is independent, so the answers do not depend on the split.
    let workers = threads().min(chunks.len()).max(1);
    let share = |w: usize| -> Result<Vec<(usize, Choices)>, ModelError> {
        let mut mine = Vec::new();
        for chunk in chunks.iter().skip(w).step_by(workers) {
            let group: Vec<&Encoded> = chunk.iter().map(|&i| &encoded[i]).collect();
            mine.extend(chunk.iter().copied().zip(choose(network, &group)?));
        }
        Ok(mine)
    };
    // The calling thread takes the first share itself; only the others get threads.
    let results: Vec<Result<Vec<(usize, Choices)>, ModelError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..workers)
            .map(|w| scope.spawn(move || share(w)))
            .collect();
        let mut results = vec![share(0)];
        results.extend(handles.into_iter().map(|h| {
            h.join()
                .unwrap_or_else(|_| Err(ModelError::Config("a planner thread panicked".into())))
        }));
        results
    });
    let mut out: Vec<Option<Choices>> = vec![None; records.len()];
    for result in results {
        for (i, c) in result? {
            out[i] = Some(c);
        }
    }
    Ok(out.into_iter().flatten().collect())
}

fn argmax(t: &Tensor) -> Result<Vec<u32>, ModelError> {
    Ok(t.argmax(D::Minus1)?.to_vec1()?)
}

/// The index of the first largest value.
fn first_max(row: &[f32]) -> usize {
    row.iter()
        .enumerate()
        .fold((0, f32::NEG_INFINITY), |best, (i, &v)| {
            if v > best.1 { (i, v) } else { best }
        })
        .0
}

fn choose(network: &Network, group: &[&Encoded]) -> Result<Vec<Choices>, ModelError> {
    let input = batch(group, &Device::Cpu)?;
    let outputs = network.forward(&input)?;
    // Tag logits, read once: (batch · tokens · tags), row-major.
    let width = TAGS.len();
    let t = input.words.dim(1)?;
    let logits: Vec<f32> = outputs.tags.flatten_all()?.to_vec1()?;
    let pointers: Vec<Vec<u32>> = outputs.pointer.argmax(D::Minus1)?.to_vec2()?;
    let (mode, output, status) = (
        argmax(&outputs.mode)?,
        argmax(&outputs.output)?,
        argmax(&outputs.status)?,
    );
    Ok(group
        .iter()
        .enumerate()
        .map(|(b, enc)| {
            let n = enc.len();
            let rows = &logits[b * t * width..(b * t + n) * width];
            Choices {
                tags: rows.chunks(width).map(first_max).collect(),
                pointers: pointers[b][..n]
                    .iter()
                    .map(|&j| (j as usize) < n && enc.candidates[j as usize])
                    .zip(pointers[b][..n].iter())
                    .map(|(ok, &j)| ok.then_some(j as usize))
                    .collect(),
                mode: mode[b] as usize,
                output: output[b] as usize,
                status: status[b] as usize,
                prose: enc.words.iter().map(|&w| w >= FIRST_WORD).collect(),
                tag_logits: rows.to_vec(),
            }
        })
        .collect())
}

/// Plans each record with `network`: decoding, then the checker. A model error becomes a
/// diagnostic for the records it concerns, never a panic.
pub fn plan_with(
    network: &Network,
    config: &Config,
    records: &[&Record],
) -> Vec<Result<Plan, Diagnostic>> {
    match choices(network, config, records) {
        Ok(choices) => records
            .iter()
            .zip(choices)
            .map(|(record, c)| decode_checked(&record.tokens, &record.catalog, &c))
            .collect(),
        Err(e) => records
            .iter()
            .map(|_| Err(Diagnostic::new("planner", Problem::NoPlan(e.to_string()))))
            .collect(),
    }
}

/// The answer for each record the frontend read: its diagnostic, or what `planner` answers for
/// the records it accepted (planned together, answered in input order).
pub fn plan_read(
    read: Vec<Result<Record, Diagnostic>>,
    planner: impl Fn(&[&Record]) -> Vec<Result<Plan, Diagnostic>>,
) -> Vec<Result<Plan, Diagnostic>> {
    let accepted: Vec<&Record> = read.iter().filter_map(|r| r.as_ref().ok()).collect();
    let mut planned = planner(&accepted).into_iter();
    read.into_iter()
        .map(|r| match r {
            Ok(_) => planned.next().unwrap_or_else(|| {
                Err(Diagnostic::new(
                    "planner",
                    Problem::NoPlan("no answer".into()),
                ))
            }),
            Err(d) => Err(d),
        })
        .collect()
}
