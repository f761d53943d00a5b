"""Yellow: 3 rows of 5 fields; numbers are written (docs/rulings.md, ruling 4E-5).

Rules "Yellow": "you can choose freely in which of the 3 lines you want to enter the cube value
... You start to the left in each line and enter the value into the next free field ... In the
top line ... you must always enter a number that is higher than in the previous field."  Scoring:
the bottom row's sum plus, the middle row's sum minus, the star of every full column.

The area is a tuple of the three rows' written numbers (top to bottom).  A target is the row
1..3.
"""

from __future__ import annotations

import attrs

from oracle.engine.area import EntryState, Problem
from oracle.engine.errors import NotationError
from oracle.formats.jsonread import JSONModelError, integer, items, key, numbers, pointer
from oracle.games.fourever.areas._digits import digits, parse_digits
from oracle.games.fourever.ruleset import Ruleset
from oracle.games.fourever.sheet import (
    NUMBERS,
    YELLOW_BONUS,
    YELLOW_FIELDS,
    YELLOW_MINUS,
    YELLOW_PLUS,
    YELLOW_ROWS,
    YELLOW_STARS,
    YELLOW_TOP,
    Bonus,
)

Part = tuple[tuple[int, ...], ...]

KEY = "y"
TARGETS: tuple[int, ...] = (1, 2, 3)
EMPTY: Part = ((), (), ())
PARTNER = False
ENTRY_RULE = "YELLOW-ROW"
#: Each fox: (row, column) 1-based of the field whose writing shows it.
FOX_FIELDS: tuple[tuple[int, int], ...] = tuple(
    (r + 1, c + 1)
    for r in range(YELLOW_ROWS) for c in range(YELLOW_FIELDS)
    if YELLOW_BONUS[r][c] is Bonus.FOX
)
#: _ROWS[mask]: the rows whose bit (``row - 1``) is set in ``mask``.
_ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in TARGETS if mask >> (r - 1) & 1) for mask in range(1 << YELLOW_ROWS)
)


def question_numbers(ruleset: Ruleset) -> tuple[int, ...]:
    """A yellow question mark chooses 1..6 (ruling 4E-5)."""
    return NUMBERS


def targets(
    part: Part, number: int, partner: int, position: int, die: int, state: EntryState[Ruleset]
) -> tuple[int, ...]:
    """The rows whose next free field may take ``number``: any row with a free field, the top
    row only above its last number."""
    top, middle, bottom = part
    open_top = len(top) < YELLOW_FIELDS and (not top or number > top[-1])
    return _ROWS[open_top | (len(middle) < YELLOW_FIELDS) << 1 | (len(bottom) < YELLOW_FIELDS) << 2]


