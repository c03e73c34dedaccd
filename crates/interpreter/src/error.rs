//! The crate's one error type.
//!
//! A run never returns it: [`crate::ProcessInterpreter`] turns it into a [`crate::RunResult`] whose
//! `reason` is [`crate::StopReason::Internal`]. It is public so that callers building on the
//! protocol (and the command line) can report it with its data.

use std::io;

/// What went wrong outside the code being run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The interpreter command was empty.
    #[error("the interpreter command is empty")]
    EmptyCommand,
    /// The interpreter process could not be started.
    #[error("cannot start interpreter process `{command}`: {source}")]
    Spawn {
        /// The command as given.
        command: String,
        /// Why the operating system refused.
        source: io::Error,
    },
    /// Reading from or writing to the interpreter process failed.
    #[error("interpreter process i/o failed: {0}")]
    Io(#[from] io::Error),
    /// The interpreter process sent a line that is not a protocol message.
    #[error("interpreter process sent an invalid message ({message}): {line}")]
    Protocol {
        /// The offending line, cut to 200 characters.
        line: String,
        /// What is wrong with it.
        message: String,
    },
    /// The interpreter process closed its output before finishing the run.
    #[error("interpreter process exited before finishing the run")]
    Exited,
}
