//! Diagnostics: one human-readable line that names a problem and where it is.
//!
//! A diagnostic is the answer for a record or plan that the contract forbids. It is a typed value
//! (a place and a [`Problem`]) so that callers can match on it; its `Display` is the one line that
//! the command-line tools print, `place: problem`, lowercase and without a trailing period.

use std::fmt;

/// Where a problem is: `record`, `instruction`, `tools[2].arguments`, `call 2`, `output.limit`.
pub type Place = String;

/// A problem found in a record or a plan, and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// Where the problem is.
    pub place: Place,
    /// What the problem is.
    pub problem: Problem,
}

impl Diagnostic {
    /// A diagnostic at `place`.
    pub fn new(place: impl Into<Place>, problem: Problem) -> Diagnostic {
        Diagnostic {
            place: place.into(),
            problem,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.problem)
    }
}

impl std::error::Error for Diagnostic {}

/// Quotes a name the way diagnostics show names: as a JSON string.
fn q(name: &str) -> String {
    crate::json::quote(name)
}

/// What is wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    /// The raw record is larger than the frontend reads.
    #[error("{bytes} bytes, the limit is {limit}")]
    TooLarge {
        /// The record's size.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// The line is empty.
    #[error("empty line, expected a JSON object")]
    Empty,
    /// The line is not UTF-8.
    #[error("not valid UTF-8")]
    NotUtf8,
    /// The line is not JSON.
    #[error("{0}")]
    Json(#[from] crate::json::JsonError),
    /// A value has the wrong JSON type.
    #[error("{found}, expected {expected}")]
    WrongType {
        /// What was expected, with its article (`a string`).
        expected: &'static str,
        /// What was found, with its article (`a number`).
        found: &'static str,
    },
    /// A key that must be there is missing.
    #[error("missing {}", q(.0))]
    MissingKey(&'static str),
    /// A key that is not accepted.
    #[error("unexpected key {}; accepted: {accepted}", q(.key))]
    UnexpectedKey {
        /// The key.
        key: String,
        /// The accepted keys, listed for the reader.
        accepted: &'static str,
    },
    /// No tools.
    #[error("no tools, at least 1 is needed")]
    NoTools,
    /// More than eight tools.
    #[error("{0} tools, the limit is 8")]
    TooManyTools(usize),
    /// A tool name that is not a JavaScript identifier.
    #[error("{} is not a JavaScript identifier", q(.0))]
    NotIdentifier(String),
    /// A tool name that is a reserved word.
    #[error("{} is a reserved word in JavaScript", q(.0))]
    ReservedWord(String),
    /// Two tools with one name.
    #[error("{} is already the name of tools[{first}]", q(.name))]
    DuplicateTool {
        /// The name.
        name: String,
        /// The index of the first tool with that name.
        first: usize,
    },
    /// More than four arguments.
    #[error("{0} properties, the limit is 4")]
    TooManyArguments(usize),
    /// An argument type other than string, number or boolean.
    #[error("type {} is not supported; use \"string\", \"number\" or \"boolean\"", q(.0))]
    ArgumentType(String),
    /// A required name that the schema does not have.
    #[error("{} is not one of the tool's arguments", q(.0))]
    RequiredUnknown(String),
    /// A return kind other than text, object or array.
    #[error("kind {} is not supported; use \"text\", \"object\" or \"array\"", q(.0))]
    ReturnKind(String),
    /// The instruction is longer than the planner reads.
    #[error("{count} tokens, the limit is {limit}")]
    TooManyTokens {
        /// The instruction's token count.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// A quoted string that is not a valid JSON string literal.
    #[error("malformed string literal at character {at}: {detail}")]
    MalformedString {
        /// The 1-based character offset of its opening quote.
        at: usize,
        /// What is wrong with it.
        detail: String,
    },
    /// A number that is not finite.
    #[error("the number {0} is not finite as a double")]
    NumberNotFinite(String),
    /// A number that a double does not hold exactly.
    #[error("the number {0} does not survive the round trip through a double")]
    NumberNotExact(String),
    /// A plan whose JSON shape is not the canonical one.
    #[error("{0}")]
    Malformed(String),
    /// A plan without calls.
    #[error("no calls, at least 1 is needed")]
    NoCalls,
    /// A plan with more than three calls.
    #[error("{0} calls, the limit is 3")]
    TooManyCalls(usize),
    /// A mode that does not fit the number of calls.
    #[error("mode {} does not fit {count} call(s); use {expected}", q(.mode))]
    ModeMismatch {
        /// The plan's mode.
        mode: &'static str,
        /// The number of calls.
        count: usize,
        /// What fits.
        expected: &'static str,
    },
    /// A tool that the catalog lacks.
    #[error("tool {} is not in the catalog", q(.0))]
    UnknownTool(String),
    /// An argument that the tool's schema lacks.
    #[error("argument {} is not in the schema of {tool}", q(.argument))]
    UnknownArgument {
        /// The tool.
        tool: String,
        /// The argument.
        argument: String,
    },
    /// A required argument that is missing.
    #[error("argument {} is required by {tool}", q(.argument))]
    MissingArgument {
        /// The tool.
        tool: String,
        /// The argument.
        argument: String,
    },
    /// An argument value of the wrong type.
    #[error("argument {} must be a {expected}, not {found}", q(.argument))]
    ArgumentValue {
        /// The argument.
        argument: String,
        /// The schema's type.
        expected: &'static str,
        /// The value's type, with its article.
        found: &'static str,
    },
    /// Shaping asked for where it is not allowed.
    #[error("{what} is only for a plan with one call to a tool that returns an array{why}")]
    ShapingNotAllowed {
        /// `fields` or `limit`.
        what: &'static str,
        /// Why this plan is not one.
        why: String,
    },
    /// An empty field list.
    #[error("no fields; name 1 to 3, or leave fields out")]
    NoFields,
    /// More than three fields.
    #[error("{0} fields, the limit is 3")]
    TooManyFields(usize),
    /// A field the tool does not declare.
    #[error("{} is not a declared property of {tool}", q(.field))]
    UndeclaredField {
        /// The tool.
        tool: String,
        /// The field.
        field: String,
    },
    /// A field named twice.
    #[error("{} is named twice", q(.0))]
    DuplicateField(String),
    /// A row limit that is not a whole number from 0 to 100.
    #[error("{0} is not a whole number from 0 to 100")]
    LimitRange(String),
    /// A structure that the planner recognised and the contract does not support.
    #[error("{0} is not supported")]
    Unsupported(String),
    /// The planner found no plan for the instruction.
    #[error("{0}")]
    NoPlan(String),
}

/// The JSON type of a value, with its article, for diagnostics.
pub fn json_type(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}
