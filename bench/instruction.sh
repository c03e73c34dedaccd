#!/usr/bin/env bash
# run_instruction end to end over a local upstream MCP server (the tests' notes server), beside
# run_code with hand-written code for the same calls: time per request, the share spent planning,
# compiling, in the sandbox and upstream, and the planner step alone on one thread.
# Usage: bench/instruction.sh [REQUESTS]   (REQUESTS per path and workload, default 300)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-test-deps --if-needed
# The planner's kernels on one thread, as `codemode mcp` and `codemode do` run them.
export RAYON_NUM_THREADS=1 CODEMODE_THREADS=1
cargo bench --bench instruction -- "${1:-300}"
