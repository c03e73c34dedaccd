#!/usr/bin/env python3
"""Mechanical checks for the hand-written dev set (stdlib only).

Usage: python3 data/dev/check.py [--bin target/debug/codemode] [FILE ...]
(default files: data/dev/hand_written.jsonl, stretch.jsonl, echo_probes.jsonl and personas_*.jsonl, next to
this script).

For every record:
  * the line is a JSON object with exactly "instruction", "tools" and "expected";
  * the record without "expected" goes through `codemode validate`: it must answer {"ok": true},
    unless the record expects a diagnostic (then a frontend diagnostic is allowed too);
  * a plan record goes through `codemode compile` as {"plan": expected, "tools": tools} and must
    answer {"js": ...} (the checker accepts it);
  * a plan is canonical: keys, mode against the number of calls, output kind, fields/limit only on
    one call to an array tool;
  * every string value in a plan is denoted by a JSON string literal of the instruction (escapes
    decoded), every number / boolean appears as such a token, every tool named in the plan appears in
    the instruction as a word, and every field appears as a word (capitalised at most in its first
    letter);
  * in the main set (not the stretch set) every argument name of a plan appears in the instruction as
    a word (capitalised at most in its first letter) or as a JSON key literal ("team": ...);
  * no record repeats another's instruction and catalog;
  * in the stretch set, every plan leaves at least one argument name unsaid (else it belongs in the
    main set).
It prints per-file counts (plans by mode, diagnostics) and exits 1 when anything failed.
"""

import json
import os
import re
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

WORD_CHAR = re.compile(r"[\w$]", re.UNICODE)
# Scripts written without spaces between words (Han, kana, Hangul, Thai, Lao, Khmer, Myanmar): as in
# the lexer, a word ends where one of them meets other word characters (`前5条` is `前`, `5`, `条`).
UNSPACED = (
    "\u0e00-\u0eff\u1000-\u109f\u1100-\u11ff\u1780-\u17ff\u3040-\u30ff\u3130-\u318f"
    "\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f"
    "\U00020000-\U0003ffff"
)
SCRIPT_BOUNDARY = re.compile(
    rf"(?<=[{UNSPACED}])(?=[^{UNSPACED}\W])|(?<=[^{UNSPACED}\W])(?=[{UNSPACED}])"
)


def spaced(text):
    """`text` with a space where a script written without spaces meets other word characters."""
    return SCRIPT_BOUNDARY.sub(" ", text)


def literals(text):
    """The JSON string literals of an instruction (decoded), and the other tokens' texts."""
    strings, others = [], []
    decoder = json.JSONDecoder()
    i, n = 0, len(text)
    cur = []
    while i < n:
        c = text[i]
        if c == '"':
            if cur:
                others.append("".join(cur))
                cur = []
            try:
                value, end = decoder.raw_decode(text, i)
            except json.JSONDecodeError:
                others.append(c)
                i += 1
                continue
            strings.append(value)
            i = end
            continue
        if WORD_CHAR.match(c) or (c in "-." and cur):
            cur.append(c)
        elif c == "-" and not cur:
            cur.append(c)
        else:
            if cur:
                others.append("".join(cur))
                cur = []
            if not c.isspace():
                others.append(c)
        i += 1
    if cur:
        others.append("".join(cur))
    return strings, others


def words(text):
    """Identifier-like words outside string literals."""
    text = spaced(text)
    out = set()
    decoder = json.JSONDecoder()
    i, n = 0, len(text)
    buf = []
    while i < n:
        c = text[i]
        if c == '"':
            try:
                _, end = decoder.raw_decode(text, i)
                if buf:
                    out.add("".join(buf))
                    buf = []
                i = end
                continue
            except json.JSONDecodeError:
                pass
        if WORD_CHAR.match(c):
            buf.append(c)
        else:
            if buf:
                out.add("".join(buf))
                buf = []
        i += 1
    if buf:
        out.add("".join(buf))
    return out


