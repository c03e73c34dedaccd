//! Permission policies: what decides each call, before it runs.
//!
//! A [`Policy`] sees the tool's definition (its declared [`Hints`](crate::Hints)), the arguments
//! and who is calling ([`Origin`]), and answers a [`Decision`]: allow, deny with a reason, or ask a
//! person. Code cannot pause for a person, so the code tool turns `Ask` into a refusal inside the
//! code plus a follow-up for the model to make the call directly.
//!
//! Ready-made policies: [`AllowAll`], [`FollowHints`] (read-only → allow, destructive or code →
//! ask) and [`Lists`] (names or name prefixes to allow, ask or deny, over a fallback policy).

use std::fmt;
use std::sync::Arc;

use serde_json::Value;

use crate::ToolDefinition;

/// What a policy answers for one call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// The call runs.
    Allow,
    /// The call does not run, for this reason.
    Deny {
        /// Why, for the model.
        reason: String,
    },
    /// A person should decide; the call does not run without one.
    Ask {
        /// What the person would be asked about, for the model.
        reason: String,
    },
}

impl Decision {
    /// A denial for `reason`.
    pub fn deny(reason: impl Into<String>) -> Self {
        Self::Deny {
            reason: reason.into(),
        }
    }

    /// A request to ask a person, for `reason`.
    pub fn ask(reason: impl Into<String>) -> Self {
        Self::Ask {
            reason: reason.into(),
        }
    }
}

/// Who makes a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Origin {
    /// The model, calling the tool directly.
    Model,
    /// Code the model wrote, running in the code tool.
    Code,
}

/// One call for a policy to decide.
#[derive(Debug, Clone, Copy)]
pub struct CallRequest<'a> {
    /// The tool called.
    pub tool: &'a ToolDefinition,
    /// Its arguments.
    pub arguments: &'a Value,
    /// Who calls it.
    pub origin: Origin,
}

/// Decides each call before it runs. Implemented by every `Fn(&CallRequest) -> Decision`.
pub trait Policy: Send + Sync {
    /// The decision for one call.
    fn decide(&self, request: &CallRequest<'_>) -> Decision;
}

impl<F> Policy for F
where
    F: Fn(&CallRequest<'_>) -> Decision + Send + Sync,
{
    fn decide(&self, request: &CallRequest<'_>) -> Decision {
        self(request)
    }
}

impl<P: Policy + ?Sized> Policy for Arc<P> {
    fn decide(&self, request: &CallRequest<'_>) -> Decision {
        (**self).decide(request)
    }
}

/// Every call runs.
#[derive(Debug, Clone, Copy, Default)]
pub struct AllowAll;

impl Policy for AllowAll {
    fn decide(&self, _: &CallRequest<'_>) -> Decision {
        Decision::Allow
    }
}

/// Follows what each tool declares: a tool that runs code asks (a person grants code), a
/// read-only tool is allowed, a destructive tool asks, and a tool that changes state but says it
/// is not destructive is allowed. A tool that declares nothing counts as destructive, as MCP's
/// annotation defaults prescribe.
#[derive(Debug, Clone, Copy, Default)]
pub struct FollowHints;

impl Policy for FollowHints {
    fn decide(&self, request: &CallRequest<'_>) -> Decision {
        let hints = &request.tool.hints;
        if hints.runs_code {
            Decision::ask(format!("`{}` runs code", request.tool.name))
        } else if !hints.may_change_state() {
            Decision::Allow
        } else if hints.is_destructive() {
            let how = if hints.destructive == Some(true) {
                "is declared destructive"
            } else {
                "does not declare itself read-only or non-destructive"
            };
            Decision::ask(format!("`{}` {how}", request.tool.name))
        } else {
            Decision::Allow
        }
    }
}

/// What a [`Lists`] entry decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The call runs.
    Allow,
    /// A person should decide.
    Ask,
    /// The call does not run.
    Deny,
}

/// Names to allow, ask about or deny, over a fallback policy for every other name.
///
/// A pattern is a tool name, or a prefix ending in `*` (`github__*`). An exact name wins over a
/// prefix, and a longer prefix over a shorter one; among equally specific patterns, deny wins
/// over ask, and ask over allow.
pub struct Lists {
    rules: Vec<(String, Rule)>,
    fallback: Box<dyn Policy>,
}

impl Lists {
    /// Lists with no entries over `fallback`.
    pub fn new(fallback: impl Policy + 'static) -> Self {
        Self {
            rules: Vec::new(),
            fallback: Box::new(fallback),
        }
    }

