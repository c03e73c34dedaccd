#!/usr/bin/env bash
# judge.sh NAME M0 M1 [M2]: a candidate from trained members (directories written by `codemode
# train`, member 0 first), joined as the shipped model is (a cascade: --sure 0.99 --sure-tags 0.95),
# calibrated without the distance on the shipped files, read on every group into
# $JUDGE/ev-NAME, and judged by rules.py against $JUDGE/ev-ship (baseline.sh). RULES=--tolerant
# judges by the rules as restated for candidates trained after 16:24 UTC, 2026-12-06.
source "$(dirname "$0")/common.sh"
"$CODEMODE" ensemble --out "$JUDGE/$1-raw" "${CASCADE[@]}" "${@:2}"
"$CODEMODE" calibrate --model "$JUDGE/$1-raw" --out "$JUDGE/$1" --risk 0.01 "${CALIBRATION[@]}" > "$JUDGE/$1-calibrate.log"
bash "$ROOT/scripts/judge/eval.sh" "$JUDGE/$1" "$JUDGE/ev-$1"
python3 "$ROOT/scripts/judge/rules.py" ${RULES:-} "$JUDGE/ev-ship" "$JUDGE/ev-$1"
