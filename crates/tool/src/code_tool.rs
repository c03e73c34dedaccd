//! `run_code`: the code tool, which runs a model's code in an interpreter with tools callable from
//! it, each call decided by the policy, and answers a result shaped for a model.
//!
//! The result is a JSON object. Success is sparse: `value`, then `logs`, `calls` and `follow_up`
//! only when there are any, and `effective_timeout_ms` only when the requested timeout was
//! clamped. Failure is decision-complete: `reason_code`, `failure_stage`, `error`,
//! `state_changed` (`true`, `false` or `"unknown"`), `outcome_unknown`, `logs`, `calls`, and
//! `follow_up` when a call was refused for want of a person's approval. The vocabulary is
//! documented on [`ReasonCode`] and [`FailureStage`].

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use codemode_interpreter::{
    CallRecord, FailureCode, Interpreter, RunOptions, RunResult, StopReason, Tool, ToolError,
};
use serde::Serialize;
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

use crate::input;
use crate::slots::{self, NoSlot};
use crate::{
    AllowAll, Approval, ApprovalRequest, Approver, CallContext, CallOutcome, CallRequest, Decision,
    Handler, Hints, Origin, Policy, ProgressEvent, ProgressSink, RunSlots, ToolDefinition,
    ToolOutput, typescript,
};

/// How the code tool is set up.
#[derive(Clone)]
pub struct CodeToolOptions {
    /// The tools the code may call. A tool the code should not call stays out of this list.
    pub tools: Vec<ToolDefinition>,
    /// Decides each call the code makes (with [`Origin::Code`]). A call it would ask a person
    /// about is refused inside the code, with a follow-up for the model to make it directly.
    pub policy: Arc<dyn Policy>,
    /// The tool's name.
    pub name: String,
    /// The timeout of a run that asks for none.
    pub timeout: Duration,
    /// The most a run may ask for; a longer `timeoutMs` is clamped to it.
    pub max_timeout: Duration,
    /// The bound on runs at once, shared with every code tool given a clone; none by default.
    /// A run waits for a slot within its timeout.
    pub slots: Option<RunSlots>,
    /// What the description says of the tools instead of their TypeScript declarations, for a
    /// catalog too large to declare whole (a host that serves tool search says how to find
    /// them); none declares every tool.
    pub listing: Option<String>,
    /// The tool through which a refused call is to be made directly, when the host serves the
    /// tools a person approves through one tool: `follow_up` is then `{"tool": VIA, "arguments":
    /// {"tool", "arguments"}}`. None names the refused tool itself.
    pub follow_up_via: Option<String>,
}

impl Default for CodeToolOptions {
    /// No tools, [`AllowAll`], `run_code`, 10 s by default and 60 s at most.
    fn default() -> Self {
        Self {
            tools: Vec::new(),
            policy: Arc::new(AllowAll),
            name: "run_code".to_owned(),
            timeout: Duration::from_secs(10),
            max_timeout: Duration::from_secs(60),
            slots: None,
            listing: None,
            follow_up_via: None,
        }
    }
}

impl std::fmt::Debug for CodeToolOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CodeToolOptions")
            .field(
                "tools",
                &self.tools.iter().map(|t| &t.name).collect::<Vec<_>>(),
            )
            .field("name", &self.name)
            .field("timeout", &self.timeout)
            .field("max_timeout", &self.max_timeout)
            .field("slots", &self.slots.as_ref().map(RunSlots::size))
            .field("listing", &self.listing.is_some())
            .field("follow_up_via", &self.follow_up_via)
            .finish_non_exhaustive()
    }
}

