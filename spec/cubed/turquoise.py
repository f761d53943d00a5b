"""Turquoise as Z3 constraints (rulebook "The Turquoise Area"; docs/rulings.md, ruling 11).

State: one Boolean per cell, ``cells[row-1][number-1]`` (5 rows x 6 columns).  A target is a set
of rows, a 5-bit mask 1..31 (bit ``row - 1``): the cells of the number's column the entry crosses.
"you must cross out one of the 5 fields showing the rolled number ... for each of those dice you
may cross out one further field in the same column": one cross plus up to one per other die of
the same group showing the number (the context's ``matches``); a question mark gives one cross.
"""

from __future__ import annotations

import attrs

from oracle import Bonus, PlayerSheet, Ruleset
from spec.cubed.printed import (
    TURQUOISE_COLUMN_END,
    TURQUOISE_COLUMNS,
    TURQUOISE_ROW_END,
    TURQUOISE_ROW_POINTS,
    TURQUOISE_ROWS,
    TURQUOISE_SHADED,
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

ROWS = range(1, TURQUOISE_ROWS + 1)
NUMBERS = range(1, TURQUOISE_COLUMNS + 1)
MASKS = range(1, 1 << TURQUOISE_ROWS)


@attrs.frozen
class Turquoise:
    """The turquoise cells: ``cells[row - 1][number - 1]`` is true when crossed."""

    cells: tuple[tuple[Bool, ...], ...]

    def cell(self, row: int, number: int) -> Bool:
        """The cell of ``row`` in column ``number``."""
        return self.cells[row - 1][number - 1]


def fresh(name: str) -> Turquoise:
    """Free variables for the turquoise area."""
    return Turquoise(tuple(tuple(bool_var(f"{name}.t{r}{n}") for n in NUMBERS) for r in ROWS))


def equals(area: Turquoise, sheet: PlayerSheet) -> Bool:
    """``area`` is the turquoise area of ``sheet``."""
    return all_of(
        area.cell(r, n) if sheet.turquoise >> ((r - 1) * 6 + n - 1) & 1 else ~area.cell(r, n)
        for r in ROWS for n in NUMBERS
    )


def chosen(target: Int, row: int) -> Bool:
    """The row set ``target`` holds ``row``."""
    return any_of(target.eq(m) for m in MASKS if m >> (row - 1) & 1)


def crosses(target: Int) -> Int:
    """How many cells the row set holds."""
    return count(chosen(target, r) for r in ROWS)


def legal(area: Turquoise, target: Int, entry: Entry, ruleset: Ruleset) -> Bool:
    """Crossing the rows ``target`` of column ``entry.number``: every chosen cell free, at most
    one cross plus one per matching die, exactly one for a question mark."""
    n = crosses(target)
    return (
        target.between(1, len(MASKS))
        & all_of(
            (chosen(target, r) & entry.number.eq(c)).implies(~area.cell(r, c))
            for r in ROWS for c in NUMBERS
        )
        & n.le(entry.matches + 1)
        & entry.is_question().implies(n.eq(1))
    )


def after(area: Turquoise, target: Int, entry: Entry) -> Turquoise:
    """The area after the entry."""
    return Turquoise(tuple(
        tuple(area.cell(r, c) | (chosen(target, r) & entry.number.eq(c)) for c in NUMBERS)
        for r in ROWS
    ))


def _lines() -> tuple[tuple[tuple[tuple[int, int], ...], Bonus], ...]:
    """(the shaded cells of a row or column, its bonus)."""
    out: list[tuple[tuple[tuple[int, int], ...], Bonus]] = []
    for r in ROWS:
        bonus = TURQUOISE_ROW_END[r - 1]
        if bonus is not None:
            out.append((tuple((r, c) for c in range(1, TURQUOISE_SHADED[r - 1] + 1)), bonus))
    for c in NUMBERS:
        out.append((tuple((r, c) for r in ROWS if c <= TURQUOISE_SHADED[r - 1]),
                    TURQUOISE_COLUMN_END[c - 1]))
    return tuple(out)


#: "As soon as you have crossed out all the turquoise-shaded fields in a column or in a row".
LINES = _lines()


def _full(area: Turquoise, cells: tuple[tuple[int, int], ...]) -> Bool:
    return all_of(area.cell(r, c) for r, c in cells)


def bonuses(area: Turquoise, target: Int, entry: Entry) -> dict[Bonus, Int]:
    """How many of each bonus the entry earns: lines whose last shaded cell it crosses."""
    new = after(area, target, entry)
    out: dict[Bonus, list[Bool]] = {}
    for cells, bonus in LINES:
        out.setdefault(bonus, []).append(~_full(area, cells) & _full(new, cells))
    return {b: count(v) for b, v in out.items()}


def earned(area: Turquoise) -> dict[Bonus, Int]:
    """How many of each bonus a state has earned in all."""
    out: dict[Bonus, list[Bool]] = {}
    for cells, bonus in LINES:
        out.setdefault(bonus, []).append(_full(area, cells))
    return {b: count(v) for b, v in out.items()}


def score(area: Turquoise) -> Int:
    """Each row scores by its number of crosses."""
    return total(lookup(count(area.cells[r - 1]), TURQUOISE_ROW_POINTS) for r in ROWS)


def foxes(area: Turquoise) -> Int:
    """The activated foxes."""
    return earned(area).get(Bonus.FOX, total(()))


def entries(area: Turquoise) -> Int:
    """The fewest entries that make the state: one per column used (one entry can cross a
    whole column when four other dice of its group show the number)."""
    return count(any_of(area.cell(r, c) for r in ROWS) for c in NUMBERS)


def well_formed(area: Turquoise, ruleset: Ruleset) -> Bool:
    """Any set of crossed cells can be written."""
    return truth(True)


def grows(old: Turquoise, new: Turquoise) -> Bool:
    """``new`` keeps every cross of ``old``."""
    return all_of(old.cell(r, n).implies(new.cell(r, n)) for r in ROWS for n in NUMBERS)


def read(model: Model, area: Turquoise, sheet: PlayerSheet) -> PlayerSheet:
    """``sheet`` with the turquoise area of the model."""
    mask = sum(1 << ((r - 1) * 6 + n - 1) for r in ROWS for n in NUMBERS
               if model.bool(area.cell(r, n)))
    return sheet.but(turquoise=mask)
