"""Clever 4Ever's turn: the shared Clever turn (:mod:`oracle.turn`; rules "Déroulement du jeu",
"Main phase", "Passive phase", "Fin de la partie"; docs/rulings.md, rulings 1-9 and 18-19,
applied unchanged by part 2) built with what is Clever 4Ever's own: its passive-die and
extra-die checks (:mod:`oracle.fourever.legal`), its question marks and its round bonuses
(ruling 4E-3).

:func:`settle` is run after every move (see :mod:`oracle.turn`): it drops question marks that
cannot be used (ruling 19), hands the move to a player with pending question marks (ruling 18),
and moves past steps in which the player has no choice at all, so "pass" is never the only legal
move.
"""

from __future__ import annotations

import attrs

from oracle.fourever.legal import has_extra, has_passive_take, question_uses
from oracle.fourever.sheet import ROUND_BONUS
from oracle.fourever.state import GameState
from oracle.turn import Turn, kept_pending, make_turn

__all__ = ["after_extra", "end_rolls", "end_turn", "settle", "start_round", "start_turn"]


def _award_round(state: GameState, number: int) -> GameState:
    """Every player receives round ``number``'s bonus (docs/rulings.md, ruling 4E-3)."""
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
            kept = kept_pending(sheet.pending, lambda b: bool(question_uses(state, sheet, b)))
            if kept != sheet.pending:
                sheets[i] = attrs.evolve(sheet, pending=kept)
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
