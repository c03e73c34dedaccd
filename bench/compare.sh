#!/usr/bin/env bash
# Runs the QuickJS interpreter and the Node.js peer (bench/node-interpreter.mjs, a fresh worker per
# run, measured in-process) one after the other in this one invocation, and prints both figures
# and their ratios: the median fresh run of `return 1`, and the cost of one tool call (runs of
# 10,000 sequential calls to an echo tool, less a fresh run).
#
#   bench/compare.sh [OURS_FRESH_RUNS OURS_CALL_RUNS NODE_FRESH_RUNS NODE_CALL_RUNS]
#
# Goals: a fresh run <= 0.25 ms median and >= 150x faster than the peer; a call >= 20x cheaper.
set -euo pipefail
cd "$(dirname "$0")/.."

ours_fresh=${1:-2000}
ours_calls=${2:-10}
node_fresh=${3:-200}
node_calls=${4:-5}

ours=$(cargo run --release -q -p codemode-quickjs --example compare -- "$ours_fresh" "$ours_calls")
peer=$(node bench/node-interpreter.mjs --bench "$node_fresh" "$node_calls")

node --input-type=module - "$ours" "$peer" <<'JS'
const [ours, peer] = process.argv.slice(2).map((s) => JSON.parse(s));
const row = (label, a, b, unit) =>
  console.log(`${label.padEnd(22)} ${a.toFixed(4).padStart(12)} ${unit}  ${b.toFixed(4).padStart(12)} ${unit}  ${(b / a).toFixed(1).padStart(8)}x`);
console.log(`${''.padEnd(22)} ${'quickjs'.padStart(15)}  ${'node peer'.padStart(15)}  ${'ratio'.padStart(9)}`);
row('fresh run (median)', ours.freshRunMedianMs, peer.freshRunMedianMs, 'ms');
row('one tool call', ours.toolCallUs, peer.toolCallUs, 'us');
console.log(`samples: quickjs ${ours.freshRuns} fresh runs, ${ours.callRuns} runs of 10,000 calls; ` +
  `node ${peer.freshRuns} fresh runs, ${peer.callRuns} runs of 10,000 calls`);
console.log(JSON.stringify({ quickjs: ours, node: peer }));
JS
