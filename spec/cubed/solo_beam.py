"""High solo games without a target: a beam over the open-face solo game
(:mod:`spec.cubed.solo_game`), stepped roll slot by roll slot, each game ranked by its worth
(:class:`spec.cubed.solo_value.Worth`: the areas now and what the entries still to come can
earn, each bonus counted as the entry it pays back, a floor on the lowest area), ties broken
by a seeded random draw.  Restarts draw new prices around the given ones.  Reproducible: a
seed, a beam width and a number of restarts (no clock decides anything); every game kept is
verified by the engine before its record is written
(:func:`spec.cubed.solo_record.write_record`).

``python -m spec.cubed.solo_beam --help``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

import attrs

from oracle import Area
from spec.cubed import solo_game as sg
from spec.cubed import solo_sheet as ss
from spec.cubed.solo_record import Found, write_record
from spec.cubed.solo_value import Prices, Worth


def freedom(node: sg.Node) -> int:
    """How open the dice of the turn still are: the faces each die may still show, summed
    (dice whose faces are fixed leave later moves less to choose)."""
    d = node.dice
    return sum(hi - lo for lo, hi in zip(d.lo, d.hi))


def beam(worth: Callable[[sg.Node], float], width: int, branch: int, rng: random.Random,
         noise: float = 0.2, open_dice: float = 0.05,
         first: sg.Node | None = None) -> Found | None:
    """The best whole game a beam of ``width`` games per slot finds, ``branch`` decisions
    kept at each step within a slot; each game ranked by ``worth``, then by ``open_dice``
    times its :func:`freedom`, plus up to ``noise`` drawn from ``rng``; the games begin at
    ``first`` (default: a new game)."""
    draws: dict[object, float] = {}

    def rank(node: sg.Node) -> float:
        key = sg.key(node)
        if key not in draws:
            draws[key] = worth(node) + open_dice * freedom(node) + noise * rng.random()
        return draws[key]

    first = sg.start() if first is None else first
    pools: dict[int, dict[object, sg.Node]] = {sg.slot(first): {sg.key(first): first}}
    best: Found | None = None
    while pools:
        at = min(pools)
        ranked = sorted(pools.pop(at).values(), key=lambda n: -rank(n))[:width]
        draws.clear()
        for node in ranked:
            for child in sg.to_next_slot(node, branch, rank):
                if child.phase == sg.OVER:
                    total = ss.total(child.sheet)
                    if best is None or total > best.total:
                        best = Found(child, total)
                    continue
                pools.setdefault(sg.slot(child), {}).setdefault(sg.key(child), child)
    return best


def drawn(prices: Prices, rng: random.Random, spread: float) -> Prices:
    """Prices drawn around ``prices`` (each within ``spread`` of it, as a fraction)."""
    def near(x: float) -> float:
        return x * (1 + spread * (2 * rng.random() - 1))

    return attrs.evolve(prices, floor=near(prices.floor),
                        shortfall=near(prices.shortfall), reroll=near(prices.reroll),
                        joker=near(prices.joker), question=near(prices.question))


def search(prices: Prices, restarts: int, width: int, branch: int, seed: int,
           spread: float = 0.15, report: Callable[[str], None] | None = None,
           keep: Callable[[Found], None] | None = None) -> Found | None:
    """The best game of ``restarts`` beams, the first with ``prices``, the others with prices
    drawn around them (seeded)."""
    rng = random.Random(seed)
    best: Found | None = None
    for i in range(restarts):
        these = prices if i == 0 else drawn(prices, rng, spread)
        found = beam(Worth(these), width, branch, rng)
        gain = found is not None and (best is None or found.total > best.total)
        if gain and found is not None:
            best = found
            if keep is not None:
                keep(found)
        if report is not None and found is not None:
            report(f"restart {i}: {found.total}{' *' if gain else ''} "
                   f"areas {ss.area_scores(found.node.sheet)} foxes "
                   f"{ss.foxes(found.node.sheet)} ({_prices_text(these)})")
    return best


def _prices_text(p: Prices) -> str:
    return (f"floor {p.floor:.2f} shortfall {p.shortfall:.2f} "
            f"reroll {p.reroll:.2f} joker {p.joker:.2f} question {p.question:.2f} "
            f"turquoise {p.turquoise_cells}")


def summary(found: Found) -> str:
    """One line: a game's total, its areas and foxes."""
    scores = dict(zip(Area, ss.area_scores(found.node.sheet)))
    return (f"best {found.total}: " + ", ".join(f"{a.label} {v}" for a, v in scores.items())
            + f", foxes {ss.foxes(found.node.sheet)}")


def main(argv: list[str] | None = None) -> int:
    """Run the search; print each restart's best game; write the best record to ``--out``."""
    parser = argparse.ArgumentParser(prog="python -m spec.cubed.solo_beam",
                                     description="high solo games by a beam without a target")
    defaults = Prices()
    parser.add_argument("--width", type=int, default=60, help="games kept per slot")
    parser.add_argument("--branch", type=int, default=8, help="decisions kept per step")
    parser.add_argument("--restarts", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--spread", type=float, default=0.15,
                        help="restarts draw each price within this fraction of it")
    parser.add_argument("--floor", type=float, default=defaults.floor)
    parser.add_argument("--shortfall", type=float, default=defaults.shortfall)
    parser.add_argument("--reroll", type=float, default=defaults.reroll)
    parser.add_argument("--joker", type=float, default=defaults.joker)
    parser.add_argument("--question", type=float, default=defaults.question,
                        help="another area's question mark, where an area earns it")
    parser.add_argument("--turquoise-cells", type=int, default=defaults.turquoise_cells)
    parser.add_argument("--out", help="write the best game's record here (verified first)")
    args = parser.parse_args(argv)
    prices = Prices(floor=args.floor, shortfall=args.shortfall, reroll=args.reroll,
                    joker=args.joker, question=args.question,
                    turquoise_cells=args.turquoise_cells)
    began = time.monotonic()

    def keep(found: Found) -> None:
        if args.out:
            write_record(found, args.out)

    best = search(prices, args.restarts, args.width, args.branch, args.seed, args.spread,
                  lambda text: print(f"{text} ({time.monotonic() - began:.0f} s)", flush=True),
                  keep)
    if best is None:
        print("no game found")
        return 1
    print(summary(best))
    return 0


if __name__ == "__main__":
    sys.exit(main())
