"""The brown area: 12 printed numbers crossed left to right (rulebook "The Brown Area").

"You may only cross out fields that lie further to the right than the last field you crossed out
in this row ... You do not have to cross out field after field — you may also skip fields.
However, fields skipped in this way may not be crossed out later on."  A question mark chooses
1-6 and crosses a field showing it (docs/rulings.md, ruling 17).

The area is a 12-bit mask: bit ``field - 1`` is set when that field is crossed.  A target is a
field, 1..12.
"""

from __future__ import annotations

import attrs

from oracle.engine.area import EntryState, Problem
from oracle.games.cubed.areas.masks import completed, full, parse_cells
from oracle.games.cubed.ruleset import Ruleset
from oracle.games.cubed.sheet import (
    BROWN_FIELDS,
    BROWN_GAP_BONUS,
    BROWN_NUMBERS,
    BROWN_POINTS,
    Bonus,
)
from oracle.engine.errors import NotationError
from oracle.formats.jsonread import JSONModelError, integer, items, key, obj, pointer

KEY = "br"
#: Every target a move can name: fields 1..12.
TARGETS: tuple[int, ...] = tuple(range(1, BROWN_FIELDS + 1))
EMPTY = 0
PARTNER = False
ENTRY_RULE = "BROWN-NUMBER"
NUMBERS = (1, 2, 3, 4, 5, 6)


def question_numbers(ruleset: Ruleset) -> tuple[int, ...]:
    """A brown question mark chooses 1..6 (ruling 17)."""
    return NUMBERS


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


def fields(crossed: int, number: int) -> tuple[int, ...]:
    """The fields showing ``number`` right of the last field crossed in ``crossed`` (a table
    look-up)."""
    return FIELDS_AFTER[crossed.bit_length()][number]  # bit_length: see last_field


def targets(
    part: int, number: int, partner: int, position: int, die: int, state: EntryState[Ruleset]
) -> tuple[int, ...]:
    """The fields showing ``number`` right of the last crossed field."""
    return FIELDS_AFTER[part.bit_length()][number]


