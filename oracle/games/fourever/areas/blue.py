"""Blue: a 6 x 6 grid; one cell is crossed (rules "Bleu"; docs/rulings.md, rulings 4E-2, 4E-6).

"The two cubes define the field for ticking.  The blue cube determines the line and the white
cube the column."  The row's 2nd cross earns the row bonus; the main diagonal's 2nd cross a
re-roll; each column with at least 2 crosses scores its points; the anti-diagonal scores 6 with at
least 2 crosses.  A blue question mark crosses any free cell (ruling 4E-6).

The area is a 36-bit mask, bit ``(row - 1) * 6 + (column - 1)``.  A target is that bit's index.
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from oracle.engine.area import QUESTION_DIE, EntryState, Problem
from oracle.engine.errors import NotationError
from oracle.formats.jsonread import ascending, integer, items, key, pointer
from oracle.games.fourever.dice import Die
from oracle.games.fourever.ruleset import Ruleset
from oracle.games.fourever.sheet import (
    BLUE_ANTI_DIAGONAL_AT,
    BLUE_ANTI_DIAGONAL_POINTS,
    BLUE_COLUMN_POINTS,
    BLUE_COLUMN_POINTS_AT,
    BLUE_MAIN_DIAGONAL_AT,
    BLUE_MAIN_DIAGONAL_BONUS,
    BLUE_ROW_BONUS,
    BLUE_ROW_BONUS_AT,
    BLUE_SIZE,
    Bonus,
)

KEY = "b"
TARGETS: tuple[int, ...] = tuple(range(BLUE_SIZE * BLUE_SIZE))
EMPTY = 0
PARTNER = True
ENTRY_RULE = "BLUE-CELL"
_NONE = (0,)
_BLUE = Die.BLUE
_SINGLE: tuple[tuple[int], ...] = tuple((t,) for t in TARGETS)


def question_numbers(ruleset: Ruleset) -> tuple[int, ...]:
    """A blue question mark chooses a cell, not a number (ruling 4E-6)."""
    return _NONE


def cell(row: int, column: int) -> int:
    """The target of the cell in ``row`` and ``column`` (1-based)."""
    return (row - 1) * BLUE_SIZE + column - 1


def row_of(target: int) -> int:
    return target // BLUE_SIZE + 1


def column_of(target: int) -> int:
    return target % BLUE_SIZE + 1


ROW_MASK: tuple[int, ...] = tuple(
    sum(1 << cell(r, c) for c in range(1, 7)) for r in range(1, 7)
)
COLUMN_MASK: tuple[int, ...] = tuple(
    sum(1 << cell(r, c) for r in range(1, 7)) for c in range(1, 7)
)
MAIN_DIAGONAL = sum(1 << cell(i, i) for i in range(1, 7))
ANTI_DIAGONAL = sum(1 << cell(i, 7 - i) for i in range(1, 7))
FOX_ROWS: tuple[int, ...] = tuple(r + 1 for r, b in enumerate(BLUE_ROW_BONUS) if b is Bonus.FOX)


def dice_cell(number: int, partner: int, die: int) -> int:
    """The cell two dice cross: the blue die's number gives the row, the white die's the column
    (``number`` is the entered die's, ``partner`` the other's)."""
    return cell(number, partner) if die == _BLUE else cell(partner, number)


@lru_cache(maxsize=4096)
def free_cells(part: int) -> tuple[int, ...]:
    """Every free cell (what a blue question mark may cross)."""
    return tuple(t for t in TARGETS if not part >> t & 1)


def targets(
    part: int, number: int, partner: int, position: int, die: int, state: EntryState[Ruleset]
) -> tuple[int, ...]:
    """A die: the one cell of the dice, if free.  A question mark: every free cell."""
    if die == QUESTION_DIE:
        return free_cells(part)
    t = dice_cell(number, partner, die)
    return () if part >> t & 1 else _SINGLE[t]


def problem(
    part: int, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> Problem | None:
    """Why the cell ``target`` cannot be crossed with these dice, or None."""
    if die != QUESTION_DIE:
        row, column = (number, partner) if die == _BLUE else (partner, number)
        if (row_of(target), column_of(target)) != (row, column):
            return "BLUE-CELL", (
                f"the blue die gives the row and the white die the column: row {row}, "
                f"column {column}, not {target_text(target)}"
            )
    if part >> target & 1:
        return "CELL-FREE", f"the blue cell {target_text(target)} is already crossed"
    return None


def enter(
    part: int, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> tuple[int, tuple[Bonus, ...]]:
    """Cross the cell; the row's 2nd cross earns the row bonus, the main diagonal's 2nd cross a
    re-roll."""
    new = part | 1 << target
    earned: list[Bonus] = []
    row = row_of(target)
    if (new & ROW_MASK[row - 1]).bit_count() == BLUE_ROW_BONUS_AT:
        earned.append(BLUE_ROW_BONUS[row - 1])
    if new & MAIN_DIAGONAL != part & MAIN_DIAGONAL and (
        (new & MAIN_DIAGONAL).bit_count() == BLUE_MAIN_DIAGONAL_AT
    ):
        earned.append(BLUE_MAIN_DIAGONAL_BONUS)
    return new, tuple(earned)


def earned(part: int) -> tuple[Bonus, ...]:
    """The bonus of every row with two or more crosses, and the main diagonal's re-roll."""
    rows = tuple(BLUE_ROW_BONUS[r] for r in range(6)
                 if (part & ROW_MASK[r]).bit_count() >= BLUE_ROW_BONUS_AT)
    diagonal = (part & MAIN_DIAGONAL).bit_count() >= BLUE_MAIN_DIAGONAL_AT
    return rows + ((BLUE_MAIN_DIAGONAL_BONUS,) if diagonal else ())


