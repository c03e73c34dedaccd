//! Inference: records → batched forward passes → decoding → the checker.
//!
//! Records are sorted by length and batched, each batch padded only to its own longest record, so
//! nothing is padded to the 128-token limit. The checker has the last word: what it rejects is
//! answered as a diagnostic, never printed as a plan.
//!
//! A planner is one network or an ensemble: every member encodes the record with its own
//! vocabulary and runs its own forward pass, and decoding reads the mean of their probabilities.
//! An ensemble may be a cascade: member 0 reads every record first and answers alone for the ones
//! it is sure of (every decision it makes at least as probable as the cascade's [`Sure`]
//! thresholds); only the others are read by the whole ensemble.
//!
//! When the calibration caps disputed plans ([`Calibration::disputed`] below 1), the other
//! members also read the records member 0 answers alone, and each member's own reading is
//! decoded: a plan that a member alone would answer otherwise is *disputed*, a sign that the
//! request is unlike what the networks were trained on. This costs the other members' forward
//! passes on every record; without such a cap nothing more is read.

use std::path::Path;

use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use codemode_plan::{Diagnostic, Plan, Problem, Record};
use serde::{Deserialize, Serialize};

use crate::ModelError;
use crate::confidence::{Calibration, deciding_probability};
use crate::decode::{Choices, decode_sure};
use crate::familiar::{REFERENCE_TENSOR, Reference};
use crate::features::{Encoded, FIRST_WORD, encode};
use crate::network::{Batch, Config, Network, Outputs, TAGS, batch};
use crate::residual::{Unhonoured, unhonoured};
use crate::store::read_configs;
pub use crate::store::{write_calibration, write_ensemble};

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
    /// For a cascade: how probable member 0's decisions must be for it to answer alone.
    sure: Option<Sure>,
    /// The least confidence a plan must have to be answered (0: every plan the checker
    /// accepts); see [`Planner::with_min_confidence`].
    min_confidence: f32,
    /// How the network's least probability becomes a plan's confidence.
    calibration: Calibration,
    /// Whether a cascade's members each read every record, to find disputed plans.
    disputes: bool,
    /// The pooled vectors of training records, for each plan's distance from them
    /// ([`crate::familiar`]); absent, no distance is measured.
    reference: Option<Reference>,
}

/// A plan with what its confidence rests on.
#[derive(Debug, Clone, PartialEq)]
pub struct Assessment {
    /// The plan (checked against the record's catalog).
    pub plan: Plan,
    /// The least probability the network gave any decision the plan rests on (a role tag only
    /// when its other reading would answer otherwise; see
    /// [`deciding_probability`](crate::confidence::deciding_probability)).
    pub raw: f32,
    /// The requests of the instruction the plan does not honour.
    pub unhonoured: Vec<Unhonoured>,
    /// Whether the members of a cascade, each reading alone, decode other answers than this
    /// plan (only for records the whole cascade read; see [`Planner`]).
    pub disputed: bool,
    /// How far the record lies from the training records (when the planner carries a
    /// reference; see [`crate::familiar`]).
    pub distance: Option<f32>,
    /// The plan's confidence: `raw` through the planner's calibration, moved by the distance,
    /// capped when a request is unhonoured or the plan is disputed.
    pub confidence: f32,
}

