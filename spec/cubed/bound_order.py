"""An order-aware upper bound on a solo game's score: the counting relaxation
(:mod:`spec.cubed.bound`) applied after every round, with the rounds tied together (rulebook
"Game Play", "Actions", "Solo Game"; docs/rulings.md, rulings 6-9).

A solo game has six rounds, each an active turn (up to three picks, on die fields I, II, III)
and a passive turn (one pick), extra dice at the end of each turn (ruling 6; the end-of-game
extra dice belong to the last passive turn, ruling 7).  The model keeps a sheet after every
round (or after the rounds ``ends`` only: a smaller, looser model) and the entries counted by
kind *up to* each of them (:class:`spec.cubed.bound.Kinds`, cumulative).  Its parts:

- ``<PART>@r``: every part of the counting relaxation holds for the sheet after round r with the
  entries made up to then and the bonuses that sheet has earned (with the round bonuses of
  rounds 1..r, ruling 8).  So a bonus pays only for entries made in its round or later: extra
  dice used and question marks received up to round r are at most what the sheet after round
  r has earned, and each area's state after round r needs its fewest entries from the entries
  made up to then.
- ``GROWS@r``: the sheet after round r is the sheet after round r - 1 with more entries.
- ``TURNS@r``: the entries of round r alone (the differences of the counts): at most one pick
  per die field and at most one white-die pick (a turn's picks are distinct dice: an area gets
  at most its own die and the white die, ruling 15 for blue), one passive pick, and at most 6
  extra dice per turn, two turns a round, each die once per turn (ruling 6), so at most 12 a
  round and at most 4 in one area (its own die and the white die in each turn).
- ``WRITTEN@r``: the counts are of entries made, not of dice offered: every entry writes at
  least one cell or field, so an area's entries of round r (dice and black question marks) are
  at most the cells and fields written in it in round r.  Without this, the dice of rounds
  left unused could be spent later.

Every part holds for a real game (the counts of its entries up to each round end), so the best
total the model admits is an upper bound on every solo game; ``tests/spec/test_bound_order.py``
checks it on real games round by round.  Within a round the order is still forgotten: a bonus
earned in a round may pay for any entry of that round, itself included.
"""

from __future__ import annotations

import argparse
import sys
import time

import attrs

from oracle import DEFAULT_RULESET, Area, PlayerSheet, Ruleset
from spec.cubed import bound, scores, sheetvars, tracks
from spec.cubed.bound import FIELDS, Kinds
from spec.cubed.printed import ROUNDS
from spec.cubed.sheetvars import SheetVars
from spec.logic import Bool, Int, Solver, all_of, const, count, total

#: Solo: the most extra dice in one turn (each of the six dice once, ruling 6).
EXTRA_PER_TURN = 6
#: The dice one area can take in one turn: its own die and the white die (ruling 15 for blue).
DICE_PER_AREA = 2
#: Turns per solo round: the active turn and the passive turn (ruling 9).
TURNS_PER_ROUND = 2
#: The rounds after which the model keeps a sheet, by default: every one.
ROUND_ENDS = tuple(range(1, ROUNDS[1] + 1))


@attrs.frozen
class OrderRelaxation:
    """The order-aware relaxation: the rounds after which it keeps a sheet, those sheets, the
    entry kinds counted up to each of them, and the whole model as a
    :class:`spec.cubed.bound.Relaxation` (its sheet the final one, all parts, total, areas and
    fox sources)."""

    ends: tuple[int, ...]
    sheets: tuple[SheetVars, ...]
    kinds: tuple[Kinds, ...]
    whole: bound.Relaxation


def _variables(k: Kinds) -> tuple[Int, ...]:
    """Every count of ``k`` in a fixed order."""
    return (tuple(k.active[f][a] for f in FIELDS for a in Area)
            + tuple(d[a] for d in (k.white, k.passive, k.extra, k.black) for a in Area)
            + (k.extra_used, k.extra_bonus))


