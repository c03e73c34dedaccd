//! A tool as the planner sees it: a catalog entry read off its JSON Schemas, or why it has none.
//!
//! The planner's contract takes tools with at most four arguments, each a string, a number or a
//! boolean, and a result that is `text`, an `object` or an `array` of rows. [`catalog_entry`]
//! reads that much off a [`ToolDefinition`]:
//!
//! - **Arguments** come from the input schema's `properties`. A property's type is its `type`
//!   (`integer` counts as a number; `null` beside one other type is dropped, since the planner
//!   never passes `null`), or the one type every `enum`/`const` value or `anyOf`/`oneOf` branch
//!   shares. A required argument of any other type (an array, an object, a mix) leaves the tool
//!   out, since no plan could make the call; an optional one is left out of the entry (the planner
//!   never passes it) and named in [`CatalogEntry::omitted`]. More than four arguments the planner
//!   could pass leave the tool out, as does a required name the schema does not describe.
//! - **The result** comes from the output schema: none → `text` (code sees a text result as a
//!   string); an `array` schema → `array` with its items' properties; an `object` whose one property
//!   is an array → `array` with the items' properties, the rows read from that property
//!   ([`CatalogEntry::rows`]; an MCP tool's structured content is always an object, so this is how
//!   such a tool returns a list); any other `object` → `object` with its property names; a
//!   string, number or boolean schema → `text`.
//!
//! The entry is then read by the planner's own record frontend, so it is exactly what a catalog
//! line may hold.

use codemode_plan::{ArgType, ReturnKind, Tool, frontend};
use serde_json::{Map, Value, json};

use crate::ToolDefinition;

/// A tool's catalog entry, and what the planner cannot reach of it.
#[derive(Debug, Clone, PartialEq)]
pub struct CatalogEntry {
    /// The entry, under the tool's own name.
    pub tool: Tool,
    /// For a tool whose result object holds its rows under one property, that property.
    pub rows: Option<String>,
    /// Optional arguments of a type the planner cannot pass, left out of the entry.
    pub omitted: Vec<String>,
}

/// The catalog entry of `definition`, or why the planner cannot plan calls of it (a sentence
/// fragment such as "argument `edits` is an array; the planner passes only strings, numbers and
/// booleans").
pub fn catalog_entry(definition: &ToolDefinition) -> Result<CatalogEntry, String> {
    let (arguments, required, omitted) = arguments(&definition.input_schema)?;
    let (kind, properties, rows) = returns(definition.output_schema.as_ref());
    let mut schema = Map::new();
    for (name, ty) in &arguments {
        schema.insert(name.clone(), json!(ty.as_str()));
    }
    let kind = match kind {
        ReturnKind::Text => "text",
        ReturnKind::Object => "object",
        ReturnKind::Array => "array",
    };
    let entry = json!({
        "name": definition.name,
        "arguments": schema,
        "required": required,
        "returns": {"kind": kind, "properties": properties},
    });
    let tool = frontend::read_tool(&entry, "tool").map_err(|d| d.to_string())?;
    Ok(CatalogEntry {
        tool,
        rows,
        omitted,
    })
}

/// The arguments the planner may pass (in schema order), the required ones, and the optional ones
/// it cannot pass.
type Arguments = (Vec<(String, ArgType)>, Vec<String>, Vec<String>);

fn arguments(schema: &Value) -> Result<Arguments, String> {
    let Value::Object(schema) = schema else {
        return Err("its input schema is not an object schema".into());
    };
    if let Some(ty) = schema.get("type") {
        let object = match ty {
            Value::String(ty) => ty == "object",
            Value::Array(types) => types.iter().any(|t| t == "object"),
            _ => false,
        };
        if !object {
            return Err(format!("its input schema's type is {ty}, not \"object\""));
        }
    }
    let empty = Map::new();
    let properties = match schema.get("properties") {
        None | Some(Value::Null) => &empty,
        Some(Value::Object(properties)) => properties,
        Some(_) => return Err("its input schema's `properties` is not an object".into()),
    };
    let required: Vec<String> = match schema.get("required") {
        Some(Value::Array(names)) => names
            .iter()
            .filter_map(|name| name.as_str().map(str::to_owned))
            .collect(),
        _ => Vec::new(),
    };
    if let Some(missing) = required.iter().find(|name| !properties.contains_key(*name)) {
        return Err(format!(
            "it requires `{missing}`, which its input schema does not describe"
        ));
    }
    let mut passable = Vec::new();
    let mut omitted = Vec::new();
    for (name, property) in properties {
        match arg_type(property) {
            Ok(ty) => passable.push((name.clone(), ty)),
            Err(what) if required.contains(name) => {
                return Err(format!(
                    "argument `{name}` is {what}; the planner passes only strings, numbers and \
booleans"
                ));
            }
            Err(_) => omitted.push(name.clone()),
        }
    }
    if passable.len() > frontend::MAX_ARGUMENTS {
        return Err(format!(
            "it takes {} arguments the planner could pass; the planner's contract allows at most {}",
            passable.len(),
            frontend::MAX_ARGUMENTS
        ));
    }
    Ok((passable, required, omitted))
}

