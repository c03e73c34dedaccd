//! Inference: records → batched forward passes → decoding → the checker.
//!
//! Records are sorted by length and batched, each batch padded only to its own longest record, so
//! nothing is padded to the 128-token limit. The checker has the last word: what it rejects is
//! answered as a diagnostic, never printed as a plan.
//!
//! A planner is one network or an ensemble: every member encodes the record with its own
//! vocabulary and runs its own forward pass, and decoding reads the mean of their probabilities.

use std::path::Path;

use candle_core::{D, DType, Device, Tensor};
use candle_nn::VarBuilder;
use codemode_plan::{Diagnostic, Plan, Problem, Record};
use serde::{Deserialize, Serialize};

use crate::ModelError;
use crate::decode::{Choices, decode_checked};
use crate::features::{Encoded, FIRST_WORD, encode};
use crate::network::{Config, Network, Outputs, TAGS, batch};

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

/// A loaded planner: one or more networks with their configurations. With more than one (an
/// ensemble), every member reads each record and their probabilities are averaged.
pub struct Planner {
    members: Vec<Member>,
}

/// One network of a planner, with the configuration (and vocabulary) it was trained with.
struct Member {
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

    /// Loads a planner from the bytes of `config.json` and `model.safetensors`: one network, or
    /// an ensemble (see [`write_ensemble`]).
    pub fn from_bytes(config: &[u8], weights: &[u8]) -> Result<Planner, ModelError> {
        let configs = read_configs(config)?;
        let tensors = candle_core::safetensors::load_buffer(weights, &Device::Cpu)?;
        let vb = VarBuilder::from_tensors(tensors, DType::F32, &Device::Cpu);
        let mut members = Vec::with_capacity(configs.len());
        for (prefix, mut config) in configs {
            config.vocab.reindex();
            if config.features != crate::features::FEATURES {
                return Err(ModelError::Config(format!(
                    "the model was built for {} token features; this build computes {}",
                    config.features,
                    crate::features::FEATURES
                )));
            }
            let vb = match &prefix {
                Some(p) => vb.pp(p),
                None => vb.clone(),
            };
            let mut network = Network::load(vb, &config)?;
            network.freeze()?;
            members.push(Member { config, network });
        }
        Ok(Planner { members })
    }

    /// This planner's network with freshly initialised weights (seeded), to show what training
    /// carries. What is not trained stays: the configuration and any pretrained word vectors.
    pub fn untrained(&self, seed: u64) -> Result<Planner, ModelError> {
        let mut members = Vec::with_capacity(self.members.len());
        for (i, member) in self.members.iter().enumerate() {
            let config = member.config.clone();
            let varmap = candle_nn::VarMap::new();
            let vb = VarBuilder::from_varmap(&varmap, DType::F32, &Device::Cpu);
            let mut network = Network::load(vb, &config)?;
            if let Some(table) = member.network.vectors() {
                network.set_vectors(table.clone())?;
            }
            crate::train::initialise(&varmap, seed.wrapping_add(i as u64))?;
            network.freeze()?;
            members.push(Member { config, network });
        }
        Ok(Planner { members })
    }

    /// Wraps a network that is already built (as training does).
    pub fn from_parts(config: Config, network: Network) -> Planner {
        Planner {
            members: vec![Member { config, network }],
        }
    }

    /// The first member's network, for the crate's tests.
    #[cfg(test)]
    pub(crate) fn network_for_tests(&self) -> &Network {
        &self.members[0].network
    }

    /// The first member's configuration.
    pub fn config(&self) -> &Config {
        &self.members[0].config
    }

    fn parts(&self) -> Vec<Part<'_>> {
        self.members
            .iter()
            .map(|m| (&m.config, &m.network))
            .collect()
    }

    /// The network's choices for each record, in input order.
    pub fn choices(&self, records: &[&Record]) -> Result<Vec<Choices>, ModelError> {
        choices(&self.parts(), records)
    }

    /// Plans each record: decoding, then the checker.
    pub fn plan(&self, records: &[&Record]) -> Vec<Result<Plan, Diagnostic>> {
        plan_members(&self.parts(), records)
    }
}

