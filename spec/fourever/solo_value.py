"""What a Clever 4Ever solo position is worth: what the entries still to come can earn.

The entries a solo game still gives (``spec.fourever.solo_search.budget``: the picks of the
turns left, three active and one passive per round, ruling 9; the extra dice circled and not
spent, the question marks pending, the round bonuses still to come, ruling 4E-3) are a budget
split among the five areas, each area at most what its own die and the white die can still
give it (two active picks and one passive pick a round, and the extra dice).
Each area has a curve: for every number of further entries, the best it can still reach from its
state with the best numbers (:func:`curves`; yellow's top row must still rise, ruling 4E-5; a
green field scores when both its triangles are written; pink's 3 writes another 3, ruling 4E-9;
grey grows part by part from a start part, ruling 4E-8; blue's columns and rows count crosses).
An area's reach is scored by :class:`Prices`: its points, each fox worth ``floor`` (a fox
scores the lowest area, ruling 4E-10: ``floor`` is the lowest area hoped for), each point below
``floor`` costs ``shortfall``, and each bonus still to be earned is worth what it gives (a
question mark or an extra die one more entry, ``entry``; a polish ``polish``; a re-roll
``reroll``); ``flow`` entries a round are expected from bonuses still to be earned; with
``floors`` the worth is the best over those floors (a fox priced near the lowest area reached).
:func:`worth` splits the budget among the curves exactly (a max-plus convolution).

Optimistic on purpose: the curves assume the dice show what each entry wants; the search
(:mod:`spec.fourever.solo_search`) chooses the dice, so it can often make them so.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

import attrs
import numpy as np
import numpy.typing as npt

from spec.fourever.engine_view import area_rules, code
from spec.fourever.grey import NEIGHBOURS, PARTS, STARTS
from spec.fourever.printed import (
    BLUE_ANTI_DIAGONAL_AT,
    BLUE_ANTI_DIAGONAL_POINTS,
    BLUE_COLUMN_AT,
    BLUE_COLUMN_POINTS,
    BLUE_ROW_BONUS,
    BLUE_ROW_BONUS_AT,
    BLUE_SIZE,
    FOX,
    GREEN_BONUS,
    GREEN_FACTOR,
    GREEN_FIELDS,
    PINK_BONUS,
    PINK_CIRCLED,
    PINK_FIELDS,
    PINK_POINTS,
    PINK_REPEAT,
    PS,
    RR,
    XD,
    YELLOW_BONUS,
    YELLOW_FIELDS,
    YELLOW_STARS,
)
from spec.solo import max_plus

#: The most further entries a curve is made for (a solo game makes at most 57 in all).
MOST = 40
Curve = npt.NDArray[np.float64]


@attrs.frozen
class Prices:
    """How an area's reach is scored (module docstring)."""

    floor: int = 55
    shortfall: float = 1.0
    entry: float = 7.0
    polish: float = 2.0
    reroll: float = 0.5
    #: The entries bonuses are expected to give each round still to come (beyond the
    #: budget's certain ones).
    flow: float = 0.0
    #: When given, the floors tried: :func:`worth` is the best over them, so a fox is priced
    #: near the lowest area the split reaches (4E-10) rather than at one fixed ``floor``.
    floors: tuple[int, ...] = ()
    #: Count each question mark and extra die an area still earns as an entry it gives back
    #: (its curve indexed by entries made less entries earned: :func:`returns`), so an area
    #: rich in bonuses is as cheap as it is (yellow's middle row, green's lower line).
    net: bool = False

    def bonus(self, bonus: str) -> float:
        """What a bonus still to be earned is worth (a fox: ``floor``)."""
        if bonus == FOX:
            return float(self.floor)
        if bonus == PS:
            return self.polish
        if bonus == RR:
            return self.reroll
        return self.entry

    def cost(self, entries: int, returned: int) -> int:
        """The budget an area's further ``entries`` use when they earn ``returned`` entries
        (question marks and extra dice) back: all of it, or with ``net`` the difference (at
        least 0)."""
        return max(0, entries - returned) if self.net else entries

    def area(self, score: int, foxes: int, bonuses: float) -> float:
        """An area reaching ``score`` with ``foxes`` and future ``bonuses`` worth."""
        return (score + self.floor * foxes + bonuses
                - self.shortfall * max(0, self.floor - score))


