//! What `codemode mcp` and `codemode run --mcp` share: the bridge, the policy and run_code.
//!
//! A [`Session`] starts the upstream servers, builds the config's policy and the run_code tool
//! over the upstream tools, and decides which tools are served besides run_code:
//!
//! - the upstream tools the policy allows from code, or would ask a person about, are callable
//!   from code and declared in run_code's description; those it denies are left out of both, so
//!   a model never spends a turn on them;
//! - the tools the policy would ask about are also served directly, so that the `follow_up`
//!   run_code hands back for such a call can be made, with the client's approval;
//! - a direct call (of run_code or of such a tool) goes through [`PersonApproves`]: the client, or
//!   the person running `codemode run`, is who `Ask` addresses, while `Deny` stays denied.
//!
//! With a planner, the session also serves run_instruction over the same tools: an instruction
//! is planned against them (each callable by its name for code or its alias, see
//! [`naming::aliases`]), and the plan runs as run_code runs code, under the same policy and
//! limits. An instruction that names a tool the policy denies is refused, not planned without it.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use codemode_interpreter::Interpreter;
use codemode_plan::PlanRecord;
use codemode_tool::plannable::Plannable;
use codemode_tool::{
    CallContext, CodeToolOptions, Decision, Handler, InstructionToolOptions, Policy, Rule,
    RunSlots, ToolDefinition, ToolOutput, call_tool, code_tool, instruction_tool,
};
use rmcp::model::CallToolResult;
use serde_json::{Value, json};

use crate::config::Config;
use crate::naming;
use crate::policy::{PersonApproves, asks_from_code, decide_from_code};
use crate::upstream::{self, Bridge, UpstreamTool};

/// The upstream servers, the policy and run_code, ready to serve.
pub struct Session {
    bridge: Bridge,
    policy: Arc<dyn Policy>,
    code: Rule,
    run_code: ToolDefinition,
    run_instruction: Option<ToolDefinition>,
    /// The tools code may call, and what an instruction may call them by.
    planning: Planning,
    direct: Vec<UpstreamTool>,
}

/// What run_instruction plans against: the tools code may call, their aliases, and the names of
/// the tools the policy keeps from code.
#[derive(Debug, Clone, Default)]
struct Planning {
    callable: Vec<ToolDefinition>,
    aliases: BTreeMap<String, String>,
    unavailable: Vec<(String, String)>,
}

/// The planner a session plans instructions with, and the least confidence of a plan it runs.
#[derive(Clone)]
pub struct SessionPlanner {
    /// The planner.
    pub planner: Arc<dyn PlanRecord>,
    /// A plan less sure than this does not run (a call may ask for another).
    pub min_confidence: f32,
}

/// A tool of the session as a client sees it.
#[derive(Debug, Clone, Copy)]
pub enum Served<'a> {
    /// run_code, or run_instruction: a tool that runs code.
    Code(&'a ToolDefinition),
    /// An upstream tool served directly (the policy would ask about it from code).
    Direct(&'a UpstreamTool),
}

impl Served<'_> {
    /// Its definition.
    pub fn definition(&self) -> &ToolDefinition {
        match self {
            Self::Code(definition) => definition,
            Self::Direct(tool) => &tool.definition,
        }
    }
}