/// Why a call of a tool failed, as a failure result's `reason_code`. Stable: a model or a host
/// may branch on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ReasonCode {
    /// The arguments do not fit the input schema; nothing ran.
    InvalidInput,
    /// The policy denied the call (or, for a run, the code's call that its error came from).
    PermissionDenied,
    /// The policy wants a person to approve the call (or, for a run, the code's call that its
    /// error came from); the model can make that call directly.
    ApprovalRequired,
    /// The person asked to approve the code's call (the one the run's error came from) declined
    /// or dismissed it; nothing was called.
    ApprovalDenied,
    /// The code threw and nothing caught it.
    Threw,
    /// The code is not valid; it never started.
    Syntax,
    /// The run reached its timeout.
    Timeout,
    /// The run was cancelled by its caller.
    Cancelled,
    /// The run reached its heap limit.
    HeapLimit,
    /// The code made more calls than the call limit allows.
    CallLimit,
    /// The returned value is larger than the interpreter accepts.
    ValueTooLarge,
    /// The returned value cannot be carried as JSON.
    ValueInvalid,
    /// The interpreter itself failed.
    Internal,
    /// The sandbox worker running the code crashed or was killed (a forbidden system call, a
    /// resource limit); only this run failed, and the code may or may not have run.
    SandboxCrashed,
    /// The instruction was not planned (the planner answered a diagnostic, or was not sure
    /// enough of its plan); nothing ran, and the code can be written for run_code instead.
    NotPlanned,
}

/// Where a failure happened, as a failure result's `failure_stage`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum FailureStage {
    /// Reading the arguments; nothing ran.
    Input,
    /// Planning an instruction; nothing ran.
    Plan,
    /// The policy's decision on the call itself; nothing ran.
    Admission,
    /// Compiling the code; it never started.
    Compile,
    /// Running the code.
    Run,
    /// Carrying the returned value out.
    Result,
    /// The interpreter, outside the code.
    Interpreter,
}

/// Whether a failed call may have changed state: `true`, `false`, or `"unknown"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateChanged {
    /// No call that could change state ran.
    No,
    /// A call that could change state returned.
    Yes,
    /// A call that could change state failed or was cut off; whether it took effect is unknown.
    Unknown,
}

impl Serialize for StateChanged {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::No => serializer.serialize_bool(false),
            Self::Yes => serializer.serialize_bool(true),
            Self::Unknown => serializer.serialize_str("unknown"),
        }
    }
}

/// Builds the code tool: a [`ToolDefinition`] named `options.name` whose description carries the
/// TypeScript declarations of `options.tools`, which declares that it runs code, and whose handler
/// runs the code in `interpreter`.
///
/// It does not decide its own admission: the host calls it through [`call_tool`] (or its own
/// policy check), and the policy sees [`Hints::runs_code`].
pub fn code_tool(interpreter: Arc<dyn Interpreter>, options: CodeToolOptions) -> ToolDefinition {
    let name = options.name.clone();
    let description = describe(interpreter.language(), &options);
    let runner = code_runner(interpreter, options.clone());
    ToolDefinition::new(
        name,
        description,
        Handler::new(move |arguments, context| {
            let runner = Arc::clone(&runner);
            async move { runner.answer(arguments, context).await.into_output() }
        }),
    )
    .with_input_schema(input_schema(&options))
    .with_hints(Hints {
        runs_code: true,
        ..Hints::default()
    })
}

/// run_code's input schema.
fn input_schema(options: &CodeToolOptions) -> Value {
    json!({
        "type": "object",
        "properties": {
            "code": {
                "type": "string",
                "description": "The body of an async function: `await tools.NAME(args)`, `return` a JSON value."
            },
            "timeoutMs": {
                "type": "number",
                "description": format!(
                    "Stop the run after this many milliseconds (default {}, at most {}; more is clamped).",
                    options.timeout.as_millis(),
                    options.max_timeout.as_millis()
                )
            }
        },
        "required": ["code"],
        "additionalProperties": false
    })
}

/// What runs code for run_code, answering typed: also run_instruction's, whose answers are run_code's
/// with the plan beside them.
pub(crate) fn code_runner(
    interpreter: Arc<dyn Interpreter>,
    options: CodeToolOptions,
) -> Arc<Runner> {
    Arc::new(Runner {
        interpreter,
        tools: options
            .tools
            .into_iter()
            .map(|tool| (tool.name.clone(), Arc::new(tool)))
            .collect(),
        policy: options.policy,
        timeout: options.timeout,
        max_timeout: options.max_timeout,
        slots: options.slots,
        follow_up_via: options.follow_up_via,
    })
}

