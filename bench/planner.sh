#!/usr/bin/env bash
# Planner throughput and memory: `codemode plan` on generated held-out records, on one thread and
# on every core, with peak RSS. Usage: bench/planner.sh [RECORDS] [MODEL_DIR]
# (Set CODEMODE to a built binary to skip the build.)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20000}
model=${2:-}
bin=${CODEMODE:-target/release/codemode}
[ -n "${CODEMODE:-}" ] || cargo build --release -q
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" generate --seed 2024 --count "$n" --split test --out "$work/labeled.jsonl"
python3 -c '
import json, sys
with open(sys.argv[1]) as src, open(sys.argv[2], "w") as dst:
    for line in src:
        r = json.loads(line)
        dst.write(json.dumps({"instruction": r["instruction"], "tools": r["tools"]}) + "\n")
' "$work/labeled.jsonl" "$work/records.jsonl"
args=(plan "$work/records.jsonl")
[ -z "$model" ] || args+=(--model "$model")
run() {
  local label=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/time" env "$@" "$bin" "${args[@]}" > "$work/out.jsonl"
  read -r secs kb < "$work/time"
  python3 -c "import sys; n,s,kb=int(sys.argv[1]),float(sys.argv[2]),int(sys.argv[3]); print(f'{sys.argv[4]:<14} {n} records in {s:.2f} s = {n/s:,.0f} records/s, peak RSS {kb/1024:.1f} MB')" "$n" "$secs" "$kb" "$label"
}
echo "codemode plan on $n generated held-out records (frontend, model, decoding, checker, output):"
run "one thread" CODEMODE_THREADS=1
run "all cores" CODEMODE_THREADS="$(nproc)"
