//! Risk and coverage: what a least confidence buys a caller who runs the plans it answers.
//!
//! For a threshold `t`, the plans answered are those with a confidence of at least `t`; their
//! *wrong share* (risk) is the share of them that are not the expected plan (including any plan
//! for a record that expects a diagnostic), and *coverage* is the share of the records that
//! expect a plan that get their exact plan. The area under the risk–coverage curve (AURC) sums
//! the risk of answering the k most confident plans, over every k, divided by their number: 0 for
//! a confidence that puts every right plan before every wrong one. The expected calibration error
//! (ECE) compares, in ten bins of confidence, the mean confidence with the share of exact plans,
//! weighted by the bins' sizes: 0 for a confidence that means what it says.

use serde::Serialize;

/// One answered plan: its confidence, and whether it is the expected plan.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scored {
    /// The plan's confidence.
    pub confidence: f32,
    /// Whether it is exactly the expected plan (never, for a record that expects a diagnostic).
    pub exact: bool,
}

/// The plans answered at one threshold.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AtThreshold {
    /// The least confidence.
    pub threshold: f32,
    /// Plans answered.
    pub answered: usize,
    /// Exact plans among them.
    pub exact: usize,
    /// Wrong plans among them.
    pub wrong: usize,
    /// Exact plans answered per record that expects a plan.
    pub coverage: f64,
    /// Wrong plans per plan answered (0 when none is answered).
    pub wrong_share: f64,
}

/// One bin of the calibration table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Bin {
    /// Its lower bound (inclusive).
    pub from: f32,
    /// Its upper bound (exclusive, but 1 for the last bin).
    pub to: f32,
    /// Plans whose confidence falls in it.
    pub plans: usize,
    /// Their mean confidence.
    pub mean_confidence: f64,
    /// Their share of exact plans.
    pub exact_share: f64,
}

/// The risk–coverage table, its area and the calibration table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RiskCoverage {
    /// The planner's default threshold (the least confidence run_instruction runs a plan at),
    /// one of the table's, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default_threshold: Option<f32>,
    /// The table, one row per threshold.
    pub thresholds: Vec<AtThreshold>,
    /// The area under the risk–coverage curve.
    pub aurc: f64,
    /// The expected calibration error over ten bins.
    pub ece: f64,
    /// The ten bins.
    pub bins: Vec<Bin>,
    /// The risk–coverage curve: `[coverage, wrong share]` of the plans answered at each distinct
    /// confidence, from the most confident down.
    pub curve: Vec<[f64; 2]>,
}

/// The thresholds of the table: 0 to 0.9 by tenths, 0.95, 0.99, and `extra` (a default) when
/// it is not among them.
pub fn thresholds(extra: Option<f32>) -> Vec<f32> {
    let mut all: Vec<f32> = (0..10).map(|i| i as f32 / 10.0).collect();
    all.extend([0.95, 0.99]);
    if let Some(t) = extra
        && !all.iter().any(|&x| (x - t).abs() < 1e-6)
    {
        all.push(t);
        all.sort_by(f32::total_cmp);
    }
    all
}

/// The risk–coverage and calibration tables of `scored` (every plan answered at threshold 0)
/// over records of which `plan_records` expect a plan.
pub fn risk_coverage(scored: &[Scored], plan_records: usize, thresholds: &[f32]) -> RiskCoverage {
    risk_coverage_with(scored, plan_records, thresholds, None)
}

/// [`risk_coverage`], naming `default` (one of `thresholds`) as the default threshold.
pub fn risk_coverage_with(
    scored: &[Scored],
    plan_records: usize,
    thresholds: &[f32],
    default: Option<f32>,
) -> RiskCoverage {
    let rows = thresholds
        .iter()
        .map(|&threshold| {
            let answered: Vec<&Scored> = scored
                .iter()
                .filter(|s| s.confidence >= threshold)
                .collect();
            let exact = answered.iter().filter(|s| s.exact).count();
            let wrong = answered.len() - exact;
            AtThreshold {
                threshold,
                answered: answered.len(),
                exact,
                wrong,
                coverage: share(exact, plan_records),
                wrong_share: share(wrong, answered.len()),
            }
        })
        .collect();
    let mut ranked: Vec<&Scored> = scored.iter().collect();
    ranked.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
    let mut wrong = 0;
    let mut area = 0.0;
    let mut curve = Vec::new();
    for (k, s) in ranked.iter().enumerate() {
        wrong += usize::from(!s.exact);
        area += wrong as f64 / (k + 1) as f64;
        // A point where the next plan is less confident: the plans so far are one threshold's.
        if ranked
            .get(k + 1)
            .is_none_or(|next| next.confidence < s.confidence)
        {
            let answered = k + 1;
            curve.push([
                share(answered - wrong, plan_records),
                share(wrong, answered),
            ]);
        }
    }
    let aurc = if ranked.is_empty() {
        0.0
    } else {
        area / ranked.len() as f64
    };
    let mut bins: Vec<Bin> = (0..10)
        .map(|i| Bin {
            from: i as f32 / 10.0,
            to: (i + 1) as f32 / 10.0,
            plans: 0,
            mean_confidence: 0.0,
            exact_share: 0.0,
        })
        .collect();
    for s in scored {
        let i = ((s.confidence * 10.0) as usize).min(9);
        bins[i].plans += 1;
        bins[i].mean_confidence += f64::from(s.confidence);
        bins[i].exact_share += f64::from(u8::from(s.exact));
    }
    let mut ece = 0.0;
    for bin in &mut bins {
        if bin.plans > 0 {
            bin.mean_confidence /= bin.plans as f64;
            bin.exact_share /= bin.plans as f64;
            ece += (bin.mean_confidence - bin.exact_share).abs() * bin.plans as f64;
        }
    }
    if !scored.is_empty() {
        ece /= scored.len() as f64;
    }
    RiskCoverage {
        default_threshold: default,
        thresholds: rows,
        aurc,
        ece,
        bins,
        curve,
    }
}