/// A cascade's thresholds: how probable each decision of member 0 must be for it to answer a
/// record alone. Both are above 0.5, so two readings of one decision cannot both be sure.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sure {
    /// The role tag of every token.
    pub tags: f32,
    /// The pointer of every value, the status, the output kind and, with several calls, the
    /// schedule.
    pub heads: f32,
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
        let (configs, sure, calibration) = read_configs(config)?;
        let mut tensors = candle_core::safetensors::load_buffer(weights, &Device::Cpu)?;
        let reference = tensors
            .remove(REFERENCE_TENSOR)
            .map(Reference::from_tensor)
            .transpose()?;
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
        let calibration = calibration.unwrap_or_else(Calibration::identity);
        Ok(Planner {
            members,
            sure,
            min_confidence: 0.0,
            disputes: calibration.disputed < 1.0,
            calibration,
            reference,
        })
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
        Ok(Planner {
            members,
            sure: self.sure,
            min_confidence: self.min_confidence,
            calibration: self.calibration.clone(),
            disputes: self.disputes,
            reference: None,
        })
    }

    /// Wraps a network that is already built (as training does).
    pub fn from_parts(config: Config, network: Network) -> Planner {
        Planner {
            members: vec![Member { config, network }],
            sure: None,
            min_confidence: 0.0,
            calibration: Calibration::identity(),
            disputes: false,
            reference: None,
        }
    }

    /// This planner, finding disputed plans (see [`Planner`]) or not, whatever its calibration
    /// says: for fitting a calibration that caps them.
    pub fn with_disputes(mut self, on: bool) -> Planner {
        self.disputes = on;
        self
    }

    /// This planner, measuring each plan's distance from `reference` (the pooled vectors of
    /// training records, as [`Planner::pooled`] gives them): for fitting a calibration that
    /// reads it.
    pub fn with_reference(mut self, reference: Option<Reference>) -> Planner {
        self.reference = reference;
        self
    }

    /// The reference the planner measures distances from, if it carries one.
    pub fn reference(&self) -> Option<&Reference> {
        self.reference.as_ref()
    }

    /// Member 0's pooled vector of each record (the sentence summary its sequence heads read),
    /// in input order: what a reference is made of.
    pub fn pooled(&self, records: &[&Record]) -> Result<Vec<Vec<f32>>, ModelError> {
        let Some(first) = self.members.first() else {
            return Err(ModelError::Config("a planner with no network".into()));
        };
        let encoded: Vec<Encoded> = records
            .iter()
            .map(|r| encode(&r.tokens, &r.catalog, &first.config.vocab))
            .collect();
        let mut order: Vec<usize> = (0..records.len()).collect();
        order.sort_by_key(|&i| encoded[i].len());
        let rows = over_batches(&order, &encoded, |chunk| {
            let group: Vec<&Encoded> = chunk.iter().map(|&i| &encoded[i]).collect();
            let (_, pooled) = first
                .network
                .forward_pooled(&batch(&group, &Device::Cpu)?)?;
            Ok(pooled.to_vec2::<f32>()?)
        })?;
        let mut out = vec![Vec::new(); records.len()];
        for (i, row) in rows {
            out[i] = row;
        }
        Ok(out)
    }

    /// This planner, answering a diagnostic instead of any plan whose confidence (the least
    /// probability of any decision it rests on, see [`Choices::confidence`]) is below `p`: for a
    /// caller to whom a wrong plan costs more than asking a larger model.
    pub fn with_min_confidence(mut self, p: f32) -> Result<Planner, ModelError> {
        if !(0.0..=1.0).contains(&p) {
            return Err(ModelError::Config(format!(
                "a least confidence must be a probability from 0 to 1, not {p}"
            )));
        }
        self.min_confidence = p;
        Ok(self)
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

    /// Each network with the configuration it reads records with, in member order.
    pub fn networks(&self) -> Vec<(&Config, &Network)> {
        self.members
            .iter()
            .map(|m| (&m.config, &m.network))
            .collect()
    }

    /// The network's choices for each record, in input order.
    pub fn choices(&self, records: &[&Record]) -> Result<Vec<Choices>, ModelError> {
        choices(&self.networks(), self.sure, records)
    }

    /// Each member network's own choices for each record (no cascade, no averaging), member by
    /// member, records in input order.
    pub fn member_choices(&self, records: &[&Record]) -> Result<Vec<Vec<Choices>>, ModelError> {
        self.networks()
            .into_iter()
            .map(|member| choices(&[member], None, records))
            .collect()
    }

    /// Plans each record: decoding, then the checker.
    pub fn plan(&self, records: &[&Record]) -> Vec<Result<Plan, Diagnostic>> {
        self.plan_sure(records)
            .into_iter()
            .map(|answer| answer.map(|(plan, _)| plan))
            .collect()
    }

    /// Plans each record, with each plan's confidence; a plan below the planner's least
    /// confidence is answered as a diagnostic.
    pub fn plan_sure(&self, records: &[&Record]) -> Vec<Result<(Plan, f32), Diagnostic>> {
        self.assess(records)
            .into_iter()
            .map(|answer| {
                self.sure_enough(answer)
                    .map(|assessed| (assessed.plan, assessed.confidence))
            })
            .collect()
    }

    /// An assessed plan if the planner is at least as sure of it as its least confidence; a
    /// diagnostic otherwise.
    fn sure_enough(
        &self,
        answer: Result<Assessment, Diagnostic>,
    ) -> Result<Assessment, Diagnostic> {
        let least = self.min_confidence;
        match answer {
            Ok(assessed) if assessed.confidence < least => Err(Diagnostic::new(
                "instruction",
                Problem::NoPlan(format!(
                    "the planner is not sure of its reading (confidence {:.3}, below {least})",
                    assessed.confidence
                )),
            )),
            answer => answer,
        }
    }

    /// Plans each record, with what each plan's confidence rests on (every checked plan, whatever
    /// the planner's least confidence).
    pub fn assess(&self, records: &[&Record]) -> Vec<Result<Assessment, Diagnostic>> {
        let with = ReadWith {
            sure: self.sure,
            disputes: self.disputes,
            reference: self.reference.as_ref(),
        };
        plan_members(&self.networks(), with, records)
            .into_iter()
            .map(|answer| {
                answer.map(|(plan, raw, unhonoured, disputed, distance)| Assessment {
                    confidence: self.calibration.confidence_at(
                        raw,
                        !unhonoured.is_empty(),
                        disputed,
                        distance,
                    ),
                    plan,
                    raw,
                    unhonoured,
                    disputed,
                    distance,
                })
            })
            .collect()
    }

    /// How this planner's confidence is calibrated.
    pub fn calibration(&self) -> &Calibration {
        &self.calibration
    }

    /// This planner with another calibration (validated).
    pub fn with_calibration(mut self, calibration: Calibration) -> Result<Planner, ModelError> {
        calibration.validate()?;
        self.disputes = calibration.disputed < 1.0;
        self.calibration = calibration;
        Ok(self)
    }

    /// The least confidence a plan is run at unless a caller says otherwise: the threshold
    /// chosen with the calibration (0 for an uncalibrated planner).
    pub fn default_min_confidence(&self) -> f32 {
        self.calibration.threshold
    }
}

