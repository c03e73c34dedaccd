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
    CallContext, CallRequest, CodeToolOptions, Decision, Handler, InstructionToolOptions, Policy,
    Rule, RunSlots, ToolDefinition, ToolOutput, call_tool, code_tool, instruction_tool,
    invalid_input, json_kind, typescript,
};
use rmcp::model::CallToolResult;
use serde_json::{Value, json};

use crate::Rebuilt;
use crate::config::Config;
use crate::content::to_result;
use crate::discovery::{self, Budget, CODE_SEARCH_TOOL, Catalog, GATE_TOOL};
use crate::naming;
use crate::policy::{PersonApproves, asks_from_code, decide_from_code};
use crate::upstream::{self, Bridge, UpstreamTool};

/// The upstream servers, the policy and run_code, ready to serve.
///
/// The served tools are built over the bridge's tools and built again when those change (a
/// server that did not start connects, a server comes back with other tools): [`Session::current`]
/// answers the tools of the bridge's latest version, and [`Session::changes`] says when there
/// is a new one.
pub struct Session {
    bridge: Bridge,
    policy: Arc<dyn Policy>,
    code: Rule,
    recipe: Recipe,
    built: Rebuilt<Tools>,
}

/// What building the served tools takes besides the bridge's tools.
struct Recipe {
    interpreter: Arc<dyn Interpreter>,
    planner: Option<SessionPlanner>,
    timeout: std::time::Duration,
    max_timeout: std::time::Duration,
    /// Shared by every version of run_code and run_instruction.
    slots: RunSlots,
    budget: Budget,
}

/// The served tools of one version of the upstream catalog.
pub struct Tools {
    run_code: ToolDefinition,
    run_instruction: Option<ToolDefinition>,
    /// The tools code may call, and what an instruction may call them by.
    planning: Planning,
    direct: Vec<UpstreamTool>,
    /// In discovery: `search_tools` and the gate to the tools a person approves.
    discovery: Option<Discovery>,
}

/// What a session in discovery serves besides run_code and run_instruction.
struct Discovery {
    search: ToolDefinition,
    gate: Option<ToolDefinition>,
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
    /// `search_tools`, in discovery: it reads the catalog and calls nothing.
    Search(&'a ToolDefinition),
    /// `call_tool`, in discovery: the tools served directly, through one tool.
    Gate(&'a ToolDefinition, &'a [UpstreamTool]),
}

impl Served<'_> {
    /// Its definition.
    pub fn definition(&self) -> &ToolDefinition {
        match self {
            Self::Code(definition) | Self::Search(definition) | Self::Gate(definition, _) => {
                definition
            }
            Self::Direct(tool) => &tool.definition,
        }
    }
}

