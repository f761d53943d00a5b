"""Clever Cubed's turn: the shared Clever turn (:mod:`oracle.turn`, rulebook "Game Play", "Solo
Game", "Game End") built with what is Clever Cubed's own: its passive-die and extra-die checks
(:mod:`oracle.cubed.legal`), its question marks and its round bonuses (ruling 8).

:func:`settle` is run after every move (see :mod:`oracle.turn`): it drops question marks that
cannot be used (ruling 19), hands the move to a player with pending question marks (ruling 18),
and moves past steps in which the player has no choice at all, so "pass" is never the only legal
move.
"""

from __future__ import annotations

from oracle.cubed.legal import has_extra, has_passive_take, question_usable
from oracle.cubed.sheet import ROUND_BONUS
from oracle.cubed.state import GameState
from oracle.turn import Turn, kept_pending, make_turn, rolls_done

__all__ = [
    "after_extra", "end_rolls", "end_turn", "rolls_done", "settle", "start_round", "start_turn",
]


def _award_round(state: GameState, number: int) -> GameState:
    """Every player receives round ``number``'s bonus (ruling 8)."""
    bonus = ROUND_BONUS[number - 1]
    if bonus is None:
        return state
    return state.but(sheets=tuple(s.award((bonus,)) for s in state.sheets))


def _drop_unusable(state: GameState) -> GameState:
    """``state`` without the pending question marks that cannot be used (ruling 19)."""
    sheets = list(state.sheets)
    changed = False
    for i, sheet in enumerate(sheets):
        if sheet.pending:
            kept = kept_pending(sheet.pending, lambda b: question_usable(state, sheet, b))
            if kept != sheet.pending:
                sheets[i] = sheet.but(pending=kept)
                changed = True
    return state.but(sheets=tuple(sheets)) if changed else state


TURN: Turn[GameState] = make_turn(
    award_round=_award_round,
    has_passive_take=has_passive_take,
    has_extra=has_extra,
    drop_unusable=_drop_unusable,
)

start_round = TURN.start_round
start_turn = TURN.start_turn
end_turn = TURN.end_turn
after_extra = TURN.after_extra
end_rolls = TURN.end_rolls
settle = TURN.settle
