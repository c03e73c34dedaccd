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
