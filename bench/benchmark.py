"""Speed figures for the oracle (a script, not a test): run ``python bench/benchmark.py``.

Prints random solo games per second (one process, moves drawn from ``legal_moves`` and applied
with the full legality check), legal-move calls per second, and records verified per second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from oracle import apply, legal_moves, new_game, sample_chance  # noqa: E402


def random_games(players: int, games: int) -> tuple[float, float, int]:
    """Play ``games`` random games; return (games/s, legal-move calls/s, calls)."""
    calls = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(players)
        while not state.is_terminal:
            if state.is_chance:
                move = sample_chance(state, rng)
            else:
                moves = legal_moves(state)
                calls += 1
                move = rng.choice(moves)
            state = apply(state, move)
    elapsed = time.perf_counter() - start
    return games / elapsed, calls / elapsed, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    games_per_s, calls_per_s, _ = random_games(1, args.games)
    print(f"random solo games/s:       {games_per_s:8.1f}  ({args.games} games, checked apply)")
    print(f"legal-move calls/s:        {calls_per_s:8.1f}")
    four, four_calls, _ = random_games(4, max(1, args.games // 4))
    print(f"random 4-player games/s:   {four:8.1f}")
    try:
        from oracle.record import bench_verify
    except ImportError:
        return
    print(f"records verified/s:        {bench_verify(max(1, args.games // 3)):8.1f}")


if __name__ == "__main__":
    main()
