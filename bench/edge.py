#!/usr/bin/env python3
"""codemode mcp --http against hostile and careless clients, at the default limits.

Two scenes, each against a fresh server (the release build, or $CODEMODE), printing figures:

1. half-sent: the server's open-file limit is 1,024; 1,100 connections each send half a request
   head (no token) and are held for 40 s. At 20 s in (past the 10 s head timeout) a client with
   the token initializes a session: how long it takes. And when the server closed each held
   connection.
2. sessions: 5,000 sessions opened and never closed: how many are refused (past the default cap
   of 1,000), the server's resident memory, and how long a normal call of an early session takes.
3. expiry: 2,000 sessions opened and left (a cap of 5,000, an idle limit of 3 s): the server's
   resident memory at start, with them open, and once they have expired.

Usage: python3 bench/edge.py [half-sent|sessions|expiry|all]
"""

import json
import os
import resource
import select
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("CODEMODE", os.path.join(ROOT, "target", "release", "codemode"))
TOKEN = "bench-edge-token-0123456789abcdef"
INIT = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}})


def start(open_files=None, token=True, http=None):
    tmp = tempfile.mkdtemp()
    config = os.path.join(tmp, "mcp.json")
    with open(config, "w") as fh:
        json.dump({"mcpServers": {}, **({"http": http} if http else {})}, fh)
    args = [BIN, "mcp", "--config", config, "--http", "127.0.0.1:0"]
    if token:
        path = os.path.join(tmp, "token")
        with open(path, "w") as fh:
            fh.write(TOKEN)
        args += ["--token-file", path]
    if open_files:
        args = ["sh", "-c", f'ulimit -n {open_files} && exec "$0" "$@"'] + args
    proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    for line in proc.stderr:
        if "serving MCP on http://" in line:
            url = line.strip().split("serving MCP on ")[1]
            host, port = url[len("http://"):].split("/")[0].split(":")
            threading.Thread(target=lambda: [None for _ in proc.stderr], daemon=True).start()
            return proc, (host, int(port))
    raise SystemExit("the server did not start")


def post(addr, body, headers=(), timeout=30):
    s = socket.create_connection(addr, timeout=timeout)
    head = (f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Accept: application/json, text/event-stream\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n" + "".join(h + "\r\n" for h in headers) + "\r\n")
    s.sendall(head.encode() + body.encode())
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    s.close()
    return data.decode(errors="replace")


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def half_sent():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 4096), max(hard, 4096)))
    proc, addr = start(open_files=1024)
    begun = time.monotonic()
    held = []
    for _ in range(1100):
        try:
            s = socket.create_connection(addr, timeout=5)
            s.sendall(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            s.setblocking(False)
            held.append(s)
        except OSError:
            pass
    opened = time.monotonic() - begun
    closed_at = {}
    auth = None
    poller = select.poll()
    for s in held:
        poller.register(s, select.POLLIN | select.POLLHUP | select.POLLERR)
    while time.monotonic() - begun < 40:
        if auth is None and time.monotonic() - begun >= 20:
            t = time.monotonic()
            answer = post(addr, INIT, [f"Authorization: Bearer {TOKEN}"])
            auth = (time.monotonic() - t, answer.split("\r\n", 1)[0])
        open_ones = [s for s in held if s not in closed_at]
        ready = poller.poll(200)
        by_fd = {s.fileno(): s for s in open_ones}
        for fd, _ in ready:
            s = by_fd.get(fd)
            if s is None:
                continue
            poller.unregister(fd)
            try:
                data = s.recv(4096)
            except OSError:
                data = b""
            if not data:
                closed_at[s] = time.monotonic() - begun
    times = sorted(closed_at.values())
    print(f"half-sent: {len(held)} connections held (opened in {opened:.1f} s); "
          f"closed by the server: {len(times)}, the last at {times[-1] if times else float('nan'):.1f} s; "
          f"still open at 40 s: {len(held) - len(times)}")
    print(f"half-sent: a client with the token at 20 s: {auth[1]} in {auth[0] * 1000:.0f} ms")
    for s in held:
        s.close()
    proc.kill()


def sessions():
    proc, addr = start(token=False)
    first = post(addr, INIT)
    sid = [l.split(":", 1)[1].strip() for l in first.split("\r\n") if l.lower().startswith("mcp-session-id")][0]
    post(addr, json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}), [f"Mcp-Session-Id: {sid}"])
    opened, refused = 1, 0
    t = time.monotonic()
    for _ in range(4999):
        status = post(addr, INIT).split("\r\n", 1)[0]
        if " 200 " in status:
            opened += 1
        elif " 503 " in status:
            refused += 1
    took = time.monotonic() - t
    call = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                       "params": {"name": "run_code", "arguments": {"code": "return 6 * 7"}}})
    t = time.monotonic()
    answer = post(addr, call, [f"Mcp-Session-Id: {sid}"])
    call_ms = (time.monotonic() - t) * 1000
    ok = '"structuredContent":{"value":42}' in answer
    print(f"sessions: 5,000 initialize in {took:.1f} s: {opened} opened, {refused} refused (503); "
          f"resident memory {rss_mib(proc.pid):.0f} MiB; a call of an early session: "
          f"{'answered' if ok else 'NOT answered'} in {call_ms:.0f} ms")
    proc.kill()


def expiry():
    proc, addr = start(token=False, http={"maxSessions": 5000, "sessionIdleMs": 3000})
    time.sleep(1)
    at_start = rss_mib(proc.pid)
    opened = sum(1 for _ in range(2000) if " 200 " in post(addr, INIT).split("\r\n", 1)[0])
    time.sleep(0.5)
    held = rss_mib(proc.pid)
    time.sleep(8)
    after = rss_mib(proc.pid)
    print(f"expiry: resident memory {at_start:.0f} MiB at start, {held:.0f} MiB with {opened} "
          f"sessions open, {after:.0f} MiB 8 s later (their idle limit 3 s)")
    proc.kill()


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "all"
    if which in ("half-sent", "all"):
        half_sent()
    if which in ("sessions", "all"):
        sessions()
    if which in ("expiry", "all"):
        expiry()
