"""The blue area: a ±1 track out from a printed 7 (rulebook "The Blue Area").

"You start from the field with the 7 in the middle and work your way forward from there, field by
field, in both directions ... On the left you may only enter numbers that are exactly 1 lower than
in the previous field; on the right only numbers that are exactly 1 higher ... You may also enter a
7 after any other number and thus 'reset' the sequence of numbers."  The number written is the
blue die plus the white die (ruling 15: the die entered plus its partner die); a blue question
mark writes the total its move names, 2..12; under option ``blue_question=number_plus_white``
(ruling 13) only a chosen 1..6 plus the white die may be written, so only the totals white+1 ..
white+6 are legal: a move's text means the same under every ruleset.  Our reading of the 7 (ruling 14) is the ``blue_seven_after_seven`` option.

The area is a pair of sides (left, right), each the tuple of numbers written on it, nearest the
middle first.  A target is a :class:`Side`.
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache

import attrs

from oracle.engine.area import QUESTION_DIE, EntryState, Problem
from oracle.games.cubed.dice import Die
from oracle.games.cubed.ruleset import BlueQuestion, Ruleset
from oracle.games.cubed.sheet import (
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
    Bonus,
)
from oracle.engine.errors import NotationError
from oracle.formats.jsonread import choice, key, obj
from oracle.formats.jsonread import numbers as read_numbers


class Side(IntEnum):
    """A side of the blue track: left (falling from the 7) or right (rising)."""

    LEFT = 0
    RIGHT = 1

    @property
    def label(self) -> str:
        """The side's name in move notation."""
        return SIDE_NAMES[self]


#: The blue area: (left side, right side), each side's numbers from the middle out.
Part = tuple[tuple[int, ...], tuple[int, ...]]

KEY = "b"
LEFT = Side.LEFT
RIGHT = Side.RIGHT
SIDE_NAMES: tuple[str, ...] = ("left", "right")
SIDES: tuple[Side, ...] = (LEFT, RIGHT)
#: Every target a move can name: the two sides.
TARGETS: tuple[int, ...] = tuple(range(len(SIDES)))
EMPTY: Part = ((), ())
PARTNER = True
ENTRY_RULE = "BLUE-SUM"
_TOTALS = tuple(range(BLUE_MIN, BLUE_MAX + 1))
_NUMBERS = (1, 2, 3, 4, 5, 6)
_NUMBER_PLUS_WHITE = BlueQuestion.NUMBER_PLUS_WHITE


def question_numbers(ruleset: Ruleset) -> tuple[int, ...]:
    """A blue question mark names the total written, 2..12, under every ruleset (ruling 13); under
    ``number_plus_white`` :func:`question_totals` narrows it to white+1 .. white+6."""
    return _TOTALS


def question_totals(state: EntryState[Ruleset]) -> tuple[int, ...]:
    """The totals a blue question mark may write (ruling 13): 2..12 (``total``), or a chosen
    1..6 plus the white die's face (``number_plus_white``), within the blue range."""
    if state.ruleset.blue_question is not _NUMBER_PLUS_WHITE:
        return _TOTALS
    white = state.faces[Die.WHITE]
    return tuple(t for t in (n + white for n in _NUMBERS) if BLUE_MIN <= t <= BLUE_MAX)


def question_problem(number: int, state: EntryState[Ruleset]) -> Problem | None:
    """QUESTION-USE when the total ``number`` cannot be a blue question mark's under the
    ruleset: under ``number_plus_white`` it must be a chosen 1..6 plus the white die (ruling
    13)."""
    if state.ruleset.blue_question is not _NUMBER_PLUS_WHITE:
        return None
    totals = question_totals(state)
    if number in totals:
        return None
    return "QUESTION-USE", (
        f"under blue_question=number_plus_white a blue question mark writes N + the white die "
        f"({state.faces[Die.WHITE]}), so one of {totals[0]}..{totals[-1]}; the move names the "
        f"total written, not {number}"
    )


def value(number: int, partner: int, die: int, state: EntryState[Ruleset]) -> int:
    """The number written: a die plus its partner die (ruling 15); a question mark's named
    total (ruling 13)."""
    return number if die == QUESTION_DIE else number + partner


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