impl codemode_plan::PlanRecord for Planner {
    /// Plans one record as [`Planner::plan_sure`] does (the planner's own least confidence
    /// included).
    fn plan_record(&self, record: &Record) -> Result<codemode_plan::Planned, Diagnostic> {
        let answer = self.assess(&[record]).pop().unwrap_or_else(|| {
            Err(Diagnostic::new(
                "instruction",
                Problem::NoPlan("the planner answered nothing".into()),
            ))
        });
        self.sure_enough(answer)
            .map(|assessed| codemode_plan::Planned {
                doubts: assessed
                    .unhonoured
                    .iter()
                    .map(|left| left.describe(&record.tokens))
                    .collect(),
                plan: assessed.plan,
                confidence: assessed.confidence,
            })
    }
}

/// A member network and its configuration, borrowed.
type Part<'a> = (&'a Config, &'a Network);

/// The choices of `members` (their probabilities averaged) for each record, in input order. With
/// `sure` (a cascade), member 0 reads every record first, and the whole ensemble reads only the
/// records where one of member 0's decisions is less probable than its threshold.
fn choices(
    members: &[Part],
    sure: Option<Sure>,
    records: &[&Record],
) -> Result<Vec<Choices>, ModelError> {
    let with = ReadWith {
        sure,
        disputes: false,
        reference: None,
    };
    Ok(read(members, with, records)?
        .into_iter()
        .map(|(c, _, _)| c)
        .collect())
}

/// How records are read: a cascade's thresholds, whether the cascade looks for disputes, and
/// the reference distances are measured from.
#[derive(Clone, Copy)]
struct ReadWith<'a> {
    sure: Option<Sure>,
    disputes: bool,
    reference: Option<&'a Reference>,
}

