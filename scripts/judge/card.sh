#!/usr/bin/env bash
# card.sh MODEL OUT: every figure of the model card's evaluation for the model directory MODEL
# (a release build carrying it: CODEMODE), one `codemode eval --json` report per set in OUT, then
# card.py prints the card's rows. Run groups.sh first; the people's sets by split and standing
# are written here (persona sets are the voices with `read_before_split` in voices.json).
source "$(dirname "$0")/common.sh"
O=$2; mkdir -p "$O" "$JUDGE/card"
C=$JUDGE/card
split_ids() {  # split_ids SPLIT persona|written: the voices of SPLIT of one standing, comma-separated
  python3 - "$ROOT" "$1" "$2" <<'PY'
import json, sys
voices = json.load(open(sys.argv[1] + '/data/people/voices.json'))['voices']
want = sys.argv[3] == 'persona'
print(','.join(v['id'] for v in voices if v.get('split') == sys.argv[2] and ('read_before_split' in v) != want))
PY
}
people() { python3 "$ROOT/scripts/people.py" gather "$@"; }
for split in train calibrate; do
  people $split --except "$(split_ids $split persona)" > "$C/$split-persona.jsonl"
  people $split --except "$(split_ids $split written)" > "$C/$split-written.jsonl"
done
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
