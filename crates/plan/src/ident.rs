//! JavaScript identifiers: which tool names are accepted, and when a name needs quoting.

/// Words that ECMAScript reserves: an identifier may not be one of them.
const RESERVED: &[&str] = &[
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "import",
    "in",
    "instanceof",
    "new",
    "null",
    "return",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
];

/// Whether `c` may start an identifier (`ID_Start`, `$` or `_`).
pub fn is_start(c: char) -> bool {
    c == '$' || c == '_' || unicode_ident::is_xid_start(c)
}

/// Whether `c` may continue an identifier (`ID_Continue`, `$`, ZWNJ or ZWJ).
pub fn is_continue(c: char) -> bool {
    c == '$' || c == '\u{200C}' || c == '\u{200D}' || unicode_ident::is_xid_continue(c)
}

/// Whether `name` is an ECMAScript `IdentifierName`: it may stand after a dot or as an object key.
pub fn is_identifier_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(is_start) && chars.all(is_continue)
}

/// Whether `name` is a reserved word.
pub fn is_reserved(name: &str) -> bool {
    RESERVED.contains(&name)
}

/// Whether `name` is an ECMAScript `Identifier`: an identifier name that is not reserved.
pub fn is_identifier(name: &str) -> bool {
    is_identifier_name(name) && !is_reserved(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_follow_ecmascript() {
        for name in [
            "list_users",
            "getWeather",
            "$",
            "_x1",
            "constructor",
            "__proto__",
            "café",
            "then",
        ] {
            assert!(is_identifier(name), "{name}");
        }
        for name in [
            "",
            "1abc",
            "list-users",
            "a b",
            "class",
            "delete",
            "x.y",
            "😀",
        ] {
            assert!(!is_identifier(name), "{name}");
        }
    }
}