def _none() -> Kinds:
    """No entries yet (before round 1)."""

    def zero() -> dict[Area, Int]:
        return {a: const(0) for a in Area}

    return Kinds({f: zero() for f in FIELDS}, zero(), zero(), zero(), zero(), const(0),
                 const(0))


def _turns(before: Kinds, after: Kinds, n: int = 1) -> Bool:
    """The entries of ``n`` rounds (``after`` less ``before``): counts never fall, each die
    field and the white die at most once a round, an area's picks at most its own die and the
    white die, one passive pick a round, extra dice at most 6 a turn and 2 in one area a
    turn."""

    white = {a: after.white[a] - before.white[a] for a in Area}

    def picked(a: Area) -> Int:
        return total(after.active[f][a] - before.active[f][a] for f in FIELDS)

    return all_of([
        all_of(x.le(y) for x, y in zip(_variables(before), _variables(after))),
        all_of(total(after.active[f][a] - before.active[f][a] for a in Area).le(n)
               for f in FIELDS),
        total(white.values()).le(n),
        all_of(picked(a).le(white[a] + n) for a in Area),
        total(after.passive[a] - before.passive[a] for a in Area).le(n),
        (after.extra_used - before.extra_used).le(EXTRA_PER_TURN * TURNS_PER_ROUND * n),
        all_of((after.extra[a] - before.extra[a]).le(DICE_PER_AREA * TURNS_PER_ROUND * n)
               for a in Area)])


def written(s: SheetVars, a: Area) -> Int:
    """The cells and fields of area ``a`` written on ``s``: every entry writes at least one
    (one cross, one number; a turquoise entry one cell or more, ruling 11)."""
    if a is Area.TURQUOISE:
        return count(c for row in s.turquoise.cells for c in row)
    return sheetvars.area_entries(s, a)


def dice_in(k: Kinds, a: Area) -> Int:
    """The entries of dice and black question marks counted by ``k`` in area ``a``."""
    return (total(k.active[f][a] for f in FIELDS) + k.passive[a] + k.extra[a] + k.black[a])


def _written_by(before: SheetVars | None, after: SheetVars, was: Kinds, now: Kinds) -> Bool:
    """The entries of one round write at least one cell or field each: in each area, the
    round's dice and black question marks are at most the cells and fields it wrote."""
    return all_of((dice_in(now, a) - dice_in(was, a)).le(
        written(after, a) - (written(before, a) if before is not None else 0)) for a in Area)


def relaxation(ruleset: Ruleset = DEFAULT_RULESET,
               ends: tuple[int, ...] = ROUND_ENDS) -> OrderRelaxation:
    """The order-aware relaxation of a whole solo game (see the module's text), with a sheet
    after each round of ``ends`` (increasing, the last one 6; fewer make a smaller, looser
    model: the entries between two of them are those of as many rounds)."""
    rounds = ROUNDS[1]
    if not ends or ends[-1] != rounds or list(ends) != sorted(set(ends)) or ends[0] < 1:
        raise ValueError(f"ends: {ends} is not an increasing list of rounds ending with {rounds}")
    sheets: list[SheetVars] = []
    kinds: list[Kinds] = []
    parts: list[tuple[str, Bool]] = []
    for i, r in enumerate(ends):
        s = sheetvars.fresh(f"round{r}")
        k = bound.kinds(f"round{r}.")
        t = tracks.tracks(s, r)
        parts += [(f"{name}@{r}", part)
                  for name, part in bound.counting(s, t, k, 1, r, ruleset, f"round{r}.")]
        if sheets:
            parts.append((f"GROWS@{r}", sheetvars.grows(sheets[-1], s)))
        was = kinds[-1] if kinds else _none()
        parts.append((f"TURNS@{r}", _turns(was, k, r - (ends[i - 1] if i else 0))))
        parts.append((f"WRITTEN@{r}", _written_by(sheets[-1] if sheets else None, s, was, k)))
        sheets.append(s)
        kinds.append(k)
    final = sheets[-1]
    t = tracks.tracks(final, rounds)
    fox_sources = tuple(sheetvars.area_foxes(final, a) for a in Area) + (t.foxes,)
    foxes = total(fox_sources)
    areas = scores.area_scores(final)
    entries = total(sheetvars.area_entries(final, a) for a in Area)
    budget = kinds[-1].extra_used + bound.dice_entries(1, rounds) + total(t.questions.values())
    return OrderRelaxation(ends, tuple(sheets), tuple(kinds), bound.Relaxation(
        final, tuple(parts), scores.with_foxes(areas, foxes), entries, budget, areas, foxes,
        fox_sources))


