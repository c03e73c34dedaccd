#!/usr/bin/env python3
"""Misspells one prose word per labeled record, keeping its expected answer: a check of how the
planner reads typos (`codemode eval` on the output).

usage: scripts/misspell.py FILE [SHARE] [SEED] [MIN_LEN] > OUT

In each record (with probability SHARE, default 1), one word of MIN_LEN (default 5) letters or more is chosen at
random among the instruction's prose: not inside a string literal or backticks, not a tool,
argument or declared property name of the record's catalog, not `true`/`false`/`null`, not glued
to `_`, `$`, `(`, `=` or `:`. One letter inside it (never the first or last) is dropped, doubled,
swapped with the next or replaced. Lines that are not JSON objects pass through unchanged.
"""
import json
import random
import re
import sys

WORD = re.compile(r'"(?:\\.|[^"\\])*"|`[^`]*`|[A-Za-z]+')


def catalog_names(tools):
    names = set()
    for tool in tools if isinstance(tools, list) else []:
        if not isinstance(tool, dict):
            continue
        names.add(str(tool.get("name", "")).lower())
        arguments = tool.get("arguments")
        names.update(a.lower() for a in arguments if isinstance(arguments, dict))
        returns = tool.get("returns")
        if isinstance(returns, dict) and isinstance(returns.get("properties"), list):
            names.update(str(p).lower() for p in returns["properties"])
    return names


def misspell(text, names, rng, min_len=5):
    spots = []
    for m in WORD.finditer(text):
        word = m.group(0)
        if word[0] in '"`' or len(word) < min_len or word.lower() in names:
            continue
        if word.lower() in ("true", "false", "null"):
            continue
        before = text[m.start() - 1] if m.start() > 0 else " "
        after = text[m.end()] if m.end() < len(text) else " "
        if before in "_$" or before.isalnum() or after in "_(=:$":
            continue
        spots.append(m)
    if not spots:
        return text
    m = rng.choice(spots)
    letters = list(m.group(0))
    k = rng.randrange(1, len(letters) - 1)
    op = rng.randrange(4)
    if op == 0:
        del letters[k]
    elif op == 1:
        letters.insert(k, letters[k])
    elif op == 2:
        letters[k], letters[k + 1] = letters[k + 1], letters[k]
    else:
        letters[k] = rng.choice("abcdefghijklmnopqrstuvwxyz")
    return text[: m.start()] + "".join(letters) + text[m.end():]


def main():
    path = sys.argv[1]
    share = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    min_len = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    with open(path, encoding="utf-8", errors="surrogatepass") as f:
        for line in f:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                sys.stdout.write(line)
                continue
            if isinstance(record, dict) and isinstance(record.get("instruction"), str):
                if rng.random() < share:
                    names = catalog_names(record.get("tools"))
                    record["instruction"] = misspell(record["instruction"], names, rng, min_len)
            print(json.dumps(record))


if __name__ == "__main__":
    main()
