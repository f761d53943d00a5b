"""Clever 4Ever's six dice, by colour (rules "The 5 colors": "The white cube is a color joker").

Where a die lies is common to every Clever game (:mod:`oracle.dice`).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from types import MappingProxyType


class Die(IntEnum):
    """A die, by colour; the value of a coloured die equals its area's value."""

    WHITE = 0
    YELLOW = 1
    BLUE = 2
    GREY = 3
    GREEN = 4
    PINK = 5

    @property
    def code(self) -> str:
        """The die's code in move and sheet notation: W Y B Gy Gn P."""
        return DIE_CODES[self]


DIE_CODES: tuple[str, ...] = ("W", "Y", "B", "Gy", "Gn", "P")
DIE_BY_CODE: Mapping[str, Die] = MappingProxyType(
    {code: Die(i) for i, code in enumerate(DIE_CODES)}
)
ALL_DICE: tuple[Die, ...] = tuple(Die)
