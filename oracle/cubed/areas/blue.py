"""The blue area: a ±1 track out from a printed 7 (rulebook "The Blue Area").

"You start from the field with the 7 in the middle and work your way forward from there, field by
field, in both directions ... On the left you may only enter numbers that are exactly 1 lower than
in the previous field; on the right only numbers that are exactly 1 higher ... You may also enter a
7 after any other number and thus 'reset' the sequence of numbers."  The number written is the
blue die plus the white die (ruling 15, worked out in :func:`context.die_context`); our reading
of the 7 (docs/rulings.md, ruling 14) is the ``blue_seven_after_seven`` option of the ruleset.

A side is the tuple of numbers written on it, nearest the middle first.  A target is a
:class:`Side`.
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache
from typing import TYPE_CHECKING

from oracle.errors import NotationError
from oracle.cubed.areas.context import Context
from oracle.cubed.sheet import (
    BLUE_EXTREME_POINTS,
    BLUE_HIGH_LIMIT,
    BLUE_LEFT_BONUS,
    BLUE_LOW_LIMIT,
    BLUE_MAX,
    BLUE_MIDDLE,
    BLUE_MIN,
    BLUE_POINTS,
    BLUE_RIGHT_BONUS,
    BLUE_SIDE_FIELDS,
    Area,
    Bonus,
)

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from oracle.cubed.playersheet import PlayerSheet


class Side(IntEnum):
    """A side of the blue track: left (falling from the 7) or right (rising)."""

    LEFT = 0
    RIGHT = 1

    @property
    def label(self) -> str:
        """The side's name in move notation."""
        return SIDE_NAMES[self]


AREA = Area.BLUE
KEY = "b"
LEFT = Side.LEFT
RIGHT = Side.RIGHT
SIDE_NAMES: tuple[str, ...] = ("left", "right")
SIDES: tuple[Side, ...] = (LEFT, RIGHT)
#: Every target a move can name: the two sides.
TARGETS = range(len(SIDES))


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


def side_values(sheet: PlayerSheet, side: int) -> tuple[int, ...]:
    """The numbers written on ``side``."""
    return sheet.blue_right if side == RIGHT else sheet.blue_left


@cache
def sides(
    left: tuple[int, ...], right: tuple[int, ...], value: int, seven_after_seven: bool
) -> tuple[int, ...]:
    """:func:`targets` from plain values: the sides where ``value`` may be written next to the
    sides ``left`` and ``right`` (cached: a pure function of small immutable values)."""
    return tuple(
        side for side, values in ((LEFT, left), (RIGHT, right))
        if allowed(values, side, value, seven_after_seven)
    )


def targets(sheet: PlayerSheet, ctx: Context) -> tuple[int, ...]:
    """The sides where the value ``ctx.number`` may be written."""
    return sides(sheet.blue_left, sheet.blue_right, ctx.number,
                 ctx.ruleset.blue_seven_after_seven)


def problem(sheet: PlayerSheet, target: int, ctx: Context) -> tuple[str, str] | None:
    """Why writing ``ctx.number`` on side ``target`` breaks a rule, or None."""
    number = ctx.number
    values = side_values(sheet, target)
    side = SIDE_NAMES[target] if target in TARGETS else "?"
    if len(values) >= BLUE_SIDE_FIELDS:
        return "BLUE-FULL", f"the {side} side of the blue track is full"
    if allowed(values, target, number, ctx.ruleset.blue_seven_after_seven):
        return None
    if number == BLUE_MIDDLE:
        return "BLUE-SEVEN", "a 7 may be written after any number except a 7"
    want = previous(values) + (1 if target == RIGHT else -1)
    return "BLUE-STEP", f"the next {side} blue field needs exactly {want} (or a 7), not {number}"


def bonus(side: int, distance: int) -> Bonus | None:
    """The bonus below the field at ``distance`` (1..6) on ``side``."""
    table = BLUE_RIGHT_BONUS if side == RIGHT else BLUE_LEFT_BONUS
    return table[distance - 1]


def enter(sheet: PlayerSheet, target: int, ctx: Context) -> tuple[PlayerSheet, tuple[Bonus, ...]]:
    """Write ``ctx.number`` on side ``target``: the sheet and the bonus below that field."""
    if target == RIGHT:
        values = sheet.blue_right + (ctx.number,)
        sheet = sheet.but(blue_right=values)
    else:
        values = sheet.blue_left + (ctx.number,)
        sheet = sheet.but(blue_left=values)
    got = bonus(target, len(values))
    return sheet, (got,) if got is not None else ()


def side_score(left: tuple[int, ...], right: tuple[int, ...]) -> int:
    """Points above the two outermost written fields, plus 4 for every number <= 4 or >= 10."""
    points = (BLUE_POINTS[len(left) - 1] if left else 0) + (
        BLUE_POINTS[len(right) - 1] if right else 0
    )
    extremes = sum(1 for v in left + right if v <= BLUE_LOW_LIMIT or v >= BLUE_HIGH_LIMIT)
    return points + BLUE_EXTREME_POINTS * extremes


def score(sheet: PlayerSheet) -> int:
    """Points ("Final scoring"): see :func:`side_score`."""
    return side_score(sheet.blue_left, sheet.blue_right)


def foxes(sheet: PlayerSheet) -> int:
    """The foxes below written fields."""
    return sum(
        1 for side in SIDES for d in range(1, len(side_values(sheet, side)) + 1)
        if bonus(side, d) is Bonus.FOX
    )


def target_text(target: int) -> str:
    """A side in move notation: left or right."""
    return SIDE_NAMES[target] if target in TARGETS else str(target)


def parse_target(text: str) -> int:
    """The side of :func:`target_text`."""
    if text not in SIDE_NAMES:
        raise NotationError("a blue side is left or right")
    return Side(SIDE_NAMES.index(text))


def notation(sheet: PlayerSheet) -> str:
    """The area in sheet notation: ``LEFT|RIGHT``, each side's numbers from the middle out."""
    return f"{','.join(map(str, sheet.blue_left))}|{','.join(map(str, sheet.blue_right))}"


def read(value: str, sheet: PlayerSheet) -> PlayerSheet:
    """``sheet`` with the blue area of :func:`notation` text ``value``."""
    left, sep, right = value.partition("|")
    if not sep:
        raise NotationError("want LEFT|RIGHT")
    sides = []
    for part in (left, right):
        numbers = part.split(",") if part else []
        if len(numbers) > BLUE_SIDE_FIELDS or not all(
            n.isdigit() and BLUE_MIN <= int(n) <= BLUE_MAX and str(int(n)) == n for n in numbers
        ):
            raise NotationError(
                f"each side holds up to {BLUE_SIDE_FIELDS} numbers from {BLUE_MIN} to {BLUE_MAX}"
            )
        sides.append(tuple(int(n) for n in numbers))
    return sheet.but(blue_left=sides[0], blue_right=sides[1])
