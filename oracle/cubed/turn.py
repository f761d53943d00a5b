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


def end_rolls(state: GameState) -> GameState:
    """After a pick or a forfeit: roll again, or (third roll used, or no dice left) put the
    remaining dice on the silver platter and go on to the extra dice (rulings 1, 2)."""
    places = state.places
    if state.rolls < 3 and Place.CUP in places:
        return state.but(phase=Phase.ROLL)
    places = tuple(Place.PLATTER if p is Place.CUP else p for p in places)
    return state.but(phase=Phase.ACTIVE_EXTRA, places=places)


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


def settle(state: GameState) -> GameState:
    """Bring a state to its next decision (see the module docstring)."""
    while True:
        state = _drop_unusable(state)
        for i, sheet in enumerate(state.sheets):
            if sheet.pending:
                return state.but(actor=i)
        phase = state.phase
        if phase is Phase.ROLL or phase is Phase.SOLO_ROLL:
            return state.but(actor=CHANCE)
        if phase is Phase.CHOOSE:
            return state.but(actor=state.active)
        if phase is Phase.OVER:
            return state.but(actor=NOBODY)
        if phase is Phase.PASSIVE_CHOOSE:
            if has_passive_take(state, state.seat):
                return state.but(actor=state.seat)
            state = state.but(phase=Phase.PASSIVE_EXTRA)
            continue
        if has_extra(state, state.seat):
            return state.but(actor=state.seat)
        state = after_extra(state)
