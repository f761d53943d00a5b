"""The adapter protocol's JSON Lines messages: the schemas (``oracle/schema/adapter-1/``) and the
conversion between messages and the Python values of :mod:`oracle.adapter.protocol`.

Every request is one JSON object on one line with a ``type`` (``hello``, ``new_game``,
``apply``, ``state``, ``legal``, ``probe``); the app answers each with one line (docs/certify.md).
A reply that does not match its schema is garbage: :class:`AdapterError`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources

import jsonschema

from oracle.adapter.protocol import (
    ACCEPTED,
    PROTOCOL_VERSION,
    AdapterError,
    Answer,
    AppState,
    Hello,
)

#: The request types, each with a schema file ``oracle/schema/adapter-1/TYPE.json``.
MESSAGES: tuple[str, ...] = ("hello", "new_game", "apply", "state", "legal", "probe")


@cache
def schema(name: str) -> dict[str, object]:
    """The JSON Schema of message ``name`` (``$defs``: ``request`` and ``response``)."""
    text = resources.files("oracle").joinpath(f"schema/adapter-1/{name}.json").read_text("utf-8")
    loaded: dict[str, object] = json.loads(text)
    return loaded


def check(name: str, part: str, data: object) -> None:
    """Raise :class:`AdapterError` unless ``data`` is a valid ``part`` (request or response)
    of message ``name``; an ``error`` reply is reported with the app's message."""
    if isinstance(data, dict) and data.get("type") == "error":
        raise AdapterError(f"the adapter answered {name} with an error: {data.get('message')}")
    whole = schema(name)
    defs = whole["$defs"]
    assert isinstance(defs, dict)
    validator = jsonschema.Draft202012Validator({**defs[part], "$defs": defs})
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        where = "/" + "/".join(str(p) for p in error.absolute_path)[:100]
        said = " ".join(error.message.split())  # one line, whatever the answer held
        raise AdapterError(f"garbage {part} to {name}: {where}: {said:.160}: {data!r:.200}")


def hello_to_json(hello: Hello) -> dict[str, object]:
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "game": hello.game,
            "version": hello.version, "capabilities": sorted(hello.capabilities)}


def hello_from_json(data: Mapping[str, object]) -> Hello:
    capabilities = data.get("capabilities", [])
    assert isinstance(capabilities, list)
    return Hello(str(data["game"]), str(data["version"]), frozenset(map(str, capabilities)))


def answer_to_json(answer: Answer) -> dict[str, object]:
    if answer.accepted:
        return {"type": "accepted"}
    return {"type": "refused", "reason": answer.reason}


def answer_from_json(data: Mapping[str, object]) -> Answer:
    if data["type"] == "accepted":
        return ACCEPTED
    return Answer(False, str(data["reason"]))


def state_to_json(state: AppState) -> dict[str, object]:
    out: dict[str, object] = {"type": "state"}
    if state.sheets is not None:
        out["sheets"] = list(state.sheets)
    if state.scores is not None:
        out["scores"] = [dict(s) for s in state.scores]
    if state.dice is not None:
        out["dice"] = state.dice
    return out


def state_from_json(data: Mapping[str, object]) -> AppState:
    sheets = data.get("sheets")
    scores = data.get("scores")
    dice = data.get("dice")
    table: list[tuple[tuple[str, int], ...]] = []
    for item in scores if isinstance(scores, list) else []:
        if isinstance(item, int):
            table.append((("total", item),))
        elif isinstance(item, dict):
            table.append(tuple((str(k), int(v)) for k, v in item.items()))
    return AppState(
        sheets=tuple(map(str, sheets)) if isinstance(sheets, list) else None,
        scores=tuple(table) if isinstance(scores, list) else None,
        dice=dice if isinstance(dice, str) else None,
    )
