//! The record frontend: every rule that the record itself can break, checked before any model runs.
//!
//! A record is one JSON line `{"instruction": "...", "tools": [...]}`. The frontend reads it into a
//! [`Record`] (the instruction, its tokens and the [`Catalog`]) or answers the first problem it
//! finds as a [`Diagnostic`] that names its place. It never panics, whatever the bytes.

use serde_json::{Map, Value};

use crate::catalog::{ArgType, Catalog, ReturnKind, Returns, Tool};
use crate::diagnostic::{Diagnostic, Problem, json_type};
use crate::ident;
use crate::json;
use crate::lexer::{self, Token};

/// The largest record the frontend reads, in bytes.
pub const MAX_RECORD_BYTES: usize = 64 * 1024;

/// The most tools a catalog may hold.
pub const MAX_TOOLS: usize = 8;

/// The most arguments a tool may declare.
pub const MAX_ARGUMENTS: usize = 4;

/// A record the frontend accepted.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// The instruction as written.
    pub instruction: String,
    /// Its tokens (at most [`lexer::MAX_TOKENS`]).
    pub tokens: Vec<Token>,
    /// The catalog.
    pub catalog: Catalog,
}

/// Reads one raw line (without its line break) as a record.
pub fn read_line(line: &[u8]) -> Result<Record, Diagnostic> {
    let value = parse_line(line, "record")?;
    read_record(&value)
}

/// Reads one raw line as JSON, with the size, UTF-8 and syntax rules of the frontend; a problem is
/// diagnosed at `place` (`record` for planner records).
pub fn parse_line(line: &[u8], place: &str) -> Result<Value, Diagnostic> {
    if line.len() > MAX_RECORD_BYTES {
        return Err(Diagnostic::new(
            place,
            Problem::TooLarge {
                bytes: line.len(),
                limit: MAX_RECORD_BYTES,
            },
        ));
    }
    let text = std::str::from_utf8(line).map_err(|_| Diagnostic::new(place, Problem::NotUtf8))?;
    if text.trim().is_empty() {
        return Err(Diagnostic::new(place, Problem::Empty));
    }
    json::parse(text).map_err(|e| Diagnostic::new(place, Problem::Json(e)))
}

/// Reads a parsed JSON value as a record: exactly `instruction` and `tools`.
pub fn read_record(value: &Value) -> Result<Record, Diagnostic> {
    let object = expect_object(value, "record")?;
    check_keys(
        object,
        "record",
        &["instruction", "tools"],
        "\"instruction\", \"tools\"",
    )?;
    let instruction = expect_str(required(object, "record", "instruction")?, "instruction")?;
    let catalog = read_catalog(required(object, "record", "tools")?, "tools")?;
    let tokens = lexer::lex_limited(instruction)?;
    Ok(Record {
        instruction: instruction.to_owned(),
        tokens,
        catalog,
    })
}

/// Reads a catalog: an array of 1–8 tool entries with distinct names. `place` names the array.
pub fn read_catalog(value: &Value, place: &str) -> Result<Catalog, Diagnostic> {
    let Value::Array(entries) = value else {
        return Err(wrong_type(place, "an array", value));
    };
    if entries.is_empty() {
        return Err(Diagnostic::new(place, Problem::NoTools));
    }
    if entries.len() > MAX_TOOLS {
        return Err(Diagnostic::new(place, Problem::TooManyTools(entries.len())));
    }
    let mut tools: Vec<Tool> = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let tool = read_tool(entry, &format!("{place}[{i}]"))?;
        if let Some(first) = tools.iter().position(|t| t.name == tool.name) {
            return Err(Diagnostic::new(
                format!("{place}[{i}].name"),
                Problem::DuplicateTool {
                    name: tool.name,
                    first,
                },
            ));
        }
        tools.push(tool);
    }
    Ok(Catalog { tools })
}

