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
# Every group a pair is read on, in the order rules.py prints them (not GROUPS: bash owns that name).
SETS=(blind42 blind29 blind13 blind12 blind12b blind35 blind17 blind11 blind16 blind6 blind18 blind15 blind25 blind15n blind105 calibrate26 persona12 calibrate8 calibrate22
  calibrate9new calibrate-newest held8 held21 held44 dev8)

people() { python3 "$ROOT/scripts/people.py" gather "$@"; }
