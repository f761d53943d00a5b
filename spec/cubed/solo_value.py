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

This is a heuristic for the beam of :mod:`spec.cubed.solo_improve`; nothing it says is a claim: every game
found is verified by the engine.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import attrs
import numpy as np
import numpy.typing as npt

from oracle import Area, Bonus, Die
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
    QUESTION_FOR,
    ROUND_START_BONUS,
    TRACK_FIELDS,
    TURQUOISE_ROW_POINTS,
    TURQUOISE_SHADED,
    YELLOW_ROW_POINTS,
)
from spec.solo import max_plus

Floats = npt.NDArray[np.float64]


def pays_back(bonus: Bonus, area: Area) -> bool:
    """A bonus of ``area`` that pays back the entry it costs: an extra die, the black
    question mark, or the area's own question mark (another area's question mark is an entry
    only there: it is worth ``question`` instead)."""
    return (bonus is Bonus.EXTRA_DIE or bonus is Bonus.QUESTION_BLACK
            or QUESTION_FOR.get(bonus) is area)


def gives_entry(bonus: Bonus) -> bool:
    """A bonus that is itself an entry to make: an extra die or a question mark."""
    return bonus is Bonus.EXTRA_DIE or bonus.is_question


@attrs.frozen
class Prices:
    """The prices of :class:`Worth` (see the module docstring)."""

    floor: float = 54.0
    shortfall: float = 6.0
    reroll: float = 8.0
    joker: float = 2.0
    question: float = 8.0
    turquoise_cells: int = 2
    reroll_fox: bool = True

    def bonus(self, bonus: Bonus) -> float:
        """What receiving ``bonus`` is worth besides an entry it gives (counted in the
        budget)."""
        if bonus is Bonus.FOX:
            return self.floor
        if bonus is Bonus.REROLL:
            return self.reroll
        if bonus.is_question:
            return self.question
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
                 area: Area) -> Floats:
    """The worth of the bonuses of ``area`` that ``states`` have completed (those paying
    back an entry aside)."""
    out = np.zeros(len(states))
    for mask, bonus in patterns:
        if not pays_back(bonus, area):
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
                   patterns: Patterns, prices: Prices, area: Area, rightward: bool,
                   need: int = 0) -> npt.NDArray[np.float32]:
    """For every state of an area of ``bits`` cells and every budget n, the best worth of a
    state it can grow into with n entries (each completed entry-giving bonus paying one
    back); ``rightward``: a cell only right of the last one crossed (brown); only states
    with every cell of ``need``."""
    states = np.arange(1 << bits, dtype=np.int64)
    worth = np.array([prices.area(s) for s in score(states)]) + _bonus_worth(
        states, patterns, prices, area)
    worth = np.where(states & need == need, worth, -np.inf)
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
                if mask >> cell & 1 and pays_back(bonus, area):
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


def _reroll_cells(patterns: Patterns) -> int:
    """The cells of the patterns that give a re-roll."""
    return sum(mask for mask, bonus in patterns if bonus is Bonus.REROLL)


#: The pink fields (0-based) that give a re-roll when half is written.
_PINK_REROLL = tuple(f for f, b in enumerate(PINK_FIELD_BONUS) if b is Bonus.REROLL)
#: Each blue side's length needed for its re-roll fields.
_BLUE_REROLL = tuple(max((d for d in range(1, BLUE_FIELDS_PER_SIDE + 1)
                          if blue_bonus(side, d) is Bonus.REROLL), default=0)
                     for side in (0, 1))


