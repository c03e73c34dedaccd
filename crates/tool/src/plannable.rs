//! Which tools an instruction is planned against: the catalog for one instruction, chosen
//! deterministically from the tools code may call.
//!
//! Every tool code may call gets its [`catalog_entry`] (or the reason it has none) once, when the
//! tool is built. For one instruction:
//!
//! - when the caller names the tools (`tools: [...]`), the catalog is those tools, in the order
//!   given (at most [`MAX_TOOLS`]); a name that is no tool code may call is refused;
//! - otherwise it is the tools the instruction names: each word of the instruction (a word token of
//!   the planner's lexer, so nothing inside a quoted value) that is a tool's name or one of its
//!   aliases selects that tool, in the order the tools are listed. The planner reads tools only by
//!   their exact names, so a tool the instruction does not name could take no call of a plan.
//!
//! Nothing is planned, and the refusal says why, when the chosen tools include one the planner
//! cannot plan (its schema does not fit the contract), one the policy keeps from code, or more
//! than [`MAX_TOOLS`] tools, or when the instruction names no tool at all: planning the rest
//! would silently drop a call the instruction asked for.
//!
//! A catalog entry is named as the instruction names the tool: an alias when only the alias is
//! written (`get_sum` for `everything__get_sum`), the tool's own name otherwise. The plan's calls
//! are named back to the tools' own names before the plan is compiled or shown.

use std::collections::BTreeMap;

use codemode_plan::frontend::MAX_TOOLS;
use codemode_plan::lexer::{self, TokenKind};
use codemode_plan::{Plan, Tool};

use crate::ToolDefinition;
use crate::catalog::{CatalogEntry, catalog_entry};

/// A tool code may call, as the planner sees it.
#[derive(Debug, Clone)]
pub struct PlannableTool {
    /// The tool (its name is the one code calls it by).
    pub definition: ToolDefinition,
    /// Other names an instruction may call it by.
    pub aliases: Vec<String>,
    /// Its catalog entry, or why the planner cannot plan calls of it.
    pub entry: Result<CatalogEntry, String>,
}

/// The tools an instruction may be planned against.
#[derive(Debug, Clone, Default)]
pub struct Plannable {
    tools: Vec<PlannableTool>,
    /// Names that are tools the policy keeps from code, with why.
    unavailable: Vec<(String, String)>,
}

/// The catalog chosen for one instruction.
#[derive(Debug, Clone)]
pub struct Selection<'a> {
    /// The chosen tools, with the name each catalog entry carries.
    pub chosen: Vec<(&'a PlannableTool, String)>,
}

/// Why an instruction gets no catalog.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// The caller's input is wrong (an unknown tool name, too many tools): nothing to plan.
    Input(String),
    /// The instruction cannot be planned; `named` are the tools it names, whose declarations help
    /// whoever writes the code instead.
    NotPlanned {
        /// Why.
        reason: String,
        /// The tools the instruction or the caller named, by their own names.
        named: Vec<String>,
    },
    /// The instruction names a tool the policy keeps from code.
    Denied(String),
}

impl Plannable {
    /// The tools code may call (`tools`), each with its aliases (`aliases`: alias → tool name), and
    /// the names of tools the policy keeps from code, with why (`unavailable`).
    pub fn new(
        tools: &[ToolDefinition],
        aliases: &BTreeMap<String, String>,
        unavailable: Vec<(String, String)>,
    ) -> Self {
        let tools = tools
            .iter()
            .map(|definition| PlannableTool {
                aliases: aliases
                    .iter()
                    .filter(|(alias, name)| **name == definition.name && **alias != definition.name)
                    .map(|(alias, _)| alias.clone())
                    .collect(),
                entry: catalog_entry(definition),
                definition: definition.clone(),
            })
            .collect();
        Self { tools, unavailable }
    }

    /// Every tool code may call, with its entry or why it has none.
    pub fn tools(&self) -> &[PlannableTool] {
        &self.tools
    }

    /// The tool called `name` (its own name or an alias).
    pub fn find(&self, name: &str) -> Option<&PlannableTool> {
        self.tools
            .iter()
            .find(|tool| tool.definition.name == name || tool.aliases.iter().any(|a| a == name))
    }

