"""Checking request bodies: the body (read whole by :mod:`oracle.serve.admission`, within the
size and time limits) as UTF-8 JSON, read strictly as records are (:mod:`oracle.formats.jsontext`: no
key twice in one object, no NaN, no nesting past Python's limit, no integer of more than 100
digits), with no lone surrogate in any string, then against the body's JSON Schema
(:mod:`oracle.serve.schemas`).  Every failure is an :class:`ApiError` naming what and where;
nothing the client sends can raise anything else."""

from __future__ import annotations

import re
from collections.abc import Mapping

from jsonschema.exceptions import ValidationError, best_match
from starlette.requests import Request

from oracle.formats.jsontext import DuplicateKeyError, JSONTextError, loads
from oracle.formats.shown import bad_text as _bad_text  # the record's own test of text
from oracle.formats.shown import excerpt
from oracle.serve.problems import ApiError
from oracle.serve.schemas import quick, validator

JSON = "application/json"
#: A JSON escape of a surrogate (``\\ud800``): the only way a JSON text read as UTF-8 gives a
#: string with a lone surrogate (a text without one needs no search for them).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
#: The media types of a JSON Lines body (``POST /verify``).
JSON_LINES = ("application/x-ndjson", "application/jsonl", "application/json-lines",
              "application/jsonlines")


def media_type(request: Request) -> str:
    """The request's media type, without parameters, in lower case ("" when none)."""
    return media_of(request.headers.get("content-type", ""))


def media_of(content_type: str) -> str:
    """The media type a ``Content-Type`` header's value names, without parameters, in lower
    case ("" when none)."""
    return content_type.split(";", 1)[0].strip().lower()


def require_media(request: Request, allowed: tuple[str, ...] = (JSON,)) -> str:
    """The media type, if it is one of ``allowed`` (a missing one counts as JSON); else 415."""
    return allowed_media(request.headers.get("content-type", ""), allowed)


def allowed_media(content_type: str, allowed: tuple[str, ...] = (JSON,)) -> str:
    """The media type a ``Content-Type`` header's value names, if it is one of ``allowed`` (a
    missing one counts as JSON); else 415."""
    kind = media_of(content_type) or JSON
    if kind not in allowed:
        raise ApiError(415, f"the body is {excerpt(kind, 60)}; send it as "
                       f"{' or '.join(allowed)}", "header: content-type")
    return kind


async def read_body(request: Request) -> bytes:
    """The whole body (admission has read it within the size and time limits)."""
    return await request.body()


def text_of(body: bytes, where: str = "body") -> str:
    """``body`` as text (a leading byte-order mark dropped); 400 when it is not UTF-8."""
    try:
        return body.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ApiError(400, f"the {where} is not UTF-8 text (byte {exc.start + 1})", where) \
            from None


def _json_pointer(path: tuple[str, ...]) -> str:
    return "/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in path)


def lone_surrogate(value: object) -> tuple[str, str] | None:
    """The JSON pointer and the text of the first string (or key) in ``value`` that cannot be
    written as UTF-8 (a lone surrogate such as ``\\ud800``), or None."""
    stack: list[tuple[object, tuple[str, ...]]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if _bad_text(item):
                return _json_pointer(path), item
        elif isinstance(item, dict):
            for key in item:
                if _bad_text(key):
                    return _json_pointer((*path, key)), key
            stack.extend((v, (*path, k)) for k, v in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((v, (*path, str(i))) for i, v in reversed(list(enumerate(item))))
    return None


def parse_json(body: bytes, where: str = "body") -> object:
    """The JSON value of ``body``: 400 saying where it is not JSON (or JSON no well-formed input
    holds); 422 for a key twice in one object (as a record is refused, :mod:`oracle.formats.jsontext`)
    or a string that is not valid Unicode text, naming where."""
    text = text_of(body, where)
    if not text.strip():
        raise ApiError(400, f"the {where} is empty; send a JSON object", where)
    try:
        data = loads(text)
    except DuplicateKeyError as exc:
        raise ApiError(422, str(exc), where) from None
    except JSONTextError as exc:
        raise ApiError(400, f"the {where}: {exc}", where) from None
    found = lone_surrogate(data) if _SURROGATE_ESCAPE.search(text) else None
    if found is not None:
        pointer, bad = found
        raise ApiError(422, f"{excerpt(ascii(bad), 60)} is not valid Unicode text (a lone "
                       "surrogate)", pointer)
    return data


def _pointer(error: ValidationError) -> str:
    return _json_pointer(tuple(str(p) for p in error.absolute_path))


def _message(error: ValidationError) -> str:
    """One line for a schema error; a choice of shapes (``oneOf``) is named by its fields."""
    if error.validator == "oneOf" and isinstance(error.validator_value, list):
        shapes = [" and ".join(repr(k) for k in branch.get("required", ()))
                  for branch in error.validator_value if isinstance(branch, dict)]
        if all(shapes):
            return ("want either " + ", or ".join(shapes) +
                    (" (not both)" if len(shapes) == 2 else " (only one of them)"))
        described = error.schema.get("description") if isinstance(error.schema, Mapping) \
            else None
        if isinstance(described, str):
            return f"{excerpt(repr(error.instance), 60)} is not {described[0].lower()}" \
                   f"{described[1:].rstrip('.')}"
    if (error.validator == "additionalProperties" and isinstance(error.instance, dict)
            and isinstance(error.schema, Mapping)):
        allowed = error.schema.get("properties", {})
        unknown = sorted(k for k in error.instance if k not in allowed)
        return (f"unknown field {excerpt(repr(unknown[0]), 60)} (allowed: "
                f"{', '.join(allowed)})")
    return excerpt(error.message, 200)


def checked(data: object, definition: str) -> dict[str, object]:
    """``data`` if it is a valid ``definition`` body (``serve-1.json``); else 422 naming the
    JSON pointer at fault.  A valid body is known at once by its quick check
    (:func:`oracle.serve.schemas.quick`); any other is checked in full."""
    fast = quick(definition)
    if fast is not None and fast(data):
        assert isinstance(data, dict)
        return data
    try:
        error = best_match(validator(definition).iter_errors(data))
    except RecursionError:
        raise ApiError(400, "the body is nested too deeply", "body") from None
    if error is not None:
        raise ApiError(422, _message(error), _pointer(error))
    assert isinstance(data, dict)
    return data


async def json_body(request: Request, definition: str) -> dict[str, object]:
    """The request's JSON body, checked against ``definition``."""
    require_media(request)
    return checked(parse_json(await read_body(request)), definition)
