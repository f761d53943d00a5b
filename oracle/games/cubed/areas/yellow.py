"""The yellow area: 3 rows x 6 columns, cross out (rulebook "The Yellow Area").

"If you choose the yellow die, you must cross out one of the 3 fields showing the rolled number
in this area.  If you are the active player, on the first roll you may only cross out in the top
row, on the second roll only in the middle row and on the third roll only in the bottom row ...
If you are the passive player, you may only cross out one of the 6 gray-shaded fields."
A die is entered by where it lies (docs/rulings.md, ruling 5); a question mark may use any row
(ruling 10).

The area is an 18-bit mask: bit ``(row - 1) * 6 + (number - 1)`` is set when that cell is
crossed.  A target is a row, 1..3.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

from oracle.engine.area import EntryState, Problem
from oracle.games.cubed.areas.masks import (
    cells_text,
    completed,
    full,
    parse_cells,
    row_count,
    row_mask,
    row_numbers,
)
from oracle.games.cubed.ruleset import Ruleset
from oracle.games.cubed.sheet import (
    YELLOW_BONUS_I_II,
    YELLOW_BONUS_II_III,
    YELLOW_GREY_ROW,
    YELLOW_POINTS,
    YELLOW_ROWS,
    Bonus,
)
from oracle.engine.dice import ROMAN, Position
from oracle.engine.errors import NotationError
from oracle.formats.jsonread import ascending, choice, key, obj

KEY = "y"
#: Every target a move can name: rows I..III.
TARGETS: tuple[int, ...] = tuple(range(1, YELLOW_ROWS + 1))
ALL_ROWS = TARGETS
EMPTY = 0
PARTNER = False
ENTRY_RULE = "YELLOW-ROW"
NUMBERS = (1, 2, 3, 4, 5, 6)


def question_numbers(ruleset: Ruleset) -> tuple[int, ...]:
    """A yellow question mark chooses 1..6 (ruling 10)."""
    return NUMBERS


def bit(row: int, number: int) -> int:
    """The mask bit of the cell in ``row`` (1..3) showing ``number`` (1..6)."""
    return 1 << ((row - 1) * 6 + number - 1)


def free_rows(crossed: int, number: int, rows: tuple[int, ...]) -> tuple[int, ...]:
    """The rows among ``rows`` whose cell showing ``number`` is still free."""
    return tuple(r for r in rows if not crossed & bit(r, number))


def rows_for(number: int, position: int) -> tuple[int, ...]:
    """The rows an entry may use by where the die lies (ruling 5): die field k → row k; the
    silver platter → the grey cell of its number; a question mark → any row (ruling 10)."""
    if position > Position.PLATTER:
        return (position,)
    if position == Position.PLATTER:
        return (YELLOW_GREY_ROW[number],)
    return ALL_ROWS


def _rows_free_table() -> tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]:
    out = []
    for position in (Position.QUESTION, Position.PLATTER, Position.FIELD_I, Position.FIELD_II,
                     Position.FIELD_III):
        by_number: list[tuple[tuple[int, ...], ...]] = [()]
        for number in NUMBERS:
            rows = rows_for(number, position)
            by_number.append(tuple(
                free_rows(sum(bit(r, number) for r in ALL_ROWS if column >> (r - 1) & 1),
                          number, rows)
                for column in range(1 << YELLOW_ROWS)
            ))
        out.append(tuple(by_number))
    return tuple(out)


#: _ROWS_FREE[position + 1][number][column]: :func:`targets` for a number entered from a
#: position, by the crossed cells of the number's column (a 3-bit mask, bit ``row - 1``).
_ROWS_FREE: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = _rows_free_table()


def targets(
    part: int, number: int, partner: int, position: int, die: int, state: EntryState[Ruleset]
) -> tuple[int, ...]:
    """The rows where ``number`` (1..6) entered from ``position`` may be crossed (a table
    look-up on the crossed cells of its column)."""
    column = part >> (number - 1)
    return _ROWS_FREE[position + 1][number][(column & 1) | (column >> 5 & 2) | (column >> 10 & 4)]


def problem(
    part: int, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> Problem | None:
    """Why crossing ``number`` in row ``target`` breaks a rule, or None."""
    if position > Position.PLATTER and target != position:
        return "YELLOW-ROW", (
            f"a die on die field {ROMAN[position]} is entered in yellow row {ROMAN[position]} "
            "only"
        )
    if position == Position.PLATTER and target != YELLOW_GREY_ROW[number]:
        return "YELLOW-GREY", (
            f"a die from the silver platter crosses a grey cell only: the grey {number} is in "
            f"row {ROMAN[YELLOW_GREY_ROW[number]]}"
        )
    if part & bit(target, number):
        return "CELL-FREE", f"the yellow {number} in row {ROMAN[target]} is already crossed"
    return None


def _bonus_table() -> tuple[tuple[int, Bonus], ...]:
    table: list[tuple[int, Bonus]] = []
    for column in range(1, 7):
        table.append((bit(1, column) | bit(2, column), YELLOW_BONUS_I_II[column - 1]))
        table.append((bit(2, column) | bit(3, column), YELLOW_BONUS_II_III[column - 1]))
    return tuple(table)


#: (cells above and below, bonus between them) for all twelve yellow bonuses.
BONUS_TABLE: tuple[tuple[int, Bonus], ...] = _bonus_table()


def bonuses(old: int, new: int) -> tuple[Bonus, ...]:
    """The bonuses whose cell above and cell below became both crossed between old and new."""
    return completed(BONUS_TABLE, old, new)


def enter(
    part: int, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> tuple[int, tuple[Bonus, ...]]:
    """Cross ``number`` in row ``target``: the area and the bonuses earned."""
    new = part | bit(target, number)
    return new, bonuses(part, new)


def earned(part: int) -> tuple[Bonus, ...]:
    """The bonuses between two crossed cells."""
    return completed(BONUS_TABLE, 0, part)


def score(part: int) -> int:
    """Points: each row scored by its number of crosses ("Final scoring")."""
    return sum(YELLOW_POINTS[row_count(part, r)] for r in range(1, YELLOW_ROWS + 1))


def foxes(part: int) -> int:
    """The foxes between two crossed cells."""
    return full(BONUS_TABLE, part, Bonus.FOX)


def target_text(target: int) -> str:
    """A row in move notation: I, II or III."""
    return ROMAN[target] if target in TARGETS else str(target)


_ROWS_BY_TEXT: Mapping[str, int] = MappingProxyType({ROMAN[r]: r for r in TARGETS})


def parse_target(text: str) -> int:
    """The row of :func:`target_text`."""
    if text not in _ROWS_BY_TEXT:
        raise NotationError("a yellow row is I, II or III")
    return _ROWS_BY_TEXT[text]


def notation(part: int) -> str:
    """The area in sheet notation: rows I..III, 6 cells each, ``x`` crossed or ``.`` free."""
    return cells_text(part, YELLOW_ROWS)


def read(text: str) -> int:
    """The yellow area of :func:`notation` text."""
    return parse_cells(text, YELLOW_ROWS)


# --- the JSON model (docs/formats.md, section 6) ------------------------------------------------

#: The rows by name, as the sheet prints them and move notation names them.
ROW_NAMES: tuple[str, ...] = ROMAN[1:]
_RULE = "rulebook 'The Yellow Area'"
JSON_SCHEMA: dict[str, object] = {
    "description": f"Yellow ({_RULE}): rows I, II and III each print the numbers 1 to 6 (the "
                   "grey cells: 5 and 6 in row I, 3 and 4 in row II, 1 and 2 in row III); for "
                   "each row, the printed numbers crossed in it, ascending.",
    "type": "object",
    "required": list(ROW_NAMES),
    "additionalProperties": False,
    "properties": {row: {
        "description": f"The numbers crossed in row {row}: each printed number at most once, so "
                       f"at most 6 ({_RULE}: each row prints 1 to 6; rule CELL-FREE).",
        "type": "array", "maxItems": 6, "uniqueItems": True,
        "items": {"type": "integer", "minimum": 1, "maximum": 6,
                  "description": f"A number printed in the row: 1 to 6, a die's number "
                                 f"({_RULE}; rule ROLL-DICE)."},
    } for row in ROW_NAMES},
}
JSON_SCORE: dict[str, object] = {
    "description": "Yellow points: each row scores by its crosses, 42 for all six, so 0 to "
                   f"{YELLOW_ROWS * YELLOW_POINTS[-1]} (rule SCORE-YELLOW).",
    "type": "integer", "minimum": 0, "maximum": YELLOW_ROWS * YELLOW_POINTS[-1],
}
JSON_TARGET: dict[str, dict[str, object]] = {"row": {
    "description": "The yellow row, I to III: the cell is the one in that row showing the "
                   "number. A die from die field k uses row k, a silver-platter die the grey "
                   "cell of its number, a question mark any row (rules YELLOW-ROW, "
                   "YELLOW-GREY; rulings 5, 10).",
    "enum": list(ROW_NAMES),
}}


@attrs.frozen
class YellowCrosses:
    """The yellow area as read: ``rows`` I, II, III, each the printed numbers crossed in it."""

    rows: tuple[tuple[int, ...], ...]

    def row(self, name: str) -> tuple[int, ...]:
        """The numbers crossed in the row called ``name`` (``I``, ``II``, ``III``)."""
        return self.rows[ROW_NAMES.index(name)]


def to_json(part: int) -> dict[str, object]:
    """Each row's crossed numbers (see ``JSON_SCHEMA``)."""
    return {"I": list(row_numbers(part, 1)), "II": list(row_numbers(part, 2)),
            "III": list(row_numbers(part, 3))}


def from_json(data: object, where: str) -> int:
    """The area of :func:`to_json` data."""
    rows = obj(data, where, ROW_NAMES)
    crossed = 0
    for row, name in enumerate(ROW_NAMES, start=1):
        numbers, at = key(rows, name, where)
        crossed |= row_mask(ascending(numbers, at, 1, 6, f"yellow row {name}"), row)
    return crossed


def target_json(target: int) -> dict[str, object]:
    """``{"row": "II"}``."""
    return {"row": ROMAN[target]}


def target_from_json(move: dict[str, object], where: str) -> int:
    """The row a move's ``row`` names."""
    row, at = key(move, "row", where)
    return ROW_NAMES.index(choice(row, at, ROW_NAMES, "a yellow row")) + 1


def reading(part: int) -> YellowCrosses:
    """The area as a typed value."""
    return YellowCrosses(tuple(row_numbers(part, r) for r in TARGETS))
