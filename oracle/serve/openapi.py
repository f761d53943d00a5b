"""The OpenAPI 3.1 document of the checking service (``GET /openapi.json``), made from the
endpoint table (:mod:`oracle.serve.endpoints`) and the very JSON Schemas requests are checked
against: ``serve-1.json``'s bodies, the command line's ``record-1.json`` and ``verdict-1.json``,
all under ``components/schemas`` with their references pointed there."""

from __future__ import annotations

from collections.abc import Sequence

from starlette.requests import Request
from starlette.responses import Response

from oracle import __version__
from oracle.record import schema
from oracle.serve.endpoint import Endpoint
from oracle.serve.schemas import definitions

_BASE = "https://clever-oracle.invalid/schema/"
_STATUS_TEXT = {400: "the body is not JSON (or not UTF-8)", 404: "no such game or path",
                408: "the body did not arrive within the time limit",
                413: "the body or the number of records is over the limit",
                415: "the body's media type is not accepted",
                422: "the body, a field or a query parameter is not valid (where says which)",
                503: "a limit was reached (concurrent requests, the time limit), or the server "
                     "is stopping; retry"}


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


def components() -> dict[str, object]:
    """Every schema the document names, under ``components/schemas``."""
    here = "#/components/schemas/"
    verdicts = schema("verdict-1.json")["$defs"]
    assert isinstance(verdicts, dict)
    refs = {f"#/$defs/{name}": here + name for name in (*definitions(), *verdicts)}
    refs[f"{_BASE}record-1.json"] = here + "record"
    found: dict[str, object] = {name: _pointed(body, refs) for name, body in definitions().items()}
    found.update({name: _pointed(body, refs) for name, body in verdicts.items()})
    found["record"] = _pointed(schema("record-1.json"), refs)
    found["verify-line"] = {"description": "One line of POST /verify's JSON Lines answer.",
                            "oneOf": [{"$ref": here + n} for n in verdicts]}
    return found


def _content(bodies: Sequence[tuple[str, str | None]]) -> dict[str, object]:
    return {kind: ({"schema": {"$ref": f"#/components/schemas/{name}"}} if name else {})
            for kind, name in bodies}


def _operation(endpoint: Endpoint) -> dict[str, object]:
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/error"}}}
    responses: dict[str, object] = {"200": {"description": "the answer",
                                            "content": _content(endpoint.answer)}}
    for status in endpoint.errors:
        responses[str(status)] = {"description": _STATUS_TEXT[status], "content": error}
    operation: dict[str, object] = {"summary": endpoint.summary, "responses": responses}
    if endpoint.body:
        operation["requestBody"] = {"required": True, "content": _content(endpoint.body)}
    parameters = [{"name": name, "in": "query", "required": False, "description": text,
                   "schema": {"type": "string"}} for name, text in endpoint.query]
    parameters += [{"name": part.strip("{}"), "in": "path", "required": True,
                    "schema": {"type": "string"}}
                   for part in endpoint.path.split("/") if part.startswith("{")]
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
                 "stateless (positions in, positions out); every bad input is a 4xx JSON "
                 "error naming what and where."},
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "paths": paths,
        "components": {"schemas": components()},
    }


async def serve_document(request: Request) -> Response:
    """``GET /openapi.json``: the document, made once when the application was."""
    text = request.app.state.openapi
    assert isinstance(text, bytes)
    return Response(text, media_type="application/json")
