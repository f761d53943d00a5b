"""Improving a solo game by searching its ending again: replay the game's first steps
(:func:`positions`), then let the target-free beam (:func:`beam`: over the open-face solo game,
stepped roll slot by roll slot, each game ranked by its worth,
:class:`spec.cubed.solo_value.Worth`, ties broken by a seeded random draw) play the rest, from
positions early and late, with prices drawn around the given ones; any better game becomes the game to improve (a local
search over games: the opening is kept where it is good, the rest is searched anew).

The worth's games come out balanced but often a fox short (a pink field taken for the star's
points where half gives the fox): each beam's game is then repaired, its final sheet changed
in one or two places for a higher total (:func:`repairs`), and the solo realiser
(:func:`spec.cubed.solo_realise.realise_solo`) finds the best game inside each repaired
sheet.

Reproducible: a seed and budgets (starts, widths), no clock; every game kept is verified by the
engine before its record is written (:func:`spec.cubed.solo_record.write_record`).

``python -m spec.cubed.solo_improve --help``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from oracle import Area, OracleError, PlayerSheet, apply, new_game
from oracle.records.record import load_records
from spec.cubed import solo_realise, solo_replay
from spec.cubed import solo_game as sg
from spec.cubed import solo_sheet as ss
from spec.cubed.seam import format_sheet
from spec.cubed.solo_record import Found, write_record
from spec.cubed.solo_targets import edits, target_total
from spec.cubed.solo_value import Prices, Worth
from spec.solo import drawn as drawn_around


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
    return drawn_around(prices, rng, spread, ("floor", "shortfall", "reroll", "joker",
                                              "question"))


def summary(found: Found) -> str:
    """One line: a game's total, its areas and foxes."""
    scores = dict(zip(Area, ss.area_scores(found.node.sheet)))
    return (f"best {found.total}: " + ", ".join(f"{a.label} {v}" for a, v in scores.items())
            + f", foxes {ss.foxes(found.node.sheet)}")


def positions(node: sg.Node) -> list[sg.Node]:
    """The positions of ``node``'s game, one after each of its steps (the first: a new game),
    replayed through :func:`spec.cubed.solo_game.children` (where two children make the same
    step with different open faces, the one the later steps agree with)."""
    steps = sg.steps(node)

    def replay(path: list[sg.Node]) -> list[sg.Node] | None:
        if len(path) > len(steps):
            return path if path[-1].sheet == node.sheet else None
        step = steps[len(path) - 1]
        for child in sg.children(path[-1]):
            if child.history is not None and child.history[1] == step:
                found = replay(path + [child])
                if found is not None:
                    return found
        return None

    out = replay([sg.start()])
    if out is None:
        raise ValueError("the game's steps do not replay")
    return out


def starts(node: sg.Node) -> dict[int, sg.Node]:
    """For each slot of ``node``'s game (:func:`spec.cubed.solo_game.slot`), the first
    position there: where a search may take over the game."""
    out: dict[int, sg.Node] = {}
    for position in positions(node):
        out.setdefault(sg.slot(position), position)
    return out


def repairs(sheet: ss.Sheet, rng: random.Random, sample: int = 40) -> list[PlayerSheet]:
    """Target sheets near a game's final sheet, highest total first: every sheet one change
    away (:func:`spec.cubed.solo_targets.edits`: a pink field turned to half for its fox, a
    cell added for a pattern ...) and two changes away from ``sample`` of those (drawn)."""
    base = sheet.to_player_sheet().but(rerolls=0, jokers=0, extra_dice=0, extra_dice_spent=0,
                                       rerolls_spent=0, jokers_spent=0, pending=())
    ones = edits(base)
    twos = [e for first in rng.sample(ones, min(len(ones), sample)) for e in edits(first)]
    return sorted(set(ones + twos) - {base}, key=lambda t: (-target_total(t), format_sheet(t)))


def continued(node: sg.Node, target: PlayerSheet, back: int) -> sg.Node:
    """The first position of ``node``'s game ``back`` slots before the last slot it starts
    inside ``target`` (before its end) (:func:`spec.cubed.solo_realise.realise_solo` keeps games inside)."""
    at = {slot: p for slot, p in starts(node).items() if p.phase != sg.OVER}
    inside = [slot for slot, position in at.items()
              if solo_realise.fits_target(position, target)]
    last = max(inside, default=0)
    return at[max((slot for slot in at if slot <= last - back), default=0)]


