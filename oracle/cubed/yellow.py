"""The yellow area: 3 rows x 6 columns, cross out (rulebook "The Yellow Area").

"If you choose the yellow die, you must cross out one of the 3 fields showing the rolled number
in this area.  If you are the active player, on the first roll you may only cross out in the top
row, on the second roll only in the middle row and on the third roll only in the bottom row ...
If you are the passive player, you may only cross out one of the 6 gray-shaded fields."

The area is an 18-bit mask: bit ``(row - 1) * 6 + (number - 1)`` is set when that cell is crossed.
"""

from __future__ import annotations

from oracle.cubed.masks import completed, row_count
from oracle.cubed.sheet import (
    YELLOW_BONUS_I_II,
    YELLOW_BONUS_II_III,
    YELLOW_POINTS,
    YELLOW_ROWS,
    Bonus,
)

ALL_ROWS: tuple[int, ...] = (1, 2, 3)


def bit(row: int, number: int) -> int:
    """The mask bit of the cell in ``row`` (1..3) showing ``number`` (1..6)."""
    return 1 << ((row - 1) * 6 + number - 1)


def free_rows(crossed: int, number: int, rows: tuple[int, ...]) -> tuple[int, ...]:
    """The rows among ``rows`` whose cell showing ``number`` is still free."""
    return tuple(r for r in rows if not crossed & bit(r, number))


def _bonus_table() -> tuple[tuple[int, Bonus], ...]:
    table: list[tuple[int, Bonus]] = []
    for column in range(1, 7):
        table.append((bit(1, column) | bit(2, column), YELLOW_BONUS_I_II[column - 1]))
        table.append((bit(2, column) | bit(3, column), YELLOW_BONUS_II_III[column - 1]))
    return tuple(table)


#: (cells above and below, bonus between them) for all twelve yellow bonuses.
BONUS_TABLE: tuple[tuple[int, Bonus], ...] = _bonus_table()


def bonuses(old: int, new: int) -> tuple[Bonus, ...]:
    """The bonuses whose cell above and cell below became both crossed between old and new."""
    return completed(BONUS_TABLE, old, new)


def score(crossed: int) -> int:
    """Points: each row scored by its number of crosses ("Final scoring")."""
    return sum(YELLOW_POINTS[row_count(crossed, r)] for r in range(1, YELLOW_ROWS + 1))
