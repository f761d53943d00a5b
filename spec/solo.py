"""What every game's solo search shares: prices drawn around the given ones for a restart
(:func:`drawn`), the max-plus convolution that splits a budget of entries among the areas'
curves of worth (:func:`max_plus`), and a game found written as a record only once the engine
has verified it (:func:`write_verified`).  Each game's search (``spec.cubed.solo_improve``; the
beam over the engine's game of :mod:`spec.solo_beam` with ``spec.fourever.solo_search`` and
``spec.cubed.solo_seam``) and its worth (``solo_value``) supply the game: its moves, its
areas' curves and its prices."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import TypeVar

import attrs
import numpy as np
import numpy.typing as npt
from attrs import AttrsInstance

from oracle.engine.errors import OracleError
from oracle.engine.game import Move
from oracle.records.record import dump_record, record_game, verify

P = TypeVar("P", bound=AttrsInstance)
Floats = npt.NDArray[np.float64]


def drawn(prices: P, rng: random.Random, spread: float, names: Sequence[str],
          whole: Sequence[str] = ()) -> P:
    """``prices`` with each price of ``names`` drawn within ``spread`` (a fraction) around
    its value, in that order (one draw of ``rng`` each: a seeded restart is reproducible);
    those of ``whole`` rounded to whole numbers."""
    changes: dict[str, float] = {}
    for name in names:
        near = getattr(prices, name) * (1 + spread * (2 * rng.random() - 1))
        changes[name] = round(near) if name in whole else near
    # mypy's attrs plugin does not take a TypeVar bound to AttrsInstance for an attrs class
    return attrs.evolve(prices, **changes)  # type: ignore[misc]  # see the line above


@functools.cache
def _skew(length: int, other: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Indices laying out a[i] + b[j] as row i, column i + j."""
    rows = np.repeat(np.arange(length), other)
    return rows, rows + np.tile(np.arange(other), length)


def max_plus(a: Floats, b: Floats, most: int) -> Floats:
    """c[k] = the best a[i] + b[k - i], for k below ``most`` (every column has a sum, so no
    fill value ever wins)."""
    rows, cols = _skew(len(a), len(b))
    table = np.full((len(a), len(a) + len(b) - 1), -np.inf)
    table[rows, cols] = (a[:, None] + b[None, :]).ravel()
    return np.asarray(table.max(axis=0)[:most])


def write_verified(moves: Sequence[Move], total: int, game: str, path: str,
                   replace: bool = False) -> int:
    """Verify the solo game of ``moves`` with the engine (``verify``: legal, with the total
    the search claims) and write its record to ``path`` (a new file, or with ``replace`` the
    file a search rewrites after each gain); returns the total.  :class:`OracleError` when
    the engine does not confirm the game (nothing is written)."""
    record = record_game(tuple(moves), ("Solo",), game=game)
    verdict = verify(record, "found")
    got = verdict.scores[0].total if verdict.scores else None
    if verdict.status != "legal" or got != total:
        raise OracleError(f"the game found does not verify: {verdict.status}, {got}")
    with open(path, "w" if replace else "x", encoding="utf-8") as out:
        out.write(dump_record(record))
    return total
