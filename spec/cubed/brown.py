"""Brown as Z3 constraints (rulebook "The Brown Area"; docs/rulings.md, ruling 17).

State: one Boolean per field 1..12.  A target is a field.  "you must cross out a field showing
the rolled number.  You may only cross out fields that lie further to the right than the last
field you crossed out in this row ... fields skipped in this way may not be crossed out later".
"""

from __future__ import annotations

import attrs

from oracle import Bonus, PlayerSheet, Ruleset
from spec.cubed.printed import (
    BROWN_BETWEEN,
    BROWN_FIELD_COUNT,
    BROWN_POINTS_BY_CROSSES,
    BROWN_PRINTED,
)
from spec.cubed.entry import Entry
from spec.logic import (
    Bool,
    Int,
    Model,
    all_of,
    any_of,
    bool_var,
    count,
    lookup,
    total,
    truth,
)

FIELDS = range(1, BROWN_FIELD_COUNT + 1)


@attrs.frozen
class Brown:
    """The brown fields: ``fields[f - 1]`` is true when field f is crossed."""

    fields: tuple[Bool, ...]

    def field(self, f: int) -> Bool:
        """Field ``f`` (1..12)."""
        return self.fields[f - 1]


def fresh(name: str) -> Brown:
    """Free variables for the brown area."""
    return Brown(tuple(bool_var(f"{name}.br{f}") for f in FIELDS))


def equals(area: Brown, sheet: PlayerSheet) -> Bool:
    """``area`` is the brown area of ``sheet``."""
    return all_of(area.field(f) if sheet.brown >> (f - 1) & 1 else ~area.field(f) for f in FIELDS)


def right_of_last(area: Brown, f: int) -> Bool:
    """Field ``f`` lies right of every crossed field."""
    return all_of(~area.field(g) for g in range(f, BROWN_FIELD_COUNT + 1))


def legal(area: Brown, target: Int, entry: Entry, ruleset: Ruleset) -> Bool:
    """Crossing field ``target`` for ``entry.number``: it shows the number and lies right of the
    last crossed field."""
    return any_of(
        target.eq(f) & entry.number.eq(BROWN_PRINTED[f - 1]) & right_of_last(area, f)
        for f in FIELDS
    )


def after(area: Brown, target: Int, entry: Entry) -> Brown:
    """The area after the entry."""
    return Brown(tuple(area.field(f) | target.eq(f) for f in FIELDS))


#: (left field of the gap, bonus) for every printed gap bonus.
GAPS: tuple[tuple[int, Bonus], ...] = tuple(
    (g, b) for g, b in enumerate(BROWN_BETWEEN, start=1) if b is not None
)


def _both(area: Brown, gap: int) -> Bool:
    return area.field(gap) & area.field(gap + 1)


def bonuses(area: Brown, target: Int, entry: Entry) -> dict[Bonus, Int]:
    """"You always receive a bonus immediately once you have crossed out both adjacent
    fields"."""
    new = after(area, target, entry)
    out: dict[Bonus, list[Bool]] = {}
    for gap, bonus in GAPS:
        out.setdefault(bonus, []).append(~_both(area, gap) & _both(new, gap))
    return {b: count(v) for b, v in out.items()}


def earned(area: Brown) -> dict[Bonus, Int]:
    """How many of each bonus a state has earned in all."""
    out: dict[Bonus, list[Bool]] = {}
    for gap, bonus in GAPS:
        out.setdefault(bonus, []).append(_both(area, gap))
    return {b: count(v) for b, v in out.items()}


def score(area: Brown) -> Int:
    """Points by the number of crossed fields."""
    return lookup(count(area.fields), BROWN_POINTS_BY_CROSSES)


def foxes(area: Brown) -> Int:
    """The activated foxes."""
    return earned(area).get(Bonus.FOX, total(()))


def entries(area: Brown) -> Int:
    """One entry per crossed field."""
    return count(area.fields)


def well_formed(area: Brown, ruleset: Ruleset) -> Bool:
    """Any set of fields can be crossed (left to right)."""
    return truth(True)


def grows(old: Brown, new: Brown) -> Bool:
    """``new`` keeps ``old``'s crosses and adds crosses only right of ``old``'s last one."""
    return all_of(
        old.field(f).implies(new.field(f))
        & (new.field(f) & ~old.field(f)).implies(right_of_last(old, f))
        for f in FIELDS
    )


def read(model: Model, area: Brown, sheet: PlayerSheet) -> PlayerSheet:
    """``sheet`` with the brown area of the model."""
    return sheet.but(brown=sum(1 << (f - 1) for f in FIELDS if model.bool(area.field(f))))
