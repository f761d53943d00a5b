"""Pink as Z3 constraints (rulebook "The Pink Area"; docs/rulings.md, ruling 16).

State: the number written in each field 1..12 (0 = empty) and whether half was taken there.  A
target is an option, 0 half or 1 times.  "You always start at the far left and enter a number in
the next free field ... If you decide in favor of the bonus, you halve the number the die shows
and enter that value (rounded up).  You then immediately receive the bonus ... you instead
multiply the number on the die by the number indicated in the star ... In the first field you may
not yet decide — here you always enter half the number on the die."
"""

from __future__ import annotations

import attrs

from oracle import Bonus, PlayerSheet, Ruleset
from spec.cubed.printed import PINK_FACTOR, PINK_FIELD_BONUS, PINK_FIELD_COUNT
from spec.cubed.entry import Entry
from spec.logic import (
    Bool,
    Int,
    Model,
    all_of,
    any_of,
    bool_var,
    count,
    int_var,
    total,
    truth,
)

FIELDS = range(1, PINK_FIELD_COUNT + 1)
HALF, TIMES = 0, 1
NUMBERS = range(1, 7)


@attrs.frozen
class Pink:
    """``values[f - 1]``: the number in field f (0 empty); ``half[f - 1]``: half was taken."""

    values: tuple[Int, ...]
    half: tuple[Bool, ...]

    def written(self, f: int) -> Bool:
        """Field ``f`` holds a number."""
        return self.values[f - 1].ne(0)

    def length(self) -> Int:
        """How many fields are written."""
        return count(self.written(f) for f in FIELDS)


def fresh(name: str) -> Pink:
    """Free variables for the pink area."""
    return Pink(tuple(int_var(f"{name}.p{f}") for f in FIELDS),
                tuple(bool_var(f"{name}.h{f}") for f in FIELDS))


def equals(area: Pink, sheet: PlayerSheet) -> Bool:
    """``area`` is the pink area of ``sheet`` (field 1 always counts as half)."""
    out = []
    for f in FIELDS:
        written = f <= len(sheet.pink)
        out.append(area.values[f - 1].eq(sheet.pink[f - 1] if written else 0))
        half = written and (f == 1 or bool(sheet.pink_bonus >> (f - 1) & 1))
        out.append(area.half[f - 1] if half else ~area.half[f - 1])
    return all_of(out)


def legal(area: Pink, target: Int, entry: Entry, ruleset: Ruleset) -> Bool:
    """Writing with option ``target`` in the next free field: one is free, and field 1 takes
    half."""
    n = area.length()
    return target.between(HALF, TIMES) & n.lt(PINK_FIELD_COUNT) & n.eq(0).implies(target.eq(HALF))


def bonuses(area: Pink, target: Int, entry: Entry) -> dict[Bonus, Int]:
    """The bonus below the field, with half only (field 1 has none)."""
    n = area.length()
    out: dict[Bonus, list[Bool]] = {}
    for f in FIELDS:
        bonus = PINK_FIELD_BONUS[f - 1]
        if bonus is not None:
            out.setdefault(bonus, []).append(n.eq(f - 1) & target.eq(HALF))
    return {b: count(v) for b, v in out.items()}


def earned(area: Pink) -> dict[Bonus, Int]:
    """How many of each bonus a state has earned in all."""
    out: dict[Bonus, list[Bool]] = {}
    for f in FIELDS:
        bonus = PINK_FIELD_BONUS[f - 1]
        if bonus is not None:
            out.setdefault(bonus, []).append(area.written(f) & area.half[f - 1])
    return {b: count(v) for b, v in out.items()}


def score(area: Pink) -> Int:
    """The sum of the written numbers."""
    return total(area.values)


def foxes(area: Pink) -> Int:
    """The activated foxes."""
    return earned(area).get(Bonus.FOX, total(()))


def entries(area: Pink) -> Int:
    """One entry per written number."""
    return area.length()


def well_formed(area: Pink, ruleset: Ruleset) -> Bool:
    """Fields filled from the left; each number one a die can give with its option (field 1
    has no star: times gives nothing there, so it is always half)."""
    out = []
    for f in FIELDS:
        v, h = area.values[f - 1], area.half[f - 1]
        possible = any_of((v.eq((n + 1) // 2) & h) | (v.eq(n * PINK_FACTOR[f - 1]) & ~h)
                          for n in NUMBERS)
        before = area.written(f - 1) if f > 1 else truth(True)
        out.append((v.eq(0) & ~h) | (possible & before))
    return all_of(out)


def grows(old: Pink, new: Pink) -> Bool:
    """``new`` keeps every number of ``old``."""
    return all_of(
        old.written(f).implies(new.values[f - 1].eq(old.values[f - 1])
                               & new.half[f - 1].iff(old.half[f - 1]))
        for f in FIELDS
    )


def read(model: Model, area: Pink, sheet: PlayerSheet) -> PlayerSheet:
    """``sheet`` with the pink area of the model."""
    values = tuple(v for v in (model.int(x) for x in area.values) if v)
    mask = sum(1 << (f - 1) for f in FIELDS
               if f > 1 and f <= len(values) and model.bool(area.half[f - 1]))
    return sheet.but(pink=values, pink_bonus=mask)
