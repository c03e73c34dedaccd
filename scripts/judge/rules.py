"""Judge a candidate pair against the pair that stands, from two folders of `eval.sh` reports.

    python3 scripts/judge/rules.py BASE CAND             the six rules of a candidate pair
    python3 scripts/judge/rules.py --distance BASE CAND  the distance's rules (a) and (b): CAND is
                                                         BASE's pair calibrated with a reference
    python3 scripts/judge/rules.py --tolerant BASE CAND  the rules as restated at 16:24 UTC on
                                                         2026-12-06, with the trade rule's tolerances
    python3 scripts/judge/rules.py --voices BASE CAND    the rules as restated at 04:48 UTC on
                                                         2026-12-07: judged on the voices no network
                                                         was trained on (blind80, calibrate97)
    python3 scripts/judge/rules.py --voices-wide BASE CAND
                                                         the --voices rules with rule (4)'s persona
                                                         guard as restated at 09:30 UTC on
                                                         2026-12-07: judged like the other guards
    python3 scripts/judge/rules.py --spread CAND BASE DRAW...
                                                         the rules as restated at 18:58 UTC on
                                                         2026-12-07: against the spread of several
                                                         draws of the standing recipe (BASE, the
                                                         shipped draw, first), each folder also
                                                         holding shared51.json (shared.py's plans)
    python3 scripts/judge/rules.py --spread-table DRAW...
                                                         the figures --spread reads, one row a draw
    python3 scripts/judge/rules.py --sets                the groups eval.sh reads (GROUPS but the
                                                         hand-written set, which it reads apart)

Both print a table row per group (exact plans at threshold 0; coverage / wrong share at the
default threshold; AURC; diagnostics found) and each rule's verdict. The rules are those of
docs/experiments-people.md: rules (2) and (3) as first written and as restated for PMP15 (the
restated ones decide), rule (5) as restated before PMP13's figures; rule (8), the repeated-tool set read exactly, as written
after K4 was withdrawn (docs/experiments-people-2.md).
"""
import json
import os
import sys

HELD = ['held8', 'held21', 'held44']
HELD_BAR = 17607  # the shipped pair's 17,783 of 18,222 less half a point
# The tolerances of the rules as restated for candidates trained after 16:24 UTC, 2026-12-06 (the
# trade rule's (b), docs/experiments-rules.md): exact plans at threshold 0 on the people's groups
# at most 0.1 points below the base's, the pooled held-out wrong share at most 0.05 points above.
EXACT_SLACK = 0.001
HELD_WRONG_SLACK = 0.0005
GROUPS = ['blind42', 'blind29', 'blind13', 'blind12', 'blind12b', 'blind35', 'blind17', 'blind11',
          'blind16', 'blind6', 'blind18', 'blind15', 'blind25', 'blind15n', 'blind14w', 'blind11t', 'blind105', 'calibrate26', 'persona12',
          'calibrate8', 'calibrate22', 'calibrate9new', 'calibrate-newest', 'blind80', 'calibrate97',
          *HELD, 'dev8',
          'hand_written']


def load(folder, group):
    with open(os.path.join(folder, group + '.json')) as f:
        return json.load(f)


def at_default(report):
    """The thresholds row of the report's default threshold."""
    c = report['confidence']
    return min(c['thresholds'], key=lambda row: abs(row['threshold'] - c['default_threshold']))


def wrong_at_coverage(report, coverage):
    """The risk-coverage curve read at COVERAGE: the last point answering no more than that."""
    point = None
    for cov, wrong in report['confidence']['curve']:
        if cov <= coverage + 1e-12:
            point = (cov, wrong)
    return point


def exact_share(report):
    return report['exact'] / report['plan_records']


def cell(report):
    d = at_default(report)
    text = (f"{100 * exact_share(report):.2f}%; {100 * d['coverage']:.2f}% / "
            f"{100 * d['wrong_share']:.2f}% ({d['wrong']}/{d['answered']}); "
            f"AURC {report['confidence']['aurc']:.4f}")
    if report['diagnostic_records']:
        text += f"; diagnosed {report['diagnosed']}/{report['diagnostic_records']}"
    return text


