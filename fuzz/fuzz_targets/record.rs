//! Fuzzes the record frontend: any bytes must give a record or a diagnostic, never a panic, and an
//! accepted record's tokens must stay within the limit and cover the instruction in order.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(record) = codemode_plan::frontend::read_line(data) {
        assert!(record.tokens.len() <= codemode_plan::lexer::MAX_TOKENS);
        let mut end = 0;
        for token in &record.tokens {
            assert!(token.span.start >= end && token.span.end > token.span.start);
            end = token.span.end;
        }
        let _ = codemode_plan::typescript::declarations(&record.catalog);
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = codemode_plan::lexer::lex(text);
    }
});
