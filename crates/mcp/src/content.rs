//! Results as MCP content: a tool's output as a `CallToolResult`, with the images, audio and
//! embedded resources that code returns lifted out of the JSON into content blocks of their own.
//!
//! Code sees an upstream result that has media as its content array (`[{type: "image", data,
//! mimeType}, ...]`); when it returns such a block, anywhere in its value, the client gets the
//! block as MCP content (an image it can show, a resource it can read), not base64 inside a JSON
//! string. In the JSON (`structuredContent`, and the text block that repeats it) the block is
//! replaced by `{"type", "mimeType", "uri"?, "content": N}`: N is the block's place in the
//! result's `content` (0 is the JSON's own text block).

use codemode_tool::ToolOutput;
use rmcp::model::{CallToolResult, ContentBlock};
use serde_json::{Map, Value};

/// The most blocks lifted out of one result; any further ones stay in the JSON.
const MAX_LIFTED: usize = 64;

/// A [`ToolOutput`] as an MCP result: a string is one text block; any other value is the
/// `structuredContent`, with its compact JSON as the first text block, and (for a success) the
/// media it holds lifted into blocks of their own; `isError` is the output's.
pub fn to_result(output: ToolOutput) -> CallToolResult {
    let mut result = match output.value {
        Value::String(text) => CallToolResult::success(vec![ContentBlock::text(text)]),
        mut value => {
            let mut lifted = Vec::new();
            if !output.is_error {
                lift(&mut value, &mut lifted);
            }
            let mut result = CallToolResult::structured(value);
            result.content.extend(lifted);
            result
        }
    };
    result.is_error = Some(output.is_error);
    result
}

/// Replaces each media block in `value` by a reference to its place in `lifted`, where it goes.
fn lift(value: &mut Value, lifted: &mut Vec<ContentBlock>) {
    if lifted.len() >= MAX_LIFTED {
        return;
    }
    match value {
        Value::Array(items) => {
            for item in items {
                lift(item, lifted);
            }
        }
        Value::Object(fields) => {
            if let Some(block) = media_block(fields) {
                let mut reference = Map::new();
                reference.insert("type".into(), fields["type"].clone());
                if let Some(mime) = mime_type(fields) {
                    reference.insert("mimeType".into(), Value::String(mime));
                }
                if let Some(uri) = fields
                    .get("resource")
                    .and_then(|resource| resource.get("uri"))
                {
                    reference.insert("uri".into(), uri.clone());
                }
                lifted.push(block);
                reference.insert("content".into(), Value::from(lifted.len()));
                *value = Value::Object(reference);
                return;
            }
            for field in fields.values_mut() {
                lift(field, lifted);
            }
        }
        _ => {}
    }
}

/// The content block `fields` is, when it is an image, audio or embedded resource block.
fn media_block(fields: &Map<String, Value>) -> Option<ContentBlock> {
    let kind = fields.get("type")?.as_str()?;
    let well_formed = match kind {
        "image" | "audio" => {
            fields.get("data").is_some_and(Value::is_string)
                && fields.get("mimeType").is_some_and(Value::is_string)
        }
        "resource" => fields
            .get("resource")
            .and_then(|resource| resource.get("uri"))
            .is_some_and(Value::is_string),
        _ => false,
    };
    if !well_formed {
        return None;
    }
    serde_json::from_value(Value::Object(fields.clone())).ok()
}

fn mime_type(fields: &Map<String, Value>) -> Option<String> {
    fields
        .get("mimeType")
        .or_else(|| fields.get("resource")?.get("mimeType"))
        .and_then(Value::as_str)
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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

    #[test]
    fn images_and_resources_that_code_returns_become_content_blocks() {
        let value = json!({"value": {"shots": [
            {"type": "image", "data": "AAAA", "mimeType": "image/png"},
            {"type": "text", "text": "kept"},
            {"type": "resource", "resource": {"uri": "memo://1", "mimeType": "text/plain", "text": "hi"}}
        ]}});
        let result = serde_json::to_value(to_result(ToolOutput::ok(value))).unwrap();
        let structured = json!({"value": {"shots": [
            {"type": "image", "mimeType": "image/png", "content": 1},
            {"type": "text", "text": "kept"},
            {"type": "resource", "mimeType": "text/plain", "uri": "memo://1", "content": 2}
        ]}});
        assert_eq!(result["structuredContent"], structured);
        assert_eq!(
            result["content"],
            json!([
                {"type": "text", "text": structured.to_string()},
                {"type": "image", "data": "AAAA", "mimeType": "image/png"},
                {"type": "resource", "resource": {"uri": "memo://1", "mimeType": "text/plain", "text": "hi"}}
            ])
        );
    }

    #[test]
    fn look_alikes_and_failures_keep_their_json() {
        let value = json!({"type": "image", "data": 5});
        let result = serde_json::to_value(to_result(ToolOutput::ok(value.clone()))).unwrap();
        assert_eq!(result["structuredContent"], value);
        let image = json!({"error": {"type": "image", "data": "AAAA", "mimeType": "image/png"}});
        let failed = serde_json::to_value(to_result(ToolOutput::error(image.clone()))).unwrap();
        assert_eq!(failed["structuredContent"], image);
        assert_eq!(failed["content"].as_array().unwrap().len(), 1);
    }
}
