"""The checking service's limits and its answers to malformed and hostile requests: every one a
4xx (or a 503 for a limit reached) JSON error naming what and where, never a 500, and the server
goes on answering.  The time limits are tested in-process with a clock the test controls
(:mod:`tests.serve.inprocess`): no verdict depends on how busy the machine is."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import httpx
import pytest

from oracle.games import find_game
from oracle.serve import sheets, verifying, viewing
from oracle.serve.limits import Limits
from tests.serve.inprocess import CountingClock, FakeClock, Gate, client
from tests.serve.live import SAFETY

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"
Check = Callable[[object, str], None]
POSITION = find_game("clever-cubed").format_position(find_game("clever-cubed").new_game(2))
SHEET = ("y=....../....../...... t=....../....../....../....../...... b=| br=............ p= "
         "rr=o...... nj=....... xd=....... q=")
#: A character ``str.isdigit`` takes for a digit and ``int`` refuses.
SQUARED = "\u00b2"

#: (what, path, content type, body, status, where)
HOSTILE: list[tuple[str, str, str, bytes, int, str | None]] = [
    ("not JSON", "/legal", "application/json", b"{position:", 400, "body"),
    ("not UTF-8", "/legal", "application/json", b'{"position": "\xff\xfe"}', 400, "body"),
    ("empty", "/apply", "application/json", b"", 400, "body"),
    ("nested deeply", "/legal", "application/json", b"[" * 100_000 + b"]" * 100_000, 400,
     "body"),
    ("a 5,000-digit number", "/score", "application/json",
     b'{"game": "clever-cubed", "sheet": ' + b"9" * 5000 + b"}", 400, "body"),
    ("NaN", "/legal", "application/json", b'{"position": NaN}', 400, "body"),
    ("a list", "/legal", "application/json", b"[1, 2]", 422, "/"),
    ("a list to score", "/score", "application/json", b"[1, 2]", 422, "/"),
    ("a string to draw", "/render", "application/json", b'"sheet"', 422, "/"),
    ("an unknown field", "/legal", "application/json",
     json.dumps({"position": POSITION, "extra": 1}).encode(), 422, "/"),
    ("a number for a position", "/legal", "application/json", b'{"position": 7}', 422,
     "/position"),
    ("a file name for a position", "/legal", "application/json",
     b'{"position": "/etc/passwd"}', 422, "/position"),
    ("a lone surrogate", "/legal", "application/json",
     b'{"position": "clever-cubed \\ud800 round=1"}', 422, "/position"),
    ("control characters", "/apply", "application/json",
     json.dumps({"position": POSITION, "move": "take W\x1b[31m yellow:I"}).encode(), 422,
     "/move"),
    ("a form", "/legal", "application/x-www-form-urlencoded", b"position=x", 415,
     "header: content-type"),
    ("an unknown game", "/score", "application/json",
     b'{"game": "chess", "sheet": "y=x"}', 422, "/game"),
    ("both shapes", "/render", "application/json",
     json.dumps({"position": POSITION, "game": "clever-cubed"}).encode(), 422, "/"),
    ("a seat past the players", "/render", "application/json",
     json.dumps({"position": POSITION, "player": 3}).encode(), 422, "/player"),
    ("a record without players", "/verify", "application/json",
     b'{"format": "clever-oracle-record/1", "game": "clever-cubed", "steps": []}', 422, "/"),
    ("a JSON Lines record for one record", "/verify", "text/plain", b"{}\n{}\n", 415,
     "header: content-type"),
    ("a record of an unknown game", "/view", "application/json",
     b'{"format": "clever-oracle-record/1", "game": "go", "players": ["A"], "steps": []}', 422,
     "/game"),
    ("a key twice", "/legal", "application/json",
     b'{"position": "x", "position": ' + json.dumps(POSITION).encode() + b"}", 422, "body"),
    ("a key twice to score", "/score", "application/json",
     b'{"game": "clever-cubed", "sheet": "y=", "game": "clever-4ever"}', 422, "body"),
    ("a key twice in a record", "/verify", "application/json",
     b'{"format": "clever-oracle-record/1", "game": "clever-cubed", "game": "clever-cubed", '
     b'"players": ["A"], "steps": []}', 422, "body"),
    ("a lone surrogate in a title", "/render", "application/json",
     json.dumps({"game": "clever-cubed", "sheet": SHEET, "title": "\ud800"}).encode(), 422,
     "/title"),
    ("a lone surrogate in a key", "/solve", "application/json",
     json.dumps({"question": "area-max", "game": "clever-4ever", "area": "pink", "most": 5,
                 "ruleset": {"\ud800": True}}).encode(), 422, "/ruleset/\ud800"),
    ("a 101-digit number", "/solve", "application/json",
     b'{"question": "sheet-max", "most": ' + b"9" * 101 + b"}", 400, "body"),
    ("a squared digit in a move", "/apply", "application/json",
     json.dumps({"position": POSITION, "move": f"take W brown:{SQUARED}"}).encode(), 422,
     "/move"),
    ("a squared digit in a sheet", "/score", "application/json",
     json.dumps({"game": "clever-cubed", "sheet": SHEET.replace("b=|", f"b={SQUARED}|")})
     .encode(), 422, "/sheet"),
    ("a squared digit in a pink sheet", "/score", "application/json",
     json.dumps({"game": "clever-cubed", "sheet": SHEET.replace("p= ", f"p={SQUARED}h ")})
     .encode(), 422, "/sheet"),
    ("a squared question-mark number", "/apply", "application/json",
     json.dumps({"position": POSITION, "move": f"question ?Y {SQUARED} yellow:I"}).encode(),
     422, "/move"),
    ("a squared digit in a Clever 4Ever move", "/apply", "application/json",
     json.dumps({"position": find_game("clever-4ever").format_position(
         find_game("clever-4ever").new_game(2)), "move": f"take W grey:{SQUARED}"}).encode(),
     422, "/move"),
    ("a squared digit in a position's seat", "/legal", "application/json",
     json.dumps({"position": POSITION.replace("active=p1", f"active=p{SQUARED}")}).encode(),
     422, "/position"),
    ("a squared digit in a position's round", "/legal", "application/json",
     json.dumps({"position": POSITION.replace("round=1", f"round={SQUARED}")}).encode(), 422,
     "/position"),
    ("a seat of 5,000 digits", "/legal", "application/json",
     json.dumps({"position": POSITION.replace("active=p1", "active=p" + "9" * 5000)}).encode(),
     422, "/position"),
]


@pytest.mark.parametrize("what,path,kind,body,status,where", HOSTILE,
                         ids=[h[0] for h in HOSTILE])
def test_bad_input_is_a_4xx_json_error_naming_where(
        server: str, conforms: Check, what: str, path: str, kind: str, body: bytes,
        status: int, where: str | None) -> None:
    answer = httpx.post(f"{server}{path}", content=body, headers={"content-type": kind},
                        timeout=SAFETY)
    assert answer.status_code == status, answer.text
    error = answer.json()
    conforms(error, "problem")
    assert error["status"] == status and error["where"] == where
    assert "Traceback" not in answer.text and "\n" not in error["error"]
    assert httpx.get(f"{server}/health", timeout=SAFETY).status_code == 200


def test_unknown_paths_methods_and_games(server: str, conforms: Check) -> None:
    for method, path, status, allow in (
            ("GET", "/nowhere", 404, None), ("DELETE", "/legal", 405, "POST"),
            ("GET", "/legal", 405, "POST"), ("POST", "/health", 405, "GET, HEAD"),
            ("GET", "/games/..%2f..%2fetc/rules", 404, None)):
        answer = httpx.request(method, f"{server}{path}", timeout=SAFETY)
        assert answer.status_code == status
        assert answer.headers["content-type"] == "application/problem+json"
        conforms(answer.json(), "problem")
        assert answer.json()["status"] == status
        allowed = answer.headers.get("allow")
        assert (allowed and set(allowed.split(", "))) == (allow and set(allow.split(", ")))


@pytest.mark.parametrize("step", [SQUARED, "\u0661", "9" * 4301, "9" * 10, "0", "-1", "1.5", ""])
def test_view_refuses_a_step_that_is_not_ascii_digits(server: str, step: str) -> None:
    record = (EXAMPLES / "illegal" / "illegal-step.json").read_bytes()
    answer = httpx.post(f"{server}/view", content=record, params={"step": step}, timeout=SAFETY)
    assert answer.status_code == 422, answer.text
    assert answer.json()["where"] == "query: step"
    assert "want a step number from 1" in answer.json()["error"]


@pytest.mark.parametrize("request_bytes", [
    b"GARBAGE\r\n\r\n",
    b"POST /legal HTTP/1.1\r\nHost: x\r\nContent-Length: \xc2\xb2\r\n\r\n{}",
    b"POST /legal HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
], ids=["not HTTP", "a squared Content-Length", "a broken chunk"])
def test_a_request_the_server_cannot_read_is_a_json_400(server: str, conforms: Check,
                                                        request_bytes: bytes) -> None:
    host, port = server.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=SAFETY) as connection:
        connection.sendall(request_bytes)
        said = b""
        while chunk := connection.recv(65536):
            said += chunk
    head, _, body = said.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 "), said
    assert b"content-type: application/problem+json" in head.lower()
    conforms(json.loads(body), "problem")


def test_body_over_the_limit_is_413_declared_or_streamed(server: str) -> None:
    big = b'{"position": "' + b"x" * (1024 * 1024) + b'"}'
    declared = httpx.post(f"{server}/legal", content=big,
                          headers={"content-type": "application/json"}, timeout=SAFETY)
    assert declared.status_code == 413 and declared.json()["where"] == "body"

    def chunks() -> Iterator[bytes]:  # no Content-Length: the server counts as it reads
        for start in range(0, len(big), 65536):
            yield big[start:start + 65536]
    streamed = httpx.post(f"{server}/legal", content=chunks(),
                          headers={"content-type": "application/json"}, timeout=SAFETY)
    assert streamed.status_code == 413


def test_more_records_than_the_limit_is_413(server: str) -> None:
    lines = b"{}\n" * 101
    answer = httpx.post(f"{server}/verify", content=lines,
                        headers={"content-type": "application/x-ndjson"}, timeout=SAFETY)
    assert answer.status_code == 413 and "100 records" in answer.json()["error"]


def test_records_past_the_time_limit_answer_503_saying_how_far() -> None:
    record = json.dumps(json.loads((EXAMPLES / "three-players-legal.json").read_text()))
    lines = (record + "\n").encode() * 250
    clock = CountingClock(step=1.0)  # a second per reading: 250 records read it 250 times

    async def go() -> httpx.Response:
        async with client(Limits(max_records=500, timeout=100), clock) as c:
            return await c.post("/verify", content=lines,
                                headers={"content-type": "application/x-ndjson"})
    answer = asyncio.run(go())
    assert answer.status_code == 503
    assert "of 250 records" in answer.json()["error"]
    assert "--timeout" in answer.json()["error"]
    assert answer.headers["retry-after"] == "1"


@pytest.mark.parametrize("seconds,status", [(11, 408), (9, 200)])
def test_a_body_that_does_not_arrive_in_time_is_408(seconds: float, status: int) -> None:
    """The clock moves ``seconds`` while the body arrives; the limit is 10 s."""
    clock = FakeClock()

    async def slow() -> AsyncIterator[bytes]:
        yield b'{"position": '
        clock.advance(seconds)
        yield json.dumps(POSITION).encode() + b"}"

    async def go() -> httpx.Response:
        async with client(Limits(timeout=10), clock) as c:
            return await c.post("/legal", content=slow(),
                                headers={"content-type": "application/json"})
    answer = asyncio.run(go())
    assert answer.status_code == status, answer.text
    if status == 408:
        assert answer.json()["where"] == "body"
        assert "10 s (--timeout)" in answer.json()["error"]


def test_a_solve_gets_at_most_the_servers_time_limit() -> None:
    async def go() -> httpx.Response:
        async with client(Limits(timeout=0.25), FakeClock()) as c:
            return await c.post("/solve", timeout=SAFETY,
                                json={"question": "sheet-max", "most": 40, "timeout": 600})
    answer = asyncio.run(go())
    assert answer.status_code == 200, answer.text
    assert answer.json()["timeout"] == 0.25
    assert answer.json()["proven"] is False  # Z3 had 0.05 s: the limit less the margin


@pytest.mark.parametrize("path,replaced,kind", [
    ("/verify", "_one", "application/json"),
    ("/view", "_page", "application/json"),
    ("/verify", "_Batch.lines", "application/x-ndjson"),
    ("/render", "_render", "application/json"),
])
def test_the_work_on_a_request_gets_the_time_limit(
        monkeypatch: pytest.MonkeyPatch, path: str, replaced: str, kind: str) -> None:
    """Work that has not ended when the clock passes the limit is answered 503 then (here the
    work waits for the test, which moves the clock past the limit once the work has begun)."""
    module = {"/verify": verifying, "/view": viewing, "/render": sheets}[path]
    gate = Gate(b"{}")
    owner, _, name = replaced.rpartition(".")
    monkeypatch.setattr(getattr(module, owner) if owner else module, name,
                        lambda *args: gate.work())
    clock = FakeClock()
    body = (EXAMPLES / "illegal" / "illegal-step.json").read_bytes()
    if path == "/render":
        body = json.dumps({"position": POSITION}).encode()

    async def go() -> httpx.Response:
        async with client(Limits(timeout=1), clock) as c:
            sent = asyncio.ensure_future(c.post(path, content=body,
                                                headers={"content-type": kind}))
            assert await asyncio.to_thread(gate.entered.wait, SAFETY), "the work never began"
            clock.advance(1)
            try:
                return await asyncio.wait_for(sent, SAFETY)
            finally:
                gate.opened.set()
    answer = asyncio.run(go())
    assert answer.status_code == 503, answer.text
    assert "time limit of 1 s per request (--timeout) ran out" in answer.json()["error"]
    assert answer.headers["retry-after"] == "1"


def test_requests_past_the_concurrent_limit_are_503_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate(b'{"status": "legal"}')
    monkeypatch.setattr(verifying, "_one", lambda *args: gate.work())
    record = (EXAMPLES / "illegal" / "illegal-step.json").read_bytes()

    async def go() -> tuple[httpx.Response, httpx.Response, httpx.Response]:
        async with client(Limits(max_concurrent=1), FakeClock()) as c:
            held = asyncio.ensure_future(c.post("/verify", content=record))
            assert await asyncio.to_thread(gate.entered.wait, SAFETY), "the work never began"
            refused = await c.get("/health")
            gate.opened.set()
            done = await asyncio.wait_for(held, SAFETY)
            return refused, done, await c.get("/health")
    refused, done, after = asyncio.run(go())
    assert refused.status_code == 503
    assert refused.json()["where"] is None and "1 requests at once" in refused.json()["error"]
    assert refused.headers["retry-after"] == "1"
    assert done.status_code == 200 and after.status_code == 200


def test_a_body_still_arriving_holds_no_place() -> None:
    """Two clients sending their bodies slowly do not shut others out (--max-concurrent 2)."""
    async def go() -> tuple[list[httpx.Response], httpx.Response]:
        arrived = [asyncio.Event(), asyncio.Event()]
        rest = asyncio.Event()

        async def slow(i: int) -> AsyncIterator[bytes]:
            yield b'{"position": '
            arrived[i].set()
            await rest.wait()
            yield json.dumps(POSITION).encode() + b"}"

        async with client(Limits(max_concurrent=2), FakeClock()) as c:
            slow_ones = [asyncio.ensure_future(c.post(
                "/legal", content=slow(i), headers={"content-type": "application/json"}))
                for i in range(2)]
            await asyncio.wait_for(asyncio.gather(*(e.wait() for e in arrived)), SAFETY)
            other = await c.get("/health")
            rest.set()
            return list(await asyncio.wait_for(asyncio.gather(*slow_ones), SAFETY)), other
    slow_answers, other = asyncio.run(go())
    assert other.status_code == 200, other.text
    assert [a.status_code for a in slow_answers] == [200, 200]
