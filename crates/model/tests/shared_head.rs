//! The shared-value head: which values training marks as said for every call, what the head
//! adds to a network's outputs, and how decoding reads it: the head alone decides which values go
//! to every call.

use candle_core::{DType, Device};
use candle_nn::{VarBuilder, VarMap};
use codemode_model::decode::{Choices, decode};
use codemode_model::features::encode;
use codemode_model::labels::{read_labeled, targets};
use codemode_model::network::{Config, Network, batch};
use codemode_model::train::{build_vocab, initialise};
use codemode_plan::frontend::read_record;
use serde_json::{Value, json};

fn tools() -> Value {
    json!([{
        "name": "get_weather",
        "arguments": {"city": "string", "days": "number"},
        "required": ["city"],
        "returns": {"kind": "object", "properties": ["temp"]}
    }])
}

/// Both calls of get_weather, each with its city, and `days 3` said once for both.
fn both_plan() -> Value {
    json!({"mode": "parallel", "calls": [
        {"tool": "get_weather", "args": {"city": "A", "days": 3}},
        {"tool": "get_weather", "args": {"city": "B", "days": 3}}
    ], "output": {"kind": "all"}})
}

#[test]
fn a_value_said_once_for_two_calls_is_marked_shared_and_no_other_is() {
    let text = r#"get_weather city "A" and get_weather city "B", days 3 para los dos"#;
    let record = json!({"instruction": text, "tools": tools(), "expected": both_plan()});
    let t = targets(&read_labeled(&record).unwrap()).unwrap();
    let tags = t.tags.as_ref().expect("a person's plan is aligned");
    let shared: Vec<&str> = t
        .record
        .tokens
        .iter()
        .zip(&t.shared)
        .filter(|(_, s)| **s)
        .map(|(tok, _)| tok.text.as_str())
        .collect();
    assert_eq!(shared, ["3"]);
    // The value is tagged for one call (the first that takes it), the cities for their own.
    assert_eq!(
        tags.iter().filter(|&&tag| (4..=6).contains(&tag)).count(),
        3
    );

    // Said twice, once for each call, it is no shared value.
    let text = r#"get_weather city "A" days 3 and get_weather city "B" days 3"#;
    let record = json!({"instruction": text, "tools": tools(), "expected": both_plan()});
    let t = targets(&read_labeled(&record).unwrap()).unwrap();
    assert!(t.tags.is_some());
    assert!(t.shared.iter().all(|s| !s));
}

/// The arguments `decode` gives each call of `get_weather city "A" and get_weather city "B",
/// days 3 <tail>`, the network tagging the cities and `3` (for the second call) and pointing each
/// at its name, with the shared-value head's `shared` probabilities (empty: no head).
fn decoded(tail: &str, shared: Vec<f32>) -> Vec<String> {
    let text = format!(r#"get_weather city "A" and get_weather city "B", days 3 {tail}"#);
    let record =
        read_record(&json!({"instruction": text, "tools": tools()})).expect("the record reads");
    let n = record.tokens.len();
    let mut tags = vec![0; n];
    let mut pointers = vec![None; n];
    for (tag, value, name) in [(1, 0, None), (4, 2, Some(1)), (2, 4, None), (5, 6, Some(5))] {
        tags[value] = tag;
        pointers[value] = name;
    }
    tags[9] = 5;
    pointers[9] = Some(8);
    let choices = Choices {
        tags,
        pointers,
        mode: 1,
        output: 0,
        status: 0,
        prose: vec![true; n],
        tag_logits: Vec::new(),
        tag_sure: 1.0,
        status_sure: 1.0,
        head_sure: 1.0,
        heads_sure: 1.0,
        pointer_doubts: Vec::new(),
        shared,
    };
    decode(&record.tokens, &record.catalog, &choices)
        .expect("the choices decode")
        .calls
        .into_iter()
        .map(|call| Value::Object(call.args).to_string())
        .collect()
}

#[test]
fn the_head_decides_which_values_go_to_every_call_and_without_it_none_does() {
    let both = [r#"{"city":"A","days":3}"#, r#"{"city":"B","days":3}"#];
    let second = [r#"{"city":"A"}"#, r#"{"city":"B","days":3}"#];
    // Without the head no value goes to every call, whatever words follow it.
    assert_eq!(decoded("for both", Vec::new()), second);
    assert_eq!(decoded("para los dos", Vec::new()), second);
    // With it, the head decides, in any words.
    let sure_at = |i: usize, n: usize, p: f32| {
        let mut v = vec![0.01; n];
        v[i] = p;
        v
    };
    assert_eq!(decoded("para los dos", sure_at(9, 13, 0.9)), both);
    assert_eq!(decoded("for both", sure_at(9, 12, 0.2)), second);
}

#[test]
fn the_head_is_in_a_network_only_when_its_config_asks_and_old_configs_read_the_same() {
    let vocab = build_vocab(&[]);
    let record = read_record(&json!({
        "instruction": r#"get_weather city "A" days 3"#,
        "tools": tools()
    }))
    .unwrap();
    for with_head in [false, true] {
        let mut config = Config::new(vocab.clone());
        config.channels = 16;
        config.shared_head = with_head;
        let varmap = VarMap::new();
        let vb = VarBuilder::from_varmap(&varmap, DType::F32, &Device::Cpu);
        let network = Network::load(vb, &config).unwrap();
        initialise(&varmap, 3).unwrap();
        let encoded = encode(&record.tokens, &record.catalog, &config.vocab);
        let out = network
            .forward(&batch(&[&encoded], &Device::Cpu).unwrap())
            .unwrap();
        assert_eq!(
            out.shared.map(|s| s.dims().to_vec()),
            with_head.then(|| vec![1, record.tokens.len(), 2])
        );
        // A configuration without the head is written as before the head existed.
        let written = serde_json::to_value(&config).unwrap();
        assert_eq!(written.get("shared_head").is_some(), with_head);
    }
}
