#!/usr/bin/env bash
# codemode mcp --http under load: CLIENTS clients at once (default 32), each its own MCP
# session making CALLS run_code calls (default 320) from a mix of fast code, parallel upstream calls, timeouts,
# heap-limit stops and thrown errors; p50/p99 latency, runs/s, and the server's resident memory
# after a warm-up and after the measured runs, beside the same mix from one session alone.
# Usage: bench/load.sh [CLIENTS] [CALLS] [compare]
# With `compare`, the same load against three servers in turn: sandbox workers with the default
# bound on runs (the default), code in process with that bound, and code in process unbounded.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-test-deps --if-needed
cargo bench --bench load -- "${1:-32}" "${2:-320}" ${3:-}
