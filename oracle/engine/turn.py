"""The Clever turn: what follows what (docs/rulings.md, rulings 1-9, 18-19 and 4E-12), once for
every Clever game.

* :func:`start_round` — round ``number`` begins: every player receives the round's bonus
  (rulings 8, 4E-3), then the first player's turn begins;
* :func:`start_turn` — all dice in the cup, no roll used, no extra dice taken;
* :func:`end_turn` — after the last passive player: the next turn, the next round, or the end of
  the game (ruling 7: a last phase in which every player may still use extra dice, in a game
  whose variant has it; ruling 4E-12: the game simply ends in Clever 4Ever);
* :func:`after_extra` — what follows a player's extra-die step (or its end with ``pass``);
* :func:`rolls_done` — after a pick or a forfeit: roll again, or put the remaining dice on the
  silver platter and go on to the extra dice (rulings 1, 2);
* :func:`settle` — run after every move: it hands the move to a player with pending question
  marks (ruling 18), drops the question marks that cannot be used and enters at once those with
  exactly one use (ruling 19), and moves past steps in which the player has no choice at all (a
  passive player with no usable die and no extra die, an extra-die step with no extra-die
  action), so that a state always has a real decision or a roll to make: "pass" is never the
  only legal move, and no move is ever the only one for a question mark.

``settle`` decides each player's question marks by one reading of their uses
(:func:`oracle.engine.legal.question_readings`), read again only after an entry has changed the
sheet.
"""

from __future__ import annotations

from typing import Any, TypeVar

from oracle.engine.dice import Place
from oracle.engine.entries import enter_question
from oracle.engine.legal import QuestionReading, has_extra, passive_choice, question_readings
from oracle.engine.phase import CHANCE, NOBODY, Phase
from oracle.engine.state import GameState

__all__ = ["after_extra", "end_turn", "rolls_done", "settle", "start_round", "start_turn"]

StateT = TypeVar("StateT", bound=GameState[Any, Any])

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


def start_turn(state: StateT, active: int) -> StateT:
    """Player ``active``'s turn begins: all dice in the cup, no roll used, no extra dice taken."""
    return state.but(
        active=active, seat=active, phase=_ROLL, rolls=0, places=_ALL_CUP,
        extras=(0,) * len(state.sheets),
    )


def start_round(state: StateT, number: int) -> StateT:
    """Round ``number`` begins: every player receives its bonus (rulings 8, 4E-3)."""
    variant = state.variant
    bonus = variant.round_bonus[number - 1]
    if bonus is not None:
        state = state.but(sheets=tuple(variant.award(s, (bonus,)) for s in state.sheets))
    return start_turn(state.but(round=number), 0)


def end_turn(state: StateT) -> StateT:
    """After the last passive player: the next turn, the next round, or the end (rulings 7,
    4E-12)."""
    if state.solo or state.active + 1 == len(state.sheets):
        if state.round == state.rounds:
            if state.variant.end_extra:
                return state.but(phase=_END_EXTRA, seat=0)
            return state.but(phase=_OVER)
        return start_round(state, state.round + 1)
    return start_turn(state, state.active + 1)


def after_extra(state: StateT) -> StateT:
    """What follows a player's extra-die step: the passive players in seat order (the solo
    passive roll), then the next turn; in the end phase, the next player, then the end."""
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


def _resolve_forced(
    state: StateT, player: int, reading: tuple[QuestionReading, ...]
) -> StateT:
    """``state`` with ``player``'s pending question marks that need no choice dealt with: one
    that cannot be used is lost, one with exactly one use is entered at once (ruling 19); each
    kind is looked at in order, again after every change (an entry may earn more).
    ``reading``: the player's :func:`~oracle.engine.legal.question_readings` in ``state``."""
    while True:
        sheet = state.sheets[player]
        for bonus, uses, only in reading:
            if not uses:
                kept = tuple(b for b in sheet.pending if b != bonus)
                state = state.with_sheet(player, sheet.changed(pending=kept))
                break
            if only is not None:
                state = state.with_sheet(player, enter_question(state, sheet, only))
                break
        else:
            return state
        reading = question_readings(state, state.sheets[player])


def _settle_questions(state: StateT) -> tuple[StateT, int]:
    """``state`` after its pending question marks that need no choice are dealt with, and the
    player who must now choose for one (-1: none).  First every player's question marks that
    cannot be used are lost (ruling 19), then each player's in seat order are resolved
    (:func:`_resolve_forced`); the first one left with a choice decides next (ruling 18).  Each
    player's question marks are read once (:func:`~oracle.engine.legal.question_readings`), and
    again only after a change to that player's sheet."""
    readings = {i: question_readings(state, sheet)
                for i, sheet in enumerate(state.sheets) if sheet.pending}
    sheets = list(state.sheets)
    changed = False
    for i, reading in readings.items():
        lost = {bonus for bonus, uses, _ in reading if not uses}
        if lost:
            sheet = sheets[i]
            sheets[i] = sheet.changed(pending=tuple(b for b in sheet.pending if b not in lost))
            readings[i] = tuple(r for r in reading if r[1])
            changed = True
    if changed:
        state = state.but(sheets=tuple(sheets))
    for i, reading in readings.items():
        if state.sheets[i].pending:
            state = _resolve_forced(state, i, reading)
            if state.sheets[i].pending:
                return state, i
    return state, -1


def settle(state: StateT) -> StateT:
    """``state`` brought to its next decision (see the module docstring).  The result does not
    depend on the ``actor`` the state names: it is worked out afresh (a state naming the right
    actor already is kept as it is)."""
    while True:
        if any(sheet.pending for sheet in state.sheets):
            state, chooser = _settle_questions(state)
            if chooser >= 0:
                return state if state.actor == chooser else state.but(actor=chooser)
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
            step = passive_choice(state, seat)
            if step is _PASSIVE_CHOOSE:
                return state if state.actor == seat else state.but(actor=seat)
            state = state.but(phase=_PASSIVE_EXTRA)
            if step is _PASSIVE_EXTRA:
                return state if state.actor == seat else state.but(actor=seat)
            state = after_extra(state)
            continue
        if has_extra(state, seat):
            return state if state.actor == seat else state.but(actor=seat)
        state = after_extra(state)
