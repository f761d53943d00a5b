"""The JSON Schemas of the checking service: its own bodies (``oracle/schema/serve-1.json``)
beside the command line's record and verdict schemas (``record-1.json``, ``verdict-1.json``),
which it uses unchanged.  Requests are checked against these schemas, and the OpenAPI document
(:mod:`oracle.serve.openapi`) holds the same ones."""

from __future__ import annotations

import functools
from collections.abc import Mapping

import jsonschema
import referencing
import referencing.jsonschema

from oracle.record import schema

#: The schema files, by their file name.
FILES = ("serve-1.json", "record-1.json", "verdict-1.json")


@functools.cache
def registry() -> referencing.jsonschema.SchemaRegistry:
    """The three schemas, found by their ``$id`` (``serve-1.json`` refers to the record
    schema)."""
    resources = [
        (str(loaded["$id"]), referencing.jsonschema.DRAFT202012.create_resource(loaded))
        for loaded in (schema(name) for name in FILES)
    ]
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


@functools.cache
def validator(definition: str) -> jsonschema.Draft202012Validator:
    """A validator for one body of ``serve-1.json`` (``legal-request``, ...)."""
    if definition not in definitions():
        raise KeyError(definition)
    base = str(serve_schema()["$id"])
    return jsonschema.Draft202012Validator({"$ref": f"{base}#/$defs/{definition}"},
                                           registry=registry())
