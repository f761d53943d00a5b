"""The brown area: 12 printed numbers crossed left to right (rulebook "The Brown Area").

"You may only cross out fields that lie further to the right than the last field you crossed out
in this row ... You do not have to cross out field after field — you may also skip fields.
However, fields skipped in this way may not be crossed out later on."  A question mark chooses
1-6 and crosses a field showing it (docs/rulings.md, ruling 17).

The area is a 12-bit mask: bit ``field - 1`` is set when that field is crossed.  A target is a
field, 1..12.
"""

from __future__ import annotations

from typing import Any

from oracle.area import EntryState, Problem
from oracle.cubed.areas.masks import completed, full, parse_cells
from oracle.cubed.sheet import (
    BROWN_FIELDS,
    BROWN_GAP_BONUS,
    BROWN_NUMBERS,
    BROWN_POINTS,
    Bonus,
)
from oracle.errors import NotationError

KEY = "br"
#: Every target a move can name: fields 1..12.
TARGETS: tuple[int, ...] = tuple(range(1, BROWN_FIELDS + 1))
EMPTY = 0
PARTNER = False
ENTRY_RULE = "BROWN-NUMBER"
NUMBERS = (1, 2, 3, 4, 5, 6)


def question_numbers(ruleset: Any) -> tuple[int, ...]:
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
    part: int, number: int, partner: int, position: int, die: int, state: EntryState
) -> tuple[int, ...]:
    """The fields showing ``number`` right of the last crossed field."""
    return FIELDS_AFTER[part.bit_length()][number]


def problem(
    part: int, target: int, number: int, partner: int, position: int, die: int,
    state: EntryState,
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
    state: EntryState,
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