def table(base, cand):
    t = (load(base, 'held8')['confidence']['default_threshold'],
         load(cand, 'held8')['confidence']['default_threshold'])
    print(f"| group | base ({t[0]:.3f}) | candidate ({t[1]:.3f}) |")
    print("|---|---|---|")
    for g in GROUPS:
        print(f"| {g} | {cell(load(base, g))} | {cell(load(cand, g))} |")


def people_rule(base, cand, group, first_slack, exact_slack=0.0):
    """Rules (2)/(3): as first written (exact at 0 no more than FIRST_SLACK lower, default wrong
    share no higher) and as restated (exact at 0 no more than EXACT_SLACK lower, 0 until the
    tolerant restatement, and the default wrong share no higher or a lower AURC with a wrong share
    no higher at the base pair's default coverage)."""
    a, b = load(base, group), load(cand, group)
    da, db = at_default(a), at_default(b)
    read = wrong_at_coverage(b, da['coverage'])
    aurc_a, aurc_b = a['confidence']['aurc'], b['confidence']['aurc']
    first = exact_share(b) >= exact_share(a) - first_slack and db['wrong_share'] <= da['wrong_share']
    restated = exact_share(b) >= exact_share(a) - exact_slack and (
        db['wrong_share'] <= da['wrong_share']
        or (aurc_b < aurc_a and read is not None and read[1] <= da['wrong_share']))
    at = 'none' if read is None else f"{100 * read[1]:.2f}% (coverage {100 * read[0]:.2f}%)"
    print(f"  {group}: exact {100 * exact_share(a):.2f} -> {100 * exact_share(b):.2f}%; default wrong "
          f"{100 * da['wrong_share']:.2f} -> {100 * db['wrong_share']:.2f}%; AURC {aurc_a:.4f} -> "
          f"{aurc_b:.4f}; candidate at the base's default coverage {100 * da['coverage']:.2f}%: {at}")
    print(f"  {group}: as first written {first}; restated {restated}")
    return restated


def pooled_held(folder):
    exact = sum(load(folder, g)['exact'] for g in HELD)
    wrong = sum(at_default(load(folder, g))['wrong'] for g in HELD)
    answered = sum(at_default(load(folder, g))['answered'] for g in HELD)
    return exact, wrong, answered


def bfcl_rule(base, cand):
    """Rule (1): no wrong BFCL answer and no invalid plan in any group."""
    bfcl = load(cand, 'bfcl')['wrong']
    invalid = sum(load(cand, g)['invalid_plans'] for g in GROUPS)
    met = bfcl == 0 and invalid == 0
    print(f"(1) BFCL wrong {load(base, 'bfcl')['wrong']} -> {bfcl}; invalid plans {invalid}: {met}")
    return met


def persona_rule(base, cand, label):
    """The persona voices at most 0.5 points lower, printed after LABEL."""
    a, b = exact_share(load(base, 'persona12')), exact_share(load(cand, 'persona12'))
    met = b >= a - 0.005
    print(f"{label}persona voices {100 * a:.2f} -> {100 * b:.2f}%: {met}")
    return met


def hand_written_rule(base, cand):
    """Rule (6): at least 199 plans and 86 diagnoses of the hand-written set."""
    a, b = load(base, 'hand_written'), load(cand, 'hand_written')
    met = b['exact'] >= 199 and b['diagnosed'] >= 86
    print(f"(6) hand-written plans {a['exact']} -> {b['exact']}, diagnoses {a['diagnosed']} -> "
          f"{b['diagnosed']}: {met} (the p99 and the file size are measured apart)")
    return met


def repeated_rule(cand):
    """Rule (8), written after K4 was withdrawn: the repeated-tool set (a tool called again later
    in a serial plan) read exactly; None when the reports hold no reading of it (an older build)."""
    path = os.path.join(cand, 'repeated_tools.json')
    if not os.path.exists(path):
        print("(8) repeated-tool set: not read (eval.sh of an older build)")
        return None
    r = load(cand, 'repeated_tools')
    met = r['exact'] == r['plan_records']
    print(f"(8) repeated-tool set: {r['exact']} of {r['plan_records']} exact at threshold 0: {met}")
    return met


