"""A whole sheet's score as Z3 terms (rulebook "Game End"; docs/rulings.md, ruling 21): the five
area scores, and each fox worth the lowest area score."""

from __future__ import annotations

from oracle import Area
from spec.cubed import sheetvars
from spec.cubed.sheetvars import SheetVars
from spec.logic import Int, ite, minimum, total

#: The most foxes a sheet can show: one in each area and the re-roll track's end.
MAX_FOXES = 6


def area_scores(s: SheetVars) -> tuple[Int, ...]:
    """The five area scores in sheet order."""
    return tuple(sheetvars.area_score(s, a) for a in Area)


def with_foxes(areas: tuple[Int, ...], foxes: Int) -> Int:
    """The total: the area scores plus foxes times the lowest area (linear: the fox count is
    one of 0..MAX_FOXES)."""
    low = minimum(list(areas))
    return total(areas) + total(ite(foxes.eq(k), low * k, 0) for k in range(1, MAX_FOXES + 1))
