"""The five areas of the Clever Cubed sheet, one module each, all of the one shape
(:class:`oracle.engine.area.AreaRules`): ``targets`` (the legal reading), ``problem`` (the independent
diagnosing reading), ``enter`` (the area after an entry and the bonuses it earns), ``score``,
``foxes``, and the area's part of move notation and sheet notation.  Each works on its own part
of the sheet only.  The Z3 encodings in ``spec/cubed/`` mirror these modules one to one.

:class:`Area` names the areas (their values equal their dice's) and carries each one's module.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

from oracle.engine.area import AreaRules, checked
from oracle.games.cubed.areas import blue, brown, pink, turquoise, yellow
from oracle.games.cubed.ruleset import Ruleset
from oracle.games.cubed.sheet import Bonus
from oracle.engine.kinds import AreaKind, SomeArea

__all__ = ["AREAS", "AREA_BY_LABEL", "AREA_MODULES", "Area", "SheetAreas"]


class Area(AreaKind):
    """The five colour areas in sheet order, each with its rules module."""

    YELLOW = 1, yellow
    TURQUOISE = 2, turquoise
    BLUE = 3, blue
    BROWN = 4, brown
    PINK = 5, pink


#: Each area's module, in sheet order.
AREAS: Mapping[Area, SomeArea] = MappingProxyType({a: a.rules for a in Area})
#: The area modules in sheet order, each with its part type, this game's ruleset and its bonuses:
#: mypy checks every module against the seam here (:class:`oracle.engine.area.AreaRules`,
#: :func:`~oracle.engine.area.checked`; ``Area`` holds the same modules, tests/test_typing_seam.py).
AREA_MODULES: tuple[
    AreaRules[int, Ruleset, Bonus],  # yellow: an 18-bit mask of crossed cells
    AreaRules[int, Ruleset, Bonus],  # turquoise: an 18-bit mask of crossed cells
    AreaRules[blue.Part, Ruleset, Bonus],
    AreaRules[int, Ruleset, Bonus],  # brown: a 12-bit mask of crossed fields
    AreaRules[pink.Part, Ruleset, Bonus],
] = (checked(yellow), checked(turquoise), checked(blue), checked(brown), checked(pink))
AREA_BY_LABEL: Mapping[str, Area] = MappingProxyType({a.label: a for a in Area})


@attrs.frozen
class SheetAreas:
    """A Clever Cubed sheet's areas as typed, immutable values (``find_game(...).areas(sheet)``;
    the same content as the sheet's JSON, docs/formats.md, section 6): ``yellow`` the numbers
    crossed in rows I-III, ``turquoise`` in rows 1-5, ``blue`` the numbers written on each side,
    ``brown`` the fields crossed, ``pink`` the numbers written and how."""

    yellow: yellow.YellowCrosses
    turquoise: turquoise.TurquoiseCrosses
    blue: blue.BlueNumbers
    brown: brown.BrownCrosses
    pink: pink.PinkNumbers
