//! The catalog: the tools a record offers the planner, as the frontend accepted them.

use serde::Serialize;

/// The type of one argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ArgType {
    /// A JSON string.
    String,
    /// A finite JSON number.
    Number,
    /// `true` or `false`.
    Boolean,
}

impl ArgType {
    /// The name the catalog uses for this type.
    pub fn as_str(self) -> &'static str {
        match self {
            ArgType::String => "string",
            ArgType::Number => "number",
            ArgType::Boolean => "boolean",
        }
    }

    /// Reads a catalog type name.
    pub fn parse(name: &str) -> Option<ArgType> {
        match name {
            "string" => Some(ArgType::String),
            "number" => Some(ArgType::Number),
            "boolean" => Some(ArgType::Boolean),
            _ => None,
        }
    }

    /// Whether `value` has this type.
    pub fn admits(self, value: &serde_json::Value) -> bool {
        matches!(
            (self, value),
            (ArgType::String, serde_json::Value::String(_))
                | (ArgType::Number, serde_json::Value::Number(_))
                | (ArgType::Boolean, serde_json::Value::Bool(_))
        )
    }
}

/// What a tool returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ReturnKind {
    /// A string.
    Text,
    /// One object.
    Object,
    /// An array of rows.
    Array,
}

impl ReturnKind {
    /// Reads a catalog return kind.
    pub fn parse(name: &str) -> Option<ReturnKind> {
        match name {
            "text" => Some(ReturnKind::Text),
            "object" => Some(ReturnKind::Object),
            "array" => Some(ReturnKind::Array),
            _ => None,
        }
    }
}

/// A tool's declared result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Returns {
    /// The kind of value.
    pub kind: ReturnKind,
    /// The property names of the object, or of each row; empty when none are declared.
    pub properties: Vec<String>,
}

/// One catalog entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tool {
    /// The tool's name, a JavaScript identifier.
    pub name: String,
    /// The arguments in the order the catalog lists them, each with its type.
    #[serde(serialize_with = "serialize_arguments")]
    pub arguments: Vec<(String, ArgType)>,
    /// The names of the required arguments.
    pub required: Vec<String>,
    /// What the tool returns.
    pub returns: Returns,
}

fn serialize_arguments<S: serde::Serializer>(
    arguments: &[(String, ArgType)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = serializer.serialize_map(Some(arguments.len()))?;
    for (name, ty) in arguments {
        map.serialize_entry(name, ty)?;
    }
    map.end()
}

impl Tool {
    /// The type of the argument `name`, when the tool has one.
    pub fn argument(&self, name: &str) -> Option<ArgType> {
        self.arguments
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, ty)| *ty)
    }

    /// Whether the argument `name` is required.
    pub fn is_required(&self, name: &str) -> bool {
        self.required.iter().any(|r| r == name)
    }
}

/// A catalog: the tools of one record, in order, with unique names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Catalog {
    /// The tools.
    pub tools: Vec<Tool>,
}

impl Catalog {
    /// The tool called `name`.
    pub fn get(&self, name: &str) -> Option<&Tool> {
        self.tools.iter().find(|t| t.name == name)
    }
}
