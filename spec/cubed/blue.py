"""Blue as Z3 constraints (rulebook "The Blue Area"; docs/rulings.md, rulings 13, 14 and 15).

State: the numbers on each side, nearest the middle first, ``left[i]``/``right[i]`` (0 = empty).
A target is a side, 0 left or 1 right.  "On the left you may only enter numbers that are exactly
1 lower than in the previous field; on the right only numbers that are exactly 1 higher ... The
number 7 on the middle field represents the starting point.  You may also enter a 7 after any
other number": with ``blue_seven_after_seven`` (ruling 14) a 7 may follow a 7 as well.  The
number entered is the value written (die plus partner die, ruling 15).
"""

from __future__ import annotations

from types import MappingProxyType

import attrs

from oracle import Bonus, PlayerSheet, Ruleset
from spec.cubed.printed import (
    BLUE_EXTREME,
    BLUE_FIELDS_PER_SIDE,
    BLUE_HIGH,
    BLUE_HIGHEST,
    BLUE_LEFT_FIELD_BONUS,
    BLUE_LOW,
    BLUE_LOWEST,
    BLUE_RIGHT_FIELD_BONUS,
    BLUE_SIDE_POINTS,
    BLUE_START,
)
from spec.cubed.entry import Entry
from spec.logic import (
    Bool,
    Int,
    Model,
    all_of,
    any_of,
    const,
    count,
    int_var,
    ite,
    lookup,
    total,
)

LEFT, RIGHT = 0, 1
SIDES = (LEFT, RIGHT)
DISTANCES = range(1, BLUE_FIELDS_PER_SIDE + 1)
STEP = MappingProxyType({LEFT: -1, RIGHT: 1})
BONUS = MappingProxyType({LEFT: BLUE_LEFT_FIELD_BONUS, RIGHT: BLUE_RIGHT_FIELD_BONUS})


@attrs.frozen
class Blue:
    """``sides[side][distance - 1]``: the number written there, 0 when empty."""

    sides: tuple[tuple[Int, ...], tuple[Int, ...]]

    def value(self, side: int, distance: int) -> Int:
        """The number at ``distance`` (1..6) on ``side``; distance 0 is the printed 7."""
        return const(BLUE_START) if distance == 0 else self.sides[side][distance - 1]

    def written(self, side: int, distance: int) -> Bool:
        """A number is written at ``distance`` on ``side``."""
        return self.value(side, distance).ne(0)

    def length(self, side: int) -> Int:
        """How many fields of ``side`` are written."""
        return count(self.written(side, d) for d in DISTANCES)


def fresh(name: str) -> Blue:
    """Free variables for the blue area."""
    return Blue(tuple(  # type: ignore[arg-type]  # a pair, built from SIDES
        tuple(int_var(f"{name}.b{s}{d}") for d in DISTANCES) for s in SIDES
    ))


def equals(area: Blue, sheet: PlayerSheet) -> Bool:
    """``area`` is the blue area of ``sheet``."""
    out = []
    for side, values in ((LEFT, sheet.blue_left), (RIGHT, sheet.blue_right)):
        for d in DISTANCES:
            out.append(area.value(side, d).eq(values[d - 1] if d <= len(values) else 0))
    return all_of(out)


def follows(previous: Int, number: Int, side: int, ruleset: Ruleset) -> Bool:
    """``number`` may follow ``previous`` on ``side``: one step on, or a 7 (after a non-7
    unless ``blue_seven_after_seven``)."""
    seven = number.eq(BLUE_START)
    if not ruleset.blue_seven_after_seven:
        seven = seven & previous.ne(BLUE_START)
    return number.eq(previous + STEP[side]) | seven


def previous(area: Blue, side: int) -> Int:
    """The number the next field of ``side`` follows: the last written one, or the middle 7."""
    out: Int = const(BLUE_START)
    for d in DISTANCES:
        out = ite(area.written(side, d), area.value(side, d), out)
    return out


def legal(area: Blue, target: Int, entry: Entry, ruleset: Ruleset) -> Bool:
    """Writing ``entry.number`` on side ``target``: a free field left, and the number follows."""
    return entry.number.between(BLUE_LOWEST, BLUE_HIGHEST) & any_of(
        target.eq(s) & area.length(s).lt(BLUE_FIELDS_PER_SIDE)
        & follows(previous(area, s), entry.number, s, ruleset)
        for s in SIDES
    )


def bonuses(area: Blue, target: Int, entry: Entry) -> dict[Bonus, Int]:
    """"As soon as you enter a number in a field with a bonus, you receive the bonus"."""
    out: dict[Bonus, list[Bool]] = {}
    for s in SIDES:
        for d in DISTANCES:
            bonus = BONUS[s][d - 1]
            if bonus is not None:
                out.setdefault(bonus, []).append(target.eq(s) & area.length(s).eq(d - 1))
    return {b: count(v) for b, v in out.items()}


def earned(area: Blue) -> dict[Bonus, Int]:
    """How many of each bonus a state has earned in all."""
    out: dict[Bonus, list[Bool]] = {}
    for s in SIDES:
        for d in DISTANCES:
            bonus = BONUS[s][d - 1]
            if bonus is not None:
                out.setdefault(bonus, []).append(area.written(s, d))
    return {b: count(v) for b, v in out.items()}


def score(area: Blue) -> Int:
    """The points above the two outermost written fields, plus 4 for every number <= 4 or
    >= 10."""
    fields = total(lookup(area.length(s), (0,) + BLUE_SIDE_POINTS) for s in SIDES)
    extremes = count(
        area.written(s, d)
        & (area.value(s, d).le(BLUE_LOW) | area.value(s, d).ge(BLUE_HIGH))
        for s in SIDES for d in DISTANCES
    )
    return fields + extremes * BLUE_EXTREME


def foxes(area: Blue) -> Int:
    """The activated foxes."""
    return earned(area).get(Bonus.FOX, total(()))


def entries(area: Blue) -> Int:
    """One entry per written number."""
    return area.length(LEFT) + area.length(RIGHT)


def well_formed(area: Blue, ruleset: Ruleset) -> Bool:
    """Each side is written from the middle out without gaps, each number following the one
    before it."""
    out = []
    for s in SIDES:
        for d in DISTANCES:
            v = area.value(s, d)
            out.append(v.eq(0) | (v.between(BLUE_LOWEST, BLUE_HIGHEST)
                                  & area.written(s, d - 1)
                                  & follows(area.value(s, d - 1), v, s, ruleset)))
    return all_of(out)


def grows(old: Blue, new: Blue) -> Bool:
    """``new`` keeps every number of ``old``."""
    return all_of(
        old.written(s, d).implies(new.value(s, d).eq(old.value(s, d)))
        for s in SIDES for d in DISTANCES
    )


def read(model: Model, area: Blue, sheet: PlayerSheet) -> PlayerSheet:
    """``sheet`` with the blue area of the model."""
    sides = [tuple(v for v in (model.int(area.value(s, d)) for d in DISTANCES) if v)
             for s in SIDES]
    return sheet.but(blue_left=sides[LEFT], blue_right=sides[RIGHT])