    /// The catalog for `instruction`: the tools in `named` when given, else the tools the
    /// instruction names.
    pub fn select(
        &self,
        instruction: &str,
        named: Option<&[String]>,
    ) -> Result<Selection<'_>, Refusal> {
        let words: Vec<String> = match lexer::lex(instruction) {
            Ok(tokens) => tokens
                .into_iter()
                .filter(|token| token.kind == TokenKind::Word)
                .map(|token| token.text)
                .collect(),
            Err(diagnostic) => {
                return Err(Refusal::NotPlanned {
                    reason: diagnostic.to_string(),
                    named: Vec::new(),
                });
            }
        };
        let said = |name: &str| words.iter().any(|word| word == name);
        let chosen: Vec<&PlannableTool> = match named {
            Some(names) => self.given(names)?,
            None => {
                if let Some((name, why)) = self.unavailable.iter().find(|(name, _)| said(name)) {
                    return Err(Refusal::Denied(format!(
                        "the instruction names `{name}`, which code may not call ({why})"
                    )));
                }
                self.tools
                    .iter()
                    .filter(|tool| {
                        said(&tool.definition.name) || tool.aliases.iter().any(|a| said(a))
                    })
                    .collect()
            }
        };
        let named_tools = || -> Vec<String> {
            chosen
                .iter()
                .map(|tool| tool.definition.name.clone())
                .collect()
        };
        if chosen.is_empty() {
            return Err(Refusal::NotPlanned {
                reason: format!(
                    "the instruction names none of the tools the planner can plan ({})",
                    self.plannable_names()
                ),
                named: Vec::new(),
            });
        }
        if chosen.len() > MAX_TOOLS {
            return Err(Refusal::NotPlanned {
                reason: format!(
                    "the instruction names {} tools; the planner reads at most {MAX_TOOLS} (and \
plans at most 3 calls)",
                    chosen.len()
                ),
                named: named_tools(),
            });
        }
        if let Some((tool, why)) = chosen
            .iter()
            .find_map(|tool| tool.entry.as_ref().err().map(|why| (tool, why)))
        {
            return Err(Refusal::NotPlanned {
                reason: format!("the planner cannot plan `{}`: {why}", tool.definition.name),
                named: named_tools(),
            });
        }
        let chosen = chosen
            .into_iter()
            .map(|tool| {
                let name = if said(&tool.definition.name) {
                    tool.definition.name.clone()
                } else {
                    tool.aliases
                        .iter()
                        .find(|alias| said(alias))
                        .cloned()
                        .unwrap_or_else(|| tool.definition.name.clone())
                };
                (tool, name)
            })
            .collect();
        Ok(Selection { chosen })
    }

    /// The tools of a caller's `tools` list, each once, in the order given.
    fn given(&self, names: &[String]) -> Result<Vec<&PlannableTool>, Refusal> {
        let mut chosen: Vec<&PlannableTool> = Vec::new();
        for name in names {
            let Some(tool) = self.find(name) else {
                if let Some((_, why)) = self.unavailable.iter().find(|(n, _)| n == name) {
                    return Err(Refusal::Input(format!(
                        "`tools` names `{name}`, which code may not call ({why})"
                    )));
                }
                return Err(Refusal::Input(format!(
                    "`tools` names `{name}`, which is no tool code may call; the tools are {}",
                    self.all_names()
                )));
            };
            if !chosen
                .iter()
                .any(|seen| seen.definition.name == tool.definition.name)
            {
                chosen.push(tool);
            }
        }
        if chosen.len() > MAX_TOOLS {
            return Err(Refusal::Input(format!(
                "`tools` names {} tools; the planner reads at most {MAX_TOOLS}",
                chosen.len()
            )));
        }
        Ok(chosen)
    }

    /// The names of the tools that have a catalog entry, for messages (at most 20, then a count).
    fn plannable_names(&self) -> String {
        list(
            self.tools
                .iter()
                .filter(|tool| tool.entry.is_ok())
                .map(|tool| &tool.definition.name),
        )
    }

    fn all_names(&self) -> String {
        list(self.tools.iter().map(|tool| &tool.definition.name))
    }
}

/// `a`, `b`, ... for at most 20 names, then how many more.
fn list<'a>(names: impl Iterator<Item = &'a String>) -> String {
    let names: Vec<&String> = names.collect();
    if names.is_empty() {
        return "there are none".into();
    }
    let mut text: Vec<String> = names.iter().take(20).map(|n| format!("`{n}`")).collect();
    if names.len() > 20 {
        text.push(format!("and {} more", names.len() - 20));
    }
    text.join(", ")
}

impl Selection<'_> {
    /// The catalog entries, as a record's `tools`, each under the name the instruction uses.
    pub fn catalog(&self) -> Vec<Tool> {
        self.chosen
            .iter()
            .filter_map(|(tool, name)| {
                tool.entry.as_ref().ok().map(|entry| Tool {
                    name: name.clone(),
                    ..entry.tool.clone()
                })
            })
            .collect()
    }

    /// `plan` with each call named by its tool's own name, and, for each called tool whose rows
    /// sit under one property of its result, that property.
    pub fn to_own_names(&self, mut plan: Plan) -> (Plan, BTreeMap<String, String>) {
        let mut rows = BTreeMap::new();
        for call in &mut plan.calls {
            if let Some((tool, _)) = self.chosen.iter().find(|(_, name)| *name == call.tool) {
                call.tool = tool.definition.name.clone();
                if let Ok(CatalogEntry {
                    rows: Some(key), ..
                }) = &tool.entry
                {
                    rows.insert(call.tool.clone(), key.clone());
                }
            }
        }
        (plan, rows)
    }

    /// The catalog under the tools' own names, which the renamed plan is checked against.
    pub fn own_catalog(&self) -> codemode_plan::Catalog {
        codemode_plan::Catalog {
            tools: self
                .chosen
                .iter()
                .filter_map(|(tool, _)| tool.entry.as_ref().ok().map(|e| e.tool.clone()))
                .collect(),
        }
    }
}
