"""The direct way to ``POST /legal`` and ``POST /apply`` (oracle.serve.direct) answers exactly
as the routes' handlers do, byte for byte, errors included, however a client spells its body;
and a failure on it is still one JSON answer."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from starlette.applications import Starlette
from starlette.routing import Route

from oracle.games import GAMES, find_game
from oracle.records.play import play_game
from oracle.serve import positions
from oracle.serve.app import _refused, create_app
from oracle.serve.endpoints import ENDPOINTS
from oracle.serve.limits import Limits
from oracle.serve.memo import PositionMemo
from oracle.serve.problems import ApiError
from oracle.serve.service import Service
from oracle.serve.solving import processes

Request = tuple[str, bytes, str]  # path, body, content type
JSON = "application/json"


def _routes_only() -> Starlette:
    """The endpoint table's routes and handlers, without the direct way."""
    app = Starlette(routes=[Route(e.path, e.handler, methods=[e.method]) for e in ENDPOINTS],
                    exception_handlers={ApiError: _refused})
    app.state.service = Service(Limits(), processes())
    return app


def _answers(app: object, requests: list[Request]) -> list[tuple[int, str, bytes]]:
    """Each request's status, content type and body, in order, from one application."""
    async def go() -> list[tuple[int, str, bytes]]:
        transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]  # an ASGI app
        async with httpx.AsyncClient(transport=transport, base_url="http://oracle") as client:
            found = []
            for path, body, kind in requests:
                answer = await client.post(path, content=body, headers={"content-type": kind})
                found.append((answer.status_code, answer.headers["content-type"],
                              answer.content))
            return found
    return asyncio.run(go())


def _spellings(state: object, move: object) -> list[Request]:
    """A position's ``/legal`` and ``/apply`` bodies, spelt in several ways a client may."""
    spaced, tight = json.dumps(state), json.dumps(state, separators=(",", ":"))
    shown = json.dumps(move)
    return [
        ("/legal", b'{"state": %s}' % spaced.encode(), JSON),
        ("/legal", b'{"state": %s}' % spaced.encode(), JSON),  # again: from the memo
        ("/legal", b'{"state":%s}' % tight.encode(), JSON),
        ("/legal", b'{"state": %s, "position_text": true}' % spaced.encode(), JSON),
        ("/legal", b'{"state": %s, "position_text": true}' % spaced.encode(), JSON),
        ("/apply", b'{"state": %s, "move": %s}' % (spaced.encode(), shown.encode()), JSON),
        ("/apply", b'{"state": %s, "move": %s}' % (spaced.encode(), shown.encode()),
         "application/json; charset=utf-8"),
        ("/apply", b'{"state": %s, "move":%s}' % (spaced.encode(), shown.encode()), JSON),
        ("/apply", b'{"move": %s, "state": %s}' % (shown.encode(), spaced.encode()), JSON),
    ]


def _requests(name: str, seed: int, steps: int) -> list[Request]:
    game = find_game(name)
    state = game.new_game(2)
    found: list[Request] = []
    for move in play_game(2, seed, game=name)[0][:steps]:
        found.extend(_spellings(game.to_json(state), game.move_to_json(move)))
        state = game.apply_unchecked(state, move)
    return found


#: Bodies the service refuses, or reads with care, on either way.
_ODD: list[Request] = [
    ("/legal", b'{"state": {}}', "text/plain"),
    ("/legal", b'{"state": ', JSON),
    ("/legal", b'{"state": {"game": "clever-cubed"}}', JSON),
    ("/legal", b'{"state": 1, "state": 2}', JSON),
    ("/legal", b"\xff", JSON),
    ("/apply", b'{"state": {}, "move": "roll"}', JSON),
    ("/apply", b'{"state": {}, "move": {"kind": "roll", "move": 1}}', JSON),
    ("/apply", b'{"move": {"kind": "roll"}}', JSON),
    ("/legal", b"", JSON),
]


@pytest.mark.parametrize("name", list(GAMES))
def test_the_direct_way_answers_as_the_routes_do(name: str) -> None:
    """Positions of a seeded game, each spelt several ways, and refused bodies: the service
    (the direct way) and the routes alone give the same status, media type and bytes."""
    requests = _requests(name, 3, 25) + _ODD
    direct, routed = _answers(create_app(), requests), _answers(_routes_only(), requests)
    assert [status for status, _, _ in direct].count(200) >= 25 * 9 - 5
    for request, ours, theirs in zip(requests, direct, routed):
        assert ours == theirs, request[:2]
        path, body, _ = request
        if ours[0] == 200:  # the memo changes no answer: as a fresh memo answers
            fresh = {"/legal": positions.legal_answer, "/apply": positions.apply_answer}[path]
            assert ours[2] == fresh(body, PositionMemo()), request[:2]
    assert {status for status, _, _ in direct[-len(_ODD):]} == {400, 415, 422}


