//! The planner's tests: the cascade, its threshold, and sure plans against the residual checks.

use super::*;
use crate::store::check_sure;

/// The shipped planner (an ensemble of two networks) and the hand-written records.
fn shipped() -> (Planner, Vec<Record>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let planner = Planner::from_dir(&root.join("model")).unwrap();
    let text = std::fs::read_to_string(root.join("data/dev/hand_written.jsonl")).unwrap();
    let records = text
        .lines()
        .filter_map(|line| {
            let mut value: serde_json::Value = serde_json::from_str(line).ok()?;
            value.as_object_mut()?.remove("expected");
            codemode_plan::frontend::read_record(&value).ok()
        })
        .collect();
    (planner, records)
}

#[test]
fn a_cascade_answers_with_member_zero_where_it_is_sure_and_with_all_members_elsewhere() {
    let (planner, records) = shipped();
    let records: Vec<&Record> = records.iter().collect();
    let parts = planner.networks();
    assert!(parts.len() > 1, "the shipped planner is an ensemble");
    let sure = Sure {
        tags: 0.95,
        heads: 0.99,
    };
    let full = choices(&parts, None, &records).unwrap();
    let alone = choices(&parts[..1], None, &records).unwrap();
    let cascade = choices(&parts, Some(sure), &records).unwrap();
    // Member 0's certainty, record by record, from its own probabilities (and the same as
    // its choices in a batch carry).
    let certain: Vec<bool> = records
        .iter()
        .zip(&alone)
        .enumerate()
        .map(|(i, (r, a))| {
            let enc = encode(&r.tokens, &r.catalog, &parts[0].0.vocab);
            let out = parts[0].1.forward(&batch(&[&enc], &Device::Cpu).unwrap());
            let probs = each_head(&out.unwrap(), crate::kernels::softmax).unwrap();
            let top = |t: &Tensor| -> Vec<f32> {
                t.max(candle_core::D::Minus1)
                    .and_then(|t| t.flatten_all())
                    .and_then(|t| t.to_vec1())
                    .unwrap()
            };
            let (tags, pointer) = (top(&probs.tags), top(&probs.pointer));
            let heads = sure.heads;
            let sure_here = tags.iter().all(|&p| p >= sure.tags)
                && (0..tags.len())
                    .filter(|&j| (4..=6).contains(&a.tags[j]))
                    .all(|j| pointer[j] >= heads)
                && top(&probs.status)[0] >= heads
                && top(&probs.output)[0] >= heads
                && (crate::decode::calls(&a.tags) < 2 || top(&probs.mode)[0] >= heads);
            assert_eq!(sure_here, super::certain(a, sure), "record {i}");
            sure_here
        })
        .collect();
    let same = |a: &Choices, b: &Choices| {
        (&a.tags, &a.pointers, a.mode, a.output, a.status)
            == (&b.tags, &b.pointers, b.mode, b.output, b.status)
    };
    for (i, &certain) in certain.iter().enumerate() {
        let expected = if certain { &alone[i] } else { &full[i] };
        assert!(
            same(&cascade[i], expected),
            "record {i} (certain: {certain})"
        );
    }
    // Both paths are taken, and they answer differently somewhere: the test can fail.
    let sure_count = certain.iter().filter(|&&c| c).count();
    assert!(sure_count > 0 && sure_count < records.len(), "{sure_count}");
    assert!((0..records.len()).any(|i| !same(&alone[i], &full[i])));
    // Above any probability, every record is read by the whole ensemble.
    let never = Sure {
        tags: 1.5,
        heads: 1.5,
    };
    let never = choices(&parts, Some(never), &records).unwrap();
    assert!((0..records.len()).all(|i| same(&never[i], &full[i])));
    // Looking for disputes, every record carries each member's own reading, and the
    // cascade's choices do not change; otherwise none does.
    let with = |disputes| ReadWith {
        sure: Some(sure),
        disputes,
        reference: None,
    };
    let readings = read(&parts, with(true), &records).unwrap();
    let each: Vec<_> = (0..parts.len())
        .map(|k| choices(&parts[k..k + 1], None, &records).unwrap())
        .collect();
    for (i, (c, own, _)) in readings.iter().enumerate() {
        assert!(same(c, &cascade[i]), "record {i}");
        assert_eq!(own.len(), parts.len(), "record {i}");
        for (k, member) in each.iter().enumerate() {
            assert!(same(&own[k], &member[i]), "record {i}, member {k}");
        }
    }
    let plain = read(&parts, with(false), &records).unwrap();
    assert!(
        plain
            .iter()
            .all(|(_, own, d)| own.is_empty() && d.is_none())
    );
}

