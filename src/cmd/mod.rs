//! One module per subcommand; each exposes `Args` (clap) and `run(Args) -> anyhow::Result<ExitCode>`.

pub mod calibrate;
pub mod compile;
pub mod conformance;
pub mod ensemble;
pub mod eval;
pub mod generate;
pub mod instruct;
pub mod login;
pub mod mcp;
pub mod plan;
pub mod run;
pub mod sandbox;
pub mod sandbox_worker;
pub mod train;
pub mod types;
pub mod validate;
