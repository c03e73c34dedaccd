//! `run_instruction`: an English instruction in, results out. The planner plans the instruction
//! against the tools code may call, the plan is compiled to JavaScript, and run_code runs that
//! JavaScript, with the same policy, limits, progress and result vocabulary as a model's own code.
//!
//! The input is a closed object: `instruction` (required), `tools` (the names to plan against;
//! by default the tools the instruction names, see [`Plannable`]), `timeoutMs` (as run_code's)
//! and `minConfidence` (this call's least confidence, from 0 to 1).
//!
//! A run's answer is run_code's, with the plan it ran beside it: `value` (the compiled code's
//! records: one `{ok, value}` or `{ok, error}` per call, all or the last), `calls`, `logs`,
//! `follow_up` as for any run, then `plan`, `confidence` and `js` (the code it ran, which run_code
//! runs as it is). When there is nothing to run (the planner answered a diagnostic, or a plan less
//! sure than the least confidence, or the instruction names a tool the planner cannot plan) the
//! answer is a failure with `reason_code` `not_planned`, `failure_stage` `plan`, `state_changed`
//! false, and `follow_up` `{"tool": "run_code"}` with the `declarations` of the tools the
//! instruction names: the model writes that code itself.

use std::collections::BTreeMap;
use std::sync::Arc;

use codemode_interpreter::Interpreter;
use codemode_plan::{Plan, PlanRecord, check, compile, frontend};
use serde::Serialize;
use serde_json::{Value, json};

use crate::code_tool::{Answer, Failure, Runner, admission_failure, code_runner};
use crate::input::{self, json_kind};
use crate::plannable::{Plannable, Refusal, Selection};
use crate::{
    CallContext, CodeToolOptions, FailureStage, Handler, Hints, ReasonCode, ToolDefinition,
    ToolOutput, typescript,
};

/// What run_instruction accepts, in the words of every refusal.
const ACCEPTED: &str = "run_instruction accepts `instruction` (string, required), `tools` \
(array of tool names, optional), `timeoutMs` (number, optional) and `minConfidence` (number from \
0 to 1, optional)";

/// How run_instruction is set up, beside the code tool's own options.
#[derive(Clone)]
pub struct InstructionToolOptions {
    /// The planner.
    pub planner: Arc<dyn PlanRecord>,
    /// The tool's name.
    pub name: String,
    /// A plan less sure than this is not run (a call may ask for another with `minConfidence`).
    pub min_confidence: f32,
    /// Other names an instruction may call a tool by: alias → the tool's own name.
    pub aliases: BTreeMap<String, String>,
    /// Tools the policy keeps from code, with why: an instruction that names one is refused
    /// rather than planned without it.
    pub unavailable: Vec<(String, String)>,
    /// What the description says of the tools instead of listing each one it can plan, for a
    /// catalog too large to list; none lists them.
    pub listing: Option<String>,
}

impl InstructionToolOptions {
    /// `run_instruction` over `planner`, with no aliases and a least confidence of `min_confidence`.
    pub fn new(planner: Arc<dyn PlanRecord>, min_confidence: f32) -> Self {
        Self {
            planner,
            name: "run_instruction".to_owned(),
            min_confidence,
            aliases: BTreeMap::new(),
            unavailable: Vec::new(),
            listing: None,
        }
    }
}

impl std::fmt::Debug for InstructionToolOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InstructionToolOptions")
            .field("name", &self.name)
            .field("min_confidence", &self.min_confidence)
            .field("aliases", &self.aliases)
            .field("unavailable", &self.unavailable)
            .finish_non_exhaustive()
    }
}

