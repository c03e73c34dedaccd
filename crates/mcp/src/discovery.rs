//! Discovery for catalogs too large to declare: a brief listing, tool search, and one tool for
//! the direct calls a person approves.
//!
//! Declaring every upstream tool in run_code's description costs the model's context before it
//! writes a line; past a budget ([`Budget`], by default about 4,000 tokens of declarations,
//! counted as characters / 4) the session switches to discovery:
//!
//! - run_code's description lists each server with its tool count and as many tool names as fit
//!   an even share of [`LISTING_CHARS`], and says how to find the rest;
//! - [`search_tool`] (`search_tools`) answers a query in words with the best matching tools'
//!   TypeScript declarations, ranked by `codemode-search` (BM25F over names, descriptions and
//!   argument names, with identifier splitting and stemming);
//! - code can search too: `await tools.$search("create an issue")` ([`code_search_tool`])
//!   answers `[{name, server, description, declaration}]`;
//! - the tools a person approves are served through one tool, [`GATE_TOOL`]
//!   (`{"tool", "arguments"}`), instead of one MCP tool each; run_code's `follow_up` names it.
//!
//! run_instruction keeps planning over the whole catalog: an instruction names its tools.

use std::sync::Arc;

use codemode_search::{Doc, Index};
use codemode_tool::typescript;
use codemode_tool::{Handler, Hints, ToolDefinition, ToolOutput, invalid_input, json_kind};
use serde_json::{Map, Value, json};

use crate::naming::SEPARATOR;
use crate::upstream::UpstreamTool;

/// The name of the MCP tool that searches the catalog.
pub const SEARCH_TOOL: &str = "search_tools";

/// The name code calls to search the catalog (`tools.$search`).
pub const CODE_SEARCH_TOOL: &str = "$search";

/// The name of the MCP tool through which the tools a person approves are called, in discovery.
pub const GATE_TOOL: &str = "call_tool";

/// The declarations' size, in tokens, above which the session switches to discovery, when the
/// config sets no `discovery.budgetTokens`.
pub const DEFAULT_BUDGET_TOKENS: usize = 4000;

/// The most characters the brief listing of tool names takes (about 750 tokens).
pub const LISTING_CHARS: usize = 3000;

/// How many tools a search answers when the query asks for no number.
pub const DEFAULT_LIMIT: usize = 5;

/// The most tools one search answers.
pub const MAX_LIMIT: usize = 20;

/// The longest query a search reads, in characters.
pub const MAX_QUERY_CHARS: usize = 2000;

/// When the session declares every tool, and when it switches to discovery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Declare every tool, however many (`"discovery": false`).
    Never,
    /// Discovery once the declarations pass this many tokens (`"discovery": {"budgetTokens": N}`;
    /// 0 always discovers).
    Tokens(usize),
}

impl Default for Budget {
    fn default() -> Self {
        Self::Tokens(DEFAULT_BUDGET_TOKENS)
    }
}

impl Budget {
    /// Whether `text` passes the budget.
    pub fn exceeded_by(self, text: &str) -> bool {
        match self {
            Self::Never => false,
            Self::Tokens(tokens) => estimate_tokens(text) > tokens,
        }
    }
}

/// An estimate of the tokens a model reads in `text`: its characters / 4, rounded up.
pub fn estimate_tokens(text: &str) -> usize {
    text.chars().count().div_ceil(4)
}

/// The search over the tools code may call.
pub struct Catalog {
    tools: Vec<(ToolDefinition, String)>,
    index: Index,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog")
            .field("tools", &self.tools.len())
            .finish_non_exhaustive()
    }
}

/// One tool a search found.
#[derive(Debug, Clone, Copy)]
pub struct Found<'a> {
    /// Its definition for code.
    pub definition: &'a ToolDefinition,
    /// Its server.
    pub server: &'a str,
}

