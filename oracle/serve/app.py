"""The checking service's application: the routes of the endpoint table
(:mod:`oracle.serve.endpoints`), admission (:mod:`oracle.serve.admission`: the body first, then
a place among the concurrent requests), the guard around it all (:mod:`oracle.serve.guard`:
one JSON answer for every request, CORS headers on every answer and preflights answered, and
stopping at once on a signal), the direct way to ``POST /legal`` and ``/apply``
(:mod:`oracle.serve.direct`), and the errors: a refused request
(:class:`~oracle.serve.problems.ApiError`), an unknown path, a method a path does not take (with
the ``Allow`` header), and any failure of the service itself are all answered as one problem
details object (RFC 9457, :mod:`oracle.serve.problems`), never with a traceback."""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Callable

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from oracle.serve.admission import Admission
from oracle.serve.cors import Cors, cors_from_environment
from oracle.serve.direct import DirectRoutes
from oracle.serve.endpoint import Endpoint
from oracle.serve.endpoints import ENDPOINTS
from oracle.serve.guard import Guard, stop_on_signals
from oracle.serve.limits import MONOTONIC, Clock, Limits, limits_from_environment
from oracle.serve.openapi import document
from oracle.serve.problems import ApiError, dumps, problem_response
from oracle.serve.service import Service
from oracle.serve.solving import processes


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return problem_response(exc)


async def _http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    what = {404: f"no such path {request.url.path[:80]!r} (GET /openapi.json lists them)",
            405: f"{request.method[:20]} is not allowed on {request.url.path[:80]}"}
    error = ApiError(exc.status_code, what.get(exc.status_code, str(exc.detail)), "path")
    return problem_response(error, exc.headers)  # a 405's Allow


async def _failed(request: Request, exc: Exception) -> Response:
    logging.getLogger("oracle.serve").exception("internal error on %s", request.url.path)
    return problem_response(ApiError(500, f"internal error of the oracle "
                                     f"({type(exc).__name__}); please report it with the "
                                     "request", None))


@functools.cache
def openapi_text() -> bytes:
    """The OpenAPI document of the endpoint table, as the service sends it (made once: its
    examples are the service's own answers)."""
    return dumps(document(ENDPOINTS))


def _fits(pattern: str, path: str) -> bool:
    """True when ``path`` is one of ``pattern``'s (``/games/{game}/rules``)."""
    want, parts = pattern.split("/"), path.split("/")
    return len(want) == len(parts) and all(
        part != "" if w.startswith("{") else part == w for w, part in zip(want, parts))


def path_methods(endpoints: tuple[Endpoint, ...]) -> Callable[[str], tuple[str, ...]]:
    """The methods a path takes, by the endpoint table (none: no such path)."""
    def methods(path: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e.method for e in endpoints if _fits(e.path, path)))
    return methods


def create_app(limits: Limits | None = None, clock: Clock = MONOTONIC,
               signals: bool = False, cors: Cors | None = None) -> Guard:
    """The application with ``limits`` (default: :class:`Limits`' defaults), whose time limits
    read ``clock``, and whose answers carry the CORS headers of ``cors`` (default: every
    origin): the guard, around admission, around the direct way to the position endpoints,
    around the routes (whose ``state.service`` holds the settings).  With ``signals``, Ctrl-C and SIGTERM stop it at once
    (:func:`oracle.serve.guard.stop_on_signals`, installed when the server starts it)."""
    limits = limits or Limits()
    service = Service(limits, processes(), clock)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if signals:
            stop_on_signals(guard)
        yield

    routes = Starlette(
        routes=[Route(e.path, e.handler, methods=[e.method]) for e in ENDPOINTS],
        exception_handlers={ApiError: _refused, HTTPException: _http, Exception: _failed},
        lifespan=lifespan,
    )
    routes.state.service = service
    routes.state.openapi = openapi_text()
    admitted = Admission(DirectRoutes(routes, ENDPOINTS, service.memo), limits, clock)
    guard = Guard(admitted, on_stop=(service.solves.stop,), cors=cors or Cors(),
                  methods=path_methods(ENDPOINTS))
    return guard


def app_from_environment() -> Guard:
    """The application with the limits the ``serve`` command passed to this worker, stopping at
    once on a signal (uvicorn calls this in each worker process)."""
    return create_app(limits_from_environment(), signals=True, cors=cors_from_environment())
