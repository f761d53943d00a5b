"""The Clever 4Ever turn model is a relaxation (issue 29): the model with its variables fixed to
a real solo game's turns (every die entry's turn, die, face and area, every extra die and
polish, each turn's question marks) and to its final sheet admits that game's real total.
Bundled solo records and seeded engine games; budgets in Z3 resource units, no clock."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from oracle.games import find_game
from oracle.records.play import greedy_policy, play_game, random_policy
from oracle.records.record import parse_record
from spec.fourever import sheetvars
from spec.logic import all_of
from spec.turns import fourever, model, trace
from spec.turns.budget import Budgeted

GAME = find_game("clever-4ever")
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
#: Z3 resource units per check: a fixed game is decided far within it.
BUDGET = 20_000_000


@functools.cache
def _relaxation() -> fourever.FourEverTurns:
    return fourever.relaxation()


def _admits(tr: trace.Trace) -> str:
    r = _relaxation()
    solver = Budgeted()
    solver.add(sheetvars.equals(r.sheet, tr.final))
    solver.add(model.fixed(r.turns, tr, len(fourever.AREAS)))
    total = GAME.score(tr.final).total
    return solver.check(all_of(p for _, p in r.parts), r.total.eq(total), rlimit=BUDGET)


@pytest.mark.parametrize("name", ["fourever-solo-best.json", "fourever-solo-legal.json"])
def test_bundled_solo_records_satisfy_the_turn_model(name: str) -> None:
    record = parse_record((EXAMPLES / name).read_text(encoding="utf-8"), name)
    tr = trace.trace(GAME, [s.move for s in record.steps], fourever.entries_of)
    assert _admits(tr) == "sat"


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("policy", [greedy_policy, random_policy], ids=["greedy", "random"])
def test_seeded_solo_games_satisfy_the_turn_model(seed: int, policy: object) -> None:
    moves, _ = play_game(1, seed, policy, game="clever-4ever")  # type: ignore[arg-type]  # a policy
    tr = trace.trace(GAME, moves, fourever.entries_of)
    assert tr.dice, "a game enters dice"
    assert _admits(tr) == "sat"


def test_a_game_the_turns_cannot_make_is_refused() -> None:
    """The check can fail: the best game with one more blue entry in a turn that already has an
    unpolished blue entry (both would cross one cell) is refused by the model."""
    record = parse_record((EXAMPLES / "fourever-solo-best.json").read_text(encoding="utf-8"),
                          "best")
    tr = trace.trace(GAME, [s.move for s in record.steps], fourever.entries_of)
    blue = next(e for e in tr.dice if e.area == fourever.BLUE and not e.own)
    twin = trace.DieEntry(blue.turn, 0 if blue.die else fourever.BLUE_DIE, blue.face, blue.area,
                          True, False, blue.number)
    broken = trace.Trace(tr.dice + (twin,), tr.questions, tr.final, tr.rounds)
    assert _admits(broken) == "unsat"
