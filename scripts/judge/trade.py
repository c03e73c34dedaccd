"""trade.py WITH WITHOUT [GROUP ...]: the trade rule for removing a decoding rule or residual check
(docs/experiments-rules.md, 2026-12-06 09:02 UTC), from two folders of `codemode eval --json`
reports: the model that stands read by a build with the rule (WITH) and by one without it
(WITHOUT), each build having recalibrated the model on the same files.

(a) pooled over the people's groups no member trained on (GROUP ..., default the 42 and 35 blind
voices, the 26 and the 6 newest calibrate voices), with R, W the exact and wrong plans answered
at the default with the rule and R', W' without it: removed when R' >= R and W' <= W; or it
answers less and at least one in ten of the plans it no longer answers was wrong; or it answers
more and at most one in a hundred of the plans it adds is wrong. (b) held-out seeds 8 + 21 + 44:
at most 0.1 points fewer exact plans at threshold 0 and a wrong share at the default at most
0.05 points higher. (c) the hand-written set: no fewer exact plans, no fewer diagnoses, no more
wrong plans at the default.
"""
import sys

from rules import HELD, at_default, load, pooled_held

PEOPLE = ['blind42', 'blind35', 'calibrate26', 'calibrate-newest']


def pooled(folder, groups):
    rows = [at_default(load(folder, g)) for g in groups]
    return sum(r['exact'] for r in rows), sum(r['wrong'] for r in rows)


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    with_rule, without, groups = args[0], args[1], args[2:] or PEOPLE
    r, w = pooled(with_rule, groups)
    r2, w2 = pooled(without, groups)
    if r2 >= r and w2 <= w:
        a = True
    elif r2 < r:
        a = w2 < w and (w - w2) >= 0.1 * ((r - r2) + (w - w2))
    else:
        a = (w2 - w) <= 0.01 * ((r2 - r) + (w2 - w))
    print(f"(a) {', '.join(groups)}: exact answered {r} -> {r2}, wrong answered {w} -> {w2} "
          f"(wrong share {100 * w / (r + w):.3f}% -> {100 * w2 / (r2 + w2):.3f}%): {a}")
    (e0, w0, n0), (e1, w1, n1) = pooled_held(with_rule), pooled_held(without)
    plans = sum(load(with_rule, g)['plan_records'] for g in HELD)
    b = e1 >= e0 - 0.001 * plans and w1 / n1 <= w0 / n0 + 0.0005
    print(f"(b) held-out exact {e0} -> {e1} of {plans}; wrong share at the default "
          f"{100 * w0 / n0:.3f}% -> {100 * w1 / n1:.3f}%: {b}")
    h = [load(f, 'hand_written') for f in (with_rule, without)]
    hw = [at_default(x)['wrong'] for x in h]
    c = h[1]['exact'] >= h[0]['exact'] and h[1]['diagnosed'] >= h[0]['diagnosed'] and hw[1] <= hw[0]
    print(f"(c) hand-written exact {h[0]['exact']} -> {h[1]['exact']}, diagnosed {h[0]['diagnosed']} -> "
          f"{h[1]['diagnosed']}, wrong at the default {hw[0]} -> {hw[1]}: {c}")
    print('remove it' if a and b and c else 'keep it')


if __name__ == '__main__':
    main()
