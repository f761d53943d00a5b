"""Bit-mask helpers shared by the areas that are rows of crossable cells (yellow, turquoise,
brown): bonuses completed by an entry, crosses per row, and the cells' sheet notation."""

from __future__ import annotations

from oracle.games.cubed.sheet import Bonus
from oracle.engine.errors import NotationError

#: The width of the yellow and turquoise grids: one column per number 1..6.
GRID_WIDTH = 6


def completed(table: tuple[tuple[int, Bonus], ...], old: int, new: int) -> tuple[Bonus, ...]:
    """The bonuses of ``table`` (cells needed, bonus) whose cells became all crossed from
    ``old`` to ``new`` — each bonus is received once, when its last cell is crossed."""
    return tuple(b for m, b in table if new & m == m and old & m != m)


def full(table: tuple[tuple[int, Bonus], ...], crossed: int, bonus: Bonus) -> int:
    """How many entries of ``table`` giving ``bonus`` have all their cells crossed."""
    return sum(1 for m, b in table if b is bonus and crossed & m == m)


def row_count(crossed: int, row: int) -> int:
    """How many of the six cells of ``row`` (1-based) of a 6-wide grid are crossed."""
    return ((crossed >> ((row - 1) * GRID_WIDTH)) & 0b111111).bit_count()


def cells_text(mask: int, rows: int, width: int = GRID_WIDTH) -> str:
    """Sheet notation of a grid: each row's cells, ``x`` crossed or ``.`` free, rows joined by
    ``/``."""
    return "/".join(
        "".join("x" if mask >> (r * width + c) & 1 else "." for c in range(width))
        for r in range(rows)
    )


def parse_cells(value: str, rows: int, width: int = GRID_WIDTH) -> int:
    """The grid mask of :func:`cells_text`; :class:`NotationError` says what is wrong."""
    parts = value.split("/")
    if len(parts) != rows or any(len(p) != width or set(p) - {"x", "."} for p in parts):
        what = f"{rows} rows of {width} cells" if rows > 1 else f"{width} fields"
        raise NotationError(f"want {what}, each x or .{', joined by /' if rows > 1 else ''}")
    return sum(
        1 << (r * width + c) for r, p in enumerate(parts) for c, ch in enumerate(p) if ch == "x"
    )


#: NUMBERS_OF[cells]: the numbers 1..6 of the cells set in a row's 6-bit mask (the JSON model
#: names crossed cells by their printed numbers).
NUMBERS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in range(1, GRID_WIDTH + 1) if cells >> (n - 1) & 1)
    for cells in range(1 << GRID_WIDTH)
)


def row_numbers(crossed: int, row: int) -> tuple[int, ...]:
    """The numbers (columns 1..6) crossed in ``row`` (1-based) of a 6-wide grid."""
    return NUMBERS_OF[(crossed >> ((row - 1) * GRID_WIDTH)) & 0b111111]


#: CELLS_OF[numbers]: a row's 6-bit mask of the cells showing ``numbers`` (ascending).
CELLS_OF = {numbers: cells for cells, numbers in enumerate(NUMBERS_OF)}


def row_mask(numbers: tuple[int, ...], row: int) -> int:
    """The grid mask of the cells of ``row`` (1-based) showing ``numbers`` (ascending, each
    1..6: a table look-up)."""
    return CELLS_OF[numbers] << ((row - 1) * GRID_WIDTH)
