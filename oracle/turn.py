"""The Clever turn: what follows what (docs/rulings.md, rulings 1-9 and 18-19), the same in every
Clever game (Clever 4Ever applies Clever Cubed's turn unchanged).

A game builds its turn once with :func:`make_turn`, passing what differs between the games: who
can take a passive die, who has an extra-die action to take, how unusable question marks are
dropped from its sheets (ruling 19) and how a round's bonus is handed out (ruling 8).  Everything
else — starting a turn, the next turn, round or end phase, the steps after the extra dice, the
end of the active player's rolls, and :func:`settle`'s loop — lives here once.

The game's ``settle`` is run after every move.  It hands the move to a player with pending
question marks (ruling 18; unusable ones are dropped first, ruling 19) and moves past steps in
which the player has no choice at all (a passive player with no usable die and no extra die, an
extra-die step with no extra-die action), so that a state always has a real decision or a roll
to make.  "pass" is therefore never the only legal move.

The module names no game: a game's state need only have the fields of :class:`TurnState`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, Protocol, Self, TypeVar

from oracle.dice import Place
from oracle.phase import CHANCE, NOBODY, Phase

__all__ = ["PendingSheet", "Turn", "TurnState", "kept_pending", "make_turn", "rolls_done"]


class PendingSheet(Protocol):
    """What the turn reads of a sheet: its pending question marks."""

    @property
    def pending(self) -> tuple[object, ...]: ...


class TurnState(Protocol):
    """What the turn reads and writes of a game's state (the game's own state type)."""

    @property
    def sheets(self) -> tuple[PendingSheet, ...]: ...

    @property
    def round(self) -> int: ...

    @property
    def rounds(self) -> int: ...

    @property
    def solo(self) -> bool: ...

    @property
    def active(self) -> int: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def seat(self) -> int: ...

    @property
    def actor(self) -> int: ...

    @property
    def rolls(self) -> int: ...

    @property
    def places(self) -> tuple[Place, ...]: ...

    def but(
        self,
        *,
        round: int | None = None,
        active: int | None = None,
        phase: Phase | None = None,
        seat: int | None = None,
        actor: int | None = None,
        rolls: int | None = None,
        places: tuple[Place, ...] | None = None,
        extras: tuple[int, ...] | None = None,
    ) -> Self:
        """A copy with the given fields changed."""
        ...


StateT = TypeVar("StateT", bound=TurnState)
BonusT = TypeVar("BonusT", bound=Hashable)

_CUP, _PLATTER = Place.CUP, Place.PLATTER
_ALL_CUP = (Place.CUP,) * 6
_ROLL, _SOLO_ROLL, _CHOOSE = Phase.ROLL, Phase.SOLO_ROLL, Phase.CHOOSE
_ACTIVE_EXTRA, _PASSIVE_CHOOSE, _PASSIVE_EXTRA = (
    Phase.ACTIVE_EXTRA, Phase.PASSIVE_CHOOSE, Phase.PASSIVE_EXTRA
)
_END_EXTRA, _OVER = Phase.END_EXTRA, Phase.OVER


def rolls_done(places: tuple[Place, ...], rolls: int) -> tuple[Phase, tuple[Place, ...]]:
    """The phase and the places after a pick or a forfeit that used ``rolls`` rolls: roll again,
    or (third roll used, or no dice left) the remaining dice go on the silver platter and the
    extra dice follow (rulings 1, 2)."""
    if rolls < 3 and _CUP in places:
        return _ROLL, places
    return _ACTIVE_EXTRA, tuple(_PLATTER if p == _CUP else p for p in places)


def kept_pending(
    pending: tuple[BonusT, ...], usable: Callable[[BonusT], bool]
) -> tuple[BonusT, ...]:
    """The pending question marks that are kept: those ``usable`` says can still be used, in
    their order (ruling 19: one that cannot be used is lost).  Each kind is asked once."""
    ok = {b for b in set(pending) if usable(b)}
    return tuple(b for b in pending if b in ok)


class Turn(Generic[StateT]):
    """A game's turn: the flow functions built by :func:`make_turn` for its state type.

    * ``start_round(state, number)``: round ``number`` begins; every player receives the round's
      bonus (ruling 8), then the first player's turn begins;
    * ``start_turn(state, active)``: all dice in the cup, no roll used, no extra dice taken;
    * ``end_turn(state)``: after the last passive player, the next turn, the next round or the
      end phase (ruling 7);
    * ``after_extra(state)``: what follows a player's extra-die step (or its end with ``pass``);
    * ``end_rolls(state)``: after a pick or a forfeit, roll again, or put the remaining dice on
      the silver platter and go on to the extra dice (rulings 1, 2);
    * ``settle(state)``: the state brought to its next decision (see the module docstring).  The
      result does not depend on the ``actor`` the state names: it is worked out afresh (a state
      naming the right actor already is kept as it is).
    """

    __slots__ = ("start_round", "start_turn", "end_turn", "after_extra", "end_rolls", "settle")

    def __init__(
        self,
        start_round: Callable[[StateT, int], StateT],
        start_turn: Callable[[StateT, int], StateT],
        end_turn: Callable[[StateT], StateT],
        after_extra: Callable[[StateT], StateT],
        end_rolls: Callable[[StateT], StateT],
        settle: Callable[[StateT], StateT],
    ) -> None:
        self.start_round = start_round
        self.start_turn = start_turn
        self.end_turn = end_turn
        self.after_extra = after_extra
        self.end_rolls = end_rolls
        self.settle = settle


def make_turn(
    *,
    award_round: Callable[[StateT, int], StateT],
    has_passive_take: Callable[[StateT, int], bool],
    has_extra: Callable[[StateT, int], bool],
    drop_unusable: Callable[[StateT], StateT],
) -> Turn[StateT]:
    """A game's turn, from what differs between the games:

    * ``award_round(state, number)`` — ``state`` with round ``number``'s bonus given to every
      player (the same state when the round has none);
    * ``has_passive_take(state, seat)`` — True when passive player ``seat`` has a die to take;
    * ``has_extra(state, seat)`` — True when ``seat`` has an extra-die move;
    * ``drop_unusable(state)`` — ``state`` without the pending question marks that cannot be
      used (ruling 19; the same state when none is dropped).

    The functions are closures over these (no lookup per call on the hot path)."""

    def start_turn(state: StateT, active: int) -> StateT:
        return state.but(
            active=active, seat=active, phase=_ROLL, rolls=0, places=_ALL_CUP,
            extras=(0,) * len(state.sheets),
        )

    def start_round(state: StateT, number: int) -> StateT:
        return start_turn(award_round(state, number).but(round=number), 0)

    def end_turn(state: StateT) -> StateT:
        if state.solo or state.active + 1 == len(state.sheets):
            if state.round == state.rounds:
                return state.but(phase=_END_EXTRA, seat=0)
            return start_round(state, state.round + 1)
        return start_turn(state, state.active + 1)

    def after_extra(state: StateT) -> StateT:
        phase = state.phase
        n = len(state.sheets)
        if phase is _ACTIVE_EXTRA:
            if state.solo:
                return state.but(phase=_SOLO_ROLL, seat=0, places=_ALL_CUP, extras=(0,))
            return state.but(phase=_PASSIVE_CHOOSE, seat=(state.active + 1) % n)
        if phase is _PASSIVE_EXTRA:
            following = (state.seat + 1) % n
            if following != state.active:
                return state.but(phase=_PASSIVE_CHOOSE, seat=following)
            return end_turn(state)
        if state.seat + 1 < n:
            return state.but(seat=state.seat + 1)
        return state.but(phase=_OVER)

    def end_rolls(state: StateT) -> StateT:
        phase, places = rolls_done(state.places, state.rolls)
        return state.but(phase=phase, places=places)

    def settle(state: StateT) -> StateT:
        while True:
            for sheet in state.sheets:
                if sheet.pending:
                    state = drop_unusable(state)
                    for i, kept in enumerate(state.sheets):
                        if kept.pending:
                            return state if state.actor == i else state.but(actor=i)
                    break
            phase = state.phase
            if phase == _ROLL or phase == _SOLO_ROLL:
                return state if state.actor == CHANCE else state.but(actor=CHANCE)
            if phase == _CHOOSE:
                active = state.active
                return state if state.actor == active else state.but(actor=active)
            if phase == _OVER:
                return state if state.actor == NOBODY else state.but(actor=NOBODY)
            seat = state.seat
            if phase == _PASSIVE_CHOOSE:
                if has_passive_take(state, seat):
                    return state if state.actor == seat else state.but(actor=seat)
                state = state.but(phase=_PASSIVE_EXTRA)
                continue
            if has_extra(state, seat):
                return state if state.actor == seat else state.but(actor=seat)
            state = after_extra(state)

    return Turn(start_round, start_turn, end_turn, after_extra, end_rolls, settle)
