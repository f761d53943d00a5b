"""Reading and checking request bodies: within the size and time limits, as UTF-8 JSON (no NaN,
no nesting past Python's limit, no integer of thousands of digits), then against the body's
JSON Schema (:mod:`oracle.serve.schemas`).  Every failure is an :class:`ApiError` naming what
and where; nothing the client sends can raise anything else."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping

from jsonschema.exceptions import ValidationError, best_match
from starlette.requests import Request

from oracle.record import excerpt
from oracle.serve.limits import Limits
from oracle.serve.problems import ApiError
from oracle.serve.schemas import validator

JSON = "application/json"
#: The media types of a JSON Lines body (``POST /verify``).
JSON_LINES = ("application/x-ndjson", "application/jsonl", "application/json-lines",
              "application/jsonlines")


def media_type(request: Request) -> str:
    """The request's media type, without parameters, in lower case ("" when none)."""
    return request.headers.get("content-type", "").split(";", 1)[0].strip().lower()


def require_media(request: Request, allowed: tuple[str, ...] = (JSON,)) -> str:
    """The media type, if it is one of ``allowed`` (a missing one counts as JSON); else 415."""
    kind = media_type(request) or JSON
    if kind not in allowed:
        raise ApiError(415, f"the body is {excerpt(kind, 60)}; send it as "
                       f"{' or '.join(allowed)}", "header: content-type")
    return kind


async def read_body(request: Request, limits: Limits) -> bytes:
    """The whole body: 413 past ``limits.max_body`` bytes (told by Content-Length or found
    while reading), 408 when it has not arrived within ``limits.timeout`` seconds."""
    declared = request.headers.get("content-length")
    if declared is not None and not declared.strip().isdigit():
        raise ApiError(400, f"Content-Length {excerpt(declared, 40)!r} is not a number",
                       "header: content-length")
    too_big = f"the body is larger than the limit of {limits.max_body:,} bytes (--max-body)"
    if declared is not None and int(declared) > limits.max_body:
        raise ApiError(413, too_big, "body")
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(limits.timeout):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limits.max_body:
                    raise ApiError(413, too_big, "body")
                chunks.append(chunk)
    except TimeoutError:
        raise ApiError(408, f"the body did not arrive within the time limit of "
                       f"{limits.timeout:g} s (--timeout)", "body") from None
    return b"".join(chunks)


def _constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def text_of(body: bytes, where: str = "body") -> str:
    """``body`` as text (a leading byte-order mark dropped); 400 when it is not UTF-8."""
    try:
        return body.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ApiError(400, f"the {where} is not UTF-8 text (byte {exc.start + 1})", where) \
            from None


def parse_json(body: bytes, where: str = "body") -> object:
    """The JSON value of ``body``; 400 naming the line and column when it is not JSON."""
    text = text_of(body, where)
    if not text.strip():
        raise ApiError(400, f"the {where} is empty; send a JSON object", where)
    try:
        return json.loads(text, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise ApiError(400, f"the {where} is not JSON: {exc.msg} at line {exc.lineno} column "
                       f"{exc.colno}", where) from None
    except RecursionError:
        raise ApiError(400, f"the {where} is nested too deeply", where) from None
    except ValueError as exc:  # NaN, Infinity, an integer of more than 4,300 digits
        raise ApiError(400, f"the {where} is not usable JSON: {exc}", where) from None


def _pointer(error: ValidationError) -> str:
    parts = [str(p).replace("~", "~0").replace("/", "~1") for p in error.absolute_path]
    return "/" + "/".join(parts)


def _message(error: ValidationError) -> str:
    """One line for a schema error; a choice of shapes (``oneOf``) is named by its fields."""
    if error.validator == "oneOf" and isinstance(error.validator_value, list):
        shapes = [" and ".join(repr(k) for k in branch.get("required", ()))
                  for branch in error.validator_value if isinstance(branch, dict)]
        return "want either " + ", or ".join(shapes) + " (not both)"
    if (error.validator == "additionalProperties" and isinstance(error.instance, dict)
            and isinstance(error.schema, Mapping)):
        allowed = error.schema.get("properties", {})
        unknown = sorted(k for k in error.instance if k not in allowed)
        return (f"unknown field {excerpt(repr(unknown[0]), 60)} (allowed: "
                f"{', '.join(allowed)})")
    return excerpt(error.message, 200)


def checked(data: object, definition: str) -> dict[str, object]:
    """``data`` if it is a valid ``definition`` body (``serve-1.json``); else 422 naming the
    JSON pointer at fault."""
    try:
        error = best_match(validator(definition).iter_errors(data))
    except RecursionError:
        raise ApiError(400, "the body is nested too deeply", "body") from None
    if error is not None:
        raise ApiError(422, _message(error), _pointer(error))
    assert isinstance(data, dict)
    return data


async def json_body(request: Request, limits: Limits, definition: str) -> dict[str, object]:
    """The request's JSON body, read within the limits and checked against ``definition``."""
    require_media(request)
    return checked(parse_json(await read_body(request, limits)), definition)