def candidate_rules(base, cand, tolerant=False):
    exact_slack = EXACT_SLACK if tolerant else 0.0
    held_slack = HELD_WRONG_SLACK if tolerant else 0.0
    if tolerant:
        print("rules as restated at 16:24 UTC, 2026-12-06: exact at most 0.1 points lower on (2) "
              "and (3), held-out wrong share at most 0.05 points higher on (5)")
    ok = {1: bfcl_rule(base, cand)}
    print("(2) the 42 blind voices read first")
    ok[2] = people_rule(base, cand, 'blind42', 0.0, exact_slack)
    print("(3) the 26 calibrate voices written for the split")
    ok[3] = people_rule(base, cand, 'calibrate26', 0.005, exact_slack)
    ok[4] = persona_rule(base, cand, "(4) ")
    ea, wa, na = pooled_held(base)
    eb, wb, nb = pooled_held(cand)
    ok[5] = eb >= HELD_BAR and wb / nb <= wa / na + held_slack
    print(f"(5) held-out exact {ea} -> {eb} (at least {HELD_BAR}); pooled wrong at the default "
          f"{100 * wa / na:.2f}% ({wa}/{na}) -> {100 * wb / nb:.2f}% ({wb}/{nb}): {ok[5]}")
    ok[6] = hand_written_rule(base, cand)
    repeated = repeated_rule(cand)
    if repeated is not None:
        ok[8] = repeated
    return all(ok.values())


def unseen_rule(base, cand, group):
    """Rules (2)/(3) as restated at 04:48 UTC, 2026-12-07: at threshold 0 no fewer exact plans and
    no fewer diagnosed unsupported requests; at the default a wrong share no higher, or no higher
    at the base's default coverage."""
    a, b = load(base, group), load(cand, group)
    da, db = at_default(a), at_default(b)
    read = wrong_at_coverage(b, da['coverage'])
    met = (b['exact'] >= a['exact'] and b['diagnosed'] >= a['diagnosed'] and (
        db['wrong_share'] <= da['wrong_share']
        or (read is not None and read[1] <= da['wrong_share'])))
    at = 'none' if read is None else f"{100 * read[1]:.2f}% (coverage {100 * read[0]:.2f}%)"
    print(f"  {group}: exact {a['exact']} -> {b['exact']} of {a['plan_records']}; diagnosed "
          f"{a['diagnosed']} -> {b['diagnosed']} of {a['diagnostic_records']}; default wrong "
          f"{100 * da['wrong_share']:.2f}% ({da['wrong']}/{da['answered']}) -> "
          f"{100 * db['wrong_share']:.2f}% ({db['wrong']}/{db['answered']}); candidate at the "
          f"base's default coverage {100 * da['coverage']:.2f}%: {at}: {met}")
    return met


def guard_rule(base, cand, group):
    """Rule (4) as restated at 04:48 UTC, 2026-12-07: exact plans at threshold 0 at most 1 point
    lower, the wrong share at the default at most 0.5 points higher."""
    a, b = load(base, group), load(cand, group)
    da, db = at_default(a), at_default(b)
    met = exact_share(b) >= exact_share(a) - 0.01 and db['wrong_share'] <= da['wrong_share'] + 0.005
    print(f"  {group}: exact {100 * exact_share(a):.2f} -> {100 * exact_share(b):.2f}%; default "
          f"wrong {100 * da['wrong_share']:.2f} -> {100 * db['wrong_share']:.2f}%: {met}")
    return met


