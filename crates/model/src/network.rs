//! The Tiny Codemode CNN, laid out like a candle model: [`Config`] first, then layers that each
//! have `load(vb, cfg)` and `forward`, then the public [`Network`].
//!
//! Per token: a word embedding, a kind embedding and the binary features of [`crate::features`]
//! are projected to `channels`, then pass through residual blocks of RMS norm → 1-D convolution
//! (kernel 3, dilated, zero "same" padding, computed as an unfolded matrix product) → ReLU. After
//! `context_after` blocks, a masked max-and-mean pool of the sequence is projected and added to every
//! position, so later blocks see cues from anywhere in the instruction. Heads: per-token role tags,
//! a pointer from value tokens to the argument-name token they fill (a scaled dot product with a
//! learned distance bias, or a learned score for "names no argument"), and
//! three sequence heads (schedule, output kind, supported-or-which-unsupported structure) on the
//! final pooled vector. Padding positions are zeroed after every block, so a record's outputs do
//! not depend on what it is batched with.

use candle_core::{D, DType, Module, Result, Tensor};
use candle_nn::{Embedding, Linear, VarBuilder};
use serde::{Deserialize, Serialize};

use crate::features::{FEATURES, KINDS, Vocab};
use crate::kernels;

/// The role tags of tokens, in id order.
pub const TAGS: &[&str] = &[
    "other", "tool1", "tool2", "tool3", "value1", "value2", "value3", "field", "limit",
];

/// The structures the status head tells apart, in id order; `supported` is the only one planned.
pub const STATUSES: &[&str] = &[
    "supported",
    "condition",
    "loop",
    "dependency",
    "retry",
    "too_many_calls",
    "mixed_schedule",
    "sort",
    "filter",
    "aggregate",
    "other_rows",
];

/// The network's hyper-parameters and its vocabulary, saved as `config.json` beside the weights.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Config {
    /// The prose vocabulary.
    pub vocab: Vocab,
    /// Width of the word embedding.
    pub embed_dim: usize,
    /// Width of the kind embedding.
    pub kind_dim: usize,
    /// Channels of the convolution stack.
    pub channels: usize,
    /// The dilation of each residual block.
    pub dilations: Vec<usize>,
    /// After how many blocks the pooled context is added.
    pub context_after: usize,
    /// Width of the pointer's query and key.
    pub pointer_dim: usize,
    /// The number of token features the network was built for ([`FEATURES`] of this build).
    pub features: usize,
    /// Width of the character n-gram embedding (0: none; needs [`Vocab::subwords`]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub subword_dim: usize,
    /// Width of the pretrained word vectors (0: none; needs [`Vocab::vectors`] and the weights'
    /// [`Pretrained`] table).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub vector_dim: usize,
    /// Whether the network has the shared-value head ([`Outputs::shared`]); networks trained
    /// before it have none, and their values go to every call only on the decoder's cue words.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shared_head: bool,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Config {
    /// The default shape, for a vocabulary.
    pub fn new(vocab: Vocab) -> Config {
        let vocab_has_subwords = vocab.subwords.is_some();
        Config {
            vocab,
            embed_dim: 48,
            kind_dim: 8,
            channels: 96,
            dilations: vec![1, 2, 4, 8, 1, 2, 4],
            context_after: 4,
            pointer_dim: 48,
            features: FEATURES,
            subword_dim: if vocab_has_subwords { 32 } else { 0 },
            vector_dim: 0,
            shared_head: false,
        }
    }
}

/// A table of pretrained word vectors, quantised to a byte per value (`byte * scale + offset`, per
/// dimension), as `scripts/vectors.py` writes it. The network reads it as a fixed input: training
/// never changes it, and it is saved with the weights as `vectors.values` (u8), `vectors.scale`
/// and `vectors.offset` (f32). Row `r` of the words in [`crate::features::VectorWords`] is row
/// `r - 1` here.
#[derive(Debug, Clone, PartialEq)]
pub struct Pretrained {
    /// Width of a vector.
    pub dim: usize,
    /// Rows × `dim` bytes.
    pub values: Vec<u8>,
    /// Per dimension.
    pub scale: Vec<f32>,
    /// Per dimension.
    pub offset: Vec<f32>,
}

