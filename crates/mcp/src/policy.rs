//! The config's `policy` section as a [`Policy`], and the wrapper for calls a person approves.
//!
//! [`PolicyConfig::build`] gives one policy for every call:
//!
//! - a tool that runs code (run_code) gets the `code` grant;
//! - any other tool gets the first of: the most specific `tools` rule naming it (exact name over
//!   prefix, longer prefix over shorter, then deny over ask over allow), else `default` (`hints`:
//!   [`FollowHints`] on the tool's MCP annotations).
//!
//! Calls that code makes are decided by it as they are ([`Origin::Code`]). A call the client
//! makes directly ([`Origin::Model`]) goes through [`PersonApproves`]: the MCP client (or, for
//! `codemode run --mcp`, the person at the terminal) is who a policy's `Ask` is addressed to, so
//! `Ask` counts as allowed there, while `Deny` stays denied.

use std::sync::Arc;

use codemode_tool::{
    AllowAll, CallRequest, Decision, FollowHints, Lists, Origin, Policy, Rule, ToolDefinition,
};
use serde_json::json;

use crate::config::{DefaultRule, PolicyConfig};

impl PolicyConfig {
    /// The policy this section describes.
    pub fn build(&self) -> Arc<dyn Policy> {
        let fallback: Arc<dyn Policy> = match self.default {
            DefaultRule::Hints => Arc::new(FollowHints),
            DefaultRule::Rule(Rule::Allow) => Arc::new(AllowAll),
            DefaultRule::Rule(Rule::Ask) => Arc::new(|request: &CallRequest<'_>| {
                Decision::ask(format!(
                    "the policy's default asks a person about `{}`",
                    request.tool.name
                ))
            }),
            DefaultRule::Rule(Rule::Deny) => Arc::new(|request: &CallRequest<'_>| {
                Decision::deny(format!(
                    "the policy's default denies `{}`",
                    request.tool.name
                ))
            }),
        };
        let lists = self
            .tools
            .iter()
            .fold(Lists::new(fallback), |lists, (pattern, rule)| {
                lists.with(pattern.clone(), *rule)
            });
        Arc::new(ConfigPolicy {
            code: self.code,
            tools: lists,
        })
    }
}

/// The built policy: the code grant, then the tool rules.
struct ConfigPolicy {
    code: Rule,
    tools: Lists,
}

impl Policy for ConfigPolicy {
    fn decide(&self, request: &CallRequest<'_>) -> Decision {
        if !request.tool.hints.runs_code {
            return self.tools.decide(request);
        }
        match self.code {
            Rule::Allow => Decision::Allow,
            Rule::Ask => Decision::ask(format!(
                "the policy (`code`: \"ask\") has a person approve each run of `{}`",
                request.tool.name
            )),
            Rule::Deny => Decision::deny(format!(
                "the policy (`code`: \"deny\") does not let `{}` run code",
                request.tool.name
            )),
        }
    }
}

/// Wraps a policy for calls a person has approved or will approve: `Ask` for a call the model
/// (the client) makes directly counts as allowed; every other decision stands.
pub struct PersonApproves(pub Arc<dyn Policy>);

impl Policy for PersonApproves {
    fn decide(&self, request: &CallRequest<'_>) -> Decision {
        match self.0.decide(request) {
            Decision::Ask { .. } if request.origin == Origin::Model => Decision::Allow,
            decision => decision,
        }
    }
}

/// What the policy decides for a call of `tool` from code, whatever its arguments: the config's
/// rules do not depend on arguments, so empty ones stand for all.
pub fn decide_from_code(policy: &dyn Policy, tool: &ToolDefinition) -> Decision {
    policy.decide(&CallRequest {
        tool,
        arguments: &json!({}),
        origin: Origin::Code,
    })
}

/// Whether the policy would ask a person about a call of `tool` from code; such tools are served
/// directly too, so that the follow-up run_code hands back can be made.
pub fn asks_from_code(policy: &dyn Policy, tool: &ToolDefinition) -> bool {
    matches!(decide_from_code(policy, tool), Decision::Ask { .. })
}

