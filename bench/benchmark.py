"""Speed figures for the oracle (a script, not a test): run ``python bench/benchmark.py``.

Prints random solo games per second (one process, moves drawn from ``legal_moves`` and applied
with the full legality check), legal-move calls per second, random 4-player games per second and
records verified per second, and records judged per second by ``verify``'s pipeline (parse,
verify, format; JSON Lines in input order) with 1 job and with 2 jobs side by side.  Each figure is the best of five repetitions (shared machines are
noisy; the best run is the one least disturbed), with the slowest shown beside it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from oracle import apply, legal_moves, new_game, sample_chance  # noqa: E402
from concurrent.futures import ProcessPoolExecutor  # noqa: E402

from oracle.play import play_game  # noqa: E402
from oracle.record import bench_verify, record_game  # noqa: E402
from oracle.verifier import Judging, ignore_interrupts, judged  # noqa: E402


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


REPEATS = 5


def pipeline(jobs: int, count: int) -> float:
    """Records judged per second by ``verify``'s pipeline with ``jobs`` processes (the records:
    ``count`` JSON Lines of random 2-player games, already in memory)."""
    line = json.dumps(record_game(play_game(2, 3)[0], ("A", "B")).to_json())
    items = [(f"bench.jsonl:{n}", line) for n in range(count)]
    start = time.perf_counter()
    if jobs == 1:
        done = sum(1 for _ in judged(items, Judging()))
    else:
        with ProcessPoolExecutor(jobs, initializer=ignore_interrupts) as pool:
            done = sum(1 for _ in judged(items, Judging(), pool, jobs))
    assert done == count
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="solo games per repetition")
    args = parser.parse_args()
    solo = [random_games(1, args.games) for _ in range(REPEATS)]
    four = [random_games(4, max(1, args.games // 4))[0] for _ in range(REPEATS)]
    verified = [bench_verify(max(1, args.games // 3)) for _ in range(REPEATS)]
    print(f"best of {REPEATS} (slowest in brackets)")
    print(f"random solo games/s:     {max(g for g, _, _ in solo):8.1f}  "
          f"({min(g for g, _, _ in solo):.1f}; {args.games} games a run, checked apply)")
    print(f"legal-move calls/s:      {max(c for _, c, _ in solo):8.1f}  "
          f"({min(c for _, c, _ in solo):.1f})")
    print(f"random 4-player games/s: {max(four):8.1f}  ({min(four):.1f})")
    print(f"records verified/s:      {max(verified):8.1f}  ({min(verified):.1f}; 2-player "
          "random games)")
    count = max(4, args.games * 2)
    one = max(pipeline(1, count) for _ in range(3))
    two = max(pipeline(2, count) for _ in range(3))
    print(f"verify pipeline records/s: 1 job {one:8.1f}   2 jobs {two:8.1f}  (best of 3; "
          f"{count} 2-player records)")


if __name__ == "__main__":
    main()
