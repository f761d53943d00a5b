"""Green: 11 fields, each a lower and an upper triangle; numbers are written (rules "Green";
docs/rulings.md, ruling 4E-7).

"You must first decide whether to enter the cube value into the upper or the lower triangle.
When entering, you fill each of the two 'line' from left to right."  Default: two independent
lines; option ``green_upper_after_lower``: a field's upper triangle only after its lower one.  The
bonus under a field comes with its lower triangle; a field with both triangles scores their sum,
fields 4..11 doubled.

The area is (lower numbers, upper numbers), each in field order.  A target is LOWER (0) or
UPPER (1).
"""

from __future__ import annotations

import attrs

from oracle.engine.area import EntryState, Problem
from oracle.engine.errors import NotationError
from oracle.formats.jsonread import choice, key, obj
from oracle.formats.jsonread import numbers as read_numbers
from oracle.games.fourever.areas._digits import digits, parse_digits
from oracle.games.fourever.ruleset import Ruleset
from oracle.games.fourever.sheet import (
    GREEN_BONUS,
    GREEN_FIELDS,
    GREEN_MULTIPLIER,
    NUMBERS,
    Bonus,
)

Part = tuple[tuple[int, ...], tuple[int, ...]]

KEY = "gn"
LOWER, UPPER = 0, 1
TARGETS: tuple[int, ...] = (LOWER, UPPER)
TARGET_NAMES: tuple[str, ...] = ("lower", "upper")
EMPTY: Part = ((), ())
PARTNER = False
ENTRY_RULE = "GREEN-LINE"
FOX_FIELDS: tuple[int, ...] = tuple(f + 1 for f, b in enumerate(GREEN_BONUS) if b is Bonus.FOX)
#: _LINES[mask]: the lines whose bit is set in ``mask`` (bit 0 lower, bit 1 upper).
_LINES: tuple[tuple[int, ...], ...] = ((), (LOWER,), (UPPER,), (LOWER, UPPER))


def question_numbers(ruleset: Ruleset) -> tuple[int, ...]:
    """A green question mark chooses 1..6."""
    return NUMBERS


def targets(
    part: Part, number: int, partner: int, position: int, die: int, state: EntryState[Ruleset]
) -> tuple[int, ...]:
    """The lines whose next triangle is free (and, under ``green_upper_after_lower``, may be
    written)."""
    lower, upper = part
    upper_open = len(upper) < GREEN_FIELDS and (
        not state.ruleset.green_upper_after_lower or len(upper) < len(lower)
    )
    return _LINES[(len(lower) < GREEN_FIELDS) | upper_open << 1]