def voices_rules(base, cand, wide=False):
    """The eight rules as restated at 04:48 UTC, 2026-12-07 (docs/experiments-people-3.md): judged
    on the voices no network was trained on, the older groups and the held-out split as guards.
    WIDE: the persona guard as restated at 09:30 UTC, 2026-12-07, judged like the other two guards
    of (4) (exact at most 1 point lower, wrong share at the default at most 0.5 points higher)."""
    print("rules as restated at 04:48 UTC, 2026-12-07: judged on the voices no network was trained on")
    if wide:
        print("persona guard as restated at 09:30 UTC, 2026-12-07: judged like the other guards of (4)")
    ok = {1: bfcl_rule(base, cand)}
    print("(2) the 80 blind voices no network was trained on")
    ok[2] = unseen_rule(base, cand, 'blind80')
    print("(3) the 97 calibrate voices after pdqz")
    ok[3] = unseen_rule(base, cand, 'calibrate97')
    print("(4) guards")
    ok[4] = guard_rule(base, cand, 'blind42') & guard_rule(base, cand, 'calibrate26')
    ok[4] &= guard_rule(base, cand, 'persona12') if wide else persona_rule(base, cand, "  ")
    ea, wa, na = pooled_held(base)
    eb, wb, nb = pooled_held(cand)
    ok[5] = eb >= HELD_BAR and wb / nb <= 0.01
    print(f"(5) held-out exact {ea} -> {eb} (at least {HELD_BAR}); pooled wrong at the default "
          f"{100 * wa / na:.2f}% ({wa}/{na}) -> {100 * wb / nb:.2f}% ({wb}/{nb}), at most 1.00%: {ok[5]}")
    ok[6] = hand_written_rule(base, cand)
    ok[8] = repeated_rule(cand)
    return all(ok.values())


def spread_rules(cand, draws):
    """The rules as restated at 18:58 UTC, 2026-12-07 (docs/experiments-people-3.md, K41): each
    count of (2), (3), (5) and (6) against the lowest of DRAWS (folders of several draws of the
    standing recipe, the shipped one first), each wrong share against the highest; (1), (4) and
    (8) as in voices_rules against the shipped draw; and (9), the trade a shared-value candidate
    is for: on shared51, more exact plans than every draw and no more wrong at the default than
    the fewest."""
    base = draws[0]
    print(f"rules as restated at 18:58 UTC, 2026-12-07: against the spread of {len(draws)} draws")
    ok = {1: bfcl_rule(base, cand)}
    for rule, group in [(2, 'blind80'), (3, 'calibrate97')]:
        b = load(cand, group)
        reads = [load(d, group) for d in draws]
        least_exact = min(r['exact'] for r in reads)
        least_diagnosed = min(r['diagnosed'] for r in reads)
        worst = max((at_default(r) for r in reads), key=lambda row: row['wrong_share'])
        bound = worst['wrong_share']
        read = wrong_at_coverage(b, worst['coverage'])
        db = at_default(b)
        ok[rule] = (b['exact'] >= least_exact and b['diagnosed'] >= least_diagnosed and (
            db['wrong_share'] <= bound or (read is not None and read[1] <= bound)))
        at = 'none' if read is None else f"{100 * read[1]:.2f}%"
        print(f"({rule}) {group}: exact {b['exact']} (at least {least_exact}); diagnosed "
              f"{b['diagnosed']} (at least {least_diagnosed}); default wrong "
              f"{100 * db['wrong_share']:.2f}% (at most {100 * bound:.2f}%; at that draw's "
              f"coverage {100 * worst['coverage']:.2f}%: {at}): {ok[rule]}")
    print("(4) guards against the shipped draw")
    ok[4] = guard_rule(base, cand, 'blind42') & guard_rule(base, cand, 'calibrate26')
    ok[4] &= guard_rule(base, cand, 'persona12')
    eb, wb, nb = pooled_held(cand)
    held = [pooled_held(d) for d in draws]
    bound = max(w / n for _, w, n in held)
    ok[5] = eb >= HELD_BAR and wb / nb <= bound
    print(f"(5) held-out exact {eb} (at least {HELD_BAR}); pooled wrong at the default "
          f"{100 * wb / nb:.2f}% ({wb}/{nb}), at most {100 * bound:.2f}%: {ok[5]}")
    hand = [load(d, 'hand_written') for d in draws]
    b = load(cand, 'hand_written')
    least = (min(r['exact'] for r in hand), min(r['diagnosed'] for r in hand))
    ok[6] = b['exact'] >= least[0] and b['diagnosed'] >= least[1]
    print(f"(6) hand-written plans {b['exact']} (at least {least[0]}), diagnoses {b['diagnosed']} "
          f"(at least {least[1]}): {ok[6]}")
    ok[8] = repeated_rule(cand)
    shared = [load(d, 'shared51') for d in draws]
    b = load(cand, 'shared51')
    wrong = at_default(b)['wrong']
    most_exact = max(r['exact'] for r in shared)
    fewest_wrong = min(at_default(r)['wrong'] for r in shared)
    ok[9] = b['exact'] > most_exact and wrong <= fewest_wrong
    print(f"(9) shared-value plans: exact {b['exact']} of {b['plan_records']} (more than "
          f"{most_exact}); wrong at the default {wrong} (at most {fewest_wrong}): {ok[9]}")
    return all(ok.values())


