"""The turquoise area: 5 rows x 6 columns, cross out (rulebook "The Turquoise Area").

"If you choose the turquoise die, you must cross out one of the 5 fields showing the rolled number
in this area.  If you are the active player and other dice showing the same number are already
lying on your die fields, then for each of those dice you may cross out one further field in the
same column ... If you are the passive player, you may cross out one additional field for each
further die on the silver platter showing the same number."  Extra crosses are optional and the
player picks the cells (ruling 11).

The area is a 30-bit mask: bit ``(row - 1) * 6 + (number - 1)``.  A set of rows within one
column (the cells one entry crosses) is a 5-bit mask, bit ``row - 1``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle.cubed.masks import completed, row_count
from oracle.cubed.sheet import (
    TURQUOISE_COLUMN_BONUS,
    TURQUOISE_POINTS,
    TURQUOISE_ROW_BONUS,
    TURQUOISE_ROWS,
    TURQUOISE_SHADED_PER_ROW,
    Bonus,
)


def bit(row: int, number: int) -> int:
    """The mask bit of the cell in ``row`` (1..5) of column ``number`` (1..6)."""
    return 1 << ((row - 1) * 6 + number - 1)


#: Bits 0, 6, 12, 18, 24: the first column's cells; shifted, any column's.
_COLUMN = sum(1 << (6 * r) for r in range(TURQUOISE_ROWS))
#: _ROWS_OF[column bits]: those cells as a 5-bit row mask.
_ROWS_OF: Mapping[int, int] = MappingProxyType({
    sum(1 << (6 * r) for r in range(TURQUOISE_ROWS) if rows >> r & 1): rows
    for rows in range(1 << TURQUOISE_ROWS)
})


def free_rows(crossed: int, number: int) -> int:
    """The rows (5-bit mask) whose cell in column ``number`` is free."""
    return _ROWS_OF[~crossed >> (number - 1) & _COLUMN]


def cells(number: int, rows: int) -> int:
    """The area mask of the cells of column ``number`` in the rows of the 5-bit mask ``rows``."""
    return sum(bit(r, number) for r in range(1, TURQUOISE_ROWS + 1) if rows >> (r - 1) & 1)


def _subsets() -> tuple[tuple[tuple[int, ...], ...], ...]:
    table = []
    for free in range(32):
        by_size = []
        for most in range(TURQUOISE_ROWS + 1):
            subs = [s for s in range(1, 32) if s & free == s and 1 <= s.bit_count() <= most]
            subs.sort(key=lambda s: (s.bit_count(), s))
            by_size.append(tuple(subs))
        table.append(tuple(by_size))
    return tuple(table)


#: SUBSETS[free][k]: non-empty subsets of the rows ``free`` with at most k rows, by size then mask.
SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = _subsets()


def targets(crossed: int, number: int, extra: int) -> tuple[int, ...]:
    """Every choice of cells in column ``number``: one cross plus 0..``extra`` extra crosses."""
    return SUBSETS[free_rows(crossed, number)][min(1 + extra, TURQUOISE_ROWS)]


def rows_text(rows: int) -> str:
    """Notation of a row set: the 1-based rows joined by '+', e.g. ``1+3``."""
    return "+".join(str(r) for r in range(1, TURQUOISE_ROWS + 1) if rows >> (r - 1) & 1)


def _bonus_table() -> tuple[tuple[int, Bonus], ...]:
    table: list[tuple[int, Bonus]] = []
    for row, shaded in enumerate(TURQUOISE_SHADED_PER_ROW, start=1):
        row_bonus = TURQUOISE_ROW_BONUS[row - 1]
        if row_bonus is not None:
            table.append((sum(bit(row, c) for c in range(1, shaded + 1)), row_bonus))
    for column in range(1, 7):
        mask = sum(
            bit(row, column)
            for row, shaded in enumerate(TURQUOISE_SHADED_PER_ROW, start=1)
            if column <= shaded
        )
        table.append((mask, TURQUOISE_COLUMN_BONUS[column - 1]))
    return tuple(table)


#: (all shaded cells of a row or column, its bonus) — "As soon as you have crossed out all the
#: turquoise-shaded fields in a column or in a row, you receive the bonus".
BONUS_TABLE: tuple[tuple[int, Bonus], ...] = _bonus_table()


def bonuses(old: int, new: int) -> tuple[Bonus, ...]:
    """The row and column bonuses completed between old and new."""
    return completed(BONUS_TABLE, old, new)


def score(crossed: int) -> int:
    """Points: each row scored by its number of crosses ("Final scoring")."""
    return sum(TURQUOISE_POINTS[row_count(crossed, r)] for r in range(1, TURQUOISE_ROWS + 1))
