//! A plan's confidence: the probability that the plan is exactly right, as measured on records
//! the network was not trained on.
//!
//! The network's own figure, the least probability of any decision its reading rests on (a
//! token's role, a value's argument, the status, the output kind, the schedule), ranks readings
//! but does not say how often they are right, and it cannot see a request the reading left out.
//! So the confidence a plan is answered with is:
//!
//! - that least probability mapped through a monotone [`Calibration`], fitted on labeled records
//!   (the share of exact plans among plans with about that least probability);
//! - at most [`Calibration::unhonoured`] when the instruction holds a request the plan does not
//!   honour (`crate::residual`): the share of exact plans among such plans, far below any
//!   threshold a caller would run plans at;
//! - at most [`Calibration::disputed`] when the plan is disputed: a cascade's members, each
//!   reading the record alone, decode other answers (`crate::planner`). Networks trained apart
//!   agree on what is like their training data and part ways on what is not, so a dispute marks
//!   an unfamiliar request whatever words it is in, where the residual checks know only the
//!   kinds of request they were written for. The cap is the share of exact plans among disputed
//!   ones;
//! - for a plan neither capped, moved by its distance from the training records when the planner
//!   carries a reference ([`crate::familiar`]): a logistic fit of exactness on the mapped
//!   confidence and the distance, so that a sentence unlike the training records is trusted less
//!   than the networks' probabilities say.
//!
//! A calibration also carries the threshold chosen with it ([`Calibration::threshold`]), the
//! least confidence run_instruction and `codemode do` run a plan at unless told otherwise.

use serde::{Deserialize, Serialize};

use crate::ModelError;
use crate::familiar::Familiar;

/// How a planner turns its network's least probability into a confidence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Calibration {
    /// The knots of the map: least probabilities, increasing.
    pub raw: Vec<f32>,
    /// The share of exact plans at each knot, never decreasing.
    pub right: Vec<f32>,
    /// The confidence of a plan that leaves a request of the instruction unhonoured, at most.
    pub unhonoured: f32,
    /// The confidence of a plan a cascade's members read differently, at most (1, no cap, in a
    /// calibration fitted before disputes were measured).
    #[serde(default = "no_cap")]
    pub disputed: f32,
    /// The least confidence a plan is run at by default.
    pub threshold: f32,
    /// How a plan's distance from the training records moves its confidence (absent: it does
    /// not, as for a planner without a reference).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub familiar: Option<Familiar>,
}

/// One answered plan of a labeled record, for fitting.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// The network's least probability for the plan.
    pub raw: f32,
    /// Whether the instruction holds a request the plan does not honour.
    pub unhonoured: bool,
    /// Whether a cascade's members each read the record otherwise.
    pub disputed: bool,
    /// How far the record lies from the training records (when the planner carries a
    /// reference).
    pub distance: Option<f32>,
    /// Whether the plan is the expected one.
    pub right: bool,
}

/// The fewest plans behind one knot of a fitted map: fewer make a step of chance.
pub const MIN_BLOCK: usize = 40;

/// A cap that caps nothing.
fn no_cap() -> f32 {
    1.0
}

impl Calibration {
    /// No calibration: the least probability itself, and no cap for unhonoured requests.
    pub fn identity() -> Self {
        Self {
            raw: vec![0.0, 1.0],
            right: vec![0.0, 1.0],
            unhonoured: 1.0,
            disputed: 1.0,
            threshold: 0.0,
            familiar: None,
        }
    }

    /// Checks that the map is usable: as many knots as shares, knots increasing, shares never
    /// decreasing, every figure a probability.
    pub fn validate(&self) -> Result<(), ModelError> {
        let bad = |why: &str| Err(ModelError::Config(format!("calibration: {why}")));
        if self.raw.is_empty() || self.raw.len() != self.right.len() {
            return bad("`raw` and `right` must be as long as each other, and not empty");
        }
        let probability = |p: &f32| (0.0..=1.0).contains(p);
        if !self.raw.iter().chain(&self.right).all(probability)
            || !probability(&self.unhonoured)
            || !probability(&self.disputed)
            || !probability(&self.threshold)
        {
            return bad("every figure must be a probability from 0 to 1");
        }
        if self.raw.windows(2).any(|w| w[0] >= w[1]) {
            return bad("`raw` must increase");
        }
        if self.right.windows(2).any(|w| w[0] > w[1]) {
            return bad("`right` must never decrease");
        }
        if let Some(f) = self.familiar
            && !(f.confidence > 0.0 && f.distance <= 0.0 && f.bias.is_finite())
        {
            return bad("`familiar` must weigh the confidence above 0 and the distance at most 0");
        }
        Ok(())
    }

