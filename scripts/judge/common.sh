# Sourced by the judge scripts: where they read and write, and the binary they run.
#   JUDGE     the working folder (default target/judge): groups/, members, pairs, ev-* reports
#   CODEMODE  the build every pair is read with (default target/release/codemode); both pairs of
#             a judgement are read with the same build
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
JUDGE=${JUDGE:-$ROOT/target/judge}
CODEMODE=${CODEMODE:-$ROOT/target/release/codemode}
G=$JUDGE/groups
mkdir -p "$G"
# The shipped pair's calibration files (model/MODEL_CARD.md, "How to reproduce").
CALIBRATION=("$ROOT/data/dev/hand_written.jsonl" "$G/cal501.jsonl" "$G/calibrate25.jsonl")
# A pair is joined as the shipped one is: a cascade, member 0 alone where it is sure.
CASCADE=(--sure 0.99 --sure-tags 0.95)
# Every group a pair is read on, as rules.py lists and prints them (not GROUPS: bash owns that name).
read -r -a SETS <<< "$(python3 "$ROOT/scripts/judge/rules.py" --sets)"

people() { python3 "$ROOT/scripts/people.py" gather "$@"; }
