"""High solo games from target sheets: Z3 proposes a final sheet the counting relaxation
admits (:mod:`spec.cubed.bound`) with a high total, and the open-face beam
(:func:`spec.cubed.solo_realise.realise_solo`, not exact) finds the best game whose sheet stays
inside it.  Targets come first from anywhere (each differing from the ones tried in many
cells), then from near the best game found: a sheet within a few cells of it with a higher
total (a large-neighbourhood search over sheets).  Every game kept is verified by the engine
(:func:`spec.cubed.solo_search.write_record`).

``python -m spec.cubed.solo_targets --help``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from oracle import PlayerSheet
from spec.cubed import bound, sheetvars, solo_realise
from spec.cubed import solo_sheet as ss
from spec.cubed.seam import format_sheet, parse_sheet
from spec.cubed.sheetvars import SheetVars
from spec.cubed.solo_search import Found, write_record
from spec.logic import Bool, Int, Solver, all_of, count, int_var, total


def differing(s: SheetVars, sheet: PlayerSheet) -> Int:
    """How many cells and fields of ``s`` differ from ``sheet`` (crosses, blue and pink
    numbers)."""
    parts: list[Bool] = []
    for area_vars in (s.yellow, s.turquoise):
        mask = sheet.yellow if area_vars is s.yellow else sheet.turquoise
        for r, row in enumerate(area_vars.cells):
            for c, cell in enumerate(row):
                parts.append(~cell if mask >> (6 * r + c) & 1 else cell)
    for f, field in enumerate(s.brown.fields):
        parts.append(~field if sheet.brown >> f & 1 else field)
    for side, written in ((0, sheet.blue_left), (1, sheet.blue_right)):
        for d, value in enumerate(s.blue.sides[side]):
            parts.append(value.ne(written[d] if d < len(written) else 0))
    for f, value in enumerate(s.pink.values):
        parts.append(value.ne(sheet.pink[f] if f < len(sheet.pink) else 0))
    return count(parts)


class Targets:
    """Target sheets from the solo counting relaxation, with a fixed number of foxes (the
    total is then linear in the areas and a lowest-area variable: quicker for Z3)."""

    def __init__(self, foxes: int, seconds: float) -> None:
        self.relaxation = bound.relaxation(1)
        self.solver = Solver(int(seconds * 1000))
        self.solver.add(all_of(p for _, p in self.relaxation.parts))
        self.low = int_var("lowest")
        self.solver.add(all_of(self.low.le(a) for a in self.relaxation.areas))
        self.solver.add(self.relaxation.foxes.eq(foxes))
        self.total = total(self.relaxation.areas) + self.low * foxes

    def next(self, at_least: int, near: PlayerSheet | None = None, within: int = 0,
             away: tuple[PlayerSheet, ...] = (), apart: int = 0) -> PlayerSheet | None:
        """A sheet the relaxation admits with a total of at least ``at_least``: within
        ``within`` cells of ``near`` (if given), at least ``apart`` cells from each of
        ``away``; None when Z3 finds none in its time."""
        s = self.relaxation.sheet
        claims = [self.total.ge(at_least)]
        if near is not None:
            claims.append(differing(s, near).le(within))
        claims += [differing(s, other).ge(apart) for other in away]
        if self.solver.check(*claims) != "sat":
            return None
        return sheetvars.read(self.solver.model(), s)


def main(argv: list[str] | None = None) -> int:
    """Targets from anywhere, then near the best game; prints each game's total."""
    parser = argparse.ArgumentParser(prog="python -m spec.cubed.solo_targets",
                                     description="high solo games from relaxation targets")
    parser.add_argument("--foxes", type=int, default=6)
    parser.add_argument("--start", type=int, default=600, help="first targets' total")
    parser.add_argument("--spread", type=int, default=8, help="new targets differ this much")
    parser.add_argument("--wide", type=int, default=4, help="targets from anywhere")
    parser.add_argument("--near", type=int, default=40, help="then targets near the best")
    parser.add_argument("--within", type=int, default=6)
    parser.add_argument("--width", type=int, default=40)
    parser.add_argument("--branch", type=int, default=12)
    parser.add_argument("--z3-seconds", type=float, default=300.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--from-sheet", help="begin near the best game inside this sheet")
    parser.add_argument("--out", help="write the best record here after each gain")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    began = time.monotonic()
    targets = Targets(args.foxes, args.z3_seconds)
    tried: list[PlayerSheet] = []
    best: Found | None = None

    def attempt(target: PlayerSheet, label: str) -> None:
        nonlocal best
        tried.append(target)
        width = args.width + rng.randrange(0, args.width)
        out = solo_realise.realise_solo(target, width=width, branch=args.branch, seconds=None,
                                        exact=False)
        mark = ""
        if out.node is not None and (best is None or out.total > best.total):
            best = Found(out.node, out.total)
            mark = " *"
            if args.out:
                write_record(best, args.out)
        print(f"{label}: target {format_sheet(target)} -> {out.total}{mark} "
              f"({time.monotonic() - began:.0f} s)", flush=True)

    if args.from_sheet:
        attempt(parse_sheet(args.from_sheet), "given")
    for i in range(args.wide):
        target = targets.next(args.start, away=tuple(tried), apart=args.spread)
        if target is None:
            print(f"wide {i}: no target ({time.monotonic() - began:.0f} s)", flush=True)
            break
        attempt(target, f"wide {i}")
    for i in range(args.near):
        if best is None:
            break
        done = best.node.sheet.to_player_sheet()
        target = targets.next(best.total + 1, near=done, within=args.within)
        if target is None:
            print(f"near {i}: no target within {args.within} ({time.monotonic() - began:.0f}"
                  " s)", flush=True)
            target = targets.next(best.total + 1, near=done, within=2 * args.within)
            if target is None:
                continue
        attempt(target, f"near {i}")
    if best is not None:
        print(f"best {best.total}: areas {ss.area_scores(best.node.sheet)} "
              f"foxes {ss.foxes(best.node.sheet)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
