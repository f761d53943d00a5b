"""Hypothesis strategies: reachable game states, and moves from the whole notation space.

``states()`` draws a state reached by a seeded random game (chance and decisions drawn by
Hypothesis), so shrinking gives short games.  ``any_move()`` draws any syntactically valid move,
legal or not, for testing that the oracle accepts exactly the listed moves.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from oracle.cubed.chance import sample_chance
from oracle.cubed.engine import apply_unchecked, new_game
from oracle.cubed.legal import legal_moves
from oracle.cubed.moves import (
    FORFEIT,
    PASS,
    REROLL,
    ExtraDie,
    Joker,
    Move,
    QuestionMark,
    Roll,
    SoloRoll,
    Take,
)
from oracle.cubed.ruleset import BlueQuestion, Ruleset
from oracle.cubed.sheet import Area, Bonus
from oracle.cubed.state import GameState
from oracle.cubed.dice import Die

rulesets = st.builds(
    Ruleset,
    blue_question=st.sampled_from(list(BlueQuestion)),
    blue_seven_after_seven=st.booleans(),
)


@st.composite
def states(draw: st.DrawFn, max_steps: int = 400) -> GameState:
    """A state reached from a new game by up to ``max_steps`` random moves."""
    players = draw(st.integers(1, 4))
    ruleset = draw(rulesets)
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, max_steps))
    rng = random.Random(seed)
    state = new_game(players, ruleset)
    for _ in range(steps):
        if state.is_terminal:
            break
        move = sample_chance(state, rng) if state.is_chance else rng.choice(legal_moves(state))
        state = apply_unchecked(state, move)
    return state


def _targets(area: Area) -> st.SearchStrategy[int]:
    if area is Area.YELLOW:
        return st.integers(1, 3)
    if area is Area.TURQUOISE:
        return st.integers(1, 31)
    if area is Area.BROWN:
        return st.integers(1, 12)
    return st.integers(0, 1)


@st.composite
def _entry(draw: st.DrawFn) -> tuple[Area, int]:
    area = draw(st.sampled_from(list(Area)))
    return area, draw(_targets(area))


jokers = st.one_of(st.none(), st.builds(Joker, st.integers(1, 6), st.booleans()))


@st.composite
def any_move(draw: st.DrawFn) -> Move:
    """Any move the notation can express (legal or not)."""
    kind = draw(st.sampled_from(["take", "extra", "question", "reroll", "forfeit", "pass",
                                 "roll", "solo-roll"]))
    if kind in ("take", "extra"):
        area, target = draw(_entry())
        cls = Take if kind == "take" else ExtraDie
        return cls(draw(st.sampled_from(list(Die))), area, target, draw(jokers))
    if kind == "question":
        area, target = draw(_entry())
        bonus = draw(st.sampled_from([b for b in Bonus if b.is_question]))
        return QuestionMark(bonus, draw(st.integers(1, 12)), area, target)
    if kind == "roll":
        rolled = draw(st.lists(st.integers(0, 6), min_size=6, max_size=6).filter(any))
        return Roll(tuple(rolled))
    if kind == "solo-roll":
        faces = tuple(draw(st.lists(st.integers(1, 6), min_size=6, max_size=6)))
        return SoloRoll(faces, tuple(draw(st.permutations(list(Die)))))
    return REROLL if kind == "reroll" else FORFEIT if kind == "forfeit" else PASS