/// Calls `tool` for the model ([`Origin::Model`]), after the policy allows it. A denial or a
/// request to ask a person is a failure output (`permission_denied` or `approval_required` at
/// the `admission` stage) and the tool does not run.
pub async fn call_tool(
    tool: &ToolDefinition,
    arguments: Value,
    policy: &dyn Policy,
    context: CallContext,
) -> ToolOutput {
    let request = CallRequest {
        tool,
        arguments: &arguments,
        origin: Origin::Model,
    };
    match policy.decide(&request) {
        Decision::Allow => tool.handler.call(arguments, context).await,
        Decision::Deny { reason } => admission_failure(
            ReasonCode::PermissionDenied,
            format!("the policy denies `{}`: {reason}", tool.name),
        ),
        Decision::Ask { reason } => admission_failure(
            ReasonCode::ApprovalRequired,
            format!("`{}` needs a person's approval: {reason}", tool.name),
        ),
    }
}

/// The failure of a call whose arguments do not fit its tool: `invalid_input` at the `input`
/// stage, with `error` saying what to change; nothing ran.
pub fn invalid_input(error: impl Into<String>) -> ToolOutput {
    admission_failure(ReasonCode::InvalidInput, error.into())
}

/// A failure before anything ran.
pub(crate) fn admission_failure(reason: ReasonCode, error: String) -> ToolOutput {
    Answer::Admission(Failure::nothing_ran(reason, error)).into_output()
}

/// Why a run failed, as run_code's answer begins when it is a failure: the whole answer when
/// nothing ran (the input, or no slot in time). Fields appear in this order.
#[derive(Debug, Serialize)]
pub(crate) struct Failure {
    pub(crate) reason_code: ReasonCode,
    pub(crate) failure_stage: FailureStage,
    pub(crate) error: String,
    state_changed: StateChanged,
    outcome_unknown: bool,
}

impl Failure {
    /// Nothing ran, for `reason`: at the `input` stage for invalid input, else at `admission`.
    pub(crate) fn nothing_ran(reason: ReasonCode, error: String) -> Self {
        let failure_stage = if reason == ReasonCode::InvalidInput {
            FailureStage::Input
        } else {
            FailureStage::Admission
        };
        Self {
            reason_code: reason,
            failure_stage,
            error,
            state_changed: StateChanged::No,
            outcome_unknown: false,
        }
    }
}

/// run_code's answer, typed: the JSON the model reads is its serialization.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum Answer {
    /// The code returned.
    Returned(Returned),
    /// The code ran and did not return.
    Failed(Failed),
    /// Nothing ran.
    Admission(Failure),
}

impl Answer {
    /// Whether the answer is a failure.
    pub(crate) fn is_error(&self) -> bool {
        !matches!(self, Self::Returned(_))
    }

    /// The tool output that carries it.
    pub(crate) fn into_output(self) -> ToolOutput {
        let failed = self.is_error();
        let value = to_value(self);
        if failed {
            ToolOutput::error(value)
        } else {
            ToolOutput::ok(value)
        }
    }
}

/// The description: what the tool does, how to call tools from code, and their declarations (or
/// the host's listing in their stead).
fn describe(language: &str, options: &CodeToolOptions) -> String {
    let tools = match &options.listing {
        Some(listing) => listing.clone(),
        None => format!(
            "The tools:\n\n```ts\n{}\n```",
            typescript::declarations(&options.tools)
        ),
    };
    format!(
        "Runs {language} in a sandbox, in one step: `code` is the body of an async function. \
Call tools with `await tools.NAME(args)` (run independent calls at once with `Promise.all`), \
filter and combine their results in code, and `return` a JSON value; `console.log` output is \
returned as `logs`. Nothing else is reachable: no network, files or timers beyond the tools. \
A run stops after `timeoutMs` (default {} ms, at most {} ms). Each call is checked by a \
permission policy: a denied call rejects; a call that needs a person's approval rejects too, \
and the result's `follow_up` ({{\"tool\", \"arguments\"}}) is that call, to make directly. \
A failed run reports `reason_code`, `failure_stage`, `state_changed` and `outcome_unknown`.\n\n\
{tools}",
        options.timeout.as_millis(),
        options.max_timeout.as_millis()
    )
}

