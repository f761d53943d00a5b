"""A burst of concurrent requests (a fixed count, eight at a time) on a server of two worker
processes: no error, and every answer the library's own (the service keeps no state, so it does
not matter which worker answers)."""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from oracle.games import GAMES
from oracle.records.record import load_records, verify
from tests.serve.live import SAFETY
from tests.serve.test_endpoints import states

ROOT = Path(__file__).resolve().parent.parent.parent
#: Requests in the burst, and how many are in flight at once.
BURST = 96
AT_ONCE = 8


def _requests() -> list[tuple[str, object, object]]:
    """(path, body, the library's answer to compare with) for the burst."""
    asked: list[tuple[str, object, object]] = []
    for game in GAMES.values():
        for state in states(game, seed=21, every=5):
            position = game.format_position(state)
            asked.append(("/legal", {"position": position},
                          [str(m) for m in game.legal_moves(state)]))
            if not state.is_terminal:
                move = (game.sample_chance(state, random.Random(2)) if state.is_chance
                        else game.legal_moves(state)[0])
                asked.append(("/apply", {"position": position, "move": str(move)},
                              game.format_position(game.apply(state, move))))
    for path in sorted((ROOT / "examples").rglob("*.json")):
        _, record = next(load_records(str(path)))
        assert not isinstance(record, Exception)
        asked.append(("/verify", json.loads(path.read_text()), verify(record, "-").to_json()))
    return [asked[i % len(asked)] for i in range(BURST)]


def _answer(path: str, data: dict[str, object]) -> object:
    if path == "/legal":
        return data["legal"]
    if path == "/apply":
        return data["position"]
    return data


def test_a_burst_on_two_workers_gives_the_librarys_answers(pair_server: str) -> None:
    asked = _requests()
    with httpx.Client(base_url=pair_server, timeout=SAFETY) as client:
        def send(request: tuple[str, object, object]) -> tuple[int, object]:
            path, body, _ = request
            answer = client.post(path, json=body)
            return answer.status_code, _answer(path, answer.json())
        with ThreadPoolExecutor(AT_ONCE) as pool:
            got = list(pool.map(send, asked))
    assert [status for status, _ in got] == [200] * BURST
    for (path, body, expected), (_, found) in zip(asked, got):
        assert found == json.loads(json.dumps(expected)), path