impl Catalog {
    /// The catalog of `tools` (the tools code may call).
    pub fn new(tools: &[&UpstreamTool]) -> Self {
        let docs: Vec<Doc> = tools.iter().map(|tool| doc(&tool.definition)).collect();
        Self {
            index: Index::new(&docs),
            tools: tools
                .iter()
                .map(|tool| (tool.definition.clone(), tool.server.clone()))
                .collect(),
        }
    }

    /// The `limit` tools that best match `query`, best first.
    pub fn search(&self, query: &str, limit: usize) -> Vec<Found<'_>> {
        self.index
            .search(query, limit)
            .into_iter()
            .map(|hit| {
                let (definition, server) = &self.tools[hit.doc];
                Found { definition, server }
            })
            .collect()
    }

    /// Each server with its tools' names, in catalog order.
    fn servers(&self) -> Vec<(&str, Vec<&str>)> {
        let mut servers: Vec<(&str, Vec<&str>)> = Vec::new();
        for (definition, server) in &self.tools {
            match servers.iter_mut().find(|(name, _)| name == server) {
                Some((_, names)) => names.push(&definition.name),
                None => servers.push((server, vec![&definition.name])),
            }
        }
        servers
    }

    /// run_code's listing in discovery: how to find tools, then each server with its count and
    /// the names that fit its share of [`LISTING_CHARS`].
    pub fn listing(&self) -> String {
        let servers = self.servers();
        let mut text = format!(
            "The catalog holds {} tools from {} servers, too many to declare here. Find the ones \
you need with `{SEARCH_TOOL}` (a query in words; it answers their TypeScript declarations), or in \
code with `await tools.{CODE_SEARCH_TOOL}(\"what the tool does\")`, which returns `[{{name, \
server, description, declaration}}]`. Then call them as `await tools.NAME(args)`.\n\nThe \
servers and their tools:",
            self.tools.len(),
            servers.len()
        );
        let share = LISTING_CHARS / servers.len().max(1);
        for (server, names) in servers {
            let mut line = String::new();
            let mut shown = 0;
            let prefix = names
                .first()
                .and_then(|name| name.split_once(SEPARATOR))
                .map_or("", |(prefix, _)| prefix);
            for name in &names {
                let name = name.split_once(SEPARATOR).map_or(*name, |(_, tool)| tool);
                if !line.is_empty() && line.len() + name.len() + 2 > share {
                    break;
                }
                if !line.is_empty() {
                    line.push_str(", ");
                }
                line.push_str(name);
                shown += 1;
            }
            let more = names.len() - shown;
            let rest = if more > 0 {
                format!(", and {more} more")
            } else {
                String::new()
            };
            text.push_str(&format!(
                "\n- `{server}` ({} tools, each `tools.{prefix}{SEPARATOR}NAME`): {line}{rest}",
                names.len()
            ));
        }
        text
    }

    /// run_instruction's listing in discovery.
    pub fn instruction_listing(&self) -> String {
        format!(
            "The tools it can plan are the {} tools of run_code's catalog, each called by its \
name (find them with `{SEARCH_TOOL}`); a tool whose arguments do not fit the planner is \
refused with the reason.",
            self.tools.len()
        )
    }
}

/// What the search reads of a tool: its name, description, and its input schema's properties.
fn doc(definition: &ToolDefinition) -> Doc {
    Doc::from_schema(
        &definition.name,
        &definition.description,
        &definition.input_schema,
    )
}

