//! The crate's one error type: what can go wrong before the code runs.
//!
//! A run never returns it; [`crate::QuickJs`] reports it as a result with
//! [`codemode_interpreter::StopReason::Internal`].

/// Why the engine could not run the code.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// QuickJS could not create the runtime or the context.
    #[error("quickjs could not start: {0}")]
    Engine(rquickjs::Error),
    /// The prelude (which installs `tools` and `console`) failed.
    #[error("the prelude failed: {0}")]
    Prelude(String),
}