impl Session {
    /// Starts the config's upstream servers and builds run_code over their tools, running code in
    /// `interpreter`, and run_instruction with `planner` when there is one. Never fails: a server
    /// that does not start is logged, noted in the tools' descriptions, left out, and tried
    /// again.
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
        let recipe = Recipe {
            interpreter,
            planner,
            timeout,
            max_timeout,
            slots: RunSlots::new(config.concurrent_runs()),
            budget: config.discovery,
        };
        let built = Rebuilt::new(bridge.version(), build(&bridge, &policy, &recipe));
        Self {
            bridge,
            policy,
            code: config.policy.code,
            recipe,
            built,
        }
    }

    /// The served tools over the bridge's latest tools (built again when they have changed).
    pub fn current(&self) -> Arc<Tools> {
        self.built.get(self.bridge.version(), || {
            build(&self.bridge, &self.policy, &self.recipe)
        })
    }

    /// A receiver that sees each change of the upstream tools, after which [`Session::current`]
    /// answers new tools (and a client should be told that the list changed).
    pub fn changes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.bridge.changes()
    }

    /// Whether the session serves run_instruction (it has a planner).
    pub fn plans(&self) -> bool {
        self.recipe.planner.is_some()
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
        let tools = self.current();
        self.call_direct(&tools.run_code, arguments, context).await
    }

    /// Plans and runs an instruction as a direct call of run_instruction (`arguments`: its input,
    /// `{"instruction", "tools"?, "timeoutMs"?, "minConfidence"?}`), the way `codemode do` does;
    /// `None` when the session has no planner.
    pub async fn instruct(&self, arguments: Value, context: CallContext) -> Option<ToolOutput> {
        let tools = self.current();
        let tool = tools.run_instruction.as_ref()?;
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
            Served::Direct(tool) => self.call_upstream(tool, arguments, context).await,
            Served::Search(definition) => {
                to_result(definition.handler.call(arguments, context).await)
            }
            Served::Gate(_, direct) => match gate_target(direct, arguments) {
                Ok((tool, arguments)) => self.call_upstream(tool, arguments, context).await,
                Err(why) => to_result(invalid_input(why)),
            },
        }
    }

    /// A direct call of an upstream tool, through [`PersonApproves`]. The handler keeps the
    /// upstream result as it came, so images, resource links and metadata reach the client
    /// unchanged; a refusal has no upstream result.
    async fn call_upstream(
        &self,
        tool: &UpstreamTool,
        arguments: Value,
        context: CallContext,
    ) -> CallToolResult {
        let raw: Arc<Mutex<Option<CallToolResult>>> = Arc::default();
        let definition = ToolDefinition {
            handler: raw_handler(tool.clone(), Arc::clone(&raw)),
            ..tool.definition.clone()
        };
        let output = self.call_direct(&definition, arguments, context).await;
        let kept = raw.lock().unwrap_or_else(PoisonError::into_inner).take();
        kept.unwrap_or_else(|| to_result(output))
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

impl Tools {
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

    /// What a client sees: run_code, run_instruction (with a planner), then the upstream tools
    /// served directly; in discovery, `search_tools` and one gate to those tools instead.
    pub fn served(&self) -> Vec<Served<'_>> {
        let first = std::iter::once(Served::Code(&self.run_code))
            .chain(self.run_instruction.iter().map(Served::Code));
        match &self.discovery {
            Some(discovery) => first
                .chain(std::iter::once(Served::Search(&discovery.search)))
                .chain(
                    discovery
                        .gate
                        .iter()
                        .map(|gate| Served::Gate(gate, &self.direct)),
                )
                .collect(),
            None => first
                .chain(self.direct.iter().map(Served::Direct))
                .collect(),
        }
    }

    /// Whether the catalog is served by discovery (search) rather than declared whole.
    pub fn discovers(&self) -> bool {
        self.discovery.is_some()
    }

    /// The served tool named `name`.
    pub fn find(&self, name: &str) -> Option<Served<'_>> {
        self.served()
            .into_iter()
            .find(|served| served.definition().name == name)
    }
}

impl std::fmt::Debug for Tools {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tools")
            .field("direct", &self.direct)
            .field("discovers", &self.discovery.is_some())
            .finish_non_exhaustive()
    }
}

