"""The turn structure: what follows what (rulebook "Game Play", "Solo Game", "Game End").

:func:`settle` is run after every move.  It drops question marks that cannot be used (ruling 19),
hands the move to a player with pending question marks (ruling 18), and moves past steps in
which the player has no choice at all (a passive player with no usable die and no extra die, an
extra-die step with no extra-die action), so that a state always has a real decision or a roll
to make.  "pass" is therefore never the only legal move.
"""

from __future__ import annotations

from oracle.dice import Place
from oracle.cubed.legal import has_extra, has_passive_take, question_usable
from oracle.cubed.sheet import ROUND_BONUS
from oracle.cubed.state import CHANCE, NOBODY, GameState, Phase

_ALL_CUP = (Place.CUP,) * 6


def start_round(state: GameState, number: int) -> GameState:
    """Start round ``number``: every player receives the round's bonus (ruling 8), then the
    first player's turn begins."""
    bonus = ROUND_BONUS[number - 1]
    sheets = state.sheets
    if bonus is not None:
        sheets = tuple(s.award((bonus,)) for s in sheets)
    return start_turn(state.but(sheets=sheets, round=number), 0)


def start_turn(state: GameState, active: int) -> GameState:
    """Begin ``active``'s turn: all dice in the cup, no roll used, no extra dice taken."""
    return state.but(
        active=active,
        seat=active,
        phase=Phase.ROLL,
        rolls=0,
        places=_ALL_CUP,
        extras=(0,) * len(state.sheets),
    )


def end_turn(state: GameState) -> GameState:
    """After the last passive player: the next turn, the next round, or the end phase."""
    if state.solo or state.active + 1 == len(state.sheets):
        if state.round == state.rounds:
            return state.but(phase=Phase.END_EXTRA, seat=0)
        return start_round(state, state.round + 1)
    return start_turn(state, state.active + 1)


def after_extra(state: GameState) -> GameState:
    """What follows a player's extra-die step (or the end of it with ``pass``)."""
    phase = state.phase
    n = len(state.sheets)
    if phase is Phase.ACTIVE_EXTRA:
        if state.solo:
            return state.but(phase=Phase.SOLO_ROLL, seat=0, places=_ALL_CUP, extras=(0,))
        return state.but(phase=Phase.PASSIVE_CHOOSE, seat=(state.active + 1) % n)
    if phase is Phase.PASSIVE_EXTRA:
        following = (state.seat + 1) % n
        if following != state.active:
            return state.but(phase=Phase.PASSIVE_CHOOSE, seat=following)
        return end_turn(state)
    if state.seat + 1 < n:
        return state.but(seat=state.seat + 1)
    return state.but(phase=Phase.OVER)


def rolls_done(places: tuple[Place, ...], rolls: int) -> tuple[Phase, tuple[Place, ...]]:
    """The phase and the places after a pick or a forfeit that used ``rolls`` rolls: roll again,
    or (third roll used, or no dice left) the remaining dice go on the silver platter and the
    extra dice follow (rulings 1, 2)."""
    if rolls < 3 and _CUP in places:
        return _ROLL, places
    return _ACTIVE_EXTRA, tuple(_PLATTER if p == _CUP else p for p in places)


def end_rolls(state: GameState) -> GameState:
    """After a pick or a forfeit: roll again, or (third roll used, or no dice left) put the
    remaining dice on the silver platter and go on to the extra dice (rulings 1, 2)."""
    phase, places = rolls_done(state.places, state.rolls)
    return state.but(phase=phase, places=places)


_CUP, _PLATTER = Place.CUP, Place.PLATTER
_ROLL, _SOLO_ROLL, _CHOOSE = Phase.ROLL, Phase.SOLO_ROLL, Phase.CHOOSE
_ACTIVE_EXTRA, _PASSIVE_CHOOSE, _PASSIVE_EXTRA = (
    Phase.ACTIVE_EXTRA, Phase.PASSIVE_CHOOSE, Phase.PASSIVE_EXTRA
)
_OVER = Phase.OVER


def _drop_unusable(state: GameState) -> GameState:
    sheets = list(state.sheets)
    changed = False
    for i, sheet in enumerate(sheets):
        if sheet.pending:
            usable = {b for b in set(sheet.pending) if question_usable(state, sheet, b)}
            kept = tuple(b for b in sheet.pending if b in usable)
            if kept != sheet.pending:
                sheets[i] = sheet.but(pending=kept)
                changed = True
    return state.but(sheets=tuple(sheets)) if changed else state


def _to_move(state: GameState, actor: int) -> GameState:
    """``state`` with ``actor`` to move (the same state when it already says so)."""
    return state if state.actor == actor else state.but(actor=actor)


def settle(state: GameState) -> GameState:
    """Bring a state to its next decision (see the module docstring).  The result does not
    depend on the ``actor`` the state names: it is worked out afresh (a state naming the right
    actor already is kept as it is)."""
    while True:
        for sheet in state.sheets:
            if sheet.pending:
                state = _drop_unusable(state)
                for i, kept in enumerate(state.sheets):
                    if kept.pending:
                        return _to_move(state, i)
                break
        phase = state.phase
        if phase == _ROLL or phase == _SOLO_ROLL:
            return _to_move(state, CHANCE)
        if phase == _CHOOSE:
            return _to_move(state, state.active)
        if phase == _OVER:
            return _to_move(state, NOBODY)
        if phase == _PASSIVE_CHOOSE:
            if has_passive_take(state, state.seat):
                return _to_move(state, state.seat)
            state = state.but(phase=_PASSIVE_EXTRA)
            continue
        if has_extra(state, state.seat):
            return _to_move(state, state.seat)
        state = after_extra(state)
