"""Clever Cubed's six dice, by colour (rulebook "Game Components").

The white die is the colour joker ("The White Die"); the others are yellow, turquoise, blue,
brown and pink.  Where a die lies is common to every Clever game (:mod:`oracle.dice`).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from types import MappingProxyType


class Die(IntEnum):
    """A die, by colour.  The white die is the colour joker ("The White Die")."""

    WHITE = 0
    YELLOW = 1
    TURQUOISE = 2
    BLUE = 3
    BROWN = 4
    PINK = 5

    @property
    def code(self) -> str:
        """The die's code in move and sheet notation: W Y T B Br P."""
        return DIE_CODES[self]


DIE_CODES: tuple[str, ...] = ("W", "Y", "T", "B", "Br", "P")
DIE_BY_CODE: Mapping[str, Die] = MappingProxyType(
    {code: Die(i) for i, code in enumerate(DIE_CODES)}
)
ALL_DICE: tuple[Die, ...] = tuple(Die)
