"""The adapter protocol's JSON Lines messages: the schemas (``oracle/schema/adapter-1/`` to
``oracle/schema/adapter-3/``; version 3's refer to the game model's ``state-1.json`` and
``move-1.json``) and the conversion between messages and the Python values of
:mod:`oracle.adapter.protocol`.

Every request is one JSON object on one line with a ``type`` (``hello``, ``new_game``,
``apply``, ``state``, ``legal``, ``probe``); the app answers each with one line (docs/certify.md).
A reply that does not match its schema is garbage: :class:`AdapterError`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources

import jsonschema
import referencing
import referencing.jsonschema

from oracle.adapter.protocol import (
    ACCEPTED,
    PROTOCOLS,
    AdapterError,
    Answer,
    AppState,
    Hello,
    JSONData,
    NotComparable,
    Rolled,
    Step,
    Turn,
)

#: The request types, each with a schema file ``oracle/schema/adapter-N/TYPE.json``.
MESSAGES: tuple[str, ...] = ("hello", "new_game", "apply", "state", "legal", "probe")


#: The game model's schemas that version 3's messages refer to (``$ref``).
MODEL_SCHEMAS: tuple[str, ...] = ("state-1.json", "move-1.json")


def _load(path: str) -> dict[str, object]:
    loaded: dict[str, object] = json.loads(
        resources.files("oracle").joinpath(f"schema/{path}").read_text("utf-8"))
    return loaded


@cache
def schema(name: str, version: int = 1) -> dict[str, object]:
    """The JSON Schema of message ``name`` of protocol ``version`` (``$defs``: ``request`` and
    ``response``)."""
    return _load(f"adapter-{version}/{name}.json")


@cache
def registry() -> referencing.jsonschema.SchemaRegistry:
    """The game model's schemas by their ``$id``, for the references of version 3."""
    resources_ = []
    for path in MODEL_SCHEMAS:
        contents = _load(path)
        resources_.append((str(contents["$id"]), referencing.Resource.from_contents(
            contents, default_specification=referencing.jsonschema.DRAFT202012)))
    return referencing.Registry().with_resources(resources_)


@cache
def _validator(name: str, part: str, version: int) -> jsonschema.Draft202012Validator:
    whole = schema(name, version)
    defs = whole["$defs"]
    assert isinstance(defs, dict)
    return jsonschema.Draft202012Validator({**defs[part], "$defs": defs, "$id": whole["$id"]},
                                           registry=registry())


#: Sheets and dice kept as checked (:func:`check`'s ``known``) before the set is emptied.
KNOWN = 4096


def _unknown(data: dict[str, object], known: set[str]) -> tuple[dict[str, object], list[str]]:
    """A version-3 state answer with each sheet and the dice already checked (in ``known``, by
    their JSON text) left out, and the texts of those not yet checked."""
    fresh: list[str] = []
    out = dict(data)
    for key in ("sheets", "dice"):
        value = data.get(key)
        items = value if key == "sheets" and isinstance(value, list) else [value]
        kept = []
        for item in items:
            if isinstance(item, (dict, list)):
                text = json.dumps(item, sort_keys=True, separators=(",", ":"))
                if text in known:
                    item = ""  # a sheet or dice text: valid, checked before as it is
                else:
                    fresh.append(text)
            kept.append(item)
        if value is not None:
            out[key] = kept if key == "sheets" and isinstance(value, list) else kept[0]
    return out, fresh


def check(name: str, part: str, data: object, version: int = 1,
          known: set[str] | None = None) -> None:
    """Raise :class:`AdapterError` unless ``data`` is a valid ``part`` (request or response)
    of message ``name`` in protocol ``version``; an ``error`` reply is reported with the app's
    message.  ``known``: the JSON texts of the sheets and dice of earlier version-3 state
    answers found valid, checked again only when they change (most sheets stay as they were
    from one step to the next); this check's are added."""
    if isinstance(data, dict) and data.get("type") == "error":
        raise AdapterError(f"the adapter answered {name} with an error: {data.get('message')}")
    validator = _validator(name, part, version)
    fresh: list[str] = []
    if known is not None and name == "state" and version >= 3 and isinstance(data, dict):
        data, fresh = _unknown(data, known)
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        where = "/" + "/".join(str(p) for p in error.absolute_path)[:100]
        said = " ".join(error.message.split())  # one line, whatever the answer held
        raise AdapterError(f"garbage {part} to {name}: {where}: {said:.160}: {data!r:.200}")
    if known is not None and fresh:
        if len(known) + len(fresh) > KNOWN:
            known.clear()
        known.update(fresh)


def hello_request() -> dict[str, object]:
    """The harness's hello: ``protocol`` 1 (what a version-1 adapter reads) and every version
    it speaks."""
    return {"type": "hello", "protocol": 1, "protocols": list(PROTOCOLS)}


def hello_version(data: Mapping[str, object]) -> int:
    """The version a hello answer speaks (1 unless it says 2 or 3)."""
    said = data.get("protocol")
    return said if type(said) is int and said in PROTOCOLS else 1


