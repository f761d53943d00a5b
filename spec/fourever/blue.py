"""Blue as Z3 constraints (docs/rulings.md, rulings 4E-2 and 4E-6; mirrors
``oracle/games/fourever/areas/blue.py``).

A 6 x 6 grid: the blue die gives the row, the white die the column, a blue question mark any
free cell, so every set of crosses can be written.  A row's 2nd cross earns its bonus, the main
diagonal's 2nd cross a re-roll; a column with at least two crosses scores its points, the
anti-diagonal 6 with at least two.  State: one Boolean per cell, ``cells[row - 1][column - 1]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from spec.fourever.printed import (
    BLUE_ANTI_DIAGONAL_AT,
    BLUE_ANTI_DIAGONAL_POINTS,
    BLUE_COLUMN_AT,
    BLUE_COLUMN_POINTS,
    BLUE_MAIN_DIAGONAL_AT,
    BLUE_MAIN_DIAGONAL_BONUS,
    BLUE_ROW_BONUS,
    BLUE_ROW_BONUS_AT,
    BLUE_SIZE,
    FOX,
)
from spec.fourever.seam import Options
from spec.fourever.terms import Term, by_bonus
from spec.logic import Bool, Int, all_of, bool_var, count, ite, total, truth

LINES = range(1, BLUE_SIZE + 1)


@attrs.frozen
class Blue:
    """The blue cells: ``cells[row - 1][column - 1]`` is true when crossed."""

    cells: tuple[tuple[Bool, ...], ...]

    @property
    def crosses(self) -> tuple[Bool, ...]:
        """Every cell, row by row."""
        return tuple(c for row in self.cells for c in row)

    @property
    def flat(self) -> tuple[Term, ...]:
        """The variables in the order of :func:`values`."""
        return self.crosses

    def cell(self, row: int, column: int) -> Bool:
        """The cell of ``row`` and ``column`` (1-based)."""
        return self.cells[row - 1][column - 1]


def fresh(name: str) -> Blue:
    """Free variables for the blue area."""
    return Blue(tuple(tuple(bool_var(f"{name}.b{r}{c}") for c in LINES) for r in LINES))


def values(part: Any) -> tuple[int, ...]:
    """The engine's part (a mask, bit ``(row - 1) * 6 + column - 1``) as the cells' values."""
    return tuple(int(part) >> i & 1 for i in range(BLUE_SIZE * BLUE_SIZE))


def part(found: Sequence[int]) -> int:
    """The engine's part of the cells' values."""
    return sum(1 << i for i, v in enumerate(found) if v)


def well_formed(area: Blue, options: Options) -> Bool:
    """Every set of crosses can be written (a question mark crosses any free cell, 4E-6)."""
    return truth(True)


def entries(area: Blue) -> Int:
    """The fewest entries: one per cross."""
    return count(area.crosses)


def _row(area: Blue, row: int) -> Int:
    return count(area.cell(row, c) for c in LINES)


def score(area: Blue) -> Int:
    """Column points for columns with two crosses, and the anti-diagonal's 6."""
    columns = total(ite(count(area.cell(r, c) for r in LINES).ge(BLUE_COLUMN_AT),
                        BLUE_COLUMN_POINTS[c - 1], 0) for c in LINES)
    anti = count(area.cell(i, BLUE_SIZE + 1 - i) for i in LINES)
    return columns + ite(anti.ge(BLUE_ANTI_DIAGONAL_AT), BLUE_ANTI_DIAGONAL_POINTS, 0)


def earned(area: Blue) -> dict[str, Int]:
    """The bonus of every row with two crosses, the main diagonal's re-roll."""
    main = count(area.cell(i, i) for i in LINES).ge(BLUE_MAIN_DIAGONAL_AT)
    return by_bonus([(BLUE_ROW_BONUS[r - 1], _row(area, r).ge(BLUE_ROW_BONUS_AT)) for r in LINES]
                    + [(BLUE_MAIN_DIAGONAL_BONUS, main)])


def foxes(area: Blue) -> Int:
    """The fox at the end of row 6."""
    return count(_row(area, r).ge(BLUE_ROW_BONUS_AT) for r in LINES
                 if BLUE_ROW_BONUS[r - 1] == FOX)


def grows(old: Blue, new: Blue) -> Bool:
    """``new`` keeps every cross of ``old``."""
    return all_of(o.implies(n) for o, n in zip(old.crosses, new.crosses))
