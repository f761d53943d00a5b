"""Bit-mask helpers shared by the areas that are grids of crossable cells."""

from __future__ import annotations

from oracle.cubed.sheet import Bonus


def completed(table: tuple[tuple[int, Bonus], ...], old: int, new: int) -> tuple[Bonus, ...]:
    """The bonuses of ``table`` (cells needed, bonus) whose cells became all crossed from
    ``old`` to ``new`` — each bonus is received once, when its last cell is crossed."""
    return tuple(b for m, b in table if new & m == m and old & m != m)


def row_count(crossed: int, row: int) -> int:
    """How many of the six cells of ``row`` (1-based) of a 6-wide grid are crossed."""
    return ((crossed >> ((row - 1) * 6)) & 0b111111).bit_count()
