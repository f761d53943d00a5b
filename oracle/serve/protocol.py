"""The HTTP protocol the service runs under uvicorn: uvicorn's own (httptools' when installed,
else h11's), except that a request that is not HTTP at all, which uvicorn answers before the
application sees it, gets the service's JSON error (a 400, :mod:`oracle.serve.problems`) rather
than uvicorn's plain text.  :data:`PROTOCOL` is its import name, as uvicorn's ``http`` setting
takes it (each worker process imports it)."""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.h11_impl import H11Protocol

from oracle.serve.problems import ApiError, dumps, problem_head


class JsonBadRequest:
    """The part of a protocol that refuses a request that is not HTTP, in JSON."""

    transport: asyncio.Transport

    def send_400_response(self, msg: str) -> None:
        """Answer a 400 JSON error and close the connection (``msg``: uvicorn's words)."""
        error = ApiError(400, f"not an HTTP request the service can read ({msg.rstrip('.')})",
                         None)
        body = dumps(error.to_json())
        head = b"".join(name + b": " + value + b"\r\n"
                        for name, value in problem_head(error, len(body), close=True))
        self.transport.write(b"HTTP/1.1 400 Bad Request\r\n" + head + b"\r\n" + body)
        self.transport.close()


class JsonH11Protocol(JsonBadRequest, H11Protocol):
    """h11's protocol, with :class:`JsonBadRequest`."""


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # httptools is not installed: h11, which uvicorn always has
    PROTOCOL = f"{__name__}:JsonH11Protocol"
else:
    class JsonHttpToolsProtocol(JsonBadRequest, HttpToolsProtocol):
        """httptools' protocol, with :class:`JsonBadRequest`."""

    PROTOCOL = f"{__name__}:JsonHttpToolsProtocol"
