"""Clever 4Ever's six dice, by colour, with their codes in notation (rules "The 5 colors":
"The white cube is a color joker").

Where a die lies is common to every Clever game (:mod:`oracle.engine.dice`).
"""

from __future__ import annotations

from oracle.engine.kinds import Coded
from oracle.engine.moves import Roll as _Roll


class Die(Coded):
    """A die, by colour, and its code in notation; a coloured die's value equals its area's."""

    WHITE = 0, "W"
    YELLOW = 1, "Y"
    BLUE = 2, "B"
    GREY = 3, "Gy"
    GREEN = 4, "Gn"
    PINK = 5, "P"


class Roll(_Roll):
    """A roll of Clever 4Ever's dice (see :class:`oracle.engine.moves.Roll`)."""

    __slots__ = ()
    CODES = tuple(d.code for d in Die)
