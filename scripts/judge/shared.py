"""Select the plans that say one value once for several calls, from labelled records.

    python3 scripts/people.py gather train --after tnuy --upto nwfg | python3 scripts/judge/shared.py > shared.jsonl

A plan is selected when a value that two or three of its calls take appears fewer times in the
instruction (as a whole word: not inside a longer word or number) than calls take it, so that
some call's value is said only once for several calls (`days 3 for both`, `para los dos`). A
string value is matched as its text, any other value as its JSON. The selected records are
printed as they came; their count goes to stderr. `codemode eval` on them reads how a planner
gives such a value to every call (the shared-value head's rule in docs/experiments-people-3.md).
"""
import json
import re
import sys
from collections import Counter


def said(value):
    return value if isinstance(value, str) else json.dumps(value)


def shares_a_value(record):
    calls = (record.get('expected') or {}).get('calls') or []
    if len(calls) < 2:
        return False
    taken = Counter()
    for call in calls:
        taken.update({said(v) for v in call['args'].values()})
    for value, calls_taking in taken.items():
        if calls_taking < 2:
            continue
        times = len(re.findall(r'(?<!\w)' + re.escape(value) + r'(?!\w)', record['instruction']))
        if times < calls_taking:
            return True
    return False


def main():
    count = 0
    for line in sys.stdin:
        if line.strip() and shares_a_value(json.loads(line)):
            count += 1
            sys.stdout.write(line if line.endswith('\n') else line + '\n')
    print(count, file=sys.stderr)


if __name__ == '__main__':
    main()