    /// The confidence of a plan whose least probability is `raw`: the map, linear between its
    /// knots and flat beyond them, capped at [`Calibration::unhonoured`] when the plan leaves a
    /// request unhonoured and at [`Calibration::disputed`] when it is disputed.
    pub fn confidence(&self, raw: f32, unhonoured: bool, disputed: bool) -> f32 {
        self.confidence_at(raw, unhonoured, disputed, None)
    }

    /// [`Calibration::confidence`], for a plan at `distance` from the training records: a plan
    /// neither capped is moved by [`Calibration::familiar`] when both are known.
    pub fn confidence_at(
        &self,
        raw: f32,
        unhonoured: bool,
        disputed: bool,
        distance: Option<f32>,
    ) -> f32 {
        let mut confidence = interpolate(&self.raw, &self.right, raw);
        if let (Some(f), Some(d), false, false) = (self.familiar, distance, unhonoured, disputed) {
            confidence = f.apply(confidence, d);
        }
        if unhonoured {
            confidence = confidence.min(self.unhonoured);
        }
        if disputed {
            confidence = confidence.min(self.disputed);
        }
        confidence
    }

    /// The confidence of an answered plan of a labeled record.
    pub fn confidence_of(&self, sample: &Sample) -> f32 {
        self.confidence_at(
            sample.raw,
            sample.unhonoured,
            sample.disputed,
            sample.distance,
        )
    }

    /// Fits a calibration to answered plans of labeled records: the map by isotonic regression
    /// (pool adjacent violators) over the plans neither unhonoured nor disputed, each knot the
    /// mean of at least [`MIN_BLOCK`] plans; each cap as the share of exact plans among the
    /// plans it caps (the disputed cap over the disputed plans that leave nothing unhonoured),
    /// with one right and one wrong plan added so that a handful of them cannot make it 0 or 1.
    /// With no disputed plan, nothing is disputed and the cap is 1. The threshold is left at 0
    /// (see [`Calibration::choose_threshold`]).
    pub fn fit(samples: &[Sample]) -> Result<Self, ModelError> {
        let mut plain: Vec<(f32, bool)> = samples
            .iter()
            .filter(|s| !s.unhonoured && !s.disputed)
            .map(|s| (s.raw, s.right))
            .collect();
        if plain.len() < MIN_BLOCK {
            return Err(ModelError::Config(format!(
                "calibration: {} plans are too few to fit a map (at least {MIN_BLOCK})",
                plain.len()
            )));
        }
        plain.sort_by(|a, b| a.0.total_cmp(&b.0));
        // Blocks of (sum of raw, number of right plans, plans), merged while a block's share of
        // right plans is above the next one's, or a block is smaller than MIN_BLOCK.
        let mut blocks: Vec<(f64, f64, usize)> = Vec::new();
        for chunk in plain.chunks(MIN_BLOCK) {
            let block = chunk
                .iter()
                .fold((0.0, 0.0, 0), |(r, k, n), &(raw, right)| {
                    (r + f64::from(raw), k + f64::from(u8::from(right)), n + 1)
                });
            blocks.push(block);
            while blocks.len() > 1 {
                let last = blocks[blocks.len() - 1];
                let before = blocks[blocks.len() - 2];
                let share = |b: (f64, f64, usize)| b.1 / b.2 as f64;
                if share(before) >= share(last) || last.2 < MIN_BLOCK {
                    blocks.pop();
                    let merged = (before.0 + last.0, before.1 + last.1, before.2 + last.2);
                    *blocks.last_mut().expect("two blocks") = merged;
                } else {
                    break;
                }
            }
        }
        let mut raw = Vec::with_capacity(blocks.len());
        let mut right = Vec::with_capacity(blocks.len());
        for (sum, rights, n) in blocks {
            let knot = (sum / n as f64) as f32;
            // Knots must increase; equal means (a block of ones) merge into the last knot.
            if raw.last().is_some_and(|&last| knot <= last) {
                continue;
            }
            raw.push(knot);
            right.push((rights / n as f64) as f32);
        }
        let share = |flagged: Vec<&Sample>| {
            let right = flagged.iter().filter(|s| s.right).count();
            (right + 1) as f32 / (flagged.len() + 2) as f32
        };
        let disputed: Vec<&Sample> = samples
            .iter()
            .filter(|s| s.disputed && !s.unhonoured)
            .collect();
        let calibration = Self {
            raw,
            right,
            unhonoured: share(samples.iter().filter(|s| s.unhonoured).collect()),
            disputed: if disputed.is_empty() {
                1.0
            } else {
                share(disputed)
            },
            threshold: 0.0,
            familiar: None,
        };
        calibration.validate()?;
        Ok(calibration)
    }

