#!/usr/bin/env bash
# eval.sh MODEL OUT: read the model directory MODEL on every group, the hand-written set, the
# repeated-tool set and the BFCL probe; one `codemode eval --json` report per group in OUT.
source "$(dirname "$0")/common.sh"
mkdir -p "$2"
for g in "${SETS[@]}"; do
  "$CODEMODE" eval "$G/$g.jsonl" --model "$1" --json > "$2/$g.json"
done
"$CODEMODE" eval "$ROOT/data/dev/hand_written.jsonl" --model "$1" --json > "$2/hand_written.json"
"$CODEMODE" eval "$ROOT/data/dev/repeated_tools.jsonl" --model "$1" --json > "$2/repeated_tools.json"
"$CODEMODE" eval --bfcl "$JUDGE/bfcl/eligible.jsonl" --model "$1" --json > "$2/bfcl.json"
