"""The Clever Cubed turn model is a relaxation (issue 29): the model with its variables fixed to
a real solo game's turns (every die entry's turn, die, face and area, every extra die and number
joker, each turn's question marks) and to its final sheet admits that game's real total.
Bundled solo records and seeded engine games; budgets in Z3 resource units, no clock."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from oracle import PlayerSheet
from oracle.games import find_game
from oracle.records.play import greedy_policy, play_game, random_policy
from oracle.records.record import parse_record
from spec.cubed import sheetvars
from spec.logic import all_of
from spec.turns import cubed, model, trace
from spec.turns.budget import Budgeted

GAME = find_game("clever-cubed")
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
#: Z3 resource units per check: a fixed game is decided far within it.
BUDGET = 50_000_000
#: The bundled solo Clever Cubed records.
RECORDS = ("solo-best.json", "solo-627.json", "solo-594.json", "solo-legal.json")


@functools.cache
def _relaxation() -> cubed.CubedTurns:
    return cubed.relaxation()


def _trace(name: str) -> trace.Trace:
    record = parse_record((EXAMPLES / name).read_text(encoding="utf-8"), name)
    return trace.trace(GAME, [s.move for s in record.steps], cubed.entries_of)


def _admits(tr: trace.Trace, final: object = None, with_total: bool = True,
            without: str = "") -> str:
    r = _relaxation()
    sheet = tr.final if final is None else final
    solver = Budgeted()
    solver.add(sheetvars.equals(r.sheet, sheet))  # type: ignore[arg-type]  # a Cubed sheet
    solver.add(model.fixed(r.turns, tr, len(cubed.AREAS)))
    extra = [r.total.eq(GAME.score(sheet).total)] if with_total else []
    return solver.check(all_of(p for n, p in r.parts if n != without), *extra, rlimit=BUDGET)


@pytest.mark.parametrize("name", RECORDS)
def test_bundled_solo_records_satisfy_the_turn_model(name: str) -> None:
    assert _admits(_trace(name)) == "sat"


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("policy", [greedy_policy, random_policy], ids=["greedy", "random"])
def test_seeded_solo_games_satisfy_the_turn_model(seed: int, policy: object) -> None:
    moves, _ = play_game(1, seed, policy, game="clever-cubed")  # type: ignore[arg-type]  # a policy
    tr = trace.trace(GAME, moves, cubed.entries_of)
    assert tr.dice, "a game enters dice"
    assert _admits(tr) == "sat"


def test_more_turquoise_crosses_than_the_groups_allow_are_refused() -> None:
    """The check can fail: the best game's turns with a final sheet whose turquoise area is full
    (30 crosses from the same entries: more than the dice of their groups can match, ruling 11)
    is refused, and only by the turns' die-field parts (``TURN-GAME``)."""
    tr = _trace("solo-best.json")
    final = tr.final
    assert isinstance(final, PlayerSheet)
    full = final.but(turquoise=(1 << 30) - 1)
    assert _admits(tr, full, with_total=False) == "unsat"
    assert _admits(tr, full, with_total=False, without="TURN-GAME") == "sat"

