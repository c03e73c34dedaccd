//! How familiar a request is: the distance of member 0's pooled vector (the sentence summary
//! its sequence heads read) from the pooled vectors of training records.
//!
//! A planner may carry a *reference*: the pooled vectors of a sample of the records its networks
//! were trained on, stored in `model.safetensors` as [`REFERENCE_TENSOR`] (half precision, one
//! unit-length row per record). A request's distance is one minus the mean cosine similarity of
//! its pooled vector to its [`NEIGHBOURS`] nearest rows: near 0 for a request worded like
//! training records, larger for a kind of sentence training never showed. The networks' own
//! probabilities do not see this: a network can be sure of a reading of a sentence unlike any it
//! was trained on.
//!
//! The calibration ([`Familiar`], fitted by `codemode calibrate --reference`) turns the
//! distance into a lower or higher confidence: a logistic fit, over the calibration records'
//! plans, of whether a plan is exact given its calibrated confidence and its distance.

use candle_core::{D, DType, Device, Tensor};
use serde::{Deserialize, Serialize};

use crate::ModelError;

/// The name of the reference in a model's `model.safetensors`.
pub const REFERENCE_TENSOR: &str = "familiar.reference";

/// How many nearest reference rows a distance is the mean over.
pub const NEIGHBOURS: usize = 10;

/// The pooled vectors of training records, each scaled to unit length.
#[derive(Debug, Clone)]
pub struct Reference {
    /// Width × records: each record's unit vector a column, single precision, contiguous in this
    /// layout because every distance multiplies by it (a transposed view would be copied on
    /// every call).
    columns: Tensor,
}

impl Reference {
    /// A reference of `vectors` (one pooled vector per record, all of one width).
    pub fn new(vectors: &[Vec<f32>]) -> Result<Reference, ModelError> {
        let width = vectors.first().map_or(0, Vec::len);
        if width == 0 || vectors.len() < NEIGHBOURS {
            return Err(ModelError::Config(format!(
                "a reference needs at least {NEIGHBOURS} records the frontend reads, not {}",
                vectors.len()
            )));
        }
        if vectors.iter().any(|v| v.len() != width) {
            return Err(ModelError::Config(
                "a reference's vectors must all be as wide".into(),
            ));
        }
        let flat: Vec<f32> = vectors.iter().flatten().copied().collect();
        let rows = Tensor::from_vec(flat, (vectors.len(), width), &Device::Cpu)?;
        Reference::from_tensor(rows)
    }

    /// A reference read from its stored tensor (any float type; rows are scaled to unit length).
    pub fn from_tensor(rows: Tensor) -> Result<Reference, ModelError> {
        if rows.rank() != 2 || rows.dim(0)? < NEIGHBOURS {
            return Err(ModelError::Config(format!(
                "{REFERENCE_TENSOR} must be a matrix of at least {NEIGHBOURS} rows"
            )));
        }
        let columns = unit_rows(&rows.to_dtype(DType::F32)?)?.t()?.contiguous()?;
        Ok(Reference { columns })
    }

    /// The tensor to store (half precision: the distances it gives differ from single
    /// precision's by less than 0.001).
    pub fn tensor(&self) -> Result<Tensor, ModelError> {
        Ok(self.columns.t()?.to_dtype(DType::F16)?.contiguous()?)
    }

    /// How many records the reference holds.
    pub fn len(&self) -> usize {
        self.columns.dim(1).unwrap_or(0)
    }

    /// Whether it holds none (never, for a reference built by [`Reference::new`]).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How wide its vectors are.
    pub fn width(&self) -> usize {
        self.columns.dim(0).unwrap_or(0)
    }

