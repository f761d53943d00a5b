"""Green as Z3 constraints (docs/rulings.md, ruling 4E-7; mirrors
``oracle/games/fourever/areas/green.py``).

Eleven fields, each a lower and an upper triangle, written as two lines from the left
(option ``green_upper_after_lower``: a field's upper triangle only after its lower one).  A
field's bonus comes with its lower triangle; a field with both triangles scores their sum times
its factor (fields 4 to 11 doubled).  State: ``lower[i]``, ``upper[i]`` the numbers of field
``i + 1`` (0: empty).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from spec.fourever.printed import FOX, GREEN_BONUS, GREEN_FACTOR, GREEN_FIELDS
from spec.fourever.seam import Options
from spec.fourever.terms import Term, by_bonus, kept, line, numbers, unline, written_line
from spec.logic import Bool, Int, all_of, count, ite, total, truth

FIELDS = range(GREEN_FIELDS)


@attrs.frozen
class Green:
    """The green triangles: ``lower[i]`` and ``upper[i]`` of field ``i + 1`` (0: empty)."""

    lower: tuple[Int, ...]
    upper: tuple[Int, ...]

    @property
    def fields(self) -> tuple[Int, ...]:
        """The lower line, then the upper line."""
        return self.lower + self.upper

    @property
    def flat(self) -> tuple[Term, ...]:
        """The variables in the order of :func:`values`."""
        return self.fields


def fresh(name: str) -> Green:
    """Free variables for the green area."""
    return Green(numbers(f"{name}.gl", GREEN_FIELDS), numbers(f"{name}.gu", GREEN_FIELDS))


def values(part: Any) -> tuple[int, ...]:
    """The engine's part (lower numbers, upper numbers) as the triangles' values."""
    return line(part[0], GREEN_FIELDS) + line(part[1], GREEN_FIELDS)


def part(found: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The engine's part of the triangles' values."""
    return unline(found[:GREEN_FIELDS]), unline(found[GREEN_FIELDS:])


def well_formed(area: Green, options: Options) -> Bool:
    """Both lines written from the left with 1..6; under ``green_upper_after_lower`` no upper
    triangle without its lower one."""
    after = all_of(u.gt(0).implies(lo.gt(0)) for lo, u in zip(area.lower, area.upper)) \
        if options.green_upper_after_lower else truth(True)
    return written_line(area.lower) & written_line(area.upper) & after


def entries(area: Green) -> Int:
    """The fewest entries: one per written triangle."""
    return count(f.gt(0) for f in area.fields)


def score(area: Green) -> Int:
    """Every field with both triangles: their sum times the field's factor."""
    return total(ite(area.lower[i].gt(0) & area.upper[i].gt(0),
                     (area.lower[i] + area.upper[i]) * GREEN_FACTOR[i], 0) for i in FIELDS)


def earned(area: Green) -> dict[str, Int]:
    """The bonus under every field with its lower triangle written."""
    return by_bonus((GREEN_BONUS[i], area.lower[i].gt(0)) for i in FIELDS)


def foxes(area: Green) -> Int:
    """The fox under field 10."""
    return count(area.lower[i].gt(0) for i in FIELDS if GREEN_BONUS[i] == FOX)


def grows(old: Green, new: Green) -> Bool:
    """``new`` keeps every number of ``old``."""
    return kept(old.fields, new.fields)
