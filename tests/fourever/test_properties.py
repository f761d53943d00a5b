"""Property suites for Clever 4Ever through the game seam: the Hypothesis state machine, listed
moves exactly when no rule is broken, one canonical text per move, a clean refusal of anything."""

from __future__ import annotations

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.engine.errors import IllegalMoveError
from oracle.engine.game import Move, State
from oracle.games import find_game
from properties.machine import machine_for
from properties.strategies import any_move, states

GAME = find_game("clever-4ever")
RULE_IDS = {rule.id for rule in GAME.rules}

TestMachine = machine_for(GAME).TestCase
TestMachine.settings = settings(
    max_examples=40, stateful_step_count=80, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(GAME), st.lists(any_move(GAME), min_size=1, max_size=20))
def test_listed_exactly_when_no_rule_is_broken(state: State, moves: list[Move]) -> None:
    legal = GAME.legal_moves(state)
    for move in list(moves) + list(legal[:5]):
        problem = GAME.diagnose(state, move)
        if state.is_chance:
            continue
        assert (move in legal) == (problem is None), (str(move), problem)
        assert GAME.is_legal(state, move) == (move in legal), str(move)
        if problem is not None:
            assert problem[0] in RULE_IDS, problem
            try:
                GAME.apply(state, move)
            except IllegalMoveError as error:
                assert error.rule == problem[0]
            else:
                raise AssertionError(f"{move} accepted")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_move(GAME))
def test_every_move_has_one_canonical_text(move: Move) -> None:
    assert GAME.parse_move(str(move)) == move


_junk = st.one_of(st.integers(-3, 40), st.text(max_size=3), st.none(), st.booleans(),
                  st.tuples(st.integers(-1, 7)))


@st.composite
def _broken_moves(draw: st.DrawFn) -> object:
    """A real move of the game with one of its fields replaced by junk."""
    move = draw(st.sampled_from(GAME.move_space()))
    fields = attrs.fields(type(move))
    if not fields:
        return draw(_junk)
    field = draw(st.sampled_from([f.name for f in fields]))
    return attrs.evolve(move, **{field: draw(_junk)})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(GAME, max_steps=120), st.one_of(_junk, _broken_moves()))
def test_any_object_gets_a_clean_refusal(state: State, move: object) -> None:
    if move in GAME.legal_moves(state):
        return  # the junk happened to make a legal move
    try:
        GAME.apply(state, move)
    except IllegalMoveError as error:
        assert error.rule in RULE_IDS, error.rule
    else:
        raise AssertionError(f"{move!r} was accepted")
