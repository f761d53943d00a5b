"""An upper bound on a Clever 4Ever solo game's total: every final sheet is paid for
(:mod:`spec.fourever.solo_plan`: its entries are picks, extra dice or question marks of their
own area's colour), and a Lagrangian relaxation of that inequality bounds the best paid-for
sheet.

Every solo game's final sheet, area by area, is dominated by an option of
:func:`options` (at least its score, foxes and every bonus, at most its entries): yellow's,
green's and pink's best numbers for the same fields (4E-5, 4E-7, 4E-9: the bonuses depend only
on the fields written and, in pink, on 5 or 6, which a 6 dominates), every grey part set
(4E-8), and blue as what it fills (the columns and rows with two crosses, each diagonal with
two) with the fewest crosses that fill them (4E-6, :func:`blue_crosses`).

With ``u`` the question marks each area uses, ``D`` the extra dice and ``p`` pink's question
mark of the re-roll track (4E-4), a paid-for choice satisfies, for every area ``X``::

    u_X <= e_X,   u_X <= (X's question marks earned) + p if X is pink,
    sum(e_X - u_X) <= 24 + 1 + D   (the picks and the black question mark, 4E-3, 4E-11),
    D <= 7,  D <= 1 + (+1 earned),  p <= 1,  p <= (re-rolls earned) / 6.

For a lowest area ``m`` (each area at least ``m``, each fox worth ``m``, 4E-10; 0 when ``m`` is
negative, which only raises the bound and keeps more foxes better), every set of
non-negative multipliers on those inequalities gives a bound that splits area by area (weak
duality: :func:`dual`); the multipliers are found by a descent in floats, and the bound is
evaluated exactly (fractions).  The total is at most the largest bound over every whole ``m``
from yellow's least score up to where some area has no option left (:func:`bound`; 438).

Tighter: :func:`above` finds the best paid-for choice of one option per area by branch and
bound, the dual (multipliers lowered again at each node) as the bound and the exact inequality
at each leaf; over every lowest area it is 421 (lowest area 34, with a real blue grid), so no
solo game totals more (``--prove 421``), and a game reaches it
(:mod:`spec.fourever.solo_exact`).  With the plan's own options (sampled blue grids,
``--plans 410``) nothing beats 410, the plan's game.

``python -m spec.fourever.paid_bound [--prove N | --plans N]`` (on a terminal, standard error
shows the search's progress: the lowest area, its nodes, its bound and the best found).
"""

from __future__ import annotations

import functools
import itertools
import sys
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import TextIO

import attrs
import numpy as np
import numpy.typing as npt

from spec.fourever import solo_plan
from spec.fourever.printed import (AREAS, BLUE_ANTI_DIAGONAL_POINTS, BLUE_COLUMN_POINTS,
                                   BLUE_ROW_BONUS, BLUE_SIZE, FOX, RR, XD)
from spec.fourever.solo_plan import GIVES, Option
from spec.solving import Progress, shown

#: The multipliers: one per area's question marks (sheet order), then the entries paid, the
#: extra dice and the re-roll track's question mark.
QUESTIONS, PAID, DICE, TRACK = range(len(AREAS)), len(AREAS), len(AREAS) + 1, len(AREAS) + 2
#: The picks and the black question mark (ruling 9, 4E-3); the extra-die track's fields and
#: round 2's extra die; the re-rolls earned that end the re-roll track (the round-1 re-roll
#: beside them, 4E-4).
PICKS_AND_BLACK, MOST_DICE, ROUND_DICE, TRACK_REROLLS = 25, 7, 1, 6
#: The lowest area score considered (yellow's least: its middle row full, 4E-5).
LOWEST = -30
I_XD, I_RR = GIVES.index(XD), GIVES.index(RR)


@functools.cache
def _row_crosses(size: int, row: int, need: bool, cols: tuple[int, ...], main: int, anti: int,
                 ) -> tuple[tuple[int, tuple[int, ...], int, int], ...]:
    """Every useful way to cross row ``row`` of a ``size`` x ``size`` grid: its cost (at least 2
    if ``need``) and the columns' and diagonals' crosses still wanted after it.  Only cells some
    column or diagonal still wants are chosen; the rest of a needed row's two are any others."""
    useful = [c for c in range(size) if cols[c] or (c == row and main) or (c == size - 1 - row and anti)]
    ways = []
    for k in range(len(useful) + 1):
        for chosen in itertools.combinations(useful, k):
            left = tuple(max(0, w - (c in chosen)) for c, w in enumerate(cols))
            ways.append((max(k, 2 if need else 0), left, max(0, main - (row in chosen)),
                         max(0, anti - (size - 1 - row in chosen))))
    return tuple(ways)