/// What the code tool's handler needs.
pub(crate) struct Runner {
    interpreter: Arc<dyn Interpreter>,
    tools: BTreeMap<String, Arc<ToolDefinition>>,
    policy: Arc<dyn Policy>,
    timeout: Duration,
    max_timeout: Duration,
    slots: Option<RunSlots>,
    follow_up_via: Option<String>,
}

/// One call the code made through a tool of ours.
#[derive(Debug, Clone)]
struct Entry {
    tool: String,
    arguments: Value,
    outcome: CallOutcome,
    /// The message the code saw when the policy or the person stopped the call.
    refusal: Option<String>,
    /// Whether the tool's handler was started (a call waiting for a person's approval was not).
    started: bool,
}

/// The calls of one run, shared by its tool wrappers.
#[derive(Debug, Default)]
struct CallLog(Mutex<Vec<Entry>>);

impl CallLog {
    fn push(&self, entry: Entry) -> usize {
        let mut entries = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        entries.push(entry);
        entries.len() - 1
    }

    fn settle(&self, index: usize, outcome: CallOutcome) {
        let mut entries = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(entry) = entries.get_mut(index) {
            entry.outcome = outcome;
        }
    }

    /// The call at `index` ended as `outcome` without running (refused, or declined by the
    /// person asked); the code saw `message`.
    fn stop(&self, index: usize, outcome: CallOutcome, message: String) {
        let mut entries = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(entry) = entries.get_mut(index) {
            entry.outcome = outcome;
            entry.refusal = Some(message);
        }
    }

    /// The call at `index` was approved and its handler starts: in flight until it settles.
    fn start(&self, index: usize) {
        let mut entries = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(entry) = entries.get_mut(index) {
            entry.outcome = CallOutcome::Unknown;
            entry.started = true;
        }
    }

    fn take(&self) -> Vec<Entry> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// What every wrapper of one run shares.
#[derive(Clone)]
struct RunShared {
    policy: Arc<dyn Policy>,
    log: Arc<CallLog>,
    progress: Option<ProgressSink>,
    cancel: CancellationToken,
    /// Who is asked about a call the policy would ask a person about.
    approver: Option<Approver>,
}

impl RunShared {
    fn report(&self, event: ProgressEvent) {
        if let Some(progress) = &self.progress {
            progress.report(event);
        }
    }

    /// The interpreter's tool for `definition`: the policy first, then the handler.
    fn wrap(&self, definition: Arc<ToolDefinition>) -> Tool {
        let shared = self.clone();
        Tool::new(move |arguments: Value| {
            let shared = shared.clone();
            let definition = Arc::clone(&definition);
            async move { shared.call(&definition, arguments).await }
        })
    }

