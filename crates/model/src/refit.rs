//! Refitting the status head of a trained network: the network is frozen, its pooled vector is
//! computed once for every record of new training data, and only the status head (one linear
//! layer over that vector) is trained again, from its old weights.
//!
//! Every other output of the network stays bit for bit what it was: the role tags, pointers,
//! schedule and output kind, so decoding (and every rule read from this network's readings)
//! sees the same network but for the one decision. This is last-layer retraining: when the body
//! already tells the cases apart, a head retrained on data that breaks a spurious correlation
//! (here, unfamiliar words in context sentences standing beside structure cues) can stop
//! relying on it without moving anything the rest of the network learned.

use std::collections::HashMap;

use candle_core::{D, DType, Device, Tensor, Var};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::ModelError;
use crate::features::encode;
use crate::labels::Targets;
use crate::network::{Config, Network, batch};

/// Settings of a refit.
#[derive(Debug, Clone)]
pub struct RefitSettings {
    /// The seed of the shuffling.
    pub seed: u64,
    /// Passes over the pooled vectors.
    pub epochs: usize,
    /// Records per step.
    pub batch_size: usize,
    /// The learning rate (constant).
    pub learning_rate: f64,
    /// The share of records kept out of training to report on.
    pub held_out: f64,
    /// The weight of a negative's loss against a plan's 1: above 1, the head keeps more of its
    /// readiness to diagnose.
    pub negative_weight: f32,
}

impl Default for RefitSettings {
    fn default() -> RefitSettings {
        RefitSettings {
            seed: 7,
            epochs: 4,
            batch_size: 256,
            learning_rate: 1e-3,
            held_out: 0.05,
            negative_weight: 1.0,
        }
    }
}

/// The refitted head's weights: (statuses, pooled width) and (statuses).
pub struct StatusHead {
    /// `status_head.weight`.
    pub weight: Tensor,
    /// `status_head.bias`.
    pub bias: Tensor,
}

/// What a refit reports after each epoch.
#[derive(Debug, Clone, Copy)]
pub struct RefitProgress {
    /// The epoch just finished (1-based).
    pub epoch: usize,
    /// The mean training loss of the epoch.
    pub loss: f32,
    /// The share of held-out records whose status the head now reads right.
    pub held_out_accuracy: f32,
}

/// The pooled vectors of `network` for `data` (row per record) and their status ids, computed
/// in batches of records of similar length (a record's vector does not depend on its batch).
pub fn pooled_vectors(
    network: &Network,
    config: &Config,
    data: &[Targets],
) -> Result<(Vec<f32>, Vec<u32>, usize), ModelError> {
    let mut order: Vec<usize> = (0..data.len()).collect();
    order.sort_by_key(|&i| data[i].record.tokens.len());
    let mut width = 0;
    let mut rows: Vec<Vec<f32>> = vec![Vec::new(); data.len()];
    for chunk in order.chunks(256) {
        let encoded: Vec<_> = chunk
            .iter()
            .map(|&i| {
                encode(
                    &data[i].record.tokens,
                    &data[i].record.catalog,
                    &config.vocab,
                )
            })
            .collect();
        let refs: Vec<_> = encoded.iter().collect();
        let (_, pooled) = network.forward_pooled(&batch(&refs, &Device::Cpu)?)?;
        let pooled: Vec<Vec<f32>> = pooled.to_vec2()?;
        for (&i, row) in chunk.iter().zip(pooled) {
            width = row.len();
            rows[i] = row;
        }
    }
    let statuses = data.iter().map(|t| t.status as u32).collect();
    Ok((rows.concat(), statuses, width))
}

