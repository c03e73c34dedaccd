//! From an English instruction to its result, over a local upstream MCP server, beside the same
//! work done by run_code with hand-written JavaScript.
//!
//! The upstream server is the tests' notes server (`tests/mcp/notes-server.mjs`, Node.js, over
//! stdio). For each workload, requests alternate between run_instruction (the shipped planner,
//! then the compiler, then the QuickJS sandbox) and run_code with code a model would write for the
//! same calls, and the bench prints the time per request and where it went: the planner step
//! (network, decoding and checker), compiling the plan, upstream (the time some upstream call was
//! in flight), and the sandbox with the glue around it (the rest: choosing the catalog, the record
//! frontend, the JavaScript run, the host crossings, the result's shape). Last, the planner step
//! alone, many times per instruction, on the thread it runs on.
//!
//! Run it with `bash bench/instruction.sh [REQUESTS]` (it installs the notes server's SDK and
//! keeps the planner's kernels on one thread).

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use codemode_interpreter::Interpreter;
use codemode_mcp::{Bridge, Config, naming};
use codemode_model::Planner;
use codemode_plan::{Diagnostic, Plan, PlanRecord, Planned, Record, compile};
use codemode_quickjs::QuickJs;
use codemode_tool::{
    AllowAll, CallContext, CodeToolOptions, Handler, InstructionToolOptions, ToolDefinition,
    ToolOutput, call_tool, code_tool, instruction_tool,
};
use serde_json::{Value, json};

/// One workload: an instruction and the code a model would write for the same calls.
struct Workload {
    name: &'static str,
    instruction: &'static str,
    code: &'static str,
}

const WORKLOADS: [Workload; 4] = [
    Workload {
        name: "one call",
        instruction: "Call count_notes",
        code: "return await tools.notes__count_notes({});",
    },
    Workload {
        name: "two calls at once",
        instruction: "Run count_notes and list_notes at the same time",
        code: "return await Promise.all([tools.notes__count_notes({}), tools.notes__list_notes({})]);",
    },
    Workload {
        name: "three calls in turn",
        instruction: "Call count_notes, then list_notes, then count_notes again",
        code: "const a = await tools.notes__count_notes({});\nconst b = await tools.notes__list_notes({});\nconst c = await tools.notes__count_notes({});\nreturn [a, b, c];",
    },
    Workload {
        name: "fields and a limit",
        instruction: "Call list_notes, only the text field, first 2 rows",
        code: "const {notes} = await tools.notes__list_notes({});\nreturn notes.slice(0, 2).map((note) => ({text: note.text}));",
    },
];

/// Upstream calls' start and end, for the request being measured.
#[derive(Default)]
struct Intervals(Mutex<Vec<(Instant, Instant)>>);

impl Intervals {
    fn push(&self, interval: (Instant, Instant)) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(interval);
    }

    /// How long at least one call was in flight, and forget them.
    fn take_union(&self) -> Duration {
        let mut all = std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner));
        all.sort();
        let mut total = Duration::ZERO;
        let mut current: Option<(Instant, Instant)> = None;
        for (start, end) in all {
            current = match current {
                Some((s, e)) if start <= e => Some((s, e.max(end))),
                Some((s, e)) => {
                    total += e - s;
                    Some((start, end))
                }
                None => Some((start, end)),
            };
        }
        if let Some((s, e)) = current {
            total += e - s;
        }
        total
    }
}

/// The shipped planner, timed.
struct TimedPlanner {
    planner: Planner,
    spent: Mutex<Duration>,
}

impl PlanRecord for TimedPlanner {
    fn plan_record(&self, record: &Record) -> Result<Planned, Diagnostic> {
        let start = Instant::now();
        let answer = self.planner.plan_record(record);
        *self.spent.lock().unwrap_or_else(PoisonError::into_inner) += start.elapsed();
        answer
    }
}