    async fn call(
        &self,
        definition: &ToolDefinition,
        arguments: Value,
    ) -> Result<Value, ToolError> {
        let decision = self.policy.decide(&CallRequest {
            tool: definition,
            arguments: &arguments,
            origin: Origin::Code,
        });
        let name = definition.name.clone();
        let refused = |reason: &str| {
            format!(
                "approval required: `{name}` needs a person's approval ({reason}), which code \
cannot wait for; the run's result names this call as `follow_up`, to make directly"
            )
        };
        let (outcome, refusal) = match &decision {
            Decision::Allow => (CallOutcome::Unknown, None),
            Decision::Deny { reason } => (
                CallOutcome::Denied,
                Some(format!(
                    "permission denied: the policy does not let code call `{name}` ({reason})"
                )),
            ),
            // A person can be asked: the call waits for the answer, not made until then.
            Decision::Ask { .. } if self.approver.is_some() => (CallOutcome::Refused, None),
            Decision::Ask { reason } => (CallOutcome::Refused, Some(refused(reason))),
        };
        let index = self.log.push(Entry {
            tool: name.clone(),
            arguments: arguments.clone(),
            outcome,
            refusal: refusal.clone(),
            started: false,
        });
        self.report(ProgressEvent::Started {
            call: index,
            tool: name.clone(),
        });
        if let Some(message) = refusal {
            self.report(ProgressEvent::Finished {
                call: index,
                tool: name,
                outcome,
            });
            return Err(ToolError::new(message));
        }
        if let (Decision::Ask { reason }, Some(approver)) = (&decision, &self.approver) {
            let request = ApprovalRequest {
                tool: name.clone(),
                arguments: arguments.clone(),
                reason: reason.clone(),
            };
            // The run's timeout and cancellation keep counting while the person decides; a run
            // that stops first leaves the call not made.
            let approval = tokio::select! {
                approval = approver.ask(request) => approval,
                () = self.cancel.cancelled() => {
                    return Err(ToolError::new("the run stopped while a person was asked"));
                }
            };
            let stop = match approval {
                Approval::Approved => None,
                Approval::Declined | Approval::Cancelled => {
                    let message = format!(
                        "approval denied: the person asked to approve `{name}` ({reason}) did not; \
nothing was called"
                    );
                    Some((CallOutcome::Declined, message))
                }
                Approval::Unavailable(why) => {
                    let message = refused(&format!("{reason}; asking the person failed: {why}"));
                    Some((CallOutcome::Refused, message))
                }
            };
            if let Some((outcome, message)) = stop {
                self.log.stop(index, outcome, message.clone());
                self.report(ProgressEvent::Finished {
                    call: index,
                    tool: name,
                    outcome,
                });
                return Err(ToolError::new(message));
            }
        }
        self.log.start(index);
        let context = CallContext {
            cancel: self.cancel.child_token(),
            ..CallContext::default()
        };
        let output = definition.handler.call(arguments, context).await;
        let outcome = if output.outcome_unknown {
            CallOutcome::Unknown
        } else if output.is_error {
            CallOutcome::Failed
        } else {
            CallOutcome::Returned
        };
        self.log.settle(index, outcome);
        self.report(ProgressEvent::Finished {
            call: index,
            tool: name,
            outcome,
        });
        if output.is_error {
            Err(ToolError::new(output.error_message()))
        } else {
            Ok(output.value)
        }
    }
}

impl Runner {
    /// Runs the code of `arguments` (run_code's input) and answers, typed.
    pub(crate) async fn answer(&self, arguments: Value, context: CallContext) -> Answer {
        let nothing_ran = |reason, error| Answer::Admission(Failure::nothing_ran(reason, error));
        let input = match input::parse(&arguments, self.timeout, self.max_timeout) {
            Ok(input) => input,
            Err(message) => return nothing_ran(ReasonCode::InvalidInput, message),
        };
        let (_slot, left) =
            match slots::take(self.slots.as_ref(), input.timeout, &context.cancel).await {
                Ok(taken) => taken,
                Err(NoSlot::Timeout) => {
                    let size = self.slots.as_ref().map_or(0, RunSlots::size);
                    let ms = input.timeout.as_millis();
                    return nothing_ran(
                        ReasonCode::Timeout,
                        format!(
                            "timed out after {ms} ms waiting to start (this server runs at most \
{size} at once, and no run ended in time); nothing ran"
                        ),
                    );
                }
                Err(NoSlot::Cancelled) => {
                    return nothing_ran(
                        ReasonCode::Cancelled,
                        "cancelled while waiting to start; nothing ran".to_owned(),
                    );
                }
            };
        let shared = RunShared {
            policy: Arc::clone(&self.policy),
            log: Arc::default(),
            progress: context.progress.clone(),
            cancel: context.cancel.child_token(),
            approver: context.approver.clone(),
        };
        let mut options = RunOptions::default()
            .with_timeout(left)
            .with_cancel(context.cancel.clone());
        for (name, definition) in &self.tools {
            options = options.with_tool(name.clone(), shared.wrap(Arc::clone(definition)));
        }
        let result = self.interpreter.run(&input.code, options).await;
        // Whatever is still running belongs to a run that is over.
        shared.cancel.cancel();
        let entries = shared.log.take();
        for (index, entry) in entries.iter().enumerate() {
            // A call in flight ends unknown; one still waiting for a person ends not made.
            let waiting = !entry.started && entry.refusal.is_none();
            if entry.outcome == CallOutcome::Unknown || waiting {
                shared.report(ProgressEvent::Finished {
                    call: index,
                    tool: entry.tool.clone(),
                    outcome: entry.outcome,
                });
            }
        }
        shape(
            result,
            &entries,
            &input,
            &self.tools,
            self.follow_up_via.as_deref(),
        )
    }
}

/// A call as the model sees it: the tool and how the call ended.
#[derive(Debug, Serialize)]
struct CallView {
    tool: String,
    outcome: CallOutcome,
}

/// The call a model is to make itself, directly or through the host's gate tool.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum FollowUp {
    /// The refused tool itself, with the code's arguments.
    Direct { tool: String, arguments: Value },
    /// The gate tool, whose arguments name the refused call.
    Via {
        tool: String,
        arguments: Box<FollowUp>,
    },
}

