//! Records, pointers and choices for the unit tests of the decoding rules.

use crate::decode::Choices;
use crate::network::TAGS;

/// A record of `instruction` over three tools: `get_weather` (city, days; returns an object),
/// `list_users` (team, limit; returns an array of id and name) and `send` (to, subject).
pub(super) fn record(instruction: &str) -> codemode_plan::Record {
    crate::test_record(
        instruction,
        serde_json::json!([
            {"name": "get_weather", "arguments": {"city": "string", "days": "number"}, "required": ["city"], "returns": {"kind": "object", "properties": []}},
            {"name": "list_users", "arguments": {"team": "string", "limit": "number"}, "required": [], "returns": {"kind": "array", "properties": ["id", "name"]}},
            {"name": "send", "arguments": {"to": "string", "subject": "string"}, "required": [], "returns": {"kind": "text", "properties": []}}
        ]),
    )
}

/// `n` pointers, each `None` but those of `set` (value token, argument name token).
pub(super) fn pointing(n: usize, set: &[(usize, usize)]) -> Vec<Option<usize>> {
    let mut pointers = vec![None; n];
    for &(value, name) in set {
        pointers[value] = Some(name);
    }
    pointers
}

/// Choices with these tags and pointers, parallel, `all`, supported, every word prose, no tag
/// logits, and every decision sure.
pub(super) fn choices(tags: &[usize], pointers: &[Option<usize>]) -> Choices {
    Choices {
        tags: tags.to_vec(),
        pointers: pointers.to_vec(),
        mode: 1,
        output: 0,
        status: 0,
        prose: vec![true; tags.len()],
        tag_logits: Vec::new(),
        tag_sure: 1.0,
        status_sure: 1.0,
        head_sure: 1.0,
        heads_sure: 1.0,
        pointer_doubts: Vec::new(),
        shared: Vec::new(),
    }
}

/// Tag logits whose probabilities put 0.9 on each chosen tag, plus `extra` (token, tag, p),
/// and (nearly) nothing elsewhere.
pub(super) fn probs(tags: &[usize], extra: &[(usize, usize, f32)]) -> Vec<f32> {
    let mut probs = vec![1e-9f32; tags.len() * TAGS.len()];
    for (i, &t) in tags.iter().enumerate() {
        probs[i * TAGS.len() + t] = 0.9;
    }
    for &(i, tag, p) in extra {
        probs[i * TAGS.len() + tag] = p;
    }
    probs.iter().map(|p| p.ln()).collect()
}