/// The `config.json` of an ensemble: one configuration per member, whose weights are stored in
/// the one `model.safetensors` under `member{i}.`.
#[derive(Serialize, Deserialize)]
struct EnsembleConfig {
    members: Vec<Config>,
}

/// The prefix of member `i`'s weights in an ensemble's `model.safetensors`.
fn member_prefix(i: usize) -> String {
    format!("member{i}")
}

/// The members a `config.json` describes, each with the prefix of its weights (none for a
/// single network).
fn read_configs(bytes: &[u8]) -> Result<Vec<(Option<String>, Config)>, ModelError> {
    let bad = |e: serde_json::Error| ModelError::Config(e.to_string());
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(bad)?;
    if value.get("members").is_some() {
        let ensemble: EnsembleConfig = serde_json::from_value(value).map_err(bad)?;
        if ensemble.members.is_empty() {
            return Err(ModelError::Config("an ensemble with no members".into()));
        }
        Ok(ensemble
            .members
            .into_iter()
            .enumerate()
            .map(|(i, c)| (Some(member_prefix(i)), c))
            .collect())
    } else {
        Ok(vec![(None, serde_json::from_value(value).map_err(bad)?)])
    }
}

/// Writes the model directories `members` (each one network or an ensemble) as one ensemble in
/// `out`: a `config.json` listing every member's configuration and one `model.safetensors` with
/// each member's weights under `member{i}.`. Returns how many networks it holds.
pub fn write_ensemble(members: &[&Path], out: &Path) -> Result<usize, ModelError> {
    let read = |dir: &Path, name: &str| {
        let path = dir.join(name);
        std::fs::read(&path).map_err(|e| ModelError::Io(format!("{}: {e}", path.display())))
    };
    let mut configs = Vec::new();
    let mut weights = std::collections::HashMap::new();
    for dir in members {
        let tensors =
            candle_core::safetensors::load_buffer(&read(dir, "model.safetensors")?, &Device::Cpu)?;
        for (prefix, config) in read_configs(&read(dir, "config.json")?)? {
            let into = member_prefix(configs.len());
            for (name, tensor) in &tensors {
                let rest = match &prefix {
                    Some(p) => name
                        .strip_prefix(p.as_str())
                        .and_then(|n| n.strip_prefix('.')),
                    None => Some(name.as_str()),
                };
                if let Some(rest) = rest {
                    weights.insert(format!("{into}.{rest}"), tensor.clone());
                }
            }
            configs.push(config);
        }
    }
    if configs.is_empty() {
        return Err(ModelError::Config(
            "an ensemble needs at least one member".into(),
        ));
    }
    std::fs::create_dir_all(out).map_err(|e| ModelError::Io(format!("{}: {e}", out.display())))?;
    let count = configs.len();
    let config = serde_json::to_string_pretty(&EnsembleConfig { members: configs })
        .map_err(|e| ModelError::Config(e.to_string()))?;
    let write = |name: &str, bytes: &[u8]| {
        let path = out.join(name);
        std::fs::write(&path, bytes).map_err(|e| ModelError::Io(format!("{}: {e}", path.display())))
    };
    write("config.json", config.as_bytes())?;
    candle_core::safetensors::save(&weights, out.join("model.safetensors"))?;
    Ok(count)
}

/// A member network and its configuration, borrowed.
type Part<'a> = (&'a Config, &'a Network);