/// Builds run_instruction: the planner over `code.tools`, whose plans run as run_code built from
/// `code` would run them (`code.name` is the tool a refusal's `follow_up` names). Like run_code it
/// declares that it runs code, so a policy grants it as it grants run_code.
pub fn instruction_tool(
    interpreter: Arc<dyn Interpreter>,
    code: CodeToolOptions,
    options: InstructionToolOptions,
) -> ToolDefinition {
    let plannable = Plannable::new(&code.tools, &options.aliases, options.unavailable.clone());
    let description = describe(&plannable, &options, &code.name);
    let input_schema = json!({
        "type": "object",
        "properties": {
            "instruction": {
                "type": "string",
                "description": "English that names each tool and its arguments exactly, values as JSON literals."
            },
            "tools": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The tools to plan against (at most 8); by default the tools the instruction names."
            },
            "timeoutMs": {
                "type": "number",
                "description": format!(
                    "Stop the run after this many milliseconds (default {}, at most {}; more is clamped).",
                    code.timeout.as_millis(),
                    code.max_timeout.as_millis()
                )
            },
            "minConfidence": {
                "type": "number",
                "description": format!(
                    "Run the plan only when the planner is at least this sure of it (0 to 1, default {}).",
                    rounded(options.min_confidence)
                )
            }
        },
        "required": ["instruction"],
        "additionalProperties": false
    });
    let instructor = Arc::new(Instructor {
        planner: options.planner,
        min_confidence: options.min_confidence,
        code_tool: code.name.clone(),
        run_code: code_runner(interpreter, code),
        plannable,
    });
    ToolDefinition::new(
        options.name,
        description,
        Handler::new(move |arguments, context| {
            let instructor = Arc::clone(&instructor);
            async move { instructor.instruct(arguments, context).await }
        }),
    )
    .with_input_schema(input_schema)
    .with_hints(Hints {
        runs_code: true,
        ..Hints::default()
    })
}

/// The description: what it does, when it declines, and the tools it can plan.
fn describe(plannable: &Plannable, options: &InstructionToolOptions, code_tool: &str) -> String {
    let mut text = format!(
        "Plans an English instruction with codemode's planner and runs it at once in the sandbox, \
without writing code. The instruction names each tool and each argument exactly, with values as \
JSON literals: `Call get_forecast with city \"Oslo\" and days 3`. It may ask for 2-3 calls, one \
after another (the default) or at the same time, for all results (the default for several calls) \
or only the last, and, for one call of a tool that returns rows, for some fields and the first N \
rows. The answer is the run's `value` (one record `{{ok, value}}` or `{{ok, error}}` per call, or \
the last call's), its `calls`, the `plan`, the planner's `confidence` and the `js` it ran, which \
`{code_tool}` runs as it is. Each call is decided by the same permission policy as in \
`{code_tool}`. Conditions, loops, calls that use another call's result, filtering, sorting and \
more than 3 calls cannot be planned: then, or when the planner is less sure than {} of its \
reading, nothing runs, and the failure (`reason_code` `not_planned`) hands back \
`follow_up` `{code_tool}` with the TypeScript declarations of the tools named, for you to write \
the code.",
        rounded(options.min_confidence)
    );
    if let Some(listing) = &options.listing {
        text.push_str("\n\n");
        text.push_str(listing);
        return text;
    }
    let mut plannable_lines = Vec::new();
    let mut left_out = Vec::new();
    for tool in plannable.tools() {
        match &tool.entry {
            Ok(entry) => {
                let args: Vec<String> = entry
                    .tool
                    .arguments
                    .iter()
                    .map(|(name, ty)| {
                        let optional = if entry.tool.is_required(name) {
                            ""
                        } else {
                            "?"
                        };
                        format!("{name}{optional}: {}", ty.as_str())
                    })
                    .collect();
                let aliases = if tool.aliases.is_empty() {
                    String::new()
                } else {
                    format!(" (or {})", tool.aliases.join(", "))
                };
                let returns = match entry.tool.returns.kind {
                    codemode_plan::ReturnKind::Array
                        if !entry.tool.returns.properties.is_empty() =>
                    {
                        format!("rows of {}", entry.tool.returns.properties.join(", "))
                    }
                    codemode_plan::ReturnKind::Array => "rows".to_owned(),
                    codemode_plan::ReturnKind::Object => "an object".to_owned(),
                    codemode_plan::ReturnKind::Text => "text".to_owned(),
                };
                plannable_lines.push(format!(
                    "- {}{aliases}({}) -> {returns}",
                    tool.definition.name,
                    args.join(", ")
                ));
            }
            Err(why) => left_out.push(format!("- {}: {why}", tool.definition.name)),
        }
    }
    if plannable_lines.is_empty() {
        text.push_str("\n\nNo tool fits the planner: use `");
        text.push_str(code_tool);
        text.push_str("`.");
    } else {
        text.push_str("\n\nThe tools it can plan:\n");
        text.push_str(&plannable_lines.join("\n"));
    }
    if !left_out.is_empty() {
        text.push_str(&format!(
            "\n\nTools it cannot plan (call them from `{code_tool}`):\n"
        ));
        text.push_str(&left_out.join("\n"));
    }
    text
}

