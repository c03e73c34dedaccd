"""card.py DIR: the model card's evaluation rows from a folder card.sh wrote.

Prints the first table (plans / negatives, exact plans, negatives diagnosed, wrong plans at
threshold 0) and the risk-coverage table (threshold 0 and default: coverage / wrong share, ECE,
AURC) for every set the folder holds, in the card's order, under the card's name for each set;
the reader writes the standings.
"""
import json
import os
import sys

from rules import at_default

# The card's name for each set, in the card's order (the standing column is the reader's: it
# depends on the model).
LABELS = {
    'held8': 'held-out `test` split, seed 8', 'held21': 'held-out, seed 21',
    'held44': 'held-out, seed 44', 'dev8': '`dev` split, seed 8 (drawn like training)',
    'hand_written': 'hand-written `data/dev/hand_written.jsonl`',
    'stretch': 'stretch `data/dev/stretch.jsonl`', 'echo_probes': 'echo probes `data/dev/echo_probes.jsonl`',
    'train-persona': 'people, train voices, persona sets',
    'train-written': 'people, train voices written for the split',
    'persona12': 'people, calibrate voices, persona sets (12)',
    'calibrate-written': 'people, calibrate voices written for the split',
    'calibrate26': 'the 26 of them written before 2026-12-05 noon',
    'calibrate8': 'the 8 of abdf–xbfj', 'calibrate22': 'the 22 of xbfj–xels',
    'calibrate9new': 'the 9 of xels–zhkd', 'calibrate-newest': 'the 6 of zhkd–zywk',
    'blind29': 'people, blind voices read with PMP7 + Q7P7 (29)',
    'blind13': 'people, blind voices read with PMP9 + Q7P9 (13)',
    'blind12': 'people, blind voices read at 13:06 UTC, 2026-12-05 (12)',
    'blind12b': 'people, blind voices read at 16:13 UTC, 2026-12-05 (12)',
    'blind35': 'people, blind voices read with PMP15 + Q7P15 (35)',
    'blind42': 'people, the 42 blind voices read first (29 + 13)',
    'blind17': 'people, the 17 blind voices read at 01:42 UTC, 2026-12-06',
    'blind11': 'people, the 11 blind voices read at 03:34 UTC, 2026-12-06',
    'blind16': 'people, the 16 blind voices read at 06:57 UTC, 2026-12-06',
    'blind6': 'people, the 6 blind voices read at 07:52 UTC, 2026-12-06',
    'blind18': 'people, the 18 blind voices read at 09:39 UTC, 2026-12-06',
    'blind15': 'people, the 15 blind voices read at 10:04 UTC, 2026-12-06',
    'blind25': 'people, the 25 blind voices read at 13:59 UTC, 2026-12-06',
    'blind15n': 'people, the 15 blind voices read at 18:53 UTC, 2026-12-06',
    'blind14w': 'people, the 14 blind voices read at 22:24 UTC, 2026-12-06',
    'blind11t': 'people, the 11 blind voices read at 01:05 UTC, 2026-12-07',
    'held8-typos': 'held-out seed 8, one typo per record',
    'hand_written-typos': 'hand-written, one typo per record',
    'held8-untrained': 'freshly initialised networks (`--untrained 1`): held-out seed 8',
    'hand_written-untrained': 'freshly initialised networks: hand-written',
    'calibration': '*calibration*: hand-written + seed 501 + 25 calibrate voices',
}


def pct(a, b):
    return f"{100 * a / b:.2f}%" if b else ""


def main():
    folder = sys.argv[1]
    reports = {}
    for name in LABELS:
        path = os.path.join(folder, name + '.json')
        if os.path.exists(path):
            with open(path) as f:
                reports[name] = json.load(f)
    print("| set | plans / negatives | exact plans | negatives diagnosed | wrong plans |")
    for name, r in reports.items():
        plans, negs = r['plan_records'], r['diagnostic_records']
        print(f"| {LABELS[name]} | {plans:,} / {negs:,} | {pct(r['exact'], plans)} ({r['exact']:,}) | "
              f"{pct(r['diagnosed'], negs)} ({r['diagnosed']:,}) | {r['wrong_plans']} |"
              + (f" invalid {r['invalid_plans']}" if r['invalid_plans'] else ""))
    print()
    print("| set | threshold 0: coverage / wrong share | default: coverage / wrong share | ECE | AURC |")
    for name, r in reports.items():
        c = r['confidence']
        if not c['thresholds'] or name.endswith('untrained'):
            continue
        zero = c['thresholds'][0]
        d = at_default(r)
        print(f"| {LABELS[name]} | {100 * zero['coverage']:.2f}% / {100 * zero['wrong_share']:.2f}% | "
              f"{100 * d['coverage']:.2f}% / {100 * d['wrong_share']:.2f}% ({d['wrong']}/{d['answered']}) | "
              f"{c['ece']:.3f} | {c['aurc']:.3f} |")
    bfcl = os.path.join(folder, 'bfcl.json')
    if os.path.exists(bfcl):
        with open(bfcl) as f:
            print('\nBFCL', json.load(f))


if __name__ == '__main__':
    main()
