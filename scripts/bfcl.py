#!/usr/bin/env python3
"""BFCL's data, from the pinned `bfcl-eval` wheel on PyPI, converted into three JSON-lines files.

The Berkeley Function Calling Leaderboard (github.com/ShishirPatil/gorilla, Apache License 2.0)
ships its questions, function docs and answer keys in the `bfcl-eval` package. This script
downloads the pinned wheel with pip (no install, no dependencies), checks its SHA-256, reads
`bfcl_eval/data/` straight from the zip and writes into OUT (default: `$CARGO_TARGET_DIR/bfcl`,
else `target/bfcl` of the repository):

  eligible.jsonl   the planner records of the BFCL probe (`codemode eval --bfcl`);
  functions.jsonl  the pooled function docs of every category, one line per distinct function;
  queries.jsonl    every single-turn question with an answer key: the functions it offers and the
                   ones its answer calls (the retrieval benchmark's queries).

docs/bfcl.md describes each file's lines.

Usage:
  python3 scripts/bfcl.py [--if-needed] [--out DIR] [--wheel FILE]

  --if-needed  do nothing when OUT holds the files this version of the script writes
  --out DIR    where the wheel and the files go
  --wheel FILE use this copy of the wheel instead of downloading it (its SHA-256 is still checked)

The tests run it with --if-needed themselves, so `cargo test` works on a fresh clone; .ci/run runs
it first. Runs that overlap wait for each other (a lock file in OUT). Needs python3 with pip, or
with venv (pip then comes from a venv made in OUT).
"""

import argparse
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections import Counter
from pathlib import Path

VERSION = "2026.3.23"
WHEEL = f"bfcl_eval-{VERSION}-py3-none-any.whl"
SHA256 = "3bb6dfa5f0c68ad403c9ec50b00db2bb3b4cc9b38ab1ff33f48fe30d853d3a0a"

DATA = "bfcl_eval/data/"
OUTPUTS = ("eligible.jsonl", "functions.jsonl", "queries.jsonl")

# The categories of the planner probe, in the order of its records.
ELIGIBLE_CATEGORIES = [
    "simple_python",
    "multiple",
    "parallel",
    "parallel_multiple",
    "irrelevance",
    "live_simple",
]
# The single-turn categories (BFCL's own list), in the order of queries.jsonl. Only those with an
# answer key (`possible_answer/`) give queries; all of them give function docs.
SINGLE_TURN_CATEGORIES = [
    "simple_python",
    "simple_java",
    "simple_javascript",
    "multiple",
    "parallel",
    "parallel_multiple",
    "irrelevance",
    "live_simple",
    "live_multiple",
    "live_parallel",
    "live_parallel_multiple",
    "live_irrelevance",
    "live_relevance",
]
# Categories whose records name classes (`involved_classes`) instead of listing function docs.
CLASS_CATEGORIES = [
    "multi_turn_base",
    "multi_turn_long_context",
    "multi_turn_miss_func",
    "multi_turn_miss_param",
    "memory",
    "web_search",
]
# BFCL's class → function-doc files (bfcl_eval/constants/executable_backend_config.py); the
# memory records name `MemoryAPI`, which BFCL runs over each of its three backends.
CLASS_DOCS = {
    "GorillaFileSystem": ["gorilla_file_system"],
    "MathAPI": ["math_api"],
    "MessageAPI": ["message_api"],
    "TwitterAPI": ["posting_api"],
    "TicketAPI": ["ticket_api"],
    "TradingBot": ["trading_bot"],
    "TravelAPI": ["travel_booking"],
    "VehicleControlAPI": ["vehicle_control"],
    "WebSearchAPI": ["web_search"],
    "MemoryAPI": ["memory_kv", "memory_rec_sum", "memory_vector"],
}

IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
PLANNER_TYPES = {"string": "string", "integer": "number", "float": "number", "boolean": "boolean"}