    /// Fits [`Calibration::familiar`] to the plans of `samples` neither capped and with a
    /// distance (after the map is fitted; see [`Familiar::fit`]). Leaves it absent when the
    /// samples carry no distance or the distance says nothing.
    pub fn fit_familiar(&mut self, samples: &[Sample]) {
        let plain: Vec<(f32, f32, bool)> = samples
            .iter()
            .filter(|s| !s.unhonoured && !s.disputed)
            .filter_map(|s| {
                let d = s.distance?;
                Some((interpolate(&self.raw, &self.right, s.raw), d, s.right))
            })
            .collect();
        self.familiar = Familiar::fit(&plain);
    }

    /// The least threshold at which at most `risk` of the plans answered are wrong, over
    /// `samples`: the threshold a caller who runs plans wants, chosen on data other than the
    /// data it is judged on.
    pub fn choose_threshold(&self, samples: &[Sample], risk: f64) -> f32 {
        let mut scored: Vec<(f32, bool)> = samples
            .iter()
            .map(|s| (self.confidence_of(s), s.right))
            .collect();
        scored.sort_by(|a, b| a.0.total_cmp(&b.0));
        let total = scored.len();
        let mut wrong = scored.iter().filter(|s| !s.1).count();
        for (i, &(confidence, right)) in scored.iter().enumerate() {
            // Plans of equal confidence are answered together.
            let boundary = i == 0 || scored[i - 1].0 < confidence;
            if boundary && (wrong as f64) <= risk * (total - i) as f64 {
                return confidence;
            }
            if !right {
                wrong -= 1;
            }
        }
        1.0
    }
}

/// How many of a reading's least sure role tags (and pointers) are read again by
/// [`deciding_probability`].
const TAGS_READ_AGAIN: usize = 6;

/// A decision at least this probable is not read again: its doubt is too small to matter.
const SURE_ENOUGH: f32 = 0.99;

