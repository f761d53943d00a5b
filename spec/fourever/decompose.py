"""Whole-sheet questions solved area by area.  A Clever 4Ever total depends on each area only
through three numbers, its entries, its score and its foxes (the tracks score nothing, ruling
4E-4), and grows with every area's score.  So the best sheet with at most K entries is a choice
of one best area state per area and (entries, foxes):

1. :func:`area_table`: for each area, entries e and foxes f, the highest score (Z3: a model,
   then "higher" until unsat: each cell is proven);
2. :func:`best_totals`: the best choice for every entry count at once, by the dynamic
   programme every game shares (:func:`spec.decompose.combine`: over the areas for each
   possible lowest score m; under ``fox_floor_zero`` a negative m counts 0, ruling 4E-10).

The answer is exact: every table cell is a proven maximum and the choice is exhaustive.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from spec.fourever import sheetvars
from spec.fourever.sheetvars import MOST_FOXES
from spec.fourever.printed import (
    AREAS,
    FOX,
    PINK_BONUS,
    PINK_BONUS_NUMBERS,
    PINK_CIRCLED,
    PINK_POINTS,
    PINK_REPEAT,
)
from spec.fourever.seam import DEFAULT, Options
from spec import decompose as generic
from spec.decompose import Best, beats
from spec.logic import Solver
from spec.solving import highest


@attrs.frozen
class Option:
    """One area's best state for its (entries, foxes): the score and the engine's part."""

    label: str
    entries: int
    foxes: int
    score: int
    part: Any

    @property
    def extra(self) -> int:
        """Nothing else of an area counts in a Clever 4Ever total (:class:`spec.decompose.Choice`)."""
        return 0


@attrs.frozen(eq=False)
class Until:
    """A deadline that is no part of a cache key (every two are equal): a table made in time
    is kept whatever its deadline was; one cut short raises and is not kept."""

    at: float | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Until)

    def __hash__(self) -> int:
        return 0


def area_table(label: str, options: Options = DEFAULT, until: Until = Until()
               ) -> tuple[Option, ...]:
    """For every entry count and fox count some state of the area has, the highest score and
    a state with it (proven), keeping only options no other beats in every respect; made once
    per process (:class:`TimeoutError` when not made by ``until``)."""
    return _kept(label, options, until)


@functools.cache
def _kept(label: str, options: Options, until: Until) -> tuple[Option, ...]:
    return made_table(label, options, until.at)


def made_table(label: str, options: Options, deadline: float | None) -> tuple[Option, ...]:
    """:func:`area_table`, made now: :class:`TimeoutError` when not done by ``deadline``."""
    s = sheetvars.fresh("t")
    module = sheetvars.MODULES[label]
    area = s.area(label)
    score, entries, foxes = module.score(area), module.entries(area), module.foxes(area)
    # Pink's proofs are far faster bit-blasted (its numbers' effects are many cases).
    solver = Solver(finite=label == "pink")
    solver.add(module.well_formed(area, options))
    most_entries = highest(solver, entries, deadline) or 0
    most_foxes = highest(solver, foxes, deadline) or 0
    out: list[Option] = []
    for f in range(most_foxes + 1):
        for e in range(most_entries + 1):
            solver.push()
            solver.add(foxes.eq(f) & entries.le(e))
            best = highest(solver, score, deadline,
                            pink_guess().get((e, f)) if label == "pink" else None)
            if best is not None:
                solver.check(score.eq(best))
                model = solver.model()
                read = sheetvars.read(model, s)
                out.append(Option(label, model.int(entries), f, best,
                                  read.parts[AREAS.index(label)]))
            solver.pop()
    kept = {(o.entries, o.foxes, o.score): o for o in out if not any(beats(p, o) for p in out)}
    return tuple(kept.values())


@functools.cache
def pink_guess() -> dict[tuple[int, int], int]:
    """A start for pink's ascent (its unsat checks near the top take seconds each): the
    highest score for at most e entries and f foxes, by a dynamic programme over the fields
    (a written field's step of points, its circle, whether the player wrote it)."""
    steps = [b - a for a, b in zip((0,) + PINK_POINTS, PINK_POINTS)]
    # (entries, foxes, a player's 3 just written) -> the best points so far
    layer: dict[tuple[int, int, bool], int] = {(0, 0, False): 0}
    best: dict[tuple[int, int], int] = {(0, 0): 0}
    for i, step in enumerate(steps):
        nxt: dict[tuple[int, int, bool], int] = {}
        for (e, f, three), points in layer.items():
            for n in ((PINK_REPEAT,) if three else range(1, 7)):
                fox = int(not three and n in PINK_BONUS_NUMBERS and PINK_BONUS[i] == FOX)
                key = (e + (not three), f + fox, not three and n == PINK_REPEAT)
                got = points + step + PINK_CIRCLED.get(n, 0)
                nxt[key] = max(nxt.get(key, got), got)
        layer = nxt
        for (e, f, three), points in layer.items():
            if not three or i == len(steps) - 1:
                best[(e, f)] = max(best.get((e, f), points), points)
    for e, f in sorted(best):
        if (e - 1, f) in best:
            best[(e, f)] = max(best[(e, f)], best[(e - 1, f)])
    return best


def best_totals(options: Options = DEFAULT, deadline: float | None = None) -> Best[Option]:
    """For every entry count K up to a full sheet, the highest total of a sheet with at most K
    entries, and the area options making it."""
    return combine([area_table(a, options, Until(deadline)) for a in AREAS], options, deadline)


def combine(tables: list[tuple[Option, ...]], options: Options = DEFAULT,
            deadline: float | None = None) -> Best[Option]:
    """Step 2 of :func:`best_totals` for any tables of options (one per area, in sheet order):
    for every entry count K, the highest total of one option per area with at most K entries
    in all (:func:`spec.decompose.combine`: the areas' scores plus the foxes times the lowest;
    under ``fox_floor_zero`` a negative lowest counts 0, ruling 4E-10)."""
    most = sum(max(o.entries for o in t) for t in tables)
    return generic.combine(tables, most, FOX_ROWS, lambda f, x: f,
                           lambda low: max(low, 0) if options.fox_floor_zero else low, deadline)


#: The dynamic programme's rows of foxes: 0 to 7.
FOX_ROWS = MOST_FOXES + 1


def combined(choice: tuple[Option, ...]) -> tuple[Any, ...]:
    """The parts of one sheet with each option's area, in sheet order."""
    return tuple(next(o.part for o in choice if o.label == a) for a in AREAS)
