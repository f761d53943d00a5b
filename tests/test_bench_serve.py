"""What bench/serve.py sends: each ``apply`` in the order of play of one client's own games (the
position it sends is the one the service's answer to that client's last request gave), and each
``legal`` position once (never seen before by the server)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import serve as bench  # noqa: E402  # bench/serve.py, a script

from oracle import find_game  # noqa: E402

CLIENTS = 8


def _streams(kind: str, count: int) -> list[list[dict[str, object]]]:
    """Each client's requests, in the order it sends them (:func:`bench._rate` deals request
    ``i`` to client ``i % clients``)."""
    bodies = bench._bodies(kind, "state", count, CLIENTS)
    assert len(bodies) == count
    return [[json.loads(body) for _, body in bodies[c::CLIENTS]] for c in range(CLIENTS)]


def _is_start(state: object) -> bool:
    """True for a new game's start (every game of the benchmark begins there)."""
    assert isinstance(state, dict)
    game = find_game(str(state["game"]))
    return state == game.to_json(game.new_game(len(state["players"])))


@pytest.mark.parametrize("kind", ["apply", "play"])
def test_each_client_sends_the_position_its_last_answer_gave(kind: str) -> None:
    followed = 0
    for stream in _streams(kind, 640):
        applied = [body for body in stream if "move" in body]
        for before, after in zip(applied, applied[1:]):
            state = before["state"]
            assert isinstance(state, dict)
            game = find_game(str(state["game"]))
            given = game.apply(game.from_json(state), game.move_from_json(before["move"]))
            if game.to_json(given) == after["state"]:
                followed += 1
            else:  # only where the client's next game begins
                assert given.is_terminal and _is_start(after["state"])
    assert followed >= 640 // (2 if kind == "play" else 1) - 4 * CLIENTS


def test_legal_sends_each_position_once_but_the_start() -> None:
    seen: dict[str, object] = {}
    for stream in _streams("legal", 400):
        for body in stream:
            text = json.dumps(body["state"])
            assert text not in seen or _is_start(body["state"])
            seen[text] = body
