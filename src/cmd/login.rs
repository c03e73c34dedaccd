//! `codemode login`: signs codemode in to a remote upstream server behind OAuth, once.

use std::path::PathBuf;
use std::process::ExitCode;

/// Flags of `codemode login`.
#[derive(clap::Args)]
pub struct Args {
    /// The config that names the server (with `"oauth": true`).
    #[arg(long, value_name = "FILE")]
    config: PathBuf,
    /// The server's name in the config.
    server: String,
}

/// Prints the authorization URL for the person to open, waits for the browser to come back, and
/// says where the tokens are kept.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = super::mcp::load(&args.config)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let done = runtime.block_on(codemode_mcp::oauth::login(&config, &args.server, |url| {
        eprintln!(
            "codemode: open this address in a browser to sign in to `{}` (waiting up to {} s):\n{url}",
            args.server,
            codemode_mcp::oauth::LOGIN_TIMEOUT.as_secs()
        );
    }))?;
    eprintln!(
        "codemode: signed in to `{}` as client {}; its tokens are in {} (readable by you alone) \
and are refreshed when they expire",
        args.server,
        done.client_id,
        done.token_file.display()
    );
    Ok(ExitCode::SUCCESS)
}
