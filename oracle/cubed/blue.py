"""The blue area: a ±1 track out from a printed 7 (rulebook "The Blue Area").

"You start from the field with the 7 in the middle and work your way forward from there, field by
field, in both directions ... On the left you may only enter numbers that are exactly 1 lower than
in the previous field; on the right only numbers that are exactly 1 higher ... You may also enter a
7 after any other number and thus 'reset' the sequence of numbers."  Our reading of the 7
(ruling 14) is the ``blue_seven_after_seven`` option of the ruleset.

A side is the tuple of numbers written on it, nearest the middle first.
"""

from __future__ import annotations

from oracle.cubed.sheet import (
    BLUE_EXTREME_POINTS,
    BLUE_HIGH_LIMIT,
    BLUE_LEFT_BONUS,
    BLUE_MIDDLE,
    BLUE_POINTS,
    BLUE_RIGHT_BONUS,
    BLUE_SIDE_FIELDS,
    Bonus,
    BLUE_LOW_LIMIT,
)

LEFT = 0
RIGHT = 1
SIDE_NAMES: tuple[str, ...] = ("left", "right")
SIDES: tuple[int, ...] = (LEFT, RIGHT)


def previous(values: tuple[int, ...]) -> int:
    """The number the next field follows: the last written one, or the printed middle 7."""
    return values[-1] if values else BLUE_MIDDLE


def step_ok(values: tuple[int, ...], side: int, number: int) -> bool:
    """True when ``number`` is exactly one step on from the previous field (-1 left, +1 right)."""
    return number == previous(values) + (1 if side == RIGHT else -1)


def seven_ok(values: tuple[int, ...], seven_after_seven: bool) -> bool:
    """True when a 7 may be written next: after any number other than 7, or always (option)."""
    return seven_after_seven or previous(values) != BLUE_MIDDLE


def allowed(values: tuple[int, ...], side: int, number: int, seven_after_seven: bool) -> bool:
    """True when ``number`` may be written in the next free field of that side."""
    if len(values) >= BLUE_SIDE_FIELDS:
        return False
    if number == BLUE_MIDDLE and seven_ok(values, seven_after_seven):
        return True
    return step_ok(values, side, number)


def bonus(side: int, distance: int) -> Bonus | None:
    """The bonus below the field at ``distance`` (1..6) on ``side``."""
    table = BLUE_RIGHT_BONUS if side == RIGHT else BLUE_LEFT_BONUS
    return table[distance - 1]


def score(left: tuple[int, ...], right: tuple[int, ...]) -> int:
    """Points above the two outermost written fields, plus 4 for every number <= 4 or >= 10."""
    points = (BLUE_POINTS[len(left) - 1] if left else 0) + (
        BLUE_POINTS[len(right) - 1] if right else 0
    )
    extremes = sum(1 for v in left + right if v <= BLUE_LOW_LIMIT or v >= BLUE_HIGH_LIMIT)
    return points + BLUE_EXTREME_POINTS * extremes