def spread_table(draws):
    """Each draw's figures on the groups the spread rules read."""
    print("| draw | blind80 exact; diagnosed; wrong | calibrate97 exact; diagnosed; wrong | "
          "held-out exact; pooled wrong | hand-written | shared51 exact; wrong |")
    print("|---|---|---|---|---|---|")
    for d in draws:
        cells = []
        for g in ['blind80', 'calibrate97']:
            r = load(d, g)
            cells.append(f"{r['exact']}; {r['diagnosed']}; {100 * at_default(r)['wrong_share']:.2f}%")
        e, w, n = pooled_held(d)
        cells.append(f"{e}; {100 * w / n:.2f}%")
        h = load(d, 'hand_written')
        cells.append(f"{h['exact']}, {h['diagnosed']}")
        s = load(d, 'shared51')
        cells.append(f"{s['exact']}; {at_default(s)['wrong']} of {at_default(s)['answered']}")
        print(f"| {os.path.basename(d.rstrip('/'))} | " + " | ".join(cells) + " |")


def distance_rules(base, cand):
    ok = True
    for g in ['blind42', 'blind12', 'held44']:
        a, b = load(base, g)['confidence']['aurc'], load(cand, g)['confidence']['aurc']
        print(f"(a) {g} AURC {a:.4f} -> {b:.4f}: {b < a}")
        ok &= b < a
    for g in ['blind42', 'held44']:
        a, b = at_default(load(base, g)), at_default(load(cand, g))
        met = b['wrong_share'] <= a['wrong_share'] and b['coverage'] >= a['coverage'] - 0.01
        print(f"(b) {g} at the default {100 * a['coverage']:.2f}% / {100 * a['wrong_share']:.2f}% -> "
              f"{100 * b['coverage']:.2f}% / {100 * b['wrong_share']:.2f}%: {met}")
        ok &= met
    return ok


def main():
    args = sys.argv[1:]
    if args == ['--sets']:
        print(' '.join(g for g in GROUPS if g != 'hand_written'))
        return
    if args[:1] == ['--spread'] and len(args) >= 3:
        cand, draws = args[1], args[2:]
        spread_table(draws + [cand])
        met = spread_rules(cand, draws)
        print('all rules met' if met else 'NOT all rules met')
        return
    if args[:1] == ['--spread-table']:
        spread_table(args[1:])
        return
    distance = '--distance' in args
    tolerant = '--tolerant' in args
    wide = '--voices-wide' in args
    voices = '--voices' in args or wide
    args = [a for a in args if a not in ('--distance', '--tolerant', '--voices', '--voices-wide')]
    if len(args) != 2:
        sys.exit(__doc__)
    base, cand = args
    table(base, cand)
    if distance:
        met = distance_rules(base, cand)
    elif voices:
        met = voices_rules(base, cand, wide)
    else:
        met = candidate_rules(base, cand, tolerant)
    print('all rules met' if met else 'NOT all rules met')


if __name__ == '__main__':
    main()
