"""The checking service's errors: every refused request, and every failure of the service, is
answered with an RFC 9457 problem details object (media type ``application/problem+json``;
schema ``serve-1.json#/$defs/problem``):

    type     "about:blank": the HTTP status says what kind of problem it is (RFC 9457, 4.2.1)
    title    the status's phrase ("Unprocessable Content")
    status   the HTTP status
    detail   one line saying what is wrong
    where    an extension: where the fault is (a JSON pointer into the body, ``body``,
             ``query: NAME``, ``header: NAME`` or ``path``), or null
    error    an extension: the same line as ``detail``, as the service's first errors gave it
             (kept for their clients)
"""

from __future__ import annotations

import http
import json
from collections.abc import Mapping

from starlette.responses import Response
from starlette.types import Send

from oracle.formats.shown import excerpt, printable

#: The media type of every error answer (RFC 9457, section 3).
PROBLEM = "application/problem+json"
#: The problem type of every error: the status alone says what kind it is (RFC 9457, 4.2.1).
BLANK = "about:blank"


def title(status: int) -> str:
    """The status's phrase, as RFC 9110 names it (``422``: "Unprocessable Content")."""
    if status == 422:
        return "Unprocessable Content"  # RFC 9110's name (Python's is older)
    if status == 413:
        return "Content Too Large"
    try:
        return http.HTTPStatus(status).phrase
    except ValueError:
        return "Error"


class ApiError(Exception):
    """A request the service refuses: ``status`` (4xx, or 503 when a limit is reached),
    ``message`` (one line) and ``where``."""

    def __init__(self, status: int, message: str, where: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = printable(excerpt(message, 400))
        self.where = where

    def to_json(self) -> dict[str, object]:
        """The error as a problem details object (see the module docstring)."""
        return {"type": BLANK, "title": title(self.status), "status": self.status,
                "detail": self.message, "where": self.where, "error": self.message}


#: The service's JSON writer (one for all: it keeps no state between texts).
_WRITER = json.JSONEncoder(ensure_ascii=True, allow_nan=False)


def dumps(data: object) -> bytes:
    """JSON as the service writes it: ASCII only (a lone surrogate in an echoed name stays
    valid JSON), no NaN (``json.dumps`` with these options, without making a writer each
    time)."""
    return _WRITER.encode(data).encode("ascii")


def problem_head(error: ApiError, length: int, close: bool = False) -> list[tuple[bytes, bytes]]:
    """The headers of ``error``'s answer (``length`` bytes of JSON): a 503 says to retry in a
    second; ``close`` ends the connection after it."""
    headers = [(b"content-type", PROBLEM.encode("ascii")),
               (b"content-length", str(length).encode("ascii"))]
    if error.status == 503:
        headers.append((b"retry-after", b"1"))
    if close:
        headers.append((b"connection", b"close"))
    return headers


def problem_response(error: ApiError, headers: Mapping[str, str] | None = None) -> Response:
    """``error``'s answer as a response of the application (``headers`` added: a 405's
    ``Allow``)."""
    response = Response(dumps(error.to_json()), error.status, media_type=PROBLEM)
    if error.status == 503:
        response.headers["retry-after"] = "1"
    response.headers.update(headers or {})
    return response


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
