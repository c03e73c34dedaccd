//! The worker's lockdown: what it does to itself, on Linux, before it reads any code.
//!
//! In order: the parent's death kills it (`PR_SET_PDEATHSIG`); it is not dumpable (no core, no
//! `ptrace` attach by a process of the same user, no `/proc/PID/mem`); it checks that it leads its
//! own process group (the parent starts it so); `no_new_privs`; rlimits (address space, CPU time,
//! no core dumps, few file descriptors); Landlock handling every filesystem access
//! (and TCP, and signals and abstract sockets beyond the sandbox, where the kernel knows them)
//! with no rule, so nothing is allowed; and last a seccomp filter that allows only the system
//! calls the engine, the allocator and the pipes need, and kills the whole process on any other.
//!
//! Nothing here is hand-written BPF: the filter is built by `seccompiler`, Landlock is applied
//! by `landlock`, and the `prctl`s and rlimits go through `rustix`'s safe wrappers.

use crate::{Error, WorkerSpec};

/// How far the lockdown went. Landlock is best effort (an older kernel enforces a part of it);
/// everything else is required.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// Landlock's status.
    pub landlock: Landlock,
}

/// How much of the Landlock ruleset the kernel enforces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landlock {
    /// All of it: no filesystem access, no TCP, no signals or abstract sockets beyond the worker.
    Full,
    /// The filesystem part at least, not all of the rest (an older kernel).
    Partial,
}

/// The most file descriptors the worker may hold: its three pipes and the few the runtime and
/// the allocator open before the lockdown, with room to spare; no new file can be opened anyway.
pub const MAX_FILES: u64 = 32;

/// Locks the calling process down. Call it before any other thread exists and before reading any
/// code: the seccomp filter applies to the calling thread and the threads it starts later.
#[cfg(target_os = "linux")]
pub fn lock_down(spec: &WorkerSpec) -> Result<Report, Error> {
    use rustix::process::{self, DumpableBehavior, Resource, Rlimit, Signal};

    let prctl = |what, outcome: rustix::io::Result<()>| {
        outcome.map_err(|e| Error::Prctl {
            what,
            source: e.into(),
        })
    };
    prctl(
        "the parent-death signal",
        process::set_parent_process_death_signal(Some(Signal::KILL)),
    )?;
    // The parent may have died before the signal was set: then nobody reads the results.
    if process::getppid().is_none_or(|parent| parent.as_raw_nonzero().get() == 1) {
        return Err(Error::Io(std::io::Error::other("the parent is gone")));
    }
    prctl(
        "not dumpable",
        process::set_dumpable_behavior(DumpableBehavior::NotDumpable),
    )?;
    let pid = process::getpid();
    if process::getpgid(None).ok() != Some(pid) {
        return Err(Error::ProcessGroup);
    }
    prctl("no_new_privs", rustix::thread::set_no_new_privs(true))?;

    let limit = |resource, name, soft: u64, hard: u64| {
        process::setrlimit(
            resource,
            Rlimit {
                current: Some(soft),
                maximum: Some(hard),
            },
        )
        .map_err(|e| Error::Rlimit {
            resource: name,
            source: e.into(),
        })
    };
    limit(Resource::Core, "RLIMIT_CORE", 0, 0)?;
    limit(Resource::Nofile, "RLIMIT_NOFILE", MAX_FILES, MAX_FILES)?;
    // The soft limit sends SIGXCPU (which kills, unhandled); the hard one SIGKILL a second later.
    limit(
        Resource::Cpu,
        "RLIMIT_CPU",
        spec.cpu_seconds,
        spec.cpu_seconds.saturating_add(1),
    )?;
    let space = spec.address_space_bytes();
    limit(Resource::As, "RLIMIT_AS", space, space)?;

    let landlock = landlock()?;
    if !spec.without_seccomp() {
        seccomp(pid.as_raw_nonzero().get())?;
    }
    Ok(Report { landlock })
}

/// Elsewhere the worker cannot lock itself down, and refuses to run.
#[cfg(not(target_os = "linux"))]
pub fn lock_down(_spec: &WorkerSpec) -> Result<Report, Error> {
    Err(Error::Unsupported(format!(
        "this is {}",
        std::env::consts::OS
    )))
}

/// Handles every access right the kernel knows, with no rule: nothing is allowed.
#[cfg(target_os = "linux")]
fn landlock() -> Result<Landlock, Error> {
    use landlock::{ABI, Access, AccessFs, AccessNet, Ruleset, RulesetAttr, RulesetStatus, Scope};
    let newest = ABI::V6;
    let fail = |e: landlock::RulesetError| Error::Landlock(e.to_string());
    let status = Ruleset::default()
        .handle_access(AccessFs::from_all(newest))
        .map_err(fail)?
        .handle_access(AccessNet::from_all(newest))
        .map_err(fail)?
        .scope(Scope::from_all(newest))
        .map_err(fail)?
        .create()
        .map_err(fail)?
        .restrict_self()
        .map_err(fail)?;
    match status.ruleset {
        RulesetStatus::FullyEnforced => Ok(Landlock::Full),
        RulesetStatus::PartiallyEnforced => Ok(Landlock::Partial),
        RulesetStatus::NotEnforced => Err(Error::Unsupported(
            "this kernel does not enforce Landlock".to_owned(),
        )),
    }
}

