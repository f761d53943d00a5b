"""What every endpoint of the checking service shares: the service's settings (its limits, the
process context solves run in), JSON answers, and finding the game or position a request names
(a bad one is a 4xx naming where)."""

from __future__ import annotations

import multiprocessing.context

import attrs
from starlette.requests import Request
from starlette.responses import Response

from oracle.errors import OracleError
from oracle.game import Game, State
from oracle.games import GAMES, find_game
from oracle.position import position_game
from oracle.serve.limits import Limits
from oracle.serve.problems import ApiError, dumps


#: A context that starts processes: a fork server's, or a spawning one.
Processes = multiprocessing.context.ForkServerContext | multiprocessing.context.SpawnContext


@attrs.frozen
class Service:
    """One worker's settings: the ``limits`` and the ``processes`` context solves run in
    (:mod:`oracle.serve.solving`)."""

    limits: Limits
    processes: Processes


def service(request: Request) -> Service:
    """The settings of the application serving ``request``."""
    found = request.app.state.service
    assert isinstance(found, Service)
    return found


def answer(data: object, status: int = 200) -> Response:
    """A JSON answer."""
    return Response(dumps(data), status, media_type="application/json")


def game_named(name: str, where: str, status: int = 422) -> Game:
    """The game called ``name``; ``status`` (422 for a body field, 404 for a path) if none."""
    try:
        return find_game(name)
    except OracleError:
        raise ApiError(status, f"unknown game {name[:60]!r} (known: {', '.join(GAMES)})",
                       where) from None


def position_state(text: str, where: str = "/position") -> tuple[Game, State]:
    """The game and state a position describes; 422 naming the field at fault."""
    try:
        game = position_game(text)
        return game, game.parse_position(text)
    except OracleError as exc:
        raise ApiError(422, str(exc), where) from None
