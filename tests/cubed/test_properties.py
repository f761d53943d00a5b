"""Property suites: the oracle accepts exactly its listed moves and explains every refusal."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle import (
    RULES_BY_ID,
    ExtraDie,
    IllegalMoveError,
    QuestionMark,
    Roll,
    SoloRoll,
    Take,
    apply,
    diagnose,
    legal_moves,
    parse_move,
)
from oracle.engine.legal import is_legal
from oracle import Move
from oracle import GameState
from oracle.games import find_game
from properties.machine import machine_for
from properties.strategies import any_move as any_game_move, states as game_states

CUBED = find_game("clever-cubed")
TestMachine = machine_for(CUBED).TestCase
TestMachine.settings = settings(
    max_examples=60, stateful_step_count=80, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_states(CUBED), st.lists(any_game_move(CUBED), min_size=1, max_size=20))
def test_listed_exactly_when_no_rule_is_broken(state: GameState, moves: list[Move]) -> None:
    legal = legal_moves(state)
    for move in list(moves) + list(legal[:5]):
        problem = diagnose(state, move)
        if state.is_chance:
            continue
        assert (move in legal) == (problem is None), (str(move), problem)
        assert is_legal(state, move) == (move in legal), str(move)
        if problem is not None:
            assert problem[0] != "NOT-LEGAL", str(move)
            try:
                apply(state, move)
            except IllegalMoveError as error:
                assert error.rule == problem[0]
            else:
                raise AssertionError(f"{move} accepted")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_game_move(CUBED))
def test_every_move_has_one_canonical_text(move: Move) -> None:
    assert parse_move(str(move)) == move


_junk = st.one_of(st.integers(-3, 40), st.text(max_size=3), st.none(), st.booleans())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_states(CUBED, max_steps=120), st.one_of(
    st.builds(Take, _junk, _junk, _junk, _junk),
    st.builds(ExtraDie, _junk, _junk, _junk, _junk),
    st.builds(QuestionMark, _junk, _junk, _junk, _junk),
    st.builds(Roll, st.tuples(_junk, _junk, _junk, _junk, _junk, _junk)),
    st.builds(SoloRoll, st.tuples(_junk, _junk), st.tuples(_junk)),
    _junk,
))
def test_any_object_gets_a_clean_refusal(state: GameState, move: object) -> None:
    try:
        apply(state, move)  # type: ignore[arg-type]  # deliberately anything at all
    except IllegalMoveError as error:
        assert error.rule in RULES_BY_ID, error.rule
    else:
        raise AssertionError(f"{move!r} was accepted")
