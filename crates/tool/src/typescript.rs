//! TypeScript declarations of the tools code may call, generated from their JSON Schemas.
//!
//! The code tool's description carries `declare const tools: { ... }` so a model knows each
//! tool's arguments and result. Argument types come from the input schema, result types from the
//! output schema (`unknown` without one). The translation covers what tool schemas use: `type`
//! (one or several), `enum`, `const`, `properties` with `required`, `additionalProperties`,
//! `items` and `prefixItems`, `anyOf`/`oneOf` (a union), `allOf` (an intersection) and
//! `description` (a doc comment). What it cannot express (`$ref`, `not`, schemas nested deeper
//! than [`MAX_DEPTH`]) becomes `unknown`, which is always true of the value.

use serde_json::{Map, Value};

use crate::ToolDefinition;

/// Schemas nested deeper than this are declared `unknown`.
pub const MAX_DEPTH: usize = 8;

/// `declare const tools: { ... };` for these tools, each a method taking its arguments object and
/// returning a promise of its result.
pub fn declarations<'a>(tools: impl IntoIterator<Item = &'a ToolDefinition>) -> String {
    let mut out = String::from("declare const tools: {\n");
    for tool in tools {
        doc_comment(&mut out, "  ", &tool.description);
        let args = schema_type(&tool.input_schema, 1);
        let optional = if takes_no_required_argument(&tool.input_schema) {
            "?"
        } else {
            ""
        };
        let returns = tool
            .output_schema
            .as_ref()
            .map_or_else(|| "unknown".to_owned(), |schema| schema_type(schema, 1));
        out.push_str(&format!(
            "  {}(args{optional}: {args}): Promise<{returns}>;\n",
            property_name(&tool.name)
        ));
    }
    out.push_str("};");
    out
}

/// Whether a call may omit its arguments object: the schema requires no property.
fn takes_no_required_argument(schema: &Value) -> bool {
    schema
        .get("required")
        .and_then(Value::as_array)
        .is_none_or(Vec::is_empty)
}

/// A property or method name: bare when it is an identifier, a JSON string otherwise.
fn property_name(name: &str) -> String {
    let mut chars = name.chars();
    let identifier = chars
        .next()
        .is_some_and(|c| c == '_' || c == '$' || c.is_ascii_alphabetic())
        && chars.all(|c| c == '_' || c == '$' || c.is_ascii_alphanumeric());
    if identifier {
        name.to_owned()
    } else {
        string_literal(name)
    }
}

