#!/usr/bin/env python3
"""The floor under a sandbox worker's tool call: a one-byte round trip over two pipes between two
processes, (a) both sleeping in read() while they wait, (b) the child polling its pipe instead,
(c) both polling, and (d) both sleeping but pinned to one processor. On a VM whose idle
processors halt at once, (a) is dominated by waking a halted processor. Cited by
crates/sandbox/README.md.

Usage: python3 bench/pipe.py [ROUND_TRIPS]
"""

import os
import sys
import time


def spin_read(fd):
    while True:
        try:
            return os.read(fd, 1)
        except BlockingIOError:
            pass


def measure(n, child_polls, parent_polls, cpu=None):
    to_child, from_parent = os.pipe()[::-1]
    to_parent_r, to_parent_w = os.pipe()
    child_r, parent_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        if cpu is not None:
            os.sched_setaffinity(0, {cpu})
        if child_polls:
            os.set_blocking(child_r, False)
        for _ in range(n):
            spin_read(child_r) if child_polls else os.read(child_r, 1)
            os.write(to_parent_w, b"x")
        os._exit(0)
    if cpu is not None:
        os.sched_setaffinity(0, {cpu})
    if parent_polls:
        os.set_blocking(to_parent_r, False)
    begun = time.perf_counter()
    for _ in range(n):
        os.write(parent_w, b"x")
        spin_read(to_parent_r) if parent_polls else os.read(to_parent_r, 1)
    elapsed = time.perf_counter() - begun
    os.waitpid(pid, 0)
    for fd in (to_child, from_parent, to_parent_r, to_parent_w, child_r, parent_w):
        os.close(fd)
    return elapsed / n * 1e6


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    print(f"{n} round trips; microseconds per round trip")
    print(f"  both sleep                {measure(n, False, False):8.1f}")
    print(f"  the child polls           {measure(n, True, False):8.1f}")
    print(f"  both poll                 {measure(n, True, True):8.1f}")
    print(f"  both sleep, one processor {measure(n, False, False, cpu=0):8.1f}")


if __name__ == "__main__":
    main()
