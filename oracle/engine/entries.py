"""Entering a number on a sheet: a die (taken, or used as an extra die) or a question mark.

The area's module writes the entry on its own part of the sheet and names the bonuses it earns;
they are received at once (rulebook "Bonuses": "you immediately receive the bonus"), and a use
of the game's own action is spent from its track.

This module decides nothing: a die move comes with its :data:`DieReading`, the numbers and the
position the legality check (:func:`oracle.engine.legal.check`, or
:func:`oracle.engine.legal.die_reading` for a move :func:`~oracle.engine.legal.legal_moves` listed)
read for it, and is entered with exactly those (the data goes one way: check, then entry).
"""

from __future__ import annotations

from typing import Any

from oracle.engine.area import QUESTION_DIE
from oracle.engine.dice import POSITION_OF, Place, Position
from oracle.engine.moves import DieMove, QuestionMark
from oracle.engine.sheet import ACTION, Sheet
from oracle.engine.state import GameState

__all__ = ["DieReading", "enter_die", "enter_question", "entry_position"]

State = GameState[Any, Any]

_CUP = Place.CUP
_QUESTION = int(Position.QUESTION)


#: What the legality check read of a die move, and what entering it uses: (number, partner,
#: position, use): the number the die enters (its face, changed by the game's own action use the
#: move names), the partner die's number (rulings 15, 4E-2), the position it is entered from
#: (ruling 5) and the index of the action use (0: none).  A plain tuple: it is made for every
#: die move applied.
DieReading = tuple[int, int, int, int]


def entry_position(state: State, die: int) -> int:
    """Where ``die`` is entered from (ruling 5): an active pick, still in the cup, goes onto die
    field ``rolls + 1``; any other die is entered where it lies."""
    place = state.places[die]
    return state.rolls + 1 if place == _CUP else POSITION_OF[place]


def _enter(
    state: State, sheet: Sheet, area: int, target: int, number: int, partner: int, position: int,
    die: int, spent: tuple[int, ...],
) -> Sheet:
    variant = state.variant
    index = area - 1
    parts = sheet.parts
    part, earned = variant.rules_of[area].enter(parts[index], target, number, partner, position,
                                                die, state)
    sheet = sheet.make(parts[:index] + (part,) + parts[index + 1:], sheet.circled, spent,
                       sheet.pending)
    return variant.award(sheet, earned) if earned else sheet


def enter_die(state: State, sheet: Sheet, move: DieMove, reading: DieReading) -> Sheet:
    """``sheet`` after the legal die move ``move``, read as ``reading`` (its action use spent,
    its bonuses received)."""
    number, partner, position, use = reading
    spent = sheet.spent
    if use:
        spent = (spent[:ACTION] + (state.variant.action.spend(spent[ACTION], use),)
                 + spent[ACTION + 1:])
    return _enter(state, sheet, move.area, move.target, number, partner, position, move.die,
                  spent)


def enter_question(state: State, sheet: Sheet, move: QuestionMark) -> Sheet:
    """``sheet`` after resolving the pending question mark ``move`` names (rulings 10, 13,
    16-18, 4E-6, 4E-8, 4E-9, 4E-11)."""
    pending = list(sheet.pending)
    pending.remove(move.bonus)
    sheet = sheet.changed(pending=tuple(pending))
    return _enter(state, sheet, move.area, move.target, move.number, 0, _QUESTION,
                  QUESTION_DIE, sheet.spent)
