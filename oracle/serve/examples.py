"""The examples of the OpenAPI document (:mod:`oracle.serve.openapi`): each operation's request
body and answer, made by the service's own functions from one Clever Cubed game of two players
(its first roll, :data:`ROLL`, and the first legal move after it), so that every example is an
answer the service gives.  Only the solve's answer is written out (the solver is not run when
the document is made) and the pages' answers are cut short."""

from __future__ import annotations

import json

from oracle.plumbing.version import __version__
from oracle.engine.game import Game, State
from oracle.games import GAMES, find_game
from oracle.records.record import record_game
from oracle.serve import catalogue, positions, sheets
from oracle.serve.memo import PositionMemo
from oracle.serve.problems import dumps
from oracle.records.verifier import Judging, judge_item

#: The example game.
GAME = "clever-cubed"
#: Its first roll.
ROLL = "roll W3 Y5 T1 B6 Br2 P4"


def _game() -> Game:
    return find_game(GAME)


def _rolled() -> State:
    """The example game after its first roll: the first player chooses a die."""
    game = _game()
    return game.apply(game.new_game(2), game.parse_move(ROLL))


def health() -> object:
    """``GET /health``."""
    return {"status": "ok", "version": __version__, "games": list(GAMES)}


def document() -> object:
    """``GET /openapi.json`` (its first keys)."""
    return {"openapi": "3.1.0", "info": {"title": "clever-oracle checking service",
                                         "version": __version__}}


def games() -> object:
    """``GET /games``."""
    return {"games": [catalogue.game_json(g) for g in GAMES.values()]}


def rules() -> object:
    """``GET /games/clever-cubed/rules`` (its first three rules)."""
    return {"game": GAME, "rules": [
        {"id": r.id, "summary": r.summary, "source": r.source, "quote": r.quote}
        for r in _game().rules[:3]]}


def new_request() -> dict[str, object]:
    """``POST /new``."""
    return {"game": GAME, "players": 2}


def new_answer() -> object:
    """``POST /new``'s answer."""
    return positions.as_json(positions._new(new_request(), PositionMemo()))


def legal_request() -> dict[str, object]:
    """``POST /legal``."""
    return {"state": _game().to_json(_rolled())}


def legal_answer() -> object:
    """``POST /legal``'s answer."""
    return json.loads(positions.legal_answer(dumps(legal_request()), PositionMemo()))


def apply_request() -> dict[str, object]:
    """``POST /apply``: the first legal move, as JSON."""
    game, state = _game(), _rolled()
    return {"state": game.to_json(state), "move": game.move_to_json(game.legal_moves(state)[0])}


def apply_answer() -> object:
    """``POST /apply``'s answer."""
    return json.loads(positions.apply_answer(dumps(apply_request()), PositionMemo()))


def score_request() -> dict[str, object]:
    """``POST /score``: a sheet in the JSON game model."""
    game, state = _game(), _rolled()
    after = game.apply(state, game.legal_moves(state)[0])
    return {"game": GAME, "sheet": game.sheet_to_json(after.sheets[0])}


def score_answer() -> object:
    """``POST /score``'s answer."""
    return sheets._score(score_request())


def render_request() -> dict[str, object]:
    """``POST /render``."""
    return {**score_request(), "title": "Ann"}


def render_answer() -> object:
    """``POST /render``'s answer (its beginning)."""
    return sheets._render(render_request())[:200] + "..."


def record() -> object:
    """``POST /verify`` and ``POST /view``: a record of the example game's first two moves."""
    game, state = _game(), _rolled()
    moves = (game.parse_move(ROLL), game.legal_moves(state)[0])
    return record_game(moves, ("Ann", "Bob"), game=GAME, with_totals=False).to_json()


def verdict() -> object:
    """``POST /verify?partial=true``'s answer."""
    outcome = judge_item(Judging(partial=True), ("-", json.dumps(record())))
    return json.loads(outcome.line)


def page() -> object:
    """``POST /view``'s answer (its beginning)."""
    return "<!DOCTYPE html>\n<html lang=\"en\">..."


def solve_request() -> object:
    """``POST /solve``."""
    return {"question": "area-max", "area": "pink", "most": 5}


def solve_answer() -> object:
    """``POST /solve``'s answer (as the solver gave it once; the times vary)."""
    return {"question": "highest pink score with at most 5 entries", "value": 39,
            "witness": "y=....../....../...... t=....../....../....../....../...... b=| "
                       "br=............ p=3h,6t,12t,12t,6t rr=....... nj=....... xd=....... "
                       "q= fox=0",
            "proven": True, "bound": 39, "build_seconds": 0.05, "solve_seconds": 0.07,
            "notes": ["proof: Z3 finds no better sheet (unsat); the witness is checked by the "
                      "engine"], "record": None, "verdict": None, "timeout": 10.0}
