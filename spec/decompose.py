"""Whole-sheet questions solved area by area, for every game: the dynamic programme that chooses
one option per area (:mod:`spec.cubed.decompose`, :mod:`spec.fourever.decompose` make each
area's table of options and say how foxes count).

A sheet's total depends on each area only through a few numbers (its entries, its score, its
foxes and, in Clever Cubed, the re-rolls it earns: its ``extra``), and grows with every area's
score.  So the best sheet with at most K entries is a choice of one option per area: for every
possible lowest score m, a dynamic programme over the areas gives, for each (foxes, extra,
entries), the highest sum of scores with every area at least m; with every score at least m
the total is at least that sum plus the sheet's foxes times m's fox value, with equality when m
is the lowest (rulebook "Game End"; docs/rulings.md, rulings 21 and 4E-10).  The answer is exact
when each table holds every area's best options: the choice is exhaustive."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

import attrs
import numpy as np
import numpy.typing as npt


class Choice(Protocol):
    """One area's option: its entries, foxes, score and ``extra`` (what else the total reads
    of the area: Clever Cubed's re-rolls, 0 in Clever 4Ever)."""

    @property
    def entries(self) -> int: ...

    @property
    def foxes(self) -> int: ...

    @property
    def score(self) -> int: ...

    @property
    def extra(self) -> int: ...


O = TypeVar("O", bound=Choice)
#: No sheet: below every sum of scores.
NONE = -10 ** 6
Layer = npt.NDArray[np.int64]


def beats(p: Choice, o: Choice) -> bool:
    """``p`` is at least as good as ``o`` in every respect and better in one (fewer entries, a
    higher score, more foxes, more ``extra``)."""
    return (p.entries <= o.entries and p.score >= o.score and p.foxes >= o.foxes
            and p.extra >= o.extra
            and (p.entries, p.score, p.foxes, p.extra) != (o.entries, o.score, o.foxes, o.extra))


@attrs.frozen
class Best(Generic[O]):
    """The best total for each number of entries (at most), with the options chosen."""

    totals: tuple[int, ...]
    choices: tuple[tuple[O, ...], ...]


def combine(tables: Sequence[Sequence[O]], most: int, fox_rows: int,
            foxes: Callable[[int, int], int], value: Callable[[int], int],
            deadline: float | None = None) -> Best[O]:
    """For every entry count K up to ``most``, the highest total of one option per area (one
    table each, in sheet order) with at most K entries in all, and the options making it:
    the areas' scores plus ``foxes(f, x)`` foxes (the areas' ``f``, their ``extra`` summing
    to ``x``; at most ``fox_rows - 1`` of the areas' own) times ``value(m)``, m the lowest
    score.  Ties go to the lowest m, then the fewest foxes and extra, found first.
    :class:`TimeoutError` past ``deadline`` (``time.perf_counter()``)."""
    extras = 1 + sum(max(o.extra for o in t) for t in tables)
    best = np.full(most + 1, NONE, np.int64)
    where = [(0, 0, 0)] * (most + 1)  # each entry count's best: (lowest score, foxes, extra)
    for low in sorted({o.score for t in tables for o in t}):
        if deadline is not None and time.perf_counter() > deadline:
            raise TimeoutError("the combination of the area tables ran out of time")
        final = _layers(tables, low, most, fox_rows, extras)[-1]
        for f in range(fox_rows):
            for x in range(extras):
                got = np.where(final[f, x] > NONE, final[f, x] + foxes(f, x) * value(low),
                               NONE)
                better = got > best
                best = np.where(better, got, best)
                for e in np.flatnonzero(better):
                    where[e] = (low, f, x)
    totals = np.maximum.accumulate(best)
    first = [int(np.flatnonzero(best[:e + 1] == totals[e])[0]) for e in range(most + 1)]
    layers_of = {low: _layers(tables, low, most, fox_rows, extras)
                 for low in {where[k][0] for k in first if best[k] > NONE}}
    return Best(tuple(int(t) for t in totals), tuple(
        _back(tables, layers_of[where[k][0]], where[k][0], where[k][1], where[k][2], k)
        if best[k] > NONE else () for k in first))  # (): no sheet has so few entries


def _layers(tables: Sequence[Sequence[Choice]], low: int, most: int, fox_rows: int,
            extras: int) -> list[Layer]:
    """The dynamic programme for a lowest score of at least ``low``: after each area, for
    (foxes, extra, entries) the highest sum of scores (:data:`NONE`: no sheet)."""
    layer = np.full((fox_rows, extras, most + 1), NONE, np.int64)
    layer[0, 0, 0] = 0
    out = [layer]
    for table in tables:
        new = np.full_like(layer, NONE)
        for o in table:
            if o.score < low:
                continue
            f, x, e = o.foxes, o.extra, o.entries
            source = layer[:fox_rows - f, :extras - x, :most + 1 - e]
            target = new[f:, x:, e:]
            np.maximum(target, np.where(source > NONE, source + o.score, NONE), out=target)
        layer = new
        out.append(layer)
    return out


def _back(tables: Sequence[Sequence[O]], layers: list[Layer], low: int, f: int, x: int,
          e: int) -> tuple[O, ...]:
    """The options behind ``layers[-1][f, x, e]``, area by area from the last."""
    chosen: list[O] = []
    value = int(layers[-1][f, x, e])
    for i in range(len(tables) - 1, -1, -1):
        for o in tables[i]:
            if o.score < low or o.foxes > f or o.extra > x or o.entries > e:
                continue
            prior = int(layers[i][f - o.foxes, x - o.extra, e - o.entries])
            if prior > NONE and prior + o.score == value:
                chosen.append(o)
                f, x, e, value = f - o.foxes, x - o.extra, e - o.entries, prior
                break
        else:
            raise AssertionError("no option behind a dynamic-programming value")
    return tuple(reversed(chosen))
