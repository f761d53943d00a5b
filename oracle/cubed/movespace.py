"""The whole space of player moves the notation can express (about 10,000), for exhaustive
checks: in a state, the listed moves must be exactly the moves of this space that break no
rule."""

from __future__ import annotations

from oracle.cubed.moves import (
    FORFEIT,
    PASS,
    REROLL,
    TARGETS,
    ExtraDie,
    Joker,
    PlayerMove,
    QuestionMark,
    Take,
)
from oracle.cubed.sheet import Area, Bonus
from oracle.cubed.dice import Die

_JOKERS: tuple[Joker | None, ...] = (None,) + tuple(
    Joker(n, free) for free in (False, True) for n in range(1, 7)
)
_ENTRIES: tuple[tuple[Area, int], ...] = tuple(
    (area, target) for area in Area for target in TARGETS[area]
)


def all_player_moves() -> tuple[PlayerMove, ...]:
    """Every well-formed player move: takes and extra dice of every die with every joker and
    entry, question marks of every kind with numbers 1..12 and every entry, and the three
    plain moves."""
    moves: list[PlayerMove] = []
    for cls in (Take, ExtraDie):
        moves.extend(cls(die, area, target, joker)
                     for die in Die for joker in _JOKERS for area, target in _ENTRIES)
    moves.extend(QuestionMark(bonus, number, area, target)
                 for bonus in Bonus if bonus.is_question
                 for number in range(1, 13) for area, target in _ENTRIES)
    moves.extend((REROLL, FORFEIT, PASS))
    return tuple(moves)