def returns(bonuses: Iterable[str | None]) -> int:
    """How many of ``bonuses`` give an entry: a question mark or an extra die (4E-4, 4E-6)."""
    return sum(1 for b in bonuses if b is not None and (b == XD or b.startswith("?")))


def _curve(options: list[tuple[int, float]]) -> Curve:
    """The best value with at most k further entries, from (entries, value) options."""
    out = np.full(MOST + 1, -1e9)
    for k, v in options:
        if k <= MOST and v > out[k]:
            out[k] = v
    return np.maximum.accumulate(out)


@functools.cache
def yellow(part: tuple[tuple[int, ...], ...], prices: Prices) -> Curve:
    """Yellow: the middle row takes 1s, the bottom row 6s, the top row rises (4E-5)."""
    top, middle, bottom = part
    room_top = min(YELLOW_FIELDS - len(top), 6 - (top[-1] if top else 0))
    now = sum(bottom) - sum(middle)
    options = []
    for x in range(room_top + 1):
        for y in range(YELLOW_FIELDS - len(middle) + 1):
            for z in range(YELLOW_FIELDS - len(bottom) + 1):
                lens = (len(top) + x, len(middle) + y, len(bottom) + z)
                score = now - y + 6 * z + sum(YELLOW_STARS[:min(lens)])
                gained = [YELLOW_BONUS[0][c] for c in range(len(top), lens[0])]
                gained += [YELLOW_BONUS[1][c] for c in range(len(middle), lens[1])]
                foxes = sum(1 for c in range(lens[0]) if YELLOW_BONUS[0][c] == FOX)
                worth = sum(prices.bonus(b) for b in gained if b is not None and b != FOX)
                options.append((prices.cost(x + y + z, returns(gained)),
                                prices.area(score, foxes, worth)))
    return _curve(options)


@functools.cache
def green(part: tuple[tuple[int, ...], tuple[int, ...]], prices: Prices) -> Curve:
    """Green: 6s in either line; a field scores when both its triangles are written (4E-7)."""
    lower, upper = part
    options = []
    for x in range(GREEN_FIELDS - len(lower) + 1):
        for y in range(GREEN_FIELDS - len(upper) + 1):
            low = lower + (6,) * x
            up = upper + (6,) * y
            score = sum((a + b) * m for a, b, m in zip(low, up, GREEN_FACTOR))
            # a triangle written without its partner: half its points, so a high number
            # is preferred even where the budget does not reach the partner
            single = low[len(up):] if len(low) > len(up) else up[len(low):]
            start = min(len(low), len(up))
            half = sum(v * m for v, m in zip(single, GREEN_FACTOR[start:])) / 2
            gained = GREEN_BONUS[len(lower):len(low)]
            foxes = sum(1 for b in GREEN_BONUS[:len(low)] if b == FOX)
            worth = sum(prices.bonus(b) for b in gained if b != FOX)
            options.append((prices.cost(x + y, returns(gained)),
                            prices.area(score, foxes, worth) + half))
    return _curve(options)