def problem(
    part: Part, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> Problem | None:
    """Why ``number`` cannot go into row ``target``, or None."""
    row = part[target - 1]
    if len(row) == YELLOW_FIELDS:
        return "YELLOW-ROW", f"yellow row {target} is full"
    if target == YELLOW_TOP and row and number <= row[-1]:
        return "YELLOW-INCREASING", (
            f"the top yellow row must increase: {number} cannot follow {row[-1]}"
        )
    return None


def enter(
    part: Part, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> tuple[Part, tuple[Bonus, ...]]:
    """Write the number into the row's next field; the field's bonus (if any) is earned."""
    row = part[target - 1] + (number,)
    bonus = YELLOW_BONUS[target - 1][len(row) - 1]
    new = part[: target - 1] + (row,) + part[target:]
    return new, (bonus,) if bonus is not None else ()


def earned(part: Part) -> tuple[Bonus, ...]:
    """The bonuses of the written fields."""
    return tuple(b for r, row in enumerate(part) for c in range(len(row))
                 if (b := YELLOW_BONUS[r][c]) is not None)


def score(part: Part) -> int:
    """Bottom sum − middle sum + the stars of the full columns."""
    full = min(len(row) for row in part)
    return sum(part[YELLOW_PLUS - 1]) - sum(part[YELLOW_MINUS - 1]) + sum(YELLOW_STARS[:full])


def foxes(part: Part) -> int:
    """The yellow foxes shown: the top row's 5th field written."""
    return sum(1 for r, c in FOX_FIELDS if len(part[r - 1]) >= c)


def target_text(target: int) -> str:
    """``1``, ``2`` or ``3`` (top, middle, bottom row)."""
    return str(target)


def parse_target(text: str) -> int:
    """A row from its text."""
    if text not in ("1", "2", "3"):
        raise NotationError(f"a yellow row is 1, 2 or 3, not {text[:20]!r}")
    return int(text)


def notation(part: Part) -> str:
    """The rows' numbers as digits, rows joined by ``/``: e.g. ``135/22/6``."""
    return "/".join(digits(row) for row in part)


def read(text: str) -> Part:
    """The inverse of :func:`notation`; the top row must increase."""
    rows = text.split("/")
    if len(rows) != YELLOW_ROWS:
        raise NotationError(f"yellow: want 3 rows joined by '/', got {text[:40]!r}")
    part = tuple(parse_digits(r, YELLOW_FIELDS, "yellow row") for r in rows)
    top = part[0]
    if any(a >= b for a, b in zip(top, top[1:])):
        raise NotationError(f"yellow: the top row {rows[0]!r} does not increase")
    return part


# --- the JSON model (docs/formats.md, section 6) ------------------------------------------------

_RULE = "rules 'Yellow', ruling 4E-5"
ROW_NAMES: tuple[str, ...] = ("top", "middle", "bottom")
_LOWEST = -YELLOW_FIELDS * 6
_MOST = YELLOW_FIELDS * 6 + sum(YELLOW_STARS)
JSON_SCHEMA: dict[str, object] = {
    "description": f"Yellow ({_RULE}): 3 rows of {YELLOW_FIELDS} fields, numbers written left "
                   "to right; the rows top (1), middle (2) and bottom (3), each the numbers "
                   "written in it, in field order. The top row must increase (rules "
                   "YELLOW-ROW, YELLOW-INCREASING).",
    "type": "array", "minItems": YELLOW_ROWS, "maxItems": YELLOW_ROWS,
    "items": {
        "description": f"One row's numbers, left to right: at most its {YELLOW_FIELDS} fields "
                       f"({_RULE}; rule YELLOW-ROW: the next free field of the row).",
        "type": "array", "maxItems": YELLOW_FIELDS,
        "items": {"type": "integer", "minimum": 1, "maximum": 6,
                  "description": f"A die's number, 1 to 6 ({_RULE}; rule ROLL-DICE; "
                                 "polished, it stays 1 to 6, rule POLISH-RANGE)."},
    },
}
JSON_SCORE: dict[str, object] = {
    "description": "Yellow points: the bottom row's sum, minus the middle row's sum, plus the "
                   f"stars below the full columns ({', '.join(map(str, YELLOW_STARS))}) (rule "
                   f"SCORE-YELLOW, ruling 4E-5): the middle row gives minus points, so {_LOWEST} "
                   f"(a middle row of five 6s) to {_MOST}.",
    "type": "integer", "minimum": _LOWEST, "maximum": _MOST,
}
JSON_TARGET: dict[str, dict[str, object]] = {"row": {
    "description": "The yellow row the number goes in: 1 top (must increase), 2 middle (minus "
                   f"points), 3 bottom ({_RULE}; rules YELLOW-ROW, YELLOW-INCREASING).",
    "type": "integer", "minimum": 1, "maximum": YELLOW_ROWS,
}}


@attrs.frozen
class YellowRows:
    """The yellow area as read: the numbers written in each row, left to right."""

    top: tuple[int, ...]
    middle: tuple[int, ...]
    bottom: tuple[int, ...]


def to_json(part: Part) -> list[object]:
    """Each row's numbers (see ``JSON_SCHEMA``)."""
    return [list(row) for row in part]


def from_json(data: object, where: str) -> Part:
    """The area of :func:`to_json` data; the top row must increase."""
    rows = items(data, where, YELLOW_ROWS, "yellow rows", YELLOW_ROWS)
    part = []
    for r, row in enumerate(rows):
        part.append(numbers(row, pointer(where, r), YELLOW_FIELDS, 1, 6, f"yellow row {r + 1}"))
    top = part[YELLOW_TOP - 1]
    for i in range(1, len(top)):
        if top[i] <= top[i - 1]:
            raise JSONModelError(pointer(where, YELLOW_TOP - 1, i),
                                 f"the top yellow row must increase: {top[i]} cannot follow "
                                 f"{top[i - 1]}")
    return tuple(part)


def target_json(target: int) -> dict[str, object]:
    """``{"row": 2}``."""
    return {"row": target}


def target_from_json(move: dict[str, object], where: str) -> int:
    """The row a move's ``row`` names."""
    row, at = key(move, "row", where)
    return integer(row, at, 1, YELLOW_ROWS, "a yellow row")


def reading(part: Part) -> YellowRows:
    """The area as a typed value."""
    return YellowRows(*part)
