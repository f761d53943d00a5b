"""The guard around the checking service (:mod:`oracle.serve.guard`) and its HTTP protocol
(:mod:`oracle.serve.protocol`): whatever happens inside, and whatever the client sends, the
answer is one JSON error, never the server's plain text; stopping answers the requests in flight
with a 503 and ends the process with the signal's exit code."""

from __future__ import annotations

import asyncio
import importlib
import json
import signal

import httpx
import pytest
from starlette.types import Receive, Scope, Send

from oracle.serve.guard import Guard, exit_code
from oracle.serve.problems import ApiError, send_problem
from oracle.serve.protocol import PROTOCOL, JsonBadRequest, JsonH11Protocol
from tests.serve.live import SAFETY


def _client(app: Guard) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://oracle")


async def _silent(scope: Scope, receive: Receive, send: Send) -> None:
    """An application that answers nothing."""


async def _failing(scope: Scope, receive: Receive, send: Send) -> None:
    raise RuntimeError("a bug")


async def _cancelled(scope: Scope, receive: Receive, send: Send) -> None:
    raise asyncio.CancelledError()


@pytest.mark.parametrize("app,status", [(_silent, 500), (_failing, 500), (_cancelled, 503)],
                         ids=["no answer", "a failure", "cancelled"])
def test_whatever_escapes_the_application_is_a_json_error(app: object, status: int) -> None:
    async def go() -> httpx.Response:
        async with _client(Guard(app)) as client:  # type: ignore[arg-type]  # an ASGI app
            return await client.get("/")
    answer = asyncio.run(go())
    assert answer.status_code == status
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.json()["status"] == status and "Traceback" not in answer.text


def test_an_answer_begun_by_the_application_is_left_alone() -> None:
    async def answered(scope: Scope, receive: Receive, send: Send) -> None:
        await send_problem(send, ApiError(422, "refused", "/x"))
        raise RuntimeError("after the answer")

    async def go() -> httpx.Response:
        async with _client(Guard(answered)) as client:
            return await client.get("/")
    answer = asyncio.run(go())
    assert answer.status_code == 422 and answer.json()["where"] == "/x"


def test_stopping_answers_the_requests_in_flight_and_ends_with_the_signal() -> None:
    ended: list[int] = []
    stopped: list[str] = []

    async def go() -> tuple[list[httpx.Response], httpx.Response]:
        began: list[Scope] = []
        never = asyncio.Event()

        async def working(scope: Scope, receive: Receive, send: Send) -> None:
            began.append(scope)
            await never.wait()  # work that would go on and on
            await send_problem(send, ApiError(422, "too late", None))

        guard = Guard(working, on_stop=(lambda: stopped.append("solves"),))
        async with _client(guard) as client:
            in_flight = [asyncio.ensure_future(client.get("/")) for _ in range(2)]
            while len(began) < 2:  # both requests are in flight
                await asyncio.sleep(0)
            guard.stop(signal.SIGTERM, end=ended.append)
            never.set()  # the work ends after all: its answer is dropped (this client shows
            # an answer only once the application returns; a server sends it at once)
            answers = list(await asyncio.wait_for(asyncio.gather(*in_flight), SAFETY))
            late = await client.get("/")
            while not ended:  # the guard ends the process once the answers are written
                await asyncio.sleep(0)
            guard.stop(signal.SIGINT, end=ended.append)  # a second signal: at once
            return answers, late
    answers, late = asyncio.run(go())
    for answer in [*answers, late]:
        assert answer.status_code == 503 and answer.headers["retry-after"] == "1"
        assert answer.headers["connection"] == "close"
        assert answer.json()["error"] == "the server is stopping; retry on another"
    assert stopped == ["solves"]
    assert ended == [signal.SIGTERM, signal.SIGTERM]


def test_exit_codes_are_the_command_lines() -> None:
    assert exit_code(signal.SIGINT) == 130 and exit_code(signal.SIGTERM) == 143


class _Transport:
    def __init__(self) -> None:
        self.written = b""
        self.closed = False

    def write(self, data: bytes) -> None:
        self.written += data

    def close(self) -> None:
        self.closed = True


def test_a_request_that_is_not_http_is_refused_in_json() -> None:
    protocol = JsonBadRequest()
    transport = _Transport()
    protocol.transport = transport  # type: ignore[assignment]  # a stand-in transport
    protocol.send_400_response("Invalid HTTP request received.")
    head, _, body = transport.written.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 Bad Request\r\n")
    assert b"content-type: application/problem+json" in head
    assert f"content-length: {len(body)}".encode() in head
    line = "not an HTTP request the service can read (Invalid HTTP request received)"
    assert json.loads(body) == {"type": "about:blank", "title": "Bad Request", "status": 400,
                                "detail": line, "where": None, "error": line}
    assert transport.closed


def test_the_protocol_uvicorn_runs_refuses_in_json() -> None:
    module, _, name = PROTOCOL.partition(":")
    protocol = getattr(importlib.import_module(module), name)
    assert issubclass(protocol, JsonBadRequest)
    assert issubclass(JsonH11Protocol, JsonBadRequest)
    assert protocol.send_400_response is JsonBadRequest.send_400_response
