"""The game state: an immutable value saying everything about a Clever 4Ever game in progress.

Clever 4Ever keeps Clever Cubed's turn (docs/rulings.md, part 2, which applies rulings 1-9 and
18-22 unchanged), so its ``phase`` is a step of the shared Clever turn
(:class:`oracle.phase.Phase`).
"""

from __future__ import annotations

import attrs

from oracle.dice import Place
from oracle.phase import CHANCE, NOBODY, Phase
from oracle.fourever.playersheet import PlayerSheet
from oracle.fourever.ruleset import Ruleset
from oracle.fourever.sheet import ROUNDS_BY_PLAYERS

__all__ = ["CHANCE", "NOBODY", "GameState", "Phase"]


@attrs.frozen(cache_hash=True)
class GameState:
    """A Clever 4Ever game at one moment.

    ``round`` is 1-based; ``active`` the active player; ``seat`` the player whose part of the
    turn it is; ``actor`` who is to move (a player, :data:`CHANCE` or :data:`NOBODY`; stored by
    :func:`~oracle.fourever.turn.settle`); ``rolls`` how many of the active player's three rolls
    are used; ``faces[die]`` each die's face (0 before its first roll); ``places[die]`` where it
    lies; ``extras[player]`` a mask of the dice that player took as extra dice in this turn.
    """

    ruleset: Ruleset
    sheets: tuple[PlayerSheet, ...]
    round: int
    active: int
    phase: Phase
    seat: int
    actor: int
    rolls: int
    faces: tuple[int, ...]
    places: tuple[Place, ...]
    extras: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.sheets)

    @property
    def rounds(self) -> int:
        """The number of rounds (rules "Déroulement du jeu"; solo: ruling 9)."""
        return ROUNDS_BY_PLAYERS[len(self.sheets)]

    @property
    def is_chance(self) -> bool:
        return self.actor == CHANCE

    @property
    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def solo(self) -> bool:
        return len(self.sheets) == 1

    def but(
        self,
        *,
        sheets: tuple[PlayerSheet, ...] | None = None,
        round: int | None = None,
        active: int | None = None,
        phase: Phase | None = None,
        seat: int | None = None,
        actor: int | None = None,
        rolls: int | None = None,
        faces: tuple[int, ...] | None = None,
        places: tuple[Place, ...] | None = None,
        extras: tuple[int, ...] | None = None,
    ) -> GameState:
        """A copy with the given fields changed."""
        return GameState(
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

    def dice_at(self, place: Place) -> tuple[int, ...]:
        """The dice (indices) lying at ``place``."""
        return tuple(d for d in range(6) if self.places[d] == place)

    def with_sheet(self, player: int, sheet: PlayerSheet) -> GameState:
        """A copy with ``player``'s sheet replaced."""
        sheets = self.sheets
        return self.but(sheets=sheets[:player] + (sheet,) + sheets[player + 1:])