/// The choices of a record, each member's own choices (member order) when a cascade looks for
/// disputes (empty otherwise), and the record's distance from the reference (when there is one).
type Reading = (Choices, Vec<Choices>, Option<f32>);

/// The choices of a batch's records and each member's own, with member 0's pooled vectors.
type BatchReading = (Vec<(Choices, Vec<Choices>)>, Tensor);

/// [`choices`], with each member's own choices for every record when a cascade looks for
/// disputes, and each record's distance from the reference.
fn read(members: &[Part], with: ReadWith, records: &[&Record]) -> Result<Vec<Reading>, ModelError> {
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
    let chosen = over_batches(&order, first, |chunk| {
        let groups: Vec<Vec<&Encoded>> = encoded
            .iter()
            .map(|e| chunk.iter().map(|&i| &e[i]).collect())
            .collect();
        let (read, pooled) = match with.sure {
            Some(sure) if members.len() > 1 => {
                cascade(members, &reads, &groups, sure, with.disputes)?
            }
            _ => {
                let (scores, pooled) = scores(members, &reads, &groups)?;
                let read = read_choices(&scores, &groups[0])?
                    .into_iter()
                    .map(|c| (c, Vec::new()))
                    .collect();
                (read, pooled)
            }
        };
        let distances = match with.reference {
            Some(reference) => reference
                .distances(&pooled)?
                .into_iter()
                .map(Some)
                .collect(),
            None => vec![None; read.len()],
        };
        Ok(read
            .into_iter()
            .zip(distances)
            .map(|((c, own), d)| (c, own, d))
            .collect::<Vec<Reading>>())
    })?;
    let mut out: Vec<Option<Reading>> = vec![None; records.len()];
    for (i, c) in chosen {
        out[i] = Some(c);
    }
    Ok(out.into_iter().flatten().collect())
}

