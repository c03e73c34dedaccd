#!/usr/bin/env bash
# ship.sh NAME PEOPLE "OPTIONS": calibrate a judged pair ($JUDGE/NAME-raw) with the distance, the
# way the shipped pair was: a reference of 1,200 generated records (seed 7, the train split, with
# member 0's generator OPTIONS) and every 11th record of its people's file PEOPLE; read it into
# $JUDGE/ev-NAME-dist and check the distance's rules (a) and (b) (docs/experiments-people.md)
# against the same pair without it ($JUDGE/ev-NAME). The calibrated pair is $JUDGE/NAME-dist.
source "$(dirname "$0")/common.sh"
# shellcheck disable=SC2086  # OPTIONS is a list of generator flags
"$CODEMODE" generate --seed 7 --count 1200 --split train $3 --out "$JUDGE/$1-reference-generated.jsonl"
awk 'NR % 11 == 1' "$2" > "$JUDGE/$1-reference-people.jsonl"
"$CODEMODE" calibrate --model "$JUDGE/$1-raw" --out "$JUDGE/$1-dist" --risk 0.01 \
  --reference "$JUDGE/$1-reference-generated.jsonl" --reference "$JUDGE/$1-reference-people.jsonl" \
  "${CALIBRATION[@]}" > "$JUDGE/$1-dist-calibrate.log"
bash "$ROOT/scripts/judge/eval.sh" "$JUDGE/$1-dist" "$JUDGE/ev-$1-dist"
python3 "$ROOT/scripts/judge/rules.py" --distance "$JUDGE/ev-$1" "$JUDGE/ev-$1-dist"
