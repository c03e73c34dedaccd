#!/usr/bin/env python3
"""Echo test sets: the `echo` records of a generated file, with each record's plain-word tool
renamed to a word from the generator's test-half vocabularies (unseen in training).

    codemode generate --seed 62 --count 3000 --echo 1 --split dev \\
        | python3 scripts/echo_set.py > echo62x.jsonl          # renamed: tool words training never saw
    ... | python3 scripts/echo_set.py --keep-names > echo62.jsonl  # training words kept

A record is skipped when the word also occurs in an argument value, an argument or property name
or the output (renaming would change the answer). The renaming keeps the word's casing (`Search`
-> `Publish`, `SEARCH` -> `PUBLISH`) and is seeded, so the same input gives the same output.
"""
import json
import random
import re
import sys

# The generator's training-half echo verbs (crates/datagen/src/render/echo.rs, ECHO_VERBS).
ECHO_VERBS = set(
    "get list fetch create update search send find check sync post read add remove archive "
    "resolve scan export start stop restart deploy close open lookup".split()
)
# Test-half words (crates/datagen/src/vocab.rs, VERBS_TEST and NOUNS_TEST).
TEST_VERBS = (
    "load query publish approve rotate summarize translate schedule cancel enable disable upload "
    "download validate render compute merge assign notify reserve book track".split()
)
TEST_NOUNS = (
    "flight flights hotel hotels recipe recipes song songs playlist playlists patient "
    "patients".split()
)


def word(name):
    return re.compile(r"(?i)(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])" % re.escape(name))


def main():
    keep = "--keep-names" in sys.argv[1:]
    rng = random.Random(5)
    for line in sys.stdin:
        r = json.loads(line)
        if r.get("meta", {}).get("template") != "echo":
            continue
        r.pop("meta", None)
        if keep:
            print(json.dumps(r))
            continue
        calls = r["expected"]["calls"]
        said_twice = [
            c["tool"]
            for c in calls
            if re.fullmatch(r"[a-z]+", c["tool"])
            and len(word(c["tool"]).findall(r["instruction"])) >= 2
        ]
        if not said_twice:
            continue
        old = said_twice[0]
        elsewhere = json.dumps([c["args"] for c in calls]) + json.dumps(
            [[t.get("arguments"), t.get("returns")] for t in r["tools"]]
        ) + json.dumps(r["expected"].get("output"))
        if word(old).search(elsewhere):
            continue
        names = {t["name"] for t in r["tools"]}
        pool = TEST_VERBS if old in ECHO_VERBS else TEST_NOUNS
        new = rng.choice([w for w in pool if w not in names])

        def cased(m):
            w = m.group(0)
            if w.isupper() and len(w) > 1:
                return new.upper()
            return new.capitalize() if w[0].isupper() else new

        r["instruction"] = word(old).sub(cased, r["instruction"])
        for t in r["tools"]:
            if t["name"] == old:
                t["name"] = new
        for c in calls:
            if c["tool"] == old:
                c["tool"] = new
        print(json.dumps(r))


if __name__ == "__main__":
    main()
