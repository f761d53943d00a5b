"""A Hypothesis state machine that plays any registered game through the game seam.

Each step either rolls (chance drawn by Hypothesis), plays a listed move, or tries an arbitrary
move: a listed move must apply, any other must be refused with a named rule and the exact list
of legal moves.  The game's invariants hold after every step.  ``machine_for(game)`` makes the
machine class for one game; its ``TestCase`` runs under pytest.
"""

from __future__ import annotations

import random
from typing import ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from oracle.engine.errors import IllegalMoveError
from oracle.engine.game import Game, Move, Ruleset, State
from properties.strategies import any_move, rulesets


class GameMachine(RuleBasedStateMachine):
    """Plays one game of :attr:`game` per run; see the module docstring."""

    game: ClassVar[Game]

    def __init__(self) -> None:
        super().__init__()
        self.state: State | None = None

    def _step(self, move: Move) -> None:
        assert self.state is not None
        after = self.game.apply(self.state, move)
        assert self.game.step_problems(self.state, after) == []
        self.state = after

    @precondition(lambda self: self.state is not None and self.state.is_chance)
    @rule(data=st.data())
    def roll(self, data: st.DataObject) -> None:
        assert self.state is not None
        seed = data.draw(st.integers(0, 2**16))
        self._step(self.game.sample_chance(self.state, random.Random(seed)))

    @precondition(
        lambda self: self.state is not None and not self.state.is_chance
        and not self.state.is_terminal
    )
    @rule(data=st.data())
    def play_listed(self, data: st.DataObject) -> None:
        assert self.state is not None
        moves = self.game.legal_moves(self.state)
        self._step(data.draw(st.sampled_from(moves)))

    def try_move(self, move: Move) -> None:
        """Try ``move``: listed exactly when no rule is broken; refused with that rule."""
        assert self.state is not None
        game = self.game
        legal = game.legal_moves(self.state)
        problem = game.diagnose(self.state, move)
        if self.state.is_chance:
            return
        listed = move in legal
        assert listed == (problem is None), (str(move), problem)
        assert game.is_legal(self.state, move) == listed, str(move)
        if listed:
            self._step(move)
            return
        try:
            game.apply(self.state, move)
        except IllegalMoveError as error:
            assert problem is not None and error.rule == problem[0]
            assert error.rule != "NOT-LEGAL", str(move)
            assert error.legal == legal
        else:
            raise AssertionError(f"{move} was accepted but is not listed")

    @invariant()
    def sound(self) -> None:
        if self.state is not None:
            assert self.game.state_problems(self.state) == []


def machine_for(game: Game) -> type[GameMachine]:
    """The state machine class for ``game`` (its ``TestCase`` runs under pytest)."""

    class Machine(GameMachine):
        @initialize(players=st.integers(game.min_players, game.max_players),
                    ruleset=rulesets(game))
        def start(self, players: int, ruleset: Ruleset) -> None:
            self.state = game.new_game(players, ruleset)

        @precondition(lambda self: self.state is not None)
        @rule(move=any_move(game))
        def try_any(self, move: Move) -> None:
            self.try_move(move)

    Machine.game = game
    Machine.__name__ = Machine.__qualname__ = f"Machine_{game.name.replace('-', '_')}"
    return Machine
