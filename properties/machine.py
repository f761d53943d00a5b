"""A Hypothesis state machine that plays Clever Cubed through the public API.

Each step either rolls (chance drawn by Hypothesis), plays a listed move, or tries an arbitrary
move: a listed move must apply, any other must be refused with a named rule and the exact list
of legal moves.  Invariants hold after every step.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from oracle.cubed.chance import sample_chance
from oracle.cubed.diagnose import diagnose
from oracle.cubed.engine import apply, new_game
from oracle.cubed.legal import is_legal, legal_moves
from oracle.cubed.moves import Move
from oracle.cubed.ruleset import Ruleset
from oracle.cubed.state import GameState
from oracle.errors import IllegalMoveError
from properties.invariants import state_problems, step_problems
from properties.strategies import any_move, rulesets


class CleverCubedMachine(RuleBasedStateMachine):
    """Plays one game per run; see the module docstring."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None

    @initialize(players=st.integers(1, 4), ruleset=rulesets)
    def start(self, players: int, ruleset: Ruleset) -> None:
        self.state = new_game(players, ruleset)

    def _step(self, move: Move) -> None:
        assert self.state is not None
        after = apply(self.state, move)
        for before_sheet, after_sheet in zip(self.state.sheets, after.sheets):
            assert step_problems(before_sheet, after_sheet) == []
        self.state = after

    @precondition(lambda self: self.state is not None and self.state.is_chance)
    @rule(data=st.data())
    def roll(self, data: st.DataObject) -> None:
        assert self.state is not None
        seed = data.draw(st.integers(0, 2**16))
        self._step(sample_chance(self.state, random.Random(seed)))

    @precondition(
        lambda self: self.state is not None and not self.state.is_chance
        and not self.state.is_terminal
    )
    @rule(data=st.data())
    def play_listed(self, data: st.DataObject) -> None:
        assert self.state is not None
        moves = legal_moves(self.state)
        self._step(data.draw(st.sampled_from(moves)))

    @precondition(lambda self: self.state is not None)
    @rule(move=any_move())
    def try_any(self, move: Move) -> None:
        assert self.state is not None
        listed = move in legal_moves(self.state)
        problem = diagnose(self.state, move)
        if self.state.is_chance:
            return
        assert listed == (problem is None), (str(move), problem)
        assert is_legal(self.state, move) == listed, str(move)
        if listed:
            self._step(move)
            return
        try:
            apply(self.state, move)
        except IllegalMoveError as error:
            assert problem is not None and error.rule == problem[0]
            assert error.rule != "NOT-LEGAL", str(move)
            assert error.legal == legal_moves(self.state)
        else:
            raise AssertionError(f"{move} was accepted but is not listed")

    @invariant()
    def sound(self) -> None:
        if self.state is not None:
            assert state_problems(self.state) == []
