"""Clever Cubed's six dice, by colour (rulebook "Game Components"), with their codes in notation.

The white die is the colour joker ("The White Die"); the others are yellow, turquoise, blue,
brown and pink.  Where a die lies is common to every Clever game (:mod:`oracle.engine.dice`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle.engine.kinds import Coded
from oracle.engine.moves import Roll as _Roll


class Die(Coded):
    """A die, by colour, and its code in notation."""

    WHITE = 0, "W"
    YELLOW = 1, "Y"
    TURQUOISE = 2, "T"
    BLUE = 3, "B"
    BROWN = 4, "Br"
    PINK = 5, "P"


ALL_DICE: tuple[Die, ...] = tuple(Die)
DIE_CODES: tuple[str, ...] = tuple(d.code for d in Die)
DIE_BY_CODE: Mapping[str, Die] = MappingProxyType({d.code: d for d in Die})


class Roll(_Roll):
    """A roll of Clever Cubed's dice (see :class:`oracle.engine.moves.Roll`)."""

    __slots__ = ()
    CODES = DIE_CODES
