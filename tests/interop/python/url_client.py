#!/usr/bin/env python3
"""Calls a tool that sends the user to a URL (URL-mode elicitation, SEP-1036)
with the official Python SDK (`mcp` on PyPI), over stdio, and prints ONE JSON
report on stdout. It asserts nothing: the Rust test
(examples/tests/url_interop.rs) reads the report and decides.

Usage:
  python url_client.py --mode MODE --action ACTION --call TOOL -- SERVER [ARGS...]

MODE is the SDK's `Client(mode=...)`: `legacy` (the initialize handshake,
protocol 2025-11-25) or `auto` (`server/discover`, protocol 2026-07-28).
ACTION is what the client answers every elicitation with (accept, decline,
cancel). The SDK declares `elicitation: {form: {}, url: {}}` once it has an
elicitation callback, and under 2026-07-28 answers an `InputRequiredResult`
by calling it and retrying the call itself.

The report holds every elicitation request the callback saw (as the SDK
parsed it), every `notifications/elicitation/complete` received, and the
call's result or the error the SDK raised.
"""

import asyncio
import json
import sys
from importlib.metadata import version

import mcp.types as types
from mcp import Client, StdioServerParameters


def parse_argv(argv):
    mode, action, tool, server = None, None, None, None
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--mode":
            mode = argv[i + 1]
            i += 2
        elif arg == "--action":
            action = argv[i + 1]
            i += 2
        elif arg == "--call":
            tool = argv[i + 1]
            i += 2
        elif arg == "--":
            server = argv[i + 1 :]
            break
        else:
            sys.exit(f"url_client.py: unknown argument {arg!r}")
    if None in (mode, action, tool) or not server:
        sys.exit("usage: url_client.py --mode MODE --action ACTION --call TOOL -- SERVER [ARGS...]")
    return mode, action, tool, server


async def main():
    mode, action, tool, server = parse_argv(sys.argv[1:])
    report = {"sdk": version("mcp"), "mode": mode, "protocolVersion": None, "elicitations": [],
              "completed": [], "result": None, "error": None}

    async def on_elicit(context, params):
        report["elicitations"].append(params.model_dump(mode="json", by_alias=True, exclude_none=True))
        return types.ElicitResult(action=action)

    async def on_message(message):
        if isinstance(message, types.ElicitCompleteNotification):
            report["completed"].append(message.params.model_dump(mode="json", by_alias=True))

    params = StdioServerParameters(command=server[0], args=server[1:])
    async with Client(params, mode=mode, elicitation_callback=on_elicit, message_handler=on_message) as client:
        report["protocolVersion"] = client.protocol_version
        try:
            result = await client.call_tool(tool, {})
            report["result"] = {
                "isError": bool(result.is_error),
                "text": [block.text for block in result.content if getattr(block, "type", None) == "text"],
            }
        except Exception as error:
            report["error"] = f"{type(error).__name__}: {error}"
        # Let a completion notification sent right after the result arrive.
        for _ in range(50):
            if report["completed"] or action != "accept":
                break
            await asyncio.sleep(0.02)
    print(json.dumps(report))


if __name__ == "__main__":
    asyncio.run(main())