/// The least probability among the decisions of a reading that the plan rests on: the heads
/// (status, output kind, schedule) as the network gave them, and of the role tags and the
/// values' pointers only those whose runner-up would answer otherwise. A tag whose other reading decodes to the
/// same plan (a value said twice, a word the decoder reads as prose either way) is no doubt
/// about the plan. The least sure tags are read again, at most [`TAGS_READ_AGAIN`] of them.
pub fn deciding_probability(
    tokens: &[codemode_plan::Token],
    catalog: &codemode_plan::Catalog,
    choices: &crate::decode::Choices,
    plan: &codemode_plan::Plan,
) -> f32 {
    let width = crate::network::TAGS.len();
    if choices.tag_logits.len() != tokens.len() * width {
        return choices.confidence();
    }
    // (top probability, token, runner-up tag), least sure first.
    let mut doubts: Vec<(f32, usize, usize)> = choices
        .tag_logits
        .chunks(width)
        .enumerate()
        .map(|(i, logits)| {
            let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let exp: Vec<f32> = logits.iter().map(|&l| (l - max).exp()).collect();
            let sum: f32 = exp.iter().sum();
            let mut order: Vec<usize> = (0..width).collect();
            order.sort_by(|&a, &b| exp[b].total_cmp(&exp[a]));
            (exp[order[0]] / sum, i, order[1])
        })
        .collect();
    doubts.sort_by(|a, b| a.0.total_cmp(&b.0));
    // One copy of the choices, each doubt tried in it and put back.
    let mut other = choices.clone();
    let same_plan = |other: &crate::decode::Choices| {
        crate::decode::decode_checked(tokens, catalog, other).is_ok_and(|again| again == *plan)
    };
    let mut tags = 1.0_f32;
    for (k, &(p, i, runner_up)) in doubts.iter().enumerate() {
        if k == TAGS_READ_AGAIN || p >= SURE_ENOUGH {
            tags = p;
            break;
        }
        other.tags[i] = runner_up;
        let same = same_plan(&other);
        other.tags[i] = choices.tags[i];
        if !same {
            tags = p;
            break;
        }
    }
    // The pointers likewise: a value whose runner-up argument decodes to the same plan (the
    // decoder places it by the word beside it) is no doubt about the plan.
    let mut pointers = 1.0_f32;
    let mut doubts = choices.pointer_doubts.clone();
    doubts.sort_by(|a, b| a.1.total_cmp(&b.1));
    for &(i, p, runner_up) in doubts.iter().take(TAGS_READ_AGAIN) {
        if p >= SURE_ENOUGH {
            pointers = p;
            break;
        }
        other.pointers[i] = runner_up;
        let same = same_plan(&other);
        other.pointers[i] = choices.pointers[i];
        if !same {
            pointers = p;
            break;
        }
    }
    let heads = if choices.pointer_doubts.is_empty() {
        // Choices made without pointer detail: the heads with the pointers.
        choices.head_sure
    } else {
        choices.heads_sure
    };
    tags.min(pointers).min(heads)
}