/// A search's query and limit, read from `{query, limit?}` (or, from code, a bare string).
fn read_query(arguments: &Value, tool: &str) -> Result<(String, usize), String> {
    let (query, limit) = match arguments {
        Value::String(query) => (query.as_str(), None),
        Value::Object(fields) => {
            if let Some(unknown) = fields.keys().find(|key| *key != "query" && *key != "limit") {
                return Err(format!(
                    "`{tool}` takes `query` and `limit`, not `{unknown}`"
                ));
            }
            let query = match fields.get("query") {
                Some(Value::String(query)) => query.as_str(),
                Some(other) => {
                    return Err(format!(
                        "`query` is a string of words, not {}",
                        json_kind(other)
                    ));
                }
                None => {
                    return Err(format!(
                        "`{tool}` needs `query`: what the tool should do, in words"
                    ));
                }
            };
            (query, fields.get("limit"))
        }
        other => {
            return Err(format!(
                "`{tool}` takes {{\"query\": \"words\", \"limit\"?: n}}, not {}",
                json_kind(other)
            ));
        }
    };
    if query.trim().is_empty() {
        return Err(
            "`query` is empty: say in words what the tool should do (`create an issue`)".to_owned(),
        );
    }
    let chars = query.chars().count();
    if chars > MAX_QUERY_CHARS {
        return Err(format!(
            "`query` is {chars} characters long; a query is at most {MAX_QUERY_CHARS}: a few \
words on what the tool should do"
        ));
    }
    let limit = match limit {
        None => DEFAULT_LIMIT,
        Some(value) => match value.as_u64() {
            Some(n) if (1..=MAX_LIMIT as u64).contains(&n) => n as usize,
            _ => {
                return Err(format!(
                    "`limit` is a whole number from 1 to {MAX_LIMIT}, not {value}"
                ));
            }
        },
    };
    Ok((query.to_owned(), limit))
}

/// `search_tools`: the MCP tool that answers a query with the best matching tools'
/// declarations, as TypeScript text.
pub fn search_tool(catalog: Arc<Catalog>) -> ToolDefinition {
    let handler = Handler::new(move |arguments: Value, _context| {
        let catalog = Arc::clone(&catalog);
        async move {
            let (query, limit) = match read_query(&arguments, SEARCH_TOOL) {
                Ok(read) => read,
                Err(why) => return invalid_input(why),
            };
            let found = catalog.search(&query, limit);
            if found.is_empty() {
                let servers: Vec<String> = catalog
                    .servers()
                    .iter()
                    .map(|(server, names)| format!("`{server}` ({} tools)", names.len()))
                    .collect();
                return ToolOutput::ok(Value::String(format!(
                    "No tool matches {}. The servers: {}. Try other words: what the tool does, \
or the thing it acts on.",
                    serde_json::to_string(&query).unwrap_or_default(),
                    servers.join(", ")
                )));
            }
            let names: Vec<String> = found
                .iter()
                .map(|found| format!("`{}` ({})", found.definition.name, found.server))
                .collect();
            ToolOutput::ok(Value::String(format!(
                "{} best first: {}. Call them from run_code as `await tools.NAME(args)`.\n\n```ts\n{}\n```",
                if found.len() == 1 {
                    "1 tool,".to_owned()
                } else {
                    format!("{} tools,", found.len())
                },
                names.join(", "),
                typescript::declarations(found.iter().map(|found| found.definition))
            )))
        }
    });
    ToolDefinition::new(
        SEARCH_TOOL,
        format!(
            "Finds the tools of run_code's catalog that fit a request in words (`create an \
issue`, `read a file`), best first, and answers their TypeScript declarations to call from \
run_code. `limit`: how many (default {DEFAULT_LIMIT}, at most {MAX_LIMIT})."
        ),
        handler,
    )
    .with_input_schema(json!({
        "type": "object",
        "properties": {
            "query": {
                "type": "string",
                "description": "What the tool should do, in a few words.",
                "minLength": 1,
                "maxLength": MAX_QUERY_CHARS
            },
            "limit": {
                "type": "integer",
                "minimum": 1,
                "maximum": MAX_LIMIT,
                "description": format!("How many tools to answer (default {DEFAULT_LIMIT}).")
            }
        },
        "required": ["query"],
        "additionalProperties": false
    }))
    .with_hints(Hints {
        open_world: Some(false),
        ..Hints::read_only()
    })
}