def problem(
    part: Part, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> Problem | None:
    """Why the number cannot go into that line, or None."""
    lower, upper = part
    if len(part[target]) >= GREEN_FIELDS:
        return "GREEN-LINE", f"the {TARGET_NAMES[target]} green line is full"
    if target == UPPER and state.ruleset.green_upper_after_lower and len(upper) >= len(lower):
        return "GREEN-UPPER-AFTER-LOWER", (
            f"green field {len(upper) + 1}'s upper triangle may be written only after its lower "
            "one (option green_upper_after_lower)"
        )
    return None


def enter(
    part: Part, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> tuple[Part, tuple[Bonus, ...]]:
    """Write the number into the line's next triangle; a lower triangle earns its bonus."""
    lower, upper = part
    if target == LOWER:
        return (lower + (number,), upper), (GREEN_BONUS[len(lower)],)
    return (lower, upper + (number,)), ()


def earned(part: Part) -> tuple[Bonus, ...]:
    """The bonuses of the written lower triangles."""
    return GREEN_BONUS[:len(part[LOWER])]


def score(part: Part) -> int:
    """Each field with both triangles: their sum times the field's multiplier."""
    lower, upper = part
    return sum((a + b) * m for a, b, m in zip(lower, upper, GREEN_MULTIPLIER))


def foxes(part: Part) -> int:
    """The green foxes shown: field 10's lower triangle written."""
    return sum(1 for f in FOX_FIELDS if len(part[LOWER]) >= f)


def target_text(target: int) -> str:
    """``lower`` or ``upper``."""
    return TARGET_NAMES[target]


def parse_target(text: str) -> int:
    """A line from its name."""
    if text not in TARGET_NAMES:
        raise NotationError(f"a green line is lower or upper, not {text[:20]!r}")
    return TARGET_NAMES.index(text)


def notation(part: Part) -> str:
    """The lower line's digits, ``/``, the upper line's: e.g. ``4353/6554``."""
    return f"{digits(part[LOWER])}/{digits(part[UPPER])}"


def read(text: str) -> Part:
    """The inverse of :func:`notation`."""
    lower, sep, upper = text.partition("/")
    if not sep:
        raise NotationError(f"green: want LOWER/UPPER digits, got {text[:40]!r}")
    return (parse_digits(lower, GREEN_FIELDS, "green lower line"),
            parse_digits(upper, GREEN_FIELDS, "green upper line"))


# --- the JSON model (docs/formats.md, section 6) ------------------------------------------------

_RULE = "rules 'Green'; rule GREEN-LINE, ruling 4E-7"
_MOST = sum(12 * m for m in GREEN_MULTIPLIER)
JSON_SCHEMA: dict[str, object] = {
    "description": f"Green ({_RULE}): {GREEN_FIELDS} fields, each a lower and an upper "
                   "triangle; each line filled left to right. The numbers written in the lower "
                   "and in the upper line, in field order.",
    "type": "object",
    "required": list(TARGET_NAMES),
    "additionalProperties": False,
    "properties": {line: {
        "description": f"The {line} triangles' numbers, field 1 first: at most "
                       f"{GREEN_FIELDS} ({_RULE}).",
        "type": "array", "maxItems": GREEN_FIELDS,
        "items": {"type": "integer", "minimum": 1, "maximum": 6,
                  "description": f"A die's number, 1 to 6 ({_RULE}; rule ROLL-DICE; "
                                 "polished, it stays 1 to 6, rule POLISH-RANGE)."},
    } for line in TARGET_NAMES},
}
JSON_SCORE: dict[str, object] = {
    "description": "Green points: each field with both triangles scores their sum times the "
                   f"field's multiplier ({', '.join(map(str, GREEN_MULTIPLIER))}) (rule "
                   f"SCORE-GREEN): 0 to {_MOST}.",
    "type": "integer", "minimum": 0, "maximum": _MOST,
}
JSON_TARGET: dict[str, dict[str, object]] = {"line": {
    "description": "The green line whose next triangle takes the number: lower or upper "
                   f"({_RULE}; option green_upper_after_lower).",
    "enum": list(TARGET_NAMES),
}}


@attrs.frozen
class GreenLines:
    """The green area as read: the numbers written in the ``lower`` and ``upper`` lines."""

    lower: tuple[int, ...]
    upper: tuple[int, ...]


def to_json(part: Part) -> dict[str, object]:
    """Each line's numbers (see ``JSON_SCHEMA``)."""
    return {"lower": list(part[LOWER]), "upper": list(part[UPPER])}


def from_json(data: object, where: str) -> Part:
    """The area of :func:`to_json` data."""
    lines = obj(data, where, TARGET_NAMES)
    out = []
    for name in TARGET_NAMES:
        numbers, at = key(lines, name, where)
        out.append(read_numbers(numbers, at, GREEN_FIELDS, 1, 6, f"green {name} line"))
    return out[LOWER], out[UPPER]


def target_json(target: int) -> dict[str, object]:
    """``{"line": "lower"}``."""
    return {"line": TARGET_NAMES[target]}


def target_from_json(move: dict[str, object], where: str) -> int:
    """The line a move's ``line`` names."""
    line, at = key(move, "line", where)
    return TARGET_NAMES.index(choice(line, at, TARGET_NAMES, "a green line"))


def reading(part: Part) -> GreenLines:
    """The area as a typed value."""
    return GreenLines(part[LOWER], part[UPPER])
