"""Playing whole games of any registered game: seeded random and greedy policies (for
``clever-oracle play``, the benchmark and the property suites)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType

from oracle.engine.errors import OracleError
from oracle.engine.game import Game, Move, Ruleset, State
from oracle.games import DEFAULT_GAME, find_game

Policy = Callable[[Game, State, tuple[Move, ...], random.Random], Move]


def random_policy(
    game: Game, state: State, moves: tuple[Move, ...], rng: random.Random
) -> Move:
    """Any legal move, uniformly."""
    return rng.choice(moves)


def greedy_policy(
    game: Game, state: State, moves: tuple[Move, ...], rng: random.Random
) -> Move:
    """The move with the best immediate gain in the mover's total (first one on a tie)."""
    actor = state.actor
    best, best_gain = moves[0], None
    for move in moves:
        gain = game.score(game.apply_unchecked(state, move).sheets[actor]).total
        if best_gain is None or gain > best_gain:
            best, best_gain = move, gain
    return best


POLICIES: Mapping[str, Policy] = MappingProxyType(
    {"random": random_policy, "greedy": greedy_policy}
)


def play_game(
    players: int,
    seed: int,
    policy: Policy = random_policy,
    ruleset: Ruleset | None = None,
    game: str = DEFAULT_GAME,
) -> tuple[tuple[Move, ...], State]:
    """Play a whole game of ``game``; the same seed gives the same moves.  Returns the moves
    (chance moves included) and the final state."""
    if not isinstance(seed, int):
        raise OracleError(f"seed: {seed!r} is not a whole number")
    rules = find_game(game)
    rng = random.Random(seed)
    state = rules.new_game(players, ruleset)
    moves: list[Move] = []
    while not state.is_terminal:
        move: Move
        if state.is_chance:
            move = rules.sample_chance(state, rng)
        else:
            move = policy(rules, state, rules.legal_moves(state), rng)
        moves.append(move)
        state = rules.apply_unchecked(state, move)
    return tuple(moves), state
