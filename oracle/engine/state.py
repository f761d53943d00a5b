"""The game state of every Clever game: an immutable value saying everything about a game in
progress.

A state is a frozen attrs value, hashable and comparable; ``apply`` never changes it.  It names
its game (``variant``, :class:`oracle.engine.variant.Variant`), so every engine function needs only the
state.  Its ``phase`` is the step of the Clever turn (:class:`oracle.engine.phase.Phase`, rulebook
"Game Play"); ``actor`` names who is to move: a player index, :data:`CHANCE`, or :data:`NOBODY`
at the end.  It is generic in the game's ruleset and sheet types (``GameState[Ruleset,
PlayerSheet]``), for typed access to them.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Generic, Self, TypeVar

import attrs

from oracle.engine.dice import DICE_COUNT, Place
from oracle.engine.errors import OracleError
from oracle.engine.kinds import Coded, DieAt
from oracle.engine.phase import CHANCE, NOBODY, Phase
from oracle.engine.sheet import Sheet

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from oracle.engine.variant import Variant

__all__ = ["CHANCE", "NOBODY", "DieAt", "GameState", "Phase"]

R = TypeVar("R")
S = TypeVar("S", bound=Sheet)


@attrs.frozen(cache_hash=True)
class GameState(Generic[R, S]):
    """A game at one moment.

    ``round`` is 1-based; ``active`` the active player; ``seat`` the player whose part of the turn
    it is (the passive or end-phase player; the active player in active phases); ``actor`` who is
    to move (it follows from the phase, the seat and pending question marks; the turn's
    ``settle`` stores it so that asking costs nothing); ``rolls`` how many of the active player's
    three rolls are used (the next pick goes on die field ``rolls + 1``); ``faces[die]`` each
    die's face (0 before it was first rolled); ``places[die]`` where it lies; ``extras[player]``
    a mask of the dice that player took as extra dice in this turn (ruling 6).
    """

    variant: Variant = attrs.field(repr=False)
    ruleset: R
    sheets: tuple[S, ...]
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
        """The number of players."""
        return len(self.sheets)

    @property
    def rounds(self) -> int:
        """The number of rounds of this game."""
        return self.variant.rounds_by_players[len(self.sheets)]

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

    @property
    def dice(self) -> tuple[DieAt, ...]:
        """Every die, what it shows and where it lies, in die order (white first)."""
        members = tuple(self.variant.dice)
        return tuple(DieAt(members[d], self.faces[d] or None, self.places[d])
                     for d in range(DICE_COUNT))

    @property
    def to_move(self) -> str:
        """Who is to move, by id: ``p1``, ``p2`` ..., ``dice`` (a roll is due) or ``nobody``
        (the game is over); ``actor`` is the same as a 0-based seat or a code."""
        actor = self.actor
        return "dice" if actor == CHANCE else "nobody" if actor == NOBODY else f"p{actor + 1}"

    @property
    def active_player(self) -> str:
        """The active player of the turn, by id (``p1`` ...; ``active`` is its 0-based seat)."""
        return f"p{self.active + 1}"

    def to_json(self) -> dict[str, object]:
        """The position as JSON data (docs/formats.md, section 6; schema
        ``oracle/schema/state-1.json``): ``find_game(name).from_json`` reads it back.  (The
        model sits above the state: the game's variant holds its writer,
        :func:`oracle.formats.model.state.state_to_json`.)"""
        writer = self.variant.state_json
        if writer is None:
            raise OracleError(f"{self.variant.title} gives no JSON writer (Variant.state_json)")
        return writer(self)

    def pending(self, player: int) -> tuple[Coded, ...]:
        """``player``'s pending question marks (the game's bonus members, in order)."""
        return self.sheets[player].pending

    def but(
        self,
        *,
        sheets: tuple[S, ...] | None = None,
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
            self.variant,
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

    def with_sheet(self, player: int, sheet: S) -> Self:
        """A copy with ``player``'s sheet replaced."""
        sheets = self.sheets
        return self.but(sheets=sheets[:player] + (sheet,) + sheets[player + 1:])

    def dice_at(self, place: Place) -> tuple[int, ...]:
        """The dice (indices) lying at ``place``."""
        return _dice_at(self.places, place)


@cache
def _dice_at(places: tuple[Place, ...], place: Place) -> tuple[int, ...]:
    """The dice lying at ``place`` (a pure function of small values, cached)."""
    return tuple(d for d in range(DICE_COUNT) if places[d] == place)
