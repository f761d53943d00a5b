"""Yellow as Z3 constraints (rulebook "The Yellow Area"; docs/rulings.md, rulings 5 and 10).

State: one Boolean per cell, ``cells[row-1][number-1]`` (3 rows x 6 numbers).  A target is a
row 1..3.  "If you are the active player, on the first roll you may only cross out in the top
row, on the second roll only in the middle row and on the third roll only in the bottom row ...
If you are the passive player, you may only cross out one of the 6 gray-shaded fields": a die
from die field k crosses in row k, a die from the platter a grey cell, a question mark any row.
"""

from __future__ import annotations

import attrs

from oracle import Bonus, PlayerSheet, Ruleset
from spec.cubed.printed import (
    YELLOW_BETWEEN_I_II,
    YELLOW_BETWEEN_II_III,
    YELLOW_COLUMNS,
    YELLOW_GREY,
    YELLOW_ROW_POINTS,
    YELLOW_ROWS,
)
from spec.cubed.entry import PLATTER, Entry
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

ROWS = range(1, YELLOW_ROWS + 1)
NUMBERS = range(1, YELLOW_COLUMNS + 1)


@attrs.frozen
class Yellow:
    """The yellow cells: ``cells[row - 1][number - 1]`` is true when crossed."""

    cells: tuple[tuple[Bool, ...], ...]

    def cell(self, row: int, number: int) -> Bool:
        """The cell of ``row`` showing ``number``."""
        return self.cells[row - 1][number - 1]


def fresh(name: str) -> Yellow:
    """Free variables for the yellow area."""
    return Yellow(tuple(tuple(bool_var(f"{name}.y{r}{n}") for n in NUMBERS) for r in ROWS))


def equals(area: Yellow, sheet: PlayerSheet) -> Bool:
    """``area`` is the yellow area of ``sheet``."""
    return all_of(
        area.cell(r, n) if sheet.yellow >> ((r - 1) * 6 + n - 1) & 1 else ~area.cell(r, n)
        for r in ROWS for n in NUMBERS
    )


def _row_allowed(row: int, entry: Entry) -> Bool:
    """May this entry use ``row``?  Die field k: row k; platter: the grey row of the number;
    question mark: any row."""
    grey = any_of(entry.number.eq(n) for n in NUMBERS if YELLOW_GREY[n - 1] == row)
    return (
        (entry.position.gt(PLATTER).implies(entry.position.eq(row)))
        & (entry.position.eq(PLATTER).implies(grey))
    )


def hits(target: Int, entry: Entry, row: int, number: int) -> Bool:
    """The entry crosses the cell of ``row`` showing ``number``."""
    return target.eq(row) & entry.number.eq(number)


def legal(area: Yellow, target: Int, entry: Entry, ruleset: Ruleset) -> Bool:
    """Crossing ``entry.number`` in row ``target`` is legal: a free cell of an allowed row."""
    return any_of(hits(target, entry, r, n) & ~area.cell(r, n) & _row_allowed(r, entry)
                  for r in ROWS for n in NUMBERS)


def after(area: Yellow, target: Int, entry: Entry) -> Yellow:
    """The area after the entry."""
    return Yellow(tuple(
        tuple(area.cell(r, n) | hits(target, entry, r, n) for n in NUMBERS) for r in ROWS
    ))


#: (upper row, column, bonus) for the twelve bonuses between two rows.
PAIRS: tuple[tuple[int, int, Bonus], ...] = tuple(
    (1, c, YELLOW_BETWEEN_I_II[c - 1]) for c in NUMBERS
) + tuple((2, c, YELLOW_BETWEEN_II_III[c - 1]) for c in NUMBERS)


def _pair(area: Yellow, upper: int, column: int) -> Bool:
    return area.cell(upper, column) & area.cell(upper + 1, column)


def bonuses(area: Yellow, target: Int, entry: Entry) -> dict[Bonus, Int]:
    """How many of each bonus the entry earns: a bonus between two cells comes when the second
    of them is crossed ("As soon as you have crossed out the field directly above and the field
    directly below a bonus")."""
    new = after(area, target, entry)
    out: dict[Bonus, list[Bool]] = {}
    for upper, column, bonus in PAIRS:
        out.setdefault(bonus, []).append(~_pair(area, upper, column) & _pair(new, upper, column))
    return {b: count(v) for b, v in out.items()}


def earned(area: Yellow) -> dict[Bonus, Int]:
    """How many of each bonus a state has earned in all."""
    out: dict[Bonus, list[Bool]] = {}
    for upper, column, bonus in PAIRS:
        out.setdefault(bonus, []).append(_pair(area, upper, column))
    return {b: count(v) for b, v in out.items()}


def score(area: Yellow) -> Int:
    """Each row scores by its number of crosses ("Final scoring")."""
    return total(lookup(count(area.cells[r - 1]), YELLOW_ROW_POINTS) for r in ROWS)


def foxes(area: Yellow) -> Int:
    """The activated foxes."""
    return earned(area).get(Bonus.FOX, total(()))


def entries(area: Yellow) -> Int:
    """The fewest entries that make the state: one per cross."""
    return count(c for row in area.cells for c in row)


def well_formed(area: Yellow, ruleset: Ruleset) -> Bool:
    """Any set of crossed cells can be written."""
    return truth(True)


def grows(old: Yellow, new: Yellow) -> Bool:
    """``new`` keeps every cross of ``old``."""
    return all_of(old.cell(r, n).implies(new.cell(r, n)) for r in ROWS for n in NUMBERS)


def read(model: Model, area: Yellow, sheet: PlayerSheet) -> PlayerSheet:
    """``sheet`` with the yellow area of the model."""
    mask = sum(1 << ((r - 1) * 6 + n - 1) for r in ROWS for n in NUMBERS
               if model.bool(area.cell(r, n)))
    return sheet.but(yellow=mask)
