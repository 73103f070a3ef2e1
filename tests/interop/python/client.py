#!/usr/bin/env python3
"""Drives an MCP server over stdio with the official Python SDK (`mcp` on PyPI)
and prints ONE JSON report on stdout. It asserts nothing: the Rust test
(examples/tests/nonobject_interop.rs) reads the report and decides.

Usage:
  python client.py --mode MODE --call TOOL JSON_ARGS [--call ...] -- SERVER [ARGS...]

MODE is the SDK's `Client(mode=...)`: `legacy` (the initialize handshake,
protocol 2025-11-25) or `auto` (probes `server/discover`, protocol 2026-07-28
where the server offers it).

For each call the report has what the SDK returned (the SDK itself checks
`structuredContent` against the listed `outputSchema` and raises when it does
not match) and, independently, every error the `jsonschema` package finds
validating the `structuredContent` against the listed `outputSchema`.
Setup errors (cannot spawn, cannot connect, cannot list tools) exit non-zero.
"""

import asyncio
import json
import sys
from importlib.metadata import version

import jsonschema
from mcp import Client, StdioServerParameters


def parse_argv(argv):
    mode, calls, server = None, [], None
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--mode":
            mode = argv[i + 1]
            i += 2
        elif arg == "--call":
            calls.append((argv[i + 1], json.loads(argv[i + 2])))
            i += 3
        elif arg == "--":
            server = argv[i + 1 :]
            break
        else:
            sys.exit(f"client.py: unknown argument {arg!r}")
    if mode is None or not server:
        sys.exit("usage: client.py --mode MODE --call TOOL JSON_ARGS ... -- SERVER [ARGS...]")
    return mode, calls, server


def schema_errors(schema, value):
    if schema is None:
        return None
    validator_class = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    return [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in validator.iter_errors(value)]


async def main():
    mode, calls, server = parse_argv(sys.argv[1:])
    params = StdioServerParameters(command=server[0], args=server[1:])
    report = {"sdk": version("mcp"), "mode": mode, "protocolVersion": None, "tools": {}, "calls": []}
    async with Client(params, mode=mode) as client:
        report["protocolVersion"] = client.protocol_version
        listed = await client.list_tools()
        for tool in listed.tools:
            report["tools"][tool.name] = tool.output_schema
        for name, args in calls:
            record = {"tool": name, "args": args, "ok": False, "error": None, "isError": None,
                      "structuredContent": None, "text": [], "schemaErrors": None}
            report["calls"].append(record)
            try:
                result = await client.call_tool(name, args)
            except Exception as error:  # the SDK's own output validation raises here
                record["error"] = f"{type(error).__name__}: {error}"
                continue
            record["ok"] = True
            record["isError"] = bool(result.is_error)
            record["structuredContent"] = result.structured_content
            record["text"] = [block.text for block in result.content if getattr(block, "type", None) == "text"]
            record["schemaErrors"] = schema_errors(report["tools"].get(name), result.structured_content)
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    asyncio.run(main())
