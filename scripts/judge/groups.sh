#!/usr/bin/env bash
# groups.sh: write the judging groups into $JUDGE/groups: the people's voice groups by split and by
# the reading they were read in (data/people/voices.json), the generated held-out and dev sets,
# and the calibration files. Deterministic; run again after voices are added (the groups named
# here do not change, since each is bounded by voice ids).
source "$(dirname "$0")/common.sh"
people blind --upto xzbd > "$G/blind42.jsonl"                  # read with PMP7 + Q7P7 and PMP9 + Q7P9
people blind --upto vxyz > "$G/blind29.jsonl"
people blind --after vxyz --upto xzbd > "$G/blind13.jsonl"
people blind --after xzbd --upto xchm > "$G/blind12.jsonl"     # read at 13:06 UTC, 2026-12-05
people blind --after xchm --upto xels > "$G/blind12b.jsonl"    # read at 16:13 UTC, 2026-12-05
people blind --after xels --upto zywk > "$G/blind35.jsonl"    # read at 21:47 UTC, 2026-12-05, with PMP15 + Q7P15
people blind --after zywk --upto dpbo > "$G/blind17.jsonl"    # read at 01:42 UTC, 2026-12-06, with PMP18 + Q7P18
people blind --after dpbo --upto dmkb > "$G/blind11.jsonl"    # read at 03:34 UTC, 2026-12-06, with PMP18 + Q7P18
people blind --after dmkb --upto ltpn > "$G/blind16.jsonl"    # read at 06:57 UTC, 2026-12-06, with PMP18 + Q7P18
people blind --after ltpn --upto giuf > "$G/blind6.jsonl"     # read at 07:52 UTC, 2026-12-06, with PMP18 + Q7P18 + PMP22
people blind --after giuf --upto nihq > "$G/blind18.jsonl"    # read at 09:39 UTC, 2026-12-06, with PMP18 + Q7P18 + PMP22
people blind --after nihq --upto evjh > "$G/blind15.jsonl"    # read at 10:04 UTC, 2026-12-06, with the same, without the English gates
people blind --after evjh --upto udzm > "$G/blind25.jsonl"    # read at 13:59 UTC, 2026-12-06, with PMP25u + Q7P24u + PMP22 (withdrawn)
people blind --after udzm --upto jdkn > "$G/blind15n.jsonl"   # read at 18:53 UTC, 2026-12-06, with PMP29 + Q7P18 + PMP22
people blind --after wwma --upto tnuy > "$G/blind14w.jsonl"   # read at 22:24 UTC, 2026-12-06, with PMP33 + Q7P18 + PMP22
people blind --after dkli --upto psdp > "$G/blind11t.jsonl"   # read at 01:05 UTC, 2026-12-07, with the same (build c3dd8f6)
cat "$G/blind42.jsonl" "$G/blind35.jsonl" "$G/blind17.jsonl" "$G/blind11.jsonl" > "$G/blind105.jsonl"   # in no calibration
cat "$G/blind14w.jsonl" "$G/blind11t.jsonl" "$G/blind15n.jsonl" "$G/blind25.jsonl" "$G/blind15.jsonl" > "$G/blind80.jsonl"   # no network of K21 trained on them
people calibrate --after pdqz --upto psdp > "$G/calibrate97.jsonl"   # in no group and no calibration before 2026-12-07
people calibrate --upto xzbd --standing written > "$G/calibrate26.jsonl"
people calibrate --upto vxyz --except rtuv,tvwx > "$G/calibrate25.jsonl"   # in the calibration
people calibrate --after xzbd --upto xbfj > "$G/calibrate8.jsonl"
people calibrate --after xbfj --upto xels > "$G/calibrate22.jsonl"
people calibrate --after xels --upto zhkd > "$G/calibrate9new.jsonl"
people calibrate --after zhkd --upto zywk > "$G/calibrate-newest.jsonl"   # in no calibration, the 6 written last before 2026-12-06
people calibrate --standing persona > "$G/persona12.jsonl"   # the 12 of the data/dev persona files
people calibrate --upto pdqz > "$G/calibrate113.jsonl"   # every calibrate voice written by 2026-12-06
"$CODEMODE" generate --seed 501 --count 3000 --split test --out "$G/cal501.jsonl"
"$CODEMODE" generate --seed 8 --count 2000 --split test --out "$G/held8.jsonl"
"$CODEMODE" generate --seed 21 --count 3000 --split test --out "$G/held21.jsonl"
"$CODEMODE" generate --seed 44 --count 20000 --split test --out "$G/held44.jsonl"
"$CODEMODE" generate --seed 8 --count 2000 --split dev --out "$G/dev8.jsonl"
python3 "$ROOT/scripts/bfcl.py" --if-needed --out "$JUDGE/bfcl" >/dev/null
wc -l "$G"/*.jsonl
