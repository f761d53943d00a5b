"""What a solo position is worth for a search: each area's score now and what its entries
still to come can earn, each bonus counted as the entry it pays back.

A solo game's total is the five areas plus the foxes times the lowest area (rulebook "Game
End"; ruling 21).  :class:`Worth` approximates it area by area: ``floor`` is the lowest area
hoped for, a fox is worth ``floor``, and an area that ends below it costs ``shortfall`` per
point missing (the foxes multiply the lowest area).

The entries still to come (:func:`to_come`: the picks, the passive picks, the extra dice and
the question marks) are a budget.  Each area has a table: for every budget n, the best worth
of a state it can still grow into with n entries, where a bonus that gives an entry (an extra
die, a question mark: rulebook "Bonuses") pays one back.  The tables are exact for yellow and
brown (every state), pink and blue (every way on), and for turquoise taken over the states
that fill each row to its shaded end or to its last cell, a turquoise entry crossing up to
``turquoise_cells`` cells of one column (rulebook "The Turquoise Area").  A position is worth
the best split of its budget among the five tables.  Re-rolls are worth ``reroll`` each
(seven circles give the track's fox), number jokers ``joker``.

This is a heuristic for :mod:`spec.cubed.solo_beam`; nothing it says is a claim: every game
found is verified by the engine.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import attrs
import numpy as np
import numpy.typing as npt

from oracle import Bonus
from spec.cubed import solo_game as sg
from spec.cubed import solo_sheet as ss
from spec.cubed.patterns import (
    BROWN_PATTERNS,
    TURQUOISE_PATTERNS,
    YELLOW_PATTERNS,
    Patterns,
    blue_bonus,
    turquoise_bit,
)
from spec.cubed.printed import (
    BLUE_EXTREME,
    BLUE_FIELDS_PER_SIDE,
    BLUE_HIGH,
    BLUE_LOW,
    BLUE_SIDE_POINTS,
    BLUE_START,
    BROWN_POINTS_BY_CROSSES,
    PINK_FACTOR,
    PINK_FIELD_BONUS,
    PINK_FIELD_COUNT,
    ROUND_START_BONUS,
    TRACK_FIELDS,
    TURQUOISE_ROW_POINTS,
    TURQUOISE_SHADED,
    YELLOW_ROW_POINTS,
)

Floats = npt.NDArray[np.float64]


def gives_entry(bonus: Bonus) -> bool:
    """A bonus that is itself an entry to make: an extra die or a question mark."""
    return bonus is Bonus.EXTRA_DIE or bonus.is_question


@attrs.frozen
class Prices:
    """The prices of :class:`Worth` (see the module docstring)."""

    floor: float = 58.0
    shortfall: float = 6.0
    reroll: float = 8.0
    joker: float = 2.0
    turquoise_cells: int = 2

    def bonus(self, bonus: Bonus) -> float:
        """What receiving ``bonus`` is worth besides an entry it gives (counted in the
        budget)."""
        if bonus is Bonus.FOX:
            return self.floor
        if bonus is Bonus.REROLL:
            return self.reroll
        return self.joker if bonus is Bonus.NUMBER_JOKER else 0.0

    def area(self, score: float) -> float:
        """A final area score's worth, without its bonuses: the score, less the shortfall
        below the floor."""
        return score - self.shortfall * max(0.0, self.floor - score)


def _popcounts(n: int) -> npt.NDArray[np.int64]:
    states = np.arange(1 << n, dtype=np.int64)
    counts = np.zeros(1 << n, dtype=np.int64)
    for b in range(n):
        counts += states >> b & 1
    return counts


def _bonus_worth(states: npt.NDArray[np.int64], patterns: Patterns, prices: Prices,
                 refunds: bool) -> Floats:
    """The worth of the bonuses ``states`` have completed (``refunds``: the entry-giving ones
    too)."""
    out = np.zeros(len(states))
    for mask, bonus in patterns:
        if refunds or not gives_entry(bonus):
            out += np.where(states & mask == mask, prices.bonus(bonus), 0.0)
    return out


#: The most entries an area's table counts (net of the entries its bonuses pay back).
MOST = 24


def _best_by_cost(cost: npt.NDArray[np.int64], worth: Floats) -> Floats:
    """For every budget n (0..MOST), the best ``worth`` whose ``cost`` is at most n
    (costs below 0 count as 0, above MOST are out of reach)."""
    out = np.full(MOST + 1, -np.inf)
    keep = cost <= MOST
    np.maximum.at(out, np.maximum(cost[keep], 0), worth[keep])
    return np.maximum.accumulate(out)


def _subset_tables(bits: int, score: Callable[[npt.NDArray[np.int64]], Floats],
                   patterns: Patterns, prices: Prices, rightward: bool
                   ) -> npt.NDArray[np.float32]:
    """For every state of an area of ``bits`` cells and every budget n, the best worth of a
    state it can grow into with n entries (each completed entry-giving bonus paying one
    back); ``rightward``: a cell only right of the last one crossed (brown)."""
    states = np.arange(1 << bits, dtype=np.int64)
    worth = np.array([prices.area(s) for s in score(states)]) + _bonus_worth(
        states, patterns, prices, refunds=False)
    best = np.repeat(worth[:, None], MOST + 1, axis=1).astype(np.float32)
    counts = _popcounts(bits)
    lengths = np.zeros(1 << bits, dtype=np.int64)
    for b in range(bits):
        lengths = np.where(states >> b & 1, b + 1, lengths)
    budgets = np.arange(MOST + 1)
    for p in range(bits - 1, -1, -1):
        layer = states[counts == p]
        for cell in range(bits):
            free = layer[(layer >> cell & 1) == 0]
            if rightward:
                free = free[lengths[free] <= cell]
            if not len(free):
                continue
            after = free | 1 << cell
            back = np.zeros(len(free), dtype=np.int64)
            for mask, bonus in patterns:
                if mask >> cell & 1 and gives_entry(bonus):
                    back += after & mask == mask
            # n entries here leave n - 1 + back for the state after (at most MOST)
            left = np.minimum(budgets[None, :] - 1 + back[:, None], MOST)
            reach = np.where(left >= 0, best[after[:, None], np.maximum(left, 0)], -np.inf)
            best[free] = np.maximum(best[free], reach)
    return best


def _yellow_score(states: npt.NDArray[np.int64]) -> Floats:
    points = np.array(YELLOW_ROW_POINTS, dtype=np.float64)
    counts = _popcounts(6)
    return sum((points[counts[states >> (6 * r) & 63]] for r in range(3)),
               np.zeros(len(states)))


def _brown_score(states: npt.NDArray[np.int64]) -> Floats:
    return np.array(BROWN_POINTS_BY_CROSSES, dtype=np.float64)[_popcounts(12)[states]]


#: Turquoise: each row's cells up to its shaded end, and all its cells.
_ROW_FILLS = tuple(
    tuple(sorted({0, sum(turquoise_bit(r, c) for c in range(1, shaded + 1)),
                  sum(turquoise_bit(r, c) for c in range(1, 7))}))
    for r, shaded in enumerate(TURQUOISE_SHADED, start=1))
_FILLS = np.array([sum(choice) for choice in itertools.product(*_ROW_FILLS)], dtype=np.int64)


#: The crosses of each 6-bit row.
_SIX_BITS = np.array([bin(x).count("1") for x in range(64)], dtype=np.int64)


class Worth:
    """The worth of solo positions (module docstring): each area's table (its best worth for
    every budget of entries) computed once per area state and kept, and the best split of the
    entries still to come among the five areas."""

    def __init__(self, prices: Prices = Prices()) -> None:
        self.prices = prices
        self.yellow = _subset_tables(18, _yellow_score, YELLOW_PATTERNS, prices, False)
        self.brown = _subset_tables(12, _brown_score, BROWN_PATTERNS, prices, True)
        self.turquoise: dict[int, Floats] = {}
        self.blue: dict[tuple[tuple[int, ...], tuple[int, ...]], Floats] = {}
        self.pink: dict[tuple[int, int], Floats] = {}
        self.skews: dict[tuple[int, int], tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]] = {}

    def __call__(self, node: sg.Node) -> float:
        """The node's worth: the best split of the entries still to come."""
        s = node.sheet
        budget = min(to_come(node), MOST * 5)
        n = min(budget, MOST) + 1
        tables = (self.yellow[s.yellow, :n].astype(np.float64), self.brown[s.brown, :n]
                  .astype(np.float64), self._turquoise(s.turquoise)[:n],
                  self._blue(s.left, s.right)[:n])
        combined = tables[0]
        for table in tables[1:]:
            combined = self._max_plus(combined, table, budget + 1)
        pink = self._pink(len(s.pink), sum(s.pink))
        # the last split: pink gets budget - i where the others get i (pink's table is flat
        # beyond MOST)
        spare = np.minimum(budget - np.arange(len(combined)), MOST)
        return float((combined + pink[spare]).max()) + self._tracks(s)

    def _max_plus(self, a: Floats, b: Floats, most: int) -> Floats:
        """c[k] = the best a[i] + b[k - i], for k below ``most``."""
        rows, cols = self._skew(len(a), len(b))
        table = np.full((len(a), len(a) + len(b) - 1), -np.inf)
        table[rows, cols] = (a[:, None] + b[None, :]).ravel()
        return np.asarray(table.max(axis=0)[:most])

    def _skew(self, length: int, other: int
              ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        got = self.skews.get((length, other))
        if got is None:
            rows = np.repeat(np.arange(length), other)
            got = self.skews[length, other] = (rows, rows + np.tile(np.arange(other), length))
        return got

    def _tracks(self, s: ss.Sheet) -> float:
        """The re-roll track's fox (the circles themselves are counted where they are
        earned)."""
        return self.prices.floor if s.rerolls >= TRACK_FIELDS else 0.0

    def _turquoise(self, state: int) -> Floats:
        got = self.turquoise.get(state)
        if got is None:
            got = self.turquoise[state] = self._turquoise_table(state)
        return got

    def _turquoise_table(self, state: int) -> Floats:
        p = self.prices
        final = _FILLS | state
        new = final & ~state
        counts = [_SIX_BITS[final >> (6 * r) & 63] for r in range(5)]
        score = sum((np.array(TURQUOISE_ROW_POINTS, dtype=np.float64)[c] for c in counts),
                    np.zeros(len(final)))
        worth = np.array([p.area(x) for x in score])
        entries = np.zeros(len(final), dtype=np.int64)
        for column in range(6):
            cells = sum((new >> (6 * r + column) & 1 for r in range(5)),
                        np.zeros(len(final), dtype=np.int64))
            entries += -(-cells // p.turquoise_cells)
        for mask, bonus in TURQUOISE_PATTERNS:
            done = final & mask == mask
            if gives_entry(bonus):
                entries -= done & (state & mask != mask)
            else:
                worth += np.where(done, p.bonus(bonus), 0.0)
        return _best_by_cost(entries, worth)

    def _blue(self, left: tuple[int, ...], right: tuple[int, ...]) -> Floats:
        key = (left, right)
        got = self.blue.get(key)
        if got is None:
            got = self.blue[key] = self._blue_table(left, right)
        return got

    def _blue_table(self, left: tuple[int, ...], right: tuple[int, ...]) -> Floats:
        p = self.prices
        costs: list[int] = []
        worths: list[float] = []
        for lw, lv, lg in _side_ways(left, 0, p):
            for rw, rv, rg in _side_ways(right, 1, p):
                costs.append(len(lw) - len(left) + len(rw) - len(right) - lg - rg)
                worths.append(p.area(_side_points(lw) + _side_points(rw)) + lv + rv)
        return _best_by_cost(np.array(costs, dtype=np.int64), np.array(worths))

    def _pink(self, field: int, written: int) -> Floats:
        key = (field, written)
        got = self.pink.get(key)
        if got is None:
            got = self.pink[key] = self._pink_table(field, written)
        return got

    def _pink_table(self, field: int, written: int) -> Floats:
        """The best ways on from pink field ``field`` + 1 with ``written`` points so far:
        half (3) with the field's bonus, or the star's factor times 6."""
        p = self.prices
        best = np.full(MOST + 1, p.area(written))
        if field >= PINK_FIELD_COUNT:
            return best
        options: list[tuple[int, Bonus | None]] = [(3, PINK_FIELD_BONUS[field])]
        if field:
            options.append((6 * PINK_FACTOR[field], None))
        for value, bonus in options:
            later = self._pink(field + 1, written + value)
            back = 1 if bonus is not None and gives_entry(bonus) else 0
            gain = p.bonus(bonus) if bonus is not None and not gives_entry(bonus) else 0.0
            # n entries here leave n - 1 + back for the fields after
            left = np.minimum(np.arange(MOST + 1) - 1 + back, MOST)
            reach = np.where(left >= 0, later[np.maximum(left, 0)] + gain, -np.inf)
            best = np.maximum(best, reach)
        return best


def _side_points(written: Sequence[int]) -> int:
    if not written:
        return 0
    return BLUE_SIDE_POINTS[len(written) - 1] + BLUE_EXTREME * sum(
        1 for v in written if v <= BLUE_LOW or v >= BLUE_HIGH)


def _side_ways(written: tuple[int, ...], side: int, prices: Prices
               ) -> list[tuple[tuple[int, ...], float, int]]:
    """Every way a blue side can go on (ruling 14: the next number one further from the
    middle, or a 7 after anything but a 7): (numbers, worth of the bonuses not giving
    entries, the entries paid back), each counted from the side as written."""
    out = [(written, _side_bonus_worth(written, side, prices), 0)]
    if len(written) < BLUE_FIELDS_PER_SIDE:
        last = written[-1] if written else BLUE_START
        for value in (last + (1 if side else -1), BLUE_START):
            if 2 <= value <= 12 and ss.blue_follows(written, value, side):
                for longer, worth, paid in _side_ways(written + (value,), side, prices):
                    bonus = blue_bonus(side, len(written) + 1)
                    back = 1 if bonus is not None and gives_entry(bonus) else 0
                    out.append((longer, worth, paid + back))
    return out


def _side_bonus_worth(written: Sequence[int], side: int, prices: Prices) -> float:
    return sum(prices.bonus(b) for d in range(1, len(written) + 1)
               if (b := blue_bonus(side, d)) is not None and not gives_entry(b))


def to_come(node: sg.Node) -> int:
    """Entries the game still gives after ``node``: the active rolls and passive turns to
    come, the extra dice circled and unspent, the question marks pending and the round
    bonuses to come that are entries."""
    s = node.sheet
    if node.phase == sg.OVER:
        return 0
    rolls = 3 * (sg.ROUNDS - node.round) + (3 - node.dice.rolls if node.phase == sg.ACTIVE
                                            else 0)
    passive = sg.ROUNDS - node.round + (1 if node.phase <= sg.PASSIVE else 0)
    later = sum(1 for b in ROUND_START_BONUS[node.round:] if b is not None and gives_entry(b))
    return rolls + passive + s.extra - s.extra_spent + len(s.pending) + later
