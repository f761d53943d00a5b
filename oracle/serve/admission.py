"""Admission: a request's whole body is read first, within the size limit and its own time
limit, and only then does the request take one of the worker's ``--max-concurrent`` places for
its work.  A client sending its body slowly therefore holds no place (two such clients cannot
shut everyone else out); when every place is taken, one more request is answered at once with
a 503 JSON error and ``Retry-After: 1`` rather than queued, so a burst cannot pile up work past
the time limit (a load balancer sends it elsewhere).

The body's time limit reads the service's clock (:data:`oracle.serve.limits.Clock`): the body
is refused (408) once the clock says ``--timeout`` seconds have passed since the request began
and the body has not all arrived.
"""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from oracle.formats.shown import excerpt
from oracle.serve.limits import POLL, Clock, Limits
from oracle.serve.problems import ApiError, send_problem

#: The most digits a Content-Length may have (a body of the maximum size needs far fewer).
LENGTH_DIGITS = 18


class _Gone(Exception):
    """The client went away before its body had arrived: there is nobody to answer."""


def declared_length(scope: Scope, limits: Limits) -> int | None:
    """The body's length as its Content-Length header gives it (None when there is none);
    400 unless it is ASCII digits, 413 past ``limits.max_body``."""
    found = [v for k, v in scope.get("headers", ()) if k.lower() == b"content-length"]
    if not found:
        return None
    text = found[0].decode("latin-1").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > LENGTH_DIGITS:
        raise ApiError(400, f"Content-Length {excerpt(text, 40)!r} is not a number",
                       "header: content-length")
    if int(text) > limits.max_body:
        raise ApiError(413, too_big(limits), "body")
    return int(text)


def too_big(limits: Limits) -> str:
    """The words of a 413 for a body past the limit."""
    return f"the body is larger than the limit of {limits.max_body:,} bytes (--max-body)"


async def _message(receive: Receive, clock: Clock, deadline: float, limits: Limits) -> Message:
    """The next message of the request, or 408 once the clock passes ``deadline``."""
    pending = asyncio.ensure_future(receive())
    try:
        if clock() < deadline:
            await asyncio.sleep(0)  # a message already here needs no wait (the usual case)
        while not pending.done():
            left = deadline - clock()
            if left <= 0:
                break
            await asyncio.wait({pending}, timeout=min(left, POLL))
        if pending.done() and clock() < deadline:
            return pending.result()
    finally:
        if not pending.done():
            pending.cancel()
    raise ApiError(408, f"the body did not arrive within the time limit of {limits.timeout:g} s "
                   "(--timeout)", "body")


async def read_whole_body(scope: Scope, receive: Receive, limits: Limits,
                          clock: Clock) -> bytes:
    """The request's whole body: 413 past ``limits.max_body`` bytes (told by Content-Length or
    found while reading), 408 when it has not all arrived within ``limits.timeout`` seconds of
    the clock."""
    declared_length(scope, limits)
    deadline = clock() + limits.timeout
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await _message(receive, clock, deadline, limits)
        if message["type"] == "http.disconnect":
            raise _Gone()
        chunk = bytes(message.get("body", b""))
        size += len(chunk)
        if size > limits.max_body:
            raise ApiError(413, too_big(limits), "body")
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


class Admission:
    """ASGI middleware: read the body within ``limits``, then admit at most
    ``limits.max_concurrent`` requests at a time to ``app`` (one worker's event loop runs it, so
    the count needs no lock); the app receives the body already read."""

    def __init__(self, app: ASGIApp, limits: Limits, clock: Clock) -> None:
        self.app = app
        self.limits = limits
        self.clock = clock
        self.busy = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            body = await read_whole_body(scope, receive, self.limits, self.clock)
        except _Gone:
            return
        except ApiError as error:
            await send_problem(send, error, close=True)
            return
        if self.busy >= self.limits.max_concurrent:
            await send_problem(send, ApiError(
                503, f"the server is handling {self.limits.max_concurrent} requests at once "
                "(--max-concurrent); retry shortly", None))
            return
        self.busy += 1
        try:
            await self.app(scope, _replay(body, receive), send)
        finally:
            self.busy -= 1


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the body already read, then whatever the client sends next
    (its disconnection)."""
    given = False

    async def again() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return again