/// Reads one catalog entry: exactly `name`, `arguments`, `required` and `returns`.
pub fn read_tool(value: &Value, place: &str) -> Result<Tool, Diagnostic> {
    let object = expect_object(value, place)?;
    check_keys(
        object,
        place,
        &["name", "arguments", "required", "returns"],
        "\"name\", \"arguments\", \"required\", \"returns\"",
    )?;
    let name_place = format!("{place}.name");
    let name = expect_str(required(object, place, "name")?, &name_place)?;
    if !ident::is_identifier_name(name) {
        return Err(Diagnostic::new(
            name_place,
            Problem::NotIdentifier(name.to_owned()),
        ));
    }
    if ident::is_reserved(name) {
        return Err(Diagnostic::new(
            name_place,
            Problem::ReservedWord(name.to_owned()),
        ));
    }

    let args_place = format!("{place}.arguments");
    let schema = expect_object(required(object, place, "arguments")?, &args_place)?;
    if schema.len() > MAX_ARGUMENTS {
        return Err(Diagnostic::new(
            args_place,
            Problem::TooManyArguments(schema.len()),
        ));
    }
    let mut arguments = Vec::with_capacity(schema.len());
    for (arg, ty) in schema {
        let arg_place = member(&args_place, arg);
        let ty_name = expect_str(ty, &arg_place)?;
        let ty = ArgType::parse(ty_name).ok_or_else(|| {
            Diagnostic::new(&arg_place, Problem::ArgumentType(ty_name.to_owned()))
        })?;
        arguments.push((arg.clone(), ty));
    }

    let req_place = format!("{place}.required");
    let Value::Array(names) = required(object, place, "required")? else {
        return Err(wrong_type(&req_place, "an array", &object["required"]));
    };
    let mut required_names = Vec::with_capacity(names.len());
    for (i, name) in names.iter().enumerate() {
        let item_place = format!("{req_place}[{i}]");
        let name = expect_str(name, &item_place)?;
        if !schema.contains_key(name) {
            return Err(Diagnostic::new(
                item_place,
                Problem::RequiredUnknown(name.to_owned()),
            ));
        }
        if !required_names.iter().any(|n| n == name) {
            required_names.push(name.to_owned());
        }
    }

    let returns = read_returns(
        required(object, place, "returns")?,
        &format!("{place}.returns"),
    )?;
    Ok(Tool {
        name: name.to_owned(),
        arguments,
        required: required_names,
        returns,
    })
}

/// Reads a `returns` object: `kind`, and `properties` (optional, an array of names).
fn read_returns(value: &Value, place: &str) -> Result<Returns, Diagnostic> {
    let object = expect_object(value, place)?;
    check_keys(
        object,
        place,
        &["kind", "properties"],
        "\"kind\", \"properties\"",
    )?;
    let kind_place = format!("{place}.kind");
    let kind_name = expect_str(required(object, place, "kind")?, &kind_place)?;
    let kind = ReturnKind::parse(kind_name)
        .ok_or_else(|| Diagnostic::new(&kind_place, Problem::ReturnKind(kind_name.to_owned())))?;
    let mut properties = Vec::new();
    if let Some(list) = object.get("properties") {
        let props_place = format!("{place}.properties");
        let Value::Array(list) = list else {
            return Err(wrong_type(&props_place, "an array", list));
        };
        for (i, prop) in list.iter().enumerate() {
            let prop = expect_str(prop, &format!("{props_place}[{i}]"))?;
            if !properties.iter().any(|p| p == prop) {
                properties.push(prop.to_owned());
            }
        }
    }
    Ok(Returns { kind, properties })
}

/// `place.key`, or `place["key"]` when the key is not an identifier name.
pub(crate) fn member(place: &str, key: &str) -> String {
    if ident::is_identifier_name(key) {
        format!("{place}.{key}")
    } else {
        format!("{place}[{}]", json::quote(key))
    }
}

fn wrong_type(place: &str, expected: &'static str, found: &Value) -> Diagnostic {
    Diagnostic::new(
        place,
        Problem::WrongType {
            expected,
            found: json_type(found),
        },
    )
}

fn expect_object<'a>(value: &'a Value, place: &str) -> Result<&'a Map<String, Value>, Diagnostic> {
    value
        .as_object()
        .ok_or_else(|| wrong_type(place, "an object", value))
}

fn expect_str<'a>(value: &'a Value, place: &str) -> Result<&'a str, Diagnostic> {
    value
        .as_str()
        .ok_or_else(|| wrong_type(place, "a string", value))
}

