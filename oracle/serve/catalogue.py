"""The catalogue endpoints: ``GET /health``, ``GET /games`` (every game with its ruleset
options, docs/rulings.md) and ``GET /games/{game}/rules`` (the rule catalogue: ids, summaries,
sources and the rulebook's sentences)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from oracle.plumbing.version import __version__
from oracle.engine.game import Game
from oracle.games import GAMES
from oracle.serve.service import answer, game_named


def game_json(game: Game) -> dict[str, object]:
    """One game as ``GET /games`` lists it."""
    return {
        "name": game.name, "title": game.title, "min_players": game.min_players,
        "max_players": game.max_players, "dice_codes": list(game.dice_codes),
        "ruleset_options": [
            {"name": o.name, "values": list(o.values), "default": o.default,
             "ruling": o.ruling, "help": o.help} for o in game.ruleset_options
        ],
    }


async def health(request: Request) -> Response:
    """The service is up: its version and games."""
    return answer({"status": "ok", "version": __version__, "games": list(GAMES)})


async def games(request: Request) -> Response:
    """Every game with its players, dice and ruleset options."""
    return answer({"games": [game_json(g) for g in GAMES.values()]})


async def rules(request: Request) -> Response:
    """A game's rule catalogue."""
    game = game_named(str(request.path_params["game"]), "path", status=404)
    return answer({"game": game.name, "rules": [
        {"id": r.id, "summary": r.summary, "source": r.source, "quote": r.quote}
        for r in game.rules
    ]})
