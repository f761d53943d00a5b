"""The printed sheet (:mod:`spec.cubed.printed`) on a :class:`oracle.PlayerSheet`'s fields: which
bit of ``yellow``, ``turquoise`` and ``brown`` is which cell, and each bonus pattern (the cells
that must all be crossed for a bonus) as a mask, for the searches that read sheets directly.
The bit layout is the sheet notation's order (``tests/spec/test_printed.py`` checks it through
:func:`spec.cubed.seam.format_sheet`)."""

from __future__ import annotations

from oracle import Bonus, PlayerSheet
from spec.cubed.printed import (
    BLUE_FIELDS_PER_SIDE,
    BLUE_LEFT_FIELD_BONUS,
    BLUE_RIGHT_FIELD_BONUS,
    BROWN_BETWEEN,
    PINK_FIELD_BONUS,
    TURQUOISE_COLUMN_END,
    TURQUOISE_COLUMNS,
    TURQUOISE_ROW_END,
    TURQUOISE_ROWS,
    TURQUOISE_SHADED,
    YELLOW_BETWEEN_I_II,
    YELLOW_BETWEEN_II_III,
    YELLOW_COLUMNS,
)

Patterns = tuple[tuple[int, Bonus], ...]


def yellow_bit(row: int, number: int) -> int:
    """The mask of the yellow cell of ``row`` (1..3) showing ``number`` (1..6)."""
    return 1 << ((row - 1) * YELLOW_COLUMNS + number - 1)


def turquoise_bit(row: int, column: int) -> int:
    """The mask of the turquoise cell of ``row`` (1..5) in ``column`` (1..6)."""
    return 1 << ((row - 1) * TURQUOISE_COLUMNS + column - 1)


def brown_bit(field: int) -> int:
    """The mask of brown field ``field`` (1..12)."""
    return 1 << (field - 1)


#: Yellow: the cells above and below each bonus between two rows.
YELLOW_PATTERNS: Patterns = tuple(
    (yellow_bit(upper, c) | yellow_bit(upper + 1, c), bonus)
    for upper, row in ((1, YELLOW_BETWEEN_I_II), (2, YELLOW_BETWEEN_II_III))
    for c, bonus in enumerate(row, start=1)
)
#: Turquoise: the shaded cells of each row with an end bonus, then of each column.
TURQUOISE_PATTERNS: Patterns = tuple(
    (sum(turquoise_bit(r, c) for c in range(1, TURQUOISE_SHADED[r - 1] + 1)), bonus)
    for r, bonus in enumerate(TURQUOISE_ROW_END, start=1) if bonus is not None
) + tuple(
    (sum(turquoise_bit(r, c) for r in range(1, TURQUOISE_ROWS + 1)
         if c <= TURQUOISE_SHADED[r - 1]), bonus)
    for c, bonus in enumerate(TURQUOISE_COLUMN_END, start=1)
)
#: Brown: the two fields beside each gap with a bonus.
BROWN_PATTERNS: Patterns = tuple(
    (brown_bit(g) | brown_bit(g + 1), bonus)
    for g, bonus in enumerate(BROWN_BETWEEN, start=1) if bonus is not None
)


def completed(patterns: Patterns, old: int, new: int) -> list[Bonus]:
    """The bonuses whose pattern is complete in ``new`` and not in ``old``."""
    return [b for mask, b in patterns if new & mask == mask and old & mask != mask]


def blue_bonus(side: int, distance: int) -> Bonus | None:
    """The bonus under the blue field at ``distance`` (1..6) on ``side`` (0 left, 1 right)."""
    return (BLUE_RIGHT_FIELD_BONUS if side else BLUE_LEFT_FIELD_BONUS)[distance - 1]


def earned(sheet: PlayerSheet) -> list[Bonus]:
    """Every bonus the five areas of ``sheet`` have earned (pink: where half was written; the
    tracks' end bonuses aside)."""
    out = completed(YELLOW_PATTERNS, 0, sheet.yellow)
    out += completed(TURQUOISE_PATTERNS, 0, sheet.turquoise)
    out += completed(BROWN_PATTERNS, 0, sheet.brown)
    for side, written in enumerate((sheet.blue_left, sheet.blue_right)):
        out += [b for d in range(1, min(len(written), BLUE_FIELDS_PER_SIDE) + 1)
                if (b := blue_bonus(side, d)) is not None]
    out += [b for f, b in enumerate(PINK_FIELD_BONUS, start=1)
            if b is not None and f <= len(sheet.pink) and sheet.pink_bonus >> (f - 1) & 1]
    return out