/// A TypeScript string literal: JSON's escaping, plus U+2028 and U+2029.
fn string_literal(text: &str) -> String {
    serde_json::to_string(text)
        .unwrap_or_default()
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

/// A `/** ... */` comment with `text`, one line per line of text, unless `text` is blank.
fn doc_comment(out: &mut String, indent: &str, text: &str) {
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    let text = text.replace("*/", "*\\/");
    let lines: Vec<&str> = text.lines().collect();
    if let [line] = lines.as_slice() {
        out.push_str(&format!("{indent}/** {line} */\n"));
        return;
    }
    out.push_str(&format!("{indent}/**\n"));
    for line in lines {
        let line = line.trim_end();
        if line.is_empty() {
            out.push_str(&format!("{indent} *\n"));
        } else {
            out.push_str(&format!("{indent} * {line}\n"));
        }
    }
    out.push_str(&format!("{indent} */\n"));
}

/// The TypeScript type of values that `schema` accepts, at nesting `depth` (1 for a tool's own
/// argument and result types, which is also the indentation level of its closing brace).
pub fn schema_type(schema: &Value, depth: usize) -> String {
    render(schema, depth, depth)
}

/// [`schema_type`] with the indentation level apart from the nesting depth: an array's items
/// nest one deeper but close where the array is written.
fn render(schema: &Value, depth: usize, indent: usize) -> String {
    if depth > MAX_DEPTH {
        return "unknown".to_owned();
    }
    let fields = match schema {
        Value::Bool(true) => return "unknown".to_owned(),
        Value::Bool(false) => return "never".to_owned(),
        Value::Object(fields) => fields,
        _ => return "unknown".to_owned(),
    };
    if fields.contains_key("$ref") || fields.contains_key("not") {
        return "unknown".to_owned();
    }
    if let Some(value) = fields.get("const") {
        return literal_type(value);
    }
    if let Some(Value::Array(values)) = fields.get("enum") {
        return union(values.iter().map(literal_type).collect());
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = fields.get(key) {
            let mut types = options
                .iter()
                .map(|option| render(option, depth + 1, indent))
                .collect::<Vec<_>>();
            if fields.get("nullable") == Some(&Value::Bool(true)) {
                types.push("null".to_owned());
            }
            return union(types);
        }
    }
    if let Some(Value::Array(parts)) = fields.get("allOf") {
        let parts: Vec<String> = parts
            .iter()
            .map(|part| render(part, depth + 1, indent))
            .filter(|part| part != "unknown")
            .collect();
        return match parts.len() {
            0 => "unknown".to_owned(),
            1 => parts.into_iter().next().unwrap_or_default(),
            _ => parts
                .iter()
                .map(|part| format!("({part})"))
                .collect::<Vec<_>>()
                .join(" & "),
        };
    }
    let mut types: Vec<String> = match fields.get("type") {
        Some(Value::String(name)) => vec![type_of(name, fields, depth, indent)],
        Some(Value::Array(names)) => names
            .iter()
            .filter_map(Value::as_str)
            .map(|name| type_of(name, fields, depth, indent))
            .collect(),
        _ if fields.contains_key("properties") => vec![object_type(fields, depth, indent)],
        _ if fields.contains_key("items") => vec![array_type(fields, depth, indent)],
        _ => vec!["unknown".to_owned()],
    };
    if fields.get("nullable") == Some(&Value::Bool(true)) {
        types.push("null".to_owned());
    }
    union(types)
}

/// The type for one JSON Schema `type` name.
fn type_of(name: &str, fields: &Map<String, Value>, depth: usize, indent: usize) -> String {
    match name {
        "string" => "string".to_owned(),
        "number" | "integer" => "number".to_owned(),
        "boolean" => "boolean".to_owned(),
        "null" => "null".to_owned(),
        "object" => object_type(fields, depth, indent),
        "array" => array_type(fields, depth, indent),
        _ => "unknown".to_owned(),
    }
}

/// An object type from `properties`, `required` and `additionalProperties`.
fn object_type(fields: &Map<String, Value>, depth: usize, indent: usize) -> String {
    let required: Vec<&str> = fields
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let properties = fields.get("properties").and_then(Value::as_object);
    let extra = match fields.get("additionalProperties") {
        Some(Value::Bool(false)) => None,
        Some(schema @ Value::Object(_)) => Some(render(schema, depth + 1, indent + 1)),
        // Absent or `true`: JSON Schema allows any other property.
        _ => Some("unknown".to_owned()),
    };
    let Some(properties) = properties.filter(|properties| !properties.is_empty()) else {
        return match extra {
            Some(extra) => format!("{{ [key: string]: {extra} }}"),
            None => "{}".to_owned(),
        };
    };
    let inner = "  ".repeat(indent + 1);
    let mut out = String::from("{\n");
    for (name, schema) in properties {
        if let Some(description) = schema.get("description").and_then(Value::as_str) {
            doc_comment(&mut out, &inner, description);
        }
        let optional = if required.contains(&name.as_str()) {
            ""
        } else {
            "?"
        };
        out.push_str(&format!(
            "{inner}{}{optional}: {};\n",
            property_name(name),
            render(schema, depth + 1, indent + 1)
        ));
    }
    // Other properties are allowed, but listing `[key: string]: unknown` beside named ones only
    // adds noise for a model: the named ones are the contract.
    out.push_str(&"  ".repeat(indent));
    out.push('}');
    out
}

/// An array type from `items` (one schema, or a tuple) or `prefixItems`.
fn array_type(fields: &Map<String, Value>, depth: usize, indent: usize) -> String {
    let tuple = fields
        .get("prefixItems")
        .or_else(|| fields.get("items").filter(|items| items.is_array()));
    if let Some(Value::Array(items)) = tuple {
        let items: Vec<String> = items
            .iter()
            .map(|item| render(item, depth + 1, indent))
            .collect();
        return format!("[{}]", items.join(", "));
    }
    let item = fields.get("items").map_or_else(
        || "unknown".to_owned(),
        |items| render(items, depth + 1, indent),
    );
    if item.contains(' ') || item.contains('\n') {
        format!("Array<{item}>")
    } else {
        format!("{item}[]")
    }
}

/// The type of exactly one JSON value.
fn literal_type(value: &Value) -> String {
    match value {
        Value::String(text) => string_literal(text),
        Value::Null | Value::Bool(_) | Value::Number(_) => value.to_string(),
        Value::Array(_) | Value::Object(_) => "unknown".to_owned(),
    }
}

/// `a | b | c`, without repeats; `never` when empty.
fn union(types: Vec<String>) -> String {
    let mut unique: Vec<String> = Vec::new();
    for item in types {
        if !unique.contains(&item) {
            unique.push(item);
        }
    }
    if unique.iter().any(|item| item == "unknown") {
        return "unknown".to_owned();
    }
    match unique.len() {
        0 => "never".to_owned(),
        _ => unique.join(" | "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Handler, ToolOutput};
    use serde_json::json;

    fn tool(name: &str, description: &str, input: Value, output: Option<Value>) -> ToolDefinition {
        let tool = ToolDefinition::new(
            name,
            description,
            Handler::new(|_, _| async { ToolOutput::ok(Value::Null) }),
        )
        .with_input_schema(input);
        match output {
            Some(schema) => tool.with_output_schema(schema),
            None => tool,
        }
    }

    #[test]
    fn declarations_type_arguments_and_results_from_the_schemas() {
        let add = tool(
            "math__add",
            "Adds two numbers.",
            json!({"type": "object", "properties": {
                "a": {"type": "number", "description": "The first."},
                "b": {"type": "integer"}
            }, "required": ["a", "b"]}),
            Some(
                json!({"type": "object", "properties": {"sum": {"type": "number"}}, "required": ["sum"]}),
            ),
        );
        let list = tool(
            "fs__list-dir",
            "",
            json!({"type": "object", "properties": {
                "path": {"type": ["string", "null"]},
                "kind": {"enum": ["file", "dir"]},
                "tags": {"type": "array", "items": {"type": "string"}}
            }}),
            None,
        );
        assert_eq!(
            declarations([&add, &list]),
            "declare const tools: {
  /** Adds two numbers. */
  math__add(args: {
    /** The first. */
    a: number;
    b: number;
  }): Promise<{
    sum: number;
  }>;
  \"fs__list-dir\"(args?: {
    path?: string | null;
    kind?: \"file\" | \"dir\";
    tags?: string[];
  }): Promise<unknown>;
};"
        );
    }

    #[test]
    fn an_array_of_objects_closes_where_its_property_is_written() {
        let schema = json!({"type": "object", "properties": {
            "rows": {"type": "array", "items": {"type": "object", "properties": {
                "id": {"type": "string"}
            }, "required": ["id"]}}
        }});
        assert_eq!(
            schema_type(&schema, 1),
            "{\n    rows?: Array<{\n      id: string;\n    }>;\n  }"
        );
    }

    #[test]
    fn what_a_type_cannot_say_is_unknown_and_comments_cannot_be_closed_early() {
        assert_eq!(schema_type(&json!({"$ref": "#/defs/x"}), 1), "unknown");
        assert_eq!(
            schema_type(&json!({"anyOf": [{"type": "string"}, {}]}), 1),
            "unknown"
        );
        assert_eq!(
            schema_type(&json!({"type": "object"}), 1),
            "{ [key: string]: unknown }"
        );
        assert_eq!(
            schema_type(&json!({"type": "object", "additionalProperties": false}), 1),
            "{}"
        );
        assert_eq!(
            schema_type(
                &json!({"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "number"}]}}),
                1
            ),
            "Array<string | number>"
        );
        let mut deep = json!({"type": "string"});
        for _ in 0..20 {
            deep = json!({"type": "array", "items": deep});
        }
        assert!(schema_type(&deep, 1).contains("unknown"));
        let sneaky = tool("x", "ends */ here", json!({"type": "object"}), None);
        assert!(declarations([&sneaky]).contains("/** ends *\\/ here */"));
    }
}
