#!/usr/bin/env bash
# baseline.sh [MODEL]: the pair that stands (default model/) as candidates are judged: its
# reference dropped (strip_reference.py), calibrated on the shipped pair's files without the
# distance into $JUDGE/ship, read on every group into $JUDGE/ev-ship.
source "$(dirname "$0")/common.sh"
python3 "$ROOT/scripts/judge/strip_reference.py" "${1:-$ROOT/model}" "$JUDGE/ship-raw"
"$CODEMODE" calibrate --model "$JUDGE/ship-raw" --out "$JUDGE/ship" --risk 0.01 "${CALIBRATION[@]}" > "$JUDGE/ship-calibrate.log"
bash "$ROOT/scripts/judge/eval.sh" "$JUDGE/ship" "$JUDGE/ev-ship"