/// A cascade's choices for one batch: member 0 reads the whole batch, and the records where one
/// of its decisions is less probable than `sure` says are read again by the other members, as a
/// smaller batch, and answered from the mean of all members' probabilities. With `disputes`,
/// the other members also read the records member 0 answers alone, and every record carries
/// each member's own choices.
fn cascade(
    members: &[Part],
    reads: &[usize],
    groups: &[Vec<&Encoded>],
    sure: Sure,
    disputes: bool,
) -> Result<BatchReading, ModelError> {
    let (alone, pooled) = members[0]
        .1
        .forward_pooled(&batch(&groups[reads[0]], &Device::Cpu)?)?;
    let mut choices: Vec<(Choices, Vec<Choices>)> = read_choices(&alone, &groups[0])?
        .into_iter()
        .map(|c| (c, Vec::new()))
        .collect();
    let unsure: Vec<usize> = choices
        .iter()
        .enumerate()
        .filter_map(|(b, (c, _))| (!certain(c, sure)).then_some(b))
        .collect();
    if disputes {
        // Each member's own choices for the records member 0 answers alone: the others read
        // them as a batch of their own.
        let sure_rows: Vec<usize> = (0..choices.len()).filter(|b| !unsure.contains(b)).collect();
        if !sure_rows.is_empty() {
            let cut: Vec<Vec<&Encoded>> = groups
                .iter()
                .map(|g| sure_rows.iter().map(|&b| g[b]).collect())
                .collect();
            for &b in &sure_rows {
                let first = choices[b].0.clone();
                choices[b].1.push(first);
            }
            for ((_, network), &read) in members[1..].iter().zip(&reads[1..]) {
                let logits = network.forward(&batch(&cut[read], &Device::Cpu)?)?;
                for (&b, c) in sure_rows.iter().zip(read_choices(&logits, &cut[0])?) {
                    choices[b].1.push(c);
                }
            }
        }
    }
    if unsure.is_empty() {
        return Ok((choices, pooled));
    }
    let probs = each_head(&alone, crate::kernels::softmax)?;
    let groups: Vec<Vec<&Encoded>> = groups
        .iter()
        .map(|g| unsure.iter().map(|&b| g[b]).collect())
        .collect();
    let batches = groups
        .iter()
        .map(|group| batch(group, &Device::Cpu))
        .collect::<candle_core::Result<Vec<_>>>()?;
    // Member 0's probabilities for the same records, cut to the smaller batch's length: the
    // tokens cut off are padding, and the pointer's last column ("names no argument") moves to
    // the new end.
    let t = batches[0].words.dim(1)?;
    let rows = Tensor::from_vec(
        unsure.iter().map(|&b| b as u32).collect::<Vec<_>>(),
        unsure.len(),
        &Device::Cpu,
    )?;
    let cut = |x: &Tensor| x.index_select(&rows, 0);
    let pointer = cut(&probs.pointer)?.narrow(1, 0, t)?;
    let keys = pointer.dim(2)? - 1;
    let first = Outputs {
        tags: cut(&probs.tags)?.narrow(1, 0, t)?,
        pointer: Tensor::cat(&[pointer.narrow(2, 0, t)?, pointer.narrow(2, keys, 1)?], 2)?,
        mode: cut(&probs.mode)?,
        output: cut(&probs.output)?,
        status: cut(&probs.status)?,
        shared: (probs.shared.as_ref())
            .map(|shared| cut(shared)?.narrow(1, 0, t))
            .transpose()?,
    };
    // With `disputes`, each member's own choices: member 0's from its reading of the whole
    // batch, the others' from their logits, read as the mean is.
    let mut own: Vec<Vec<Choices>> = if disputes {
        unsure.iter().map(|&b| vec![choices[b].0.clone()]).collect()
    } else {
        vec![Vec::new(); unsure.len()]
    };
    let others = mean_of(
        first,
        &members[1..],
        &reads[1..],
        &batches,
        members.len(),
        |logits| {
            if disputes {
                for (mine, c) in own.iter_mut().zip(read_choices(logits, &groups[0])?) {
                    mine.push(c);
                }
            }
            Ok(())
        },
    )?;
    for ((b, c), mine) in unsure
        .into_iter()
        .zip(read_choices(&others, &groups[0])?)
        .zip(own)
    {
        choices[b] = (c, mine);
    }
    Ok((choices, pooled))
}

/// Runs `read` on batches of the records `order` lists (sorted by length), shared out over the
/// worker threads, and pairs each record's choices with its index.
fn over_batches<T: Send>(
    order: &[usize],
    encoded: &[Encoded],
    read: impl Fn(&[usize]) -> Result<Vec<T>, ModelError> + Sync,
) -> Result<Vec<(usize, T)>, ModelError> {
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
    let share = |w: usize| -> Result<Vec<(usize, T)>, ModelError> {
        let mut mine = Vec::new();
        for chunk in chunks.iter().skip(w).step_by(workers) {
            mine.extend(chunk.iter().copied().zip(read(chunk)?));
        }
        Ok(mine)
    };
    // The calling thread takes the first share itself; only the others get threads.
    let results: Vec<Result<Vec<(usize, T)>, ModelError>> = std::thread::scope(|scope| {
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
    let mut all = Vec::with_capacity(order.len());
    for result in results {
        all.extend(result?);
    }
    Ok(all)
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
        shared: out.shared.as_ref().map(&f).transpose()?,
    })
}

/// The scores of one batch: one network's logits, or for an ensemble the log of its members'
/// mean probabilities (so that a softmax of either gives the probabilities decoding reads), with
/// member 0's pooled vectors. `groups` holds the batch in each encoding, and member m reads
/// `groups[reads[m]]`.
fn scores(
    members: &[Part],
    reads: &[usize],
    groups: &[Vec<&Encoded>],
) -> Result<(Outputs, Tensor), ModelError> {
    let batches = groups
        .iter()
        .map(|group| batch(group, &Device::Cpu))
        .collect::<candle_core::Result<Vec<_>>>()?;
    let Some(((_, network), &read)) = members.iter().zip(reads).next() else {
        return Err(ModelError::Config("a planner with no network".into()));
    };
    let (out, pooled) = network.forward_pooled(&batches[read])?;
    if members.len() == 1 {
        return Ok((out, pooled));
    }
    let first = each_head(&out, crate::kernels::softmax)?;
    let mean = mean_of(
        first,
        &members[1..],
        &reads[1..],
        &batches,
        members.len(),
        |_| Ok(()),
    )?;
    Ok((mean, pooled))
}

