"""The whole space of well-formed player moves of a game, for exhaustive checks: in a state, the
listed moves must be exactly the moves of this space that break no rule."""

from __future__ import annotations

from functools import cache

from oracle.engine.legal import QUESTION_NUMBER_MAX
from oracle.engine.moves import FORFEIT, PASS, REROLL, ExtraDie, PlayerMove, QuestionMark, Take
from oracle.engine.variant import Variant

__all__ = ["move_space"]


@cache
def move_space(variant: Variant) -> tuple[PlayerMove, ...]:
    """Every well-formed player move of ``variant``: takes and extra dice of every die with every
    use of the game's action and every entry, question marks of every kind with every number
    (none, 1..12) and every entry, and the three plain moves."""
    entries = [(area, target) for area in variant.areas for target in area.rules.TARGETS]
    moves: list[PlayerMove] = []
    for cls in (Take, ExtraDie):
        moves.extend(cls(die, area, target, action)
                     for die in variant.dice for action in variant.action.by_index
                     for area, target in entries)
    moves.extend(QuestionMark(bonus, number, area, target)
                 for bonus in variant.bonuses if variant.is_question[bonus]
                 for number in range(QUESTION_NUMBER_MAX + 1) for area, target in entries)
    moves.extend((REROLL, FORFEIT, PASS))
    return tuple(moves)
