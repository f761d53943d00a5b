"""The OpenAPI 3.1 document of the checking service (``GET /openapi.json``), made from the
endpoint table (:mod:`oracle.serve.endpoints`) and the very JSON Schemas requests are checked
against: ``serve-1.json``'s bodies, the command line's ``record-1.json`` and ``verdict-1.json``,
and the JSON game model's ``state-1.json`` and ``move-1.json`` (docs/formats.md, section 6), all
under ``components/schemas`` with their references pointed there.

Every operation has an ``operationId``, a tag and examples (:mod:`oracle.serve.examples`), and
codes are enums (die colours, places, phases, who is to move), so that a generator such as
``openapi-typescript`` makes a client with named operations and literal types.  A position is
``components/schemas/state-model``: one of the games' positions (``clever-cubed-state``,
``clever-4ever-state``), told apart by ``game``; a move is ``move-model``.  Every error is an
RFC 9457 problem details object (``application/problem+json``, ``problem``); every answer
carries CORS headers (:mod:`oracle.serve.cors`).
"""

from __future__ import annotations

from collections.abc import Sequence

from starlette.requests import Request
from starlette.responses import Response

from oracle.plumbing.version import __version__
from oracle.games import GAMES
from oracle.records.record import schema
from oracle.serve.endpoint import Endpoint
from oracle.serve.problems import PROBLEM
from oracle.serve.schemas import definitions

_BASE = "https://clever-oracle.invalid/schema/"
_HERE = "#/components/schemas/"
_STATUS_TEXT = {400: "the body is not JSON (or not UTF-8)", 404: "no such game or path",
                408: "the body did not arrive within the time limit",
                413: "the body or the number of records is over the limit",
                415: "the body's media type is not accepted",
                422: "the body, a field or a query parameter is not valid (where says which)",
                500: "a failure of the service itself (please report it with the request)",
                503: "a limit was reached (concurrent requests, the time limit), or the server "
                     "is stopping; retry"}
#: The tags, in order, with what their operations do.
TAGS = (("positions", "A game's positions and moves: a new game, the legal moves, a move "
                      "applied (the JSON game model, or position and move notation)"),
        ("sheets", "A sheet's score and its drawing"),
        ("records", "Judging a whole game's record, and the record viewer's page"),
        ("solver", "Questions answered by the Z3 solver, with their certificates"),
        ("games", "The games, their ruleset options and rule catalogues"),
        ("service", "The service itself"))
#: The JSON game model's schemas' own definitions, by the names they have here.
_STATE_DEFS = {"clever-cubed": "clever-cubed-state", "clever-4ever": "clever-4ever-state"}
_MOVE_DEFS = {"clever-cubed": "clever-cubed-move", "clever-4ever": "clever-4ever-move"}


def _pointed(value: object, refs: dict[str, str]) -> object:
    """``value`` with every ``$ref`` in ``refs`` replaced, and no ``$schema`` or ``$id``."""
    if isinstance(value, dict):
        out = {k: _pointed(v, refs) for k, v in value.items() if k not in ("$schema", "$id")}
        ref = out.get("$ref")
        if isinstance(ref, str):
            out["$ref"] = refs.get(ref, ref)
        return out
    if isinstance(value, list):
        return [_pointed(v, refs) for v in value]
    return value


def _defs(loaded: dict[str, object]) -> dict[str, object]:
    found = loaded["$defs"]
    assert isinstance(found, dict)
    return found


def _model(found: dict[str, object]) -> None:
    """Add the JSON game model's schemas to ``found``: each game's position, sheet, score and
    move, and ``state-model`` and ``move-model``, which take any game's (told apart by
    ``game``, not by the schema file's ``if``/``then``, so that typed clients see a union)."""
    state, move = schema("state-1.json"), schema("move-1.json")
    state_names = {name: _STATE_DEFS.get(name, name) for name in _defs(state)}
    move_names = {name: _MOVE_DEFS.get(name, name) for name in _defs(move)}
    for loaded, names in ((state, state_names), (move, move_names)):
        refs = {f"#/$defs/{name}": _HERE + new for name, new in names.items()}
        refs.update({f"{loaded['$id']}#/$defs/{name}": _HERE + new
                     for name, new in names.items()})
        for name, body in _defs(loaded).items():
            found[names[name]] = _pointed(body, refs)
    for name in _MOVE_DEFS.values():
        # said outright (it is JSON Schema's default): a typed client then takes a move's
        # other keys, which the schema's if/then per kind gives and generators leave out
        move_def = found[name]
        assert isinstance(move_def, dict)
        move_def.setdefault("additionalProperties", True)
    found["state-model"] = {"title": state["title"], "description": state["description"],
                            "oneOf": [{"$ref": _HERE + _STATE_DEFS[g]} for g in GAMES]}
    found["move-model"] = {"title": move["title"], "description": move["description"],
                           "anyOf": [{"$ref": _HERE + _MOVE_DEFS[g]} for g in GAMES]}