def improve(best: Found, prices: Prices, slots: Sequence[int], tries: int, width: int,
            branch: int, seed: int, spread: float = 0.15, fixes: int = 2,
            realiser: tuple[int, int] = (80, 30), backs: Sequence[int] = (0, 6, 12),
            earliest: int = 12, own: int = 0,
            report: Callable[[str], None] | None = None,
            keep: Callable[[Found], None] | None = None) -> Found:
    """The best game found by ``tries`` beams per slot of ``slots``, each continuing the best
    game so far from its first position at that slot (prices drawn around ``prices`` after
    the first beam; widths drawn between half and twice ``width``), and for each beam's game
    the best games inside its ``fixes`` best repairs above the best total (:func:`repairs`;
    the solo realiser, beam width and branch ``realiser``, continuing the beam's game
    ``backs`` slots before the last slot it is inside the repaired sheet, not before slot
    ``earliest``: from early on the realiser is slow and seldom good); first, and after every
    gain, ``own`` repairs of the best game itself (again while they gain); a gain is kept at
    once."""
    rng = random.Random(seed)
    worths: dict[Prices, Worth] = {}

    def consider(found: Found | None, label: str) -> None:
        nonlocal best
        if found is None:
            return
        gain = found.total > best.total
        if gain:
            best = found
            if keep is not None:
                keep(found)
        if report is not None:
            report(f"{label}: {found.total}{' *' if gain else ''} areas "
                   f"{ss.area_scores(found.node.sheet)} foxes {ss.foxes(found.node.sheet)}")

    def repair(game: sg.Node, count: int) -> None:
        if count <= 0:
            return
        targets = [t for t in repairs(game.sheet, rng) if target_total(t) > best.total]
        for target in targets[:count]:
            begins = {sg.slot(b): b for b in (continued(game, target, back) for back in backs)
                      if sg.slot(b) >= earliest}
            for begin in begins.values():
                out = solo_realise.realise_solo(target, width=realiser[0], branch=realiser[1],
                                                seconds=None, exact=False, first=begin)
                consider(None if out.node is None else Found(out.node, out.total),
                         f"  repair {target_total(target)} from slot {sg.slot(begin)}")

    def own_repairs() -> None:
        """``own`` repairs of the best game, again while they gain."""
        while own > 0:
            before = best
            repair(best.node, own)
            if best is before:
                return

    own_repairs()
    for at in slots:
        for attempt in range(tries):
            these = prices if attempt == 0 else drawn(prices, rng, spread)
            if these not in worths:
                worths[these] = Worth(these)
            first = starts(best.node).get(at)
            if first is None:
                continue
            size = width if attempt == 0 else rng.randint(max(1, width // 2), 2 * width)
            found = beam(worths[these], size, branch, rng, first=first)
            before = best
            consider(found, f"slot {at} try {attempt} (width {size})")
            if found is not None:
                repair(found.node, fixes)
            if best is not before:
                own_repairs()
    return best


def game_of(path: str, nodes: int = 6000) -> Found:
    """The open-face game of a solo record: its entries made again
    (:func:`spec.cubed.solo_replay.replay`), or, where the open-face game cannot follow them,
    its final sheet found again by the exact solo realiser (with a node budget)."""
    (name, record), = load_records(path)
    if isinstance(record, Exception):
        raise ValueError(f"{path}: {record}")
    try:
        node = solo_replay.replay(record)
        return Found(node, ss.total(node.sheet))
    except ValueError:
        pass  # a move the open-face game lacks: realise the final sheet instead
    state = new_game(1)
    for number, step in enumerate(record.steps, 1):
        try:
            state = apply(state, step.move)
        except OracleError as exc:
            raise ValueError(f"{path}: step {number}: {exc}") from None
    sheet = state.sheets[0]
    assert isinstance(sheet, PlayerSheet)
    out = solo_realise.realise_solo(sheet, width=64, branch=16, seconds=None, nodes=nodes)
    if out.node is None:
        raise ValueError(f"{path}: its final sheet was not realised ({out.reason})")
    return Found(out.node, out.total)


def main(argv: list[str] | None = None) -> int:
    """Improve a record's game; print each beam's game; write any better record to ``--out``."""
    parser = argparse.ArgumentParser(prog="python -m spec.cubed.solo_improve",
                                     description="a solo game improved by searching its "
                                                 "ending again")
    defaults = Prices()
    parser.add_argument("record", help="the solo record to improve")
    parser.add_argument("--slots", default="30,24,18,12",
                        help="slots (6 a round) where the search takes over, in turn")
    parser.add_argument("--tries", type=int, default=3, help="beams per slot")
    parser.add_argument("--width", type=int, default=20)
    parser.add_argument("--branch", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--spread", type=float, default=0.15)
    parser.add_argument("--floor", type=float, default=defaults.floor)
    parser.add_argument("--shortfall", type=float, default=defaults.shortfall)
    parser.add_argument("--reroll", type=float, default=defaults.reroll)
    parser.add_argument("--question", type=float, default=defaults.question)
    parser.add_argument("--fixes", type=int, default=2,
                        help="repaired targets realised per beam game")
    parser.add_argument("--own", type=int, default=0,
                        help="first, and after every gain, this many repairs of the best "
                             "game itself")
    parser.add_argument("--earliest", type=int, default=12,
                        help="a repair continues the game from this slot or later")
    parser.add_argument("--out", help="write a better game's record here (verified first)")
    args = parser.parse_args(argv)
    prices = Prices(floor=args.floor, shortfall=args.shortfall, reroll=args.reroll,
                    question=args.question)
    began = time.monotonic()
    try:
        slots = [int(x) for x in args.slots.split(",") if x]
        best = game_of(args.record)
    except (ValueError, OSError) as exc:  # a bad --slots, an unreadable or unrealised record
        print(f"solo_improve: {exc}", file=sys.stderr)
        return 2
    print(f"start {best.total} ({time.monotonic() - began:.0f} s)", flush=True)

    def keep(found: Found) -> None:
        if args.out:
            write_record(found, args.out)

    def report(text: str) -> None:
        print(f"{text} ({time.monotonic() - began:.0f} s)", flush=True)

    best = improve(best, prices, slots, args.tries, args.width, args.branch, args.seed,
                   args.spread, args.fixes, earliest=args.earliest, own=args.own,
                   report=report,
                   keep=keep)
    print(summary(best))
    return 0


if __name__ == "__main__":
    sys.exit(main())
