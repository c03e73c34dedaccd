"""A client written by others drives `codemode mcp`: the Python `mcp` package (stdio_client and
ClientSession) lists the tools, calls run_code with a progress callback, then run_instruction
with each instruction given.

Usage: python_client.py CODEMODE CONFIG CODE [INSTRUCTION ...]

Prints one JSON object: the names of the tools, run_code's description, the structured content and
isError of run_code's result, the progress messages received, and for each instruction the
structured content and isError of run_instruction's result.
"""

import asyncio
import json
import sys

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client


async def main() -> None:
    codemode, config, code = sys.argv[1:4]
    instructions = sys.argv[4:]
    params = StdioServerParameters(command=codemode, args=["mcp", "--config", config])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            run_code = next(tool for tool in listed.tools if tool.name == "run_code")
            progress = []

            async def on_progress(value: float, total: float | None, message: str | None) -> None:
                progress.append((value, message))

            result = await session.call_tool(
                "run_code", {"code": code}, read_timeout_seconds=30, progress_callback=on_progress
            )
            planned = []
            for instruction in instructions:
                answer = await session.call_tool(
                    "run_instruction", {"instruction": instruction}, read_timeout_seconds=30
                )
                planned.append(
                    {"structuredContent": answer.structured_content, "isError": answer.is_error}
                )
            print(
                json.dumps(
                    {
                        "tools": [tool.name for tool in listed.tools],
                        "description": run_code.description,
                        "structuredContent": result.structured_content,
                        "isError": result.is_error,
                        # The SDK may run callbacks out of arrival order; the server numbers
                        # its notifications, so they are reported in the server's order.
                        "progress": [message for _, message in sorted(progress)],
                        "instructions": planned,
                    }
                )
            )


asyncio.run(asyncio.wait_for(main(), timeout=60))