/// `y` at `x` on the polyline through `(xs[i], ys[i])`, flat beyond its ends.
fn interpolate(xs: &[f32], ys: &[f32], x: f32) -> f32 {
    let (Some(&first), Some(&last)) = (xs.first(), xs.last()) else {
        return x;
    };
    if x <= first {
        return ys[0];
    }
    if x >= last {
        return ys[ys.len() - 1];
    }
    let i = xs.partition_point(|&k| k <= x);
    let (x0, x1, y0, y1) = (xs[i - 1], xs[i], ys[i - 1], ys[i]);
    y0 + (y1 - y0) * (x - x0) / (x1 - x0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples(raw: f32, right: usize, wrong: usize, unhonoured: bool) -> Vec<Sample> {
        let make = |ok| Sample {
            raw,
            unhonoured,
            disputed: false,
            distance: None,
            right: ok,
        };
        std::iter::repeat_n(make(true), right)
            .chain(std::iter::repeat_n(make(false), wrong))
            .collect()
    }

    #[test]
    fn the_map_is_the_share_of_right_plans_and_never_falls() {
        let mut data = samples(0.4, 20, 20, false);
        data.extend(samples(0.7, 35, 5, false));
        data.extend(samples(0.99, 396, 4, false));
        let calibration = Calibration::fit(&data).unwrap();
        assert_eq!(calibration.raw, [0.4, 0.7, 0.99]);
        assert_eq!(calibration.right, [0.5, 0.875, 0.99]);
        // Linear between knots, flat beyond them.
        assert!((calibration.confidence(0.55, false, false) - 0.6875).abs() < 1e-6);
        assert_eq!(calibration.confidence(0.1, false, false), 0.5);
        assert_eq!(calibration.confidence(1.0, false, false), 0.99);
        // A block whose share is above the next one's is pooled with it.
        let mut data = samples(0.5, 38, 2, false);
        data.extend(samples(0.9, 36, 4, false));
        let calibration = Calibration::fit(&data).unwrap();
        assert_eq!(calibration.right, [0.925]);
    }

    #[test]
    fn an_unhonoured_request_caps_the_confidence_at_its_measured_share() {
        let mut data = samples(0.99, 40, 0, false);
        data.extend(samples(0.99, 1, 5, true));
        let calibration = Calibration::fit(&data).unwrap();
        // (1 + 1) / (6 + 2)
        assert_eq!(calibration.unhonoured, 0.25);
        assert_eq!(calibration.confidence(0.99, true, false), 0.25);
        assert_eq!(calibration.confidence(0.99, false, false), 1.0);
    }

    #[test]
    fn a_disputed_plan_is_capped_at_the_share_of_exact_disputed_plans() {
        let mut data = samples(0.99, 40, 0, false);
        // No disputed plan: no cap.
        assert_eq!(Calibration::fit(&data).unwrap().disputed, 1.0);
        data.extend(samples(0.99, 3, 5, false).into_iter().map(|s| Sample {
            disputed: true,
            ..s
        }));
        let calibration = Calibration::fit(&data).unwrap();
        // (3 + 1) / (8 + 2); the disputed plans are not in the map.
        assert_eq!(calibration.disputed, 0.4);
        assert_eq!(calibration.right, [1.0]);
        assert_eq!(calibration.confidence(0.99, false, true), 0.4);
        // Both caps: the lower one (no unhonoured plan was seen, so that cap is 1/2).
        assert_eq!(calibration.confidence(0.99, true, true), 0.4);
    }

    #[test]
    fn the_threshold_is_the_least_that_keeps_wrong_plans_within_the_risk() {
        let calibration = Calibration::identity();
        let mut data = samples(0.3, 5, 5, false);
        data.extend(samples(0.8, 99, 1, false));
        assert_eq!(calibration.choose_threshold(&data, 0.01), 0.8);
        assert_eq!(calibration.choose_threshold(&data, 0.5), 0.3);
    }

    #[test]
    fn a_malformed_calibration_is_refused() {
        let mut calibration = Calibration::identity();
        calibration.right = vec![0.5, 0.4];
        assert!(calibration.validate().is_err());
        calibration.right = vec![0.1];
        assert!(calibration.validate().is_err());
        assert!(Calibration::fit(&samples(0.9, 3, 1, false)).is_err());
        // A distance weight that would make farther plans surer is refused too.
        let mut calibration = Calibration::identity();
        calibration.familiar = Some(Familiar {
            confidence: 1.0,
            distance: 2.0,
            bias: 0.0,
        });
        assert!(calibration.validate().is_err());
    }

    #[test]
    fn the_distance_moves_only_plans_no_cap_holds_and_only_when_it_is_known() {
        let mut calibration = Calibration::identity();
        calibration.unhonoured = 0.3;
        calibration.familiar = Some(Familiar {
            confidence: 1.0,
            distance: -10.0,
            bias: 0.0,
        });
        calibration.validate().unwrap();
        // Near the training records the map's confidence stands; far from them it falls.
        let near = calibration.confidence_at(0.9, false, false, Some(0.0));
        let far = calibration.confidence_at(0.9, false, false, Some(0.3));
        assert!((near - 0.9).abs() < 1e-5, "{near}");
        assert!((far - 0.309).abs() < 0.01, "{far}"); // sigmoid(logit(0.9) - 3)
        // Without a distance (a planner without a reference) nothing moves.
        assert_eq!(calibration.confidence_at(0.9, false, false, None), 0.9);
        assert_eq!(calibration.confidence(0.9, false, false), 0.9);
        // A capped plan keeps its cap, near or far.
        assert_eq!(calibration.confidence_at(0.9, true, false, Some(0.0)), 0.3);
        assert_eq!(calibration.confidence_at(0.9, true, false, Some(0.3)), 0.3);
        // A fitted calibration picks the weight up from plans with a distance.
        let mut data = Vec::new();
        for i in 0..400 {
            let (distance, right) = if i % 2 == 0 {
                (0.02, i % 40 != 0)
            } else {
                (0.2, i % 5 != 1)
            };
            data.push(Sample {
                raw: 0.9,
                unhonoured: false,
                disputed: false,
                distance: Some(distance),
                right,
            });
        }
        let mut fitted = Calibration::fit(&data).unwrap();
        fitted.fit_familiar(&data);
        let f = fitted.familiar.expect("far plans are wrong more often");
        assert!(f.distance < 0.0);
        let (near, far) = (&data[0], &data[1]);
        assert!(fitted.confidence_of(near) > fitted.confidence_of(far));
    }
}
