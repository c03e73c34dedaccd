//! How upstream tools are named for code: `{server}__{tool}`, as JavaScript identifiers.
//!
//! Every character of the server's or the tool's name that cannot continue a JavaScript identifier
//! (Unicode `ID_Continue`, or `$`) becomes `_`, so `everything` + `get-sum` is
//! `everything__get_sum` and code calls it as `tools.everything__get_sum(...)`. A server name that
//! cannot start an identifier gets a leading `_` (`1password` → `_1password`).
//!
//! A server's part never contains `__` and never ends in `_` (the config refuses such names), so
//! the first `__` of a name always separates the server from the tool, and tools of different
//! servers can never collide. Two tools of one server can: when `get-sum` and `get_sum` both
//! exist, the one whose name needed no change keeps it and the other is left out; when neither is
//! exact (`get-sum` and `get.sum`), both are left out. Which tool a name means must never depend
//! on the order a server lists its tools in, since policies are written against these names.
//!
//! For run_instruction, a tool may also be called by its own part alone (`get_sum` for
//! `everything__get_sum`), an alias, when no other tool of any server has the same part and the
//! part is a name the planner's catalog accepts (an identifier that is not a reserved word) and is
//! no tool's full name. An alias never depends on the order servers or tools are listed in.

use std::collections::BTreeMap;

/// What joins a server's part to a tool's part.
pub const SEPARATOR: &str = "__";

