//! `codemode do`: an instruction in, results out, over the tools of a `codemode mcp` config. Each
//! answer is run_instruction's, as an MCP client would get it (without `js` unless asked).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use codemode_mcp::Session;
use codemode_plan::frontend;
use codemode_quickjs::QuickJs;
use codemode_tool::CallContext;
use serde_json::{Value, json};

use crate::jsonl::{Answers, Lines};

/// Flags of `codemode do`.
#[derive(clap::Args)]
pub struct Args {
    /// The config of `codemode mcp`: the upstream servers, the policy and the planner's options
    /// (the reference is crates/mcp/README.md).
    #[arg(long, value_name = "CONFIG")]
    mcp: PathBuf,
    /// Run a plan only when the planner is at least this sure of it, from 0 to 1 [default: the
    /// config's `planner.minConfidence`, else the shipped model's default].
    #[arg(long, value_name = "P")]
    min_confidence: Option<f32>,
    /// Plan against these tools (comma-separated names) instead of the tools the instruction
    /// names; for input lines, those without their own `tools`.
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    tools: Vec<String>,
    /// Stop each run after this many milliseconds [default: the config's `timeoutMs`].
    #[arg(long)]
    timeout_ms: Option<u64>,
    /// Also print the JavaScript each plan ran (`js`).
    #[arg(long)]
    show_js: bool,
    /// Print, for every tool code may call, its planner catalog entry or why it has none, and
    /// run nothing.
    #[arg(long, conflicts_with_all = ["instruction", "file"])]
    catalog: bool,
    /// A directory with `config.json` and `model.safetensors`; the shipped model when absent.
    #[arg(long)]
    model: Option<PathBuf>,
    /// Read JSON lines of `{"instruction", "tools"?, "timeoutMs"?, "minConfidence"?}` from this
    /// file (`-`: stdin) and answer one line each.
    #[arg(long, value_name = "FILE", conflicts_with = "instruction")]
    file: Option<PathBuf>,
    /// The instruction; without it (and without --file) JSON lines are read from stdin.
    instruction: Option<String>,
}

/// Answers one line per instruction; exits 1 when any answer is a failure.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = super::mcp::load(&args.mcp)?;
    let planner = super::mcp::planner(&config, args.model.as_deref(), args.min_confidence)?;
    let runtime = super::mcp::runtime()?;
    let outcome = runtime.block_on(async {
        let interpreter = QuickJs::new(codemode_quickjs::Config {
            max_value_bytes: config.value_limit(),
            ..codemode_quickjs::Config::default()
        });
        let session = Session::start(&config, Arc::new(interpreter), planner).await;
        let outcome = answer_all(&session, &args).await;
        session.shutdown().await;
        outcome
    });
    runtime.shutdown_timeout(Duration::from_secs(1));
    Ok(if outcome? {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Answers the command's input; whether every answer succeeded.
async fn answer_all(session: &Session, args: &Args) -> anyhow::Result<bool> {
    let mut answers = Answers::stdout();
    if args.catalog {
        for line in catalog_lines(session) {
            answers.write(&line)?;
        }
        answers.flush()?;
        return Ok(true);
    }
    let mut all_ok = true;
    if let Some(instruction) = &args.instruction {
        let input = json!({ "instruction": instruction });
        all_ok &= answer(session, args, input, &mut answers).await?;
        answers.flush()?;
        return Ok(all_ok);
    }
    let mut lines = Lines::open(args.file.as_deref())?;
    while let Some(line) = lines.next_line()? {
        match line
            .bytes()
            .and_then(|bytes| frontend::parse_line(bytes, "input"))
        {
            Ok(input) => all_ok &= answer(session, args, input, &mut answers).await?,
            Err(diagnostic) => {
                all_ok = false;
                answers.diagnostic(&diagnostic)?;
            }
        }
        answers.flush()?;
    }
    Ok(all_ok)
}

/// Plans and runs one input (with the flags' defaults), writes its answer, and says whether it
/// succeeded.
async fn answer(
    session: &Session,
    args: &Args,
    mut input: Value,
    answers: &mut Answers,
) -> anyhow::Result<bool> {
    if let Value::Object(fields) = &mut input {
        if !args.tools.is_empty() && !fields.contains_key("tools") {
            fields.insert("tools".into(), json!(args.tools));
        }
        if let Some(ms) = args.timeout_ms
            && !fields.contains_key("timeoutMs")
        {
            fields.insert("timeoutMs".into(), json!(ms));
        }
    }
    let Some(output) = session.instruct(input, CallContext::default()).await else {
        anyhow::bail!("the config's `planner` is false: there is no planner to plan with");
    };
    let mut value = output.value;
    if !args.show_js
        && let Value::Object(fields) = &mut value
    {
        fields.remove("js");
    }
    answers.write(&value)?;
    Ok(!output.is_error)
}

/// One line per tool code may call: `{"tool", "aliases"?, "entry"}` or `{"tool", "left_out"}`.
fn catalog_lines(session: &Session) -> Vec<Value> {
    session
        .current()
        .plannable()
        .tools()
        .iter()
        .map(|tool| {
            let mut line = json!({ "tool": tool.definition.name });
            if !tool.aliases.is_empty() {
                line["aliases"] = json!(tool.aliases);
            }
            match &tool.entry {
                Ok(entry) => {
                    line["entry"] = json!(entry.tool);
                    if let Some(rows) = &entry.rows {
                        line["rows"] = json!(rows);
                    }
                    if !entry.omitted.is_empty() {
                        line["omitted"] = json!(entry.omitted);
                    }
                }
                Err(why) => line["left_out"] = json!(why),
            }
            line
        })
        .collect()
}
