"""The checking service's errors: every refused request is one JSON object (schema
``serve-1.json#/$defs/error``) with the HTTP status, one line saying what is wrong, and where
(a JSON pointer into the body, ``body``, ``query: NAME`` or ``path``)."""

from __future__ import annotations

import json

from starlette.types import Send

from oracle.record import excerpt
from oracle.verifier import printable


class ApiError(Exception):
    """A request the service refuses: ``status`` (4xx, or 503 when a limit is reached),
    ``message`` (one line) and ``where``."""

    def __init__(self, status: int, message: str, where: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = printable(excerpt(message, 400))
        self.where = where

    def to_json(self) -> dict[str, object]:
        """The error as a JSON-ready mapping."""
        return {"status": self.status, "error": self.message, "where": self.where}


def dumps(data: object) -> bytes:
    """JSON as the service writes it: ASCII only (a lone surrogate in an echoed name stays
    valid JSON), no NaN."""
    return json.dumps(data, ensure_ascii=True, allow_nan=False).encode("ascii")


def problem_head(error: ApiError, length: int, close: bool = False) -> list[tuple[bytes, bytes]]:
    """The headers of ``error``'s answer (``length`` bytes of JSON): a 503 says to retry in a
    second; ``close`` ends the connection after it."""
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(length).encode("ascii"))]
    if error.status == 503:
        headers.append((b"retry-after", b"1"))
    if close:
        headers.append((b"connection", b"close"))
    return headers


async def send_problem(send: Send, error: ApiError, close: bool = False) -> None:
    """Answer ``error`` through an ASGI ``send`` (for the layers outside the application's
    routes: the admission limits and the guard)."""
    body = dumps(error.to_json())
    await send({"type": "http.response.start", "status": error.status,
                "headers": problem_head(error, len(body), close)})
    await send({"type": "http.response.body", "body": body})


def record_problem(error: str, name: str) -> ApiError:
    """A 422 for a record that is not usable: ``error`` as the record module words it
    (``NAME: /players: ...``), where = the JSON pointer it names (``body`` when none)."""
    message = error.removeprefix(f"{name}: ")
    where = message.split(":", 1)[0] if message.startswith("/") else "body"
    return ApiError(422, message, where)
