"""The steps of a Clever turn, the same in every Clever game (docs/rulings.md, rulings 1-9 and
18-22; Clever 4Ever applies them unchanged):

* ``ROLL`` — chance rolls the dice in the cup (the active player's roll 1..3, or a re-roll);
* ``CHOOSE`` — the active player takes a die of the roll, re-rolls, or forfeits the roll;
* ``ACTIVE_EXTRA`` — the active player may use extra dice (ruling 6);
* ``SOLO_ROLL`` — chance rolls all six dice for the solo passive turn (ruling 9);
* ``PASSIVE_CHOOSE`` / ``PASSIVE_EXTRA`` — one passive player (``seat``) takes a platter die
  (or the fallback die-field die, ruling 4), then may use extra dice;
* ``END_EXTRA`` — after the last turn, each player (``seat``) may use remaining extra dice
  (ruling 7);
* ``OVER`` — the game has ended.

Whenever a player has pending question marks, that player must resolve them first (ruling 18).
Who is to move is a player index, :data:`CHANCE` or :data:`NOBODY`.
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["CHANCE", "NOBODY", "Phase"]

#: ``actor`` of a state in which the dice are to be rolled (a chance move is due).
CHANCE = -1
#: ``actor`` of a state in which nobody moves: the game is over.
NOBODY = -2


class Phase(IntEnum):
    """The step of the turn the game is in (see the module docstring)."""

    ROLL = 0
    CHOOSE = 1
    ACTIVE_EXTRA = 2
    SOLO_ROLL = 3
    PASSIVE_CHOOSE = 4
    PASSIVE_EXTRA = 5
    END_EXTRA = 6
    OVER = 7
