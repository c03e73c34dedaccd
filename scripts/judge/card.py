"""card.py DIR: the model card's evaluation rows from a folder card.sh wrote.

Prints the first table (plans / negatives, exact plans, negatives diagnosed, wrong plans at
threshold 0) and the risk-coverage table (threshold 0 and default: coverage / wrong share, ECE,
AURC) for every set the folder holds, in the card's order, by file name; the reader writes the
set names and standings.
"""
import json
import os
import sys

from rules import at_default

ORDER = ['held8', 'held21', 'held44', 'dev8', 'hand_written', 'stretch', 'echo_probes',
         'train-persona', 'train-written', 'persona12', 'calibrate-written',
         'calibrate26', 'calibrate8', 'calibrate22', 'calibrate9new', 'calibrate-newest',
         'blind29', 'blind13', 'blind12', 'blind12b', 'blind35', 'blind42', 'blind17',
         'blind11', 'blind16', 'blind6', 'held8-typos',
         'hand_written-typos', 'held8-untrained', 'hand_written-untrained', 'calibration']


def pct(a, b):
    return f"{100 * a / b:.2f}%" if b else ""


def main():
    folder = sys.argv[1]
    reports = {}
    for name in ORDER:
        path = os.path.join(folder, name + '.json')
        if os.path.exists(path):
            with open(path) as f:
                reports[name] = json.load(f)
    print("| set | plans / negatives | exact plans | negatives diagnosed | wrong plans |")
    for name, r in reports.items():
        plans, negs = r['plan_records'], r['diagnostic_records']
        print(f"| {name} | {plans:,} / {negs:,} | {pct(r['exact'], plans)} ({r['exact']:,}) | "
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
        print(f"| {name} | {100 * zero['coverage']:.2f}% / {100 * zero['wrong_share']:.2f}% | "
              f"{100 * d['coverage']:.2f}% / {100 * d['wrong_share']:.2f}% ({d['wrong']}/{d['answered']}) | "
              f"{c['ece']:.3f} | {c['aurc']:.3f} |")
    bfcl = os.path.join(folder, 'bfcl.json')
    if os.path.exists(bfcl):
        with open(bfcl) as f:
            print('\nBFCL', json.load(f))


if __name__ == '__main__':
    main()