def default_out():
    target = os.environ.get("CARGO_TARGET_DIR")
    if target:
        return Path(target) / "bfcl"
    return Path(__file__).resolve().parent.parent / "target" / "bfcl"


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pip_command(out):
    """A command that runs pip: this Python's, or else a venv's made in OUT."""
    probe = subprocess.run(
        [sys.executable, "-m", "pip", "--version"], capture_output=True, check=False
    )
    if probe.returncode == 0:
        return [sys.executable, "-m", "pip"]
    venv = out / "venv"
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, stdout=sys.stderr)
    return [str(python), "-m", "pip"]


def fetch_wheel(out, local):
    """The path of the checked wheel in OUT: copied from LOCAL, kept from before, or downloaded."""
    wheel = out / WHEEL
    if local is not None:
        shutil.copyfile(local, wheel)
    elif not wheel.exists() or sha256(wheel) != SHA256:
        with tempfile.TemporaryDirectory(dir=out) as tmp:
            command = pip_command(out) + [
                "download",
                f"bfcl-eval=={VERSION}",
                "--no-deps",
                "--only-binary=:all:",
                "--disable-pip-version-check",
                "--quiet",
                "--dest",
                tmp,
            ]
            subprocess.run(command, check=True, stdout=sys.stderr)
            os.replace(Path(tmp) / WHEEL, wheel)
    found = sha256(wheel)
    if found != SHA256:
        wheel.unlink()
        sys.exit(f"bfcl.py: {WHEEL} has SHA-256 {found}, not the pinned {SHA256}")
    return wheel


class Data:
    """The JSON-lines files of `bfcl_eval/data/` in the wheel."""

    def __init__(self, wheel):
        self.zip = zipfile.ZipFile(wheel)

    def has(self, name):
        try:
            self.zip.getinfo(DATA + name)
            return True
        except KeyError:
            return False

    def names(self, folder):
        """The names of the files right inside FOLDER."""
        prefix = DATA + folder
        return [
            n[len(prefix) :]
            for n in self.zip.namelist()
            if n.startswith(prefix) and "/" not in n[len(prefix) :]
        ]

    def lines(self, name):
        text = self.zip.read(DATA + name).decode("utf-8")
        return [json.loads(line) for line in text.splitlines() if line.strip()]

    def records(self, category):
        return self.lines(f"BFCL_v4_{category}.json")

    def answers(self, category):
        """The answer key of CATEGORY by id, or None when it has none."""
        name = f"possible_answer/BFCL_v4_{category}.json"
        if not self.has(name):
            return None
        return {r["id"]: r["ground_truth"] for r in self.lines(name)}


def first_turn(record):
    """The user messages of the record's first turn, joined by newlines."""
    return "\n".join(m["content"] for m in record["question"][0] if m["role"] == "user")


def planner_tool(function):
    """The planner's tool for a BFCL function, or None when it does not fit the planner's input."""
    parameters = function["parameters"]
    properties = parameters.get("properties", {})
    if not IDENTIFIER.match(function["name"]) or len(properties) > 4:
        return None
    if any(p.get("type") not in PLANNER_TYPES for p in properties.values()):
        return None
    return {
        "name": function["name"],
        "arguments": {k: PLANNER_TYPES[p["type"]] for k, p in properties.items()},
        "required": parameters.get("required", []),
        "returns": {"kind": "object", "properties": []},
    }


def eligible(data):
    out = []
    for category in ELIGIBLE_CATEGORIES:
        answers = data.answers(category) or {}
        for record in data.records(category):
            functions = record["function"]
            if not 1 <= len(functions) <= 8:
                continue
            tools = [planner_tool(f) for f in functions]
            if None in tools:
                continue
            out.append(
                {
                    "instruction": first_turn(record),
                    "tools": tools,
                    "bfcl": {
                        "id": record["id"],
                        "category": category,
                        "answers": answers.get(record["id"]),
                    },
                }
            )
    return out