/// `tools.$search`: code's search of the catalog, answering `[{name, server, description,
/// declaration}]`, best first.
pub fn code_search_tool(catalog: Arc<Catalog>) -> ToolDefinition {
    let handler = Handler::new(move |arguments: Value, _context| {
        let catalog = Arc::clone(&catalog);
        async move {
            let (query, limit) = match read_query(&arguments, CODE_SEARCH_TOOL) {
                Ok(read) => read,
                Err(why) => return ToolOutput::error(why),
            };
            let found: Vec<Value> = catalog
                .search(&query, limit)
                .iter()
                .map(|found| {
                    let mut fields = Map::new();
                    fields.insert("name".into(), json!(found.definition.name));
                    fields.insert("server".into(), json!(found.server));
                    fields.insert("description".into(), json!(found.definition.description));
                    fields.insert(
                        "declaration".into(),
                        json!(typescript::declarations([found.definition])),
                    );
                    Value::Object(fields)
                })
                .collect();
            ToolOutput::ok(Value::Array(found))
        }
    });
    ToolDefinition::new(
        CODE_SEARCH_TOOL,
        "Finds the tools of the catalog that fit a request in words, best first: `await \
tools.$search(\"create an issue\")` or `{query, limit}` (default 5, at most 20).",
        handler,
    )
    .with_input_schema(json!({
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT}
        },
        "required": ["query"]
    }))
    .with_output_schema(json!({
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "server": {"type": "string"},
                "description": {"type": "string"},
                "declaration": {"type": "string"}
            },
            "required": ["name", "server", "description", "declaration"]
        }
    }))
    .with_hints(Hints {
        open_world: Some(false),
        ..Hints::read_only()
    })
}

/// The gate's description and input schema (its handler is the session's: a direct call of the
/// named tool); `names` are the tools it serves.
pub fn gate_tool(names: &[&str], handler: Handler) -> ToolDefinition {
    ToolDefinition::new(
        GATE_TOOL,
        format!(
            "Calls one of the catalog's tools directly, with a person's approval: the tools \
run_code's policy asks a person about ({} of them; find their declarations with \
`{SEARCH_TOOL}`). run_code's `follow_up` is such a call, ready to make.",
            names.len()
        ),
        handler,
    )
    .with_input_schema(json!({
        "type": "object",
        "properties": {
            "tool": {"type": "string", "description": "The tool's name, as run_code calls it."},
            "arguments": {"type": "object", "description": "Its arguments."}
        },
        "required": ["tool"],
        "additionalProperties": false
    }))
    .with_hints(Hints {
        destructive: Some(true),
        ..Hints::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_read_from_a_string_or_an_object() {
        assert_eq!(
            read_query(&json!("create an issue"), "t"),
            Ok(("create an issue".to_owned(), DEFAULT_LIMIT))
        );
        assert_eq!(
            read_query(&json!({"query": "x", "limit": 3}), "t"),
            Ok(("x".to_owned(), 3))
        );
    }

    #[test]
    fn a_bad_query_says_what_to_change() {
        let cases = [
            (json!({"query": ""}), "`query` is empty"),
            (json!({"query": "  \n"}), "`query` is empty"),
            (json!({}), "needs `query`"),
            (json!({"query": 5}), "not a number"),
            (json!({"query": "x", "limit": 0}), "from 1 to 20"),
            (json!({"query": "x", "limit": 21}), "from 1 to 20"),
            (json!({"query": "x", "max": 2}), "not `max`"),
            (json!([1]), "not an array"),
            (json!({"query": "a".repeat(100_000)}), "100000 characters"),
        ];
        for (arguments, expected) in cases {
            let why = read_query(&arguments, "t").unwrap_err();
            assert!(why.contains(expected), "{arguments}: {why}");
        }
    }

    #[test]
    fn tokens_are_estimated_as_characters_over_four() {
        assert_eq!(estimate_tokens(""), 0);
        assert_eq!(estimate_tokens("abcde"), 2);
        assert!(Budget::Tokens(1).exceeded_by("abcdefghij"));
        assert!(!Budget::Never.exceeded_by(&"x".repeat(1_000_000)));
    }
}