fn share(n: usize, d: usize) -> f64 {
    if d == 0 { 0.0 } else { n as f64 / d as f64 }
}

impl RiskCoverage {
    /// The tables as text.
    pub fn table(&self) -> String {
        let mut t = String::from("\nthreshold  coverage   wrong share (wrong/answered)\n");
        for row in &self.thresholds {
            t.push_str(&format!(
                "{:>9.2}  {:>7.2}%  {:>7.2}% ({}/{})\n",
                row.threshold,
                100.0 * row.coverage,
                100.0 * row.wrong_share,
                row.wrong,
                row.answered
            ));
        }
        t.push_str(&format!(
            "area under the risk-coverage curve {:.4}\n",
            self.aurc
        ));
        t.push_str("\nconfidence   plans   mean confidence   exact share\n");
        for bin in self.bins.iter().filter(|b| b.plans > 0) {
            t.push_str(&format!(
                "{:.1}-{:.1}   {:>6}   {:>15.3}   {:>11.3}\n",
                bin.from, bin.to, bin.plans, bin.mean_confidence, bin.exact_share
            ));
        }
        t.push_str(&format!(
            "expected calibration error (10 bins) {:.4}\n",
            self.ece
        ));
        if let Some(default) = self.default_threshold {
            t.push_str(&format!("default threshold {default:.3}\n"));
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scored(confidence: f32, exact: bool) -> Scored {
        Scored { confidence, exact }
    }

    #[test]
    fn coverage_and_risk_follow_the_threshold() {
        let plans = [
            scored(0.95, true),
            scored(0.9, true),
            scored(0.6, false),
            scored(0.4, true),
        ];
        let table = risk_coverage(&plans, 5, &[0.0, 0.5, 0.92]);
        let rows: Vec<(usize, usize, usize)> = table
            .thresholds
            .iter()
            .map(|r| (r.answered, r.exact, r.wrong))
            .collect();
        assert_eq!(rows, [(4, 3, 1), (3, 2, 1), (1, 1, 0)]);
        assert_eq!(table.thresholds[0].coverage, 0.6);
        assert_eq!(table.thresholds[1].wrong_share, 1.0 / 3.0);
        // Risks of the top 1, 2, 3, 4: 0, 0, 1/3, 1/4.
        assert!((table.aurc - (1.0 / 3.0 + 0.25) / 4.0).abs() < 1e-12);
        assert_eq!(
            table.curve,
            [[0.2, 0.0], [0.4, 0.0], [0.4, 1.0 / 3.0], [0.6, 0.25]]
        );
    }

    #[test]
    fn a_confidence_that_means_what_it_says_has_no_calibration_error() {
        let mut plans = vec![scored(0.75, true); 3];
        plans.push(scored(0.75, false));
        let table = risk_coverage(&plans, 4, &[0.0]);
        assert!(table.ece.abs() < 1e-6, "{}", table.ece);
        // Sure of every plan, right about half of them: an error of one half.
        let plans = [scored(1.0, true), scored(1.0, false)];
        assert!((risk_coverage(&plans, 2, &[0.0]).ece - 0.5).abs() < 1e-6);
    }

    #[test]
    fn the_thresholds_hold_the_default_once() {
        assert_eq!(thresholds(Some(0.5)).len(), 12);
        let with = thresholds(Some(0.87));
        assert_eq!(with.len(), 13);
        assert!(with.windows(2).all(|w| w[0] < w[1]));
    }
}