@functools.cache
def _fewest(size: int, row: int, rows: int, cols: tuple[int, ...], main: int, anti: int) -> int:
    """The fewest crosses in rows ``row`` .. ``size - 1`` with two in every row of the mask
    ``rows`` (row ``row`` its lowest bit), ``cols[c]`` more in column ``c`` and ``main``/``anti``
    more on each diagonal."""
    if row == size:
        return 0 if not any(cols) and not main and not anti else size * size + 1
    if max(cols) > size - row:
        return size * size + 1
    return min(cost + _fewest(size, row + 1, rows >> 1, left, m, a)
               for cost, left, m, a in _row_crosses(size, row, bool(rows & 1), cols, main, anti))


@functools.cache
def blue_crosses(size: int, rows: int, cols: int, main: int, anti: int) -> int:
    """The fewest crossed cells of a ``size`` x ``size`` grid with at least two in every row of
    the mask ``rows``, every column of ``cols``, the main diagonal if ``main`` and the
    anti-diagonal (row 1 column ``size`` .. row ``size`` column 1) if ``anti`` (4E-6): a blue
    area filling them has at least as many entries, one cross each."""
    return _fewest(size, 0, rows, tuple(2 * (cols >> c & 1) for c in range(size)), 2 * main,
                   2 * anti)


def _blue() -> tuple[Option, ...]:
    """Blue by what it fills (module docstring): every set of rows and of columns with two
    crosses and each diagonal with two, with at least the crosses they need."""
    found = []
    for rows in range(1 << BLUE_SIZE):
        for cols in range(1 << BLUE_SIZE):
            for main in (0, 1):
                for anti in (0, 1):
                    gives = [0] * len(GIVES)
                    foxes = 0
                    for r, b in enumerate(BLUE_ROW_BONUS):
                        if rows >> r & 1:
                            if b == FOX:
                                foxes += 1
                            else:
                                gives[GIVES.index(b)] += 1
                    gives[I_RR] += main
                    score = sum(p for c, p in enumerate(BLUE_COLUMN_POINTS) if cols >> c & 1)
                    crosses = blue_crosses(BLUE_SIZE, rows, cols, main, anti)
                    found.append(Option((rows, cols, main, anti), crosses,
                                        score + BLUE_ANTI_DIAGONAL_POINTS * anti, foxes,
                                        tuple(gives)))
    return solo_plan._kept(iter(found))


@functools.cache
def options(label: str) -> tuple[Option, ...]:
    """What area ``label`` can end with, up to dominance (module docstring)."""
    return _blue() if label == "blue" else solo_plan.options(label)


Multipliers = tuple[Fraction, ...]


def _area(o: Option, label: int, m: int, y: Multipliers) -> Fraction:
    """One option's part of the dual at lowest area ``m``: its score, its foxes at ``m`` (at
    least 0), its
    entries priced at the lower of the paid entries' multiplier and its own question marks'
    (an entry is paid by a pick or an extra die, or by one of its question marks), and every
    bonus at its multiplier."""
    entry = min(y[PAID], y[QUESTIONS[label]])
    return (o.score + max(m, 0) * o.foxes - entry * o.entries
            + sum(y[q] * o.gives[q] for q in QUESTIONS)
            + y[DICE] * o.gives[I_XD] + y[TRACK] / TRACK_REROLLS * o.gives[I_RR])


def dual(m: int, y: Multipliers) -> Fraction | None:
    """The bound at lowest area ``m`` for the multipliers ``y`` (all at least 0; None: no
    option of some area reaches ``m``)."""
    assert all(v >= 0 for v in y)
    out = (PICKS_AND_BLACK * y[PAID] + ROUND_DICE * y[DICE]
           + MOST_DICE * max(Fraction(0), y[PAID] - y[DICE])
           + max(Fraction(0), y[QUESTIONS[AREAS.index("pink")]] - y[TRACK]))
    for i, label in enumerate(AREAS):
        values = [_area(o, i, m, y) for o in options(label) if o.score >= m]
        if not values:
            return None
        out += max(values)
    return out


Floats = npt.NDArray[np.float64]
Arrays = tuple[Floats, Floats, Floats, Floats, Floats]


def _floats(values: object) -> Floats:
    got: Floats = np.asarray(values, dtype=np.float64)
    return got


