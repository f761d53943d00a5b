"""Requests per second of the checking service (a script, not a test): run
``python bench/serve.py``.

For 1 and 2 worker processes (``--workers``), a real ``clever-oracle serve`` is started on a
free loopback port and sent a fixed number of requests (``--requests``, default 400) by
``--clients`` threads at once (default 8, each with its own keep-alive connection): ``legal``
(positions of a seeded 2-player Clever Cubed game, in turn) and ``verify`` (one record of a
3-player game, 122 steps, as one JSON record per request).  Every answer must be 200.  It prints
requests per second for each, the median of ``--repeat`` runs (default 3) with the min and max.
The clients run on the same machine as the workers and share its cores with them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from oracle.games import find_game  # noqa: E402
from oracle.play import play_game  # noqa: E402
from tests.serve.live import running  # noqa: E402

RECORD = ROOT / "examples" / "three-players-legal.json"


def _bodies(kind: str) -> list[tuple[str, bytes]]:
    """The (path, JSON body) requests of one kind, used in turn."""
    if kind == "verify":
        return [("/verify", RECORD.read_bytes())]
    game = find_game("clever-cubed")
    moves, _ = play_game(2, 1, game=game.name)
    state, bodies = game.new_game(2), []
    for move in moves:
        position = game.format_position(state).replace('"', '\\"')
        bodies.append(("/legal", f'{{"position": "{position}"}}'.encode()))
        state = game.apply_unchecked(state, move)
    return bodies


def _rate(url: str, bodies: list[tuple[str, bytes]], count: int, clients: int) -> float:
    """Send ``count`` requests, ``clients`` at a time; requests per second."""
    per_client = [list(range(c, count, clients)) for c in range(clients)]

    def work(numbers: list[int]) -> int:
        ok = 0
        with httpx.Client(base_url=url, timeout=60,
                          headers={"content-type": "application/json"}) as client:
            for n in numbers:
                path, body = bodies[n % len(bodies)]
                ok += client.post(path, content=body).status_code == 200
        return ok

    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        done = sum(pool.map(work, per_client))
    elapsed = time.perf_counter() - started
    if done != count:
        raise SystemExit(f"{count - done} of {count} requests were not answered 200")
    return count / elapsed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=400, help="requests per figure")
    parser.add_argument("--clients", type=int, default=8, help="requests in flight at once")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args(argv)
    kinds = {kind: _bodies(kind) for kind in ("legal", "verify")}
    print(f"clever-oracle serve: requests/s, {args.requests} requests, {args.clients} clients, "
          f"median (min-max) of {args.repeat} runs")
    for workers in args.workers:
        with running("--workers", str(workers), "--max-concurrent", str(args.clients * 2)) \
                as url:
            for kind, bodies in kinds.items():
                _rate(url, bodies, min(args.requests, 40), args.clients)  # warm up
                rates = [_rate(url, bodies, args.requests, args.clients)
                         for _ in range(args.repeat)]
                print(f"{kind:<7} {workers} worker{'s' if workers > 1 else ' '}  "
                      f"{statistics.median(rates):8.1f}  ({min(rates):.1f}-{max(rates):.1f})",
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