/// The log of the mean of `first` (one network's probabilities) and the probabilities the
/// `others` read from `batches` (member m reads `batches[reads[m]]`), over `count` networks.
/// `each` is shown each of the others' logits, in member order.
fn mean_of(
    first: Outputs,
    others: &[Part],
    reads: &[usize],
    batches: &[Batch],
    count: usize,
    mut each: impl FnMut(&Outputs) -> Result<(), ModelError>,
) -> Result<Outputs, ModelError> {
    let mut sum = first;
    for ((_, network), &read) in others.iter().zip(reads) {
        let logits = network.forward(&batches[read])?;
        each(&logits)?;
        let probs = each_head(&logits, crate::kernels::softmax)?;
        sum = Outputs {
            tags: (sum.tags + probs.tags)?,
            pointer: (sum.pointer + probs.pointer)?,
            mode: (sum.mode + probs.mode)?,
            output: (sum.output + probs.output)?,
            status: (sum.status + probs.status)?,
            // The mean is over every member or none: a member without the head drops it.
            shared: match (sum.shared, probs.shared) {
                (Some(a), Some(b)) => Some((a + b)?),
                _ => None,
            },
        };
    }
    let n = count as f64;
    Ok(each_head(&sum, |t| (t / n)?.log())?)
}

/// The choices each record of a batch gets from `outputs` (one network's logits, or an
/// ensemble's log mean probabilities); `group` is the batch in the first encoding. Each record's
/// choices carry how probable the network found them ([`Choices::tag_sure`],
/// [`Choices::head_sure`]).
fn read_choices(outputs: &Outputs, group: &[&Encoded]) -> Result<Vec<Choices>, ModelError> {
    // Scores, read once: tags (batch · tokens · tags) and pointers (batch · tokens · keys),
    // row-major.
    let width = TAGS.len();
    let t = outputs.tags.dim(1)?;
    let keys = outputs.pointer.dim(2)?;
    let logits: Vec<f32> = outputs.tags.flatten_all()?.to_vec1()?;
    let pointer: Vec<f32> = outputs.pointer.flatten_all()?.to_vec1()?;
    let shared: Option<Vec<f32>> = (outputs.shared.as_ref())
        .map(|x| x.flatten_all()?.to_vec1())
        .transpose()?;
    let heads = |x: &Tensor| -> Result<Vec<Vec<f32>>, ModelError> { Ok(x.to_vec2()?) };
    let (mode, output, status) = (
        heads(&outputs.mode)?,
        heads(&outputs.output)?,
        heads(&outputs.status)?,
    );
    Ok(group
        .iter()
        .enumerate()
        .map(|(b, enc)| {
            let n = enc.len();
            let rows = &logits[b * t * width..(b * t + n) * width];
            let tags: Vec<usize> = rows.chunks(width).map(first_max).collect();
            let tag_sure = rows.chunks(width).map(top).fold(1.0, f32::min);
            let status_sure = top(&status[b]);
            let mut head_sure = status_sure.min(top(&output[b]));
            if crate::decode::calls(&tags) > 1 {
                head_sure = head_sure.min(top(&mode[b]));
            }
            let heads_sure = head_sure;
            let mut pointers = Vec::with_capacity(n);
            let mut pointer_doubts = Vec::new();
            for (i, &tag) in tags.iter().enumerate() {
                let row = &pointer[(b * t + i) * keys..(b * t + i + 1) * keys];
                let j = first_max(row);
                if (4..=6).contains(&tag) {
                    let sure = top(row);
                    head_sure = head_sure.min(sure);
                    let runner_up = (0..row.len())
                        .filter(|&k| k != j)
                        .max_by(|&a, &b| row[a].total_cmp(&row[b]))
                        .filter(|&k| k < n && enc.candidates[k]);
                    pointer_doubts.push((i, sure, runner_up));
                }
                pointers.push((j < n && enc.candidates[j]).then_some(j));
            }
            Choices {
                tags,
                pointers,
                mode: first_max(&mode[b]),
                output: first_max(&output[b]),
                status: first_max(&status[b]),
                prose: enc.words.iter().map(|&w| w >= FIRST_WORD).collect(),
                tag_logits: rows.to_vec(),
                tag_sure,
                status_sure,
                head_sure,
                heads_sure,
                pointer_doubts,
                // The probability of "for every call": a softmax over the head's two scores.
                shared: shared.as_ref().map_or_else(Vec::new, |x| {
                    x[b * t * 2..(b * t + n) * 2]
                        .chunks(2)
                        .map(|l| 1.0 / (1.0 + (l[0] - l[1]).exp()))
                        .collect()
                }),
            }
        })
        .collect())
}