def components() -> dict[str, object]:
    """Every schema the document names, under ``components/schemas``."""
    verdicts = _defs(schema("verdict-1.json"))
    refs = {f"#/$defs/{name}": _HERE + name for name in (*definitions(), *verdicts)}
    refs[f"{_BASE}record-1.json"] = _HERE + "record"
    refs[f"{_BASE}state-1.json"] = _HERE + "state-model"
    refs[f"{_BASE}move-1.json"] = _HERE + "move-model"
    for name in _defs(schema("state-1.json")):
        refs[f"{_BASE}state-1.json#/$defs/{name}"] = _HERE + _STATE_DEFS.get(name, name)
    found: dict[str, object] = {name: _pointed(body, refs) for name, body in definitions().items()}
    found.update({name: _pointed(body, refs) for name, body in verdicts.items()})
    found["record"] = _pointed(schema("record-1.json"), refs)
    found["verify-line"] = {"description": "One line of POST /verify's JSON Lines answer.",
                            "oneOf": [{"$ref": _HERE + n} for n in verdicts]}
    _model(found)
    return found


def _content(bodies: Sequence[tuple[str, str | None]],
             example: object = None) -> dict[str, object]:
    content: dict[str, object] = {}
    for i, (kind, name) in enumerate(bodies):
        media: dict[str, object] = {"schema": {"$ref": _HERE + name}} if name else {}
        if i == 0 and example is not None:
            media["example"] = example
        content[kind] = media
    return content


def _operation(endpoint: Endpoint) -> dict[str, object]:
    error = {PROBLEM: {"schema": {"$ref": _HERE + "problem"}}}
    answer = endpoint.answer_example() if endpoint.answer_example else None
    responses: dict[str, object] = {"200": {"description": "the answer",
                                            "content": _content(endpoint.answer, answer)}}
    for status in sorted({*endpoint.errors, 500, 503}):
        responses[str(status)] = {"description": _STATUS_TEXT[status], "content": error}
    operation: dict[str, object] = {"operationId": endpoint.operation, "tags": [endpoint.tag],
                                    "summary": endpoint.summary, "responses": responses}
    if endpoint.body:
        example = endpoint.example() if endpoint.example else None
        operation["requestBody"] = {"required": True,
                                    "content": _content(endpoint.body, example)}
    parameters: list[dict[str, object]] = [
        {"name": name, "in": "query", "required": False, "description": text,
         "schema": {"enum": list(values)} if values else {"type": "string"}}
        for name, text, values in endpoint.query]
    parameters += [{"name": part.strip("{}"), "in": "path", "required": True,
                    "schema": {"enum": list(GAMES)}, "example": next(iter(GAMES))}
                   for part in endpoint.path.split("/") if part == "{game}"]
    if parameters:
        operation["parameters"] = parameters
    return operation


def document(endpoints: Sequence[Endpoint]) -> dict[str, object]:
    """The OpenAPI document for ``endpoints``."""
    paths: dict[str, dict[str, object]] = {}
    for endpoint in endpoints:
        paths.setdefault(endpoint.path, {})[endpoint.method.lower()] = _operation(endpoint)
    return {
        "openapi": "3.1.0",
        "info": {"title": "clever-oracle checking service", "version": __version__,
                 "description": "The reference oracle for the Clever dice games over HTTP: "
                 "stateless (positions in, positions out), positions and moves in the JSON "
                 "game model (state, move JSON) or in our notation. Every error is an RFC "
                 "9457 problem details object (application/problem+json) saying what is wrong "
                 "(detail) and where (the extension 'where'). Every answer carries CORS "
                 "headers: any origin may call the service from a browser (no credentials; "
                 "serve --cors-origin narrows it, --no-cors turns it off), and a preflight "
                 "OPTIONS is answered 204."},
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "tags": [{"name": name, "description": text} for name, text in TAGS],
        "paths": paths,
        "components": {"schemas": components()},
    }


async def serve_document(request: Request) -> Response:
    """``GET /openapi.json``: the document, made once when the application was."""
    text = request.app.state.openapi
    assert isinstance(text, bytes)
    return Response(text, media_type="application/json")