/// run_code's answer when the code returned. Fields appear in this order.
#[derive(Debug, Serialize)]
pub(crate) struct Returned {
    value: Value,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    logs: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    calls: Vec<CallView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    follow_up: Option<FollowUp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    effective_timeout_ms: Option<u64>,
}

/// run_code's answer when the code did not return. Fields appear in this order.
#[derive(Debug, Serialize)]
pub(crate) struct Failed {
    #[serde(flatten)]
    failure: Failure,
    logs: Vec<String>,
    calls: Vec<CallView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    follow_up: Option<FollowUp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    effective_timeout_ms: Option<u64>,
}

/// The model-facing result of a run, built from the interpreter's ledger and our own log.
fn shape(
    result: RunResult,
    entries: &[Entry],
    input: &input::RunInput,
    tools: &BTreeMap<String, Arc<ToolDefinition>>,
    follow_up_via: Option<&str>,
) -> Answer {
    let calls = outcomes(&result.calls, entries, tools);
    let follow_up = entries
        .iter()
        .find(|entry| entry.outcome == CallOutcome::Refused)
        .map(|entry| {
            let call = FollowUp::Direct {
                tool: entry.tool.clone(),
                arguments: entry.arguments.clone(),
            };
            match follow_up_via {
                Some(via) => FollowUp::Via {
                    tool: via.to_owned(),
                    arguments: Box::new(call),
                },
                None => call,
            }
        });
    let timeout_ms = u64::try_from(input.timeout.as_millis()).unwrap_or(u64::MAX);
    let clamped = input.clamped_from.is_some();
    if result.ok {
        let views = views(&calls);
        return Answer::Returned(Returned {
            value: result.value.unwrap_or(Value::Null),
            logs: result.logs,
            calls: views,
            follow_up,
            effective_timeout_ms: clamped.then_some(timeout_ms),
        });
    }
    let stop = result.reason.unwrap_or(StopReason::Internal);
    let (reason, stage) = classify(stop, result.thrown_by_call, &calls);
    Answer::Failed(Failed {
        failure: Failure {
            reason_code: reason,
            failure_stage: stage,
            error: result.error.unwrap_or_default(),
            state_changed: state_changed(&calls, tools),
            outcome_unknown: calls
                .iter()
                .any(|(_, outcome)| *outcome == CallOutcome::Unknown),
        },
        logs: result.logs,
        calls: views(&calls),
        follow_up,
        effective_timeout_ms: (clamped || reason == ReasonCode::Timeout).then_some(timeout_ms),
    })
}

fn views(calls: &[(String, CallOutcome)]) -> Vec<CallView> {
    calls
        .iter()
        .map(|(tool, outcome)| CallView {
            tool: tool.clone(),
            outcome: *outcome,
        })
        .collect()
}