impl Session {
    /// Starts the config's upstream servers and builds run_code over their tools, running code in
    /// `interpreter`, and run_instruction with `planner` when there is one. Never fails: a server
    /// that does not start is logged, noted in the tools' descriptions and left out.
    pub async fn start(
        config: &Config,
        interpreter: Arc<dyn Interpreter>,
        planner: Option<SessionPlanner>,
    ) -> Self {
        let bridge = Bridge::start(config).await;
        let policy = config.policy.build();
        let defaults = CodeToolOptions::default();
        let timeout = config.timeout.unwrap_or(defaults.timeout);
        let max_timeout = config
            .max_timeout
            .unwrap_or_else(|| defaults.max_timeout.max(timeout));
        let (callable, denied): (Vec<&UpstreamTool>, Vec<&UpstreamTool>) = bridge
            .tools()
            .iter()
            .partition(|tool| !denied_from_code(&*policy, &tool.definition));
        let code = CodeToolOptions {
            tools: callable
                .iter()
                .map(|tool| tool.definition.clone())
                .collect(),
            policy: Arc::clone(&policy),
            timeout,
            max_timeout,
            slots: Some(RunSlots::new(config.concurrent_runs())),
            ..defaults
        };
        let down: String = bridge
            .down()
            .iter()
            .map(|(server, why)| {
                format!(
                    "\n\nUpstream server `{server}` is not running ({why}): its tools are not available."
                )
            })
            .collect();
        let aliases = naming::aliases(
            bridge
                .tools()
                .iter()
                .map(|tool| tool.definition.name.as_str()),
        );
        let unavailable = denied
            .iter()
            .flat_map(|tool| {
                let name = &tool.definition.name;
                aliases
                    .iter()
                    .filter(move |(_, owner)| *owner == name)
                    .map(|(alias, _)| alias.clone())
                    .chain(std::iter::once(name.clone()))
            })
            .map(|name| (name, "the policy denies it".to_owned()))
            .collect();
        let planning = Planning {
            callable: code.tools.clone(),
            aliases,
            unavailable,
        };
        let run_instruction = planner.map(|planner| {
            let mut tool = instruction_tool(
                Arc::clone(&interpreter),
                code.clone(),
                InstructionToolOptions {
                    aliases: planning.aliases.clone(),
                    unavailable: planning.unavailable.clone(),
                    ..InstructionToolOptions::new(planner.planner, planner.min_confidence)
                },
            );
            tool.description.push_str(&down);
            tool
        });
        let mut run_code = code_tool(interpreter, code);
        run_code.description.push_str(&down);
        let direct = bridge
            .tools()
            .iter()
            .filter(|tool| asks_from_code(&*policy, &tool.definition))
            .cloned()
            .collect();
        Self {
            bridge,
            policy,
            code: config.policy.code,
            run_code,
            run_instruction,
            planning,
            direct,
        }
    }

    /// The run_code tool.
    pub fn run_code(&self) -> &ToolDefinition {
        &self.run_code
    }

    /// run_instruction, when the session has a planner.
    pub fn run_instruction(&self) -> Option<&ToolDefinition> {
        self.run_instruction.as_ref()
    }

    /// The tools code may call as the planner sees them: each one's catalog entry, or why it has
    /// none.
    pub fn plannable(&self) -> Plannable {
        Plannable::new(
            &self.planning.callable,
            &self.planning.aliases,
            self.planning.unavailable.clone(),
        )
    }

    /// The bridge to the upstream servers.
    pub fn bridge(&self) -> &Bridge {
        &self.bridge
    }

    /// The config's policy, as code's calls are decided by it.
    pub fn policy(&self) -> &Arc<dyn Policy> {
        &self.policy
    }

    /// The `code` grant of the config.
    pub fn code_grant(&self) -> Rule {
        self.code
    }