impl Pretrained {
    /// Reads a table from safetensors tensors (`values` 2-D u8, `scale` and `offset` f32 of its
    /// width), under `prefix` (`"vectors."` in a model's weights, `""` in a file of
    /// `scripts/vectors.py`).
    pub fn from_tensors(
        tensors: &std::collections::HashMap<String, Tensor>,
        prefix: &str,
    ) -> Result<Pretrained> {
        let get = |name: &str| {
            tensors.get(&format!("{prefix}{name}")).ok_or_else(|| {
                candle_core::Error::Msg(format!("pretrained vectors: no tensor {prefix}{name}"))
            })
        };
        let values = get("values")?;
        let (_, dim) = values.dims2()?;
        let vector = |name: &str| -> Result<Vec<f32>> {
            let t = get(name)?.to_dtype(candle_core::DType::F32)?;
            if t.dims() != [dim] {
                candle_core::bail!("pretrained vectors: {name} is not {dim} wide");
            }
            t.to_vec1()
        };
        Ok(Pretrained {
            dim,
            values: values
                .to_dtype(candle_core::DType::U8)?
                .flatten_all()?
                .to_vec1()?,
            scale: vector("scale")?,
            offset: vector("offset")?,
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.values.len() / self.dim.max(1)
    }

    /// The tensors to save with the weights.
    pub fn tensors(&self) -> Result<Vec<(String, Tensor)>> {
        let device = &candle_core::Device::Cpu;
        Ok(vec![
            (
                "vectors.values".into(),
                Tensor::from_slice(&self.values, (self.rows(), self.dim), device)?,
            ),
            (
                "vectors.scale".into(),
                Tensor::from_slice(&self.scale, self.dim, device)?,
            ),
            (
                "vectors.offset".into(),
                Tensor::from_slice(&self.offset, self.dim, device)?,
            ),
        ])
    }

    /// The vectors of `rows` (1-based; 0 is the zero vector), one after another.
    fn gather(&self, rows: &[u32]) -> Vec<f32> {
        let mut out = vec![0f32; rows.len() * self.dim];
        for (o, &row) in out.chunks_mut(self.dim).zip(rows) {
            let Some(r) = (row as usize).checked_sub(1).filter(|&r| r < self.rows()) else {
                continue;
            };
            let bytes = &self.values[r * self.dim..(r + 1) * self.dim];
            for (k, (v, &b)) in o.iter_mut().zip(bytes).enumerate() {
                *v = f32::from(b) * self.scale[k] + self.offset[k];
            }
        }
        out
    }
}

/// Root-mean-square normalisation with a learned gain, from basic ops so that gradients flow.
struct RmsNorm {
    weight: Tensor,
}

impl RmsNorm {
    fn load(vb: VarBuilder, dim: usize) -> Result<RmsNorm> {
        Ok(RmsNorm {
            weight: vb.get_with_hints(dim, "weight", candle_nn::Init::Const(1.0))?,
        })
    }

    fn forward(&self, x: &Tensor) -> Result<Tensor> {
        let scale = (x.sqr()?.mean_keepdim(D::Minus1)? + 1e-5)?
            .sqrt()?
            .recip()?;
        x.broadcast_mul(&scale)?.broadcast_mul(&self.weight)
    }
}

/// One residual block: norm → dilated convolution (kernel 3) → ReLU, added back, padding zeroed.
struct ConvBlock {
    norm: RmsNorm,
    conv: Linear,
    dilation: usize,
}

impl ConvBlock {
    fn load(vb: VarBuilder, cfg: &Config, dilation: usize) -> Result<ConvBlock> {
        Ok(ConvBlock {
            norm: RmsNorm::load(vb.pp("norm"), cfg.channels)?,
            conv: candle_nn::linear(3 * cfg.channels, cfg.channels, vb.pp("conv"))?,
            dilation,
        })
    }

    /// `x`: (batch, tokens, channels); `mask`: (batch, tokens, 1).
    fn forward(&self, x: &Tensor, mask: &Tensor) -> Result<Tensor> {
        let (b, t, c) = x.dims3()?;
        let d = self.dilation;
        let y = self.norm.forward(x)?;
        // The neighbours `d` tokens to the left and right, zero beyond the ends. Each is built by
        // a concatenation along the tokens of a zero block and a slice of `y`, which candle copies
        // as plain 2-D blocks; slicing a padded tensor instead gives views that the last
        // concatenation would copy element by element (a fifth of the time of a forward pass).
        let (left, right) = if d < t {
            let zeros = Tensor::zeros((b, d, c), y.dtype(), y.device())?;
            (
                Tensor::cat(&[&zeros, &y.narrow(1, 0, t - d)?], 1)?,
                Tensor::cat(&[&y.narrow(1, d, t - d)?, &zeros], 1)?,
            )
        } else {
            let zeros = y.zeros_like()?;
            (zeros.clone(), zeros)
        };
        let window = Tensor::cat(&[&left, &y, &right], 2)?;
        let z = linear_tokens(&self.conv, &window)?.relu()?;
        (x + z)?.broadcast_mul(mask)
    }

    /// The same block for a frozen network, with the same result to the bit: the norm and the
    /// epilogue are fused kernels, and the window is one row gather (`rows` from
    /// [`kernels::window_rows`] for this block's dilation) instead of zero blocks and
    /// concatenations.
    fn forward_frozen(&self, x: &Tensor, mask: &Tensor, rows: &Tensor) -> Result<Tensor> {
        let (b, t, c) = x.dims3()?;
        let y = kernels::rms_norm(x, &self.norm.weight)?.reshape((b * t, c))?;
        let window = y.index_select(rows, 0)?.reshape((b * t, 3 * c))?;
        let z = self.conv.forward(&window)?.reshape((b, t, c))?;
        kernels::residual(x, &z, mask)
    }
}

/// A linear layer over every token of (batch, tokens, width) as one matrix product of
/// (batch · tokens) rows, rather than one small product per record against a broadcast weight.
fn linear_tokens(layer: &Linear, x: &Tensor) -> Result<Tensor> {
    let (b, t, width) = x.dims3()?;
    let y = layer.forward(&x.reshape((b * t, width))?)?;
    let out = y.dim(1)?;
    y.reshape((b, t, out))
}

/// Masked max and mean over tokens: (batch, tokens, c) → (batch, 2c).
fn pool(x: &Tensor, mask: &Tensor) -> Result<Tensor> {
    let neg = ((mask - 1.0)? * 1e4)?;
    let max = x.broadcast_add(&neg)?.max(1)?;
    let count = mask.sum(1)?.clamp(1.0, f64::MAX)?;
    let mean = x.sum(1)?.broadcast_div(&count)?;
    Tensor::cat(&[&max, &mean], 1)
}

/// What the network answers for a batch.
pub struct Outputs {
    /// Role tag logits: (batch, tokens, tags).
    pub tags: Tensor,
    /// Pointer scores from each token (query) to each token (key), plus a last column for "names
    /// no argument": (batch, tokens, tokens + 1); keys that cannot be argument names are pushed
    /// down by -1e4.
    pub pointer: Tensor,
    /// Schedule logits, serial or parallel: (batch, 2).
    pub mode: Tensor,
    /// Output kind logits, all or last: (batch, 2).
    pub output: Tensor,
    /// Status logits over [`STATUSES`]: (batch, statuses).
    pub status: Tensor,
    /// Per-token logits of the shared-value head, for its call alone or for every call that
    /// takes its argument (`days 3 for both`, `para los dos`): (batch, tokens, 2); only read for
    /// value tokens. `None` for a network without the head ([`Config::shared_head`]).
    pub shared: Option<Tensor>,
}

/// How far apart (in tokens) a value and an argument name can be told apart by the pointer's
/// learned distance bias; farther pairs share the last bucket.
pub const MAX_DISTANCE: usize = 16;

/// A batch of encoded records, padded to the longest.
pub struct Batch {
    /// Word ids: (batch, tokens) u32.
    pub words: Tensor,
    /// Kind ids: (batch, tokens) u32.
    pub kinds: Tensor,
    /// Features: (batch, tokens, FEATURES) f32.
    pub features: Tensor,
    /// 1 for tokens, 0 for padding: (batch, tokens, 1) f32.
    pub mask: Tensor,
    /// 1 for tokens that may be argument names: (batch, tokens) f32.
    pub candidates: Tensor,
    /// Bucketed signed distance from each query token to each key token: (tokens, tokens) u32.
    pub distances: Tensor,
    /// With subwords: each token's n-gram buckets and their weights.
    pub ngrams: Option<Ngrams>,
    /// With pretrained vectors: each token's row, (batch · tokens), 0 for padding.
    pub vectors: Option<Vec<u32>>,
}

/// The n-grams of a batch: `slots` per token, row-major over (batch, tokens, slots); a weight is
/// 1/count for each of a token's n-grams and 0 for an empty slot, so the weighted sum is the mean.
pub struct Ngrams {
    /// Bucket ids.
    pub ids: Vec<u32>,
    /// Weights, one per id.
    pub weights: Vec<f32>,
    /// Slots per token.
    pub slots: usize,
}

/// The Tiny Codemode CNN.
pub struct Network {
    words: Embedding,
    subwords: Option<Embedding>,
    /// A copy of the n-gram table for inference (see [`Network::freeze`]): (rows, width).
    frozen_subwords: Option<(Vec<f32>, usize)>,
    /// The pretrained vectors, a fixed input (see [`Pretrained`]).
    vectors: Option<Pretrained>,
    vector_dim: usize,
    kinds: Embedding,
    input: Linear,
    blocks: Vec<ConvBlock>,
    context: Linear,
    tag_head: Linear,
    shared_head: Option<Linear>,
    query: Linear,
    key: Linear,
    unnamed: Linear,
    distance: Embedding,
    mode_head: Linear,
    output_head: Linear,
    status_head: Linear,
    context_after: usize,
    pointer_scale: f64,
    /// Set by [`Network::freeze`]: run the fused forward-only kernels of [`kernels`].
    frozen: bool,
}

impl Network {
    /// Loads (or, with a fresh `VarMap`, initialises) the network's weights.
    pub fn load(vb: VarBuilder, cfg: &Config) -> Result<Network> {
        let c = cfg.channels;
        let blocks = cfg
            .dilations
            .iter()
            .enumerate()
            .map(|(i, &d)| ConvBlock::load(vb.pp(format!("block{i}")), cfg, d))
            .collect::<Result<Vec<_>>>()?;
        Ok(Network {
            words: candle_nn::embedding(cfg.vocab.size(), cfg.embed_dim, vb.pp("words"))?,
            subwords: match (&cfg.vocab.subwords, cfg.subword_dim) {
                (Some(sub), dim) if dim > 0 => Some(candle_nn::embedding(
                    sub.buckets as usize,
                    dim,
                    vb.pp("subwords"),
                )?),
                _ => None,
            },
            frozen_subwords: None,
            frozen: false,
            vectors: if cfg.vector_dim > 0 && vb.contains_tensor("vectors.values") {
                let vb = vb.pp("vectors");
                let values = vb.get_unchecked_dtype("values", DType::U8)?;
                let (rows, dim) = values.dims2()?;
                if dim != cfg.vector_dim
                    || rows != cfg.vocab.vectors.as_ref().map_or(0, |v| v.words.len())
                {
                    candle_core::bail!(
                        "the pretrained vectors are {rows} x {dim}; the configuration wants {} x {}",
                        cfg.vocab.vectors.as_ref().map_or(0, |v| v.words.len()),
                        cfg.vector_dim
                    );
                }
                let tensors = [
                    ("values".to_string(), values),
                    ("scale".to_string(), vb.get(dim, "scale")?),
                    ("offset".to_string(), vb.get(dim, "offset")?),
                ]
                .into_iter()
                .collect();
                Some(Pretrained::from_tensors(&tensors, "")?)
            } else {
                None
            },
            vector_dim: cfg.vector_dim,
            kinds: candle_nn::embedding(KINDS, cfg.kind_dim, vb.pp("kinds"))?,
            input: candle_nn::linear(
                cfg.embed_dim + cfg.subword_dim + cfg.vector_dim + cfg.kind_dim + FEATURES,
                c,
                vb.pp("input"),
            )?,
            blocks,
            context: candle_nn::linear(2 * c, c, vb.pp("context"))?,
            tag_head: candle_nn::linear(c, TAGS.len(), vb.pp("tag_head"))?,
            shared_head: cfg
                .shared_head
                .then(|| candle_nn::linear(c, 2, vb.pp("shared_head")))
                .transpose()?,
            query: candle_nn::linear(c, cfg.pointer_dim, vb.pp("query"))?,
            key: candle_nn::linear(c, cfg.pointer_dim, vb.pp("key"))?,
            unnamed: candle_nn::linear(c, 1, vb.pp("unnamed"))?,
            distance: candle_nn::embedding(2 * MAX_DISTANCE + 1, 1, vb.pp("distance"))?,
            mode_head: candle_nn::linear(2 * c, 2, vb.pp("mode_head"))?,
            output_head: candle_nn::linear(2 * c, 2, vb.pp("output_head"))?,
            status_head: candle_nn::linear(2 * c, STATUSES.len(), vb.pp("status_head"))?,
            context_after: cfg.context_after,
            pointer_scale: 1.0 / (cfg.pointer_dim as f64).sqrt(),
        })
    }

    /// Gives the network its pretrained vectors (training builds the network before it has them);
    /// their width must be the configuration's.
    pub fn set_vectors(&mut self, vectors: Pretrained) -> Result<()> {
        if vectors.dim != self.vector_dim {
            candle_core::bail!(
                "the pretrained vectors are {} wide; the network was built for {}",
                vectors.dim,
                self.vector_dim
            );
        }
        self.vectors = Some(vectors);
        Ok(())
    }

    /// The pretrained vectors, if the network has them.
    pub fn vectors(&self) -> Option<&Pretrained> {
        self.vectors.as_ref()
    }

    /// Prepares the network for inference: copies the n-gram table out of its tensor so that
    /// inference averages n-gram rows in a plain loop instead of a gather over (batch, tokens,
    /// slots, width), and switches the blocks and pools to the fused kernels of [`kernels`],
    /// which have no gradient. Only for weights that no longer change: training must not freeze.
    pub fn freeze(&mut self) -> Result<()> {
        self.frozen = true;
        if let Some(table) = &self.subwords {
            let width = table.hidden_size();
            self.frozen_subwords = Some((table.embeddings().flatten_all()?.to_vec1()?, width));
        }
        Ok(())
    }

    /// The mean n-gram embedding of every token: (batch, tokens, width).
    fn subword_means(&self, table: &Embedding, grams: &Ngrams, batch: &Batch) -> Result<Tensor> {
        let (b, t) = batch.words.dims2()?;
        let device = batch.words.device();
        if let Some((rows, width)) = &self.frozen_subwords {
            let width = *width;
            let mut out = vec![0f32; b * t * width];
            for (k, (&id, &w)) in grams.ids.iter().zip(&grams.weights).enumerate() {
                if w == 0.0 {
                    continue;
                }
                let token = k / grams.slots;
                let row = &rows[id as usize * width..(id as usize + 1) * width];
                for (o, r) in out[token * width..(token + 1) * width].iter_mut().zip(row) {
                    *o += w * r;
                }
            }
            return Tensor::from_vec(out, (b, t, width), device);
        }
        let ids = Tensor::from_slice(&grams.ids, grams.ids.len(), device)?;
        let weights = Tensor::from_slice(&grams.weights, (b, t, grams.slots, 1), device)?;
        table
            .embeddings()
            .index_select(&ids, 0)?
            .reshape((b, t, grams.slots, ()))?
            .broadcast_mul(&weights)?
            .sum(2)
    }

    /// Runs the network on a batch.
    pub fn forward(&self, batch: &Batch) -> Result<Outputs> {
        Ok(self.forward_pooled(batch)?.0)
    }

    /// Runs the network on a batch; also answers the pooled vector the schedule, output and
    /// status heads read: (batch, 2 × channels).
    pub fn forward_pooled(&self, batch: &Batch) -> Result<(Outputs, Tensor)> {
        let mut parts = vec![self.words.forward(&batch.words)?];
        if let (Some(table), Some(grams)) = (&self.subwords, &batch.ngrams) {
            parts.push(self.subword_means(table, grams, batch)?);
        }
        if self.vector_dim > 0 {
            let (b, t) = batch.words.dims2()?;
            let (Some(table), Some(rows)) = (&self.vectors, &batch.vectors) else {
                candle_core::bail!("the network reads pretrained vectors and has none");
            };
            parts.push(Tensor::from_vec(
                table.gather(rows),
                (b, t, self.vector_dim),
                batch.words.device(),
            )?);
        }
        parts.push(self.kinds.forward(&batch.kinds)?);
        parts.push(batch.features.clone());
        let x = Tensor::cat(&parts, 2)?;
        let mask = &batch.mask;
        let pool_of = |h: &Tensor| {
            if self.frozen {
                kernels::pool(h, mask)
            } else {
                pool(h, mask)
            }
        };
        // A frozen network gathers each block's window by rows, one list per dilation.
        let mut windows: Vec<(usize, Tensor)> = Vec::new();
        let mut h = linear_tokens(&self.input, &x)?
            .relu()?
            .broadcast_mul(mask)?;
        for (i, block) in self.blocks.iter().enumerate() {
            if i == self.context_after {
                let ctx = self.context.forward(&pool_of(&h)?)?.relu()?.unsqueeze(1)?;
                h = h.broadcast_add(&ctx)?.broadcast_mul(mask)?;
            }
            h = if self.frozen {
                let (b, t, _) = h.dims3()?;
                let d = block.dilation;
                let at = match windows.iter().position(|(dilation, _)| *dilation == d) {
                    Some(at) => at,
                    None => {
                        let rows = kernels::window_rows(b, t, d);
                        windows.push((d, Tensor::from_vec(rows, b * t * 3, h.device())?));
                        windows.len() - 1
                    }
                };
                block.forward_frozen(&h, mask, &windows[at].1)?
            } else {
                block.forward(&h, mask)?
            };
        }
        let pooled = pool_of(&h)?;
        let q = linear_tokens(&self.query, &h)?;
        let k = linear_tokens(&self.key, &h)?;
        let qk = q.matmul(&k.transpose(1, 2)?.contiguous()?)?;
        let unnamed = linear_tokens(&self.unnamed, &h)?;
        let pointer = if self.frozen {
            let bias = self
                .distance
                .forward(&batch.distances)?
                .flatten_all()?
                .to_vec1()?;
            kernels::pointer(&qk, self.pointer_scale, bias, &batch.candidates, &unnamed)?
        } else {
            self.pointer_scores(&qk, batch, &unnamed)?
        };
        let outputs = Outputs {
            tags: linear_tokens(&self.tag_head, &h)?,
            pointer,
            mode: self.mode_head.forward(&pooled)?,
            output: self.output_head.forward(&pooled)?,
            status: self.status_head.forward(&pooled)?,
            shared: self
                .shared_head
                .as_ref()
                .map(|head| linear_tokens(head, &h))
                .transpose()?,
        };
        Ok((outputs, pooled))
    }

    /// The pointer head's scores from the query-key products (see [`Outputs::pointer`]).
    fn pointer_scores(&self, qk: &Tensor, batch: &Batch, unnamed: &Tensor) -> Result<Tensor> {
        let scores = (qk * self.pointer_scale)?;
        let blocked = ((batch.candidates.unsqueeze(1)? - 1.0)? * 1e4)?;
        let bias = self
            .distance
            .forward(&batch.distances)?
            .squeeze(2)?
            .unsqueeze(0)?;
        let scores = scores.broadcast_add(&bias)?.broadcast_add(&blocked)?;
        Tensor::cat(&[&scores, unnamed], 2)
    }
}

/// Builds a padded batch from encoded records.
pub fn batch(records: &[&crate::features::Encoded], device: &candle_core::Device) -> Result<Batch> {
    let b = records.len();
    let t = records.iter().map(|r| r.len()).max().unwrap_or(0).max(1);
    let mut words = vec![0u32; b * t];
    let mut kinds = vec![0u32; b * t];
    let mut features = vec![0f32; b * t * FEATURES];
    let mut mask = vec![0f32; b * t];
    let mut candidates = vec![0f32; b * t];
    for (i, r) in records.iter().enumerate() {
        for j in 0..r.len() {
            words[i * t + j] = r.words[j];
            kinds[i * t + j] = r.kinds[j];
            mask[i * t + j] = 1.0;
            candidates[i * t + j] = if r.candidates[j] { 1.0 } else { 0.0 };
        }
        let row = &mut features[i * t * FEATURES..(i * t + r.len()) * FEATURES];
        row.copy_from_slice(&r.features);
    }
    let ngrams = match records.iter().map(|r| r.ngram_slots()).max() {
        Some(slots) if slots > 0 => {
            let mut ids = vec![0u32; b * t * slots];
            let mut weights = vec![0f32; b * t * slots];
            for (i, r) in records.iter().enumerate() {
                for j in 0..r.len() {
                    let src = &r.ngrams[j * slots..(j + 1) * slots];
                    let count = src.iter().filter(|&&g| g != 0).count();
                    let at = (i * t + j) * slots;
                    ids[at..at + slots].copy_from_slice(src);
                    for (k, &g) in src.iter().enumerate() {
                        if g != 0 {
                            weights[at + k] = 1.0 / count as f32;
                        }
                    }
                }
            }
            Some(Ngrams {
                ids,
                weights,
                slots,
            })
        }
        _ => None,
    };
    let vectors = records.iter().any(|r| !r.vectors.is_empty()).then(|| {
        let mut rows = vec![0u32; b * t];
        for (i, r) in records.iter().enumerate() {
            rows[i * t..i * t + r.vectors.len()].copy_from_slice(&r.vectors);
        }
        rows
    });
    let m = MAX_DISTANCE as i64;
    let distances: Vec<u32> = (0..t as i64)
        .flat_map(|i| (0..t as i64).map(move |j| ((j - i).clamp(-m, m) + m) as u32))
        .collect();
    Ok(Batch {
        distances: Tensor::from_vec(distances, (t, t), device)?,
        words: Tensor::from_vec(words, (b, t), device)?,
        kinds: Tensor::from_vec(kinds, (b, t), device)?,
        features: Tensor::from_vec(features, (b, t, FEATURES), device)?,
        mask: Tensor::from_vec(mask, (b, t, 1), device)?,
        candidates: Tensor::from_vec(candidates, (b, t), device)?,
        ngrams,
        vectors,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::{Subwords, encode};
    use candle_core::{DType, Device};
    use candle_nn::VarMap;

    /// A network with seeded fresh weights over a vocabulary of `words` (with subwords), its
    /// configuration adjusted by `shape` first.
    fn seeded(
        words: &[&str],
        seed: u64,
        shape: impl FnOnce(&mut Config),
    ) -> (Config, VarMap, Network) {
        let mut vocab = Vocab::new(words.iter().map(|w| w.to_string()).collect());
        vocab.set_names(Some(vec![]));
        vocab.subwords = Some(Subwords::default());
        let mut cfg = Config::new(vocab);
        shape(&mut cfg);
        let varmap = VarMap::new();
        let vb = VarBuilder::from_varmap(&varmap, DType::F32, &Device::Cpu);
        let network = Network::load(vb, &cfg).unwrap();
        crate::train::initialise(&varmap, seed).unwrap();
        (cfg, varmap, network)
    }

    #[test]
    fn frozen_subwords_answer_like_the_trainable_gather() {
        let (cfg, _varmap, mut network) = seeded(&["call", "with", "then", "parallel"], 5, |_| {});
        let tools = serde_json::json!([{"name": "get_weather", "arguments": {"city": "string"}, "required": [], "returns": {"kind": "object", "properties": []}}]);
        let records = [
            crate::test_record(
                "call get_weather with city \"Oslo\", then parallelize everything",
                tools.clone(),
            ),
            crate::test_record("call get_weather", tools),
        ];
        let encoded: Vec<_> = records
            .iter()
            .map(|r| encode(&r.tokens, &r.catalog, &cfg.vocab))
            .collect();
        let input = batch(&encoded.iter().collect::<Vec<_>>(), &Device::Cpu).unwrap();
        let before = network.forward(&input).unwrap().tags;
        network.freeze().unwrap();
        let after = network.forward(&input).unwrap().tags;
        let diff = (before - after)
            .unwrap()
            .abs()
            .unwrap()
            .max_all()
            .unwrap()
            .to_scalar::<f32>()
            .unwrap();
        assert!(diff < 1e-4, "{diff}");
    }

    /// Records of the weather catalog of 2 tokens (shorter than every dilation but 1), 6 and 20,
    /// encoded with `cfg`'s vocabulary.
    fn three_lengths(cfg: &Config) -> Vec<crate::features::Encoded> {
        let tools = serde_json::json!([{"name": "get_weather", "arguments": {"city": "string", "days": "number"}, "required": [], "returns": {"kind": "array", "properties": ["temp"]}}]);
        let texts = [
            "get_weather now",
            "call get_weather with city \"Oslo\"",
            "call get_weather with city \"Oslo\" and days 3, then call get_weather with city \"Rome\" and days 5 too",
        ];
        texts
            .iter()
            .map(|text| {
                let r = crate::test_record(text, tools.clone());
                encode(&r.tokens, &r.catalog, &cfg.vocab)
            })
            .collect()
    }

    /// Every head's scores of `network` on `input`, as bits.
    fn score_bits(network: &Network, input: &Batch) -> Vec<Vec<u32>> {
        let out = network.forward(input).unwrap();
        [out.tags, out.pointer, out.mode, out.output, out.status]
            .iter()
            .map(|t| {
                let values: Vec<f32> = t.flatten_all().unwrap().to_vec1().unwrap();
                values.into_iter().map(f32::to_bits).collect()
            })
            .collect()
    }

    #[test]
    fn a_frozen_network_scores_to_the_bit_as_the_trainable_one() {
        // Without n-grams (whose frozen mean adds in another order), freezing switches the
        // norms, windows, epilogues, pools and pointer scores to the fused kernels, which must
        // give the very same floats, padding and all.
        let (cfg, _varmap, mut network) = seeded(&["call", "with", "then", "and"], 13, |cfg| {
            cfg.vocab.subwords = None;
            cfg.subword_dim = 0;
        });
        let encoded = three_lengths(&cfg);
        let input = batch(&encoded.iter().collect::<Vec<_>>(), &Device::Cpu).unwrap();
        let trainable = score_bits(&network, &input);
        network.freeze().unwrap();
        assert!(network.frozen);
        assert_eq!(score_bits(&network, &input), trainable);
    }

    fn vectors_planner() -> (Config, VarMap, Network, Vec<crate::features::Encoded>) {
        let (cfg, varmap, mut network) = seeded(&["call", "with", "then"], 9, |cfg| {
            cfg.vocab.vectors = Some(crate::features::VectorWords::new(
                ["call", "tandem", "oslo"].map(String::from).to_vec(),
            ));
            cfg.vector_dim = 4;
        });
        network
            .set_vectors(Pretrained {
                dim: 4,
                values: (0..12).map(|v| v * 20).collect(),
                scale: vec![0.01, 0.02, -0.01, 0.05],
                offset: vec![-1.0, 0.0, 0.5, -0.2],
            })
            .unwrap();
        let tools = serde_json::json!([{"name": "get_weather", "arguments": {"city": "string"}, "required": [], "returns": {"kind": "object", "properties": []}}]);
        let record = crate::test_record(
            "Call get_weather with city \"Oslo\" in TANDEM, then call it again",
            tools,
        );
        let encoded = vec![encode(&record.tokens, &record.catalog, &cfg.vocab)];
        (cfg, varmap, network, encoded)
    }

    #[test]
    fn prose_words_get_their_pretrained_row_and_names_do_not() {
        let (cfg, _, _, encoded) = vectors_planner();
        let rows = &encoded[0].vectors;
        // Call get_weather with city "Oslo" in TANDEM , then call it again
        assert_eq!(rows[0], 1, "`Call` is looked up lowercased");
        assert_eq!(rows[1], 0, "a tool name has no vector");
        assert_eq!(
            rows[4], 0,
            "a string literal has no vector, whatever its text"
        );
        assert_eq!(
            rows[6], 2,
            "`TANDEM` is unknown to the vocabulary, known to the vectors"
        );
        assert_eq!(encoded[0].words[6], crate::features::UNK);
        assert_eq!(cfg.vocab.vectors.as_ref().unwrap().row("then"), 0);
    }

    #[test]
    fn pretrained_vectors_are_saved_with_the_weights_and_change_the_answer() {
        let (cfg, varmap, mut network, encoded) = vectors_planner();
        let input = batch(&encoded.iter().collect::<Vec<_>>(), &Device::Cpu).unwrap();
        let tags = |n: &Network| -> Vec<f32> {
            n.forward(&input)
                .unwrap()
                .tags
                .flatten_all()
                .unwrap()
                .to_vec1()
                .unwrap()
        };
        let before = tags(&network);
        let dir = std::env::temp_dir().join(format!("codemode-vectors-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("model.safetensors");
        crate::train::save_weights(&varmap, &network, &path).unwrap();
        let planner = crate::Planner::from_bytes(
            serde_json::to_string(&cfg).unwrap().as_bytes(),
            &std::fs::read(&path).unwrap(),
        )
        .unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(planner.network_for_tests().vectors(), network.vectors());
        let after = tags(planner.network_for_tests());
        let diff = before
            .iter()
            .zip(&after)
            .map(|(a, b)| (a - b).abs())
            .fold(0f32, f32::max);
        assert!(diff < 1e-5, "{diff}");
        // The vectors are an input the network reads: other vectors, other scores.
        let mut other = network.vectors().unwrap().clone();
        other.values.iter_mut().for_each(|v| *v = 255 - *v);
        network.set_vectors(other).unwrap();
        let changed = tags(&network);
        assert!(
            before
                .iter()
                .zip(&changed)
                .any(|(a, b)| (a - b).abs() > 1e-4)
        );
        // A network built for vectors refuses to run without them, or with the wrong width.
        let bare = Network::load(
            VarBuilder::from_varmap(&VarMap::new(), DType::F32, &Device::Cpu),
            &cfg,
        )
        .unwrap();
        assert!(bare.forward(&input).is_err());
        let mut narrow = network.vectors().unwrap().clone();
        narrow.dim = 3;
        assert!(network.set_vectors(narrow).is_err());
    }

    #[test]
    fn a_record_scores_the_same_alone_and_batched_with_longer_ones() {
        let (cfg, _varmap, mut network) = seeded(&["call", "with", "then", "and"], 11, |_| {});
        network.freeze().unwrap();
        let encoded = three_lengths(&cfg);
        let run = |group: &[&crate::features::Encoded]| {
            let input = batch(group, &Device::Cpu).unwrap();
            let out = network.forward(&input).unwrap();
            let t = input.words.dim(1).unwrap();
            let tags: Vec<f32> = out.tags.flatten_all().unwrap().to_vec1().unwrap();
            let status: Vec<Vec<f32>> = out.status.to_vec2().unwrap();
            let width = TAGS.len();
            group
                .iter()
                .enumerate()
                .map(|(b, e)| {
                    (
                        tags[b * t * width..(b * t + e.len()) * width].to_vec(),
                        status[b].clone(),
                    )
                })
                .collect::<Vec<_>>()
        };
        let together = run(&encoded.iter().collect::<Vec<_>>());
        for (e, (tags, status)) in encoded.iter().zip(&together) {
            let alone = run(&[e]).remove(0);
            let close = |a: &[f32], b: &[f32]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-4);
            assert!(
                close(tags, &alone.0) && close(status, &alone.1),
                "{} tokens",
                e.len()
            );
        }
    }
}