def test_a_body_is_read_alike_however_spelt() -> None:
    """The position of a body spelt otherwise (no spaces, fields in another order, a move whose
    JSON holds a ``"move"`` key of its own) is read as the plain spelling's: the memo keeps a
    body's own text only when the body shows exactly where the position lies."""
    game = find_game("clever-4ever")
    state = game.to_json(game.new_game(1))
    roll = {"kind": "roll", "dice": [{"die": d["die"], "face": 3} for d in state["dice"]]}
    spaced = json.dumps(state).encode()
    odd_move = json.dumps({**roll, "move": roll}).encode()
    requests: list[Request] = [
        ("/apply", b'{"state": %s, "move": %s}' % (spaced, odd_move), JSON),  # refused: 422
        ("/apply", b'{"state": %s, "move": %s}' % (spaced, json.dumps(roll).encode()), JSON),
        ("/apply", b'{"state": %s, "move": %s }' % (spaced, json.dumps(roll).encode()), JSON),
    ]
    refused, plain, spaced_end = _answers(create_app(), requests)
    assert refused[0] == 422 and json.loads(refused[2])["where"] == "/move/move"
    assert plain[0] == 200 and plain == spaced_end
    assert json.loads(plain[2])["accepted"] is True


def test_a_failure_on_the_direct_way_is_one_json_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Anything that goes wrong in the direct way's work is a 500 problem details answer."""
    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("planted")
    app = create_app()  # before the slip: making the app answers the OpenAPI examples
    monkeypatch.setattr(positions, "_legal", broken)
    state = find_game("clever-cubed").to_json(find_game("clever-cubed").new_game(1))
    [(status, kind, body)] = _answers(
        app, [("/legal", b'{"state": %s}' % json.dumps(state).encode(), JSON)])
    assert status == 500 and kind == "application/problem+json"
    assert "RuntimeError" in json.loads(body)["detail"]


@pytest.mark.parametrize("name", list(GAMES))
def test_an_answer_shows_each_die_as_the_game_has_it(name: str) -> None:
    """An answer's ``dice`` (written from the dice's text) is each die's code, face and place
    as the game reads them, in every position of a seeded game, rolled or not."""
    game = find_game(name)
    state = game.new_game(2)
    memo = PositionMemo()
    for move in play_game(2, 5, game=name)[0][:60]:
        answer = json.loads(positions.legal_answer(
            json.dumps({"state": game.to_json(state)}).encode(), memo))
        assert answer["dice"] == [{"code": d.die.code, "value": d.face,
                                   "place": d.place.label} for d in game.dice(state)]
        state = game.apply_unchecked(state, move)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_position_as_the_service_writes_it_reads_as_any_body(name: str) -> None:
    """``POST /legal`` and ``/apply`` with ``{"state": TEXT}`` (and a move), TEXT as the service
    writes it but not in the memo, is read quickly (positions._as_written,
    Game.from_written_json): its answer is the one a body read in full gets, for positions of a
    3-player game; and a key twice in TEXT (at the top or in a sheet, with the value the
    position has, so that a reading that did not look would see nothing wrong) is refused as
    in any body."""
    game = find_game(name)
    state = game.new_game(3)
    for move in play_game(3, 5, game=name)[0][:40]:
        text = PositionMemo().write(game, state)
        fast = positions.legal_answer(b'{"state": %s}' % text, PositionMemo())
        full = positions.legal_answer(b'{"state": %s, "position_text": false}' % text,
                                      PositionMemo())
        assert fast == full
        shown = json.dumps(game.move_to_json(move)).encode()
        fast = positions.apply_answer(b'{"state": %s, "move": %s}' % (text, shown),
                                      PositionMemo())
        full = positions.apply_answer(b'{"move": %s, "state": %s}' % (shown, text),
                                      PositionMemo())
        assert fast == full and b'"accepted": true' in fast
        state = game.apply_unchecked(state, move)
    text = PositionMemo().write(game, state)
    round_ = b'"round": %d, ' % json.loads(text)["round"]
    foxes = b'"foxes": %d, ' % json.loads(text)["players"][0]["sheet"]["foxes"]
    for twice in (text.replace(round_, round_ + round_, 1),
                  text.replace(foxes[:-2], foxes + foxes[:-2], 1)):
        assert twice != text and json.loads(twice) == json.loads(text)
        for answer, body in ((positions.legal_answer, b'{"state": %s}' % twice),
                             (positions.apply_answer, b'{"state": %s, "move": "pass"}' % twice)):
            with pytest.raises(ApiError) as refused:
                answer(body, PositionMemo())
            assert refused.value.status == 422 and "appears twice" in str(refused.value)
