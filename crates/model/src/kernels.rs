//! Fused forward-only kernels for a frozen network (inference), as candle custom ops.
//!
//! Training builds every layer from candle's differentiable ops. At inference four of those
//! chains cost more in passes over memory than in arithmetic: the RMS norm (square, mean, add,
//! square root, reciprocal, two products), a block's epilogue (ReLU, residual add, mask) and the
//! masked pool, whose max and sum over the token axis candle reduces with a division per element,
//! and the pointer head's scale, distance bias, mask and extra column.
//! Each kernel does its chain in one pass with the very float operations of the chain, in the
//! same order (the norm's sums of squares stay candle's own reduction, fast on the last axis), so
//! a frozen network's blocks and pools are bit-identical to the trainable ones; unit tests in
//! `network` check it. A one-thread softmax serves ensembles, which average probabilities.

use candle_core::{
    CpuStorage, CustomOp1, CustomOp2, CustomOp3, D, Layout, Result, Shape, Tensor, bail,
};

/// The contiguous f32 data of a custom op's input.
fn contiguous<'a>(storage: &'a CpuStorage, layout: &Layout, op: &str) -> Result<&'a [f32]> {
    let CpuStorage::F32(data) = storage else {
        bail!("{op}: expects f32 tensors");
    };
    match layout.contiguous_offsets() {
        Some((start, end)) => Ok(&data[start..end]),
        None => bail!("{op}: expects contiguous tensors"),
    }
}

/// A kernel over three f32 inputs, run as a candle custom op by [`Fused`].
trait Kernel3 {
    /// The op's name in candle's errors.
    const NAME: &'static str;
    /// The output and its shape, from each input's contiguous data and layout.
    fn run(&self, inputs: [(&[f32], &Layout); 3]) -> Result<(Vec<f32>, Shape)>;
}

/// A [`Kernel3`] as a forward-only candle custom op.
struct Fused<K>(K);

impl<K: Kernel3> CustomOp3 for Fused<K> {
    fn name(&self) -> &'static str {
        K::NAME
    }

    fn cpu_fwd(
        &self,
        s1: &CpuStorage,
        l1: &Layout,
        s2: &CpuStorage,
        l2: &Layout,
        s3: &CpuStorage,
        l3: &Layout,
    ) -> Result<(CpuStorage, Shape)> {
        let (out, shape) = self.0.run([
            (contiguous(s1, l1, K::NAME)?, l1),
            (contiguous(s2, l2, K::NAME)?, l2),
            (contiguous(s3, l3, K::NAME)?, l3),
        ])?;
        Ok((CpuStorage::F32(out), shape))
    }
}

/// `x · 1/rms(x) · weight` over the last axis, as `RmsNorm::forward` computes it from the sum of
/// squares of each row (which candle's own reduction gives): times `1/width`, plus 1e-5, square
/// root, reciprocal, then the two products. `x`: (.., width); `sums`: (.., 1); `weight`: (width).
struct RmsNormOp;

impl Kernel3 for RmsNormOp {
    const NAME: &'static str = "rms-norm-frozen";

    fn run(
        &self,
        [(x, l1), (sums, _), (weight, _)]: [(&[f32], &Layout); 3],
    ) -> Result<(Vec<f32>, Shape)> {
        let width = weight.len();
        if width == 0 || l1.dims().last() != Some(&width) || sums.len() * width != x.len() {
            bail!("{}: mismatched shapes", Self::NAME);
        }
        let scale = (1f64 / width as f64) as f32;
        let eps = 1e-5f64 as f32;
        let mut out = vec![0f32; x.len()];
        for ((row, dst), &sum) in x
            .chunks_exact(width)
            .zip(out.chunks_exact_mut(width))
            .zip(sums)
        {
            let norm = ((sum * scale + 0.0) * 1.0 + eps).sqrt().recip();
            for ((d, &v), &w) in dst.iter_mut().zip(row).zip(weight) {
                *d = v * norm * w;
            }
        }
        Ok((out, l1.shape().clone()))
    }
}

/// `(x + relu(z)) · mask`: a residual block's epilogue. `x`, `z`: (batch, tokens, channels);
/// `mask`: (batch, tokens, 1).
struct ResidualOp;

impl Kernel3 for ResidualOp {
    const NAME: &'static str = "residual-frozen";

