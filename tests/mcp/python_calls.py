"""A client written by others makes calls of `codemode mcp`: the Python `mcp` package, over stdio or
streamable HTTP, with an elicitation callback that answers as told.

Usage: python_calls.py (--stdio CODEMODE CONFIG | --http URL [--token TOKEN])
                       [--elicit accept|decline|cancel|never] [--sessions N] CALLS_JSON

CALLS_JSON is a list of calls, `{"tool": NAME, "arguments": {...}}`, made in turn in each session
(with --sessions N, N sessions at once over HTTP, each making the calls with `{session}` in any
string argument replaced by its number). Prints one JSON object: the tools listed, and per session
the questions the server asked (the elicitation messages) and each call's structured content and
isError. Without --elicit the client declares no elicitation capability.
"""

import argparse
import asyncio
import json

import httpx2
import mcp.types as types
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client


def fill(value, session):
    if isinstance(value, str):
        return value.replace("{session}", str(session))
    if isinstance(value, dict):
        return {k: fill(v, session) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, session) for v in value]
    return value


async def run_session(read, write, args, calls, number):
    asked = []

    async def on_elicit(context, params):
        asked.append(params.message)
        if args.elicit == "never":
            await asyncio.sleep(3600)
        action = {"accept": "accept", "decline": "decline", "cancel": "cancel"}[args.elicit]
        return types.ElicitResult(action=action, content={} if action == "accept" else None)

    callback = on_elicit if args.elicit else None
    async with ClientSession(read, write, elicitation_callback=callback) as session:
        await session.initialize()
        listed = await session.list_tools()
        answers = []
        for call in calls:
            result = await session.call_tool(
                call["tool"], fill(call["arguments"], number), read_timeout_seconds=60
            )
            answers.append({"structuredContent": result.structured_content, "isError": result.is_error})
        return {"tools": [tool.name for tool in listed.tools], "asked": asked, "answers": answers}


async def over_http(args, calls, number):
    headers = {"Authorization": f"Bearer {args.token}"} if args.token else {}
    async with httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(60.0)) as http:
        async with streamable_http_client(args.http, http_client=http) as (read, write):
            return await run_session(read, write, args, calls, number)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--stdio", nargs=2, metavar=("CODEMODE", "CONFIG"))
    parser.add_argument("--http")
    parser.add_argument("--token")
    parser.add_argument("--elicit", choices=["accept", "decline", "cancel", "never"])
    parser.add_argument("--sessions", type=int, default=1)
    parser.add_argument("calls")
    args = parser.parse_args()
    calls = json.loads(args.calls)
    if args.stdio:
        codemode, config = args.stdio
        params = StdioServerParameters(command=codemode, args=["mcp", "--config", config])
        async with stdio_client(params) as (read, write):
            sessions = [await run_session(read, write, args, calls, 0)]
    else:
        sessions = await asyncio.gather(*(over_http(args, calls, n) for n in range(args.sessions)))
    print(json.dumps({"sessions": sessions}))


asyncio.run(asyncio.wait_for(main(), timeout=120))