def problem(
    part: int, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> Problem | None:
    """Why crossing field ``target`` for ``number`` breaks a rule, or None."""
    if target not in TARGETS or BROWN_NUMBERS[target - 1] != number:
        return "BROWN-NUMBER", f"brown field {target} does not show {number}"
    last = last_field(part)
    if target <= last:
        return "BROWN-ORDER", (
            f"brown fields are crossed left to right: field {target} is not right of the last "
            f"crossed field {last}"
        )
    return None


#: (both neighbouring fields, the bonus between them).
BONUS_TABLE: tuple[tuple[int, Bonus], ...] = tuple(
    (0b11 << gap, b) for gap, b in enumerate(BROWN_GAP_BONUS) if b is not None
)


def bonuses(old: int, new: int) -> tuple[Bonus, ...]:
    """The bonuses whose two neighbouring fields became both crossed between old and new."""
    return completed(BONUS_TABLE, old, new)


def enter(
    part: int, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> tuple[int, tuple[Bonus, ...]]:
    """Cross field ``target``: the area and the bonuses earned."""
    new = part | 1 << (target - 1)
    return new, bonuses(part, new)


def earned(part: int) -> tuple[Bonus, ...]:
    """The bonuses between two crossed fields."""
    return completed(BONUS_TABLE, 0, part)


def score(part: int) -> int:
    """Points by the number of crossed fields ("Final scoring")."""
    return BROWN_POINTS[part.bit_count()]


def foxes(part: int) -> int:
    """The foxes between two crossed fields."""
    return full(BONUS_TABLE, part, Bonus.FOX)


def target_text(target: int) -> str:
    """A field in move notation: its position 1..12 (not the number printed in it)."""
    return str(target)


def parse_target(text: str) -> int:
    """The field of :func:`target_text`."""
    if not (text.isascii() and text.isdigit()) or len(text) > 2 \
            or not 1 <= int(text) <= BROWN_FIELDS:
        raise NotationError(f"a brown field must be 1 to {BROWN_FIELDS}")
    return int(text)


def notation(part: int) -> str:
    """The area in sheet notation: fields 1..12, ``x`` crossed or ``.`` free."""
    return "".join("x" if part >> i & 1 else "." for i in range(BROWN_FIELDS))


def read(text: str) -> int:
    """The brown area of :func:`notation` text."""
    return parse_cells(text, 1, BROWN_FIELDS)


# --- the JSON model (docs/formats.md, section 6) ------------------------------------------------

_RULE = "rulebook 'The Brown Area'"
_PRINTED = " ".join(map(str, BROWN_NUMBERS))
JSON_SCHEMA: dict[str, object] = {
    "description": f"Brown ({_RULE}): a row of {BROWN_FIELDS} fields printed {_PRINTED}, "
                   "crossed left to right (skipped fields stay free; rules BROWN-ORDER, "
                   "CELL-FREE). The fields crossed, left to right, each with its position and "
                   "the number printed in it.",
    "type": "array", "maxItems": BROWN_FIELDS,
    "items": {
        "type": "object", "required": ["field", "number"], "additionalProperties": False,
        "properties": {
            "field": {"type": "integer", "minimum": 1, "maximum": BROWN_FIELDS,
                      "description": f"The field's position, 1 to {BROWN_FIELDS} from the left "
                                     f"({_RULE}; rule BROWN-ORDER)."},
            "number": {"type": "integer", "minimum": 1, "maximum": 6,
                       "description": "The number printed in that field, 1 to 6 (checked: "
                                      f"{_PRINTED}; {_RULE}; rule BROWN-NUMBER)."},
        },
    },
}
JSON_SCORE: dict[str, object] = {
    "description": "Brown points: by the number of crossed fields, 90 for all 12, so 0 to "
                   f"{BROWN_POINTS[-1]} (rule SCORE-BROWN).",
    "type": "integer", "minimum": 0, "maximum": BROWN_POINTS[-1],
}
JSON_TARGET: dict[str, dict[str, object]] = {"field": {
    "description": f"The brown field by its position, 1 to {BROWN_FIELDS} from the left, not "
                   f"the number printed in it ({_PRINTED}); it must show the number and lie "
                   "right of the last crossed field (rules BROWN-NUMBER, BROWN-ORDER; ruling "
                   "17 for a question mark).",
    "type": "integer", "minimum": 1, "maximum": BROWN_FIELDS,
}}


@attrs.frozen
class BrownCrosses:
    """The brown area as read: the ``fields`` crossed (positions 1..12, left to right)."""

    fields: tuple[int, ...]

    @property
    def numbers(self) -> tuple[int, ...]:
        """The numbers printed in the crossed fields."""
        return tuple(BROWN_NUMBERS[f - 1] for f in self.fields)


_ENTRIES: tuple[dict[str, int], ...] = tuple(
    {"field": f, "number": BROWN_NUMBERS[f - 1]} for f in TARGETS
)


def to_json(part: int) -> list[object]:
    """The crossed fields with their printed numbers (see ``JSON_SCHEMA``)."""
    return [dict(_ENTRIES[f]) for f in range(BROWN_FIELDS) if part >> f & 1]


def from_json(data: object, where: str) -> int:
    """The area of :func:`to_json` data."""
    crossed, last = 0, 0
    for i, entry in enumerate(items(data, where, BROWN_FIELDS, "brown fields crossed")):
        at = pointer(where, i)
        fields = obj(entry, at, ("field", "number"))
        field = integer(fields["field"], at + "/field", 1, BROWN_FIELDS, "a brown field")
        if field <= last:
            raise JSONModelError(at + "/field", "list the crossed brown fields once each, left "
                                 "to right")
        printed = BROWN_NUMBERS[field - 1]
        if fields["number"] != printed or type(fields["number"]) is not int:
            raise JSONModelError(at + "/number", f"brown field {field} prints {printed}")
        crossed |= 1 << (field - 1)
        last = field
    return crossed


def target_json(target: int) -> dict[str, object]:
    """``{"field": 7}``."""
    return {"field": target}


def target_from_json(move: dict[str, object], where: str) -> int:
    """The field a move's ``field`` names."""
    field, at = key(move, "field", where)
    return integer(field, at, 1, BROWN_FIELDS, "a brown field")


def reading(part: int) -> BrownCrosses:
    """The area as a typed value."""
    return BrownCrosses(tuple(f for f in TARGETS if part >> (f - 1) & 1))
