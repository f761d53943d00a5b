"""The sheet endpoints: ``POST /score`` (a sheet's score breakdown, or every sheet of a position
with the winners of a finished game) and ``POST /render`` (a sheet drawn as the printed-sheet
SVG).  A sheet is given in its game's sheet notation with the game's name, or as one seat of a
position (docs/formats.md)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from oracle.engine.errors import OracleError
from oracle.engine.game import Game, Score
from oracle.serve.bodies import json_body
from oracle.serve.problems import ApiError
from oracle.formats.jsonread import JSONModelError
from oracle.serve.service import answer, game_named, given_state, model_problem, service, within

#: An SVG answer may show its picture and nothing else (it is the service's own drawing).
SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'"


def _sheets(body: dict[str, object]) -> tuple[Game, tuple[Score, ...], tuple[object, ...], bool,
                                              int]:
    """The game, the score breakdowns and the sheets the body names, whether the game is over,
    and the seat to draw by default (the player to move, else the active player)."""
    if "position" in body or "state" in body:
        game, state = given_state(body)
        seat = state.actor if state.actor >= 0 else state.active
        return game, game.scores(state), state.sheets, state.is_terminal, seat
    game = game_named(str(body["game"]), "/game")
    given = body["sheet"]
    try:
        sheet = (game.sheet_from_json(given) if isinstance(given, dict)
                 else game.parse_sheet(str(given)))
    except JSONModelError as exc:
        raise model_problem(exc, "/sheet") from None
    except OracleError as exc:
        raise ApiError(422, str(exc), "/sheet") from None
    return game, (game.score(sheet),), (sheet,), False, 0


def _score(body: dict[str, object]) -> dict[str, object]:
    game, scores, _, over, _ = _sheets(body)
    winners = game.winners(scores) if over and len(scores) > 1 else ()
    return {"game": game.name, "scores": [s.to_json() for s in scores],
            "winners": list(winners),
            "solo_rating": game.solo_rating(scores[0].total) if len(scores) == 1 else None}


def _render(body: dict[str, object]) -> str:
    game, _, sheets, _, seat = _sheets(body)
    player = body.get("player")
    if isinstance(player, int):
        if player > len(sheets):
            raise ApiError(422, f"the position has players 1 to {len(sheets)}, not {player}",
                           "/player")
        seat = player - 1
    title = str(body.get("title", f"p{seat + 1}" if "game" not in body else ""))
    return game.sheet_svg(sheets[seat], title)


async def score(request: Request) -> Response:
    """``POST /score``: ``{"game", "sheet"}``, ``{"state"}`` or ``{"position"}``."""
    settings = service(request)
    body = await json_body(request, "score-request")
    return answer(await within(settings, settings.deadline(), _score, body))


async def render(request: Request) -> Response:
    """``POST /render``: ``{"game", "sheet"}``, or ``{"state"}`` or ``{"position"}`` with
    ``"player"``, optional
    ``title``; answers ``image/svg+xml``."""
    settings = service(request)
    body = await json_body(request, "render-request")
    svg = await within(settings, settings.deadline(), _render, body)
    return Response(svg, media_type="image/svg+xml",
                    headers={"content-security-policy": SVG_POLICY})