    /// Adds a rule for `pattern`.
    pub fn with(mut self, pattern: impl Into<String>, rule: Rule) -> Self {
        self.rules.push((pattern.into(), rule));
        self
    }

    /// Allows `pattern`.
    pub fn allow(self, pattern: impl Into<String>) -> Self {
        self.with(pattern, Rule::Allow)
    }

    /// Asks about `pattern`.
    pub fn ask(self, pattern: impl Into<String>) -> Self {
        self.with(pattern, Rule::Ask)
    }

    /// Denies `pattern`.
    pub fn deny(self, pattern: impl Into<String>) -> Self {
        self.with(pattern, Rule::Deny)
    }

    /// The rule that applies to `name`, if any, with the pattern that chose it.
    pub fn rule_for(&self, name: &str) -> Option<(&str, Rule)> {
        self.rules
            .iter()
            .filter_map(|(pattern, rule)| {
                let specificity = match pattern.strip_suffix('*') {
                    Some(prefix) if name.starts_with(prefix) => prefix.len(),
                    Some(_) => return None,
                    None if pattern == name => usize::MAX,
                    None => return None,
                };
                let severity = match rule {
                    Rule::Allow => 0,
                    Rule::Ask => 1,
                    Rule::Deny => 2,
                };
                Some(((specificity, severity), (pattern.as_str(), *rule)))
            })
            .max_by_key(|(key, _)| *key)
            .map(|(_, chosen)| chosen)
    }
}

impl Policy for Lists {
    fn decide(&self, request: &CallRequest<'_>) -> Decision {
        match self.rule_for(&request.tool.name) {
            Some((_, Rule::Allow)) => Decision::Allow,
            Some((pattern, Rule::Ask)) => {
                Decision::ask(format!("the policy asks a person about `{pattern}`"))
            }
            Some((pattern, Rule::Deny)) => Decision::deny(format!("the policy denies `{pattern}`")),
            None => self.fallback.decide(request),
        }
    }
}

impl fmt::Debug for Lists {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Lists")
            .field("rules", &self.rules)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Handler, Hints, ToolOutput};
    use serde_json::json;

    fn tool(name: &str, hints: Hints) -> ToolDefinition {
        ToolDefinition::new(
            name,
            "",
            Handler::new(|_, _| async { ToolOutput::ok(json!(null)) }),
        )
        .with_hints(hints)
    }

    fn decide(policy: &dyn Policy, tool: &ToolDefinition) -> Decision {
        policy.decide(&CallRequest {
            tool,
            arguments: &json!({}),
            origin: Origin::Code,
        })
    }

    #[test]
    fn following_hints_allows_reads_and_asks_about_destruction_and_code() {
        let policy = FollowHints;
        assert_eq!(
            decide(&policy, &tool("read", Hints::read_only())),
            Decision::Allow
        );
        assert!(matches!(
            decide(&policy, &tool("drop", Hints::destructive())),
            Decision::Ask { .. }
        ));
        assert!(matches!(
            decide(&policy, &tool("silent", Hints::default())),
            Decision::Ask { .. }
        ));
        let additive = Hints {
            read_only: Some(false),
            destructive: Some(false),
            ..Hints::default()
        };
        assert_eq!(decide(&policy, &tool("append", additive)), Decision::Allow);
        let code = Hints {
            runs_code: true,
            ..Hints::read_only()
        };
        assert!(matches!(
            decide(&policy, &tool("run_code", code)),
            Decision::Ask { .. }
        ));
    }

    #[test]
    fn lists_prefer_the_most_specific_pattern_then_the_strictest_rule() {
        let policy = Lists::new(AllowAll)
            .deny("github__*")
            .allow("github__get_issue")
            .ask("fs__*")
            .deny("fs__*");
        assert_eq!(
            decide(&policy, &tool("github__get_issue", Hints::default())),
            Decision::Allow
        );
        assert!(matches!(
            decide(&policy, &tool("github__delete_repo", Hints::default())),
            Decision::Deny { .. }
        ));
        assert!(matches!(
            decide(&policy, &tool("fs__write", Hints::default())),
            Decision::Deny { .. }
        ));
        assert_eq!(
            decide(&policy, &tool("other", Hints::default())),
            Decision::Allow
        );
    }
}