def score(part: int) -> int:
    """Column points (columns with 2 or more crosses) + the anti-diagonal's 6."""
    points = sum(
        BLUE_COLUMN_POINTS[c] for c in range(6)
        if (part & COLUMN_MASK[c]).bit_count() >= BLUE_COLUMN_POINTS_AT
    )
    if (part & ANTI_DIAGONAL).bit_count() >= BLUE_ANTI_DIAGONAL_AT:
        points += BLUE_ANTI_DIAGONAL_POINTS
    return points


def foxes(part: int) -> int:
    """The blue foxes shown: row 6 with its 2nd cross."""
    return sum(1 for r in FOX_ROWS if (part & ROW_MASK[r - 1]).bit_count() >= BLUE_ROW_BONUS_AT)


def target_text(target: int) -> str:
    """``ROW,COLUMN``, e.g. ``3,4``."""
    return f"{row_of(target)},{column_of(target)}"


def parse_target(text: str) -> int:
    """A cell from ``ROW,COLUMN``."""
    row, sep, column = text.partition(",")
    if not sep or len(row) != 1 or len(column) != 1 or row not in "123456" \
            or column not in "123456":
        raise NotationError(f"a blue cell is ROW,COLUMN with 1 to 6 each, not {text[:20]!r}")
    return cell(int(row), int(column))


def notation(part: int) -> str:
    """Six rows of ``x`` (crossed) and ``.`` joined by ``/``."""
    return "/".join(
        "".join("x" if part >> cell(r, c) & 1 else "." for c in range(1, 7)) for r in range(1, 7)
    )


def read(text: str) -> int:
    """The inverse of :func:`notation`."""
    rows = text.split("/")
    if len(rows) != 6 or any(len(r) != 6 or set(r) - {"x", "."} for r in rows):
        raise NotationError(f"blue: want 6 rows of 6 'x'/'.' joined by '/', got {text[:60]!r}")
    return sum(1 << cell(r + 1, c + 1) for r in range(6) for c in range(6) if rows[r][c] == "x")


# --- the JSON model (docs/formats.md, section 6) ------------------------------------------------

