"""The position endpoints: ``POST /legal`` (a position's legal moves, who is to move, the dice
and where they lie) and ``POST /apply`` (a move in a position: the new position, or the broken
rule's id, the reason and the legal moves instead).  Positions in, positions out: the service
keeps nothing between requests (docs/formats.md, position notation)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from oracle.errors import IllegalMoveError, OracleError
from oracle.game import Game, State
from oracle.serve.bodies import json_body
from oracle.serve.problems import ApiError
from oracle.serve.service import answer, position_state, service, within
from oracle.viewer.snapshot import snapshot


def position_answer(game: Game, state: State) -> dict[str, object]:
    """A position as ``POST /legal`` answers it (schema ``position-answer``)."""
    return {"game": game.name, **snapshot(game, state).to_json()}


def _legal(body: dict[str, object]) -> dict[str, object]:
    game, state = position_state(str(body["position"]))
    return position_answer(game, state)


def _apply(body: dict[str, object]) -> dict[str, object]:
    position = str(body["position"])
    game, state = position_state(position)
    try:
        move = game.parse_move(str(body["move"]))
    except OracleError as exc:
        raise ApiError(422, str(exc), "/move") from None
    try:
        after = game.apply(state, move)
    except IllegalMoveError as exc:
        return {"accepted": False, "move": str(move), "game": game.name, "position": position,
                "rule": exc.rule, "reason": exc.reason,
                "legal": [str(m) for m in exc.legal]}
    return {"accepted": True, "move": str(move), **position_answer(game, after)}


async def legal(request: Request) -> Response:
    """``POST /legal``: body ``{"position": ...}``."""
    settings = service(request)
    body = await json_body(request, "legal-request")
    return answer(await within(settings, settings.deadline(), _legal, body))


async def apply(request: Request) -> Response:
    """``POST /apply``: body ``{"position": ..., "move": ...}``."""
    settings = service(request)
    body = await json_body(request, "apply-request")
    return answer(await within(settings, settings.deadline(), _apply, body))
