//! Fuzzes the TypeScript declarations of run_code: any JSON Schema (as input and output schema of a
//! tool) must give declarations without a panic, and no description can end a doc comment early.
#![no_main]

use codemode_tool::{Handler, ToolDefinition, ToolOutput, typescript};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(schema) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    let tool = ToolDefinition::new(
        "fuzz",
        "a */ b",
        Handler::new(|_, _| async { ToolOutput::ok(serde_json::Value::Null) }),
    )
    .with_input_schema(schema.clone())
    .with_output_schema(schema);
    let declarations = typescript::declarations([&tool]);
    assert!(declarations.starts_with("declare const tools: {\n"));
    assert!(declarations.ends_with("\n};"));
    assert!(!declarations.contains("a */ b"));
});