@functools.cache
def pink(part: tuple[int, ...], prices: Prices) -> Curve:
    """Pink: each further entry a 6 (its circle and bonus), a 4 (its circle) or a 3 (two
    fields); the score is the last field's points and the circles (4E-9)."""
    circled = sum(PINK_CIRCLED.get(v, 0) for v in part)
    foxes_now = sum(1 for i, v in enumerate(part) if PINK_BONUS[i] == FOX and v in (5, 6)
                    and _own(part)[i])
    # (field, entries) -> best (circles, foxes, bonus worth, entries returned) found
    layer: dict[tuple[int, int], list[tuple[int, int, float, int]]] = {
        (len(part), 0): [(0, 0, 0.0, 0)]}
    options = []
    frontier = [(len(part), 0)]
    seen = set(frontier)
    while frontier:
        field, k = frontier.pop(0)
        for circ, fox, worth, back in layer[(field, k)]:
            score = (PINK_POINTS[field - 1] if field else 0) + circled + circ
            options.append((prices.cost(k, back), prices.area(score, foxes_now + fox, worth)))
            if field == PINK_FIELDS:
                continue
            bonus = PINK_BONUS[field]
            for n in (6, 4, PINK_REPEAT):
                nxt = min(PINK_FIELDS, field + (2 if n == PINK_REPEAT else 1))
                c = circ + PINK_CIRCLED.get(n, 0)
                f = fox + int(n == 6 and bonus == FOX)
                earns = n == 6 and bonus not in (None, FOX)
                w = worth + (prices.bonus(bonus) if earns and bonus is not None else 0.0)
                r = back + (returns((bonus,)) if earns else 0)
                key = (nxt, k + 1)
                layer[key] = sorted(_front(set(layer.get(key, [])) | {(c, f, w, r)}))
                if key not in seen:
                    seen.add(key)
                    frontier.append(key)
        layer[(field, k)] = []
    return _curve(options)


def _own(part: tuple[int, ...]) -> tuple[bool, ...]:
    """For each pink field, whether the player wrote it (an extra 3 is not, 4E-9)."""
    out, extra = [], False
    for v in part:
        out.append(not extra)
        extra = not extra and v == PINK_REPEAT
    return tuple(out)


@functools.cache
def blue(part: int, prices: Prices) -> Curve:
    """Blue, counted by rows and columns: each cross counts for its column (points at 2
    crosses), its row (the bonus at 2) and, on the anti-diagonal, the 6 points (4E-6)."""
    def count(cells: list[int]) -> int:
        return sum(1 for c in cells if part >> c & 1)

    cols = [count([r * BLUE_SIZE + c for r in range(BLUE_SIZE)]) for c in range(BLUE_SIZE)]
    rows = [count([r * BLUE_SIZE + c for c in range(BLUE_SIZE)]) for r in range(BLUE_SIZE)]
    anti = count([r * BLUE_SIZE + BLUE_SIZE - 1 - r for r in range(BLUE_SIZE)])
    score = sum(p for p, n in zip(BLUE_COLUMN_POINTS, cols) if n >= BLUE_COLUMN_AT)
    score += BLUE_ANTI_DIAGONAL_POINTS if anti >= BLUE_ANTI_DIAGONAL_AT else 0
    foxes = sum(1 for b, n in zip(BLUE_ROW_BONUS, rows) if b == FOX and n >= BLUE_ROW_BONUS_AT)
    # items: (crosses needed, points, foxes, bonus worth, entries returned), columns and rows
    col_items = [(BLUE_COLUMN_AT - n, p, 0, 0.0, 0)
                 for p, n in zip(BLUE_COLUMN_POINTS, cols) if n < BLUE_COLUMN_AT]
    if anti < BLUE_ANTI_DIAGONAL_AT:
        col_items.append((BLUE_ANTI_DIAGONAL_AT - anti, BLUE_ANTI_DIAGONAL_POINTS, 0, 0.0, 0))
    row_items = [(BLUE_ROW_BONUS_AT - n, 0, int(b == FOX), 0.0 if b == FOX else prices.bonus(b),
                  returns((b,))) for b, n in zip(BLUE_ROW_BONUS, rows) if n < BLUE_ROW_BONUS_AT]
    cols_best = _knapsack(tuple(col_items))
    rows_best = _knapsack(tuple(row_items))
    options = []
    for k in range(MOST + 1):
        for cp, cf, cw, _ in cols_best[k]:
            for rp, rf, rw, rr in rows_best[k]:
                options.append((prices.cost(k, rr),
                                prices.area(score + cp + rp, foxes + cf + rf, cw + rw)))
    return _curve(options)


Gains = tuple[int, int, float, int]