def hello_to_json(hello: Hello) -> dict[str, object]:
    out: dict[str, object] = {"type": "hello", "protocol": hello.protocol, "game": hello.game,
                              "version": hello.version,
                              "capabilities": sorted(hello.capabilities)}
    if hello.protocol >= 2 and hello.options is not None:
        out["options"] = {k: list(v) for k, v in hello.options.items()}
    return out


def hello_from_json(data: Mapping[str, object]) -> Hello:
    capabilities = data.get("capabilities", [])
    assert isinstance(capabilities, list)
    version = hello_version(data)
    options = data.get("options")
    declared: dict[str, tuple[str, ...]] | None = None
    if version >= 2:
        declared = {}
        if isinstance(options, dict):
            declared = {str(k): tuple(map(str, v)) for k, v in options.items()
                        if isinstance(v, list)}
    return Hello(str(data["game"]), str(data["version"]), frozenset(map(str, capabilities)),
                 version, declared)


def turn_to_json(turn: Turn) -> dict[str, object]:
    return {"player": turn.player, "phase": turn.phase, "round": turn.round,
            "active": turn.active}


def turn_from_json(data: Mapping[str, object]) -> Turn:
    player = data.get("player")
    return Turn(player if isinstance(player, int) else None, str(data.get("phase")),
                int(str(data.get("round"))), int(str(data.get("active"))))


def step_to_json(kind: str, step: Step, version: int = 2) -> dict[str, object]:
    """An ``apply`` or ``probe`` request (``kind``) of protocol 2, or of protocol 3 (the move
    as move JSON, and in notation)."""
    if version >= 3:
        return {"type": kind, "move": dict(step.data), "notation": step.move, "step": step.kind,
                **turn_to_json(step.turn)}
    return {"type": kind, "move": step.move, "step": step.kind, **turn_to_json(step.turn)}


def step_from_json(data: Mapping[str, object]) -> Step:
    """The step of an ``apply`` or ``probe`` request of protocol 2 or 3."""
    move = data["move"]
    if isinstance(move, dict):
        return Step(str(data["notation"]), str(data["step"]), turn_from_json(data), move)
    return Step(str(move), str(data["step"]), turn_from_json(data))


def _plain(value: str | JSONData) -> str | dict[str, object]:
    return value if isinstance(value, str) else dict(value)


def answer_to_json(answer: Answer | Rolled) -> dict[str, object]:
    if isinstance(answer, Rolled):
        return {"type": "rolled", "move": _plain(answer.move)}
    if answer.accepted:
        return {"type": "accepted"}
    return {"type": "refused", "reason": answer.reason}


def answer_from_json(data: Mapping[str, object]) -> Answer | Rolled:
    if data["type"] == "accepted":
        return ACCEPTED
    if data["type"] == "rolled":
        move = data["move"]
        return Rolled(move if isinstance(move, dict) else str(move))
    return Answer(False, str(data["reason"]))


def state_to_json(state: AppState | NotComparable) -> dict[str, object]:
    if isinstance(state, NotComparable):
        return {"type": "not-comparable", "reason": state.reason}
    out: dict[str, object] = {"type": "state"}
    if state.sheets is not None:
        out["sheets"] = [_plain(s) for s in state.sheets]
    if state.scores is not None:
        out["scores"] = [dict(s) for s in state.scores]
    if state.dice is not None:
        out["dice"] = state.dice if isinstance(state.dice, str) else [dict(d) for d in state.dice]
    return out


def _sheets(value: object) -> tuple[str | JSONData, ...] | None:
    if not isinstance(value, list):
        return None
    return tuple(s if isinstance(s, dict) else str(s) for s in value)


def _dice(value: object) -> str | Sequence[JSONData] | None:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return tuple(d for d in value if isinstance(d, dict))
    return None


def state_from_json(data: Mapping[str, object]) -> AppState | NotComparable:
    if data.get("type") == "not-comparable":
        return NotComparable(str(data.get("reason", "")))
    sheets = data.get("sheets")
    scores = data.get("scores")
    table: list[tuple[tuple[str, int], ...]] = []
    for item in scores if isinstance(scores, list) else []:
        if isinstance(item, int):
            table.append((("total", item),))
        elif isinstance(item, dict):
            table.append(tuple((str(k), int(v)) for k, v in item.items()))
    return AppState(
        sheets=_sheets(sheets),
        scores=tuple(table) if isinstance(scores, list) else None,
        dice=_dice(data.get("dice")),
    )


def legal_to_json(moves: tuple[str | JSONData, ...] | NotComparable) -> dict[str, object]:
    if isinstance(moves, NotComparable):
        return {"type": "not-comparable", "reason": moves.reason}
    return {"type": "legal", "moves": [_plain(m) for m in moves]}


def legal_from_json(data: Mapping[str, object]) -> tuple[str | JSONData, ...] | NotComparable:
    if data.get("type") == "not-comparable":
        return NotComparable(str(data.get("reason", "")))
    moves = data["moves"]
    assert isinstance(moves, list)
    return tuple(m if isinstance(m, dict) else str(m) for m in moves)
