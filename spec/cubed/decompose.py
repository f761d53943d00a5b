"""Whole-sheet questions solved area by area.  A sheet's total depends on each area only
through four numbers: its entries, its score, its fox (0 or 1) and the re-rolls it earns (the
re-roll track's fox needs seven circles, rulebook "Actions", "Foxes"); and the total grows
with every area's score.  So the best sheet with at most K entries is a choice of one best
area state per area and (entries, fox, re-rolls):

1. :func:`area_table`: for each area, entries e, fox f and re-rolls r, the highest score
   (Z3: a model, then "higher" until unsat: each cell is proven);
2. :func:`best_totals`: the best choice for every entry count at once, by the dynamic
   programme every game shares (:func:`spec.decompose.combine`: over the areas for each
   possible lowest score m; the total is the sum of the scores plus the foxes times the lowest
   score, a fox at the re-roll track's end counted from the options' re-rolls).

The answer is exact: every table cell is a proven maximum and the choice is exhaustive.
"""

from __future__ import annotations

import functools
import itertools
import time
from collections.abc import Callable
from contextvars import ContextVar
from types import MappingProxyType

import attrs

from oracle import Area, Bonus, PlayerSheet, Ruleset
from spec.cubed import sheetvars
from spec.cubed.printed import ROUND_START_BONUS, TRACK_FIELDS
from spec import decompose as generic
from spec.decompose import Best, beats
from spec.logic import Bool, Solver, const
from spec.solving import highest

#: The most entries each area can hold (turquoise: one per column used).
MOST_ENTRIES = MappingProxyType({Area.YELLOW: 18, Area.TURQUOISE: 6, Area.BLUE: 12,
                                 Area.BROWN: 12, Area.PINK: 12})
#: The dynamic programme's rows of the areas' own foxes: 0 to 5, one per area (the 6th, at the
#: re-roll track's end, is counted from the re-rolls).
MOST_FOXES = 6


@attrs.frozen
class Option:
    """One area's best state for its (entries, fox, re-rolls): the score and the state."""

    area: Area
    entries: int
    fox: int
    rerolls: int
    score: int
    sheet: PlayerSheet

    @property
    def foxes(self) -> int:
        """The area's fox (0 or 1): :class:`spec.decompose.Choice`."""
        return self.fox

    @property
    def extra(self) -> int:
        """The re-rolls the area earns: what else the total reads of it."""
        return self.rerolls


#: When the question being answered must end (``time.perf_counter()``; None: no limit), for
#: the checks of the table cells: a table that runs out of time raises :class:`TimeoutError`
#: and is not kept (:func:`area_table` keeps finished tables only).
_DEADLINE: ContextVar[float | None] = ContextVar("deadline", default=None)


def _check(solver: Solver, *assumptions: Bool) -> str:
    """``solver.check`` within the deadline: :class:`TimeoutError` once it has passed."""
    deadline = _DEADLINE.get()
    if deadline is not None:
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError("an area table ran out of time")
        solver.set_timeout(int(left * 1000))
    status = solver.check(*assumptions)
    if status == "unknown" and deadline is not None:
        raise TimeoutError("an area table ran out of time")
    return status


@functools.cache
def area_table(area: Area, ruleset: Ruleset = Ruleset()) -> tuple[Option, ...]:
    """For every entry count, fox and re-roll count that some state of ``area`` has, the
    highest score and a state with it (proven: Z3 finds no higher one).  Only options that
    no other option beats in every respect are kept."""
    s = sheetvars.fresh("t")
    score = sheetvars.area_score(s, area)
    entries = sheetvars.area_entries(s, area)
    fox = sheetvars.area_foxes(s, area)
    rerolls = sheetvars.earned(s).get(Bonus.REROLL, const(0))
    solver = Solver()
    solver.add(sheetvars.well_formed(s, ruleset))
    for other in Area:
        if other is not area:
            solver.add(sheetvars.area_equals(s, other, PlayerSheet()))
    out: list[Option] = []
    most_rerolls = highest(solver, rerolls, _DEADLINE.get()) or 0
    for f, r in itertools.product((0, 1), range(most_rerolls + 1)):
        if _check(solver, fox.eq(f), rerolls.eq(r)) == "sat":
            for e in range(MOST_ENTRIES[area] + 1):
                solver.push()
                solver.add(fox.eq(f) & rerolls.eq(r) & entries.le(e))
                best = highest(solver, score, _DEADLINE.get())
                if best is not None:
                    _check(solver, score.eq(best))
                    model = solver.model()
                    used = model.int(entries)
                    out.append(Option(area, used, f, r, best, sheetvars.read(model, s)))
                solver.pop()
    return tuple(o for o in out if not any(beats(p, o) for p in out))


def given_rerolls(rounds: int) -> int:
    """Re-roll circles the round bonuses give in ``rounds`` rounds (ruling 8)."""
    return sum(1 for b in ROUND_START_BONUS[:rounds] if b is Bonus.REROLL)


def best_totals(rounds: int = 6, ruleset: Ruleset = Ruleset(),
                deadline: float | None = None,
                progress: Callable[[str], None] | None = None) -> Best[Option]:
    """For every entry count K up to a full sheet, the highest total of a sheet with at most K
    entries (round bonuses of ``rounds`` rounds), and the area options making it;
    :class:`TimeoutError` past ``deadline`` (``time.perf_counter()``)."""
    tables = {}
    token = _DEADLINE.set(deadline)
    try:
        for area in Area:
            tables[area] = area_table(area, ruleset)
            if progress is not None:
                progress(f"{area.label} table: {len(tables[area])} options found")
    finally:
        _DEADLINE.reset(token)
    return combine(tables, rounds, deadline)


def combine(tables: dict[Area, tuple[Option, ...]], rounds: int = 6,
            deadline: float | None = None) -> Best[Option]:
    """Step 2 of :func:`best_totals` for any tables of options (one per area): for every
    entry count K, the highest total of one option per area with at most K entries in all
    (:func:`spec.decompose.combine`: the areas' scores plus the foxes times the lowest; a fox
    at the re-roll track's end when the options' re-rolls and the round bonuses of ``rounds``
    rounds circle it)."""
    given = given_rerolls(rounds)

    def foxes(f: int, r: int) -> int:
        return f + (r + given >= TRACK_FIELDS)

    return generic.combine([tables[area] for area in Area], sum(MOST_ENTRIES.values()),
                           MOST_FOXES, foxes, lambda low: low, deadline)


def combined(options: tuple[Option, ...]) -> PlayerSheet:
    """One sheet with each option's area."""
    sheet = PlayerSheet()
    for o in options:
        s = o.sheet
        if o.area is Area.YELLOW:
            sheet = sheet.but(yellow=s.yellow)
        elif o.area is Area.TURQUOISE:
            sheet = sheet.but(turquoise=s.turquoise)
        elif o.area is Area.BLUE:
            sheet = sheet.but(blue_left=s.blue_left, blue_right=s.blue_right)
        elif o.area is Area.BROWN:
            sheet = sheet.but(brown=s.brown)
        else:
            sheet = sheet.but(pink=s.pink, pink_bonus=s.pink_bonus)
    return sheet
