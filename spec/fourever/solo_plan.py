"""A target sheet for a Clever 4Ever solo game: the best sheet whose entries the game's dice and
the sheet's own bonuses can pay for, each bonus counted in its colour.

A solo game makes 24 picks (six rounds of three active picks and one passive pick, ruling 9),
one entry per extra die (round 2's and each ``+1`` earned, at most the track's 7 fields, 4E-3,
4E-4) and one per question mark received: each coloured one only in its own area, the black one
of round 4 in any (4E-11), and pink's at the re-roll track's end (the round-1 re-roll and six
earned, 4E-4).  A sheet is *paid for* when the picks and extra dice cover every area's entries
that its own question marks do not::

    sum over areas of max(0, entries - own question marks) - black  <=  24 + extra dice

It forgets the order of a game (a bonus is earned before it is spent) and which die each turn
offers, so a paid-for sheet is a target, not a game: the beam of
:func:`spec.fourever.solo_realise.toward` plays toward it (the engine's game, the dice chosen).  Each area is a family of final states with the numbers it
wants (:func:`options`: yellow's top row 1-5 rising, middle 1s, bottom 6s; green's 6s; pink's
6s (circle and bonus), 4s and 3s; blue in 2 x 2 blocks; grey every part set that grows from a
start part), each with its entries, score, foxes and bonuses (the engine's area rules);
:func:`plan` chooses one per area, by seeded local search, for the highest total (foxes score
the lowest area, 4E-10).  Every solo game's final sheet is paid for (a relaxation: tested on
the bundled and seeded games).

``python -m spec.fourever.solo_plan --help``: plan, play toward the plan, write the record (on a
terminal, standard error shows the progress: the best plan so far, then the beam's round and
best game total so far).
"""

from __future__ import annotations

import argparse
import functools
import itertools
import random
import sys
from collections.abc import Callable, Iterator, Sequence

import attrs

from spec.fourever.engine_view import area_rules, code
from spec.fourever.grey import NEIGHBOURS, PARTS, STARTS
from spec.fourever.printed import (AREAS, BLUE_SIZE, GREEN_FIELDS, PINK_FIELDS,
                                   PINK_REPEAT, Q_B, Q_GN, Q_GY, Q_P, Q_Y, RR, TRACKS, XD,
                                   YELLOW_FIELDS)
from spec.fourever.seam import format_sheet, sheet_of
from spec.fourever.solo_realise import toward
from spec.fourever.solo_search import Found, _positive, beam_options, search_command
from oracle.engine.sheet import Sheet
from spec.solving import Progress

#: The bonuses counted, in this order: each area's question mark (sheet order), extra die,
#: re-roll.
GIVES = (Q_Y, Q_B, Q_GY, Q_GN, Q_P, XD, RR)
#: The picks of a solo game (ruling 9) and the question marks and extra dice it is given
#: (4E-3: round 2's extra die, round 4's black question mark).
PICKS, ROUND_EXTRA, BLACK = 24, 1, 1
#: Fields of the extra-die and re-roll tracks (4E-4).
XD_FIELDS = next(n for a, n, _ in TRACKS if a == XD)
RR_FIELDS = next(n for a, n, _ in TRACKS if a == RR)


@attrs.frozen
class Option:
    """A final state of one area: its part, the player's entries, score, foxes and the
    bonuses of :data:`GIVES` it earns."""

    part: object
    entries: int
    score: int
    foxes: int
    gives: tuple[int, ...]


def _option(label: str, part: object, entries: int) -> Option:
    rules = area_rules(label)
    earned = [code(b) for b in rules.earned(part)]
    return Option(part, entries, rules.score(part), rules.foxes(part),
                  tuple(earned.count(g) for g in GIVES))


def _yellow() -> Iterator[Option]:
    top = tuple(range(1, YELLOW_FIELDS + 1))
    for a, b, c in itertools.product(range(YELLOW_FIELDS + 1), repeat=3):
        yield _option("yellow", (top[:a], (1,) * b, (6,) * c), a + b + c)


def _green() -> Iterator[Option]:
    for a, b in itertools.product(range(GREEN_FIELDS + 1), repeat=2):
        yield _option("green", ((6,) * a, (6,) * b), a + b)


