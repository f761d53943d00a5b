"""The brown area: 12 printed numbers crossed left to right (rulebook "The Brown Area").

"You may only cross out fields that lie further to the right than the last field you crossed out
in this row ... You do not have to cross out field after field — you may also skip fields.
However, fields skipped in this way may not be crossed out later on."

The area is a 12-bit mask: bit ``field - 1`` is set when that field is crossed.
"""

from __future__ import annotations

from oracle.cubed.masks import completed
from oracle.cubed.sheet import BROWN_FIELDS, BROWN_GAP_BONUS, BROWN_NUMBERS, BROWN_POINTS, Bonus


def last_field(crossed: int) -> int:
    """The rightmost crossed field (1..12), or 0 when none is crossed."""
    return crossed.bit_length()


def _fields_after() -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(
        tuple(
            tuple(f for f in range(last + 1, BROWN_FIELDS + 1) if BROWN_NUMBERS[f - 1] == n)
            for n in range(7)
        )
        for last in range(BROWN_FIELDS + 1)
    )


#: FIELDS_AFTER[last][number]: the fields right of ``last`` that show ``number``.
FIELDS_AFTER: tuple[tuple[tuple[int, ...], ...], ...] = _fields_after()


def targets(crossed: int, number: int) -> tuple[int, ...]:
    """The fields showing ``number`` right of the last crossed field."""
    return FIELDS_AFTER[last_field(crossed)][number]


#: (both neighbouring fields, the bonus between them).
BONUS_TABLE: tuple[tuple[int, Bonus], ...] = tuple(
    (0b11 << gap, b) for gap, b in enumerate(BROWN_GAP_BONUS) if b is not None
)


def bonuses(old: int, new: int) -> tuple[Bonus, ...]:
    """The bonuses whose two neighbouring fields became both crossed between old and new."""
    return completed(BONUS_TABLE, old, new)


def score(crossed: int) -> int:
    """Points by the number of crossed fields ("Final scoring")."""
    return BROWN_POINTS[crossed.bit_count()]
