"""Pink as Z3 constraints (docs/rulings.md, ruling 4E-9; mirrors
``oracle/games/fourever/areas/pink.py``).

Twelve fields written from the left.  A 3 the player writes writes another 3 in the next field
(that 3 does nothing of its own; at field 12 there is no next field); a 5 or a 6 the player
writes earns the bonus under its field; 2, 4 and 6 are circled (+2, +4, +3).  Score: the points
above the last written field and the circled extras.  State: ``fields[i]`` the number of field
``i + 1`` (0: empty); which fields the player wrote is read off from the left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from spec.fourever.printed import (
    FOX,
    PINK_BONUS,
    PINK_BONUS_NUMBERS,
    PINK_CIRCLED,
    PINK_FIELDS,
    PINK_POINTS,
    PINK_REPEAT,
)
from spec.fourever.seam import Options
from spec.fourever.terms import Term, by_bonus, kept, line, numbers, unline, written_line
from spec.logic import Bool, Int, all_of, any_of, count, ite, total, truth

FIELDS = range(PINK_FIELDS)


@attrs.frozen
class Pink:
    """The pink fields: ``fields[i]`` is the number of field ``i + 1`` (0: empty)."""

    fields: tuple[Int, ...]

    @property
    def flat(self) -> tuple[Term, ...]:
        """The variables in the order of :func:`values`."""
        return self.fields


def fresh(name: str) -> Pink:
    """Free variables for the pink area."""
    return Pink(numbers(f"{name}.p", PINK_FIELDS))


def values(part: Any) -> tuple[int, ...]:
    """The engine's part (the numbers written, extra 3s included) as the fields' values."""
    return line(part, PINK_FIELDS)


def part(found: Sequence[int]) -> tuple[int, ...]:
    """The engine's part of the fields' values."""
    return unline(found)


def own(area: Pink) -> tuple[Bool, ...]:
    """For each field: written by the player (not the extra 3 after a player's 3)."""
    out = [truth(True)]
    for i in FIELDS[1:]:
        out.append(~(out[i - 1] & area.fields[i - 1].eq(PINK_REPEAT)))
    return tuple(o & f.gt(0) for o, f in zip(out, area.fields))


def well_formed(area: Pink, options: Options) -> Bool:
    """Written from the left with 1..6; after a player's 3 (before field 12) comes its extra
    3 (so every field the player did not write is such a 3)."""
    f, mine = area.fields, own(area)
    return written_line(f) & all_of(
        (mine[i] & f[i].eq(PINK_REPEAT)).implies(f[i + 1].eq(PINK_REPEAT)) for i in FIELDS[:-1])


def entries(area: Pink) -> Int:
    """The fewest entries: one per field the player wrote."""
    return count(own(area))


def score(area: Pink) -> Int:
    """The points above the last written field (fields are written from the left, so these
    are the sum of each written field's step over the one before) and the circled numbers."""
    steps = [b - a for a, b in zip((0,) + PINK_POINTS, PINK_POINTS)]
    reached = total(ite(f.gt(0), step, 0) for f, step in zip(area.fields, steps))
    circled = total(ite(f.eq(n), extra, 0) for f in area.fields
                    for n, extra in sorted(PINK_CIRCLED.items()))
    return reached + circled


def _bonus_at(area: Pink, mine: tuple[Bool, ...], i: int) -> Bool:
    return mine[i] & any_of(area.fields[i].eq(n) for n in PINK_BONUS_NUMBERS)


def earned(area: Pink) -> dict[str, Int]:
    """The bonus under every field the player wrote a 5 or a 6 in."""
    mine = own(area)
    return by_bonus((PINK_BONUS[i], _bonus_at(area, mine, i)) for i in FIELDS)


def foxes(area: Pink) -> Int:
    """The fox under field 8 (a 5 or a 6 the player wrote)."""
    mine = own(area)
    return count(_bonus_at(area, mine, i) for i in FIELDS if PINK_BONUS[i] == FOX)


def grows(old: Pink, new: Pink) -> Bool:
    """``new`` keeps every number of ``old``."""
    return kept(old.fields, new.fields)
