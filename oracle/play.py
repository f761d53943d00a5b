"""Playing whole games: seeded random and greedy policies (for ``clever-oracle play``, the
benchmark and the property suites)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType

from oracle.cubed.chance import sample_chance
from oracle.cubed.engine import apply_unchecked, new_game
from oracle.cubed.legal import legal_moves
from oracle.cubed.moves import Move, PlayerMove
from oracle.cubed.ruleset import DEFAULT_RULESET, Ruleset
from oracle.cubed.scoring import score
from oracle.cubed.state import GameState
from oracle.errors import OracleError

Policy = Callable[[GameState, tuple[PlayerMove, ...], random.Random], PlayerMove]


def random_policy(
    state: GameState, moves: tuple[PlayerMove, ...], rng: random.Random
) -> PlayerMove:
    """Any legal move, uniformly."""
    return rng.choice(moves)


def greedy_policy(
    state: GameState, moves: tuple[PlayerMove, ...], rng: random.Random
) -> PlayerMove:
    """The move with the best immediate gain in the mover's total (first one on a tie)."""
    actor = state.actor
    best, best_gain = moves[0], None
    for move in moves:
        gain = score(apply_unchecked(state, move).sheets[actor]).total
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
    ruleset: Ruleset = DEFAULT_RULESET,
) -> tuple[tuple[Move, ...], GameState]:
    """Play a whole game; the same seed gives the same moves.  Returns the moves (chance moves
    included) and the final state."""
    if not isinstance(seed, int):
        raise OracleError(f"seed: {seed!r} is not a whole number")
    rng = random.Random(seed)
    state = new_game(players, ruleset)
    moves: list[Move] = []
    while not state.is_terminal:
        move: Move
        if state.is_chance:
            move = sample_chance(state, rng)
        else:
            move = policy(state, legal_moves(state), rng)
        moves.append(move)
        state = apply_unchecked(state, move)
    return tuple(moves), state
