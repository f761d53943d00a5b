"""The concurrent-request limit: a worker handles at most ``--max-concurrent`` requests at once;
one more is answered at once with a 503 JSON error and ``Retry-After: 1`` rather than queued, so
a burst cannot pile up work past the time limit (a load balancer sends it elsewhere)."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from oracle.serve.problems import ApiError, dumps


class Admission:
    """ASGI middleware admitting at most ``most`` HTTP requests at a time (one worker's event
    loop runs it, so the count needs no lock)."""

    def __init__(self, app: ASGIApp, most: int) -> None:
        self.app = app
        self.most = most
        self.busy = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.busy >= self.most:
            body = dumps(ApiError(503, f"the server is handling {self.most} requests at once "
                                  "(--max-concurrent); retry shortly", None).to_json())
            await send({"type": "http.response.start", "status": 503, "headers": [
                (b"content-type", b"application/json"), (b"retry-after", b"1"),
                (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        self.busy += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.busy -= 1