def _arrays(m: int, source: Callable[[str], Sequence[Option]] | None = None,
            pools: Sequence[Sequence[Option]] | None = None) -> list[Arrays] | None:
    """Each area's options reaching ``m`` (of ``source``, default :func:`options`; or the
    ``pools`` given) as arrays: score and foxes at ``m``, entries, the question marks (sheet
    order), extra dice and re-rolls they earn."""
    if pools is None:
        pools = [[o for o in (source or options)(a) if o.score >= m] for a in AREAS]
    out: list[Arrays] = []
    for kept in pools:
        if not kept:
            return None
        gives = _floats([o.gives for o in kept])
        out.append((_floats([o.score + max(m, 0) * o.foxes for o in kept]),
                    _floats([o.entries for o in kept]),
                    gives[:, :len(AREAS)], gives[:, I_XD], gives[:, I_RR]))
    return out


def _fast(arrays: list[Arrays], y: Floats) -> float:
    """:func:`dual` in floats, for the descent."""
    pink = AREAS.index("pink")
    out = float(PICKS_AND_BLACK * y[PAID] + ROUND_DICE * y[DICE]
                + MOST_DICE * max(0.0, y[PAID] - y[DICE]) + max(0.0, y[pink] - y[TRACK]))
    for i, (worth, entries, questions, dice, rerolls) in enumerate(arrays):
        entry = min(y[PAID], y[i])
        out += float(np.max(worth - entry * entries + questions @ y[:len(AREAS)]
                            + y[DICE] * dice + y[TRACK] / TRACK_REROLLS * rerolls))
    return out


#: The highest multiplier the descent tries: far above any it reaches (the grid of
#: :func:`_start` ends at 600), a bound on its steps should a dual have no least value.
MOST_MULTIPLIER = 10_000.0


def _lower(arrays: list[Arrays], y: Floats, step: float) -> tuple[Floats, float]:
    """Coordinate steps from ``y``, halved down to 1/64, while they lower the dual (each
    multiplier from 0 to :data:`MOST_MULTIPLIER`)."""
    now = _fast(arrays, y)
    while step >= 1 / 64:
        better = False
        for i in range(len(y)):
            for d in (step, -step):
                trial = y.copy()
                trial[i] = min(MOST_MULTIPLIER, max(0.0, trial[i] + d))
                if (v := _fast(arrays, trial)) < now - 1e-9:
                    y, now, better = trial, v, True
        if not better:
            step /= 2
    return y, now


def _start(arrays: list[Arrays]) -> Floats:
    """The best equal multipliers on a grid (the re-roll track's apart)."""
    grid = [_floats([c] * TRACK + [r]) for c in range(0, 201, 2) for r in (0, c, 3 * c)]
    return min(grid, key=lambda g: _fast(arrays, g))


def _descent(m: int) -> Multipliers | None:
    """Multipliers making :func:`dual` low at ``m`` (None: no option of some area reaches
    it): the best equal ones on a grid, then coordinate steps, in floats (any non-negative
    multipliers give a valid bound; :func:`dual` evaluates it exactly)."""
    arrays = _arrays(m)
    if arrays is None:
        return None
    y, _ = _lower(arrays, _start(arrays), 8.0)
    return tuple(Fraction(round(v * 64), 64) for v in y)


#: The order :func:`above` fixes the areas in: fewest options first (green, yellow, grey,
#: blue, pink).
ORDER = tuple(AREAS.index(a) for a in ("green", "yellow", "grey", "blue", "pink"))


#: How often :func:`above` tells its progress: every so many nodes.
SHOW_EVERY = 200


def above(m: int, least: int, source: Callable[[str], Sequence[Option]] | None = None,
          progress: Progress | None = None) -> tuple[tuple[Option, ...] | None, int]:
    """The best paid-for choice of one option per area (of ``source``, default
    :func:`options`), every area at least ``m``, scoring more than ``least`` with each fox
    worth ``m`` (None: none), and the nodes searched: branch and bound, the areas fixed in
    :data:`ORDER`, each node's bound the dual with its multipliers lowered again (a node is
    cut only when the dual is below ``least + 1`` by more than a float's error).
    ``progress`` hears the nodes searched, the root's bound and the best found, at the root and
    every :data:`SHOW_EVERY` nodes."""
    pools: list[Sequence[Option]] = [[o for o in (source or options)(a) if o.score >= m]
                                     for a in AREAS]
    best, found, nodes, top = least, None, 0, 0.0

    def show() -> None:
        if progress is not None:
            progress(f"lowest area {m}: bound {top:.1f}, {nodes} nodes, found "
                     f"{best if found is not None else 'none'}")

    def go(pools: list[Sequence[Option]], depth: int, y: Floats) -> None:
        nonlocal best, found, nodes
        nodes += 1
        if nodes % SHOW_EVERY == 0:
            show()
        arrays = _arrays(m, pools=pools)
        if arrays is None:
            return
        y, now = _lower(arrays, y, 4.0 if depth < 3 else 1.0)
        if now < best + 1 - 1e-6:
            return
        if depth == len(ORDER):
            chosen = tuple(p[0] for p in pools)
            got = sum(o.score for o in chosen) + max(m, 0) * sum(o.foxes for o in chosen)
            if solo_plan.paid(chosen) <= 0 and got > best:
                best, found = got, chosen
            return
        a = ORDER[depth]
        worth, entries, questions, dice, rerolls = arrays[a]
        values = (worth - min(y[PAID], y[a]) * entries + questions @ y[:len(AREAS)]
                  + y[DICE] * dice + y[TRACK] / TRACK_REROLLS * rerolls)
        rest = now - float(np.max(values))
        for j in np.argsort(-values, kind="stable"):
            if rest + values[j] < best + 1 - 1e-6:
                break
            go(pools[:a] + [(pools[a][j],)] + pools[a + 1:], depth + 1, y)

    root = _arrays(m, pools=pools)
    if root is not None:
        y, top = _lower(root, _start(root), 8.0)
        show()
        go(pools, 0, y)
    return found, nodes


