"""The five areas of the Clever 4Ever sheet, one module each, all of the one shape
(:class:`oracle.engine.area.AreaRules`): ``targets``, ``problem``, ``enter``, ``score``, ``foxes``, and
the area's part of move notation and sheet notation.  Each works on its own part of the sheet.

:class:`Area` names the areas (their values equal their dice's) and carries each one's module.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

from oracle.engine.area import AreaRules, checked
from oracle.games.fourever.areas import blue, green, grey, pink, yellow
from oracle.games.fourever.ruleset import Ruleset
from oracle.games.fourever.sheet import Bonus
from oracle.engine.kinds import AreaKind

__all__ = ["ALL_AREAS", "AREA_BY_LABEL", "AREA_MODULES", "Area", "SheetAreas"]


class Area(AreaKind):
    """The five colour areas in sheet order, each with its rules module."""

    YELLOW = 1, yellow
    BLUE = 2, blue
    GREY = 3, grey
    GREEN = 4, green
    PINK = 5, pink


ALL_AREAS: tuple[Area, ...] = tuple(Area)
#: The area modules in sheet order, each with its part type, this game's ruleset and its bonuses:
#: mypy checks every module against the seam here (:class:`oracle.engine.area.AreaRules`,
#: :func:`~oracle.engine.area.checked`; ``Area`` holds the same modules, tests/test_typing_seam.py).
AREA_MODULES: tuple[
    AreaRules[yellow.Part, Ruleset, Bonus],
    AreaRules[int, Ruleset, Bonus],  # blue: a 36-bit mask of crossed cells
    AreaRules[int, Ruleset, Bonus],  # grey: a mask of crossed parts
    AreaRules[green.Part, Ruleset, Bonus],
    AreaRules[pink.Part, Ruleset, Bonus],
] = (checked(yellow), checked(blue), checked(grey), checked(green), checked(pink))
AREA_BY_LABEL: Mapping[str, Area] = MappingProxyType({a.label: a for a in Area})


@attrs.frozen
class SheetAreas:
    """A Clever 4Ever sheet's areas as typed, immutable values (``find_game(...).areas(sheet)``;
    the same content as the sheet's JSON, docs/formats.md, section 6): ``yellow`` the numbers
    written in each row, ``blue`` the columns crossed in rows 1-6, ``grey`` the parts crossed,
    ``green`` the numbers of each line, ``pink`` the numbers written."""

    yellow: yellow.YellowRows
    blue: blue.BlueCrosses
    grey: grey.GreyCrosses
    green: green.GreenLines
    pink: pink.PinkNumbers