def _pink() -> Iterator[Option]:
    def grow(part: tuple[int, ...], entries: int) -> Iterator[Option]:
        yield _option("pink", part, entries)
        if len(part) < PINK_FIELDS:
            for n in (6, 4, PINK_REPEAT):
                more = (n, n) if n == PINK_REPEAT else (n,)
                yield from grow((part + more)[:PINK_FIELDS], entries + 1)
    yield from grow((), 0)


def _blue(samples: int = 60000, seed: int = 29) -> Iterator[Option]:
    """Grids drawn with a seeded generator, first with at most two crosses in each row and
    column, then at most three (a third scores nothing for its row or column but may for a
    diagonal, 4E-6), the fewest crosses kept for what they score and earn (the columns and
    rows with two crosses, the diagonals)."""
    rng = random.Random(seed)
    kept: dict[tuple[int, int, int, bool, bool], int] = {}
    for most_in_line in [2] * samples + [3] * samples:
        rows, cols = [0] * BLUE_SIZE, [0] * BLUE_SIZE
        mask = 0
        cells = list(range(BLUE_SIZE * BLUE_SIZE))
        rng.shuffle(cells)
        most = rng.randint(1, 2 * BLUE_SIZE)
        for cell in cells:
            r, c = divmod(cell, BLUE_SIZE)
            if mask.bit_count() < most and rows[r] < most_in_line and cols[c] < most_in_line:
                mask |= 1 << cell
                rows[r] += 1
                cols[c] += 1
        full_rows = sum(1 << r for r in range(BLUE_SIZE) if rows[r] >= 2)
        full_cols = sum(1 << c for c in range(BLUE_SIZE) if cols[c] >= 2)
        main = sum(mask >> (i * BLUE_SIZE + i) & 1 for i in range(BLUE_SIZE)) >= 2
        anti = sum(mask >> (i * BLUE_SIZE + BLUE_SIZE - 1 - i) & 1
                   for i in range(BLUE_SIZE)) >= 2
        k = (full_rows, full_cols, 0, main, anti)
        if k not in kept or mask.bit_count() < kept[k].bit_count():
            kept[k] = mask
    for mask in sorted(kept.values()):
        yield _option("blue", mask, mask.bit_count())


def _grey() -> Iterator[Option]:
    seen = {0}
    frontier = [0]
    while frontier:
        grown = []
        for mask in frontier:
            yield _option("grey", mask, mask.bit_count())
            for p in PARTS:
                if mask >> p & 1 or not (p in STARTS if mask == 0 else
                                         any(mask >> q & 1 for q in NEIGHBOURS[p])):
                    continue
                if (after := mask | 1 << p) not in seen:
                    seen.add(after)
                    grown.append(after)
        frontier = grown


def _kept(found: Iterator[Option]) -> tuple[Option, ...]:
    """The options no other beats in every respect (score, foxes, fewer entries, bonuses)."""
    best: dict[tuple[int, int, tuple[int, ...]], Option] = {}
    for o in found:
        k = (o.score, o.foxes, o.gives)
        if k not in best or o.entries < best[k].entries:
            best[k] = o
    items = sorted(best.values(), key=lambda o: (o.entries, -o.score, -o.foxes))
    out: list[Option] = []
    for o in items:
        if not any(p.score >= o.score and p.foxes >= o.foxes and p.entries <= o.entries
                   and all(a >= b for a, b in zip(p.gives, o.gives)) for p in out):
            out.append(o)
    return tuple(out)


@functools.cache
def options(label: str) -> tuple[Option, ...]:
    """The final states of area ``label`` the plan chooses from (module docstring)."""
    made = {"yellow": _yellow, "blue": _blue, "grey": _grey, "green": _green,
            "pink": _pink}[label]
    return _kept(made())


def paid(chosen: Sequence[Option]) -> int:
    """How many picks and extra dice the chosen areas leave unpaid (at most 0: paid for; the
    module docstring's inequality)."""
    given = [sum(o.gives[i] for o in chosen) for i in range(len(GIVES))]
    rerolls = 1 + given[GIVES.index(RR)]
    questions = given[:len(AREAS)]
    questions[AREAS.index("pink")] += int(rerolls >= RR_FIELDS)
    dice = min(XD_FIELDS, ROUND_EXTRA + given[GIVES.index(XD)])
    short = [max(0, o.entries - q) for o, q in zip(chosen, questions)]
    return sum(short) - min(BLACK, sum(short)) - PICKS - dice


