"""Per departure of a deliberately bent app: seconds to the first print, seconds to the shrunk
finding, and the minimal game's length, for each seed (issue 27's figures).

    PYTHONPATH=. python bench/departures.py [--app cubed-real] [--seeds 0 1 2] [--games N]

The app is one of ``tests/certify/bends.py`` (in process, with ``legal``; ``--listless``
without); the run is ``properties.certify.certify`` in its default budget unless ``--games``
says otherwise.  Seconds are wall-clock on this machine (share of a busy core included): a
figure to compare, never a verdict.  Prints one table row per finding and seed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if sys.path and sys.path[0] == str(Path(__file__).resolve().parent):
    del sys.path[0]  # this script's folder is no place to import the oracle from

from oracle.games import find_game  # noqa: E402
from properties.certify import DEFAULT_EXAMPLES, certify  # noqa: E402
from properties.findings import Finding, Key  # noqa: E402
from tests.certify import bends  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", default="cubed-real")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--games", type=int, default=DEFAULT_EXAMPLES)
    parser.add_argument("--listless", action="store_true")
    args = parser.parse_args(argv)
    make = getattr(bends, args.app.replace("-", "_"))
    game = find_game("clever-4ever" if args.app.startswith("fourever") else "clever-cubed")
    print(f"{'seed':>4} {'rule (situation)':<44} {'first s':>7} {'shrunk s':>8} {'game':>4} "
          f"{'steps':>5} {'seen at':>7}  hint")
    for seed in args.seeds:
        start = time.perf_counter()
        first: dict[Key, tuple[float, int]] = {}
        done: dict[Key, float] = {}

        def seen(finding: Finding) -> None:
            first[finding.key] = (time.perf_counter() - start, len(finding.moves))

        def shrunk(finding: Finding) -> None:
            done[finding.key] = time.perf_counter() - start

        result = certify(game, make(not args.listless), seed=seed, max_examples=args.games,
                         on_first=seen, on_finding=shrunk)
        for f in result.findings:
            cause = f"{f.rule} ({f.situation})"
            print(f"{seed:>4} {cause:<44} {first[f.key][0]:>7.1f} {done[f.key]:>8.1f} "
                  f"{f.games:>4} {len(f.moves):>5} {first[f.key][1]:>7}  {f.option or '-'}")
        print(f"{seed:>4} {'(run: ' + str(result.examples) + ' games)':<44} "
              f"{'':>7} {result.seconds:>8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