/// Replaces every character that cannot continue a JavaScript identifier with `_`.
pub fn sanitize(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c == '$' || unicode_ident::is_xid_continue(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The part of every tool name that stands for the server `name`, or why `name` cannot be a
/// server's name.
pub fn server_part(name: &str) -> Result<String, String> {
    if name.is_empty() {
        return Err("a server name may not be empty".to_owned());
    }
    let mut part = sanitize(name);
    if part
        .chars()
        .next()
        .is_some_and(|c| c != '$' && c != '_' && !unicode_ident::is_xid_start(c))
    {
        part.insert(0, '_');
    }
    let shown = if part == name {
        String::new()
    } else {
        format!(" (`{part}` as a tool name prefix)")
    };
    if part.contains(SEPARATOR) {
        return Err(format!(
            "a server name may not contain `{SEPARATOR}`{shown}: it separates the server from the tool in tool names"
        ));
    }
    if part.ends_with('_') {
        return Err(format!(
            "a server name may not end in `_`{shown}: with the `{SEPARATOR}` after it, the server and the tool could no longer be told apart"
        ));
    }
    Ok(part)
}

/// The name code calls the tool `tool` of the server whose part is `server_part` by.
pub fn tool_name(server_part: &str, tool: &str) -> String {
    format!("{server_part}{SEPARATOR}{}", sanitize(tool))
}

/// The names of one server's tools, and the tools left out because their names collided.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Assignment {
    /// `(upstream name, name for code)`, in the server's order.
    pub named: Vec<(String, String)>,
    /// Each name two or more tools wanted, with the upstream names of the tools left out.
    pub collisions: Vec<(String, Vec<String>)>,
}

/// Names one server's tools (see the module docs for collisions).
pub fn assign(server_part: &str, tools: &[String]) -> Assignment {
    let mut wanted: BTreeMap<String, Vec<&String>> = BTreeMap::new();
    for tool in tools {
        wanted
            .entry(tool_name(server_part, tool))
            .or_default()
            .push(tool);
    }
    let mut assignment = Assignment::default();
    let mut winners: BTreeMap<&String, String> = BTreeMap::new();
    for (name, claimants) in &wanted {
        let mut distinct: Vec<&String> = claimants.clone();
        distinct.sort();
        distinct.dedup();
        if distinct.len() == 1 {
            winners.insert(distinct[0], name.clone());
            continue;
        }
        let exact: Vec<&&String> = distinct
            .iter()
            .filter(|tool| sanitize(tool) == ***tool)
            .collect();
        let left_out: Vec<String> = match exact.as_slice() {
            [winner] => {
                winners.insert(winner, name.clone());
                distinct
                    .iter()
                    .filter(|tool| **tool != **winner)
                    .map(|tool| (*tool).clone())
                    .collect()
            }
            _ => distinct.iter().map(|tool| (*tool).clone()).collect(),
        };
        assignment.collisions.push((name.clone(), left_out));
    }
    let mut seen = std::collections::BTreeSet::new();
    for tool in tools {
        if let Some(name) = winners.get(tool)
            && seen.insert(tool)
        {
            assignment.named.push((tool.clone(), name.clone()));
        }
    }
    assignment
}

/// The aliases of tools (see the module docs): alias → the tool's name for code, for each of
/// `names` (the tools' names for code) whose part after the server's is unique and fit.
pub fn aliases<'a>(names: impl IntoIterator<Item = &'a str>) -> BTreeMap<String, String> {
    let names: Vec<&str> = names.into_iter().collect();
    let mut parts: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for name in &names {
        if let Some((_, part)) = name.split_once(SEPARATOR) {
            parts.entry(part).or_default().push(name);
        }
    }
    parts
        .into_iter()
        .filter_map(|(part, owners)| match owners.as_slice() {
            [owner]
                if codemode_plan::ident::is_identifier_name(part)
                    && !codemode_plan::ident::is_reserved(part)
                    && !names.contains(&part) =>
            {
                Some((part.to_owned(), (*owner).to_owned()))
            }
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(tools: &[&str]) -> Vec<String> {
        tools.iter().map(|t| (*t).to_owned()).collect()
    }

    #[test]
    fn characters_outside_identifiers_become_underscores() {
        assert_eq!(tool_name("everything", "get-sum"), "everything__get_sum");
        assert_eq!(tool_name("fs", "read.file v2"), "fs__read_file_v2");
        assert_eq!(tool_name("fs", "$déjà_vu"), "fs__$déjà_vu");
    }

    #[test]
    fn a_server_name_becomes_an_identifier_prefix_or_is_refused() {
        assert_eq!(server_part("everything").unwrap(), "everything");
        assert_eq!(server_part("my-fs").unwrap(), "my_fs");
        assert_eq!(server_part("1password").unwrap(), "_1password");
        assert!(server_part("").is_err());
        let doubled = server_part("my--fs").unwrap_err();
        assert!(doubled.contains("`my__fs`"), "{doubled}");
        assert!(server_part("fs__x").is_err());
        assert!(server_part("fs-").is_err());
    }

    #[test]
    fn an_exact_name_wins_a_collision_and_the_changed_one_is_left_out() {
        let got = assign("s", &names(&["get-sum", "echo", "get_sum"]));
        assert_eq!(
            got.named,
            vec![
                ("echo".to_owned(), "s__echo".to_owned()),
                ("get_sum".to_owned(), "s__get_sum".to_owned()),
            ]
        );
        assert_eq!(
            got.collisions,
            vec![("s__get_sum".to_owned(), vec!["get-sum".to_owned()])]
        );
    }

    #[test]
    fn a_collision_without_an_exact_name_leaves_every_claimant_out_whatever_the_order() {
        for order in [["get-sum", "get.sum"], ["get.sum", "get-sum"]] {
            let got = assign("s", &names(&order));
            assert!(got.named.is_empty());
            assert_eq!(got.collisions.len(), 1);
            assert_eq!(got.collisions[0].1.len(), 2);
        }
    }

    #[test]
    fn a_tool_part_that_only_one_server_has_is_an_alias() {
        let got = aliases([
            "everything__get_sum",
            "everything__echo",
            "notes__echo",
            "notes__delete",
            "fs__1st",
            "a__b__c",
        ]);
        let expected: BTreeMap<String, String> =
            [("get_sum", "everything__get_sum"), ("b__c", "a__b__c")]
                .into_iter()
                .map(|(a, b)| (a.to_owned(), b.to_owned()))
                .collect();
        // `echo` is two servers' tool; `delete` is a reserved word; `1st` is no identifier.
        assert_eq!(got, expected);
    }

    #[test]
    fn a_tool_listed_twice_is_named_once() {
        let got = assign("s", &names(&["echo", "echo"]));
        assert_eq!(got.named, vec![("echo".to_owned(), "s__echo".to_owned())]);
        assert!(got.collisions.is_empty());
    }
}
