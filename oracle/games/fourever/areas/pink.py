"""Pink: 12 fields; numbers are written left to right (rules "Pink"; docs/rulings.md, ruling 4E-9).

"You always start to the left and enter a number into the next free field ... Depending on the
number you enter, the following happens": a 2, 4 or 6 is circled (+2, +4, +3 at the end); a 3
writes another 3 in the next field (no effect of its own; nothing at field 12); a 5 or 6 earns the
bonus under its field.  Score: the points above the last written field plus the circled extras.

The area is the numbers written, in field order (the extra 3s included: a player's 3 is always
followed by its extra 3, so which 3s were extra can be read off left to right).  An entry always
goes into the next free field, which the sheet fixes: the area has one target, and a move names
only the area (``take P pink``).
"""

from __future__ import annotations

import attrs

from oracle.engine.area import EntryState, Problem
from oracle.engine.errors import NotationError
from oracle.formats.jsonread import JSONModelError, numbers, pointer
from oracle.games.fourever.areas._digits import digits, parse_digits
from oracle.games.fourever.ruleset import Ruleset
from oracle.games.fourever.sheet import (
    NUMBERS,
    PINK_BONUS,
    PINK_BONUS_NUMBERS,
    PINK_CIRCLED,
    PINK_FIELDS,
    PINK_POINTS,
    PINK_REPEAT,
    Bonus,
)

Part = tuple[int, ...]

KEY = "p"
#: The one target: the next free field.
NEXT = 0
TARGETS: tuple[int, ...] = (NEXT,)
EMPTY: Part = ()
PARTNER = False
ENTRY_RULE = "PINK-NEXT"
FOX_FIELDS: tuple[int, ...] = tuple(f + 1 for f, b in enumerate(PINK_BONUS) if b is Bonus.FOX)


def question_numbers(ruleset: Ruleset) -> tuple[int, ...]:
    """A pink question mark chooses 1..6 (ruling 4E-9)."""
    return NUMBERS


def own_entries(part: Part) -> tuple[bool, ...]:
    """For each written field: True when the player wrote it, False for an extra 3."""
    out: list[bool] = []
    extra_next = False
    for value in part:
        out.append(not extra_next)
        extra_next = not extra_next and value == PINK_REPEAT
    return tuple(out)


def targets(
    part: Part, number: int, partner: int, position: int, die: int, state: EntryState[Ruleset]
) -> tuple[int, ...]:
    """The next free field, if there is one."""
    return TARGETS if len(part) < PINK_FIELDS else ()


