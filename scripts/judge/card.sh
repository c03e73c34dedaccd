#!/usr/bin/env bash
# card.sh MODEL OUT: every figure of the model card's evaluation for the model directory MODEL
# (a release build carrying it: CODEMODE), one `codemode eval --json` report per set in OUT, then
# card.py prints the card's rows. Run groups.sh first; the people's sets by split and standing
# (`people.py gather --standing`) are written here. UPTO (a voice id) bounds them to the voices
# listed up to it: the voices as they stood when the model was trained, not those written since.
source "$(dirname "$0")/common.sh"
O=$2; mkdir -p "$O" "$JUDGE/card"
C=$JUDGE/card
BOUND=(${UPTO:+--upto "$UPTO"})
# The calibrate persona sets are groups.sh's persona12.
people train "${BOUND[@]}" --standing persona > "$C/train-persona.jsonl"
people train "${BOUND[@]}" --standing written > "$C/train-written.jsonl"
people calibrate "${BOUND[@]}" --standing written > "$C/calibrate-written.jsonl"
cat "$ROOT/data/dev/hand_written.jsonl" "$G/cal501.jsonl" "$G/calibrate25.jsonl" > "$C/calibration.jsonl"
python3 "$ROOT/scripts/misspell.py" "$G/held8.jsonl" > "$C/held8-typos.jsonl"
python3 "$ROOT/scripts/misspell.py" "$ROOT/data/dev/hand_written.jsonl" > "$C/hand_written-typos.jsonl"
for f in "$C"/*.jsonl; do
  "$CODEMODE" eval "$f" --model "$1" --json > "$O/$(basename "$f" .jsonl).json"
done
for f in stretch echo_probes; do
  "$CODEMODE" eval "$ROOT/data/dev/$f.jsonl" --model "$1" --json > "$O/$f.json"
done
"$CODEMODE" eval "$G/held8.jsonl" --model "$1" --untrained 1 --json > "$O/held8-untrained.json"
"$CODEMODE" eval "$ROOT/data/dev/hand_written.jsonl" --model "$1" --untrained 1 --json > "$O/hand_written-untrained.json"
bash "$ROOT/scripts/judge/eval.sh" "$1" "$O"
python3 "$ROOT/scripts/judge/card.py" "$O"
