#!/usr/bin/env bash
# The sandbox's cost per run beside Monty's, in one run: codemode in process and through a sandbox
# worker (benches/sandbox.rs), then Monty 1.4.0 (bench/monty.py, in a venv of its own under
# target/, installed from bench/monty-requirements.txt on first use).
# Usage: bench/sandbox.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-2000}"
venv=target/bench-monty
if [[ ! -x "$venv/bin/python" ]]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r bench/monty-requirements.txt
fi
cargo bench --bench sandbox -- "$runs"
"$venv/bin/python" bench/monty.py "$runs"
