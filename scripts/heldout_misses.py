#!/usr/bin/env python3
"""Where the planner misses the held-out split's plan records, against the 99.5% goal.

    codemode generate --seed 44 --count 20000 --split test --out t44.jsonl
    python3 -c 'import json,sys; [print(json.dumps({k: json.loads(l)[k] for k in ("instruction", "tools")})) for l in sys.stdin]' \\
        < t44.jsonl > t44.in
    codemode plan t44.in > t44.out
    python3 scripts/heldout_misses.py t44.jsonl t44.out

Prints how many plan records there are, how many are missed (exact canonical plan, numbers
compared as JSON values), how many misses 99.5% allows, and then, for each test-only cue phrase
of the generator, for records calling a test-only whole tool name, and for each template family:
how many such records are missed out of how many. A record counts under every class it belongs
to. The test-only phrases and names are read from the generator's source
(`crates/datagen/src/render/schedule.rs` and `output.rs`: the `*_TEST` phrase lists of schedules
and outputs;
`crates/datagen/src/vocab.rs`: `SPECIAL_TEST`), so this script follows the generator.
"""
import collections
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = re.compile(r"const (\w+_TEST): &\[&str\] =\s*&\[(.*?)\];", re.S)
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def test_lists(path):
    """The `NAME_TEST` string lists of a Rust source file."""
    text = (ROOT / path).read_text(encoding="utf-8")
    return {name: [json.loads(f'"{s}"') for s in STRING.findall(body)] for name, body in LIST.findall(text)}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    phrases = []
    lists = {}
    for path in ("crates/datagen/src/render/schedule.rs", "crates/datagen/src/render/output.rs"):
        lists.update(test_lists(path))
    for name, items in lists.items():
        if name.startswith(("SERIAL_", "PARALLEL_", "OUT_")):
            # A cue is matched without its casing, its leading punctuation and a trailing comma
            # (`In tandem,` and ` in tandem` are one cue); a trailing colon stays (`Serially:`).
            phrases += [item.lstrip(" .,").rstrip(" ,").lower() for item in items]
    phrases = list(dict.fromkeys(phrases))
    names = set(test_lists("crates/datagen/src/vocab.rs")["SPECIAL_TEST"])
    records = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
    answers = [json.loads(line) for line in open(sys.argv[2], encoding="utf-8")]
    if len(records) != len(answers):
        sys.exit(f"{len(records)} records but {len(answers)} answers")
    total, missed = collections.Counter(), collections.Counter()
    plans = misses = 0
    for record, answer in zip(records, answers):
        expected = record["expected"]
        if "diagnostic" in expected:
            continue
        plans += 1
        right = "plan" in answer and answer["plan"] == expected
        misses += not right
        text = record["instruction"].lower()
        classes = [f"cue `{p}`" for p in phrases if p in text]
        if names & {tool["name"] for tool in record["tools"]}:
            classes.append("a test-only tool name")
        classes.append(f"template {record['meta']['template']}")
        for c in classes:
            total[c] += 1
            missed[c] += not right
    allowed = int(plans * 0.005)
    print(f"plan records {plans}, missed {misses} ({100 * (plans - misses) / plans:.2f}% exact); "
          f"99.5% allows {allowed} misses")
    for c in sorted(total, key=lambda c: (-missed[c], c)):
        print(f"  {c:50s} {missed[c]:5d} missed of {total[c]:6d}")


if __name__ == "__main__":
    main()
