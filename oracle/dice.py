"""The six dice, where a die can lie, and the solo passive roll's placement.

Common to every Clever game: six coloured dice, the active player's three die fields and the
silver platter (Clever Cubed rulebook, "The active player": "They place this die ... on the
topmost of their 3 die fields ... place all dice that show a lower value than the chosen die onto
the silver platter").  Colours are game-specific only in name; Clever Cubed's are listed here.
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


class Place(IntEnum):
    """Where a die lies: in the cup (to be rolled, or just rolled), a die field, the platter."""

    CUP = 0
    FIELD_I = 1
    FIELD_II = 2
    FIELD_III = 3
    PLATTER = 4

    @property
    def is_die_field(self) -> bool:
        """True for the active player's die fields I, II and III."""
        return 1 <= self <= 3


ROMAN: tuple[str, ...] = ("", "I", "II", "III")


def solo_placement(faces: tuple[int, ...], order: tuple[Die, ...]) -> tuple[Place, ...]:
    """Place the six dice of a solo passive roll (ruling 9; rulebook "Solo Game").

    ``order`` lists the dice by distance from the silver platter, closest first.  The three lowest
    dice go to the platter, a tie going to the die that lies closest; the other three go onto die
    fields I, II and III in the order of their distance.
    """
    rank = {die: i for i, die in enumerate(order)}
    by_value = sorted(order, key=lambda d: (faces[d], rank[d]))
    places = [Place.CUP] * 6
    for die in by_value[:3]:
        places[die] = Place.PLATTER
    field = 1
    for die in order:
        if places[die] is Place.CUP:
            places[die] = Place(field)
            field += 1
    return tuple(places)
