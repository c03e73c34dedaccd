//! Model directories: the `config.json` and `model.safetensors` a planner is loaded from, and
//! writing them (an ensemble of several networks' directories, a calibration into an ensemble).
//!
//! One network's directory holds its [`Config`] and its weights. An ensemble's `config.json`
//! lists every member's configuration, with the cascade's thresholds and the calibration, and its
//! one `model.safetensors` holds each member's weights under `member{i}.` and, once calibrated
//! with one, the reference distances are measured from ([`crate::familiar`]).

use std::path::Path;

use candle_core::Device;
use serde::{Deserialize, Serialize};

use crate::ModelError;
use crate::confidence::Calibration;
use crate::familiar::{REFERENCE_TENSOR, Reference};
use crate::network::Config;
use crate::planner::Sure;

/// The `config.json` of an ensemble: one configuration per member, whose weights are stored in
/// the one `model.safetensors` under `member{i}.`.
#[derive(Serialize, Deserialize)]
struct EnsembleConfig {
    members: Vec<Config>,
    /// A cascade's thresholds (see [`Planner`](crate::Planner)); absent, every member reads every record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sure: Option<Sure>,
    /// How the planner's confidence is calibrated; absent, it is the least probability itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    calibration: Option<Calibration>,
}

/// The prefix of member `i`'s weights in an ensemble's `model.safetensors`.
fn member_prefix(i: usize) -> String {
    format!("member{i}")
}

/// The members a `config.json` describes, each with the prefix of its weights (none for a
/// single network), its cascade thresholds and its calibration.
pub(crate) type Members = (
    Vec<(Option<String>, Config)>,
    Option<Sure>,
    Option<Calibration>,
);

pub(crate) fn read_configs(bytes: &[u8]) -> Result<Members, ModelError> {
    let bad = |e: serde_json::Error| ModelError::Config(e.to_string());
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(bad)?;
    if value.get("members").is_some() {
        let ensemble: EnsembleConfig = serde_json::from_value(value).map_err(bad)?;
        check_sure(ensemble.sure)?;
        if ensemble.members.is_empty() {
            return Err(ModelError::Config("an ensemble with no members".into()));
        }
        let members = ensemble
            .members
            .into_iter()
            .enumerate()
            .map(|(i, c)| (Some(member_prefix(i)), c))
            .collect();
        if let Some(calibration) = &ensemble.calibration {
            calibration.validate()?;
        }
        Ok((members, ensemble.sure, ensemble.calibration))
    } else {
        Ok((
            vec![(None, serde_json::from_value(value).map_err(bad)?)],
            None,
            None,
        ))
    }
}

/// A cascade's thresholds must be probabilities above one half (below it, two readings of the
/// same decision could both count as sure).
pub(crate) fn check_sure(sure: Option<Sure>) -> Result<(), ModelError> {
    let Some(sure) = sure else {
        return Ok(());
    };
    for p in [sure.tags, sure.heads] {
        if !(p > 0.5 && p <= 1.0) {
            return Err(ModelError::Config(format!(
                "a cascade's threshold must be above 0.5 and at most 1, not {p}"
            )));
        }
    }
    Ok(())
}

/// Writes the model directories `members` (each one network or an ensemble) as one ensemble in
/// `out`: a `config.json` listing every member's configuration and one `model.safetensors` with
/// each member's weights under `member{i}.`. With `sure`, the ensemble is a cascade whose first
/// member answers alone where it is that sure (see [`Planner`](crate::Planner)). A member ensemble's reference
/// is not carried over: it holds the pooled vectors of its own member 0, and the new ensemble
/// has no calibration yet. Returns how many networks it holds.
pub fn write_ensemble(
    members: &[&Path],
    out: &Path,
    sure: Option<Sure>,
) -> Result<usize, ModelError> {
    check_sure(sure)?;
    let read = |dir: &Path, name: &str| {
        let path = dir.join(name);
        std::fs::read(&path).map_err(|e| ModelError::Io(format!("{}: {e}", path.display())))
    };
    let mut configs = Vec::new();
    let mut weights = std::collections::HashMap::new();
    for dir in members {
        let tensors =
            candle_core::safetensors::load_buffer(&read(dir, "model.safetensors")?, &Device::Cpu)?;
        for (prefix, config) in read_configs(&read(dir, "config.json")?)?.0 {
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
    let config = serde_json::to_string_pretty(&EnsembleConfig {
        members: configs,
        sure,
        calibration: None,
    })
    .map_err(|e| ModelError::Config(e.to_string()))?;
    let write = |name: &str, bytes: &[u8]| {
        let path = out.join(name);
        std::fs::write(&path, bytes).map_err(|e| ModelError::Io(format!("{}: {e}", path.display())))
    };
    write("config.json", config.as_bytes())?;
    candle_core::safetensors::save(&weights, out.join("model.safetensors"))?;
    Ok(count)
}

/// Writes the model directory `model` (an ensemble, as `codemode ensemble` writes one) to `out`
/// with `calibration` in its `config.json`. With a `reference`, the weights are written with it
/// as [`REFERENCE_TENSOR`] (in place of any reference they held); without, they are copied as
/// they are (nothing is written to them when `out` is `model`).
pub fn write_calibration(
    model: &Path,
    out: &Path,
    calibration: &Calibration,
    reference: Option<&Reference>,
) -> Result<(), ModelError> {
    calibration.validate()?;
    let io = |path: &Path, e: std::io::Error| ModelError::Io(format!("{}: {e}", path.display()));
    let path = model.join("config.json");
    let bytes = std::fs::read(&path).map_err(|e| io(&path, e))?;
    let mut ensemble: EnsembleConfig = serde_json::from_slice(&bytes).map_err(|e| {
        ModelError::Config(format!(
            "{}: a calibration belongs to an ensemble's config.json (join a single network with \
             `codemode ensemble` first): {e}",
            path.display()
        ))
    })?;
    ensemble.calibration = Some(calibration.clone());
    std::fs::create_dir_all(out).map_err(|e| io(out, e))?;
    let weights = model.join("model.safetensors");
    let copy = out.join("model.safetensors");
    if let Some(reference) = reference {
        let bytes = std::fs::read(&weights).map_err(|e| io(&weights, e))?;
        let mut tensors = candle_core::safetensors::load_buffer(&bytes, &Device::Cpu)?;
        tensors.insert(REFERENCE_TENSOR.to_string(), reference.tensor()?);
        // Written beside and moved over, so that a failed write leaves the weights whole.
        let partial = out.join("model.safetensors.partial");
        candle_core::safetensors::save(&tensors, &partial)?;
        std::fs::rename(&partial, &copy).map_err(|e| io(&copy, e))?;
    } else {
        let same = std::fs::canonicalize(&weights).ok() == std::fs::canonicalize(&copy).ok();
        if !same {
            std::fs::copy(&weights, &copy).map_err(|e| io(&weights, e))?;
        }
    }
    let text =
        serde_json::to_string_pretty(&ensemble).map_err(|e| ModelError::Config(e.to_string()))?;
    let config = out.join("config.json");
    std::fs::write(&config, text + "\n").map_err(|e| io(&config, e))
}