/// run_code, run_instruction and the tools served directly (or discovery) over the bridge's
/// tools now.
fn build(bridge: &Bridge, policy: &Arc<dyn Policy>, recipe: &Recipe) -> Tools {
    let upstream = bridge.tools();
    let (callable, denied): (Vec<&UpstreamTool>, Vec<&UpstreamTool>) = upstream
        .iter()
        .partition(|tool| !denied_from_code(&**policy, &tool.definition));
    let direct: Vec<UpstreamTool> = upstream
        .iter()
        .filter(|tool| asks_from_code(&**policy, &tool.definition))
        .cloned()
        .collect();
    let declared = declared_text(&callable, &direct);
    let catalog = recipe
        .budget
        .exceeded_by(&declared)
        .then(|| Arc::new(Catalog::new(&callable)));
    let mut code = CodeToolOptions {
        tools: callable
            .iter()
            .map(|tool| tool.definition.clone())
            .collect(),
        policy: Arc::new(SearchAllowed(Arc::clone(policy))),
        timeout: recipe.timeout,
        max_timeout: recipe.max_timeout,
        slots: Some(recipe.slots.clone()),
        listing: catalog.as_ref().map(|catalog| catalog.listing()),
        follow_up_via: (catalog.is_some() && !direct.is_empty()).then(|| GATE_TOOL.to_owned()),
        ..CodeToolOptions::default()
    };
    let down: String = bridge
        .down()
        .iter()
        .map(|(server, why)| {
            format!(
                "\n\nUpstream server `{server}` is not running ({why}): its tools are not available \
until it starts (codemode tries again, at most {} s apart).",
                upstream::MAX_BACKOFF.as_secs()
            )
        })
        .collect();
    let aliases = naming::aliases(upstream.iter().map(|tool| tool.definition.name.as_str()));
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
    let run_instruction = recipe.planner.as_ref().map(|planner| {
        let mut tool = instruction_tool(
            Arc::clone(&recipe.interpreter),
            code.clone(),
            InstructionToolOptions {
                aliases: planning.aliases.clone(),
                unavailable: planning.unavailable.clone(),
                listing: catalog
                    .as_ref()
                    .map(|catalog| catalog.instruction_listing()),
                ..InstructionToolOptions::new(Arc::clone(&planner.planner), planner.min_confidence)
            },
        );
        tool.description.push_str(&down);
        tool
    });
    if let Some(catalog) = &catalog {
        code.tools
            .push(discovery::code_search_tool(Arc::clone(catalog)));
    }
    let mut run_code = code_tool(Arc::clone(&recipe.interpreter), code);
    run_code.description.push_str(&down);
    let discovery = catalog.map(|catalog| Discovery {
        search: discovery::search_tool(catalog),
        gate: (!direct.is_empty()).then(|| gate(&direct, policy)),
    });
    Tools {
        run_code,
        run_instruction,
        planning,
        direct,
        discovery,
    }
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("bridge", &self.bridge)
            .field("code", &self.code)
            .field("tools", &self.current())
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

/// The session's policy for code, which always lets code search the catalog (`tools.$search`
/// reads the catalog and calls nothing).
struct SearchAllowed(Arc<dyn Policy>);

impl Policy for SearchAllowed {
    fn decide(&self, request: &CallRequest<'_>) -> Decision {
        if request.tool.name == CODE_SEARCH_TOOL {
            return Decision::Allow;
        }
        self.0.decide(request)
    }
}

/// What declaring the catalog whole would cost the model: the TypeScript declarations of the
/// tools code may call, and the MCP descriptions of the tools served directly.
fn declared_text(callable: &[&UpstreamTool], direct: &[UpstreamTool]) -> String {
    let mut text = typescript::declarations(callable.iter().map(|tool| &tool.definition));
    for tool in direct {
        text.push_str(&tool.definition.description);
        text.push_str(&tool.definition.input_schema.to_string());
    }
    text
}

/// The gate (`call_tool`) over the tools served directly: a call names the tool and its
/// arguments, and is decided as a direct call of that tool.
fn gate(direct: &[UpstreamTool], policy: &Arc<dyn Policy>) -> ToolDefinition {
    let names: Vec<&str> = direct
        .iter()
        .map(|tool| tool.definition.name.as_str())
        .collect();
    let tools: Arc<Vec<UpstreamTool>> = Arc::new(direct.to_vec());
    let policy = Arc::clone(policy);
    let handler = Handler::new(move |arguments, context| {
        let tools = Arc::clone(&tools);
        let policy = Arc::clone(&policy);
        async move {
            match gate_target(&tools, arguments) {
                Ok((tool, arguments)) => {
                    call_tool(
                        &tool.definition,
                        arguments,
                        &PersonApproves(policy),
                        context,
                    )
                    .await
                }
                Err(why) => invalid_input(why),
            }
        }
    });
    discovery::gate_tool(&names, handler)
}

/// The tool and arguments a gate call names, or what is wrong with it.
fn gate_target(
    direct: &[UpstreamTool],
    arguments: Value,
) -> Result<(&UpstreamTool, Value), String> {
    let Value::Object(mut fields) = arguments else {
        return Err(format!(
            "`{GATE_TOOL}` takes {{\"tool\", \"arguments\"}}, not {}",
            json_kind(&arguments)
        ));
    };
    if let Some(unknown) = fields
        .keys()
        .find(|key| *key != "tool" && *key != "arguments")
    {
        return Err(format!(
            "`{GATE_TOOL}` takes `tool` and `arguments`, not `{unknown}`"
        ));
    }
    let name = match fields.remove("tool") {
        Some(Value::String(name)) => name,
        Some(other) => {
            return Err(format!(
                "`tool` is a tool's name, not {}",
                json_kind(&other)
            ));
        }
        None => return Err(format!("`{GATE_TOOL}` needs `tool`: the tool's name")),
    };
    let arguments = match fields.remove("arguments") {
        None | Some(Value::Null) => json!({}),
        Some(arguments @ Value::Object(_)) => arguments,
        Some(other) => {
            return Err(format!(
                "`arguments` is an object of the tool's arguments, not {}",
                json_kind(&other)
            ));
        }
    };
    let Some(tool) = direct.iter().find(|tool| tool.definition.name == name) else {
        return Err(format!(
            "`{name}` is not a tool `{GATE_TOOL}` serves: it serves the {} tools that run_code's \
policy asks a person about; run_code calls the others",
            direct.len()
        ));
    };
    Ok((tool, arguments))
}

fn denied_from_code(policy: &dyn Policy, tool: &ToolDefinition) -> bool {
    matches!(decide_from_code(policy, tool), Decision::Deny { .. })
}