/// What run_instruction's handler needs.
struct Instructor {
    planner: Arc<dyn PlanRecord>,
    min_confidence: f32,
    code_tool: String,
    run_code: Arc<Runner>,
    plannable: Plannable,
}

/// run_instruction's answer when the plan ran: run_code's, then the plan beside it.
#[derive(Debug, Serialize)]
struct Ran {
    #[serde(flatten)]
    answer: Answer,
    plan: Plan,
    confidence: f64,
    js: String,
}

/// run_instruction's answer when no plan ran: why, and run_code to write the code in.
#[derive(Debug, Serialize)]
struct NotPlanned {
    #[serde(flatten)]
    nothing_ran: Failure,
    #[serde(skip_serializing_if = "Option::is_none")]
    confidence: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    follow_up: Option<WriteCode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    declarations: Option<String>,
}

/// The tool to write the code in instead.
#[derive(Debug, Serialize)]
struct WriteCode {
    tool: String,
}

/// A plan ready to compile: in the tools' own names, the tools whose rows sit under a key, and
/// the planner's confidence.
type Compiled = (Plan, BTreeMap<String, String>, f32);

/// One call's parsed input.
struct InstructionInput {
    instruction: String,
    tools: Option<Vec<String>>,
    timeout_ms: Option<f64>,
    min_confidence: Option<f32>,
}

impl Instructor {
    async fn instruct(&self, arguments: Value, context: CallContext) -> ToolOutput {
        let input = match parse(&arguments) {
            Ok(input) => input,
            Err(message) => return admission_failure(ReasonCode::InvalidInput, message),
        };
        let selection = match self
            .plannable
            .select(&input.instruction, input.tools.as_deref())
        {
            Ok(selection) => selection,
            Err(Refusal::Input(message)) => {
                return admission_failure(ReasonCode::InvalidInput, message);
            }
            Err(Refusal::Denied(message)) => {
                return self.not_planned(ReasonCode::PermissionDenied, message, &[], None);
            }
            Err(Refusal::NotPlanned { reason, named }) => {
                return self.not_planned(ReasonCode::NotPlanned, reason, &named, None);
            }
        };
        let named: Vec<String> = selection
            .chosen
            .iter()
            .map(|(tool, _)| tool.definition.name.clone())
            .collect();
        let least = input.min_confidence.unwrap_or(self.min_confidence);
        let (plan, rows, confidence) = match self.plan(&input.instruction, &selection, least) {
            Ok(planned) => planned,
            Err((error, confidence)) => {
                return self.not_planned(ReasonCode::NotPlanned, error, &named, confidence);
            }
        };
        let js = compile::compile_with_rows(&plan, &rows);
        let mut run = json!({ "code": js });
        if let (Some(ms), Some(fields)) = (input.timeout_ms, run.as_object_mut()) {
            fields.insert("timeoutMs".into(), json!(ms));
        }
        let answer = self.run_code.answer(run, context).await;
        let failed = answer.is_error();
        let ran = serde_json::to_value(Ran {
            answer,
            plan,
            confidence: rounded(confidence),
            js,
        })
        .unwrap_or(Value::Null);
        if failed {
            ToolOutput::error(ran)
        } else {
            ToolOutput::ok(ran)
        }
    }

    /// The plan for `instruction` over `selection`, in the tools' own names and checked, with the
    /// tools whose rows sit under a key and the plan's confidence; or why there is none (and the
    /// confidence of a plan below `least`).
    fn plan(
        &self,
        instruction: &str,
        selection: &Selection<'_>,
        least: f32,
    ) -> Result<Compiled, (String, Option<f32>)> {
        let record = json!({"instruction": instruction, "tools": selection.catalog()});
        let record = frontend::read_record(&record).map_err(|d| (d.to_string(), None))?;
        let planned = self
            .planner
            .plan_record(&record)
            .map_err(|d| (d.to_string(), None))?;
        if planned.confidence < least {
            let mut why = format!(
                "the planner is not sure of its reading (confidence {}, below {})",
                rounded(planned.confidence),
                rounded(least)
            );
            if !planned.doubts.is_empty() {
                why.push_str("; the plan leaves out what the instruction asks: ");
                why.push_str(&planned.doubts.join("; "));
            }
            return Err((why, Some(planned.confidence)));
        }
        let (plan, rows) = selection.to_own_names(planned.plan);
        // Every path to a run goes through the checker, whatever the planner promised.
        check::check(&plan, &selection.own_catalog()).map_err(|d| (d.to_string(), None))?;
        Ok((plan, rows, planned.confidence))
    }

