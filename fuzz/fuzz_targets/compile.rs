//! Fuzzes `compile` input: any bytes read as `{"plan", "tools"}` must be diagnosed or compiled,
//! never panic; a compiled body must be valid UTF-8 JavaScript text with no raw U+2028/U+2029.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = codemode_plan::frontend::parse_line(data, "input") else { return };
    let Some(object) = value.as_object() else { return };
    let (Some(plan), Some(tools)) = (object.get("plan"), object.get("tools")) else { return };
    let Ok(catalog) = codemode_plan::frontend::read_catalog(tools, "tools") else { return };
    let Ok(plan) = codemode_plan::Plan::deserialize_value(plan) else { return };
    if let Ok(js) = codemode_plan::compile::compile_checked(&plan, &catalog) {
        assert!(!js.contains('\u{2028}') && !js.contains('\u{2029}'));
    }
});