_RULE = "rules 'Blue'; rule BLUE-CELL, ruling 4E-6"
_MOST = sum(BLUE_COLUMN_POINTS) + BLUE_ANTI_DIAGONAL_POINTS
_ROWS = tuple(range(1, BLUE_SIZE + 1))
#: _COLUMNS[cells]: the columns 1..6 of the cells set in a row's 6-bit mask.
_COLUMNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in _ROWS if cells >> (c - 1) & 1) for cells in range(1 << BLUE_SIZE)
)
JSON_SCHEMA: dict[str, object] = {
    "description": f"Blue ({_RULE}): a {BLUE_SIZE} x {BLUE_SIZE} grid, the row given by the "
                   "blue die, the column by the white die. Rows 1 to 6, each the columns "
                   "crossed in it, ascending (a die shows 1 to 6, rule ROLL-DICE).",
    "type": "array", "minItems": BLUE_SIZE, "maxItems": BLUE_SIZE,
    "items": {
        "description": f"One row's crossed columns: each at most once, so at most {BLUE_SIZE} "
                       f"({_RULE}; rule CELL-FREE).",
        "type": "array", "maxItems": BLUE_SIZE, "uniqueItems": True,
        "items": {"type": "integer", "minimum": 1, "maximum": BLUE_SIZE,
                  "description": f"A column, 1 to {BLUE_SIZE}: the white die's number "
                                 f"({_RULE})."},
    },
}
JSON_SCORE: dict[str, object] = {
    "description": "Blue points: the points below each column with 2 or more crosses ("
                   f"{', '.join(map(str, BLUE_COLUMN_POINTS))}) and "
                   f"{BLUE_ANTI_DIAGONAL_POINTS} for 2 or more on the anti-diagonal (rule "
                   f"SCORE-BLUE, ruling 4E-6): 0 to {_MOST}.",
    "type": "integer", "minimum": 0, "maximum": _MOST,
}
JSON_TARGET: dict[str, dict[str, object]] = {
    "row": {"description": f"The blue cell's row, 1 to {BLUE_SIZE}: the blue die's number "
                           f"({_RULE}: a question mark names any free cell; the white die "
                           "for blue crosses the same cell, rule WHITE-FOR-BLUE, ruling 4E-2).",
            "type": "integer", "minimum": 1, "maximum": BLUE_SIZE},
    "column": {"description": f"The blue cell's column, 1 to {BLUE_SIZE}: the white die's "
                              f"number ({_RULE}).",
               "type": "integer", "minimum": 1, "maximum": BLUE_SIZE},
}


@attrs.frozen
class BlueCrosses:
    """The blue area as read: ``rows`` 1 to 6, each the columns crossed in it."""

    rows: tuple[tuple[int, ...], ...]


def to_json(part: int) -> list[object]:
    """Each row's crossed columns (see ``JSON_SCHEMA``)."""
    return [list(_COLUMNS[part >> (BLUE_SIZE * r) & 0b111111]) for r in range(BLUE_SIZE)]


def from_json(data: object, where: str) -> int:
    """The area of :func:`to_json` data."""
    rows = items(data, where, BLUE_SIZE, "blue rows", BLUE_SIZE)
    return sum(1 << cell(r, c) for r, row in zip(_ROWS, rows)
               for c in ascending(row, pointer(where, r - 1), 1, BLUE_SIZE, f"blue row {r}"))


def target_json(target: int) -> dict[str, object]:
    """``{"row": 3, "column": 4}``."""
    return {"row": row_of(target), "column": column_of(target)}


def target_from_json(move: dict[str, object], where: str) -> int:
    """The cell a move's ``row`` and ``column`` name."""
    row, at = key(move, "row", where)
    column, column_at = key(move, "column", where)
    return cell(integer(row, at, 1, BLUE_SIZE, "a blue row"),
                integer(column, column_at, 1, BLUE_SIZE, "a blue column"))


def reading(part: int) -> BlueCrosses:
    """The area as a typed value."""
    return BlueCrosses(tuple(_COLUMNS[part >> (BLUE_SIZE * r) & 0b111111]
                             for r in range(BLUE_SIZE)))

