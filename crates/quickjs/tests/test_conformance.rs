//! The conformance suite holds on the QuickJS interpreter.

use std::time::Duration;

use codemode_interpreter::conformance;
use codemode_quickjs::QuickJs;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_conformance_check_holds_on_quickjs() {
    let report = tokio::time::timeout(
        Duration::from_secs(120),
        conformance::run(&QuickJs::default()),
    )
    .await
    .expect("the suite finished in time");
    let failures: Vec<_> = report.failures().collect();
    assert!(failures.is_empty(), "failed checks: {failures:#?}");
    assert!(report.passed);
    assert!(report.checks.len() >= 25);
}
