"""The pink area: 12 fields filled left to right (rulebook "The Pink Area").

"If you decide in favor of the bonus, you halve the number the die shows and enter that value
(rounded up).  You then immediately receive the bonus indicated below that field.  If you would
rather have more points, you instead multiply the number on the die by the number indicated in
the star above the field ... Note: In the first field you may not yet decide — here you always
enter half the number on the die."

The area is the tuple of written numbers plus a 12-bit mask of the fields where the player took
half with the bonus (bit ``field - 1``); field 1 counts as half without a bonus.
"""

from __future__ import annotations

from oracle.cubed.sheet import PINK_BONUS, PINK_FIELDS, PINK_STARS, Bonus

HALF = 0
TIMES = 1
OPTION_NAMES: tuple[str, ...] = ("half", "times")
ONLY_HALF: tuple[int, ...] = (HALF,)
BOTH: tuple[int, ...] = (HALF, TIMES)
NONE: tuple[int, ...] = ()


def options(written: tuple[int, ...]) -> tuple[int, ...]:
    """The options for the next free field: none when full, half only on field 1, else both."""
    n = len(written)
    if n >= PINK_FIELDS:
        return NONE
    return ONLY_HALF if n == 0 else BOTH


def value(field: int, number: int, option: int) -> int:
    """The number written in ``field`` (1..12) for a die ``number`` and option."""
    if option == HALF:
        return (number + 1) // 2
    return number * PINK_STARS[field - 1]


def bonus(field: int, option: int) -> Bonus | None:
    """The bonus received for writing in ``field`` with ``option`` (only with half)."""
    return PINK_BONUS[field - 1] if option == HALF else None


def score(written: tuple[int, ...]) -> int:
    """Points: the sum of the written numbers."""
    return sum(written)