@functools.cache
def _knapsack(items: tuple[tuple[int, int, int, float, int], ...]) -> list[list[Gains]]:
    """For each budget k, every (points, foxes, worth, entries returned) a set of items
    needing at most k fits."""
    best: list[set[Gains]] = [{(0, 0, 0.0, 0)} for _ in range(MOST + 1)]
    for need, points, foxes, worth, back in items:
        for k in range(MOST, need - 1, -1):
            best[k] |= {(p + points, f + foxes, w + worth, r + back)
                        for p, f, w, r in best[k - need]}
    for k in range(1, MOST + 1):
        best[k] |= best[k - 1]
    return [sorted(_front(b)) for b in best]


def _front(options: set[Gains]) -> set[Gains]:
    """The options no other beats in every respect."""
    return {o for o in options
            if not any(p != o and all(x >= y for x, y in zip(p, o)) for p in options)}


@functools.cache
def _grey_table(prices: Prices) -> npt.NDArray[np.float64]:
    """``table[k, mask]``: the best value grey reaches from ``mask`` with at most k more
    parts (each part fits some number: every part has at most 6 cells, 4E-8), the bonuses of
    the parts already crossed not counted (they were earned already)."""
    rules = area_rules("grey")
    n = 1 << len(PARTS)
    masks = np.arange(n)
    worth = np.array([sum(prices.bonus(code(b)) for b in rules.earned(m) if code(b) != FOX)
                      for m in range(n)])
    value = np.array([prices.area(rules.score(m), rules.foxes(m), 0.0) for m in range(n)])
    back = np.array([returns(code(b) for b in rules.earned(m)) for m in range(n)])
    table = np.empty((MOST + 1, n))
    for k in range(MOST + 1):
        before = table[k - 1] if k else np.full(n, -np.inf)
        row = before.copy() if k else value + worth
        while True:  # a part earning an entry back costs none with ``net``: to a fixed point
            grown = row.copy()
            for p in PARTS:
                free = (masks >> p & 1) == 0
                touching = (masks & sum(1 << q for q in NEIGHBOURS[p])) != 0
                if p in STARTS:
                    touching |= masks == 0
                ok = free & touching
                after = masks[ok] | 1 << p
                costs = np.array([prices.cost(1, r) for r in range(3)])[
                    np.minimum(back[after] - back[masks[ok]], 2)]
                got = np.where(costs == 0, grown[after], before[after])
                grown[ok] = np.maximum(grown[ok], got)
            if np.array_equal(grown, row):
                break
            row = grown
        table[k] = row
        if k and np.array_equal(row, table[k - 1]):
            table[k + 1:] = row
            break
    out: npt.NDArray[np.float64] = table - worth
    return out


def grey(part: int, prices: Prices) -> Curve:
    """Grey: the best reach from ``part`` for each number of further parts."""
    curve: Curve = _grey_table(prices)[:, part]
    return curve


#: The curve of each area, in sheet order (yellow, blue, grey, green, pink).
CURVES: tuple[Callable[..., Curve], ...] = (yellow, blue, grey, green, pink)


def curves(parts: tuple[object, ...], prices: Prices) -> tuple[Curve, ...]:
    """Each area's curve for its part of the sheet."""
    return tuple(f(part, prices) for f, part in zip(CURVES, parts))


@functools.lru_cache(maxsize=1 << 18)
def worth(parts: tuple[object, ...], entries: int, caps: tuple[int, ...], prices: Prices
          ) -> float:
    """The best split of ``entries`` further entries among the areas, each area at most its
    cap (max-plus convolution of their curves); with ``prices.floors`` the best over those
    floors (a fox worth the floor, each point of an area below it ``shortfall``: with a
    shortfall of at least the foxes, the best floor is the lowest area, 4E-10)."""
    if prices.floors:
        return max(worth(parts, entries, caps, attrs.evolve(prices, floor=f, floors=()))
                   for f in prices.floors)
    k = max(0, min(entries, MOST))
    total: Curve | None = None
    for c, cap in zip(curves(parts, prices), caps):
        c = c[np.minimum(np.arange(k + 1), cap)]
        total = c if total is None else max_plus(total, c, k + 1)
    assert total is not None
    return float(total[k])