    fn run(
        &self,
        [(x, l1), (z, l2), (mask, _)]: [(&[f32], &Layout); 3],
    ) -> Result<(Vec<f32>, Shape)> {
        if l1.dims() != l2.dims() || mask.is_empty() || x.len() % mask.len() != 0 {
            bail!("{}: mismatched shapes", Self::NAME);
        }
        let width = x.len() / mask.len();
        let mut out = vec![0f32; x.len()];
        for (((dst, xs), zs), &m) in out
            .chunks_exact_mut(width)
            .zip(x.chunks_exact(width))
            .zip(z.chunks_exact(width))
            .zip(mask)
        {
            for ((d, &a), &b) in dst.iter_mut().zip(xs).zip(zs) {
                *d = (a + b.max(0f32)) * m;
            }
        }
        Ok((out, l1.shape().clone()))
    }
}

/// The masked max and mean over tokens, `[max, mean]`: (batch, tokens, c) with a mask of
/// (batch, tokens, 1) gives (batch, 2c). As the op chain: padding is pushed down by
/// `(mask - 1) · 1e4` before the max (the first of equal values wins), and the mean is the sum
/// in token order divided by the token count, at least 1.
struct PoolOp;

impl CustomOp2 for PoolOp {
    fn name(&self) -> &'static str {
        "pool-frozen"
    }

    fn cpu_fwd(
        &self,
        s1: &CpuStorage,
        l1: &Layout,
        s2: &CpuStorage,
        l2: &Layout,
    ) -> Result<(CpuStorage, Shape)> {
        let x = contiguous(s1, l1, self.name())?;
        let mask = contiguous(s2, l2, self.name())?;
        let (b, t, c) = l1.shape().dims3()?;
        if mask.len() != b * t {
            bail!("{}: the mask must be (batch, tokens, 1)", self.name());
        }
        let mut out = vec![0f32; b * 2 * c];
        let mut sums = vec![0f32; c];
        for i in 0..b {
            let (max, mean) = out[i * 2 * c..(i + 1) * 2 * c].split_at_mut(c);
            sums.fill(0.0);
            let mut count = 0f32;
            for j in 0..t {
                let m = mask[i * t + j];
                let neg = (m * 1.0 + -1.0) * 1e4 + 0.0;
                let row = &x[(i * t + j) * c..(i * t + j + 1) * c];
                for ((best, sum), &v) in max.iter_mut().zip(sums.iter_mut()).zip(row) {
                    let pushed = v + neg;
                    if j == 0 || *best < pushed {
                        *best = pushed;
                    }
                    *sum += v;
                }
                count += m;
            }
            let count = count.max(1.0);
            for (dst, &sum) in mean.iter_mut().zip(&sums) {
                *dst = sum / count;
            }
        }
        Ok((CpuStorage::F32(out), Shape::from((b, 2 * c))))
    }
}

/// The pointer head's scores: `(qk · scale + bias) + blocked` for every query and key, and the
/// "names no argument" score as a last column, where `bias` is the learned bias of the pair's
/// distance and `blocked` is `(candidate - 1) · 1e4` of the key. Inputs: `qk` (batch, tokens,
/// tokens), `candidates` (batch, tokens), `unnamed` (batch, tokens, 1); output (batch, tokens,
/// tokens + 1).
struct PointerOp {
    scale: f64,
    /// The distance bias of each (query, key) pair: (tokens, tokens).
    bias: Vec<f32>,
}

impl Kernel3 for PointerOp {
    const NAME: &'static str = "pointer-frozen";