    /// The distance of each row of `pooled` (records × width) from the reference: one minus the
    /// mean cosine similarity to its [`NEIGHBOURS`] nearest rows.
    pub fn distances(&self, pooled: &Tensor) -> Result<Vec<f32>, ModelError> {
        if pooled.dim(1)? != self.width() {
            return Err(ModelError::Config(format!(
                "the reference is {} wide and the network's pooled vector {}",
                self.width(),
                pooled.dim(1)?
            )));
        }
        let similar: Vec<Vec<f32>> = unit_rows(pooled)?.matmul(&self.columns)?.to_vec2()?;
        Ok(similar
            .into_iter()
            .map(|mut row| {
                // The NEIGHBOURS largest similarities (a reference holds at least as many), in
                // any order.
                row.select_nth_unstable_by(NEIGHBOURS - 1, |a, b| b.total_cmp(a));
                1.0 - row[..NEIGHBOURS].iter().sum::<f32>() / NEIGHBOURS as f32
            })
            .collect())
    }
}

/// `x` with every row scaled to unit length (a zero row stays zero).
fn unit_rows(x: &Tensor) -> candle_core::Result<Tensor> {
    let norms = x
        .sqr()?
        .sum_keepdim(D::Minus1)?
        .sqrt()?
        .clamp(1e-12, f32::MAX)?;
    x.broadcast_div(&norms)
}

/// How a plan's distance moves its confidence: the probability that the plan is exact is
/// `sigmoid(confidence · logit(c) + distance · d + bias)`, with `c` the calibrated confidence
/// and `d` the distance.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Familiar {
    /// The weight of the calibrated confidence's log odds.
    pub confidence: f32,
    /// The weight of the distance (below 0: farther is less sure).
    pub distance: f32,
    /// The constant term.
    pub bias: f32,
}

/// Confidences are kept this far from 0 and 1 before their log odds are taken.
const EDGE: f32 = 1e-4;

impl Familiar {
    /// The confidence of a plan whose calibrated confidence is `c` at `distance`.
    pub fn apply(&self, c: f32, distance: f32) -> f32 {
        let c = c.clamp(EDGE, 1.0 - EDGE);
        let z = self.confidence * (c / (1.0 - c)).ln() + self.distance * distance + self.bias;
        1.0 / (1.0 + (-z).exp())
    }

    /// Fits the weights to `(calibrated confidence, distance, exact)` of answered plans by
    /// logistic regression (Newton's method, with a small ridge so that separable data stays
    /// finite). `None` when there are too few plans of either kind, or when the fit would make a
    /// farther plan more confident or a more confident plan less: then the distance is left out.
    pub fn fit(samples: &[(f32, f32, bool)]) -> Option<Familiar> {
        let right = samples.iter().filter(|s| s.2).count();
        if right < 2 || samples.len() - right < 2 {
            return None;
        }
        let rows: Vec<[f64; 3]> = samples
            .iter()
            .map(|&(c, d, _)| {
                let c = f64::from(c.clamp(EDGE, 1.0 - EDGE));
                [(c / (1.0 - c)).ln(), f64::from(d), 1.0]
            })
            .collect();
        let mut w = [1.0, 0.0, 0.0];
        for _ in 0..50 {
            // Gradient and Hessian of the penalised negative log-likelihood.
            let mut gradient = [0.0; 3];
            let mut hessian = [[0.0; 3]; 3];
            for (x, s) in rows.iter().zip(samples) {
                let z: f64 = (0..3).map(|i| w[i] * x[i]).sum();
                let p = 1.0 / (1.0 + (-z).exp());
                let y = if s.2 { 1.0 } else { 0.0 };
                for i in 0..3 {
                    gradient[i] += (p - y) * x[i];
                    for j in 0..3 {
                        hessian[i][j] += p * (1.0 - p) * x[i] * x[j];
                    }
                }
            }
            for i in 0..3 {
                gradient[i] += RIDGE * w[i];
                hessian[i][i] += RIDGE;
            }
            let step = solve3(hessian, gradient)?;
            for i in 0..3 {
                w[i] -= step[i];
            }
            if step.iter().all(|s| s.abs() < 1e-9) {
                break;
            }
        }
        let fitted = Familiar {
            confidence: w[0] as f32,
            distance: w[1] as f32,
            bias: w[2] as f32,
        };
        (fitted.confidence > 0.0 && fitted.distance <= 0.0 && fitted.bias.is_finite())
            .then_some(fitted)
    }
}

