"""Yellow as Z3 constraints (docs/rulings.md, ruling 4E-5; mirrors
``oracle/games/fourever/areas/yellow.py``).

Three rows of five fields; a number goes into the next free field of a row of the player's
choice, the top row strictly increasing.  Score: the bottom row's sum, minus the middle row's
sum, plus the star under every column whose three fields are written.  State: each field's
number, ``rows[row - 1][column - 1]``, 0 while empty.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from spec.fourever.printed import (
    FOX,
    YELLOW_BONUS,
    YELLOW_FIELDS,
    YELLOW_MINUS,
    YELLOW_PLUS,
    YELLOW_ROWS,
    YELLOW_STARS,
    YELLOW_TOP,
)
from spec.fourever.seam import Options
from spec.fourever.terms import Term, by_bonus, kept, line, numbers, unline, written_line
from spec.logic import Bool, Int, all_of, count, ite, total

ROWS = range(1, YELLOW_ROWS + 1)
COLUMNS = range(1, YELLOW_FIELDS + 1)


@attrs.frozen
class Yellow:
    """The yellow fields: ``rows[row - 1][column - 1]`` is the number written (0: empty)."""

    rows: tuple[tuple[Int, ...], ...]

    @property
    def fields(self) -> tuple[Int, ...]:
        """Every field, row by row."""
        return tuple(f for row in self.rows for f in row)

    @property
    def flat(self) -> tuple[Term, ...]:
        """The variables in the order of :func:`values`."""
        return self.fields

    def field(self, row: int, column: int) -> Int:
        """The number in ``row``, ``column`` (1-based)."""
        return self.rows[row - 1][column - 1]


def fresh(name: str) -> Yellow:
    """Free variables for the yellow area."""
    return Yellow(tuple(numbers(f"{name}.y{r}.", YELLOW_FIELDS) for r in ROWS))


def values(part: Any) -> tuple[int, ...]:
    """The engine's part (three rows of written numbers) as the fields' values."""
    return tuple(v for row in part for v in line(row, YELLOW_FIELDS))


def part(found: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The engine's part of the fields' values."""
    return tuple(unline(found[(r - 1) * YELLOW_FIELDS:r * YELLOW_FIELDS]) for r in ROWS)


def well_formed(area: Yellow, options: Options) -> Bool:
    """Each row written from the left, 1..6; the top row strictly increasing (4E-5)."""
    top = area.rows[YELLOW_TOP - 1]
    return all_of(written_line(row) for row in area.rows) & all_of(
        b.gt(0).implies(b.gt(a)) for a, b in zip(top, top[1:]))


def entries(area: Yellow) -> Int:
    """The fewest entries that make the state: one per written field."""
    return count(f.gt(0) for f in area.fields)


def full(area: Yellow, column: int) -> Bool:
    """The column's three fields are written."""
    return all_of(area.field(r, column).gt(0) for r in ROWS)


def score(area: Yellow) -> Int:
    """Bottom sum - middle sum + the stars of the full columns."""
    return (total(area.rows[YELLOW_PLUS - 1]) - total(area.rows[YELLOW_MINUS - 1])
            + total(ite(full(area, c), YELLOW_STARS[c - 1], 0) for c in COLUMNS))


def earned(area: Yellow) -> dict[str, Int]:
    """The bonus of every written field."""
    return by_bonus((YELLOW_BONUS[r - 1][c - 1], area.field(r, c).gt(0))
                    for r in ROWS for c in COLUMNS)


def foxes(area: Yellow) -> Int:
    """The fox of the top row's fifth field."""
    return count(area.field(r, c).gt(0) for r in ROWS for c in COLUMNS
                 if YELLOW_BONUS[r - 1][c - 1] == FOX)


def grows(old: Yellow, new: Yellow) -> Bool:
    """``new`` keeps every number of ``old``."""
    return kept(old.fields, new.fields)
