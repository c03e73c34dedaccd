#!/usr/bin/env bash
# baseline.sh [MODEL]: the model that stands (default model/) as candidates are judged: joined
# again by `codemode ensemble` (which keeps the networks, not the reference or calibration), calibrated on the shipped files without the
# distance into $JUDGE/ship, read on every group into $JUDGE/ev-ship.
source "$(dirname "$0")/common.sh"
"$CODEMODE" ensemble --out "$JUDGE/ship-raw" "${CASCADE[@]}" "${1:-$ROOT/model}"
"$CODEMODE" calibrate --model "$JUDGE/ship-raw" --out "$JUDGE/ship" --risk 0.01 "${CALIBRATION[@]}" > "$JUDGE/ship-calibrate.log"
bash "$ROOT/scripts/judge/eval.sh" "$JUDGE/ship" "$JUDGE/ev-ship"
