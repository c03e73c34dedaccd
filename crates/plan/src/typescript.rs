//! TypeScript declarations for a catalog, for a model that writes the code itself.
//!
//! The output is one `declare const tools: { ... };` whose methods take the tool's arguments
//! (required ones plain, optional ones with `?`) and return a promise of what the tool declares:
//! `string` for `text`, an object with the declared properties for `object`, an array of such rows
//! for `array` (property types are `unknown`, since the catalog names properties only). A name that
//! is not a plain identifier name is written as a string literal.

use std::fmt::Write as _;

use crate::catalog::{Catalog, ReturnKind, Tool};
use crate::ident;
use crate::json;

/// A property key: bare when it is an identifier name, else a quoted string.
pub fn property_key(name: &str) -> String {
    if ident::is_identifier_name(name) {
        name.to_owned()
    } else {
        json::quote(name)
    }
}

/// An object type with the given properties, all `unknown`; a record type when there are none.
fn row_type(properties: &[String]) -> String {
    if properties.is_empty() {
        return "Record<string, unknown>".to_owned();
    }
    let members: Vec<String> = properties
        .iter()
        .map(|p| format!("{}: unknown", property_key(p)))
        .collect();
    format!("{{ {} }}", members.join("; "))
}

/// The TypeScript type of a tool's result.
pub fn result_type(tool: &Tool) -> String {
    match tool.returns.kind {
        ReturnKind::Text => "string".to_owned(),
        ReturnKind::Object => row_type(&tool.returns.properties),
        ReturnKind::Array => format!("Array<{}>", row_type(&tool.returns.properties)),
    }
}

/// The TypeScript type of a tool's argument object.
pub fn args_type(tool: &Tool) -> String {
    if tool.arguments.is_empty() {
        return "Record<string, never>".to_owned();
    }
    let members: Vec<String> = tool
        .arguments
        .iter()
        .map(|(name, ty)| {
            let optional = if tool.is_required(name) { "" } else { "?" };
            format!("{}{optional}: {}", property_key(name), ty.as_str())
        })
        .collect();
    format!("{{ {} }}", members.join("; "))
}

/// `declare const tools: { ... };` for the catalog.
pub fn declarations(catalog: &Catalog) -> String {
    let mut ts = String::from("declare const tools: {\n");
    for tool in &catalog.tools {
        let all_optional = tool.required.is_empty();
        let _ = writeln!(
            ts,
            "  {}(args{}: {}): Promise<{}>;",
            property_key(&tool.name),
            if all_optional { "?" } else { "" },
            args_type(tool),
            result_type(tool),
        );
    }
    ts.push_str("};\n");
    ts
}