@attrs.frozen
class Bound:
    """The bound (a whole number), and the dual's value at each lowest area tried."""

    total: int
    by_lowest: tuple[tuple[int, Fraction], ...]


def bound() -> Bound:
    """At most what a Clever 4Ever solo game totals (module docstring)."""
    found: list[tuple[int, Fraction]] = []
    for m in itertools.count(LOWEST):
        y = _descent(m)
        if y is None:  # no option of some area reaches m (nor any higher m)
            break
        got = dual(m, y)
        assert got is not None
        found.append((m, got))
    return Bound(int(max(v for _, v in found)), tuple(found))


def _told(terminal: Progress, lowest: int, m: int, highest: int) -> Progress:
    """The progress of :func:`above` at lowest area ``m`` with what the lowest areas before it
    (from ``lowest``) allow at most."""
    done = f"; below: at most {highest}" if m > lowest else ""
    return lambda text: terminal(text + done)


#: What ``--prove`` and ``--plans`` search: the bound's options, or the plan's (real blue grids).
SOURCES: Mapping[str, Callable[[str], Sequence[Option]]] = MappingProxyType({
    "--prove": options, "--plans": solo_plan.options})


def run(question: str, least: int, source: Callable[[str], Sequence[Option]], out: TextIO,
        err: TextIO, lowest: int = LOWEST) -> int:
    """``--prove`` or ``--plans`` ``least`` over the options of ``source``: for every lowest
    area from ``lowest`` (the least there is, or a check's start) until some area has no
    option left, the best paid-for choice above
    ``least`` (:func:`above`) written to ``out`` where there is one; then, for ``--prove`` with
    none anywhere, that no solo game totals more.  On a terminal, ``err`` shows the progress."""
    beaten = False
    highest = least  # what the lowest areas searched so far allow at most
    terminal = shown(err)
    for m in itertools.count(lowest):
        if _arrays(m, source) is None:
            break
        told = None if terminal is None else _told(terminal, lowest, m, highest)
        chosen, nodes = above(m, least, source, told)
        if chosen is not None:
            beaten = True
            highest = max(highest, solo_plan.score(chosen))
            if terminal is not None:
                terminal.done()
            out.write(f"lowest area {m}: {solo_plan.score(chosen)} "
                      f"{[o.part for o in chosen]} ({nodes} nodes)\n")
            out.flush()
    if terminal is not None:
        terminal.done()
    if question == "--prove" and not beaten:
        out.write(f"a solo game totals at most {least} (paid for; branch and bound over "
                  f"every lowest area from {lowest})\n")
    else:
        out.write(f"searched every lowest area from {lowest}: the rest at most {least}\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Print the bound and where it is reached; with ``--plans LEAST``, for every lowest area
    the plan's options (:func:`spec.fourever.solo_plan.options`: real blue grids) allow, the
    best paid-for choice above LEAST (:func:`above`), or that there is none; with ``--prove
    N`` the same over the bound's :func:`options`: none anywhere proves that no solo game
    totals more than N (:func:`run`)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] in (["--plans"], ["--prove"]):
        if len(args) != 2 or not args[1].lstrip("-").isdigit():
            print(f"error: {args[0]} wants one whole number (the total to beat)",
                  file=sys.stderr)
            return 2
        return run(args[0], int(args[1]), SOURCES[args[0]], sys.stdout, sys.stderr)
    if args:
        print(f"error: unknown arguments {' '.join(args)!r} (only --plans or --prove N)",
              file=sys.stderr)
        return 2
    got = bound()
    m, v = max(got.by_lowest, key=lambda mv: mv[1])
    print(f"a solo game totals at most {got.total} (paid for, Lagrangian; "
          f"highest at lowest area {m}: {float(v):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
