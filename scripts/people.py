#!/usr/bin/env python3
"""People's phrasing, split by voice: the manifest `data/people/voices.json` and its records.

Every voice is one person (a job, a register, a first language, habits of writing) whose records
were written by one writer; its records live in one file, or in a line range of one of the older
persona files of `data/dev` (three voices each, one after another). The manifest names each
voice's records and its split:

  train      records the planner may be trained on;
  calibrate  records the threshold and the calibration are chosen on;
  blind      records read once, with a finished build, for the figures a user is promised.

A voice is in one split with all of its records: never split by record.

Usage:
  python3 scripts/people.py assign          write the splits of voices.json from its rule
  python3 scripts/people.py gather SPLIT    print the records of SPLIT (train|calibrate|blind)
  python3 scripts/people.py gather SPLIT --classes
                                            the same, each diagnostic of a known class with
                                            {"meta": {"unsupported": CLASS}}, as training reads it
  python3 scripts/people.py gather SPLIT --except ID,ID
                                            the records of SPLIT but those of the voices named
  python3 scripts/people.py gather SPLIT --upto ID
                                            only the voices listed up to ID in the manifest (the
                                            order they were added in), for a file as it stood
  python3 scripts/people.py gather SPLIT --after ID
                                            only the voices listed after ID in the manifest
  python3 scripts/people.py gather SPLIT --standing persona|written
                                            only the voices read before the split (the persona
                                            sets of data/dev, `read_before_split`) or only those
                                            written for it
  python3 scripts/people.py gather blind --classified
                                            only the read blind voices whose every diagnostic has
                                            a class in classes.jsonl: spent as blind voices, they
                                            may be trained on (with --classes)
  python3 scripts/people.py gather blind --unread
                                            the blind voices not read yet (a read voice carries
                                            "read": "DATE COMMIT" of its one reading)
  python3 scripts/people.py summary         counts by split (voices, records, plans, diagnostics)
  python3 scripts/people.py check [--bin B] check the manifest and every record (data/dev/check.py),
                                            classes.jsonl and classes-unread.jsonl

The split rule is a seeded hash of the voice's id (`split_seed` in the manifest), so the splits
do not depend on the order voices were added in: a voice whose records were read by a network
before it was split (every `data/dev` persona voice) is never blind.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MANIFEST = os.path.join(ROOT, "data", "people", "voices.json")
# Why each diagnostic of the train and calibrate voices is one: {"voice", "line", "class"}, the
# class one of CLASSES ("checker": a plain plan the checker refuses). A blind voice has none until
# it has been read; a read blind voice may then be classed whole, and `gather blind --classified`
# gives the read blind voices classed so, to be trained on once their one reading is done.
CLASSES_FILE = os.path.join(ROOT, "data", "people", "classes.jsonl")
# The classes of blind voices not read yet, kept apart so that nothing gathers them: each such
# voice classed whole or not at all. Once a voice is read, its rows move to classes.jsonl.
UNREAD_CLASSES_FILE = os.path.join(ROOT, "data", "people", "classes-unread.jsonl")
SPLITS = ("train", "calibrate", "blind")
CLASSES = ("condition", "loop", "dependency", "retry", "too_many_calls", "mixed_schedule",
           "sort", "filter", "aggregate", "other_rows", "checker")


def load():
    with open(MANIFEST, encoding="utf-8") as fh:
        return json.load(fh)


def draw(seed, voice):
    """A number in [0, 1) fixed by the seed and the voice's id."""
    digest = hashlib.sha256(f"{seed}:{voice}".encode()).hexdigest()
    return int(digest[:12], 16) / float(1 << 48)


def split_of(manifest, voice):
    rule = manifest["split_rule"]
    u = draw(manifest["split_seed"], voice["id"])
    shares = rule["read_before"] if voice.get("read_before_split") else rule["unread"]
    edge = 0.0
    for split in SPLITS:
        edge += shares.get(split, 0.0)
        if u < edge:
            return split
    return SPLITS[-1] if shares.get(SPLITS[-1], 0.0) > 0 else "train"


def records(voice):
    path = os.path.join(ROOT, voice["file"])
    with open(path, encoding="utf-8") as fh:
        lines = [line for line in fh.read().split("\n") if line.strip()]
    first, last = voice.get("lines", [1, len(lines)])
    return lines[first - 1:last]


def assign():
    manifest = load()
    for voice in manifest["voices"]:
        voice["split"] = split_of(manifest, voice)
    with open(MANIFEST, "w", encoding="utf-8") as fh:
        json.dump(manifest, fh, indent=1, ensure_ascii=False)
        fh.write("\n")
    summary()


