"""The JSON Schemas of the checking service: its own bodies (``oracle/schema/serve-1.json``)
beside the command line's record and verdict schemas (``record-1.json``, ``verdict-1.json``) and
the JSON game model's (``state-1.json``, ``move-1.json``, docs/formats.md section 6), which it
uses unchanged.  The OpenAPI document (:mod:`oracle.serve.openapi`) holds them all.

Requests are checked against these schemas, except for the positions, sheets and moves of the
game model inside them: those are read by the model itself (:mod:`oracle.formats.model`), which checks
what the schemas say and more (a sheet no game reaches, a position in which nobody has a
decision), naming the JSON pointer of the fault, and in a fraction of the time a schema check of
a whole position takes.  For the check of a request body the two model schemas therefore stand
in as "any object" (:data:`MODEL_FILES`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

import jsonschema
import referencing
import referencing.jsonschema

from oracle.records.record import schema
from oracle.serve.quickcheck import Check, quick_check

#: The JSON game model's schemas: read by :mod:`oracle.formats.model` when a request is checked.
MODEL_FILES = ("state-1.json", "move-1.json")
#: The schema files, by their file name.
FILES = ("serve-1.json", "record-1.json", "verdict-1.json", *MODEL_FILES)


def _stand_in(loaded: dict[str, object]) -> dict[str, object]:
    """A model schema as a request check reads it: any object, with the same ``$defs`` names
    (each any object)."""
    defs = loaded.get("$defs", {})
    assert isinstance(defs, dict)
    return {"$schema": loaded["$schema"], "$id": loaded["$id"], "type": "object",
            "$defs": {name: {"type": "object"} for name in defs}}


@functools.cache
def registry(checking: bool = True) -> referencing.jsonschema.SchemaRegistry:
    """The schemas, found by their ``$id`` (``serve-1.json`` refers to the others); with
    ``checking``, the model's schemas as request checks read them (:func:`_stand_in`)."""
    resources = []
    for name in FILES:
        loaded = schema(name)
        if checking and name in MODEL_FILES:
            loaded = _stand_in(loaded)
        resources.append((str(loaded["$id"]),
                          referencing.jsonschema.DRAFT202012.create_resource(loaded)))
    found: referencing.jsonschema.SchemaRegistry = referencing.Registry().with_resources(
        resources)
    return found


def serve_schema() -> dict[str, object]:
    """``serve-1.json`` as loaded."""
    return schema("serve-1.json")


def definitions() -> Mapping[str, object]:
    """The ``$defs`` of ``serve-1.json``: each request and answer body by name."""
    found = serve_schema()["$defs"]
    assert isinstance(found, dict)
    return found


def _inlined(value: object, defs: Mapping[str, object], depth: int = 0) -> object:
    """``value`` with every reference to a body of ``serve-1.json`` replaced by that body and
    every reference into the game model's schemas by "any object" (what a request check reads,
    see the module docstring): a check then looks nothing up while it runs, which makes it
    several times quicker.  Other references (the record schema) are left to the registry."""
    if depth > 50:  # the bodies refer to each other without a cycle
        raise ValueError("serve-1.json: references nested too deeply")
    if isinstance(value, list):
        return [_inlined(v, defs, depth + 1) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: _inlined(v, defs, depth + 1) for k, v in value.items() if k != "$ref"}
    ref = value.get("$ref")
    if not isinstance(ref, str):
        return out
    local = ref.removeprefix(str(serve_schema()["$id"]))
    if local.startswith("#/$defs/") and local[8:] in defs:
        found = _inlined(defs[local[8:]], defs, depth + 1)
        assert isinstance(found, dict)
        return {**found, **{k: v for k, v in out.items() if k not in found}}
    if any(ref.split("#")[0].endswith(name) for name in MODEL_FILES):
        return {**out, "type": "object"}
    return {**out, "$ref": ref}


@functools.cache
def validator(definition: str, checking: bool = True) -> jsonschema.Draft202012Validator:
    """A validator for one body of ``serve-1.json`` (``legal-request``, ...); with
    ``checking``, as requests are checked (the game model's parts any object, the service's
    own references in place: :func:`_inlined`)."""
    if definition not in definitions():
        raise KeyError(definition)
    if checking:
        inlined = _inlined(definitions()[definition], definitions())
        assert isinstance(inlined, dict)
        return jsonschema.Draft202012Validator(inlined, registry=registry(checking))
    base = str(serve_schema()["$id"])
    return jsonschema.Draft202012Validator({"$ref": f"{base}#/$defs/{definition}"},
                                           registry=registry(checking))


@functools.cache
def quick(definition: str) -> Check | None:
    """The quick check of a request body (:mod:`oracle.serve.quickcheck`): True only for a
    body the full check (:func:`validator`) takes; None when the body's schema has no quick
    check."""
    inlined = _inlined(definitions()[definition], definitions())
    return quick_check(inlined)
