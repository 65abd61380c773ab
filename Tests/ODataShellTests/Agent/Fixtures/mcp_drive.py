"""Drives an MCP server over stdio with the official Python client (PyPI `mcp`), for odsh's tests.

usage: mcp_drive.py COMMAND [ARG...] < steps.json

steps.json is a JSON list of steps; the answers are printed as one JSON list, one answer per step:
  {"op": "initialize"}                      -> {"protocolVersion", "serverInfo", "capabilities", "instructions"}
  {"op": "tools"}                           -> {"tools": [...], "bytes": size of the tools/list result as JSON}
  {"op": "call", "name": N, "args": {...}}  -> {"isError", "text"}
  {"op": "cancel", "name": N, "args": {...}, "after": SECONDS}
                                            -> {"cancelled": true} once the call was abandoned (the client sends
                                               notifications/cancelled), then the session is checked to still answer
  {"op": "prompt", "name": N}               -> {"text"}
  {"op": "resource", "uri": U}              -> {"text"}
"""
import json
import sys

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def dump(model):
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


async def main():
    steps = json.load(sys.stdin)
    params = StdioServerParameters(command=sys.argv[1], args=sys.argv[2:], env=None)
    answers = []
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            for step in steps:
                op = step["op"]
                if op == "initialize":
                    r = await session.initialize()
                    answers.append({"protocolVersion": r.protocol_version, "serverInfo": dump(r.server_info),
                                    "capabilities": dump(r.capabilities), "instructions": r.instructions})
                elif op == "tools":
                    r = await session.list_tools()
                    d = dump(r)
                    answers.append({"tools": d["tools"], "bytes": len(json.dumps(d, separators=(",", ":")))})
                elif op == "call":
                    r = await session.call_tool(step["name"], step.get("args", {}))
                    text = "".join(c.text for c in r.content if getattr(c, "type", "") == "text")
                    answers.append({"isError": bool(r.is_error), "text": text})
                elif op == "cancel":
                    with anyio.move_on_after(step.get("after", 1.0)):
                        await session.call_tool(step["name"], step.get("args", {}))
                        answers.append({"cancelled": False})
                        continue
                    answers.append({"cancelled": True})
                elif op == "prompt":
                    r = await session.get_prompt(step["name"])
                    answers.append({"text": "".join(m.content.text for m in r.messages)})
                elif op == "resource":
                    r = await session.read_resource(step["uri"])
                    answers.append({"text": "".join(getattr(c, "text", "") for c in r.contents)})
                else:
                    raise SystemExit(f"unknown step {op}")
    print(json.dumps(answers))


anyio.run(main)