def problem(
    part: Part, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> Problem | None:
    """Why the number cannot be written, or None."""
    if len(part) >= PINK_FIELDS:
        return "PINK-FULL", "the pink area is full"
    return None


def enter(
    part: Part, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> tuple[Part, tuple[Bonus, ...]]:
    """Write the number in the next field (pink fields are written left to right); a 3 writes
    another 3 in the field after it; a 5 or 6 earns the bonus under its field."""
    field = len(part) + 1
    new = part + (number,)
    if number == PINK_REPEAT and len(new) < PINK_FIELDS:
        new += (PINK_REPEAT,)
    bonus = PINK_BONUS[field - 1] if number in PINK_BONUS_NUMBERS else None
    return new, (bonus,) if bonus is not None else ()


def earned(part: Part) -> tuple[Bonus, ...]:
    """The bonuses of the fields the player wrote a 5 or a 6 in."""
    own = own_entries(part)
    return tuple(b for i, v in enumerate(part)
                 if own[i] and v in PINK_BONUS_NUMBERS and (b := PINK_BONUS[i]) is not None)


def score(part: Part) -> int:
    """The points above the last written field + the circled 2s, 4s and 6s (extra 3s count
    nothing)."""
    if not part:
        return 0
    return PINK_POINTS[len(part) - 1] + sum(PINK_CIRCLED.get(v, 0) for v in part)


def foxes(part: Part) -> int:
    """The pink foxes shown: field 8 written with a 5 or 6 by the player."""
    own = own_entries(part)
    return sum(
        1 for f in FOX_FIELDS
        if len(part) >= f and own[f - 1] and part[f - 1] in PINK_BONUS_NUMBERS
    )


def target_text(target: int) -> str:
    """Nothing: a pink entry names no field (the sheet fixes the next one)."""
    return ""


def parse_target(text: str) -> int:
    """The one target; a field number is refused (the sheet fixes it)."""
    raise NotationError("a pink entry names no field: the sheet fixes the next one")


def notation(part: Part) -> str:
    """The numbers as digits, extra 3s included: e.g. ``2336``."""
    return digits(part)


def read(text: str) -> Part:
    """The inverse of :func:`notation`; a player's 3 must be followed by its extra 3."""
    part = parse_digits(text, PINK_FIELDS, "pink")
    own = own_entries(part)
    for i, value in enumerate(part):
        if own[i] and value == PINK_REPEAT and i + 1 == len(part) < PINK_FIELDS:
            raise NotationError(f"pink: the 3 in field {i + 1} lacks its extra 3")
    return part


# --- the JSON model (docs/formats.md, section 6) ------------------------------------------------

_RULE = "rules 'Pink', ruling 4E-9"
_MOST = PINK_POINTS[-1] + PINK_FIELDS * max(PINK_CIRCLED.values())
JSON_SCHEMA: dict[str, object] = {
    "description": f"Pink ({_RULE}): {PINK_FIELDS} fields filled left to right; the numbers "
                   "written, in field order, the extra 3 written after a player's 3 included "
                   "(a player's 3 is always followed by its extra 3 while a field is left: "
                   "rules PINK-NEXT, PINK-FULL, PINK-THREE).",
    "type": "array", "maxItems": PINK_FIELDS,
    "items": {"type": "integer", "minimum": 1, "maximum": 6,
              "description": f"A die's number, 1 to 6 ({_RULE}; rule ROLL-DICE; polished, "
                             "it stays 1 to 6, rule POLISH-RANGE)."},
}
JSON_SCORE: dict[str, object] = {
    "description": "Pink points: the points above the last written field (at most "
                   f"{PINK_POINTS[-1]}) plus the circled 2s (+2), 4s (+4) and 6s (+3) (rule "
                   f"SCORE-PINK): 0 to {_MOST} (a bound: 4 counted for all {PINK_FIELDS} "
                   "fields).",
    "type": "integer", "minimum": 0, "maximum": _MOST,
}
#: A pink entry names no target: the sheet fixes the next field.
JSON_TARGET: dict[str, dict[str, object]] = {}


@attrs.frozen
class PinkNumbers:
    """The pink area as read: the ``numbers`` written in field order (extra 3s included)."""

    numbers: tuple[int, ...]

    @property
    def extra(self) -> tuple[bool, ...]:
        """For each written field: True for an extra 3 (written by the 3 before it)."""
        return tuple(not own for own in own_entries(self.numbers))


def to_json(part: Part) -> list[object]:
    """The numbers written (see ``JSON_SCHEMA``)."""
    return list(part)


def from_json(data: object, where: str) -> Part:
    """The area of :func:`to_json` data; a player's 3 must be followed by its extra 3."""
    part = numbers(data, where, PINK_FIELDS, 1, 6, "pink fields")
    own = own_entries(part)
    for i, number in enumerate(part):
        if own[i] and number == PINK_REPEAT and i + 1 == len(part) < PINK_FIELDS:
            raise JSONModelError(pointer(where, i), f"the 3 in pink field {i + 1} lacks its "
                                 "extra 3 in the next field")
    return part


def target_json(target: int) -> dict[str, object]:
    """Nothing: the sheet fixes the next field."""
    return {}


def target_from_json(move: dict[str, object], where: str) -> int:
    """The one target (a move names no pink field)."""
    return NEXT


def reading(part: Part) -> PinkNumbers:
    """The area as a typed value."""
    return PinkNumbers(part)
