#!/usr/bin/env python3
"""Draws the risk-coverage curves of `codemode eval --json` reports as one PNG.

Usage: python3 scripts/plot_risk_coverage.py OUT.png NAME=REPORT.json [NAME=REPORT.json ...]

Each report is the JSON `codemode eval FILE --json` prints; its `confidence.curve` holds
[coverage, wrong share] at every distinct confidence, from the most confident plan down, and
`confidence.default_threshold` the model's default threshold, marked on each curve with a dot.
A name that starts with `*` (quote it in the shell) is drawn dashed: the sets the threshold was
chosen with. Needs matplotlib (`python3 -m venv /tmp/plot && /tmp/plot/bin/pip install
matplotlib`, then run this script with `/tmp/plot/bin/python`).
"""

import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out = sys.argv[1]
    fig, ax = plt.subplots(figsize=(9, 6), dpi=110)
    top = 5.0
    for spec in sys.argv[2:]:
        name, _, path = spec.partition("=")
        with open(path) as f:
            report = json.load(f)
        table = report["confidence"]
        curve = table["curve"]
        xs = [100 * c for c, _ in curve]
        ys = [100 * r for _, r in curve]
        chose = name.startswith("*")
        label = name.lstrip("*")
        (line,) = ax.plot(xs, ys, linestyle="--" if chose else "-", linewidth=1.4, label=label)
        default = table.get("default_threshold")
        if default is not None:
            for row in table["thresholds"]:
                if abs(row["threshold"] - default) < 1e-6:
                    top = max(top, 100 * row["wrong_share"] + 2)
                    ax.plot(
                        100 * row["coverage"],
                        100 * row["wrong_share"],
                        "o",
                        color=line.get_color(),
                        markersize=6,
                    )
    ax.axhline(1.0, color="grey", linewidth=0.8, linestyle=":")
    ax.axvline(90.0, color="grey", linewidth=0.8, linestyle=":")
    ax.set_xlabel("coverage: exact plans answered / records that expect a plan (%)")
    ax.set_ylabel("wrong plans / plans answered (%)")
    ax.set_title(
        "Risk and coverage of the shipped planner, one curve per set\n"
        "(dashed: sets the default threshold was chosen with; dot: the default threshold)"
    )
    ax.set_xlim(55, 100)
    # Tall enough to show every set's default threshold, at least 0–5%.
    ax.set_ylim(0, top)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    fig.savefig(out)


if __name__ == "__main__":
    main()