/// Trains the status head again on the pooled vectors `x` (row-major, `width` wide) and their
/// status ids, starting from `start`; the last [`RefitSettings::held_out`] share of rows is kept
/// out and reported on after each epoch.
pub fn refit_status(
    x: &[f32],
    statuses: &[u32],
    width: usize,
    start: &StatusHead,
    settings: &RefitSettings,
    mut report: impl FnMut(&RefitProgress),
) -> Result<StatusHead, ModelError> {
    let n = statuses.len();
    if n == 0 || width == 0 || x.len() != n * width {
        return Err(ModelError::Config(
            "a refit needs one pooled vector per record".into(),
        ));
    }
    let kept = ((n as f64) * settings.held_out.clamp(0.0, 0.5)) as usize;
    let train = n - kept;
    let weight = Var::from_tensor(&start.weight.to_dtype(DType::F32)?)?;
    let bias = Var::from_tensor(&start.bias.to_dtype(DType::F32)?)?;
    let mut optimizer = AdamW::new(
        vec![weight.clone(), bias.clone()],
        ParamsAdamW {
            lr: settings.learning_rate,
            weight_decay: 0.0,
            ..ParamsAdamW::default()
        },
    )?;
    let logits = |rows: &[usize]| -> Result<Tensor, ModelError> {
        let mut values = Vec::with_capacity(rows.len() * width);
        for &r in rows {
            values.extend_from_slice(&x[r * width..(r + 1) * width]);
        }
        let input = Tensor::from_vec(values, (rows.len(), width), &Device::Cpu)?;
        Ok(input
            .matmul(&weight.as_tensor().t()?)?
            .broadcast_add(bias.as_tensor())?)
    };
    let mut rng = ChaCha8Rng::seed_from_u64(settings.seed);
    let mut order: Vec<usize> = (0..train).collect();
    let held: Vec<usize> = (train..n).collect();
    for epoch in 1..=settings.epochs {
        order.shuffle(&mut rng);
        let (mut sum, mut steps) = (0f32, 0usize);
        for rows in order.chunks(settings.batch_size.max(1)) {
            let targets: Vec<u32> = rows.iter().map(|&r| statuses[r]).collect();
            let weights: Vec<f32> = targets
                .iter()
                .map(|&s| {
                    if s == 0 {
                        1.0
                    } else {
                        settings.negative_weight
                    }
                })
                .collect();
            let total: f32 = weights.iter().sum();
            let targets = Tensor::from_vec(targets, (rows.len(), 1), &Device::Cpu)?;
            let weights = Tensor::from_vec(weights, (rows.len(), 1), &Device::Cpu)?;
            let logp = candle_nn::ops::log_softmax(&logits(rows)?, D::Minus1)?;
            let loss =
                (logp.gather(&targets, 1)?.mul(&weights)?.sum_all()?.neg()? / f64::from(total))?;
            optimizer.backward_step(&loss)?;
            sum += loss.to_scalar::<f32>()?;
            steps += 1;
        }
        let mut right = 0usize;
        for rows in held.chunks(4096) {
            let best: Vec<u32> = logits(rows)?.argmax(D::Minus1)?.to_vec1()?;
            right += rows
                .iter()
                .zip(best)
                .filter(|&(&r, b)| statuses[r] == b)
                .count();
        }
        report(&RefitProgress {
            epoch,
            loss: sum / steps.max(1) as f32,
            held_out_accuracy: right as f32 / held.len().max(1) as f32,
        });
    }
    Ok(StatusHead {
        weight: weight.as_tensor().clone(),
        bias: bias.as_tensor().clone(),
    })
}

/// The weights of the model directory `dir` (one network), by tensor name.
pub fn read_weights(dir: &std::path::Path) -> Result<HashMap<String, Tensor>, ModelError> {
    let path = dir.join("model.safetensors");
    candle_core::safetensors::load(&path, &Device::Cpu)
        .map_err(|e| ModelError::Io(format!("{}: {e}", path.display())))
}

/// The status head among a network's `weights`.
pub fn status_head(weights: &HashMap<String, Tensor>) -> Result<StatusHead, ModelError> {
    let get = |name: &str| {
        weights
            .get(name)
            .cloned()
            .ok_or_else(|| ModelError::Config(format!("the model has no `{name}`")))
    };
    Ok(StatusHead {
        weight: get("status_head.weight")?,
        bias: get("status_head.bias")?,
    })
}

/// Writes the network of model directory `from`, whose `weights` were read from it, to `out`
/// with its status head replaced by `head` (same shapes) and its `config.json` as it was.
pub fn write_refitted(
    from: &std::path::Path,
    mut weights: HashMap<String, Tensor>,
    out: &std::path::Path,
    head: &StatusHead,
) -> Result<(), ModelError> {
    let old = status_head(&weights)?;
    for (name, old, new) in [
        ("status_head.weight", &old.weight, &head.weight),
        ("status_head.bias", &old.bias, &head.bias),
    ] {
        if old.dims() != new.dims() {
            return Err(ModelError::Config(format!(
                "`{name}` is {:?} in the model and {:?} refitted",
                old.dims(),
                new.dims()
            )));
        }
        weights.insert(name.to_owned(), new.clone());
    }
    std::fs::create_dir_all(out).map_err(|e| ModelError::Io(format!("{}: {e}", out.display())))?;
    let config = from.join("config.json");
    std::fs::copy(&config, out.join("config.json"))
        .map_err(|e| ModelError::Io(format!("{}: {e}", config.display())))?;
    candle_core::safetensors::save(&weights, out.join("model.safetensors"))?;
    Ok(())
}
