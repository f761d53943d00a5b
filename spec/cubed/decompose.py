"""Whole-sheet questions solved area by area.  A sheet's total depends on each area only
through four numbers: its entries, its score, its fox (0 or 1) and the re-rolls it earns (the
re-roll track's fox needs seven circles, rulebook "Actions", "Foxes"); and the total grows
with every area's score.  So the best sheet with at most K entries is a choice of one best
area state per area and (entries, fox, re-rolls):

1. :func:`area_table`: for each area, entries e, fox f and re-rolls r, the highest score
   (Z3: a model, then "higher" until unsat: each cell is proven);
2. :func:`best_totals`: the best choice for every entry count at once, by dynamic programming
   over the areas for each possible lowest score m (the total is the sum of the scores plus
   the foxes times the lowest score; with every score at least m, that is at least the sum
   plus the foxes times m, with equality when m is the lowest).

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
import numpy as np
import numpy.typing as npt

from oracle import Area, Bonus, PlayerSheet, Ruleset
from spec.cubed import sheetvars
from spec.cubed.printed import ROUND_START_BONUS, TRACK_FIELDS
from spec.logic import Bool, Solver, const
from spec.solving import highest

#: The most entries each area can hold (turquoise: one per column used).
MOST_ENTRIES = MappingProxyType({Area.YELLOW: 18, Area.TURQUOISE: 6, Area.BLUE: 12,
                                 Area.BROWN: 12, Area.PINK: 12})
#: Foxes on a sheet at most: one per area, one at the end of the re-roll track.
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
    return tuple(o for o in out if not any(_beats(p, o) for p in out))


def _beats(p: Option, o: Option) -> bool:
    """``p`` is at least as good as ``o`` in every respect and better in one."""
    at_least = (p.entries <= o.entries and p.score >= o.score and p.fox >= o.fox
                and p.rerolls >= o.rerolls)
    return at_least and (p.entries, -p.score, -p.fox, -p.rerolls) != (
        o.entries, -o.score, -o.fox, -o.rerolls)


@attrs.frozen
class Best:
    """The best total for each number of entries (at most), with the options chosen."""

    totals: tuple[int, ...]
    choices: tuple[tuple[Option, ...], ...]


def given_rerolls(rounds: int) -> int:
    """Re-roll circles the round bonuses give in ``rounds`` rounds (ruling 8)."""
    return sum(1 for b in ROUND_START_BONUS[:rounds] if b is Bonus.REROLL)


def best_totals(rounds: int = 6, ruleset: Ruleset = Ruleset(),
                deadline: float | None = None,
                progress: Callable[[str], None] | None = None) -> Best:
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
            deadline: float | None = None) -> Best:
    """Step 2 of :func:`best_totals` for any tables of options (one per area): for every
    entry count K, the highest total of one option per area with at most K entries in all
    (the areas' scores plus the foxes times the lowest; a fox at the re-roll track's end when
    the options' re-rolls and the round bonuses of ``rounds`` rounds circle it)."""
    given = given_rerolls(rounds)
    most = sum(MOST_ENTRIES.values())
    lows = sorted({o.score for t in tables.values() for o in t})
    best_total = np.full(most + 1, -1, np.int64)
    best_pick: list[tuple[Option, ...]] = [() for _ in range(most + 1)]
    for m in lows:
        if deadline is not None and time.perf_counter() > deadline:
            raise TimeoutError("the combination of the area tables ran out of time")
        layers = _layers(tables, m, most)
        final = layers[-1]
        for f in range(final.shape[0]):
            for r in range(final.shape[1]):
                foxes = f + (r + given >= TRACK_FIELDS)
                for e in range(most + 1):
                    if final[f, r, e] < 0:
                        continue
                    total = int(final[f, r, e]) + foxes * m
                    if total > best_total[e]:
                        best_total[e] = total
                        best_pick[e] = _back(tables, layers, m, f, r, e)
    totals = np.maximum.accumulate(best_total)
    picks = []
    for e in range(most + 1):
        k = int(np.flatnonzero(best_total[:e + 1] == totals[e])[0])
        picks.append(best_pick[k])
    return Best(tuple(int(t) for t in totals), tuple(picks))


Layer = npt.NDArray[np.int64]


def _layers(tables: dict[Area, tuple[Option, ...]], low: int, most: int) -> list[Layer]:
    """The dynamic programme for a lowest score of at least ``low``: after each area, for
    (foxes, re-rolls, entries) the highest sum of scores (-1: impossible)."""
    rerolls = 1 + sum(max(o.rerolls for o in t) for t in tables.values())
    layer = np.full((MOST_FOXES, rerolls, most + 1), -1, np.int64)
    layer[0, 0, 0] = 0
    out = [layer]
    for area in Area:
        new = np.full_like(layer, -1)
        for o in tables[area]:
            if o.score < low:
                continue
            f, r, e = o.fox, o.rerolls, o.entries
            source = layer[:MOST_FOXES - f, :rerolls - r, :most + 1 - e]
            shifted = np.where(source >= 0, source + o.score, -1)
            target = new[f:, r:, e:]
            np.maximum(target, shifted, out=target)
        layer = new
        out.append(layer)
    return out


def _back(tables: dict[Area, tuple[Option, ...]], layers: list[Layer], low: int, f: int,
          r: int, e: int) -> tuple[Option, ...]:
    """The options behind ``layers[-1][f, r, e]``, area by area from the last."""
    chosen: list[Option] = []
    value = int(layers[-1][f, r, e])
    for i in range(len(Area) - 1, -1, -1):
        area = list(Area)[i]
        before = layers[i]
        for o in tables[area]:
            if o.score < low or o.fox > f or o.rerolls > r or o.entries > e:
                continue
            prior = int(before[f - o.fox, r - o.rerolls, e - o.entries])
            if prior >= 0 and prior + o.score == value:
                chosen.append(o)
                f, r, e, value = f - o.fox, r - o.rerolls, e - o.entries, prior
                break
        else:
            raise AssertionError("no option behind a dynamic-programming value")
    return tuple(reversed(chosen))


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