#[cfg(test)]
mod tests {
    use super::*;
    use codemode_tool::{Handler, Hints, ToolOutput};

    fn tool(name: &str, hints: Hints) -> ToolDefinition {
        ToolDefinition::new(
            name,
            "",
            Handler::new(|_, _| async { ToolOutput::ok(json!(null)) }),
        )
        .with_hints(hints)
    }

    fn decide(policy: &dyn Policy, tool: &ToolDefinition, origin: Origin) -> Decision {
        policy.decide(&CallRequest {
            tool,
            arguments: &json!({}),
            origin,
        })
    }

    fn code_tool() -> ToolDefinition {
        tool(
            "run_code",
            Hints {
                runs_code: true,
                ..Hints::default()
            },
        )
    }

    fn is_ask(decision: &Decision) -> bool {
        matches!(decision, Decision::Ask { .. })
    }

    fn is_deny(decision: &Decision) -> bool {
        matches!(decision, Decision::Deny { .. })
    }

    #[test]
    fn the_default_policy_grants_code_and_follows_the_hints() {
        let policy = PolicyConfig::default().build();
        let code = code_tool();
        assert_eq!(decide(&*policy, &code, Origin::Model), Decision::Allow);
        let read = tool("s__read", Hints::read_only());
        assert_eq!(decide(&*policy, &read, Origin::Code), Decision::Allow);
        let drop = tool("s__drop", Hints::destructive());
        assert!(is_ask(&decide(&*policy, &drop, Origin::Code)));
        let silent = tool("s__silent", Hints::default());
        assert!(is_ask(&decide(&*policy, &silent, Origin::Code)));
        assert!(asks_from_code(&*policy, &drop));
        assert!(!asks_from_code(&*policy, &read));
    }

    #[test]
    fn the_code_grant_decides_run_code_alone() {
        for (grant, check) in [
            (Rule::Ask, is_ask as fn(&Decision) -> bool),
            (Rule::Deny, is_deny),
        ] {
            let policy = PolicyConfig {
                code: grant,
                default: DefaultRule::Rule(Rule::Allow),
                tools: vec![],
            }
            .build();
            assert!(check(&decide(&*policy, &code_tool(), Origin::Model)));
            let other = tool("s__x", Hints::destructive());
            assert_eq!(decide(&*policy, &other, Origin::Code), Decision::Allow);
        }
    }

    #[test]
    fn tool_rules_override_the_default_by_name_or_prefix() {
        let policy = PolicyConfig {
            code: Rule::Allow,
            default: DefaultRule::Rule(Rule::Deny),
            tools: vec![
                ("s__*".to_owned(), Rule::Allow),
                ("s__drop".to_owned(), Rule::Ask),
            ],
        }
        .build();
        let read = tool("s__read", Hints::destructive());
        assert_eq!(decide(&*policy, &read, Origin::Code), Decision::Allow);
        let drop = tool("s__drop", Hints::read_only());
        assert!(is_ask(&decide(&*policy, &drop, Origin::Code)));
        let other = tool("t__read", Hints::read_only());
        let denied = decide(&*policy, &other, Origin::Code);
        assert_eq!(
            denied,
            Decision::deny("the policy's default denies `t__read`")
        );
    }

    #[test]
    fn a_person_approves_what_the_policy_asks_about_only_for_direct_calls() {
        let inner = PolicyConfig {
            code: Rule::Ask,
            default: DefaultRule::Rule(Rule::Ask),
            tools: vec![("s__never".to_owned(), Rule::Deny)],
        }
        .build();
        let wrapped = PersonApproves(inner);
        let drop = tool("s__drop", Hints::destructive());
        assert_eq!(decide(&wrapped, &drop, Origin::Model), Decision::Allow);
        assert!(is_ask(&decide(&wrapped, &drop, Origin::Code)));
        assert_eq!(
            decide(&wrapped, &code_tool(), Origin::Model),
            Decision::Allow
        );
        let never = tool("s__never", Hints::read_only());
        assert!(is_deny(&decide(&wrapped, &never, Origin::Model)));
    }
}