@cache
def sides(part: Part, number: int, seven_after_seven: bool) -> tuple[int, ...]:
    """The sides where ``number`` may be written next (cached: a pure function of small
    immutable values)."""
    return tuple(
        side for side, values in zip(SIDES, part)
        if allowed(values, side, number, seven_after_seven)
    )


def targets(
    part: Part, number: int, partner: int, position: int, die: int, state: EntryState[Ruleset]
) -> tuple[int, ...]:
    """The sides where the value of the entry may be written (none for a question mark's total
    the ruleset rules out, :func:`question_problem`)."""
    if die == QUESTION_DIE and question_problem(number, state) is not None:
        return ()
    return sides(part, value(number, partner, die, state), state.ruleset.blue_seven_after_seven)


def problem(
    part: Part, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> Problem | None:
    """Why writing the entry's value on side ``target`` breaks a rule, or None."""
    if die == QUESTION_DIE and (wrong := question_problem(number, state)) is not None:
        return wrong
    written = value(number, partner, die, state)
    values = part[target]
    side = SIDE_NAMES[target]
    if len(values) >= BLUE_SIDE_FIELDS:
        return "BLUE-FULL", f"the {side} side of the blue track is full"
    if allowed(values, target, written, state.ruleset.blue_seven_after_seven):
        return None
    if written == BLUE_MIDDLE:
        return "BLUE-SEVEN", "a 7 may be written after any number except a 7"
    want = previous(values) + (1 if target == RIGHT else -1)
    return "BLUE-STEP", f"the next {side} blue field needs exactly {want} (or a 7), not {written}"


def bonus(side: int, distance: int) -> Bonus | None:
    """The bonus below the field at ``distance`` (1..6) on ``side``."""
    table = BLUE_RIGHT_BONUS if side == RIGHT else BLUE_LEFT_BONUS
    return table[distance - 1]


def enter(
    part: Part, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> tuple[Part, tuple[Bonus, ...]]:
    """Write the entry's value on side ``target``: the area and the bonus below that field."""
    values = part[target] + (value(number, partner, die, state),)
    new: Part = (part[0], values) if target == RIGHT else (values, part[1])
    got = bonus(target, len(values))
    return new, (got,) if got is not None else ()


def earned(part: Part) -> tuple[Bonus, ...]:
    """The bonuses below the written fields."""
    return tuple(b for side in SIDES for d in range(1, len(part[side]) + 1)
                 if (b := bonus(side, d)) is not None)


def side_score(left: tuple[int, ...], right: tuple[int, ...]) -> int:
    """Points above the two outermost written fields, plus 4 for every number <= 4 or >= 10."""
    points = (BLUE_POINTS[len(left) - 1] if left else 0) + (
        BLUE_POINTS[len(right) - 1] if right else 0
    )
    extremes = sum(1 for v in left + right if v <= BLUE_LOW_LIMIT or v >= BLUE_HIGH_LIMIT)
    return points + BLUE_EXTREME_POINTS * extremes


def score(part: Part) -> int:
    """Points ("Final scoring"): see :func:`side_score`."""
    return side_score(*part)


def foxes(part: Part) -> int:
    """The foxes below written fields."""
    return sum(
        1 for side in SIDES for d in range(1, len(part[side]) + 1)
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


def notation(part: Part) -> str:
    """The area in sheet notation: ``LEFT|RIGHT``, each side's numbers from the middle out."""
    return f"{','.join(map(str, part[0]))}|{','.join(map(str, part[1]))}"


def read(text: str) -> Part:
    """The blue area of :func:`notation` text."""
    left, sep, right = text.partition("|")
    if not sep:
        raise NotationError("want LEFT|RIGHT")
    sides = []
    for side in (left, right):
        numbers = side.split(",") if side else []
        if len(numbers) > BLUE_SIDE_FIELDS or not all(
            n.isascii() and n.isdigit() and len(n) <= 2 and BLUE_MIN <= int(n) <= BLUE_MAX
            and str(int(n)) == n
            for n in numbers
        ):
            raise NotationError(
                f"each side holds up to {BLUE_SIDE_FIELDS} numbers from {BLUE_MIN} to {BLUE_MAX}"
            )
        sides.append(tuple(int(n) for n in numbers))
    return sides[0], sides[1]


# --- the JSON model (docs/formats.md, section 6) ------------------------------------------------

_RULE = "rulebook 'The Blue Area'"
_MOST = 2 * BLUE_POINTS[-1] + 2 * BLUE_SIDE_FIELDS * BLUE_EXTREME_POINTS
JSON_SCHEMA: dict[str, object] = {
    "description": f"Blue ({_RULE}): a track out from the printed 7 in the middle; for each "
                   "side, the numbers written, from the middle out. Each is the blue die plus "
                   "the white die (ruling 15) or a question mark's number (ruling 13).",
    "type": "object",
    "required": list(SIDE_NAMES),
    "additionalProperties": False,
    "properties": {side: {
        "description": f"The numbers written on the {side} side, nearest the middle first: at "
                       f"most its {BLUE_SIDE_FIELDS} fields ({_RULE}; rule BLUE-FULL); each one "
                       f"{'lower' if side == 'left' else 'higher'} by exactly 1 than the one "
                       "before (the middle 7 first), or a 7 (rules BLUE-STEP, BLUE-SEVEN; "
                       "ruling 14).",
        "type": "array", "maxItems": BLUE_SIDE_FIELDS,
        "items": {"type": "integer", "minimum": BLUE_MIN, "maximum": BLUE_MAX,
                  "description": f"A number written: the sum of two dice, {BLUE_MIN} to "
                                 f"{BLUE_MAX} (rule BLUE-SUM, ruling 15; a question mark's "
                                 "total, rule QUESTION-USE, ruling 13)."},
    } for side in SIDE_NAMES},
}
JSON_SCORE: dict[str, object] = {
    "description": "Blue points: the points above each side's outermost written field (at most "
                   f"{BLUE_POINTS[-1]} a side) plus {BLUE_EXTREME_POINTS} for every number "
                   f"<= {BLUE_LOW_LIMIT} or >= {BLUE_HIGH_LIMIT} (rule SCORE-BLUE): 0 to "
                   f"{_MOST} (a bound: {BLUE_EXTREME_POINTS} counted for all "
                   f"{2 * BLUE_SIDE_FIELDS} fields).",
    "type": "integer", "minimum": 0, "maximum": _MOST,
}
JSON_TARGET: dict[str, dict[str, object]] = {"side": {
    "description": "The side of the blue track the number is written on: left (falling from "
                   f"the 7) or right (rising) ({_RULE}; rule BLUE-STEP).",
    "enum": list(SIDE_NAMES),
}}


@attrs.frozen
class BlueNumbers:
    """The blue area as read: the numbers written on each side, nearest the middle first."""

    left: tuple[int, ...]
    right: tuple[int, ...]


def to_json(part: Part) -> dict[str, object]:
    """Each side's numbers (see ``JSON_SCHEMA``)."""
    return {"left": list(part[0]), "right": list(part[1])}


def from_json(data: object, where: str) -> Part:
    """The area of :func:`to_json` data (the steps are a sheet check: ruling 14 depends on the
    ruleset)."""
    sides = obj(data, where, SIDE_NAMES)
    out = []
    for name in SIDE_NAMES:
        numbers, at = key(sides, name, where)
        out.append(read_numbers(numbers, at, BLUE_SIDE_FIELDS, BLUE_MIN, BLUE_MAX,
                                f"blue {name} side"))
    return out[0], out[1]


def target_json(target: int) -> dict[str, object]:
    """``{"side": "left"}``."""
    return {"side": SIDE_NAMES[target]}


def target_from_json(move: dict[str, object], where: str) -> int:
    """The side a move's ``side`` names."""
    side, at = key(move, "side", where)
    return Side(SIDE_NAMES.index(choice(side, at, SIDE_NAMES, "a blue side")))


def reading(part: Part) -> BlueNumbers:
    """The area as a typed value."""
    return BlueNumbers(part[0], part[1])
