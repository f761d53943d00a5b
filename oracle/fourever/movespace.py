"""The whole space of well-formed player moves (about 58,000), for exhaustive checks: in a state,
the listed moves must be exactly the moves of this space that break no rule."""

from __future__ import annotations

from oracle.fourever.dice import Die
from oracle.fourever.entries import TARGETS
from oracle.fourever.legal import question_numbers
from oracle.fourever.moves import (
    FORFEIT,
    MAX_POLISH,
    PASS,
    REROLL,
    ExtraDie,
    PlayerMove,
    QuestionMark,
    Take,
)
from oracle.fourever.sheet import Area, Bonus

_CHANGES = tuple(range(-MAX_POLISH, MAX_POLISH + 1))


def move_space() -> tuple[PlayerMove, ...]:
    """Every well-formed player move: takes and extra dice of every die in every area and target
    with every polishing (the partner's only in blue), question marks of every kind with every
    number and target, and the three plain moves."""
    moves: list[PlayerMove] = []
    for cls in (Take, ExtraDie):
        for die in Die:
            for area in Area:
                partners = _CHANGES if area is Area.BLUE else (0,)
                moves.extend(cls(die, area, target, p, q)
                             for p in _CHANGES for q in partners for target in TARGETS[area])
    moves.extend(QuestionMark(bonus, number, area, target)
                 for bonus in Bonus if bonus.is_question
                 for area in Area for number in question_numbers(area)
                 for target in TARGETS[area])
    moves.extend((REROLL, FORFEIT, PASS))
    return tuple(moves)
