"""Where a die can lie, and the solo passive roll's placement: common to every Clever game.

Every Clever game has six dice, the active player's three die fields and the silver platter
(Clever Cubed rulebook, "The active player": "They place this die ... on the topmost of their 3
die fields ... place all dice that show a lower value than the chosen die onto the silver
platter").  The dice's colours belong to each game (``oracle/games/cubed/dice.py``,
``oracle/games/fourever/dice.py``); here a die is its index 0..5.
"""

from __future__ import annotations

from enum import IntEnum

#: The number of dice in every Clever game.
DICE_COUNT = 6


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

    @property
    def label(self) -> str:
        """The place's name in text: cup, I, II, III, platter."""
        return PLACE_LABELS[self]


PLACE_LABELS: tuple[str, ...] = ("cup", "I", "II", "III", "platter")
ROMAN: tuple[str, ...] = ("", "I", "II", "III")


class Position(IntEnum):
    """Where a die is entered from, for the rules that depend on it (docs/rulings.md, ruling 5):
    the silver platter, die field I..III, or no die at all (a question mark)."""

    QUESTION = -1
    PLATTER = 0
    FIELD_I = 1
    FIELD_II = 2
    FIELD_III = 3

    @staticmethod
    def of(place: Place) -> Position:
        """The position of a die lying at ``place`` (a die field, else the platter)."""
        return _POSITION_OF[place]


_POSITION_OF: tuple[Position, ...] = (
    Position.PLATTER, Position.FIELD_I, Position.FIELD_II, Position.FIELD_III, Position.PLATTER
)
#: The position a die lying at a place is entered from (:meth:`Position.of`) as a plain int, by
#: place (for the engine's hot loops).
POSITION_OF: tuple[int, ...] = tuple(int(p) for p in _POSITION_OF)


def solo_placement(faces: tuple[int, ...], order: tuple[int, ...]) -> tuple[Place, ...]:
    """Place the six dice of a solo passive roll (docs/rulings.md, ruling 9; rulebook "Solo
    Game").

    ``order`` lists the dice (indices 0..5) by distance from the silver platter, closest first.
    The three lowest dice go to the platter, a tie going to the die that lies closest; the other
    three go onto die fields I, II and III in the order of their distance.
    """
    rank = {die: i for i, die in enumerate(order)}
    by_value = sorted(order, key=lambda d: (faces[d], rank[d]))
    places = [Place.CUP] * DICE_COUNT
    for die in by_value[:3]:
        places[die] = Place.PLATTER
    field = 1
    for die in order:
        if places[die] is Place.CUP:
            places[die] = Place(field)
            field += 1
    return tuple(places)

