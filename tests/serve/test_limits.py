"""The checking service's limits and its answers to malformed and hostile requests: every one a
4xx (or a 503 for a limit reached) JSON error naming what and where, never a 500, and the server
goes on answering."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from oracle.games import find_game

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"
Check = Callable[[object, str], None]
POSITION = find_game("clever-cubed").format_position(find_game("clever-cubed").new_game(2))

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
]


@pytest.mark.parametrize("what,path,kind,body,status,where", HOSTILE,
                         ids=[h[0] for h in HOSTILE])
def test_bad_input_is_a_4xx_json_error_naming_where(
        server: str, conforms: Check, what: str, path: str, kind: str, body: bytes,
        status: int, where: str | None) -> None:
    answer = httpx.post(f"{server}{path}", content=body, headers={"content-type": kind},
                        timeout=30)
    assert answer.status_code == status, answer.text
    error = answer.json()
    conforms(error, "error")
    assert error["status"] == status and error["where"] == where
    assert "Traceback" not in answer.text and "\n" not in error["error"]
    assert httpx.get(f"{server}/health").status_code == 200


def test_unknown_paths_methods_and_games(server: str) -> None:
    for method, path, status in (("GET", "/nowhere", 404), ("DELETE", "/legal", 405),
                                 ("GET", "/legal", 405), ("GET", "/games/..%2f..%2fetc/rules",
                                                          404)):
        answer = httpx.request(method, f"{server}{path}")
        assert answer.status_code == status
        assert answer.json()["status"] == status


def test_body_over_the_limit_is_413_declared_or_streamed(server: str) -> None:
    big = b'{"position": "' + b"x" * (1024 * 1024) + b'"}'
    declared = httpx.post(f"{server}/legal", content=big,
                          headers={"content-type": "application/json"})
    assert declared.status_code == 413 and declared.json()["where"] == "body"

    def chunks() -> Iterator[bytes]:  # no Content-Length: the server counts as it reads
        for start in range(0, len(big), 65536):
            yield big[start:start + 65536]
    streamed = httpx.post(f"{server}/legal", content=chunks(),
                          headers={"content-type": "application/json"})
    assert streamed.status_code == 413


def test_more_records_than_the_limit_is_413(server: str) -> None:
    lines = b"{}\n" * 101
    answer = httpx.post(f"{server}/verify", content=lines,
                        headers={"content-type": "application/x-ndjson"})
    assert answer.status_code == 413 and "100 records" in answer.json()["error"]


def test_records_past_the_time_limit_answer_503_saying_how_far(tight_server: str) -> None:
    record = json.dumps(json.loads((EXAMPLES / "three-players-legal.json").read_text()))
    lines = (record + "\n").encode() * 250
    answer = httpx.post(f"{tight_server}/verify", content=lines, timeout=60,
                        headers={"content-type": "application/x-ndjson"})
    assert answer.status_code == 503
    assert "of 250 records" in answer.json()["error"]
    assert answer.headers["retry-after"] == "1"


def test_a_body_that_does_not_arrive_in_time_is_408(tight_server: str) -> None:
    def slow() -> Iterator[bytes]:
        yield b'{"position": '
        time.sleep(1.0)  # four times the server's limit
        yield json.dumps(POSITION).encode() + b"}"
    answer = httpx.post(f"{tight_server}/legal", content=slow(), timeout=30,
                        headers={"content-type": "application/json"})
    assert answer.status_code == 408 and answer.json()["where"] == "body"


def test_a_solve_gets_at_most_the_servers_time_limit(tight_server: str) -> None:
    answer = httpx.post(f"{tight_server}/solve", timeout=60,
                        json={"question": "sheet-max", "most": 40, "timeout": 600}).json()
    assert answer["timeout"] == 0.25
    assert answer["proven"] is False


def test_requests_past_the_concurrent_limit_are_503_at_once(single_server: str) -> None:
    result: list[httpx.Response] = []
    solve = threading.Thread(target=lambda: result.append(httpx.post(
        f"{single_server}/solve", json={"question": "sheet-max", "most": 40, "timeout": 3},
        timeout=60)))
    solve.start()
    refused = None
    for _ in range(2000):  # bounded: the solve holds the only place for about 3 s
        answer = httpx.get(f"{single_server}/health")
        if answer.status_code == 503:
            refused = answer
            break
    solve.join()
    assert refused is not None, "no request was refused while the solve ran"
    assert refused.json()["where"] is None and "1 requests at once" in refused.json()["error"]
    assert refused.headers["retry-after"] == "1"
    assert result[0].status_code == 200 and result[0].json()["timeout"] == 3
    assert httpx.get(f"{single_server}/health").status_code == 200
