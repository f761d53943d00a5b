"""The direct way to the position endpoints: ``POST /legal`` and ``POST /apply``, the requests an
app sends on every move, are answered here without the application framework's routing, request
and response objects (about a tenth of such a request's work).  Everything else goes on to the
routes (:mod:`oracle.serve.app`).

Nothing else differs: the body was read within the limits and the request admitted among the
concurrent ones before it gets here (:mod:`oracle.serve.admission`), its media type is checked
as the routes check it (:func:`~oracle.serve.bodies.allowed_media`), the answer is the endpoint's
own (:func:`~oracle.serve.positions.legal_answer`, :func:`~oracle.serve.positions.apply_answer`:
the routes' handlers call the same), a refused request is answered with its problem details
(:mod:`oracle.serve.problems`), and any other failure goes up to the guard
(:mod:`oracle.serve.guard`), which answers it as a 500.  The endpoints to answer so are those of
the endpoint table with a ``direct`` answer (:class:`~oracle.serve.endpoint.Endpoint`).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from oracle.serve.bodies import allowed_media
from oracle.serve.endpoint import Direct, Endpoint
from oracle.serve.memo import PositionMemo
from oracle.serve.problems import ApiError, send_problem

#: The headers of a JSON answer, but for its length.
_JSON = (b"content-type", b"application/json")


def _content_type(scope: Scope) -> str:
    """The request's ``Content-Type`` header ("" when none; the server gives header names in
    lower case)."""
    for key, value in scope.get("headers", ()):
        if key == b"content-type":
            return bytes(value).decode("latin-1")
    return ""


async def _body(receive: Receive) -> bytes:
    """The whole body (admission has read it, and gives it in one message)."""
    chunks = []
    while True:
        message: Message = await receive()
        chunks.append(bytes(message.get("body", b"")))
        if message["type"] != "http.request" or not message.get("more_body", False):
            return b"".join(chunks)


class DirectRoutes:
    """ASGI middleware: the table's ``direct`` endpoints answered at once, the rest passed to
    ``app`` (see the module docstring); ``memo``: the worker's positions read and written."""

    def __init__(self, app: ASGIApp, endpoints: tuple[Endpoint, ...],
                 memo: PositionMemo) -> None:
        self.app = app
        self.memo = memo
        self.direct: dict[tuple[str, str], Direct] = {
            (e.method, e.path): e.direct for e in endpoints if e.direct is not None}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        answer = (self.direct.get((scope.get("method", ""), scope.get("path", "")))
                  if scope["type"] == "http" else None)
        if answer is None:
            await self.app(scope, receive, send)
            return
        try:
            allowed_media(_content_type(scope))
            text = answer(await _body(receive), self.memo)
        except ApiError as error:
            await send_problem(send, error)
            return
        await send({"type": "http.response.start", "status": 200,
                    "headers": [_JSON, (b"content-length", b"%d" % len(text))]})
        await send({"type": "http.response.body", "body": text})
