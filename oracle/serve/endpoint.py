"""One endpoint of the checking service, described: the shape of :mod:`oracle.serve.endpoints`'
table, from which the routes and the OpenAPI document are made."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import attrs
from starlette.requests import Request
from starlette.responses import Response

from oracle.serve.memo import PositionMemo

Handler = Callable[[Request], Awaitable[Response]]
#: An endpoint's answer made from its body alone (its media type checked already), with the
#: worker's memo of positions: the JSON text of the answer (:mod:`oracle.serve.direct`).
Direct = Callable[[bytes, PositionMemo], bytes]
#: A body: its media type and its schema's name (None: not JSON).
Body = tuple[str, str | None]
#: An example, made when the OpenAPI document is (from the library's own answers).
Example = Callable[[], object]


@attrs.frozen
class Endpoint:
    """One endpoint: its method, path, handler and one-line summary, its OpenAPI
    ``operation`` id and ``tag``, its request ``body`` and ``answer`` media types with their
    schemas' names (``answer`` defaults to JSON), the error statuses it may answer, its
    ``query`` parameters as (name, description, allowed values or ()) triples, and examples of
    its request body and of its answer (for the first media type of each); ``direct``: the
    answer the service gives without the routes (:mod:`oracle.serve.direct`), the same as
    ``handler``'s."""

    method: str
    path: str
    handler: Handler
    summary: str
    operation: str
    tag: str
    body: tuple[Body, ...] = ()
    answer: tuple[Body, ...] = (("application/json", None),)
    errors: tuple[int, ...] = ()
    query: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    example: Example | None = None
    answer_example: Example | None = None
    direct: Direct | None = None