def score(chosen: Sequence[Option]) -> int:
    """The total of the chosen areas: their scores and each fox the lowest (4E-10)."""
    return sum(o.score for o in chosen) + sum(o.foxes for o in chosen) * min(
        o.score for o in chosen)


def value(chosen: Sequence[Option]) -> int:
    """The total of a paid-for choice; a choice not paid for is below every paid-for one, the
    less unpaid the higher."""
    short = paid(chosen)
    return score(chosen) if short <= 0 else -10 ** 6 - short


def _worth(v: int) -> str:
    """A :func:`value` in words: the total, or how much a choice leaves unpaid."""
    return str(v) if v > -10 ** 6 else f"unpaid {-10 ** 6 - v}"


def plan(rng: random.Random, restarts: int = 1, pair_slack: int = 12,
         progress: Progress | None = None) -> tuple[Option, ...]:
    """A paid-for choice of one option per area, as high as local search finds: from the
    fewest entries in every area (then, for each restart, a seeded draw), change one area's
    option, or two areas' at once, while that raises :func:`value` (two at once only where the
    first leaves at most ``pair_slack`` unpaid).  The best over the restarts.  ``progress``
    hears each pass of the search: the restart, its value and the best plan so far."""
    pools = [options(a) for a in AREAS]
    found: tuple[int, list[Option]] | None = None
    for run in range(restarts):
        chosen = ([min(p, key=lambda o: o.entries) for p in pools] if run == 0
                  else [rng.choice(p) for p in pools])
        now = value(chosen)
        better = True
        while better:
            if progress is not None:
                progress(f"plan: restart {run + 1}/{restarts}, {_worth(now)}, best so far "
                         f"{_worth(max(now, found[0]) if found else now)}")
            better = False
            for i in rng.sample(range(len(pools)), len(pools)):
                for o in pools[i]:
                    trial = chosen[:i] + [o] + chosen[i + 1:]
                    if (v := value(trial)) > now:
                        chosen, now, better = trial, v, True
            if better:
                continue
            for i, j in itertools.combinations(range(len(pools)), 2):
                for o in pools[i]:
                    half = chosen[:i] + [o] + chosen[i + 1:]
                    if paid(half) > pair_slack:
                        continue
                    for q in pools[j]:
                        trial = half[:j] + [q] + half[j + 1:]
                        if (v := value(trial)) > now:
                            chosen, now, better = trial, v, True
        if found is None or now > found[0]:
            found = (now, chosen)
    assert found is not None
    return tuple(found[1])


def sheet(chosen: Sequence[Option]) -> Sheet:
    """The target sheet of the chosen areas (its tracks blank)."""
    return sheet_of(tuple(o.part for o in chosen))


#: The options that found the bundled best game (examples/fourever-solo-best.json; README,
#: "The highest solo score"; docs/solving.md).
WITNESS_ARGS = ("--seed", "2", "--restarts", "2", "--width", "20", "--branch", "100",
                "--waste", "1")


def parser() -> argparse.ArgumentParser:
    """The command line's options."""
    p = argparse.ArgumentParser(
        prog="python -m spec.fourever.solo_plan",
        description="A Clever 4Ever solo game played toward the best paid-for sheet found; "
                    "its record verified.")
    p.add_argument("--seed", type=int, default=1, help="seed of the plan's restarts")
    p.add_argument("--restarts", type=_positive, default=1, help="the plan's local searches")
    beam_options(p, 20, 100, "plan")
    return p


def best(argv: Sequence[str], say: Callable[[str], None] = lambda text: None,
         progress: Progress | None = None) -> Found | None:
    """The game the options ``argv`` find: the plan (``say`` hears it), then the beam toward
    it (:func:`spec.fourever.solo_realise.toward`; None when every game leaves the plan);
    ``progress`` hears both searches' progress."""
    args = parser().parse_args(list(argv))
    chosen = plan(random.Random(args.seed), args.restarts, progress=progress)
    say(f"plan: {score(chosen)} {format_sheet(sheet(chosen))} (unpaid {paid(chosen)})")
    return toward(sheet(chosen), args.width, args.branch, args.waste, progress)


def main(argv: Sequence[str] | None = None) -> int:
    """Plan, print the target, play toward it, print and write the game found."""
    given = sys.argv[1:] if argv is None else list(argv)
    args = parser().parse_args(given)
    return search_command(args.out, lambda say, progress: best(given, say, progress),
                          "no game stays inside the plan")


if __name__ == "__main__":
    sys.exit(main())