impl TimedPlanner {
    fn take(&self) -> Duration {
        std::mem::take(&mut *self.spent.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// The upstream tools, each call's interval recorded.
fn timed(tools: &[ToolDefinition], intervals: &Arc<Intervals>) -> Vec<ToolDefinition> {
    tools
        .iter()
        .map(|tool| {
            let inner = tool.handler.clone();
            let intervals = Arc::clone(intervals);
            ToolDefinition {
                handler: Handler::new(move |arguments, context| {
                    let inner = inner.clone();
                    let intervals = Arc::clone(&intervals);
                    async move {
                        let start = Instant::now();
                        let output = inner.call(arguments, context).await;
                        intervals.push((start, Instant::now()));
                        output
                    }
                }),
                ..tool.clone()
            }
        })
        .collect()
}

/// One way to serve a workload: a tool over one sandbox.
struct Path {
    label: String,
    instruction: bool,
    tool: ToolDefinition,
}

/// Per-request figures of one path.
#[derive(Default)]
struct Samples {
    total: Vec<Duration>,
    plan: Vec<Duration>,
    upstream: Vec<Duration>,
}

fn median(samples: &[Duration]) -> Duration {
    let mut sorted = samples.to_vec();
    sorted.sort();
    sorted.get(sorted.len() / 2).copied().unwrap_or_default()
}

fn percentile(samples: &[Duration], p: f64) -> Duration {
    let mut sorted = samples.to_vec();
    sorted.sort();
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(index).copied().unwrap_or_default()
}

fn mean(samples: &[Duration]) -> Duration {
    if samples.is_empty() {
        return Duration::ZERO;
    }
    samples.iter().sum::<Duration>() / samples.len() as u32
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

fn share(part: Duration, whole: Duration) -> f64 {
    if whole.is_zero() {
        0.0
    } else {
        100.0 * part.as_secs_f64() / whole.as_secs_f64()
    }
}

fn ok(output: &ToolOutput, what: &str) -> Result<(), String> {
    if output.is_error {
        Err(format!("{what} failed: {}", output.value))
    } else {
        Ok(())
    }
}

fn main() -> Result<(), String> {
    let requests: usize = std::env::args()
        .skip(1)
        .find(|arg| !arg.starts_with('-'))
        .map_or(Ok(300), |n| n.parse())
        .map_err(|err| format!("REQUESTS must be a number: {err}"))?;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let server = root.join("tests/mcp/notes-server.mjs");
    let config = Config::parse(
        &json!({"mcpServers": {"notes": {"command": "node", "args": [server]}}}).to_string(),
        root,
    )
    .map_err(|err| err.to_string())?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|err| err.to_string())?;
    // Measured from a task on the runtime, as the server serves each request.
    let measured = runtime.spawn(async move { bench(&config, requests).await });
    runtime
        .block_on(measured)
        .map_err(|err| format!("the bench stopped: {err}"))?
}

async fn bench(config: &Config, requests: usize) -> Result<(), String> {
    let bridge = Bridge::start(config).await;
    if let Some((server, why)) = bridge.down().first() {
        return Err(format!(
            "the notes server `{server}` did not start ({why}); run bench/instruction.sh"
        ));
    }
    let intervals = Arc::new(Intervals::default());
    let definitions: Vec<ToolDefinition> = bridge
        .tools()
        .iter()
        .map(|tool| tool.definition.clone())
        .collect();
    let tools = timed(&definitions, &intervals);
    let planner = Arc::new(TimedPlanner {
        planner: codemode_model::shipped().map_err(|err| err.to_string())?,
        spent: Mutex::default(),
    });
    let code_options = CodeToolOptions {
        tools,
        policy: Arc::new(AllowAll),
        ..CodeToolOptions::default()
    };
    let aliases = naming::aliases(definitions.iter().map(|tool| tool.name.as_str()));
    // The same tools over both sandboxes: the engine in this process, and a pool of two sandbox
    // workers (`codemode mcp`'s default).
    let pool = Arc::new(codemode_sandbox::Pool::new(
        env!("CARGO_BIN_EXE_codemode"),
        &codemode_quickjs::Config::default(),
        codemode_sandbox::PoolOptions {
            size: 2,
            warm: 2,
            ..codemode_sandbox::PoolOptions::default()
        },
    ));
    pool.start()
        .await
        .map_err(|err| format!("the sandbox workers did not start: {err}"))?;
    let sandboxes: [(&str, Arc<dyn Interpreter>); 2] = [
        ("in process", Arc::new(QuickJs::default())),
        ("worker", pool),
    ];
    let paths: Vec<Path> = sandboxes
        .iter()
        .flat_map(|(sandbox, interpreter)| {
            [
                Path {
                    label: format!("run_instruction, {sandbox}"),
                    instruction: true,
                    tool: instruction_tool(
                        Arc::clone(interpreter),
                        code_options.clone(),
                        InstructionToolOptions {
                            aliases: aliases.clone(),
                            ..InstructionToolOptions::new(planner.clone(), 0.0)
                        },
                    ),
                },
                Path {
                    label: format!("run_code, {sandbox}"),
                    instruction: false,
                    tool: code_tool(Arc::clone(interpreter), code_options.clone()),
                },
            ]
        })
        .collect();
    let run_instruction = &paths[0].tool;
    let run_code = &paths[1].tool;
    // A few notes to list, and a check that every workload plans and runs.
    for text in ["milk", "eggs", "tea", "bread"] {
        let add = json!({"code": format!("return await tools.notes__add_note({{text: {}}})", json!(text))});
        ok(
            &call_tool(run_code, add, &AllowAll, CallContext::default()).await,
            "adding a note",
        )?;
    }
    let mut plans: Vec<Plan> = Vec::new();
    for workload in &WORKLOADS {
        let output = call_tool(
            run_instruction,
            json!({"instruction": workload.instruction}),
            &AllowAll,
            CallContext::default(),
        )
        .await;
        ok(&output, workload.instruction)?;
        let plan: Plan = serde_json::from_value(output.value["plan"].clone())
            .map_err(|err| format!("{}: {err}", workload.instruction))?;
        plans.push(plan);
    }
    println!(
        "run_instruction against run_code with hand-written code, each in process and through sandbox workers, over the notes server (Node.js, stdio); \
{requests} requests per path and workload, alternating, after 20 of warm-up; times per request"
    );
    println!();
    println!(
        "{:<20} {:<28} {:>9} {:>9} {:>7} {:>8} {:>9} {:>9}",
        "workload", "path", "median ms", "p90 ms", "plan %", "compile %", "sandbox %", "upstream %"
    );
    for (workload, plan) in WORKLOADS.iter().zip(&plans) {
        let rows = rows_of(plan, &definitions);
        let compile_time = {
            let start = Instant::now();
            let rounds = 1000;
            for _ in 0..rounds {
                std::hint::black_box(compile::compile_with_rows(
                    std::hint::black_box(plan),
                    &rows,
                ));
            }
            start.elapsed() / rounds
        };
        let mut samples: Vec<Samples> = paths.iter().map(|_| Samples::default()).collect();
        for round in 0..requests + 20 {
            let keep = round >= 20;
            for (path, samples) in paths.iter().zip(&mut samples) {
                planner.take();
                intervals.take_union();
                let arguments = if path.instruction {
                    json!({"instruction": workload.instruction})
                } else {
                    json!({"code": workload.code})
                };
                let total = timed_call(&path.tool, arguments, workload.name).await?;
                if keep {
                    samples.total.push(total);
                    samples.plan.push(planner.take());
                    samples.upstream.push(intervals.take_union());
                }
            }
        }
        for (path, samples) in paths.iter().zip(&samples) {
            let compiled = if path.instruction {
                compile_time
            } else {
                Duration::ZERO
            };
            let total = mean(&samples.total);
            let plan = mean(&samples.plan);
            let upstream = mean(&samples.upstream);
            let sandbox = total.saturating_sub(plan + compiled + upstream);
            println!(
                "{:<20} {:<28} {:>9.3} {:>9.3} {:>7.1} {:>8.1} {:>9.1} {:>9.1}",
                workload.name,
                path.label,
                ms(median(&samples.total)),
                ms(percentile(&samples.total, 0.9)),
                share(plan, total),
                share(compiled, total),
                share(sandbox, total),
                share(upstream, total),
            );
        }
    }
    println!();
    println!(
        "(shares are of the mean time per request; \"sandbox\" is the rest: catalog choice, record frontend, the JavaScript run, host crossings and the result's shape)"
    );
    println!();
    println!(
        "the planner step alone (network, decoding, checker), one record at a time on this thread:"
    );
    let rounds = 2000;
    for workload in &WORKLOADS {
        let record = record_for(workload.instruction, &definitions)?;
        let mut samples = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            let start = Instant::now();
            std::hint::black_box(planner.planner.plan_record(std::hint::black_box(&record)))
                .map_err(|d| d.to_string())?;
            samples.push(start.elapsed());
        }
        println!(
            "{:<20} median {:>7.1} µs, p99 {:>7.1} µs over {rounds} runs",
            workload.name,
            median(&samples).as_secs_f64() * 1e6,
            percentile(&samples, 0.99).as_secs_f64() * 1e6
        );
    }
    bridge.shutdown().await;
    Ok(())
}

/// How long one call of `tool` with `arguments` takes; a failed call stops the bench.
async fn timed_call(
    tool: &ToolDefinition,
    arguments: Value,
    what: &str,
) -> Result<Duration, String> {
    let start = Instant::now();
    let output = call_tool(tool, arguments, &AllowAll, CallContext::default()).await;
    let total = start.elapsed();
    ok(&output, what)?;
    Ok(total)
}

/// The tools of `plan` whose rows sit under a key, as run_instruction compiles them.
fn rows_of(
    plan: &Plan,
    definitions: &[ToolDefinition],
) -> std::collections::BTreeMap<String, String> {
    plan.calls
        .iter()
        .filter_map(|call| {
            let definition = definitions.iter().find(|d| d.name == call.tool)?;
            let entry = codemode_tool::catalog::catalog_entry(definition).ok()?;
            Some((call.tool.clone(), entry.rows?))
        })
        .collect()
}

/// The record run_instruction plans for `instruction`: its catalog, as the tool chooses it.
fn record_for(instruction: &str, definitions: &[ToolDefinition]) -> Result<Record, String> {
    let aliases = naming::aliases(definitions.iter().map(|tool| tool.name.as_str()));
    let plannable = codemode_tool::plannable::Plannable::new(definitions, &aliases, Vec::new());
    let selection = plannable
        .select(instruction, None)
        .map_err(|refusal| format!("{instruction}: {refusal:?}"))?;
    let record: Value = json!({"instruction": instruction, "tools": selection.catalog()});
    codemode_plan::frontend::read_record(&record).map_err(|d| d.to_string())
}