def json_schema(schema):
    """BFCL's parameter schema with its `dict` type written as JSON Schema's `object`."""
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    if out.get("type") == "dict":
        out["type"] = "object"
    if isinstance(out.get("properties"), dict):
        out["properties"] = {k: json_schema(v) for k, v in out["properties"].items()}
    if isinstance(out.get("items"), list):
        out["items"] = [json_schema(v) for v in out["items"]]
    elif isinstance(out.get("items"), dict):
        out["items"] = json_schema(out["items"])
    if isinstance(out.get("additionalProperties"), dict):
        out["additionalProperties"] = json_schema(out["additionalProperties"])
    return out


def functions(data):
    """One line per distinct function of every category, and the number of names that two or
    more different functions share."""
    offered = []  # (function, category)
    for category in SINGLE_TURN_CATEGORIES:
        for record in data.records(category):
            offered.extend((f, category) for f in record["function"])
    docs = {}
    for category in CLASS_CATEGORIES:
        for record in data.records(category):
            for cls in record["involved_classes"]:
                for doc in CLASS_DOCS[cls]:
                    if doc not in docs:
                        docs[doc] = data.lines(f"multi_turn_func_doc/{doc}.json")
                    offered.extend((f, category) for f in docs[doc])
    unread = sorted(set(data.names("multi_turn_func_doc/")) - {f"{d}.json" for d in docs})
    if unread:
        sys.exit(f"bfcl.py: no category names the function docs of {unread}; see CLASS_DOCS")
    distinct = {}
    for function, category in offered:
        line = {
            "name": function["name"],
            "description": function["description"],
            "parameters": json_schema(function["parameters"]),
        }
        key = json.dumps(line, sort_keys=True, ensure_ascii=False)
        distinct.setdefault(key, (line, set()))[1].add(category)
    out = [
        {**line, "categories": sorted(categories)}
        for _, (line, categories) in sorted(distinct.items(), key=lambda d: (d[1][0]["name"], d[0]))
    ]
    per_name = Counter(f["name"] for f in out)
    return out, sum(1 for n in per_name.values() if n > 1)


def queries(data):
    out = []
    for category in SINGLE_TURN_CATEGORIES:
        answers = data.answers(category)
        if answers is None:
            continue
        for record in data.records(category):
            calls = answers[record["id"]]
            out.append(
                {
                    "id": record["id"],
                    "category": category,
                    "question": first_turn(record),
                    "expected": sorted({name for call in calls for name in call}),
                    "offered": sorted({f["name"] for f in record["function"]}),
                }
            )
    return out


def write_lines(path, lines):
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        for line in lines:
            f.write(json.dumps(line, ensure_ascii=False) + "\n")
    os.replace(tmp, path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--if-needed", action="store_true")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--wheel", type=Path, default=None)
    args = parser.parse_args()
    out = (args.out or default_out()).resolve()
    out.mkdir(parents=True, exist_ok=True)

    with open(out / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        stamp = out / ".converted"
        # The files are what this script makes of the pinned wheel: a changed script remakes them.
        wanted = sha256(__file__)
        if (
            args.if_needed
            and stamp.exists()
            and stamp.read_text().strip() == wanted
            and all((out / name).exists() for name in OUTPUTS)
        ):
            return
        stamp.unlink(missing_ok=True)

        data = Data(fetch_wheel(out, args.wheel))
        records = eligible(data)
        pooled, clashes = functions(data)
        asked = queries(data)
        write_lines(out / "eligible.jsonl", records)
        write_lines(out / "functions.jsonl", pooled)
        write_lines(out / "queries.jsonl", asked)
        stamp.write_text(wanted + "\n")

    by_category = {}
    for q in asked:
        by_category[q["category"]] = by_category.get(q["category"], 0) + 1
    print(f"bfcl-eval {VERSION} into {out}")
    print(f"  eligible.jsonl   {len(records)} planner records")
    print(f"  functions.jsonl  {len(pooled)} functions ({clashes} names shared by different ones)")
    print(f"  queries.jsonl    {len(asked)} queries: " + ", ".join(
        f"{c} {n}" for c, n in by_category.items()
    ))


if __name__ == "__main__":
    main()
