//! The Tiny Codemode CNN: the planner's network, its features, decoding, training and evaluation.
//! This is the only crate that knows the ML framework (candle).
//!
//! The flow for one record: [`codemode_plan::frontend`] reads it; [`features`] encodes its tokens
//! against the catalog; [`network`] scores every token and the whole instruction; [`decode`] turns
//! the scores into a plan (trying the network's close readings when the first breaks a rule);
//! [`codemode_plan::check`] has the last word.
#![deny(missing_docs)]

pub mod align;
pub mod confidence;
pub mod decode;
pub mod eval;
pub mod familiar;
pub mod features;
mod kernels;
pub mod labels;
pub mod network;
pub mod planner;
pub mod residual;
pub mod selective;
pub mod store;
pub mod train;

pub use planner::Planner;

/// What can go wrong in this crate.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The tensor library failed (its message, without the backtrace candle may attach).
    #[error("tensor error: {0}")]
    Candle(String),
    /// A configuration could not be read.
    #[error("bad model configuration: {0}")]
    Config(String),
    /// A file could not be read or written.
    #[error("{0}")]
    Io(String),
}

/// The shipped planner, built into the binary from `model/` at the repository root.
#[cfg(shipped_model)]
pub fn shipped() -> Result<Planner, ModelError> {
    Planner::from_bytes(
        include_bytes!("../../../model/config.json"),
        include_bytes!("../../../model/model.safetensors"),
    )
}

/// The shipped planner; this build was made without `model/` (as when training the first one).
#[cfg(not(shipped_model))]
pub fn shipped() -> Result<Planner, ModelError> {
    Err(ModelError::Io(
        "this build has no shipped model (model/ was missing); pass --model DIR".into(),
    ))
}

impl From<candle_core::Error> for ModelError {
    fn from(e: candle_core::Error) -> ModelError {
        let text = e.to_string();
        ModelError::Candle(text.lines().next().unwrap_or_default().to_owned())
    }
}

/// A record read by the frontend from an instruction and a catalog, for unit tests.
#[cfg(test)]
pub(crate) fn test_record(instruction: &str, tools: serde_json::Value) -> codemode_plan::Record {
    let line = serde_json::json!({"instruction": instruction, "tools": tools});
    codemode_plan::frontend::read_record(&line).expect("a valid test record")
}