def number_tokens(text):
    found = []
    for m in re.finditer(r"(?<![\w$.])-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w$])", spaced(strip_strings(text))):
        found.append(json.loads(m.group(0)))
    return found


def strip_strings(text):
    decoder = json.JSONDecoder()
    out, i, n = [], 0, len(text)
    while i < n:
        if text[i] == '"':
            try:
                _, end = decoder.raw_decode(text, i)
                out.append(" ")
                i = end
                continue
            except json.JSONDecodeError:
                pass
        out.append(text[i])
        i += 1
    return "".join(out)


def run(binary, command, lines):
    proc = subprocess.run(
        [binary, command],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        sys.exit(f"{binary} {command} exited {proc.returncode}: {proc.stderr}")
    answers = proc.stdout.splitlines()
    if len(answers) != len(lines):
        sys.exit(f"{binary} {command}: {len(answers)} answers for {len(lines)} lines")
    return [json.loads(a) for a in answers]


def plan_problems(plan, tools, instruction, strict_names):
    problems = []
    if set(plan) != {"mode", "calls", "output"}:
        problems.append(f"plan keys {sorted(plan)}")
        return problems
    calls = plan["calls"]
    n = len(calls)
    if plan["mode"] not in ("single", "serial", "parallel"):
        problems.append(f"mode {plan['mode']!r}")
    if (plan["mode"] == "single") != (n == 1):
        problems.append(f"mode {plan['mode']} with {n} calls")
    out = plan["output"]
    if not set(out) <= {"kind", "fields", "limit"} or out.get("kind") not in ("all", "last"):
        problems.append(f"output {out}")
    catalog = {t["name"]: t for t in tools}
    ws = words(instruction)
    strings, _ = literals(instruction)
    nums = number_tokens(instruction)
    text_wo = strip_strings(instruction)
    for i, call in enumerate(calls):
        if set(call) != {"tool", "args"}:
            problems.append(f"call {i + 1} keys {sorted(call)}")
            continue
        if call["tool"] not in ws:
            problems.append(f"call {i + 1}: tool {call['tool']} is not a word of the instruction")
        for name, value in call["args"].items():
            # A name may open a sentence with a capital (`Body: "..."`); that is still saying it.
            capitalised = name[:1].upper() + name[1:]
            if strict_names and name not in ws and capitalised not in ws and name not in strings:
                problems.append(f"call {i + 1}: argument name {name!r} not in the instruction")
            if isinstance(value, bool):
                if not re.search(r"(?<![\w$])" + ("true" if value else "false") + r"(?![\w$])", text_wo):
                    problems.append(f"call {i + 1}: {value} not in the instruction")
            elif isinstance(value, str):
                if value not in strings:
                    problems.append(f"call {i + 1}: {json.dumps(value)} is no string literal of the instruction")
            elif isinstance(value, (int, float)):
                if not any(v == value and type(v) is type(value) or v == value for v in nums):
                    problems.append(f"call {i + 1}: number {value} not in the instruction")
            else:
                problems.append(f"call {i + 1}: value {value!r} of an unsupported type")
    if "fields" in out or "limit" in out:
        if n != 1:
            problems.append("fields/limit on a multi-call plan")
        elif calls[0]["tool"] in catalog and catalog[calls[0]["tool"]]["returns"]["kind"] != "array":
            problems.append("fields/limit on a non-array tool")
    for f in out.get("fields", []):
        # A field may open a sentence with a capital too (`Headline and filed_at only`).
        if f not in ws and f[:1].upper() + f[1:] not in ws and f not in strings:
            problems.append(f"field {f!r} is not a word of the instruction")
    if "limit" in out and out["limit"] not in nums:
        problems.append(f"limit {out['limit']} is not a number of the instruction")
    return problems


def check_file(binary, path, strict_names):
    with open(path, encoding="utf-8") as fh:
        raw = [line.rstrip("\n") for line in fh]
    records, failures = [], []
    for lineno, line in enumerate(raw, 1):
        if not line.strip():
            failures.append(f"{path}:{lineno}: empty line")
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            failures.append(f"{path}:{lineno}: not JSON: {e}")
            continue
        if not isinstance(rec, dict) or set(rec) != {"instruction", "tools", "expected"}:
            failures.append(f"{path}:{lineno}: keys must be instruction, tools, expected")
            continue
        records.append((lineno, rec))

    seen = {}
    for lineno, rec in records:
        key = json.dumps([rec["instruction"], rec["tools"]], sort_keys=True)
        if key in seen:
            failures.append(f"{path}:{lineno}: same instruction and catalog as line {seen[key]}")
        seen[key] = lineno

    inputs = [json.dumps({"instruction": r["instruction"], "tools": r["tools"]}, ensure_ascii=False) for _, r in records]
    validated = run(binary, "validate", inputs)
    plan_idx = [k for k, (_, r) in enumerate(records) if r["expected"] != {"diagnostic": True}]
    compiled = run(
        binary,
        "compile",
        [json.dumps({"plan": records[k][1]["expected"], "tools": records[k][1]["tools"]}, ensure_ascii=False) for k in plan_idx],
    )
    compiled = dict(zip(plan_idx, compiled))

    counts = Counter()
    frontend_diag = 0
    for k, (lineno, rec) in enumerate(records):
        exp = rec["expected"]
        diag = exp == {"diagnostic": True}
        v = validated[k]
        where = f"{path}:{lineno}"
        if v != {"ok": True}:
            if diag and "diagnostic" in v:
                frontend_diag += 1
            else:
                failures.append(f"{where}: validate answered {v}")
        if diag:
            counts["diagnostic"] += 1
            continue
        if not isinstance(exp, dict) or "diagnostic" in exp:
            failures.append(f"{where}: expected must be a plan or {{\"diagnostic\": true}}")
            continue
        c = compiled[k]
        if "js" not in c:
            failures.append(f"{where}: compile answered {c}")
        for p in plan_problems(exp, rec["tools"], rec["instruction"], strict_names):
            failures.append(f"{where}: {p}")
        if not strict_names:
            ws = words(rec["instruction"])
            named = [n for c in exp.get("calls", []) for n in c.get("args", {}) if n in ws]
            total_args = sum(len(c.get("args", {})) for c in exp.get("calls", []))
            if len(named) == total_args:
                failures.append(f"{where}: every argument is named, this record belongs in the main set")
        counts[exp.get("mode", "?")] += 1
        if "fields" in exp.get("output", {}):
            counts["with fields"] += 1
        if "limit" in exp.get("output", {}):
            counts["with limit"] += 1

    total = len(records)
    plans = total - counts["diagnostic"]
    print(f"{os.path.relpath(path, ROOT)}: {total} records")
    print(f"  plans: {plans} (single {counts['single']}, serial {counts['serial']}, parallel {counts['parallel']}; "
          f"with fields {counts['with fields']}, with limit {counts['with limit']})")
    print(f"  diagnostics: {counts['diagnostic']} ({100.0 * counts['diagnostic'] / max(total, 1):.1f}%), "
          f"of which the frontend diagnoses {frontend_diag}")
    return failures


def main():
    args = sys.argv[1:]
    binary = os.path.join(ROOT, "target", "debug", "codemode")
    if args[:1] == ["--bin"]:
        binary, args = args[1], args[2:]
    files = args or [
        os.path.join(HERE, name)
        for name in ("hand_written.jsonl", "stretch.jsonl", "echo_probes.jsonl", "personas_a.jsonl",
                     "personas_b.jsonl", "personas_c.jsonl", "personas_d.jsonl",
                     "personas_e.jsonl", "personas_f.jsonl",
                     "personas_g.jsonl", "personas_h.jsonl", "personas_i.jsonl",
                     "personas_j.jsonl", "personas_k.jsonl")
    ]
    failures = []
    for f in files:
        failures += check_file(binary, f, strict_names=os.path.basename(f) != "stretch.jsonl")
    for msg in failures:
        print("FAIL", msg)
    print("all checks passed" if not failures else f"{len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
