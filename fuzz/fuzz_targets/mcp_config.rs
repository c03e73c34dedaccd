//! Fuzzes the `codemode mcp` config parser: any text must give a config or an error naming its
//! place, never a panic, and an accepted config must build its policy.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match codemode_mcp::Config::parse(text, std::path::Path::new("/config")) {
        Ok(config) => {
            let _ = config.policy.build();
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