class Tables:
    """Each area's table (its best worth for every budget of entries), kept per area state;
    with ``rerolls``, only over the states that earn every re-roll source of the area."""

    def __init__(self, prices: Prices, rerolls: bool) -> None:
        self.prices = prices
        self.rerolls = rerolls
        self.yellow = _subset_tables(18, _yellow_score, YELLOW_PATTERNS, prices, Area.YELLOW,
                                     False,
                                     _reroll_cells(YELLOW_PATTERNS) if rerolls else 0)
        self.brown = _subset_tables(12, _brown_score, BROWN_PATTERNS, prices, Area.BROWN, True,
                                    _reroll_cells(BROWN_PATTERNS) if rerolls else 0)
        self.turquoise_need = _reroll_cells(TURQUOISE_PATTERNS) if rerolls else 0
        self.turquoise_cache: dict[int, Floats] = {}
        self.blue_cache: dict[tuple[tuple[int, ...], tuple[int, ...]], Floats] = {}
        self.pink_cache: dict[tuple[int, int], Floats] = {}

    def of(self, s: ss.Sheet, n: int) -> tuple[Floats, ...]:
        """The five tables of sheet ``s``, the first four cut to budgets below ``n``; pink
        whole."""
        return (self.yellow[s.yellow, :n].astype(np.float64),
                self.brown[s.brown, :n].astype(np.float64), self.turquoise(s.turquoise)[:n],
                self.blue(s.left, s.right)[:n], self.pink(len(s.pink), sum(s.pink)))

    def turquoise(self, state: int) -> Floats:
        """Turquoise's table for ``state``."""
        got = self.turquoise_cache.get(state)
        if got is None:
            got = self.turquoise_cache[state] = self._turquoise_table(state)
        return got

    def _turquoise_table(self, state: int) -> Floats:
        p = self.prices
        final = _FILLS | state
        new = final & ~state
        counts = [_SIX_BITS[final >> (6 * r) & 63] for r in range(5)]
        score = sum((np.array(TURQUOISE_ROW_POINTS, dtype=np.float64)[c] for c in counts),
                    np.zeros(len(final)))
        worth = np.array([p.area(x) for x in score])
        worth = np.where(final & self.turquoise_need == self.turquoise_need, worth, -np.inf)
        entries = np.zeros(len(final), dtype=np.int64)
        for column in range(6):
            cells = sum((new >> (6 * r + column) & 1 for r in range(5)),
                        np.zeros(len(final), dtype=np.int64))
            entries += -(-cells // p.turquoise_cells)
        for mask, bonus in TURQUOISE_PATTERNS:
            done = final & mask == mask
            if pays_back(bonus, Area.TURQUOISE):
                entries -= done & (state & mask != mask)
            else:
                worth += np.where(done, p.bonus(bonus), 0.0)
        return _best_by_cost(entries, worth)

    def blue(self, left: tuple[int, ...], right: tuple[int, ...]) -> Floats:
        """Blue's table for the two sides as written."""
        key = (left, right)
        got = self.blue_cache.get(key)
        if got is None:
            got = self.blue_cache[key] = self._blue_table(left, right)
        return got

    def _blue_table(self, left: tuple[int, ...], right: tuple[int, ...]) -> Floats:
        p = self.prices
        need = _BLUE_REROLL if self.rerolls else (0, 0)
        costs: list[int] = []
        worths: list[float] = []
        for lw, lv, lg in _side_ways(left, 0, p):
            for rw, rv, rg in _side_ways(right, 1, p):
                if len(lw) < need[0] or len(rw) < need[1]:
                    continue
                costs.append(len(lw) - len(left) + len(rw) - len(right) - lg - rg)
                worths.append(p.area(_side_points(lw) + _side_points(rw)) + lv + rv)
        return _best_by_cost(np.array(costs, dtype=np.int64), np.array(worths))

    def pink(self, field: int, written: int) -> Floats:
        """Pink's table with ``field`` fields written, ``written`` points so far."""
        key = (field, written)
        got = self.pink_cache.get(key)
        if got is None:
            got = self.pink_cache[key] = self._pink_table(field, written)
        return got

    def _pink_table(self, field: int, written: int) -> Floats:
        """The best ways on from pink field ``field`` + 1 with ``written`` points so far:
        half (3) with the field's bonus, or the star's factor times 6 (with ``rerolls``:
        half on every re-roll field)."""
        p = self.prices
        open_rerolls = self.rerolls and any(f >= field for f in _PINK_REROLL)
        best = np.full(MOST + 1, -np.inf if open_rerolls else p.area(written))
        if field >= PINK_FIELD_COUNT:
            return best
        options: list[tuple[int, Bonus | None]] = [(3, PINK_FIELD_BONUS[field])]
        if field and not (self.rerolls and field in _PINK_REROLL):
            options.append((6 * PINK_FACTOR[field], None))
        for value, bonus in options:
            later = self.pink(field + 1, written + value)
            back = 1 if bonus is not None and pays_back(bonus, Area.PINK) else 0
            gain = p.bonus(bonus) if bonus is not None and not back else 0.0
            # n entries here leave n - 1 + back for the fields after
            left = np.minimum(np.arange(MOST + 1) - 1 + back, MOST)
            reach = np.where(left >= 0, later[np.maximum(left, 0)] + gain, -np.inf)
            best = np.maximum(best, reach)
        return best


class Worth:
    """The worth of solo positions (module docstring): the best split of the entries still
    to come among the five areas' tables; with ``reroll_fox``, also the best split among
    the tables that earn every re-roll source, plus the re-roll track's fox (seven circles:
    round 1's and the six sources')."""

    def __init__(self, prices: Prices = Prices()) -> None:
        self.prices = prices
        self.plain = Tables(prices, False)
        self.rerolls = Tables(prices, True) if prices.reroll_fox else None

    def __call__(self, node: sg.Node) -> float:
        """The node's worth: the best split of the entries still to come.  (Its caps are in
        :class:`oracle.Area` order, not the tables' of :meth:`at`: the open-face searches,
        the 641 witness's among them, were run so.)"""
        return self.at(node.sheet, to_come(node), area_caps(node))

    def at(self, s: ss.Sheet, entries: int, caps: tuple[int, ...]) -> float:
        """The worth of sheet ``s`` with ``entries`` still to come, each area at most its cap
        (in the tables' order: yellow, brown, turquoise, blue, pink): the best split of the
        entries among the areas' tables (module docstring)."""
        budget = min(entries, MOST * 5)
        n = min(budget, MOST) + 1
        plain = self._split(self.plain.of(s, n), budget, caps)
        if s.rerolls >= TRACK_FIELDS:
            return plain + self.prices.floor
        if self.rerolls is None or rerolls_lost(s):
            return plain
        fox = self._split(self.rerolls.of(s, n), budget, caps)
        return max(plain, fox + self.prices.floor)

    def _split(self, tables: tuple[Floats, ...], budget: int,
               caps: tuple[int, ...] | None = None) -> float:
        """The best worth of the five tables with ``budget`` entries among them, each area
        at most its cap."""
        if caps is not None:
            tables = tuple(t[np.minimum(np.arange(len(t)), cap)]
                           for t, cap in zip(tables, caps))
        combined = tables[0]
        for table in tables[1:4]:
            combined = max_plus(combined, table, budget + 1)
        # the last split: pink gets budget - i where the others get i (pink's table is flat
        # beyond MOST)
        spare = np.minimum(budget - np.arange(len(combined)), MOST)
        return float((combined + tables[4][spare]).max())


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
                    back = 1 if bonus is not None and pays_back(bonus, Area.BLUE) else 0
                    out.append((longer, worth, paid + back))
    return out


def _side_bonus_worth(written: Sequence[int], side: int, prices: Prices) -> float:
    return sum(prices.bonus(b) for d in range(1, len(written) + 1)
               if (b := blue_bonus(side, d)) is not None and not pays_back(b, Area.BLUE))


#: The brown fields beside a gap that gives a re-roll (0-based bits).
_BROWN_REROLL = tuple(mask for mask, bonus in BROWN_PATTERNS if bonus is Bonus.REROLL)
def rerolls_lost(s: ss.Sheet) -> bool:
    """A re-roll source of the sheet can no longer be earned: a brown field beside a re-roll
    gap left behind uncrossed, or a re-roll pink field written with the star (the other
    sources, yellow, turquoise and blue, stay open to the end)."""
    behind = (1 << s.brown.bit_length()) - 1
    if any(mask & behind & ~s.brown for mask in _BROWN_REROLL):
        return True
    return any(f < len(s.pink) and not (s.halves >> f & 1) for f in _PINK_REROLL)


def area_caps(node: sg.Node) -> tuple[int, ...]:
    """The most entries each area (in :class:`oracle.Area` order) can still get: its own die
    and the white die once per active turn to come (this turn's only if still in the cup),
    the passive picks and extra dice to come, the question marks pending for it or for any
    area (rulebook "Active Player", "Extra Die"; rulings 4, 6, 18)."""
    s = node.sheet
    if node.phase == sg.OVER:
        return (0,) * 5
    later = sg.ROUNDS - node.round
    now = node.phase == sg.ACTIVE and node.dice.rolls < 3
    passive = later + (1 if node.phase <= sg.PASSIVE else 0)
    extra = s.extra - s.extra_spent + sum(
        1 for b in ROUND_START_BONUS[node.round:] if b is Bonus.EXTRA_DIE)
    black = sum(1 for b in s.pending if b is Bonus.QUESTION_BLACK) + sum(
        1 for b in ROUND_START_BONUS[node.round:] if b is Bonus.QUESTION_BLACK)
    white = later + (1 if now and node.dice.place[Die.WHITE] == sg.CUP else 0)
    out = []
    for area in Area:
        own = later + (1 if now and node.dice.place[int(area)] == sg.CUP else 0)
        mine = sum(1 for b in s.pending if QUESTION_FOR.get(b) is area)
        out.append(own + white + passive + extra + black + mine)
    return tuple(out)


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
