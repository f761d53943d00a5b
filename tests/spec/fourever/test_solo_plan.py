"""Clever 4Ever's solo plan (spec/fourever/solo_plan.py) and the beam toward it
(spec/fourever/solo_realise.py, ``toward``): every solo game's final sheet is paid for (the plan
is a relaxation), the plan's local search gives a paid-for sheet, and the beam toward the
plan's game's final sheet (examples/fourever-solo-410.json, the best game before
:mod:`spec.fourever.solo_exact`) finds a game the engine verifies with that total.  Node budgets
only (beam widths, seeded restarts), no clock."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from oracle.records.play import Policy, greedy_policy, play_game, random_policy
from oracle.records.record import parse_record, replay, verify
from spec.fourever import solo_plan, solo_realise, solo_search
from spec.fourever.printed import AREAS
from spec.fourever.seam import GAME
from spec.turns.fourever import entries_of

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
#: The plan's game (docs/solving.md, Clever 4Ever's "previous witness") and its total.
PLAN_GAME, PLAN_TOTAL = "fourever-solo-410.json", 410


def _chosen(name: str) -> list[solo_plan.Option]:
    """A bundled record's final sheet as one option per area."""
    end = solo_search.sheet(replay(parse_record((EXAMPLES / name).read_text("utf-8"), name)))
    return [solo_plan._option(a, p, n) for a, p, n in zip(AREAS, end.parts, entries_of(end))]


def test_the_plans_game_verifies_with_its_total() -> None:
    text = (EXAMPLES / PLAN_GAME).read_text(encoding="utf-8")
    verdict = verify(parse_record(text, "plan"), "plan")
    assert verdict.status == "legal"
    assert [s.total for s in verdict.scores] == json.loads(text)["totals"] == [PLAN_TOTAL]


@pytest.mark.parametrize("name", ["fourever-solo-best.json", PLAN_GAME,
                                  "fourever-solo-legal.json"])
def test_every_bundled_solo_game_is_paid_for(name: str) -> None:
    """The plan's inequality holds for real games: their picks, extra dice and question marks
    (each in its colour) pay for their entries."""
    chosen = _chosen(name)
    assert solo_plan.paid(chosen) <= 0
    assert solo_plan.score(chosen) == GAME.score(
        solo_search.sheet(replay(parse_record((EXAMPLES / name).read_text("utf-8"), name)))
    ).total


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("policy", [greedy_policy, random_policy], ids=["greedy", "random"])
def test_seeded_engine_games_are_paid_for(seed: int, policy: Policy) -> None:
    """Seeded legal solo games (greedy and random) are paid for too."""
    _, state = play_game(1, seed, policy, game="clever-4ever")
    end = solo_search.sheet(state)
    chosen = [solo_plan._option(a, p, n) for a, p, n in zip(AREAS, end.parts, entries_of(end))]
    assert solo_plan.paid(chosen) <= 0
    assert solo_plan.score(chosen) == GAME.score(end).total


def test_a_question_mark_pays_only_in_its_own_area() -> None:
    """Yellow's middle row earns ?P and ?B: they pay for pink and blue entries, not for more
    yellow ones (4E-5, 4E-11)."""
    yellow = {o.part: o for o in solo_plan.options("yellow")}
    blank = [min(solo_plan.options(a), key=lambda o: o.entries) for a in AREAS]
    middle = yellow.get(((), (1, 1, 1), ()))
    assert middle is not None and middle.gives[:5] == (0, 1, 0, 0, 1)
    assert solo_plan.paid([middle] + blank[1:]) == 3 - 1 - 24 - 1


def test_a_plan_without_pair_moves_is_paid_for() -> None:
    """One seeded local search, single-area moves only (a small budget): paid for."""
    chosen = solo_plan.plan(random.Random(3), restarts=1, pair_slack=-10 ** 6)
    assert solo_plan.paid(chosen) <= 0 and solo_plan.score(chosen) > 0


def test_the_beam_toward_the_plans_sheet_finds_a_game_the_engine_verifies(
        tmp_path: Path) -> None:
    target = solo_search.sheet(replay(parse_record(
        (EXAMPLES / PLAN_GAME).read_text("utf-8"), "plan")))
    found = solo_realise.toward(target, width=20, branch=100, waste=1.0)
    assert found is not None and found.total == PLAN_TOTAL
    assert solo_search.sheet(found.node.state).parts == target.parts
    assert solo_search.write_record(found, str(tmp_path / "again.json")) == PLAN_TOTAL


def test_the_beam_prices_question_marks_the_plan_would_lose() -> None:
    """Without the price of lost question marks the beam toward the plan's sheet ends short of
    it (a question mark arrives when its area's room in the plan is used up)."""
    target = solo_search.sheet(replay(parse_record(
        (EXAMPLES / PLAN_GAME).read_text("utf-8"), "plan")))
    found = solo_realise.toward(target, width=20, branch=100, waste=0.0)
    assert found is not None and found.total < PLAN_TOTAL