/// Each call the interpreter recorded, with its outcome. The interpreter calls tools in the order
/// of the calls, so the calls that reached a tool (`CallRecord::reached_tool`) are, in order, the
/// calls our wrappers logged: each takes our outcome (the policy's word, a person's answer). A
/// call the interpreter refused before any tool is `no_such_tool` for an unknown name and
/// `failed` otherwise (arguments that could not cross, too many in flight).
fn outcomes(
    records: &[CallRecord],
    entries: &[Entry],
    tools: &BTreeMap<String, Arc<ToolDefinition>>,
) -> Vec<(String, CallOutcome)> {
    let mut logged = entries.iter();
    records
        .iter()
        .map(|record| {
            let entry = if record.reached_tool() {
                logged.next()
            } else {
                None
            };
            let refused_as = record.failure.as_ref().map(|failure| failure.code);
            let outcome = match (entry, refused_as) {
                // The interpreter's word wins for a call it saw cut off, unless the call was
                // still waiting for a person: then it was not made.
                (Some(entry), _) if record.ok.is_none() && entry.started => CallOutcome::Unknown,
                (Some(entry), _) => entry.outcome,
                (None, Some(FailureCode::UnknownTool)) => CallOutcome::NoSuchTool,
                (None, _) if !tools.contains_key(&record.name) => CallOutcome::NoSuchTool,
                (None, _) => match record.ok {
                    Some(true) => CallOutcome::Returned,
                    Some(false) => CallOutcome::Failed,
                    None => CallOutcome::Unknown,
                },
            };
            (record.name.clone(), outcome)
        })
        .collect()
}

/// The reason code and stage of a run that did not return. A run that ended by throwing the
/// very error one of its calls failed with (`RunResult::thrown_by_call`) is reported as that
/// call's refusal when the policy or a person refused it; a new error with the same message is
/// the code's own throw.
fn classify(
    stop: StopReason,
    thrown_by_call: Option<usize>,
    calls: &[(String, CallOutcome)],
) -> (ReasonCode, FailureStage) {
    match stop {
        StopReason::Threw => {
            let refused = thrown_by_call.and_then(|index| calls.get(index));
            match refused.map(|(_, outcome)| outcome) {
                Some(CallOutcome::Denied) => (ReasonCode::PermissionDenied, FailureStage::Run),
                Some(CallOutcome::Refused) => (ReasonCode::ApprovalRequired, FailureStage::Run),
                Some(CallOutcome::Declined) => (ReasonCode::ApprovalDenied, FailureStage::Run),
                _ => (ReasonCode::Threw, FailureStage::Run),
            }
        }
        StopReason::Syntax => (ReasonCode::Syntax, FailureStage::Compile),
        StopReason::Timeout => (ReasonCode::Timeout, FailureStage::Run),
        StopReason::Cancelled => (ReasonCode::Cancelled, FailureStage::Run),
        StopReason::HeapLimit => (ReasonCode::HeapLimit, FailureStage::Run),
        StopReason::CallLimit => (ReasonCode::CallLimit, FailureStage::Run),
        StopReason::ValueTooLarge => (ReasonCode::ValueTooLarge, FailureStage::Result),
        StopReason::ValueInvalid => (ReasonCode::ValueInvalid, FailureStage::Result),
        StopReason::SandboxCrashed => (ReasonCode::SandboxCrashed, FailureStage::Interpreter),
        _ => (ReasonCode::Internal, FailureStage::Interpreter),
    }
}

/// Whether the calls may have changed state: `Yes` when a state-changing call returned,
/// `Unknown` when one failed or was cut off, `No` when none ran (denied, refused and read-only
/// calls change nothing).
fn state_changed(
    calls: &[(String, CallOutcome)],
    tools: &BTreeMap<String, Arc<ToolDefinition>>,
) -> StateChanged {
    let mut state = StateChanged::No;
    for (tool, outcome) in calls {
        if !tools
            .get(tool)
            .is_some_and(|tool| tool.hints.may_change_state())
        {
            continue;
        }
        match outcome {
            CallOutcome::Returned => return StateChanged::Yes,
            CallOutcome::Failed | CallOutcome::Unknown => state = StateChanged::Unknown,
            CallOutcome::Denied
            | CallOutcome::Refused
            | CallOutcome::Declined
            | CallOutcome::NoSuchTool => {}
        }
    }
    state
}

fn to_value(value: impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}
