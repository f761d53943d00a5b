"""An upper bound on a game's score by counting entries (rulebook "Game Play", "Actions",
"Solo Game"; docs/rulings.md, rulings 6-9).

A solo game has 6 active turns of at most 3 picks and 6 passive turns of one pick; each circled
extra-die field is at most one more entry, each question mark received one entry in its area
(the black ones in any).  Every area needs at least a number of entries for its final state
(``entries`` in each area module).  The relaxation forgets the order of entries and the dice, so
its optimum is an upper bound on every real game; a game found by search is a lower bound.
"""

from __future__ import annotations

import time

import attrs

from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.ruleset import DEFAULT_RULESET, Ruleset
from oracle.cubed.sheet import ROUNDS_BY_PLAYERS, Area, Bonus
from spec.cubed import scores, sheetvars, tracks
from spec.cubed.sheetvars import SheetVars
from spec.logic import Bool, Int, Solver, all_of, count, int_var, maximize, total

PICKS_PER_ACTIVE_TURN = 3


def dice_entries(players: int, rounds: int) -> int:
    """The most dice one player enters in ``rounds`` rounds without actions: 3 per active turn,
    1 per passive turn (solo: one active and one passive turn per round)."""
    if players == 1:
        return rounds * (PICKS_PER_ACTIVE_TURN + 1)
    return rounds * (PICKS_PER_ACTIVE_TURN + players - 1)


@attrs.frozen
class Relaxation:
    """The counting relaxation for one player: the sheet's variables, its constraints (named
    parts, for unsat cores) and its total."""

    sheet: SheetVars
    parts: tuple[tuple[str, Bool], ...]
    total: Int
    entries: Int
    budget: Int


def relaxation(players: int = 1, rounds: int | None = None,
               ruleset: Ruleset = DEFAULT_RULESET) -> Relaxation:
    """The counting relaxation of a game of ``players`` after ``rounds`` rounds (default: the
    whole game)."""
    rounds = ROUNDS_BY_PLAYERS[players] if rounds is None else rounds
    s = sheetvars.fresh("final")
    t = tracks.tracks(s, rounds)
    extra = int_var("extra_used")
    dice: dict[Area, Int] = {a: int_var(f"dice.{a.label}") for a in Area}
    black: dict[Area, Int] = {a: int_var(f"black.{a.label}") for a in Area}
    parts: list[tuple[str, Bool]] = [("AREA-RULES", sheetvars.well_formed(s, ruleset))]
    parts.append(("EXTRA-DIE", extra.between(0, 7) & extra.le(t.circled[Bonus.EXTRA_DIE])))
    parts.append(("DICE", all_of(d.ge(0) for d in dice.values())
                  & total(dice.values()).le(extra + dice_entries(players, rounds))))
    parts.append(("QUESTION-BLACK", all_of(b.ge(0) for b in black.values())
                  & total(black.values()).le(t.questions[Bonus.QUESTION_BLACK])))
    for area in Area:
        own = next(b for b in Bonus if b.area is area)
        parts.append((f"ENTRIES-{area.label.upper()}",
                      sheetvars.area_entries(s, area).le(dice[area] + black[area]
                                                         + t.questions[own])))
    foxes = total(sheetvars.area_foxes(s, a) for a in Area) + t.foxes
    entries = total(sheetvars.area_entries(s, a) for a in Area)
    budget = extra + dice_entries(players, rounds) + total(t.questions.values())
    return Relaxation(s, tuple(parts), scores.with_foxes(scores.area_scores(s), foxes),
                      entries, budget)


@attrs.frozen
class Bound:
    """An upper bound with its certificate: the relaxed optimum, a sheet that reaches it in the
    relaxation, whether Z3 proved that nothing above it satisfies the relaxation, and times."""

    bound: int
    sheet: PlayerSheet | None
    proven: bool
    build_seconds: float
    solve_seconds: float


def upper_bound(players: int = 1, timeout_s: float = 120.0,
                ruleset: Ruleset = DEFAULT_RULESET) -> Bound:
    """The relaxation's optimum, then a proof that ``total > optimum`` is unsat."""
    start = time.perf_counter()
    r = relaxation(players, ruleset=ruleset)
    constraints = all_of(p for _, p in r.parts)
    built = time.perf_counter()
    status, best, model = maximize(constraints, r.total, int(timeout_s * 1000))
    if model is None:
        return Bound(-1, None, False, built - start, time.perf_counter() - built)
    sheet = sheetvars.read(model, r.sheet)
    check = Solver(int(timeout_s * 1000))
    check.add(constraints)
    proven = check.check(r.total.gt(best)) == "unsat"
    return Bound(best, sheet, proven, built - start, time.perf_counter() - built)
