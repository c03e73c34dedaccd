//! What a worker is started with: its one argument, as JSON.

use serde::{Deserialize, Serialize};

use crate::Error;

/// A worker's fixed settings, given as its one argument (`--spec JSON`). The limits that vary by
/// run (timeout, heap, logs, calls) come with each run over the protocol; a run that asks for more
/// heap than `memory_mb` gets `memory_mb`, since the worker's address space was sized for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WorkerSpec {
    /// The most heap one run may use, in megabytes; sizes the address-space limit.
    pub memory_mb: usize,
    /// The native stack the code may use, in bytes (the engine's `stack_bytes`).
    pub stack_bytes: usize,
    /// The most calls in flight at once.
    pub max_in_flight: usize,
    /// The largest returned value, as JSON bytes.
    pub max_value_bytes: usize,
    /// The largest arguments of one call, as JSON bytes.
    pub max_args_bytes: usize,
    /// The CPU time the worker may use over its whole life, in seconds: a backstop behind each
    /// run's timeout (the engine's interrupt handler), past which the kernel kills the worker.
    pub cpu_seconds: u64,
    /// Test hooks only: lock down without the seccomp filter, so a test can show what Landlock
    /// alone denies. A build without the `test-hooks` feature refuses a spec that has it.
    #[cfg(feature = "test-hooks")]
    #[serde(default)]
    pub test_without_seccomp: bool,
}

/// Address space the worker needs beside the heap of a run: the binary and its libraries, the
/// allocator's reservations, the runtime's thread stacks and the engine's own tables. mimalloc
/// reserves a 1 GiB arena of address space up front (not memory: a worker's resident size is about
/// 18 MB), so an idle worker's virtual size is about 1,060 MB; the margin leaves room for a second
/// arena, and keeps a heap-hungry run failing with `heap_limit`, counted by the engine, before the
/// kernel's limit is reached.
pub const ADDRESS_SPACE_MARGIN_MB: u64 = 2560;

impl WorkerSpec {
    /// The settings of a worker that runs code as `config` does in process, and is recycled after
    /// `runs` runs of at most `longest_run` each.
    pub fn from_config(
        config: &codemode_quickjs::Config,
        longest_run: std::time::Duration,
        runs: usize,
    ) -> Self {
        let timeout = longest_run.as_secs().max(1);
        Self {
            memory_mb: config.limits.memory_mb,
            stack_bytes: config.stack_bytes,
            max_in_flight: config.max_in_flight,
            max_value_bytes: config.max_value_bytes,
            max_args_bytes: config.max_args_bytes,
            cpu_seconds: timeout
                .saturating_mul(u64::try_from(runs).unwrap_or(u64::MAX))
                .saturating_add(10),
            #[cfg(feature = "test-hooks")]
            test_without_seccomp: false,
        }
    }

    /// Whether the lockdown leaves out the seccomp filter (only ever with the test hooks).
    pub fn without_seccomp(&self) -> bool {
        #[cfg(feature = "test-hooks")]
        return self.test_without_seccomp;
        #[cfg(not(feature = "test-hooks"))]
        false
    }

    /// The address-space limit, in bytes: the heap plus [`ADDRESS_SPACE_MARGIN_MB`].
    pub fn address_space_bytes(&self) -> u64 {
        u64::try_from(self.memory_mb)
            .unwrap_or(u64::MAX)
            .saturating_add(ADDRESS_SPACE_MARGIN_MB)
            .saturating_mul(1024 * 1024)
    }

    /// The spec as the worker's argument.
    pub fn to_arg(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads the worker's argument.
    pub fn from_arg(arg: &str) -> Result<Self, Error> {
        serde_json::from_str(arg).map_err(|e| Error::Spec(e.to_string()))
    }

    /// The engine's settings for one run of this worker, with the run's own limits.
    pub fn engine_config(&self, limits: codemode_interpreter::Limits) -> codemode_quickjs::Config {
        codemode_quickjs::Config {
            limits: codemode_interpreter::Limits {
                memory_mb: limits.memory_mb.min(self.memory_mb),
                ..limits
            },
            stack_bytes: self.stack_bytes,
            max_in_flight: self.max_in_flight,
            max_value_bytes: self.max_value_bytes,
            max_args_bytes: self.max_args_bytes,
        }
    }
}