    /// A failure with nothing run: why, and run_code to write the code in, with the declarations
    /// of the tools `named`.
    fn not_planned(
        &self,
        reason: ReasonCode,
        error: String,
        named: &[String],
        confidence: Option<f32>,
    ) -> ToolOutput {
        let mut nothing_ran = Failure::nothing_ran(reason, error);
        nothing_ran.failure_stage = FailureStage::Plan;
        let mut answer = NotPlanned {
            nothing_ran,
            confidence: confidence.map(rounded),
            follow_up: None,
            declarations: None,
        };
        if reason == ReasonCode::NotPlanned {
            answer.follow_up = Some(WriteCode {
                tool: self.code_tool.clone(),
            });
            let tools: Vec<&ToolDefinition> = named
                .iter()
                .filter_map(|name| self.plannable.find(name))
                .map(|tool| &tool.definition)
                .collect();
            if !tools.is_empty() {
                answer.declarations = Some(typescript::declarations(tools));
            }
        }
        ToolOutput::error(serde_json::to_value(answer).unwrap_or(Value::Null))
    }
}

/// A probability to three decimals: a figure for reading, not an exact quantity.
fn rounded(p: f32) -> f64 {
    (f64::from(p) * 1000.0).round() / 1000.0
}

/// Reads one call's input; the error is the message for the model.
fn parse(arguments: &Value) -> Result<InstructionInput, String> {
    let Value::Object(fields) = arguments else {
        return Err(format!(
            "the arguments must be an object, not {}; {ACCEPTED}",
            json_kind(arguments)
        ));
    };
    input::refuse_unknown(
        fields,
        &["instruction", "tools", "timeoutMs", "minConfidence"],
        ACCEPTED,
    )?;
    let instruction = match fields.get("instruction") {
        Some(Value::String(text)) if text.trim().is_empty() => {
            return Err(format!(
                "`instruction` is empty: it should name the tools to call and their arguments; \
{ACCEPTED}"
            ));
        }
        Some(Value::String(text)) => text.clone(),
        Some(other) => {
            return Err(format!(
                "`instruction` must be a string, not {}; {ACCEPTED}",
                json_kind(other)
            ));
        }
        None => return Err(format!("`instruction` is missing; {ACCEPTED}")),
    };
    let tools = match fields.get("tools") {
        None | Some(Value::Null) => None,
        // One name on its own means a list of one.
        Some(Value::String(name)) => Some(vec![name.clone()]),
        Some(Value::Array(names)) if names.is_empty() => None,
        Some(Value::Array(names)) => Some(
            names
                .iter()
                .map(|name| match name {
                    Value::String(name) => Ok(name.clone()),
                    other => Err(format!(
                        "`tools` must hold tool names, not {}; {ACCEPTED}",
                        json_kind(other)
                    )),
                })
                .collect::<Result<_, _>>()?,
        ),
        Some(other) => {
            return Err(format!(
                "`tools` must be an array of tool names, not {}; {ACCEPTED}",
                json_kind(other)
            ));
        }
    };
    let timeout_ms = input::read_timeout(fields, ACCEPTED)?;
    let min_confidence = match fields.get("minConfidence") {
        None | Some(Value::Null) => None,
        Some(Value::Number(number)) => match number.as_f64() {
            Some(p) if (0.0..=1.0).contains(&p) => Some(p as f32),
            _ => {
                return Err(format!(
                    "`minConfidence` must be a probability from 0 to 1, not {number}; {ACCEPTED}"
                ));
            }
        },
        Some(other) => {
            return Err(format!(
                "`minConfidence` must be a number from 0 to 1, not {}; {ACCEPTED}",
                json_kind(other)
            ));
        }
    };
    Ok(InstructionInput {
        instruction,
        tools,
        timeout_ms,
        min_confidence,
    })
}
