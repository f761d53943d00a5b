"""Serve a Python implementation over JSON Lines on standard input and output: the server half
of the adapter protocol (docs/certify.md), for either version.

A Python app needs no adapter command at all (the harness can call it in-process), but serving
it this way is also how the reference adapter, the worked adapter and the tests' subprocess
adapters run.  A version-2 or version-3 implementation (a class with ``PROTOCOL = 2`` or ``3``)
answers hello with its version when the harness offers it; a version-1 implementation is served
as version 1.  A request the implementation cannot carry out is answered with an ``error``
message, never a traceback.
"""

from __future__ import annotations

import json
import sys
from typing import TextIO, cast

import attrs

from oracle.adapter.messages import (
    MESSAGES,
    answer_to_json,
    check,
    hello_to_json,
    legal_to_json,
    state_to_json,
    step_from_json,
    turn_from_json,
)
from oracle.adapter.protocol import (
    AdapterError,
    AnyImplementation,
    Implementation,
    Implementation3,
)
from oracle.engine.errors import OracleError


def _version(implementation: object, request: dict[str, object]) -> int:
    """The version spoken after ``request`` (a hello): the implementation's own (2 or 3) when
    the harness offers it."""
    speaks = getattr(type(implementation), "PROTOCOL", 1)
    if speaks not in (2, 3):
        return 1
    offered = request.get("protocols")
    if isinstance(offered, list) and speaks in offered:
        return int(speaks)
    said = "protocol 1" if not isinstance(offered, list) else \
        "protocols " + ", ".join(map(str, offered))
    raise OracleError(f"this adapter speaks protocol {speaks}; the harness offered only {said}")


def _reply_1(app: Implementation, request: dict[str, object]) -> dict[str, object]:
    kind = request["type"]
    if kind == "hello":
        return hello_to_json(app.hello())
    if kind == "new_game":
        ruleset = request.get("ruleset", {})
        players = request["players"]
        assert isinstance(ruleset, dict) and isinstance(players, int)
        app.new_game(str(request["game"]), players, ruleset)
        return {"type": "ok"}
    if kind in ("apply", "probe"):
        move = str(request["move"])
        return answer_to_json(app.apply(move) if kind == "apply" else app.probe(move))
    if kind == "state":
        return state_to_json(app.state())
    return legal_to_json(app.legal())


def _reply_2(app: Implementation3, request: dict[str, object],
             version: int) -> dict[str, object]:
    """The answer of a version-2 or version-3 implementation (``version``)."""
    kind = request["type"]
    if kind == "hello":
        return hello_to_json(attrs.evolve(app.hello(), protocol=version))
    if kind == "new_game":
        ruleset, players, seed = request.get("ruleset", {}), request["players"], request["seed"]
        assert isinstance(ruleset, dict) and isinstance(players, int) and isinstance(seed, int)
        app.new_game(str(request["game"]), players, ruleset, seed)
        return {"type": "ok"}
    if kind == "apply":
        return answer_to_json(app.apply(step_from_json(request)))
    if kind == "probe":
        return answer_to_json(app.probe(step_from_json(request)))
    if kind == "state":
        return state_to_json(app.state(turn_from_json(request)))
    return legal_to_json(app.legal(turn_from_json(request)))


def serve(implementation: AnyImplementation, stdin: TextIO | None = None,
          stdout: TextIO | None = None) -> int:
    """Answer requests line by line until end of input or ``{"type": "quit"}``; returns 0."""
    source = stdin or sys.stdin
    sink = stdout or sys.stdout
    version = 1
    for line in source:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if isinstance(request, dict) and request.get("type") == "quit":
                break
            kind = request.get("type") if isinstance(request, dict) else None
            if kind not in MESSAGES:
                raise OracleError(f"unknown request {line.strip()!r:.80}")
            if kind == "hello":
                version = _version(implementation, request)
            check(str(kind), "request", request, version)
            if version >= 2:
                reply = _reply_2(cast(Implementation3, implementation), request, version)
            else:
                reply = _reply_1(cast(Implementation, implementation), request)
        except (json.JSONDecodeError, OracleError, AdapterError) as exc:
            reply = {"type": "error", "message": str(exc)}
        sink.write(json.dumps(reply) + "\n")
        sink.flush()
    implementation.close()
    return 0