#[test]
fn a_planner_with_a_reference_measures_every_plans_distance_from_member_zeros_pooled_vector() {
    let (planner, records) = shipped();
    let records: Vec<&Record> = records.iter().collect();
    // The first 40 records are the reference; they lie at distance 0 from themselves or close.
    let pooled = planner.pooled(&records).unwrap();
    let reference = Reference::new(&pooled[..40]).unwrap();
    let one = planner.pooled(&records[..1]).unwrap();
    // A record's pooled vector does not depend on its batch (but for the order of sums).
    assert!(
        one[0]
            .iter()
            .zip(&pooled[0])
            .all(|(a, b)| (a - b).abs() < 1e-4)
    );
    let expected = reference
        .distances(&Tensor::new(pooled.clone(), &Device::Cpu).unwrap())
        .unwrap();
    let planner = planner.with_reference(Some(reference));
    // Read through the cascade (and with one network, without it): the same distances.
    let assessed = planner.assess(&records);
    let parts = planner.networks();
    let with = ReadWith {
        sure: None,
        disputes: false,
        reference: planner.reference(),
    };
    let alone: Vec<Result<Assessment, Diagnostic>> = plan_members(&parts[..1], with, &records)
        .into_iter()
        .map(|answer| {
            answer.map(|(plan, raw, unhonoured, disputed, distance)| Assessment {
                plan,
                raw,
                unhonoured,
                disputed,
                distance,
                confidence: 0.0,
            })
        })
        .collect();
    let mut far = 0;
    for (i, (a, b)) in assessed.iter().zip(&alone).enumerate() {
        for plan in [a, b].into_iter().flatten() {
            let d = plan.distance.expect("a distance for every plan");
            assert!(
                (d - expected[i]).abs() < 1e-4,
                "record {i}: {d} {}",
                expected[i]
            );
            far += usize::from(d > 0.05);
        }
    }
    // The records beyond the reference are not all as near as its own, and its own lie nearer
    // to it than the rest do, on average (each is one of its own 10 nearest, at distance 0).
    assert!(far > 0);
    let mean = |d: &[f32]| d.iter().sum::<f32>() / d.len() as f32;
    assert!(
        mean(&expected[..40]) < mean(&expected[40..]),
        "{} {}",
        mean(&expected[..40]),
        mean(&expected[40..])
    );
}

#[test]
fn a_cascade_threshold_must_be_a_probability_above_one_half() {
    let sure = |tags, heads| check_sure(Some(Sure { tags, heads }));
    for bad in [0.5, 0.2, 1.5, f32::NAN] {
        assert!(sure(bad, 0.9).is_err(), "{bad}");
        assert!(sure(0.9, bad).is_err(), "{bad}");
    }
    for good in [0.51, 0.99, 1.0] {
        assert!(sure(good, good).is_ok(), "{good}");
    }
    let config = br#"{"members": [], "sure": {"tags": 0.9, "heads": 0.3}}"#;
    let error = read_configs(config).err().unwrap().to_string();
    assert!(error.contains("threshold"), "{error}");
}

/// Each kind of request a plan may leave unhonoured, said to the shipped planner: it answers
/// a diagnostic, or a plan less sure than its default threshold, never a plan it stands behind.
#[test]
fn a_request_the_plan_does_not_honour_is_never_answered_as_a_sure_plan() {
    let (planner, _) = shipped();
    let users = serde_json::json!([{"name": "list_users", "arguments": {"team": "string"}, "required": ["team"], "returns": {"kind": "array", "properties": ["username", "email", "level"]}}]);
    let forecast = serde_json::json!([
        {"name": "get_forecast", "arguments": {"city": "string", "days": "number"}, "required": ["city"], "returns": {"kind": "text", "properties": []}},
        {"name": "ping_host", "arguments": {"host": "string"}, "required": ["host"], "returns": {"kind": "text", "properties": []}},
        {"name": "send_email", "arguments": {"to": "string", "subject": "string"}, "required": ["to"], "returns": {"kind": "text", "properties": []}}
    ]);
    let cases = [
        // A field the tool does not declare.
        (
            r#"list_users for team "blue" -- show me the username and the coverage of each one."#,
            &users,
        ),
        (
            r#"Call list_users with team "blue", only username and phone"#,
            &users,
        ),
        // A row limit on a tool that returns text.
        (
            r#"Call get_forecast with city "Oslo", first 5 rows"#,
            &forecast,
        ),
        // A literal no call takes.
        (
            r#"get_forecast for city "Oslo" with the days of 3 and the subject "x""#,
            &forecast,
        ),
        // A loop or a condition in shell or code notation.
        (
            r#"for h in db1 db2; do ping_host --host "db1"; done"#,
            &forecast,
        ),
        (
            r#"["db1", "db2"].forEach((h) => ping_host({host: "db1"}))"#,
            &forecast,
        ),
        (r#"if (up) ping_host(host: "db1")"#, &forecast),
        // A condition in plain words.
        (
            r#"If the cluster is still down tonight, restart it!!! ping_host host "db1""#,
            &forecast,
        ),
        // A value in the list of pairs under a name no argument has.
        (
            r#"Please get_forecast with city "Oslo", and passengers 2. Thank you."#,
            &forecast,
        ),
        // An order for the rows.
        (
            r#"From list_users with team "blue", give me the top 3 by level. Big day."#,
            &users,
        ),
        // A field kept though named only in a remark.
        (
            r#"list_users for team "blue". Only the username and email columns [the level column is stale anyway]."#,
            &users,
        ),
    ];
    let default = planner.default_min_confidence();
    assert!(default > 0.5, "the shipped model is calibrated: {default}");
    for (instruction, tools) in cases {
        let record = crate::test_record(instruction, tools.clone());
        if let Ok((plan, confidence)) = planner.plan_sure(&[&record]).remove(0) {
            assert!(
                confidence < default,
                "{instruction}: {plan:?} at {confidence}, the default is {default}"
            );
        }
    }
    // A word for concurrency: the plan that honours it is parallel, and a plan that does not
    // reflect it is never sure.
    let concurrently = r#"Please run these 2 things concurrently - ping_host with host "db1" plus get_forecast with city "Oslo" - because the ops review starts soon."#;
    let record = crate::test_record(concurrently, forecast.clone());
    if let Ok((plan, confidence)) = planner.plan_sure(&[&record]).remove(0) {
        assert!(
            plan.mode == codemode_plan::Mode::Parallel || confidence < default,
            "{plan:?} at {confidence}, the default is {default}"
        );
    }
}
