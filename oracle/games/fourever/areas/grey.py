"""Grey: 4 x 16 shaded cells in 17 parts; a whole part is crossed (rules "Grey"; docs/rulings.md,
ruling 4E-8).

"If you choose the gray cube, you must cross all fields in a subarea.  The number of cubes must
be at least as high as the number of fields in the partial area.  You start to the left with one
of the two red-edged subareas.  All other crosses must be placed horizontally or vertically
adjacent to an existing cross."  A bonus printed in a cell is earned when the cell is crossed; a
full column scores the points above it; crossing every cell of a shade shows a fox.  A grey
question mark crosses any part that may legally be crossed (every part has at most 6 cells).

The area is a mask of the crossed parts (bit = part index 0..16).  A target is the part index;
the notation numbers the parts from 1, as every other target (``grey:1`` is part index 0, the
first in row-major order of their first cell; notation 2, docs/formats.md).
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from oracle.engine.area import QUESTION_DIE, EntryState, Problem
from oracle.engine.errors import NotationError
from oracle.formats.jsonread import ascending, integer, key
from oracle.games.fourever.ruleset import Ruleset
from oracle.games.fourever.sheet import (
    GREY_CELL_BONUS,
    GREY_COLUMN_POINTS,
    GREY_COLUMNS,
    GREY_NEIGHBOURS,
    GREY_PART_COUNT,
    GREY_PART_OF,
    GREY_PART_SIZE,
    GREY_PARTS,
    GREY_ROWS,
    GREY_SHADE_PARTS,
    GREY_START_PARTS,
    Bonus,
)

KEY = "gy"
TARGETS: tuple[int, ...] = tuple(range(GREY_PART_COUNT))
EMPTY = 0
PARTNER = False
ENTRY_RULE = "GREY-SIZE"
START_MASK = sum(1 << p for p in GREY_START_PARTS)
#: The bonuses printed in each part's cells, in row-major cell order.
PART_BONUSES: tuple[tuple[Bonus, ...], ...] = tuple(
    tuple(GREY_CELL_BONUS[c] for c in part if c in GREY_CELL_BONUS) for part in GREY_PARTS
)
#: For each column, the mask of the parts its cells belong to.
COLUMN_PARTS: tuple[int, ...] = tuple(
    sum(1 << p for p in {GREY_PART_OF[r][c] for r in range(GREY_ROWS)})
    for c in range(GREY_COLUMNS)
)
#: The largest number a die can show: a question mark may cross any part the rules allow.
_ANY = 6
_NONE = (0,)
#: _FITS[n]: the mask of the parts of at most ``n`` cells.
_FITS: tuple[int, ...] = tuple(
    sum(1 << p for p in TARGETS if GREY_PART_SIZE[p] <= n) for n in range(_ANY + 1)
)


def question_numbers(ruleset: Ruleset) -> tuple[int, ...]:
    """A grey question mark chooses a part, not a number (ruling 4E-8)."""
    return _NONE


@lru_cache(maxsize=1 << GREY_PART_COUNT)
def reachable(part: int) -> int:
    """The mask of the free parts the next cross may take, whatever its size: a start part
    while nothing is crossed, else a part touching a crossed one."""
    if not part:
        return START_MASK
    touching = 0
    for p in TARGETS:
        if part >> p & 1:
            touching |= GREY_NEIGHBOURS[p]
    return touching & ~part


@lru_cache(maxsize=1 << GREY_PART_COUNT)
def _parts(mask: int) -> tuple[int, ...]:
    return tuple(p for p in TARGETS if mask >> p & 1)


def targets(
    part: int, number: int, partner: int, position: int, die: int, state: EntryState[Ruleset]
) -> tuple[int, ...]:
    """The free, reachable parts of at most ``number`` cells (any size for a question)."""
    return _parts(reachable(part) & _FITS[_ANY if die == QUESTION_DIE else number])


def problem(
    part: int, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> Problem | None:
    """Why part ``target`` cannot be crossed with this number, or None (an independent reading
    of the rule: the start and touching conditions are checked cell by cell)."""
    if part >> target & 1:
        return "CELL-FREE", f"grey part {target_text(target)} is already crossed"
    cells = GREY_PARTS[target]
    if die != QUESTION_DIE and len(cells) > number:
        return "GREY-SIZE", (
            f"grey part {target_text(target)} has {len(cells)} cells, more than the {number}"
        )
    if not part:
        if not any(c == 0 for _, c in cells):
            return "GREY-START", (
                "the first grey part must be one of the two red-framed start parts at the left"
            )
        return None
    crossed = {(r, c) for r in range(GREY_ROWS) for c in range(GREY_COLUMNS)
               if part >> GREY_PART_OF[r][c] & 1}
    if not any((r + dr, c + dc) in crossed
               for r, c in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))):
        return "GREY-ADJACENT", (
            f"grey part {target_text(target)} touches no crossed cell horizontally or vertically"
        )
    return None


def enter(
    part: int, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState[Ruleset],
) -> tuple[int, tuple[Bonus, ...]]:
    """Cross the part; the bonuses printed in its cells are earned."""
    return part | 1 << target, PART_BONUSES[target]


def earned(part: int) -> tuple[Bonus, ...]:
    """The bonuses printed in the crossed parts."""
    return tuple(b for p in TARGETS if part >> p & 1 for b in PART_BONUSES[p])


def score(part: int) -> int:
    """The points of every column whose 4 cells are crossed."""
    return sum(
        GREY_COLUMN_POINTS[c] for c in range(GREY_COLUMNS)
        if part & COLUMN_PARTS[c] == COLUMN_PARTS[c]
    )


def foxes(part: int) -> int:
    """One fox for each shade whose every cell is crossed."""
    return sum(1 for mask in GREY_SHADE_PARTS.values() if part & mask == mask)


def target_text(target: int) -> str:
    """The part's number, counted from 1 like every other target: ``grey:1`` is the first part
    (part index 0)."""
    return str(target + 1)


def parse_target(text: str) -> int:
    """A part from its number 1..17 (canonical: no leading zero).  ``0``, the first part's
    number before notation 2, is refused naming the new one."""
    if text == "0":
        raise NotationError("grey parts are numbered from 1 since notation 2: grey:0 is now "
                            "grey:1")
    if not (text.isascii() and text.isdigit()) or len(text) > 2 or str(int(text)) != text \
            or not 1 <= int(text) <= GREY_PART_COUNT:
        raise NotationError(f"a grey part is 1 to {GREY_PART_COUNT}, not {text[:20]!r}")
    return int(text) - 1


def notation(part: int) -> str:
    """One character per part 1..17: ``x`` crossed, ``.`` free."""
    return "".join("x" if part >> p & 1 else "." for p in TARGETS)


def read(text: str) -> int:
    """The inverse of :func:`notation`."""
    if len(text) != GREY_PART_COUNT or set(text) - {"x", "."}:
        raise NotationError(f"grey: want {GREY_PART_COUNT} 'x'/'.' characters, got "
                            f"{text[:40]!r}")
    return sum(1 << p for p, ch in enumerate(text) if ch == "x")


# --- the JSON model (docs/formats.md, section 6) ------------------------------------------------

_RULE = "rules 'Grey', ruling 4E-8"
_MOST = sum(GREY_COLUMN_POINTS)
JSON_SCHEMA: dict[str, object] = {
    "description": f"Grey ({_RULE}): {GREY_ROWS} x {GREY_COLUMNS} shaded cells in "
                   f"{GREY_PART_COUNT} parts (touching cells of one shade), crossed a whole part "
                   f"at a time; the parts crossed, by their numbers 1 to {GREY_PART_COUNT} (numbered in "
                   "reading order of their first cell, as move notation names them), ascending "
                   "(rule CELL-FREE: each part once).",
    "type": "array", "maxItems": GREY_PART_COUNT, "uniqueItems": True,
    "items": {"type": "integer", "minimum": 1, "maximum": GREY_PART_COUNT,
              "description": f"A grey part, 1 to {GREY_PART_COUNT} (the sheet has {GREY_PART_COUNT} "
                             f"parts, {_RULE}; rule CELL-FREE)."},
}
JSON_SCORE: dict[str, object] = {
    "description": "Grey points: the points above every column whose 4 cells are crossed ("
                   f"{', '.join(map(str, GREY_COLUMN_POINTS))}) (rule SCORE-GREY): 0 to "
                   f"{_MOST}.",
    "type": "integer", "minimum": 0, "maximum": _MOST,
}
JSON_TARGET: dict[str, dict[str, object]] = {"part": {
    "description": f"The grey part crossed, 1 to {GREY_PART_COUNT}: of at most as many cells as the "
                   "number, a start part first, then one touching a crossed cell "
                   f"({_RULE}; rules GREY-SIZE, GREY-START, GREY-ADJACENT).",
    "type": "integer", "minimum": 1, "maximum": GREY_PART_COUNT,
}}


@attrs.frozen
class GreyCrosses:
    """The grey area as read: the ``parts`` crossed (numbered 1 to 17 as move notation names
    them)."""

    parts: tuple[int, ...]

    def cells(self) -> tuple[tuple[int, int], ...]:
        """The crossed cells, ``(row, column)`` 0-based, in reading order."""
        return tuple(sorted(c for p in self.parts for c in GREY_PARTS[p - 1]))


def to_json(part: int) -> list[object]:
    """The crossed parts, numbered from 1 as moves name them (see ``JSON_SCHEMA``)."""
    return [p + 1 for p in _parts(part)]


def from_json(data: object, where: str) -> int:
    """The area of :func:`to_json` data (reachability is a sheet check)."""
    return sum(1 << (p - 1) for p in ascending(data, where, 1, GREY_PART_COUNT, "grey parts"))


def target_json(target: int) -> dict[str, object]:
    """``{"part": 8}`` for part index 7: numbered from 1, as ``grey:8`` names it."""
    return {"part": target + 1}


def target_from_json(move: dict[str, object], where: str) -> int:
    """The part a move's ``part`` names."""
    part, at = key(move, "part", where)
    return integer(part, at, 1, GREY_PART_COUNT, "a grey part") - 1


def reading(part: int) -> GreyCrosses:
    """The area as a typed value."""
    return GreyCrosses(tuple(p + 1 for p in _parts(part)))