    /// What a client sees: run_code, run_instruction (with a planner), then the upstream tools
    /// served directly.
    pub fn served(&self) -> Vec<Served<'_>> {
        std::iter::once(Served::Code(&self.run_code))
            .chain(self.run_instruction.iter().map(Served::Code))
            .chain(self.direct.iter().map(Served::Direct))
            .collect()
    }

    /// The served tool named `name`.
    pub fn find(&self, name: &str) -> Option<Served<'_>> {
        self.served()
            .into_iter()
            .find(|served| served.definition().name == name)
    }

    /// Runs `code` as a direct call of run_code (`timeout_ms`: the run's `timeoutMs`), the way
    /// `codemode run --mcp` does: the person running it grants code unless the policy denies it.
    pub async fn run(
        &self,
        code: &str,
        timeout_ms: Option<u64>,
        context: CallContext,
    ) -> ToolOutput {
        let mut arguments = json!({ "code": code });
        if let (Some(ms), Some(fields)) = (timeout_ms, arguments.as_object_mut()) {
            fields.insert("timeoutMs".into(), json!(ms));
        }
        self.call_direct(&self.run_code, arguments, context).await
    }

    /// Plans and runs an instruction as a direct call of run_instruction (`arguments`: its input,
    /// `{"instruction", "tools"?, "timeoutMs"?, "minConfidence"?}`), the way `codemode do` does;
    /// `None` when the session has no planner.
    pub async fn instruct(&self, arguments: Value, context: CallContext) -> Option<ToolOutput> {
        let tool = self.run_instruction.as_ref()?;
        Some(self.call_direct(tool, arguments, context).await)
    }

    /// A direct call of a served tool, through [`PersonApproves`]. An upstream tool's result is
    /// the server's own, unchanged; every other output is mapped by [`to_result`].
    pub async fn call(
        &self,
        served: Served<'_>,
        arguments: Value,
        context: CallContext,
    ) -> CallToolResult {
        match served {
            Served::Code(definition) => {
                to_result(self.call_direct(definition, arguments, context).await)
            }
            Served::Direct(tool) => {
                // The handler keeps the upstream result as it came, so images, resource links
                // and metadata reach the client unchanged; a refusal has no upstream result.
                let raw: Arc<Mutex<Option<CallToolResult>>> = Arc::default();
                let definition = ToolDefinition {
                    handler: raw_handler(tool.clone(), Arc::clone(&raw)),
                    ..tool.definition.clone()
                };
                let output = self.call_direct(&definition, arguments, context).await;
                let kept = raw.lock().unwrap_or_else(PoisonError::into_inner).take();
                kept.unwrap_or_else(|| to_result(output))
            }
        }
    }

    async fn call_direct(
        &self,
        definition: &ToolDefinition,
        arguments: Value,
        context: CallContext,
    ) -> ToolOutput {
        let policy = PersonApproves(Arc::clone(&self.policy));
        call_tool(definition, arguments, &policy, context).await
    }

    /// Stops the upstream servers (bounded).
    pub async fn shutdown(&self) {
        self.bridge.shutdown().await;
    }
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("bridge", &self.bridge)
            .field("code", &self.code)
            .field("direct", &self.direct)
            .finish_non_exhaustive()
    }
}

fn raw_handler(tool: UpstreamTool, slot: Arc<Mutex<Option<CallToolResult>>>) -> Handler {
    Handler::new(move |arguments, context: CallContext| {
        let tool = tool.clone();
        let slot = Arc::clone(&slot);
        async move {
            let result = tool.call_raw(arguments, context.cancel).await;
            if let Ok(result) = &result {
                *slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(result.clone());
            }
            upstream::output(result)
        }
    })
}

fn denied_from_code(policy: &dyn Policy, tool: &ToolDefinition) -> bool {
    matches!(decide_from_code(policy, tool), Decision::Deny { .. })
}

/// A [`ToolOutput`] as an MCP result: a string is one text block; any other value is the
/// `structuredContent`, with its compact JSON as the one text block; `isError` is the output's.
pub fn to_result(output: ToolOutput) -> CallToolResult {
    let mut result = match output.value {
        Value::String(text) => CallToolResult::success(vec![rmcp::model::ContentBlock::text(text)]),
        value => CallToolResult::structured(value),
    };
    result.is_error = Some(output.is_error);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_object_output_is_structured_content_with_its_json_as_text() {
        let result = to_result(ToolOutput::ok(json!({"value": 5, "calls": []})));
        assert_eq!(
            serde_json::to_value(&result).unwrap(),
            json!({
                "resultType": "complete",
                "content": [{"type": "text", "text": "{\"value\":5,\"calls\":[]}"}],
                "structuredContent": {"value": 5, "calls": []},
                "isError": false
            })
        );
    }

    #[test]
    fn a_string_output_is_one_text_block_and_errors_stay_errors() {
        let result = to_result(ToolOutput::error("upstream server `fs` is not running"));
        assert_eq!(
            serde_json::to_value(&result).unwrap(),
            json!({
                "resultType": "complete",
                "content": [{"type": "text", "text": "upstream server `fs` is not running"}],
                "isError": true
            })
        );
    }
}