/// The probability of the most probable entry of `scores` (logits, or log probabilities).
fn top(scores: &[f32]) -> f32 {
    let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    1.0 / scores.iter().map(|&s| (s - max).exp()).sum::<f32>()
}

/// Whether a cascade's member 0 is sure enough of `read` (its choices) to answer alone.
fn certain(read: &Choices, sure: Sure) -> bool {
    read.tag_sure >= sure.tags && read.head_sure >= sure.heads
}

/// Plans each record with `network`: decoding, then the checker (as training's probes do).
pub fn plan_with(
    network: &Network,
    config: &Config,
    records: &[&Record],
) -> Vec<Result<Plan, Diagnostic>> {
    let with = ReadWith {
        sure: None,
        disputes: false,
        reference: None,
    };
    plan_members(&[(config, network)], with, records)
        .into_iter()
        .map(|answer| answer.map(|(plan, _, _, _, _)| plan))
        .collect()
}

/// A plan, the least probability of the decisions it rests on, the requests of the instruction
/// it leaves unhonoured, whether a cascade's members each read it otherwise, and the record's
/// distance from the reference.
type Read = (Plan, f32, Vec<Unhonoured>, bool, Option<f32>);

/// Plans each record with `members`: decoding, then the checker, then the requests of the
/// instruction the plan does not honour, then (when a cascade looks for `disputes`) whether each
/// member's own reading decodes to the same plan. A model error becomes a diagnostic for the
/// records it concerns, never a panic.
fn plan_members(
    members: &[Part],
    with: ReadWith,
    records: &[&Record],
) -> Vec<Result<Read, Diagnostic>> {
    match read(members, with, records) {
        Ok(choices) => records
            .iter()
            .zip(choices)
            .map(|(record, (c, own, distance))| {
                decode_sure(&record.tokens, &record.catalog, &c).map(|(plan, raw)| {
                    let left = unhonoured(&record.tokens, &record.catalog, &c.tags, &plan);
                    // The doubts the plan rests on; a close reading keeps the doubt of the tags
                    // it moved.
                    let deciding = deciding_probability(&record.tokens, &record.catalog, &c, &plan);
                    let sure = if raw < c.confidence() {
                        raw.min(deciding)
                    } else {
                        deciding
                    };
                    let disputed = own.iter().any(|mine| {
                        crate::decode::decode_checked(&record.tokens, &record.catalog, mine)
                            .map_or(true, |theirs| theirs != plan)
                    });
                    (plan, sure, left, disputed, distance)
                })
            })
            .collect(),
        Err(e) => records
            .iter()
            .map(|_| Err(Diagnostic::new("planner", Problem::NoPlan(e.to_string()))))
            .collect(),
    }
}

/// The answer for each record the frontend read: its diagnostic, or what `planner` answers for
/// the records it accepted (planned together, answered in input order).
pub fn plan_read<T>(
    read: Vec<Result<Record, Diagnostic>>,
    planner: impl Fn(&[&Record]) -> Vec<Result<T, Diagnostic>>,
) -> Vec<Result<T, Diagnostic>> {
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

#[cfg(test)]
#[path = "planner_tests.rs"]
mod tests;
