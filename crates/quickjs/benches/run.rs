//! Criterion benches of the QuickJS interpreter: a fresh run of `return 1`, 10,000 sequential tool
//! calls, and 1,000 concurrent ones (an echo tool that answers at once).
//!
//! `cargo bench -p codemode-quickjs --bench run`

use std::time::Duration;

use codemode_interpreter::{Interpreter, Limits, RunOptions, Tool};
use codemode_quickjs::{Config, QuickJs};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn interpreter() -> QuickJs {
    QuickJs::new(Config {
        limits: Limits {
            max_calls: 10_000,
            ..Limits::default()
        },
        max_in_flight: 1_000,
        ..Config::default()
    })
}

fn echo() -> RunOptions {
    RunOptions::default().with_tool("echo", Tool::new(|args| async move { Ok(args) }))
}

fn fresh_run(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let interpreter = interpreter();
    c.bench_function("fresh run of return 1", |b| {
        b.to_async(&runtime).iter(|| async {
            let result = interpreter.run("return 1", RunOptions::default()).await;
            assert!(result.ok);
        });
    });
}

fn tool_calls(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let interpreter = interpreter();
    let mut group = c.benchmark_group("tool calls");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));

    group.throughput(Throughput::Elements(10_000));
    let sequential = "for (let i = 0; i < 10000; i++) await tools.echo({i}); return 1";
    group.bench_function("10000 sequential", |b| {
        b.to_async(&runtime).iter(|| async {
            let result = interpreter.run(sequential, echo()).await;
            assert_eq!(result.calls.len(), 10_000);
        });
    });

    group.throughput(Throughput::Elements(1_000));
    let concurrent = "const r = await Promise.all(Array.from({length: 1000}, (_, i) => tools.echo({i}))); \
                      return r.length";
    group.bench_function("1000 concurrent", |b| {
        b.to_async(&runtime).iter(|| async {
            let result = interpreter.run(concurrent, echo()).await;
            assert_eq!(result.value, Some(serde_json::json!(1000)));
        });
    });
    group.finish();
}

criterion_group!(benches, fresh_run, tool_calls);
criterion_main!(benches);
