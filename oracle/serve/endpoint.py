"""One endpoint of the checking service, described: the shape of :mod:`oracle.serve.endpoints`'
table, from which the routes and the OpenAPI document are made."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import attrs
from starlette.requests import Request
from starlette.responses import Response

Handler = Callable[[Request], Awaitable[Response]]
#: A body: its media type and its schema's name (None: not JSON).
Body = tuple[str, str | None]


@attrs.frozen
class Endpoint:
    """One endpoint: its method, path, handler and one-line summary, its request ``body`` and
    ``answer`` media types with their schemas' names (``answer`` defaults to JSON), the error
    statuses it may answer, and its ``query`` parameters as (name, description) pairs."""

    method: str
    path: str
    handler: Handler
    summary: str
    body: tuple[Body, ...] = ()
    answer: tuple[Body, ...] = (("application/json", None),)
    errors: tuple[int, ...] = ()
    query: tuple[tuple[str, str], ...] = ()


