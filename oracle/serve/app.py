"""The checking service's application: the routes of the endpoint table
(:mod:`oracle.serve.endpoints`), the concurrent-request limit (:mod:`oracle.serve.admission`),
and the errors: a refused request (:class:`~oracle.serve.problems.ApiError`), an unknown path or
method, and any failure of the service itself are all answered as one JSON error object, never
with a traceback."""

from __future__ import annotations

import logging

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from oracle.serve.admission import Admission
from oracle.serve.endpoints import ENDPOINTS
from oracle.serve.limits import Limits, limits_from_environment
from oracle.serve.openapi import document
from oracle.serve.problems import ApiError, dumps
from oracle.serve.service import Service, answer
from oracle.serve.solving import processes


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    headers = {"retry-after": "1"} if exc.status == 503 else None
    response = answer(exc.to_json(), exc.status)
    response.headers.update(headers or {})
    return response


async def _http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    what = {404: f"no such path {request.url.path[:80]!r} (GET /openapi.json lists them)",
            405: f"{request.method} is not allowed on {request.url.path[:80]}"}
    error = ApiError(exc.status_code, what.get(exc.status_code, str(exc.detail)), "path")
    return answer(error.to_json(), exc.status_code)


async def _failed(request: Request, exc: Exception) -> Response:
    logging.getLogger("oracle.serve").exception("internal error on %s", request.url.path)
    error = ApiError(500, f"internal error of the oracle ({type(exc).__name__}); please report "
                     "it with the request", None)
    return answer(error.to_json(), 500)


def create_app(limits: Limits | None = None) -> Starlette:
    """The application with ``limits`` (default: :class:`Limits`' defaults)."""
    limits = limits or Limits()
    app = Starlette(
        routes=[Route(e.path, e.handler, methods=[e.method]) for e in ENDPOINTS],
        middleware=[Middleware(Admission, most=limits.max_concurrent)],
        exception_handlers={ApiError: _refused, HTTPException: _http, Exception: _failed},
    )
    app.state.service = Service(limits, processes())
    app.state.openapi = dumps(document(ENDPOINTS))
    return app


def app_from_environment() -> Starlette:
    """The application with the limits the ``serve`` command passed to this worker (uvicorn
    calls this in each worker process)."""
    return create_app(limits_from_environment())
