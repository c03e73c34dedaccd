#!/usr/bin/env python3
"""Monty (pydantic-monty, the Python sandbox FastMCP uses) beside codemode's sandbox: a fresh
checkout of a worker and a run of `1 + 1`, and runs making 1 and 10 calls of an external function
answering 1, one at a time, each timed from checkout to result. Run by bench/sandbox.sh in a venv
with the pinned package (bench/monty-requirements.txt).

Usage: python3 bench/monty.py [RUNS]
"""

import statistics
import sys
import time

from pydantic_monty import Monty

CASES = [
    ("fresh run of `1 + 1`", "1 + 1"),
    ("1 tool call", "one()"),
    ("10 tool calls", "\n".join(["n = 0"] + ["n = n + one()"] * 10 + ["n"])),
]


def one():
    return 1


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with Monty() as pool:
        for name, code in CASES:
            for _ in range(50):
                with pool.checkout() as session:
                    session.feed_run(code, external_lookup={"one": one})
            times = []
            for _ in range(runs):
                begun = time.perf_counter()
                with pool.checkout() as session:
                    session.feed_run(code, external_lookup={"one": one})
                times.append(time.perf_counter() - begun)
            times.sort()
            p99 = times[round((len(times) - 1) * 0.99)]
            print(f"  {name:<26} {'monty':<12} {statistics.median(times) * 1e6:>8.0f} {p99 * 1e6:>8.0f}")


if __name__ == "__main__":
    main()
