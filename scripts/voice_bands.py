#!/usr/bin/env python3
"""How a model reads the people's voices no network of the shipped model was trained on, by how
much of each voice is English (docs/experiments-people-3.md, "where the standing model misses").

usage: scripts/voice_bands.py CODEMODE [OUT_DIR] [--model DIR]   (the shipped model without --model)

The voices: every calibrate voice, and the blind voices read after the shipped model's member 0
was trained (wotj–tnuy and twfk–psdp). Each voice is put in a band by the share of its prose words
of four letters or more (outside quoted values and the catalog's names) that are not in the
planner's English word list (crates/model/data/english.txt). Prints per band: voices, exact plans
and diagnosed unsupported requests at threshold 0, coverage and wrong share at the shipped
default threshold (plans are answered at a printed confidence of at least 0.908). With OUT_DIR,
also writes the labeled records of the English voices (under 6%) as english.jsonl and those of
every listed voice that carry a done mark (`[x]`, `~~`, `✓`, `DONE`, ...) as marked.jsonl, for
`codemode eval`.
"""
import collections
import json
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
WORD = re.compile(r"[^\W\d_]+", re.U)
QUOTED = re.compile(r'"[^"]*"|`[^`]*`')
DONE_MARK = re.compile(r"\[[xX]\]|~~|✓|✅|✔|\(done\)|\bDONE\b|\[done\]", re.U)
BANDS = [(0, 0.03), (0.03, 0.06), (0.06, 0.1), (0.1, 0.2), (0.2, 1.01)]
DEFAULT = 0.908
READ_SINCE = [('wwma', 'tnuy'), ('dkli', 'psdp')]  # (after, upto): blind voices no member saw


def voices():
    listed = json.load(open(os.path.join(ROOT, 'data/people/voices.json')))['voices']
    at = {v['id']: i for i, v in enumerate(listed)}
    return [v for v in listed if v['split'] == 'calibrate' or (v['split'] == 'blind' and any(
        at[after] < at[v['id']] <= at[upto] for after, upto in READ_SINCE))]


def foreign(record, english):
    """Prose words of four letters or more, and how many of them are not English."""
    names = set()
    for tool in record['tools']:
        names.add(tool['name'].lower())
        names.update(a.lower() for a in tool['arguments'])
        names.update(p.lower() for p in tool['returns'].get('properties') or [])
    words = [w.lower() for w in WORD.findall(QUOTED.sub(' ', record['instruction']))]
    words = [w for w in words if len(w) >= 4 and w not in names]
    return len(words), sum(w not in english for w in words)


def main():
    args = sys.argv[1:]
    model = None
    if '--model' in args:
        at = args.index('--model')
        model = args[at + 1] if at + 1 < len(args) else sys.exit(__doc__)
        del args[at:at + 2]
    if not 1 <= len(args) <= 2:
        sys.exit(__doc__)
    binary, out_dir = args[0], args[1] if len(args) > 1 else None
    english = set(open(os.path.join(ROOT, 'crates/model/data/english.txt')).read().split())
    rows = []
    for v in voices():
        for line in open(os.path.join(ROOT, v['file'])):
            rows.append((v['id'], json.loads(line)))
    lines = ''.join(json.dumps({'instruction': r['instruction'], 'tools': r['tools']}) + '\n'
                    for _, r in rows)
    command = [binary, 'plan', '/dev/stdin'] + (['--model', model] if model else [])
    answers = subprocess.run(command, input=lines, capture_output=True, text=True,
                             check=True).stdout.splitlines()
    tally = collections.defaultdict(collections.Counter)
    words = collections.defaultdict(lambda: [0, 0])
    for (vid, record), answer in zip(rows, answers):
        answer = json.loads(answer)
        plan, expected = answer.get('plan'), record['expected']
        count, other = foreign(record, english)
        words[vid][0] += count
        words[vid][1] += other
        t = tally[vid]
        if 'diagnostic' in expected:
            t['diagnostics'] += 1
            t['diagnosed'] += plan is None
        else:
            t['plans'] += 1
            t['exact'] += plan == expected
        if plan is not None and answer['confidence'] >= DEFAULT:
            t['answered'] += 1
            t['wrong'] += plan != expected
            t['covered'] += plan == expected
    share = {vid: (w[1] / w[0] if w[0] else 0.0) for vid, w in words.items()}
    print('| share of non-English words | voices | exact | diagnosed | coverage / wrong at the default |')
    print('|---|---|---|---|---|')
    for lo, hi in BANDS:
        band = [vid for vid in tally if lo <= share[vid] < hi]
        t = sum((tally[vid] for vid in band), collections.Counter())
        if band:
            label = f"{lo:.0%} and more" if hi > 1 else f"{lo:.0%}–{hi:.0%}"
            print(f"| {label} | {len(band)} | {t['exact'] / t['plans']:.2%} | "
                  f"{t['diagnosed'] / t['diagnostics']:.2%} | {t['covered'] / t['plans']:.2%} / "
                  f"{t['wrong'] / t['answered']:.2%} ({t['wrong']}/{t['answered']}) |")
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
        with open(os.path.join(out_dir, 'english.jsonl'), 'w') as eng, \
                open(os.path.join(out_dir, 'marked.jsonl'), 'w') as marked:
            for vid, record in rows:
                line = json.dumps({k: record[k] for k in ('instruction', 'tools', 'expected')}) + '\n'
                if share[vid] < 0.06:
                    eng.write(line)
                if DONE_MARK.search(record['instruction']):
                    marked.write(line)


if __name__ == '__main__':
    main()
