#!/usr/bin/env python3
"""What `tools/list` costs a model's context, with every declaration and with discovery.

For a generated upstream of 10, 100 and 1,000 tools (BFCL's function docs, served by
tests/mcp/remote-server.mjs over streamable HTTP) and for seven reference servers from npm at
once, `codemode mcp` (the release build, or $CODEMODE) is started twice: with `"discovery":
false` (every tool declared in run_code's description) and with the default budget (past about
4,000 tokens of declarations: a brief listing, `search_tools`, `call_tool`). The Python `mcp`
client lists the tools; printed: the tools listed, the characters of the list as JSON, and the
tokens as codemode counts them (characters / 4; no tokenizer of a model is installed here).

Usage: python3 bench/discovery.py   (after `scripts/install-test-deps` and `scripts/bfcl.py`)
"""

import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("CODEMODE", os.path.join(ROOT, "target", "release", "codemode"))
FIXTURES = os.path.join(ROOT, "tests", "mcp")
PYTHON = os.path.join(FIXTURES, ".venv", "bin", "python")
FUNCTIONS = os.path.join(ROOT, "target", "bfcl", "functions.jsonl")

LIST = """
import asyncio, json, sys
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

async def main():
    params = StdioServerParameters(command=sys.argv[1], args=["mcp", "--config", sys.argv[2]])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            tools = [tool.model_dump(mode="json", by_alias=True, exclude_none=True) for tool in listed.tools]
            print(json.dumps(tools))

asyncio.run(asyncio.wait_for(main(), timeout=120))
"""


def node_module(package):
    return os.path.join(FIXTURES, "node_modules", "@modelcontextprotocol", package, "dist", "index.js")


def reference_servers(scratch):
    return {
        "everything": {"command": "node", "args": [node_module("server-everything"), "stdio"]},
        "notes": {"command": "node", "args": [os.path.join(FIXTURES, "notes-server.mjs")]},
        "fs": {"command": "node", "args": [node_module("server-filesystem"), scratch]},
        "memory": {"command": "node", "args": [node_module("server-memory")],
                   "env": {"MEMORY_FILE_PATH": os.path.join(scratch, "memory.jsonl")}},
        "thinking": {"command": "node", "args": [node_module("server-sequential-thinking")]},
        "github": {"command": "node", "args": [node_module("server-github")],
                   "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_fake_for_listing_only"}},
    }


def start_generated(count):
    env = dict(os.environ, CATALOG_LIMIT=str(count))
    proc = subprocess.Popen(["node", os.path.join(FIXTURES, "remote-server.mjs"), "0", FUNCTIONS],
                            stdout=subprocess.PIPE, text=True, env=env, cwd=FIXTURES)
    line = proc.stdout.readline()
    if not line.startswith("listening "):
        sys.exit(f"the generated upstream did not start: {line!r}")
    return proc, f"http://127.0.0.1:{line.split()[1]}/mcp"


def listed(servers, discovery, scratch):
    config = os.path.join(scratch, "mcp.json")
    with open(config, "w") as fh:
        json.dump({"mcpServers": servers, "planner": {"minConfidence": 0.9},
                   **({} if discovery else {"discovery": False})}, fh)
    out = subprocess.run([PYTHON, "-c", LIST, BIN, config], capture_output=True, text=True,
                         timeout=180)
    if out.returncode != 0:
        sys.exit(out.stderr)
    tools = json.loads(out.stdout)
    return tools, len(json.dumps(tools, separators=(",", ":")))


def catalog_size(servers, scratch):
    """The upstream tools code may call, as run_code's listing in discovery counts them."""
    tools, _ = listed(servers, True, scratch)
    match = re.search(r"The catalog holds (\d+) tools", tools[0].get("description", ""))
    return int(match.group(1)) if match else "?"


def row(label, upstream_tools, servers, scratch):
    cells = []
    for discovery in (False, True):
        tools, chars = listed(servers, discovery, scratch)
        cells.append(f"{len(tools):>5} {chars:>9,} {chars // 4:>8,}")
    print(f"{label:<34} {upstream_tools:>6} | {cells[0]} | {cells[1]}")


def main():
    for needed in (BIN, PYTHON, FUNCTIONS):
        if not os.path.exists(needed):
            sys.exit(f"{needed} is missing: build --release, run scripts/install-test-deps and scripts/bfcl.py")
    scratch = tempfile.mkdtemp()
    print(f"{'upstreams':<34} {'tools':>6} | {'all declared: listed chars tokens':>24} | "
          f"{'discovery: listed chars tokens':>24}")
    for count in (10, 100, 1000):
        proc, url = start_generated(count)
        try:
            row(f"generated (BFCL docs) x{count}", count, {"bfcl": {"url": url}}, scratch)
        finally:
            proc.kill()
    servers = reference_servers(scratch)
    row("six npm servers + notes fixture", catalog_size(servers, scratch), servers, scratch)
    proc, url = start_generated(1000)
    try:
        both = {**servers, "bfcl": {"url": url}}
        row("those + generated x1000", catalog_size(both, scratch), both, scratch)
    finally:
        proc.kill()


if __name__ == "__main__":
    main()
