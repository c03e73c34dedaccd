//! The conformance suite holds on the Node.js peer in `bench/`, reached through the process
//! protocol. Node is required: a missing `node` fails this test rather than skipping it.

use std::time::Duration;

use codemode_interpreter::{ProcessInterpreter, conformance};

fn node_peer() -> ProcessInterpreter {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../bench/node-interpreter.mjs"
    );
    ProcessInterpreter::new(vec!["node".into(), script.into()]).named("node-peer")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_conformance_check_holds_on_the_node_peer_through_the_protocol() {
    let peer = node_peer();
    let report = tokio::time::timeout(Duration::from_secs(180), conformance::run(&peer))
        .await
        .expect("the suite finished in time");
    let failures: Vec<_> = report.failures().collect();
    assert!(failures.is_empty(), "failed checks: {failures:#?}");
    assert_eq!(report.interpreter, "node-peer");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_runs_through_one_process_are_kept_apart() {
    use codemode_interpreter::{Interpreter, RunOptions, Tool};
    use serde_json::json;

    let peer = std::sync::Arc::new(node_peer());
    let runs = (0..6).map(|i| {
        let peer = peer.clone();
        tokio::spawn(async move {
            let options = RunOptions::default().with_tool(
                "tag",
                Tool::new(move |args| async move { Ok(json!({"run": i, "args": args})) }),
            );
            let code =
                format!("const r = await tools.tag({{n: {i}}}); console.log('run', {i}); return r");
            peer.run(&code, options).await
        })
    });
    for (i, run) in runs.enumerate() {
        let result = tokio::time::timeout(Duration::from_secs(60), run)
            .await
            .expect("the run finished in time")
            .expect("the task did not panic");
        assert_eq!(
            result.value,
            Some(json!({"run": i, "args": {"n": i}})),
            "{result:?}"
        );
        assert_eq!(result.logs, [format!("run {i}")]);
        assert_eq!(result.calls.len(), 1);
    }
}