/// The ridge of the logistic fit: small beside the thousands of plans it is fitted on.
const RIDGE: f64 = 1e-3;

/// Solves the 3 × 3 system `a x = b` by Gaussian elimination with partial pivoting (`None` when
/// it is singular).
fn solve3(mut a: [[f64; 3]; 3], mut b: [f64; 3]) -> Option<[f64; 3]> {
    for col in 0..3 {
        let pivot = (col..3).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = a[col];
        for row in col + 1..3 {
            let f = a[row][col] / pivot_row[col];
            for (cell, p) in a[row].iter_mut().zip(pivot_row).skip(col) {
                *cell -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; 3];
    for row in (0..3).rev() {
        let rest: f64 = (row + 1..3).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reference() -> Reference {
        // Ten rows near the first axis, one along the second.
        let mut rows: Vec<Vec<f32>> = (0..10).map(|i| vec![1.0, 0.01 * i as f32, 0.0]).collect();
        rows.push(vec![0.0, 1.0, 0.0]);
        Reference::new(&rows).unwrap()
    }

    #[test]
    fn a_vector_among_the_reference_is_near_and_one_unlike_it_is_far() {
        let r = reference();
        let pooled = Tensor::new(&[[2.0f32, 0.0, 0.0], [0.0, 0.0, 3.0]], &Device::Cpu).unwrap();
        let d = r.distances(&pooled).unwrap();
        assert!(d[0] < 0.01, "{d:?}");
        assert!((d[1] - 1.0).abs() < 1e-6, "{d:?}");
    }

    #[test]
    fn the_stored_reference_reads_back_the_same_distances() {
        let r = reference();
        let back = Reference::from_tensor(r.tensor().unwrap()).unwrap();
        let pooled = Tensor::new(&[[1.0f32, 0.5, 0.2]], &Device::Cpu).unwrap();
        let (a, b) = (
            r.distances(&pooled).unwrap(),
            back.distances(&pooled).unwrap(),
        );
        assert!((a[0] - b[0]).abs() < 1e-3);
        assert_eq!(back.len(), 11);
    }

    #[test]
    fn a_reference_too_small_or_of_another_width_is_refused() {
        assert!(Reference::new(&vec![vec![1.0, 0.0]; 3]).is_err());
        let pooled = Tensor::new(&[[1.0f32, 0.0]], &Device::Cpu).unwrap();
        assert!(reference().distances(&pooled).is_err());
    }

    #[test]
    fn the_fit_lowers_the_confidence_of_far_plans_when_they_are_wrong_more_often() {
        // At confidence 0.9: near plans exact 95 times in 100, far ones 60 in 100.
        let mut samples = Vec::new();
        for i in 0..100 {
            samples.push((0.9, 0.02, i < 95));
            samples.push((0.9, 0.2, i < 60));
            samples.push((0.5, 0.02, i < 50));
        }
        let f = Familiar::fit(&samples).unwrap();
        assert!(f.distance < 0.0);
        assert!((f.apply(0.9, 0.02) - 0.95).abs() < 0.03, "{f:?}");
        assert!((f.apply(0.9, 0.2) - 0.6).abs() < 0.03, "{f:?}");
    }

    #[test]
    fn a_distance_that_says_nothing_is_left_out() {
        // Far plans are as often exact as near ones, or more: no weight that lowers them.
        let mut samples = Vec::new();
        for i in 0..100 {
            samples.push((0.9, 0.02, i < 85));
            samples.push((0.9, 0.2, i < 95));
        }
        assert_eq!(Familiar::fit(&samples), None);
        assert_eq!(Familiar::fit(&[(0.9, 0.1, true)]), None);
    }
}
