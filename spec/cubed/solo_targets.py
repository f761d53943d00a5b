"""High solo games from target sheets: Z3 proposes a final sheet the counting relaxation
admits (:mod:`spec.cubed.bound`) with a high total, and the open-face beam
(:func:`spec.cubed.solo_realise.realise_solo`, not exact) finds the best game whose sheet stays
inside it.  Targets come first from anywhere (each differing from the ones tried in many
cells), then from near the best game found: a sheet within a few cells of it with a higher
total (a large-neighbourhood search over sheets), or (:func:`walk`) from a seeded walk among the
sheets the relaxation admits near a given sheet.  Each target may be realised with several
seeds of the realiser's tie-break (``--seeds``, ``--noise``; the 641 witness is seed 6).
Every game kept is verified by the engine (:func:`spec.cubed.solo_record.write_record`).

``python -m spec.cubed.solo_targets --help``.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time

from oracle import Bonus, PlayerSheet
from spec.cubed import bound, patterns, sheetvars, solo_realise
from spec.cubed import solo_sheet as ss
from spec.cubed.printed import PINK_FACTOR, TRACK_FIELDS
from spec.cubed.seam import GAME, format_sheet, parse_sheet
from spec.cubed.sheetvars import SheetVars
from spec.cubed.solo_record import Found, write_record
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
    """Target sheets from the solo counting relaxation, with a fixed number of foxes (the total
    is then linear in the areas and a lowest-area variable: quicker for Z3)."""

    def __init__(self, foxes: int, seconds: float, margin: int = 0) -> None:
        self.relaxation = bound.relaxation(1)
        self.solver = Solver(int(seconds * 1000))
        self.solver.add(all_of(p for _, p in self.relaxation.parts))
        # Spare entries: a target the relaxation admits with entries to spare is likelier to
        # fit the order of a real game (the relaxation forgets it).
        self.solver.add((self.relaxation.entries + margin).le(self.relaxation.budget))
        self.low = int_var("lowest")
        self.solver.add(all_of(self.low.le(a) for a in self.relaxation.areas))
        self.solver.add(self.relaxation.foxes.eq(foxes))
        self.total = total(self.relaxation.areas) + self.low * foxes

    def next(self, at_least: int, near: PlayerSheet | None = None, within: int = 0,
             away: tuple[PlayerSheet, ...] = (), apart: int = 0,
             floor: int = 0) -> PlayerSheet | None:
        """A sheet the relaxation admits with a total of at least ``at_least`` and every area
        at least ``floor``: within ``within`` cells of ``near`` (if given), at least
        ``apart`` cells from each of ``away``; None when Z3 finds none in its time."""
        s = self.relaxation.sheet
        claims = [self.total.ge(at_least)] if at_least else []
        if floor:
            claims.append(all_of(a.ge(floor) for a in self.relaxation.areas))
        if near is not None:
            claims.append(differing(s, near).le(within))
        claims += [differing(s, other).ge(apart) for other in away]
        if self.solver.check(*claims) != "sat":
            return None
        return sheetvars.read(self.solver.model(), s)


def target_total(sheet: PlayerSheet) -> int:
    """A target's total at the end of a solo game: its areas, its printed foxes, and the
    re-roll track's fox when its re-roll sources and round 1's circle make seven."""
    rerolls = 1 + sum(1 for b in patterns.earned(sheet) if b is Bonus.REROLL)
    return GAME.score(sheet.but(rerolls=min(TRACK_FIELDS, rerolls))).total


def edits(sheet: PlayerSheet) -> list[PlayerSheet]:
    """Every sheet one change away: a yellow, turquoise or brown cross added or taken away, a
    blue side continued or shortened, a pink field added, taken away or its option turned
    (half 3 with its bonus, or the star's factor times 6)."""
    out = [sheet.but(yellow=sheet.yellow ^ (1 << i)) for i in range(18)]
    out += [sheet.but(turquoise=sheet.turquoise ^ (1 << i)) for i in range(30)]
    out += [sheet.but(brown=sheet.brown ^ (1 << i)) for i in range(12)]
    for side in (0, 1):
        written = sheet.blue_right if side else sheet.blue_left
        longer = []
        if len(written) < 6:
            last = written[-1] if written else 7
            longer = [written + (v,) for v in (last + (1 if side else -1), 7)
                      if 2 <= v <= 12 and not (v == 7 and last == 7)]
        for w in longer + ([written[:-1]] if written else []):
            out.append(sheet.but(blue_right=w) if side else sheet.but(blue_left=w))
    if sheet.pink:
        n = len(sheet.pink)
        out.append(sheet.but(pink=sheet.pink[:-1], pink_bonus=sheet.pink_bonus
                             & ((1 << (n - 1)) - 1)))
    for field in range(min(len(sheet.pink) + 1, 12)):
        for half in ((True,) if field == 0 else (True, False)):
            value = 3 if half else 6 * PINK_FACTOR[field]
            pink = sheet.pink[:field] + (value,) + sheet.pink[field + 1:]
            mask = (sheet.pink_bonus & ~(1 << field)) | ((1 << field) if half and field else 0)
            if (pink, mask) != (sheet.pink, sheet.pink_bonus):
                out.append(sheet.but(pink=pink, pink_bonus=mask))
    return out


def walk(start: PlayerSheet, at_least: int, steps: int, drop: int, seed: int,
         restart: int = 500, seconds: float = 60.0) -> list[tuple[int, PlayerSheet]]:
    """Sheets the counting relaxation admits with a :func:`target_total` of at least
    ``at_least``, highest first, found by a seeded walk from ``start``: each of ``steps``
    steps draws one change (:func:`edits`) and takes it when the total falls by at most
    ``drop`` and the relaxation admits the sheet (Z3 on a fixed sheet: milliseconds;
    ``seconds`` is only a safety bound); every ``restart`` steps the walk begins again at
    ``start``.  The relaxation keeps the walk among sheets whose entries the game's dice and
    bonuses can pay for by kind (:mod:`spec.cubed.bound`); near a high game's sheet, one or
    two changes with a higher total are all refused (every one near the 632 game), so the
    walk passes through lower admitted sheets to reach higher ones."""
    r = bound.relaxation(1)
    solver = Solver(int(seconds * 1000))
    solver.add(all_of(p for _, p in r.parts))
    rng = random.Random(seed)
    admitted: dict[str, bool] = {}
    found: dict[str, tuple[int, PlayerSheet]] = {}
    current, now = start, target_total(start)
    for step in range(steps):
        if step % restart == 0:
            current, now = start, target_total(start)
        trial = rng.choice(edits(current))
        value = target_total(trial)
        if value < now - drop:
            continue
        text = format_sheet(trial)
        if text not in admitted:
            admitted[text] = solver.check(sheetvars.equals(r.sheet, trial)) == "sat"
        if not admitted[text]:
            continue
        current, now = trial, value
        if value >= at_least:
            found.setdefault(text, (value, trial))
    return sorted(found.values(), key=lambda item: (-item[0], format_sheet(item[1])))


#: The beams tried on a target, in turn: (paced, width, branch).
BEAMS = ((True, 80, 30), (False, 80, 30), (True, 150, 20), (False, 40, 12), (True, 40, 12))


def _shape(text: str) -> tuple[bool, int, int]:
    """A beam shape from ``WIDTH/BRANCH`` or ``WIDTH/BRANCH/paced`` (argparse reports a bad
    one in one line)."""
    parts = text.split("/")
    if len(parts) not in (2, 3) or not all(p.isdigit() and int(p) > 0 for p in parts[:2]) \
            or parts[2:] not in ([], ["paced"]):
        raise argparse.ArgumentTypeError(f"{text!r}: want WIDTH/BRANCH or WIDTH/BRANCH/paced")
    return len(parts) == 3, int(parts[0]), int(parts[1])


def main(argv: list[str] | None = None) -> int:
    """Targets from anywhere, then near the best game; prints each game's total."""
    parser = argparse.ArgumentParser(prog="python -m spec.cubed.solo_targets",
                                     description="high solo games from relaxation targets")
    parser.add_argument("--foxes", type=int, default=6)
    parser.add_argument("--floor", type=int, default=0, help="every area at least this")
    parser.add_argument("--margin", type=int, default=0, help="entries to spare in a target")
    parser.add_argument("--beams", type=int, default=3, help="beam shapes per target")
    parser.add_argument("--start", type=int, default=600, help="first targets' total")
    parser.add_argument("--spread", type=int, default=8, help="new targets differ this much")
    parser.add_argument("--wide", type=int, default=4, help="targets from anywhere")
    parser.add_argument("--near", type=int, default=40, help="then targets near the best")
    parser.add_argument("--within", type=int, default=6)
    parser.add_argument("--z3-seconds", type=float, default=300.0)
    parser.add_argument("--from-sheet", help="begin near the best game inside this sheet")
    parser.add_argument("--walk", type=int, default=0,
                        help="steps of a seeded walk from --from-sheet among the sheets the "
                             "relaxation admits; the highest ones above the given sheet's "
                             "game are realised")
    parser.add_argument("--drop", type=int, default=8,
                        help="a walk step lowers the total by at most this")
    parser.add_argument("--walk-seed", type=int, default=1)
    parser.add_argument("--walk-targets", type=int, default=3,
                        help="the walk's highest sheets realised")
    parser.add_argument("--shape", type=_shape,
                        help="one beam shape instead of --beams: WIDTH/BRANCH, or "
                             "WIDTH/BRANCH/paced")
    parser.add_argument("--seeds", type=int, default=1,
                        help="realiser runs per beam shape: seed 0 without noise, then "
                             "seeds 1, 2, ... with --noise")
    parser.add_argument("--noise", type=float, default=3.0,
                        help="the realiser's seeded tie-break (below 4: one entry's worth)")
    parser.add_argument("--out", help="write the best record here after each gain")
    args = parser.parse_args(argv)
    shapes = [args.shape] if args.shape else list(BEAMS[:args.beams])
    began = time.monotonic()
    targets = Targets(args.foxes, args.z3_seconds, args.margin)
    tried: list[PlayerSheet] = []
    best: Found | None = None

    def attempt(target: PlayerSheet, label: str) -> None:
        nonlocal best
        tried.append(target)
        for (paced, width, branch), seed in itertools.product(shapes, range(args.seeds)):
            out = solo_realise.realise_solo(target, width=width, branch=branch, seconds=None,
                                            exact=False, paced=paced,
                                            noise=args.noise if seed else 0.0, seed=seed)
            mark = ""
            if out.node is not None and (best is None or out.total > best.total):
                best = Found(out.node, out.total)
                mark = " *"
                if args.out:
                    write_record(best, args.out)
            print(f"{label}: target {target_total(target)} {format_sheet(target)} -> "
                  f"{out.total}{mark} ({'paced ' if paced else ''}{width}/{branch}"
                  f"{f', seed {seed}' if seed else ''}, "
                  f"{time.monotonic() - began:.0f} s)", flush=True)

    if args.from_sheet:
        given = parse_sheet(args.from_sheet)
        attempt(given, "given")
        if args.walk:
            floor = 1 + (best.total if best is not None else 0)
            found = walk(given, floor, args.walk, args.drop, args.walk_seed)
            print(f"walk: {len(found)} admitted sheets of {floor} or more "
                  f"({time.monotonic() - began:.0f} s)", flush=True)
            for _, sheet in found[:args.walk_targets]:
                attempt(sheet, "walk")
    for i in range(args.wide):
        target = targets.next(args.start, away=tuple(tried), apart=args.spread,
                              floor=args.floor)
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