def classes(path=CLASSES_FILE):
    """The class of each annotated diagnostic in PATH, by (voice, line)."""
    with open(path, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return {(row["voice"], row["line"]): row["class"] for row in rows}


def rows_in(path):
    """How many rows PATH holds (more than `classes(path)` has keys when a record is classed twice)."""
    with open(path, encoding="utf-8") as fh:
        return sum(1 for line in fh if line.strip())


def diagnostic_lines(voice):
    """The 1-based lines of VOICE's records that are diagnostics."""
    return {n for n, line in enumerate(records(voice), 1) if "diagnostic" in json.loads(line)["expected"]}


def position(voices, vid):
    """Where the voice `vid` is listed in the manifest (the order voices were added in)."""
    for index, voice in enumerate(voices):
        if voice["id"] == vid:
            return index
    sys.exit(f"people.py: no voice named {vid}")


def classed_whole(voice, known):
    """Whether VOICE is a read blind voice whose every diagnostic has a class in KNOWN (and it has
    one at least): one that may be trained on."""
    if voice["split"] != "blind" or not voice.get("read"):
        return False
    diagnostics = diagnostic_lines(voice)
    return bool(diagnostics) and all((voice["id"], n) in known for n in diagnostics)


def gather(split, with_classes=False, leave_out=(), unread=False, upto=None, after=None,
           standing=None, only_classified=False):
    if split not in SPLITS:
        sys.exit(f"people.py: the splits are {', '.join(SPLITS)}, not {split!r}")
    voices = load()["voices"]
    if upto is not None:
        voices = voices[: position(voices, upto) + 1]
    if after is not None:
        voices = voices[position(voices, after) + 1 :]
    if unread:
        voices = [v for v in voices if not v.get("read")]
    known = classes() if with_classes or only_classified else {}
    if only_classified:
        voices = [v for v in voices if classed_whole(v, known)]
    if standing is not None:
        persona = standing == "persona"
        voices = [v for v in voices if ("read_before_split" in v) == persona]
    unknown = sorted(set(leave_out) - {v["id"] for v in voices if v["split"] == split})
    if unknown:
        sys.exit(f"people.py: no {split} voice named {', '.join(unknown)}")
    for voice in voices:
        if voice["split"] == split and voice["id"] not in leave_out:
            for number, line in enumerate(records(voice), 1):
                cls = known.get((voice["id"], number)) if with_classes else None
                if cls is not None:
                    record = json.loads(line)
                    record["meta"] = {"unsupported": cls}
                    line = json.dumps(record, ensure_ascii=False)
                print(line)


def summary():
    manifest = load()
    print("| split | voices | records | plans | diagnostics |")
    print("|---|---|---|---|---|")

    def row(label, voices):
        recs = [json.loads(line) for v in voices for line in records(v)]
        diagnostics = sum(1 for r in recs if "diagnostic" in r["expected"])
        print(f"| {label} | {len(voices)} | {len(recs)} | {len(recs) - diagnostics} | {diagnostics} |")

    for split in SPLITS:
        row(split, [v for v in manifest["voices"] if v["split"] == split])
    row("blind, not read yet", [v for v in manifest["voices"] if v["split"] == "blind" and not v.get("read")])


def check_unread_classes(manifest):
    """Problems of classes-unread.jsonl: every row a diagnostic of an unread blind voice, with a
    class of CLASSES, none twice, and each voice it names classed whole."""
    if not os.path.exists(UNREAD_CLASSES_FILE):
        return []
    name = os.path.basename(UNREAD_CLASSES_FILE)
    known = classes(UNREAD_CLASSES_FILE)
    problems = [] if len(known) == rows_in(UNREAD_CLASSES_FILE) else [f"{name}: a record is classed twice"]
    problems += [f"{name}: voice {vid} line {n}: class {cls!r} is not one of {CLASSES}"
                 for (vid, n), cls in known.items() if cls not in CLASSES]
    by_id = {v["id"]: v for v in manifest["voices"]}
    for vid in sorted({vid for vid, _ in known}, key=str):
        voice = by_id.get(vid)
        if voice is None or voice["split"] != "blind" or voice.get("read"):
            problems.append(f"{name}: voice {vid} is not a blind voice that has not been read")
            continue
        diagnostics = diagnostic_lines(voice)
        classed = {n for v, n in known if v == vid}
        if classed != diagnostics:
            problems.append(f"{name}: voice {vid} is not classed whole (diagnostic lines "
                            f"{sorted(diagnostics - classed)[:5]} unclassed, lines "
                            f"{sorted(classed - diagnostics)[:5]} no diagnostic)")
    return problems


def check(binary):
    manifest = load()
    problems = []
    seen_ids, by_file = set(), {}
    for voice in manifest["voices"]:
        vid = voice["id"]
        if vid in seen_ids:
            problems.append(f"voice {vid}: listed twice")
        seen_ids.add(vid)
        if voice.get("split") not in SPLITS:
            problems.append(f"voice {vid}: split {voice.get('split')!r} is not one of {SPLITS}")
        elif voice["split"] != split_of(manifest, voice):
            problems.append(f"voice {vid}: split {voice['split']} is not the rule's ({split_of(manifest, voice)})")
        if voice.get("read_before_split") and voice.get("split") == "blind":
            problems.append(f"voice {vid}: read before it was split, so it cannot be blind")
        if voice.get("read") and voice.get("split") != "blind":
            problems.append(f"voice {vid}: only a blind voice has a reading to record")
        if not voice.get("persona"):
            problems.append(f"voice {vid}: no persona")
        by_file.setdefault(voice["file"], []).append(voice)
    # A file is its voices' records exactly: ranges in order, none shared, none left out.
    for path, voices in by_file.items():
        with open(os.path.join(ROOT, path), encoding="utf-8") as fh:
            count = sum(1 for line in fh if line.strip())
        expected_first = 1
        for voice in sorted(voices, key=lambda v: v.get("lines", [1])[0]):
            first, last = voice.get("lines", [1, count])
            if first != expected_first or last < first:
                problems.append(f"{path}: voice {voice['id']} starts at line {first}, not {expected_first}")
            expected_first = last + 1
        if expected_first != count + 1:
            problems.append(f"{path}: lines {expected_first}..{count} belong to no voice")
    # Every diagnostic of a train or calibrate voice has one class, and nothing else has one but
    # the diagnostics of a read blind voice classed whole.
    known = classes()
    classed_blind = {v["id"] for v in manifest["voices"] if classed_whole(v, known)}
    if len(known) != rows_in(CLASSES_FILE):
        problems.append("classes.jsonl: a record is classed twice")
    for voice in manifest["voices"]:
        for number, line in enumerate(records(voice), 1):
            diagnostic = "diagnostic" in json.loads(line)["expected"]
            cls = known.pop((voice["id"], number), None)
            wanted = diagnostic and (voice["split"] in ("train", "calibrate") or voice["id"] in classed_blind)
            if wanted and cls not in CLASSES:
                problems.append(f"voice {voice['id']} line {number}: class {cls!r} is not one of {CLASSES}")
            if not wanted and cls is not None:
                problems.append(f"voice {voice['id']} line {number}: classed, but not a diagnostic of a train or calibrate voice")
    for (vid, number) in known:
        problems.append(f"classes.jsonl: voice {vid} line {number} is no record")
    problems += check_unread_classes(manifest)
    listed = set(by_file)
    people_dir = os.path.join(ROOT, "data", "people")
    kept = (os.path.basename(CLASSES_FILE), os.path.basename(UNREAD_CLASSES_FILE))
    for name in sorted(os.listdir(people_dir)):
        rel = f"data/people/{name}"
        if name.endswith(".jsonl") and rel not in listed and name not in kept:
            problems.append(f"{rel}: no voice in voices.json")
    # No instruction of one split is in another, and every record passes the dev set's checks.
    owner = {}
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for voice in manifest["voices"]:
            lines = records(voice)
            for line in lines:
                record = json.loads(line)
                key = (record["instruction"], json.dumps(record["tools"], sort_keys=True))
                other = owner.setdefault(key, voice["split"])
                if other != voice["split"]:
                    problems.append(f"voice {voice['id']}: a record is also in the {other} split")
            path = os.path.join(tmp, f"{voice['id']}.jsonl")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write("\n".join(lines) + "\n")
            paths.append(path)
        checked = subprocess.run(
            [sys.executable, os.path.join(ROOT, "data", "dev", "check.py"), "--bin", binary, *paths],
            capture_output=True, text=True,
        )
        if checked.returncode != 0:
            problems += [line[5:] for line in checked.stdout.splitlines() if line.startswith("FAIL ")]
    for problem in problems:
        print("FAIL", problem)
    if problems:
        print(f"{len(problems)} problems")
        sys.exit(1)
    print(f"all checks passed: {len(manifest['voices'])} voices")
    summary()


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter, usage=argparse.SUPPRESS
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("assign")
    gather_args = commands.add_parser("gather")
    gather_args.add_argument("split", choices=SPLITS)
    gather_args.add_argument("--classes", action="store_true")
    gather_args.add_argument("--except", dest="leave_out", default="")
    gather_args.add_argument("--unread", action="store_true")
    gather_args.add_argument("--classified", action="store_true")
    gather_args.add_argument("--upto")
    gather_args.add_argument("--after")
    gather_args.add_argument("--standing", choices=("persona", "written"))
    commands.add_parser("summary")
    check_args = commands.add_parser("check")
    check_args.add_argument("--bin", default=os.path.join(ROOT, "target", "debug", "codemode"))
    args = parser.parse_args()
    if args.command == "assign":
        assign()
    elif args.command == "gather":
        leave_out = tuple(v for v in args.leave_out.split(",") if v)
        gather(args.split, with_classes=args.classes, leave_out=leave_out, unread=args.unread,
               upto=args.upto, after=args.after, standing=args.standing,
               only_classified=args.classified)
    elif args.command == "summary":
        summary()
    else:
        check(args.bin)


if __name__ == "__main__":
    main()
