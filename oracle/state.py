"""The game state every Clever game shares: an immutable value saying everything about a game
in progress.

A state is a frozen attrs value, hashable and comparable; ``apply`` never changes it.  Its
``phase`` is the step of the shared Clever turn (:class:`oracle.phase.Phase`, rulebook "Game
Play"); ``actor`` names who is to move: a player index, :data:`CHANCE`, or :data:`NOBODY` at the
end.  Every game's state has the same fields; a game subclasses :class:`TurnState` with its own
ruleset and sheet types and its rounds by player count (``ROUNDS_BY_PLAYERS``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import ClassVar, Generic, Self, TypeVar

import attrs

from oracle.dice import Place
from oracle.phase import CHANCE, Phase

R = TypeVar("R")
Sh = TypeVar("Sh")


@attrs.frozen(cache_hash=True)
class TurnState(Generic[R, Sh]):
    """A game at one moment.

    ``round`` is 1-based; ``active`` the active player; ``seat`` the player whose part of the turn
    it is (the passive or end-phase player; the active player in active phases); ``actor`` who is
    to move (it follows from the phase, the seat and pending question marks; the turn's
    ``settle`` stores it so that asking costs nothing); ``rolls`` how many of the active player's
    three rolls are used (the next pick goes on die field ``rolls + 1``); ``faces[die]`` each
    die's face (0 before it was first rolled); ``places[die]`` where it lies; ``extras[player]``
    a mask of the dice that player took as extra dice in this turn (ruling 6).
    """

    #: Rounds by number of players (rulebook "Game Play"; solo: ruling 9): set by each game.
    ROUNDS_BY_PLAYERS: ClassVar[Mapping[int, int]]

    ruleset: R
    sheets: tuple[Sh, ...]
    round: int
    active: int
    phase: Phase
    seat: int
    actor: int
    rolls: int
    faces: tuple[int, ...]
    places: tuple[Place, ...]
    extras: tuple[int, ...]

    @classmethod
    def before_play(cls, ruleset: R, sheets: tuple[Sh, ...]) -> Self:
        """The state before round 1 begins: blank dice in the cup, the first roll due."""
        return cls(ruleset, sheets, 1, 0, Phase.ROLL, 0, CHANCE, 0, (0,) * 6, (Place.CUP,) * 6,
                   (0,) * len(sheets))

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.sheets)

    @property
    def rounds(self) -> int:
        """The number of rounds of this game."""
        return self.ROUNDS_BY_PLAYERS[len(self.sheets)]

    @property
    def is_chance(self) -> bool:
        """True when chance (the dice) is to move."""
        return self.actor == CHANCE

    @property
    def is_terminal(self) -> bool:
        """True when the game has ended."""
        return self.phase is Phase.OVER

    @property
    def solo(self) -> bool:
        """True for the solo game."""
        return len(self.sheets) == 1

    def but(
        self,
        *,
        sheets: tuple[Sh, ...] | None = None,
        round: int | None = None,
        active: int | None = None,
        phase: Phase | None = None,
        seat: int | None = None,
        actor: int | None = None,
        rolls: int | None = None,
        faces: tuple[int, ...] | None = None,
        places: tuple[Place, ...] | None = None,
        extras: tuple[int, ...] | None = None,
    ) -> Self:
        """A copy with the given fields changed (``attrs.evolve`` without its overhead: this
        runs several times per move)."""
        return type(self)(
            self.ruleset,
            self.sheets if sheets is None else sheets,
            self.round if round is None else round,
            self.active if active is None else active,
            self.phase if phase is None else phase,
            self.seat if seat is None else seat,
            self.actor if actor is None else actor,
            self.rolls if rolls is None else rolls,
            self.faces if faces is None else faces,
            self.places if places is None else places,
            self.extras if extras is None else extras,
        )

    def with_sheet(self, player: int, sheet: Sh) -> Self:
        """A copy with ``player``'s sheet replaced."""
        sheets = self.sheets
        return self.but(sheets=sheets[:player] + (sheet,) + sheets[player + 1:])

    def dice_at(self, place: Place) -> tuple[int, ...]:
        """The dice (indices) lying at ``place``."""
        return _dice_at(self.places, place)


@cache
def _dice_at(places: tuple[Place, ...], place: Place) -> tuple[int, ...]:
    """The dice lying at ``place`` (a pure function of small values, cached)."""
    return tuple(d for d in range(6) if places[d] == place)
