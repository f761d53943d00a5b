"""Serve a Python :class:`~oracle.adapter.protocol.Implementation` over JSON Lines on standard
input and output: the server half of the adapter protocol (docs/certify.md).

A Python app needs no adapter command at all (the harness can call it in-process), but serving
it this way is also how the reference adapter and the tests' subprocess adapter run.  A request
the implementation cannot carry out is answered with an ``error`` message, never a traceback.
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from oracle.adapter.messages import (
    answer_to_json,
    check,
    hello_to_json,
    state_to_json,
)
from oracle.adapter.protocol import AdapterError, Implementation
from oracle.errors import OracleError


def _reply(implementation: Implementation, request: dict[str, object]) -> dict[str, object]:
    kind = request["type"]
    if kind == "hello":
        return hello_to_json(implementation.hello())
    if kind == "new_game":
        ruleset = request.get("ruleset", {})
        assert isinstance(ruleset, dict)
        players = request["players"]
        assert isinstance(players, int)
        implementation.new_game(str(request["game"]), players, ruleset)
        return {"type": "ok"}
    if kind in ("apply", "probe"):
        move = str(request["move"])
        answer = implementation.apply(move) if kind == "apply" else implementation.probe(move)
        return answer_to_json(answer)
    if kind == "state":
        return state_to_json(implementation.state())
    if kind == "legal":
        return {"type": "legal", "moves": list(implementation.legal())}
    raise OracleError(f"unknown request type {kind!r}")


def serve(implementation: Implementation, stdin: TextIO | None = None,
          stdout: TextIO | None = None) -> int:
    """Answer requests line by line until end of input or ``{"type": "quit"}``; returns 0."""
    source = stdin or sys.stdin
    sink = stdout or sys.stdout
    for line in source:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if isinstance(request, dict) and request.get("type") == "quit":
                break
            kind = request.get("type") if isinstance(request, dict) else None
            if kind not in ("hello", "new_game", "apply", "state", "legal", "probe"):
                raise OracleError(f"unknown request {line.strip()!r:.80}")
            check(str(kind), "request", request)
            reply = _reply(implementation, request)
        except (json.JSONDecodeError, OracleError, AdapterError) as exc:
            reply = {"type": "error", "message": str(exc)}
        sink.write(json.dumps(reply) + "\n")
        sink.flush()
    implementation.close()
    return 0
