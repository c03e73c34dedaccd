//! The crate's one error type.

/// Why the worker could not lock itself down or serve, or the pool could not start a worker.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A `prctl` setting (`no_new_privs`, the parent-death signal, not dumpable) was refused.
    #[error("cannot set {what}: {source}")]
    Prctl {
        /// The setting.
        what: &'static str,
        /// The system's refusal.
        source: std::io::Error,
    },
    /// An rlimit could not be lowered.
    #[error("cannot set the {resource} limit: {source}")]
    Rlimit {
        /// The resource, such as `RLIMIT_AS`.
        resource: &'static str,
        /// The system's refusal.
        source: std::io::Error,
    },
    /// Landlock was available but could not be applied.
    #[error("cannot apply Landlock: {0}")]
    Landlock(String),
    /// The seccomp filter could not be built or installed.
    #[error("cannot install the seccomp filter: {0}")]
    Seccomp(String),
    /// The worker is not in a process group of its own.
    #[error("the worker is not the leader of its own process group (start it with a new group)")]
    ProcessGroup,
    /// This platform has no seccomp or no Landlock: the worker cannot lock itself down.
    #[error("the sandbox worker needs Linux with seccomp and Landlock: {0}")]
    Unsupported(String),
    /// A worker of the pool could not start, or failed its first run.
    #[error("the sandbox worker failed: {0}")]
    Worker(String),
    /// The worker's specification (its one argument) is not valid.
    #[error("invalid worker specification: {0}")]
    Spec(String),
    /// Reading or writing the worker's pipes, or starting its runtime, failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}
