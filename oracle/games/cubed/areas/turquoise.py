"""The turquoise area: 5 rows x 6 columns, cross out (rulebook "The Turquoise Area").

"If you choose the turquoise die, you must cross out one of the 5 fields showing the rolled number
in this area.  If you are the active player and other dice showing the same number are already
lying on your die fields, then for each of those dice you may cross out one further field in the
same column ... If you are the passive player, you may cross out one additional field for each
further die on the silver platter showing the same number."  Extra crosses are optional and the
player picks the cells (docs/rulings.md, ruling 11); a question mark gives one cross.

The area is a 30-bit mask: bit ``(row - 1) * 6 + (number - 1)``.  A target is a set of rows
within the number's column (the cells one entry crosses): a 5-bit mask, bit ``row - 1``.
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
    TURQUOISE_COLUMN_BONUS,
    TURQUOISE_POINTS,
    TURQUOISE_ROW_BONUS,
    TURQUOISE_ROWS,
    TURQUOISE_SHADED_PER_ROW,
    Bonus,
)
from oracle.engine.dice import Place, Position
from oracle.engine.errors import NotationError
from oracle.formats.jsonread import JSONModelError, ascending, items, key, pointer

KEY = "t"
#: Every target a move can name: the non-empty row sets of a column.
TARGETS: tuple[int, ...] = tuple(range(1, 1 << TURQUOISE_ROWS))
EMPTY = 0
PARTNER = False
ENTRY_RULE = "TURQUOISE-EXTRA"
NUMBERS = (1, 2, 3, 4, 5, 6)


def question_numbers(ruleset: Ruleset) -> tuple[int, ...]:
    """A turquoise question mark chooses 1..6 (one cross, ruling 11)."""
    return NUMBERS


def bit(row: int, number: int) -> int:
    """The mask bit of the cell in ``row`` (1..5) of column ``number`` (1..6)."""
    return 1 << ((row - 1) * 6 + number - 1)


#: Bits 0, 6, 12, 18, 24: the first column's cells; shifted, any column's.
_COLUMN = sum(1 << (6 * r) for r in range(TURQUOISE_ROWS))
#: _ROWS_OF[column bits]: those cells as a 5-bit row mask.
_ROWS_OF: Mapping[int, int] = MappingProxyType({
    sum(1 << (6 * r) for r in range(TURQUOISE_ROWS) if rows >> r & 1): rows
    for rows in range(1 << TURQUOISE_ROWS)
})


def free_rows(crossed: int, number: int) -> int:
    """The rows (5-bit mask) whose cell in column ``number`` is free."""
    return _ROWS_OF[~crossed >> (number - 1) & _COLUMN]


def cells(number: int, rows: int) -> int:
    """The area mask of the cells of column ``number`` in the rows of the 5-bit mask ``rows``."""
    return sum(bit(r, number) for r in range(1, TURQUOISE_ROWS + 1) if rows >> (r - 1) & 1)


def _subsets() -> tuple[tuple[tuple[int, ...], ...], ...]:
    table = []
    for free in range(32):
        by_size = []
        for most in range(TURQUOISE_ROWS + 1):
            subs = [s for s in range(1, 32) if s & free == s and 1 <= s.bit_count() <= most]
            subs.sort(key=lambda s: (s.bit_count(), s))
            by_size.append(tuple(subs))
        table.append(tuple(by_size))
    return tuple(table)


#: SUBSETS[free][k]: non-empty subsets of the rows ``free`` with at most k rows, by size then mask.
SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = _subsets()

_FIELD_I, _FIELD_III, _ON_PLATTER = Place.FIELD_I, Place.FIELD_III, Place.PLATTER
_PLATTER = Position.PLATTER


def matches(die: int, position: int, number: int, state: EntryState[Ruleset]) -> int:
    """How many OTHER dice lie in the same group as ``die`` showing ``number`` (ruling 11; with
    a number joker, the entered number, ruling 12): the die fields for a die-field position (an
    active pick goes onto one), the silver platter for the platter; none for a question mark."""
    if position < _PLATTER:
        return 0
    faces, places = state.faces, state.places
    count = 0
    if position > _PLATTER:
        for d in range(6):
            if faces[d] == number and d != die and _FIELD_I <= places[d] <= _FIELD_III:
                count += 1
    else:
        for d in range(6):
            if faces[d] == number and d != die and places[d] == _ON_PLATTER:
                count += 1
    return count


def row_sets(crossed: int, number: int, extra: int) -> tuple[int, ...]:
    """The row sets of column ``number`` with one cross plus 0..``extra`` extra crosses in the
    area ``crossed`` (table look-ups)."""
    return SUBSETS[_ROWS_OF[~crossed >> (number - 1) & _COLUMN]][min(1 + extra, TURQUOISE_ROWS)]


def targets(
    part: int, number: int, partner: int, position: int, die: int, state: EntryState[Ruleset]
) -> tuple[int, ...]:
    """Every choice of cells in column ``number``: one cross plus up to one extra cross for each
    other die of the group showing ``number`` (ruling 11)."""
    return row_sets(part, number, matches(die, position, number, state))


def problem(
    part: int, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> Problem | None:
    """Why crossing the rows ``target`` of column ``number`` breaks a rule, or None."""
    if cells(number, target) & part:
        return "CELL-FREE", f"a chosen turquoise {number} is already crossed"
    extra = matches(die, position, number, state)
    if target.bit_count() > 1 + extra:
        return "TURQUOISE-EXTRA", (
            f"{target.bit_count()} crosses in column {number}, but only {extra} other "
            f"dice in the same group show {number}: at most {1 + extra}"
        )
    return None


def _bonus_table() -> tuple[tuple[int, Bonus], ...]:
    table: list[tuple[int, Bonus]] = []
    for row, shaded in enumerate(TURQUOISE_SHADED_PER_ROW, start=1):
        row_bonus = TURQUOISE_ROW_BONUS[row - 1]
        if row_bonus is not None:
            table.append((sum(bit(row, c) for c in range(1, shaded + 1)), row_bonus))
    for column in range(1, 7):
        mask = sum(
            bit(row, column)
            for row, shaded in enumerate(TURQUOISE_SHADED_PER_ROW, start=1)
            if column <= shaded
        )
        table.append((mask, TURQUOISE_COLUMN_BONUS[column - 1]))
    return tuple(table)


#: (all shaded cells of a row or column, its bonus) — "As soon as you have crossed out all the
#: turquoise-shaded fields in a column or in a row, you receive the bonus".
BONUS_TABLE: tuple[tuple[int, Bonus], ...] = _bonus_table()


def bonuses(old: int, new: int) -> tuple[Bonus, ...]:
    """The row and column bonuses completed between old and new."""
    return completed(BONUS_TABLE, old, new)


def enter(
    part: int, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> tuple[int, tuple[Bonus, ...]]:
    """Cross the rows ``target`` of column ``number``: the area and the bonuses earned."""
    new = part | cells(number, target)
    return new, bonuses(part, new)


def earned(part: int) -> tuple[Bonus, ...]:
    """The bonuses of fully crossed shaded rows and columns."""
    return completed(BONUS_TABLE, 0, part)


def score(part: int) -> int:
    """Points: each row scored by its number of crosses ("Final scoring")."""
    return sum(TURQUOISE_POINTS[row_count(part, r)] for r in range(1, TURQUOISE_ROWS + 1))


def foxes(part: int) -> int:
    """The foxes of fully crossed shaded rows and columns."""
    return full(BONUS_TABLE, part, Bonus.FOX)


def target_text(target: int) -> str:
    """A row set in move notation: the 1-based rows joined by '+', e.g. ``1+3``."""
    return "+".join(str(r) for r in range(1, TURQUOISE_ROWS + 1) if target >> (r - 1) & 1)


def parse_target(text: str) -> int:
    """The row set of :func:`target_text`."""
    parts = text.split("+")
    if not all(p in ("1", "2", "3", "4", "5") for p in parts):
        raise NotationError("turquoise rows are 1 to 5 joined by '+'")
    rows = [int(p) for p in parts]
    if rows != sorted(set(rows)):
        raise NotationError("turquoise rows must be ascending and distinct")
    return sum(1 << (r - 1) for r in rows)


def notation(part: int) -> str:
    """The area in sheet notation: rows 1..5, 6 cells each (columns 1..6)."""
    return cells_text(part, TURQUOISE_ROWS)


def read(text: str) -> int:
    """The turquoise area of :func:`notation` text."""
    return parse_cells(text, TURQUOISE_ROWS)


# --- the JSON model (docs/formats.md, section 6) ------------------------------------------------

_RULE = "rulebook 'The Turquoise Area'"
_ROWS = tuple(range(1, TURQUOISE_ROWS + 1))
JSON_SCHEMA: dict[str, object] = {
    "description": f"Turquoise ({_RULE}): 5 rows, top to bottom (the printed sheet; rule "
                   "SCORE-TURQUOISE scores each row); each row's columns print the numbers 1 "
                   "to 6 (the column is the die's number). For each row, the numbers crossed "
                   "in it, ascending.",
    "type": "array", "minItems": TURQUOISE_ROWS, "maxItems": TURQUOISE_ROWS,
    "items": {
        "description": f"One row's crossed numbers: each at most once, so at most 6 ({_RULE}: "
                       "a row has a column for each number 1 to 6; rule CELL-FREE).",
        "type": "array", "maxItems": 6, "uniqueItems": True,
        "items": {"type": "integer", "minimum": 1, "maximum": 6,
                  "description": f"A column's number, 1 to 6: a die's number ({_RULE}; "
                                 "rule ROLL-DICE)."},
    },
}
JSON_SCORE: dict[str, object] = {
    "description": "Turquoise points: each row scores by its crosses, 21 for all six, so 0 to "
                   f"{TURQUOISE_ROWS * TURQUOISE_POINTS[-1]} (rule SCORE-TURQUOISE).",
    "type": "integer", "minimum": 0, "maximum": TURQUOISE_ROWS * TURQUOISE_POINTS[-1],
}
JSON_TARGET: dict[str, dict[str, object]] = {"rows": {
    "description": "The rows (1 = top, 5 = bottom) crossed in the column of the number, "
                   "ascending: one cross, plus one extra cross for each other die of the same "
                   "group showing the number (rule TURQUOISE-EXTRA, ruling 11); a question "
                   "mark crosses one row. So 1 to 5 rows, each once (rule CELL-FREE).",
    "type": "array", "minItems": 1, "maxItems": TURQUOISE_ROWS, "uniqueItems": True,
    "items": {"type": "integer", "minimum": 1, "maximum": TURQUOISE_ROWS,
              "description": f"A turquoise row, 1 to {TURQUOISE_ROWS} ({_RULE}: the sheet's "
                             "rows; rule TURQUOISE-EXTRA)."},
}}


@attrs.frozen
class TurquoiseCrosses:
    """The turquoise area as read: ``rows`` 1 to 5 (top to bottom), each the numbers crossed."""

    rows: tuple[tuple[int, ...], ...]


def to_json(part: int) -> list[object]:
    """Each row's crossed numbers (see ``JSON_SCHEMA``)."""
    return [list(row_numbers(part, r)) for r in _ROWS]


def from_json(data: object, where: str) -> int:
    """The area of :func:`to_json` data."""
    rows = items(data, where, TURQUOISE_ROWS, "turquoise rows", TURQUOISE_ROWS)
    crossed = 0
    for r, numbers in enumerate(rows, start=1):
        crossed |= row_mask(ascending(numbers, f"{where}/{r - 1}", 1, 6, f"turquoise row {r}"),
                            r)
    return crossed


def target_json(target: int) -> dict[str, object]:
    """``{"rows": [1, 3]}``."""
    return {"rows": [r for r in _ROWS if target >> (r - 1) & 1]}


def target_from_json(move: dict[str, object], where: str) -> int:
    """The rows a move's ``rows`` names."""
    value, at = key(move, "rows", where)
    rows = ascending(value, at, 1, TURQUOISE_ROWS, "turquoise rows")
    if not rows:
        raise JSONModelError(at, "turquoise rows: name one row or more")
    return sum(1 << (r - 1) for r in rows)


def reading(part: int) -> TurquoiseCrosses:
    """The area as a typed value."""
    return TurquoiseCrosses(tuple(row_numbers(part, r) for r in _ROWS))