def progress(r: OrderRelaxation, sheets: tuple[PlayerSheet, ...]) -> Bool:
    """The model's sheets are those of ``sheets`` (the sheet after each round 1, 2, ...; as
    many as given) after the rounds the model keeps."""
    return all_of(sheetvars.equals(s, sheets[e - 1])
                  for s, e in zip(r.sheets, r.ends) if e <= len(sheets))


@attrs.frozen
class BoundResult:
    """The outcome of :func:`bound_check`: Z3's answer for ``total >= at`` and the seconds per
    fox count."""

    at: int
    status: str
    seconds: dict[int, float]
    build: float


def bound_check(at: int, timeout: float, ruleset: Ruleset = DEFAULT_RULESET,
                fox_counts: tuple[int, ...] = (6, 5, 4, 3, 2, 1, 0),
                ends: tuple[int, ...] = ROUND_ENDS) -> BoundResult:
    """Whether the order-aware relaxation (sheets after the rounds ``ends``) admits a solo game
    with ``total >= at``, split by the set of foxes present (:func:`spec.cubed.bound.fox_split`,
    only the sets with a fox count in ``fox_counts``); ``unsat`` with every count asked proves
    the bound ``at - 1``."""
    t0 = time.perf_counter()
    r = relaxation(ruleset, ends).whole
    solver = Solver(int(timeout * 1000))
    solver.add(all_of(p for _, p in r.parts))
    build = time.perf_counter() - t0
    status, seconds = bound.fox_split(solver, r, at, time.perf_counter() + timeout, fox_counts)
    return BoundResult(at, status, seconds, build)


def main(argv: list[str] | None = None) -> int:
    """Prove (or fail to prove in the time) that no solo game of the order-aware relaxation
    reaches ``--at``; prints Z3's answer and the seconds per fox count."""
    parser = argparse.ArgumentParser(prog="python -m spec.cubed.bound_order",
                                     description="the order-aware solo bound")
    parser.add_argument("--at", type=int, default=670, help="prove total >= AT unsat")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds in all")
    parser.add_argument("--foxes", default="6,5,4,3,2,1,0",
                        help="fox counts to check (default all: a proof)")
    parser.add_argument("--ends", default="1,2,3,4,5,6",
                        help="the rounds after which the model keeps a sheet")
    args = parser.parse_args(argv)
    try:
        counts = tuple(int(f) for f in args.foxes.split(","))
    except ValueError:
        parser.error(f"--foxes: {args.foxes!r} is not a list of whole numbers")
    try:
        ends = tuple(int(e) for e in args.ends.split(","))
        relaxation(ends=ends)
    except ValueError:
        parser.error(f"--ends: {args.ends!r} is not an increasing list of rounds ending with "
                     f"{ROUNDS[1]}")
    out = bound_check(args.at, args.timeout, fox_counts=counts, ends=ends)
    whole = set(counts) >= set(range(scores.MAX_FOXES + 1))
    print(f"total >= {out.at}: {out.status}"
          f"{' (proven bound ' + str(out.at - 1) + ')' if out.status == 'unsat' and whole else ''}"
          f"; build {out.build:.1f} s")
    for f, s in out.seconds.items():
        print(f"  {f} fox{'' if f == 1 else 'es'}: {s:.1f} s" if f >= 0
              else f"  fox sources 0 or 1: {s:.1f} s")
    return 0 if out.status == "unsat" else 1


if __name__ == "__main__":
    sys.exit(main())