/// The system calls the worker makes once locked down with any arguments, found by tracing it
/// (`strace -f`) through the conformance suite and the tests: memory (the allocator and the
/// engine), futexes (the standard library's locks), clocks, waiting on its stdin (`ppoll`),
/// signals to itself, and leaving. Reading and writing, `mmap`, `tgkill` and `prctl` are allowed
/// with their arguments checked (see [`seccomp`]). The worker has one thread: `clone` and
/// `clone3` are not allowed at all.
#[cfg(target_os = "linux")]
const ALLOWED: &[i64] = &[
    libc::SYS_close,
    libc::SYS_futex,
    libc::SYS_munmap,
    libc::SYS_mremap,
    libc::SYS_madvise,
    libc::SYS_mprotect,
    libc::SYS_brk,
    libc::SYS_clock_gettime,
    libc::SYS_clock_getres,
    libc::SYS_clock_nanosleep,
    libc::SYS_nanosleep,
    libc::SYS_gettimeofday,
    libc::SYS_getpid,
    libc::SYS_gettid,
    libc::SYS_sched_yield,
    libc::SYS_ppoll,
    libc::SYS_getrandom,
    libc::SYS_rt_sigreturn,
    libc::SYS_rt_sigprocmask,
    libc::SYS_rt_sigaction,
    libc::SYS_sigaltstack,
    libc::SYS_set_robust_list,
    libc::SYS_rseq,
    libc::SYS_exit,
    libc::SYS_exit_group,
];

/// The system calls answered `ENOSYS` instead of run: the `access` family, with which the
/// allocator probes `/sys` for NUMA nodes (it takes the failure as "no such node").
#[cfg(target_os = "linux")]
const ANSWERED_ENOSYS: &[i64] = &[
    #[cfg(target_arch = "x86_64")]
    libc::SYS_access,
    libc::SYS_faccessat,
    libc::SYS_faccessat2,
];

/// Installs the filter: [`ALLOWED`] and a few calls with their arguments checked are let through,
/// [`ANSWERED_ENOSYS`] fail with `ENOSYS`, and anything else kills the process.
#[cfg(target_os = "linux")]
fn seccomp(pid: i32) -> Result<(), Error> {
    use std::collections::BTreeMap;

    use seccompiler::{
        BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
        SeccompRule, TargetArch,
    };

    let fail = |e: &dyn std::fmt::Display| Error::Seccomp(e.to_string());
    let arch = TargetArch::try_from(std::env::consts::ARCH).map_err(|e| fail(&e))?;
    let condition = |arg, op, value| {
        SeccompCondition::new(arg, SeccompCmpArgLen::Qword, op, value).map_err(|e| fail(&e))
    };
    let rule = |conditions| SeccompRule::new(conditions).map_err(|e| fail(&e));

    let mut rules: BTreeMap<i64, Vec<SeccompRule>> =
        ALLOWED.iter().map(|&call| (call, Vec::new())).collect();
    // Its pipes only: reading stdin, writing stdout and stderr. A descriptor the worker inherited
    // by mistake (one its launcher left open without close-on-exec) can be neither read nor
    // written.
    let fd = |n: u64| -> Result<SeccompCondition, Error> {
        SeccompCondition::new(0, SeccompCmpArgLen::Dword, SeccompCmpOp::Eq, n).map_err(|e| fail(&e))
    };
    for call in [libc::SYS_read, libc::SYS_readv] {
        rules.insert(call, vec![rule(vec![fd(0)?])?]);
    }
    for call in [libc::SYS_write, libc::SYS_writev] {
        rules.insert(call, vec![rule(vec![fd(1)?])?, rule(vec![fd(2)?])?]);
    }
    // Memory, never a file: `mmap` only with MAP_ANONYMOUS (an inherited descriptor cannot be
    // mapped either).
    let anonymous = libc::MAP_ANONYMOUS as u64;
    rules.insert(
        libc::SYS_mmap,
        vec![rule(vec![
            SeccompCondition::new(
                3,
                SeccompCmpArgLen::Dword,
                SeccompCmpOp::MaskedEq(anonymous),
                anonymous,
            )
            .map_err(|e| fail(&e))?,
        ])?],
    );
    for &call in ANSWERED_ENOSYS {
        rules.insert(call, Vec::new());
    }
    // Signals only to itself (`abort` raises SIGABRT with `tgkill(getpid(), gettid(), ...)`).
    let own = u64::try_from(pid).map_err(|e| fail(&e))?;
    rules.insert(
        libc::SYS_tgkill,
        vec![rule(vec![condition(0, SeccompCmpOp::Eq, own)?])?],
    );
    // One `prctl` only: naming anonymous memory (mimalloc names each arena it maps, so a run that
    // needs a new one makes it).
    let set_vma = libc::PR_SET_VMA as u64;
    rules.insert(
        libc::SYS_prctl,
        vec![rule(vec![condition(0, SeccompCmpOp::Eq, set_vma)?])?],
    );
    let allow = SeccompFilter::new(
        rules,
        SeccompAction::KillProcess,
        SeccompAction::Allow,
        arch,
    )
    .map_err(|e| fail(&e))?;
    let allow: BpfProgram = allow
        .try_into()
        .map_err(|e: seccompiler::BackendError| fail(&e))?;

    // A second filter answers ENOSYS; the kernel takes the strictest answer of all filters, and
    // ENOSYS is stricter than the first filter's Allow.
    let enosys = SeccompFilter::new(
        ANSWERED_ENOSYS
            .iter()
            .map(|&call| (call, Vec::new()))
            .collect(),
        SeccompAction::Allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        arch,
    )
    .map_err(|e| fail(&e))?;
    let enosys: BpfProgram = enosys
        .try_into()
        .map_err(|e: seccompiler::BackendError| fail(&e))?;

    // The ENOSYS filter goes first: once the allow-list is in, `seccomp` itself is forbidden.
    seccompiler::apply_filter_all_threads(&enosys).map_err(|e| fail(&e))?;
    seccompiler::apply_filter_all_threads(&allow).map_err(|e| fail(&e))?;
    Ok(())
}