    fn run(
        &self,
        [(qk, l1), (candidates, _), (unnamed, _)]: [(&[f32], &Layout); 3],
    ) -> Result<(Vec<f32>, Shape)> {
        let (b, t, keys) = l1.shape().dims3()?;
        if keys != t || candidates.len() != b * t || unnamed.len() != b * t {
            bail!("{}: mismatched shapes", Self::NAME);
        }
        if self.bias.len() != t * t {
            bail!("{}: the distance bias must be (tokens, tokens)", Self::NAME);
        }
        let scale = self.scale as f32;
        let mut out = vec![0f32; b * t * (t + 1)];
        let mut blocked = vec![0f32; t];
        for i in 0..b {
            for (dst, &c) in blocked.iter_mut().zip(&candidates[i * t..(i + 1) * t]) {
                *dst = (c * 1.0 + -1.0) * 1e4 + 0.0;
            }
            for q in 0..t {
                let scores = &qk[(i * t + q) * t..(i * t + q + 1) * t];
                let bias = &self.bias[q * t..(q + 1) * t];
                let dst = &mut out[(i * t + q) * (t + 1)..(i * t + q + 1) * (t + 1)];
                for (((d, &s), &bias), &blocked) in
                    dst.iter_mut().zip(scores).zip(bias).zip(&blocked)
                {
                    *d = ((s * scale + 0.0) + bias) + blocked;
                }
                dst[t] = unnamed[i * t + q];
            }
        }
        Ok((out, Shape::from((b, t, t + 1))))
    }
}

/// The pointer head's scores from the query-key products `qk`, scaled by `scale`, with the
/// distance bias `bias` of each (query, key) pair, keys that cannot be argument names pushed
/// down, and `unnamed` as a last column.
pub fn pointer(
    qk: &Tensor,
    scale: f64,
    bias: Vec<f32>,
    candidates: &Tensor,
    unnamed: &Tensor,
) -> Result<Tensor> {
    qk.apply_op3_no_bwd(candidates, unnamed, &Fused(PointerOp { scale, bias }))
}

/// The softmax over the last axis, on the calling thread: candle's fused softmax shares its rows
/// out over rayon's pool, whose hand-offs cost more than these small rows (an ensemble's heads).
struct SoftmaxOp;

impl CustomOp1 for SoftmaxOp {
    fn name(&self) -> &'static str {
        "softmax-one-thread"
    }

    fn cpu_fwd(&self, storage: &CpuStorage, layout: &Layout) -> Result<(CpuStorage, Shape)> {
        let x = contiguous(storage, layout, self.name())?;
        let width = layout.dims().last().copied().unwrap_or(0);
        if width == 0 {
            bail!("{}: an empty last axis", self.name());
        }
        let mut out = vec![0f32; x.len()];
        for (row, dst) in x.chunks_exact(width).zip(out.chunks_exact_mut(width)) {
            let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let mut sum = 0f32;
            for (d, &v) in dst.iter_mut().zip(row) {
                *d = (v - max).exp();
                sum += *d;
            }
            for d in dst.iter_mut() {
                *d /= sum;
            }
        }
        Ok((CpuStorage::F32(out), layout.shape().clone()))
    }
}

/// The softmax of `x` over its last axis (forward only, one thread).
pub fn softmax(x: &Tensor) -> Result<Tensor> {
    x.apply_op1_no_bwd(&SoftmaxOp)
}

/// The RMS norm of `x` over its last axis with gain `weight`.
pub fn rms_norm(x: &Tensor, weight: &Tensor) -> Result<Tensor> {
    let sums = x.sqr()?.sum_keepdim(D::Minus1)?;
    x.apply_op3_no_bwd(&sums, weight, &Fused(RmsNormOp))
}

/// `(x + relu(z)) · mask`.
pub fn residual(x: &Tensor, z: &Tensor, mask: &Tensor) -> Result<Tensor> {
    x.apply_op3_no_bwd(z, mask, &Fused(ResidualOp))
}

/// The masked `[max, mean]` over tokens.
pub fn pool(x: &Tensor, mask: &Tensor) -> Result<Tensor> {
    x.apply_op2_no_bwd(mask, &PoolOp)
}

/// The rows a dilated kernel-3 window gathers from a (batch · tokens, c) matrix: for each token,
/// the token `dilation` to its left, itself and the token `dilation` to its right, with
/// `u32::MAX` (a zero row for `index_select`) beyond either end of its record's padded row.
pub fn window_rows(batch: usize, tokens: usize, dilation: usize) -> Vec<u32> {
    let mut rows = Vec::with_capacity(batch * tokens * 3);
    for i in 0..batch {
        for j in 0..tokens {
            let at = (i * tokens + j) as u32;
            rows.push(if j >= dilation {
                at - dilation as u32
            } else {
                u32::MAX
            });
            rows.push(at);
            rows.push(if j + dilation < tokens {
                at + dilation as u32
            } else {
                u32::MAX
            });
        }
    }
    rows
}