/// The object at `place`, holding no keys outside `keys` (listed for the reader in `accepted`).
pub fn object_with<'a>(
    value: &'a Value,
    place: &str,
    keys: &[&str],
    accepted: &'static str,
) -> Result<&'a Map<String, Value>, Diagnostic> {
    let object = expect_object(value, place)?;
    check_keys(object, place, keys, accepted)?;
    Ok(object)
}

/// The value of `key`, which the object at `place` must have.
pub fn required<'a>(
    object: &'a Map<String, Value>,
    place: &str,
    key: &'static str,
) -> Result<&'a Value, Diagnostic> {
    object
        .get(key)
        .ok_or_else(|| Diagnostic::new(place, Problem::MissingKey(key)))
}

/// Refuses keys outside `keys`, naming the accepted ones.
fn check_keys(
    object: &Map<String, Value>,
    place: &str,
    keys: &[&str],
    accepted: &'static str,
) -> Result<(), Diagnostic> {
    match object.keys().find(|k| !keys.contains(&k.as_str())) {
        Some(key) => Err(Diagnostic::new(
            place,
            Problem::UnexpectedKey {
                key: key.clone(),
                accepted,
            },
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diag(line: &str) -> String {
        read_line(line.as_bytes()).unwrap_err().to_string()
    }

    const TOOL: &str = r#"{"name":"list_users","arguments":{"team":"string"},"required":["team"],"returns":{"kind":"array","properties":["id","name"]}}"#;

    #[test]
    fn a_well_formed_record_is_read() {
        let record = read_line(
            format!(r#"{{"instruction":"Call list_users with team \"blue\".","tools":[{TOOL}]}}"#)
                .as_bytes(),
        )
        .unwrap();
        assert_eq!(record.catalog.tools[0].name, "list_users");
        assert_eq!(record.tokens.len(), 6);
    }

    #[test]
    fn record_level_problems_name_their_place() {
        assert_eq!(diag("[1]"), "record: an array, expected an object");
        assert_eq!(diag(r#"{"tools":[]}"#), "record: missing \"instruction\"");
        assert_eq!(
            diag(&format!(
                r#"{{"instruction":"x","tools":[{TOOL}],"extra":1}}"#
            )),
            "record: unexpected key \"extra\"; accepted: \"instruction\", \"tools\""
        );
        assert_eq!(
            diag(r#"{"instruction":"x","tools":[]}"#),
            "tools: no tools, at least 1 is needed"
        );
        assert_eq!(
            diag(&format!(r#"{{"instruction":"x","tools":[{TOOL},{TOOL}]}}"#)),
            "tools[1].name: \"list_users\" is already the name of tools[0]"
        );
        assert_eq!(
            diag(
                r#"{"instruction":"x","tools":[{"name":"a-b","arguments":{},"required":[],"returns":{"kind":"text"}}]}"#
            ),
            "tools[0].name: \"a-b\" is not a JavaScript identifier"
        );
        assert_eq!(
            diag(
                r#"{"instruction":"x","tools":[{"name":"a","arguments":{"x":"array"},"required":[],"returns":{"kind":"text"}}]}"#
            ),
            "tools[0].arguments.x: type \"array\" is not supported; use \"string\", \"number\" or \"boolean\""
        );
        assert_eq!(
            diag(
                r#"{"instruction":"x","tools":[{"name":"a","arguments":{},"required":["y"],"returns":{"kind":"text"}}]}"#
            ),
            "tools[0].required[0]: \"y\" is not one of the tool's arguments"
        );
        assert_eq!(
            diag(
                r#"{"instruction":"x","tools":[{"name":"a","arguments":{},"required":[],"returns":{"kind":"list"}}]}"#
            ),
            "tools[0].returns.kind: kind \"list\" is not supported; use \"text\", \"object\" or \"array\""
        );
    }

    #[test]
    fn oversized_records_are_refused_before_parsing() {
        let line = vec![b' '; MAX_RECORD_BYTES + 1];
        assert_eq!(
            read_line(&line).unwrap_err().to_string(),
            format!(
                "record: {} bytes, the limit is {MAX_RECORD_BYTES}",
                MAX_RECORD_BYTES + 1
            )
        );
    }
}
