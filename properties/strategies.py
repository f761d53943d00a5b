"""Hypothesis strategies for any registered game: rulesets, reachable states, and moves from the
whole notation space.

``states(game)`` draws a state reached by a seeded random game (chance and decisions drawn by
Hypothesis), so shrinking gives short games.  ``any_move(game)`` draws any well-formed move of
the game, legal or not (the game's ``move_space`` plus rolls of any dice), for testing that the
oracle accepts exactly the listed moves.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from oracle.engine.game import Game, Move, Ruleset, State


def rulesets(game: Game) -> st.SearchStrategy[Ruleset]:
    """Any ruleset of ``game``: every option drawn from its values."""
    options = st.fixed_dictionaries(
        {o.name: st.sampled_from(o.values) for o in game.ruleset_options}
    )
    return options.map(game.make_ruleset)


@st.composite
def states(draw: st.DrawFn, game: Game, max_steps: int = 400) -> State:
    """A state of ``game`` reached from a new game by up to ``max_steps`` random moves."""
    players = draw(st.integers(game.min_players, game.max_players))
    ruleset = draw(rulesets(game))
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, max_steps))
    rng = random.Random(seed)
    state = game.new_game(players, ruleset)
    for _ in range(steps):
        if state.is_terminal:
            break
        if state.is_chance:
            move = game.sample_chance(state, rng)
        else:
            move = rng.choice(game.legal_moves(state))
        state = game.apply_unchecked(state, move)
    return state


@st.composite
def chance_moves(draw: st.DrawFn, game: Game) -> Move:
    """A roll of any non-empty set of the dice, or a solo roll of all six in any order."""
    codes = game.dice_codes
    if draw(st.booleans()):
        rolled = draw(st.lists(st.sampled_from(range(len(codes))), min_size=1,
                               max_size=len(codes), unique=True).map(sorted))
        faces = draw(st.lists(st.integers(1, 6), min_size=len(rolled), max_size=len(rolled)))
        return game.parse_move("roll " + " ".join(f"{codes[d]}{f}" for d, f in zip(rolled, faces)))
    order = draw(st.permutations(range(len(codes))))
    faces = draw(st.lists(st.integers(1, 6), min_size=len(codes), max_size=len(codes)))
    return game.parse_move("solo-roll " + " ".join(f"{codes[d]}{f}" for d, f in zip(order, faces)))


def any_move(game: Game) -> st.SearchStrategy[Move]:
    """Any move the game's notation can express (legal or not)."""
    return st.one_of(st.sampled_from(game.move_space()), chance_moves(game))