/// The planner's type for a property schema, or what the schema is instead (`an array`, ...).
fn arg_type(schema: &Value) -> Result<ArgType, String> {
    let Value::Object(schema) = schema else {
        return Err("not described by a schema object".into());
    };
    if let Some(ty) = schema.get("type") {
        let names: Vec<&str> = match ty {
            Value::String(name) => vec![name.as_str()],
            Value::Array(names) => names.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let kept: Vec<&str> = names.into_iter().filter(|name| *name != "null").collect();
        return match kept.as_slice() {
            [name] => simple_type(name).ok_or_else(|| article(name)),
            [] => Err("of no type but null".into()),
            _ => Err(format!("one of {}", kept.join(", "))),
        };
    }
    let values: Option<Vec<&Value>> = match (schema.get("enum"), schema.get("const")) {
        (Some(Value::Array(values)), _) => Some(values.iter().collect()),
        (None, Some(value)) => Some(vec![value]),
        _ => None,
    };
    if let Some(values) = values {
        return shared_type(
            values
                .into_iter()
                .filter(|v| !v.is_null())
                .map(|v| match v {
                    Value::String(_) => Ok(ArgType::String),
                    Value::Number(_) => Ok(ArgType::Number),
                    Value::Bool(_) => Ok(ArgType::Boolean),
                    _ => Err("an enumeration of objects or arrays".to_owned()),
                }),
        );
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = schema.get(key) {
            return shared_type(
                branches
                    .iter()
                    .filter(|branch| branch.get("type").and_then(Value::as_str) != Some("null"))
                    .map(arg_type),
            );
        }
    }
    Err("of no declared type".into())
}

/// The one type all of `types` agree on.
fn shared_type(types: impl Iterator<Item = Result<ArgType, String>>) -> Result<ArgType, String> {
    let mut shared: Option<ArgType> = None;
    for ty in types {
        let ty = ty?;
        match shared {
            Some(seen) if seen != ty => return Err("a mix of types".into()),
            _ => shared = Some(ty),
        }
    }
    shared.ok_or_else(|| "of no declared type".into())
}

fn simple_type(name: &str) -> Option<ArgType> {
    match name {
        "string" => Some(ArgType::String),
        "number" | "integer" => Some(ArgType::Number),
        "boolean" => Some(ArgType::Boolean),
        _ => None,
    }
}

fn article(type_name: &str) -> String {
    match type_name {
        "array" | "object" | "integer" => format!("an {type_name}"),
        other => format!("of type {other:?}"),
    }
}

/// The result's kind, its declared property names, and the property that holds its rows.
fn returns(schema: Option<&Value>) -> (ReturnKind, Vec<String>, Option<String>) {
    let Some(Value::Object(schema)) = schema else {
        return (ReturnKind::Text, Vec::new(), None);
    };
    match schema_kind(schema) {
        Some("array") => (ReturnKind::Array, row_properties(schema), None),
        Some("object") => {
            let properties = schema
                .get("properties")
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default();
            if let [(key, Value::Object(inner))] = properties.iter().collect::<Vec<_>>().as_slice()
                && schema_kind(inner) == Some("array")
            {
                return (
                    ReturnKind::Array,
                    row_properties(inner),
                    Some((*key).clone()),
                );
            }
            (
                ReturnKind::Object,
                properties.keys().cloned().collect(),
                None,
            )
        }
        Some("string" | "number" | "integer" | "boolean") => (ReturnKind::Text, Vec::new(), None),
        _ => (ReturnKind::Object, Vec::new(), None),
    }
}

/// A schema's one non-null type, or `object` for a schema with `properties` and no type.
fn schema_kind(schema: &Map<String, Value>) -> Option<&str> {
    match schema.get("type") {
        Some(Value::String(name)) => Some(name.as_str()),
        Some(Value::Array(names)) => {
            let kept: Vec<&str> = names
                .iter()
                .filter_map(Value::as_str)
                .filter(|name| *name != "null")
                .collect();
            match kept.as_slice() {
                [name] => Some(name),
                _ => None,
            }
        }
        _ if schema.contains_key("properties") => Some("object"),
        _ => None,
    }
}

/// The property names of an array schema's items.
fn row_properties(array: &Map<String, Value>) -> Vec<String> {
    array
        .get("items")
        .and_then(|items| items.get("properties"))
        .and_then(Value::as_object)
        .map(|properties| properties.keys().cloned().collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Handler, ToolOutput};

    fn tool(input: Value, output: Option<Value>) -> ToolDefinition {
        let mut definition = ToolDefinition::new(
            "fs__search_files",
            "Searches.",
            Handler::new(|_, _| async { ToolOutput::ok(Value::Null) }),
        )
        .with_input_schema(input);
        definition.output_schema = output;
        definition
    }

    fn entry_json(entry: &CatalogEntry) -> Value {
        serde_json::to_value(&entry.tool).unwrap()
    }

    #[test]
    fn simple_arguments_become_the_entry_and_optional_arrays_are_left_out() {
        let definition = tool(
            json!({"type": "object", "properties": {
                "path": {"type": "string"},
                "pattern": {"type": "string"},
                "depth": {"type": "integer"},
                "excludePatterns": {"type": "array", "items": {"type": "string"}, "default": []}
            }, "required": ["path", "pattern"]}),
            Some(json!({"type": "object", "properties": {"content": {"type": "string"}}})),
        );
        let entry = catalog_entry(&definition).unwrap();
        assert_eq!(
            entry_json(&entry),
            json!({"name": "fs__search_files",
                   "arguments": {"path": "string", "pattern": "string", "depth": "number"},
                   "required": ["path", "pattern"],
                   "returns": {"kind": "object", "properties": ["content"]}})
        );
        assert_eq!(entry.omitted, ["excludePatterns"]);
        assert_eq!(entry.rows, None);
    }

    #[test]
    fn enums_nullable_types_and_unions_of_one_type_are_simple() {
        let definition = tool(
            json!({"type": "object", "properties": {
                "sortBy": {"type": "string", "enum": ["name", "size"]},
                "level": {"enum": [1, 2, null]},
                "note": {"type": ["string", "null"]},
                "flag": {"anyOf": [{"type": "boolean"}, {"type": "null"}]}
            }}),
            None,
        );
        let entry = catalog_entry(&definition).unwrap();
        assert_eq!(
            entry_json(&entry)["arguments"],
            json!({"sortBy": "string", "level": "number", "note": "string", "flag": "boolean"})
        );
        assert_eq!(
            entry_json(&entry)["returns"],
            json!({"kind": "text", "properties": []})
        );
    }

    #[test]
    fn a_required_array_argument_leaves_the_tool_out_and_says_why() {
        let definition = tool(
            json!({"type": "object", "properties": {
                "path": {"type": "string"},
                "edits": {"type": "array", "items": {"type": "object"}}
            }, "required": ["path", "edits"]}),
            None,
        );
        assert_eq!(
            catalog_entry(&definition).unwrap_err(),
            "argument `edits` is an array; the planner passes only strings, numbers and booleans"
        );
    }

    #[test]
    fn more_than_four_passable_arguments_leave_the_tool_out() {
        let properties: Map<String, Value> = (1..=5)
            .map(|i| (format!("a{i}"), json!({"type": "string"})))
            .collect();
        let definition = tool(json!({"type": "object", "properties": properties}), None);
        assert_eq!(
            catalog_entry(&definition).unwrap_err(),
            "it takes 5 arguments the planner could pass; the planner's contract allows at most 4"
        );
    }

    #[test]
    fn mixed_and_untyped_required_arguments_and_undescribed_required_names_are_refused() {
        let mixed = tool(
            json!({"properties": {"x": {"type": ["string", "number"]}}, "required": ["x"]}),
            None,
        );
        assert_eq!(
            catalog_entry(&mixed).unwrap_err(),
            "argument `x` is one of string, number; the planner passes only strings, numbers and booleans"
        );
        let untyped = tool(json!({"properties": {"x": {}}, "required": ["x"]}), None);
        assert!(
            catalog_entry(&untyped)
                .unwrap_err()
                .contains("of no declared type")
        );
        let undescribed = tool(json!({"type": "object", "required": ["id"]}), None);
        assert_eq!(
            catalog_entry(&undescribed).unwrap_err(),
            "it requires `id`, which its input schema does not describe"
        );
        let not_object = tool(json!({"type": "string"}), None);
        assert!(
            catalog_entry(&not_object)
                .unwrap_err()
                .contains("not \"object\"")
        );
    }

    #[test]
    fn an_object_result_whose_one_property_is_an_array_returns_rows() {
        let definition = tool(
            json!({"type": "object", "properties": {}}),
            Some(
                json!({"type": "object", "properties": {"notes": {"type": "array",
                "items": {"type": "object", "properties": {"id": {"type": "number"}, "text": {"type": "string"}}}}},
                "required": ["notes"]}),
            ),
        );
        let entry = catalog_entry(&definition).unwrap();
        assert_eq!(
            entry_json(&entry)["returns"],
            json!({"kind": "array", "properties": ["id", "text"]})
        );
        assert_eq!(entry.rows.as_deref(), Some("notes"));
        // Two properties: an object, with both names.
        let graph = tool(
            json!({"type": "object"}),
            Some(json!({"type": "object", "properties": {
                "entities": {"type": "array"}, "relations": {"type": "array"}}})),
        );
        let entry = catalog_entry(&graph).unwrap();
        assert_eq!(
            entry_json(&entry)["returns"],
            json!({"kind": "object", "properties": ["entities", "relations"]})
        );
        assert_eq!(entry.rows, None);
        // A bare array schema (a host that is not MCP may declare one).
        let rows = tool(
            json!({"type": "object"}),
            Some(json!({"type": "array", "items": {"properties": {"id": {}}}})),
        );
        assert_eq!(
            entry_json(&catalog_entry(&rows).unwrap())["returns"],
            json!({"kind": "array", "properties": ["id"]})
        );
    }
}
