"""A whole Clever 4Ever sheet as Z3 variables: the five areas (one encoding module each, in
sheet order), and its total: the areas' scores plus every fox worth the lowest area (ruling
4E-10: a negative lowest area counts, or 0 under ``fox_floor_zero``).  The action tracks score
nothing in Clever 4Ever (their only end bonus is the re-roll track's pink question mark, ruling
4E-4), so a total needs no tracks."""

from __future__ import annotations

import types
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

from oracle.engine.sheet import Sheet
from spec.fourever import blue, green, grey, pink, yellow
from spec.fourever.printed import AREAS
from spec.fourever.seam import BLANK, Options, sheet_of
from spec.fourever.terms import equal, values_of
from spec.logic import Bool, Int, Model, all_of, ite, minimum, total

#: Each area's encoding, by label, in sheet order.
MODULES: Mapping[str, types.ModuleType] = MappingProxyType(
    {"yellow": yellow, "blue": blue, "grey": grey, "green": green, "pink": pink})


@attrs.frozen
class SheetVars:
    """Each area's variables, in sheet order."""

    areas: tuple[Any, ...]

    def area(self, label: str) -> Any:
        """The variables of the area called ``label``."""
        return self.areas[AREAS.index(label)]


def fresh(name: str) -> SheetVars:
    """Free variables for a whole sheet."""
    return SheetVars(tuple(MODULES[a].fresh(name) for a in AREAS))


def well_formed(s: SheetVars, options: Options) -> Bool:
    """Every area can be written."""
    return all_of(MODULES[a].well_formed(s.area(a), options) for a in AREAS)


def area_score(s: SheetVars, label: str) -> Int:
    """The score of one area."""
    score: Int = MODULES[label].score(s.area(label))
    return score


def area_entries(s: SheetVars, label: str) -> Int:
    """The fewest entries that write one area."""
    entries: Int = MODULES[label].entries(s.area(label))
    return entries


def area_foxes(s: SheetVars, label: str) -> Int:
    """The foxes one area shows."""
    foxes: Int = MODULES[label].foxes(s.area(label))
    return foxes


def entries(s: SheetVars) -> Int:
    """The fewest entries that write the sheet's areas."""
    return total(area_entries(s, a) for a in AREAS)


def foxes(s: SheetVars) -> Int:
    """Every fox of the sheet."""
    return total(area_foxes(s, a) for a in AREAS)


def fox_value(lowest: Int, options: Options) -> Int:
    """What each fox scores: the lowest area (0 if negative under ``fox_floor_zero``)."""
    return ite(lowest.lt(0), 0, lowest) if options.fox_floor_zero else lowest


def sheet_total(s: SheetVars, options: Options) -> Int:
    """The areas' scores plus the foxes times the lowest area (a product of two terms, written
    by cases on the fox count so that it stays linear)."""
    scores = [area_score(s, a) for a in AREAS]
    value = fox_value(minimum(scores), options)
    count = foxes(s)
    return total(scores) + total(ite(count.eq(k), value * k, 0)
                                 for k in range(1, MOST_FOXES + 1))


#: Foxes a sheet shows at most: yellow 1, blue 1, grey 3 (one per shade), green 1, pink 1.
MOST_FOXES = 7


def equals(s: SheetVars, sheet: Sheet) -> Bool:
    """The variables show ``sheet``'s areas."""
    return all_of(equal(s.area(a).flat, MODULES[a].values(p)) for a, p in zip(AREAS, sheet.parts))


def area_equals(s: SheetVars, label: str, part: Any) -> Bool:
    """One area shows the engine's ``part``."""
    return equal(s.area(label).flat, MODULES[label].values(part))


def read(model: Model, s: SheetVars, base: Sheet = BLANK) -> Sheet:
    """The sheet of a model (``base``'s tracks and question marks)."""
    parts = tuple(MODULES[a].part(values_of(model, s.area(a).flat)) for a in AREAS)
    return base.changed(parts=parts) if base is not BLANK else sheet_of(parts)