/// The choices of `members` (their probabilities averaged) for each record, in input order.
fn choices(members: &[Part], records: &[&Record]) -> Result<Vec<Choices>, ModelError> {
    // Each member reads the records with its own vocabulary; a record has as many positions in
    // every encoding (one per token), so the batches can be shared. Members with the same
    // vocabulary (runs on the same training data) share one encoding: `reads[m]` is member m's.
    let mut reads: Vec<usize> = Vec::with_capacity(members.len());
    let mut vocabs: Vec<&crate::features::Vocab> = Vec::new();
    for m in members {
        reads.push(
            match vocabs.iter().position(|v| v.encodes_like(&m.0.vocab)) {
                Some(at) => at,
                None => {
                    vocabs.push(&m.0.vocab);
                    vocabs.len() - 1
                }
            },
        );
    }
    let encoded: Vec<Vec<Encoded>> = vocabs
        .iter()
        .map(|vocab| {
            records
                .iter()
                .map(|r| encode(&r.tokens, &r.catalog, vocab))
                .collect()
        })
        .collect();
    let Some(first) = encoded.first() else {
        return Err(ModelError::Config("a planner with no network".into()));
    };
    let mut order: Vec<usize> = (0..records.len()).collect();
    order.sort_by_key(|&i| first[i].len());
    // Batches of similar lengths, at most BATCH records and about TOKEN_BUDGET tokens each, so
    // that memory stays flat however long the records are.
    let mut chunks: Vec<&[usize]> = Vec::new();
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len()
            && end - start < BATCH
            && (end + 1 - start) * first[order[end]].len().max(1) <= TOKEN_BUDGET
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
            let groups: Vec<Vec<&Encoded>> = encoded
                .iter()
                .map(|e| chunk.iter().map(|&i| &e[i]).collect())
                .collect();
            mine.extend(chunk.iter().copied().zip(choose(members, &reads, &groups)?));
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

/// The index of the first largest value.
fn first_max(row: &[f32]) -> usize {
    row.iter()
        .enumerate()
        .fold((0, f32::NEG_INFINITY), |best, (i, &v)| {
            if v > best.1 { (i, v) } else { best }
        })
        .0
}

/// Applies `f` to each head of `out`.
fn each_head(
    out: &Outputs,
    f: impl Fn(&Tensor) -> candle_core::Result<Tensor>,
) -> candle_core::Result<Outputs> {
    Ok(Outputs {
        tags: f(&out.tags)?,
        pointer: f(&out.pointer)?,
        mode: f(&out.mode)?,
        output: f(&out.output)?,
        status: f(&out.status)?,
    })
}

/// The scores of one batch: one network's logits, or for an ensemble the log of its members'
/// mean probabilities (so that a softmax of either gives the probabilities decoding reads).
/// `groups` holds the batch in each encoding, and member m reads `groups[reads[m]]`.
fn scores(
    members: &[Part],
    reads: &[usize],
    groups: &[Vec<&Encoded>],
) -> Result<Outputs, ModelError> {
    let batches = groups
        .iter()
        .map(|group| batch(group, &Device::Cpu))
        .collect::<candle_core::Result<Vec<_>>>()?;
    let mut sum: Option<Outputs> = None;
    for (member, &read) in members.iter().zip(reads) {
        let out = member.1.forward(&batches[read])?;
        if members.len() == 1 {
            return Ok(out);
        }
        let probs = each_head(&out, crate::kernels::softmax)?;
        sum = Some(match sum {
            None => probs,
            Some(s) => Outputs {
                tags: (s.tags + probs.tags)?,
                pointer: (s.pointer + probs.pointer)?,
                mode: (s.mode + probs.mode)?,
                output: (s.output + probs.output)?,
                status: (s.status + probs.status)?,
            },
        });
    }
    let sum = sum.ok_or_else(|| ModelError::Config("a planner with no network".into()))?;
    let n = members.len() as f64;
    Ok(each_head(&sum, |t| (t / n)?.log())?)
}

fn argmax(t: &Tensor) -> Result<Vec<u32>, ModelError> {
    Ok(t.argmax(D::Minus1)?.to_vec1()?)
}

fn choose(
    members: &[Part],
    reads: &[usize],
    groups: &[Vec<&Encoded>],
) -> Result<Vec<Choices>, ModelError> {
    let outputs = scores(members, reads, groups)?;
    let group = &groups[0];
    // Tag scores, read once: (batch · tokens · tags), row-major.
    let width = TAGS.len();
    let t = outputs.tags.dim(1)?;
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

/// Plans each record with `network`: decoding, then the checker (as training's probes do).
pub fn plan_with(
    network: &Network,
    config: &Config,
    records: &[&Record],
) -> Vec<Result<Plan, Diagnostic>> {
    plan_members(&[(config, network)], records)
}

/// Plans each record with `members`: decoding, then the checker. A model error becomes a
/// diagnostic for the records it concerns, never a panic.
fn plan_members(members: &[Part], records: &[&Record]) -> Vec<Result<Plan, Diagnostic>> {
    match choices(members, records) {
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
