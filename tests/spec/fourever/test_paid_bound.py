"""The paid-for bound on a Clever 4Ever solo game (spec/fourever/paid_bound.py): every area of
every bundled and seeded solo game is dominated by one of its options, the dual at each game's
lowest area is at least the game's total for the descent's multipliers and for seeded random
ones (weak duality), and the bound is 438, above the bundled best game."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from oracle.engine.sheet import Sheet
from oracle.records.play import Policy, greedy_policy, play_game, random_policy
from oracle.records.record import parse_record, replay
from spec.fourever import paid_bound, solo_plan, solo_search
from spec.fourever.printed import AREAS
from spec.fourever.seam import GAME
from spec.turns.fourever import entries_of

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def _bundled(name: str) -> Sheet:
    return solo_search.sheet(replay(parse_record((EXAMPLES / name).read_text("utf-8"), name)))


def _seeded(seed: int, policy: Policy) -> Sheet:
    return solo_search.sheet(play_game(1, seed, policy, game="clever-4ever")[1])


def _games() -> list[Sheet]:
    return ([_bundled(n) for n in ("fourever-solo-best.json", "fourever-solo-410.json",
                                   "fourever-solo-legal.json")]
            + [_seeded(s, p) for s in range(3) for p in (greedy_policy, random_policy)])


def _dominated(end: Sheet) -> None:
    for label, part, n in zip(AREAS, end.parts, entries_of(end)):
        real = solo_plan._option(label, part, n)
        assert any(o.score >= real.score and o.foxes >= real.foxes and o.entries <= real.entries
                   and all(a >= b for a, b in zip(o.gives, real.gives))
                   for o in paid_bound.options(label)), (label, part)


@pytest.mark.parametrize("index", range(9))
def test_every_area_of_a_real_game_is_dominated_and_the_dual_holds(index: int) -> None:
    end = _games()[index]
    _dominated(end)
    score = GAME.score(end)
    low = min(score.areas)
    rng = random.Random(index)
    # question marks free and picks dear: an entry still costs no more than its question mark
    dear = (Fraction(0),) * 5 + (Fraction(40), Fraction(0), Fraction(0))
    tried = [paid_bound._descent(low), dear] + [
        tuple(Fraction(rng.randint(0, 400), 8) for _ in range(8)) for _ in range(20)]
    for y in tried:
        assert y is not None
        got = paid_bound.dual(low, y)
        assert got is not None and got >= score.total, y


def test_the_bound_is_438_above_the_best_game() -> None:
    got = paid_bound.bound()
    assert got.total == 438
    assert got.total >= GAME.score(_bundled("fourever-solo-best.json")).total == 421
    # the lowest areas tried run from yellow's least up to where some area cannot follow
    assert got.by_lowest[0][0] == paid_bound.LOWEST


def test_branch_and_bound_finds_the_best_paid_for_choice_of_a_small_family() -> None:
    """Each area offers the plan's game's final state (examples/fourever-solo-410.json) and
    its blank state: the search finds the game's choice (410) above 400, and nothing above
    410."""
    end = _bundled("fourever-solo-410.json")
    mine = {label: solo_plan._option(label, part, n)
            for label, part, n in zip(AREAS, end.parts, entries_of(end))}

    def source(label: str) -> tuple[solo_plan.Option, ...]:
        return (mine[label], min(solo_plan.options(label), key=lambda o: o.entries))

    chosen, _ = paid_bound.above(35, 400, source)  # its lowest area: pink 35
    assert chosen is not None and solo_plan.score(chosen) == 410
    assert paid_bound.above(35, 410, source)[0] is None
    # the plan's own options: nothing above 410 with every area at least 37
    assert paid_bound.above(37, 410, solo_plan.options)[0] is None


def test_the_branch_and_bound_on_the_bounds_options_cuts_a_lowest_area() -> None:
    """With the bound's own options (blue by what it fills), nothing above 418 has every area
    at least 24 (a part of ``python -m spec.fourever.paid_bound --prove 418``)."""
    chosen, nodes = paid_bound.above(24, 418)
    assert chosen is None and nodes > 1


def _brute_blue_crosses(size: int) -> dict[tuple[int, int, int, int], int]:
    """The fewest crosses for every rows/columns/diagonals wanted, by trying every cell set of a
    ``size`` x ``size`` grid from the fewest up (independent of :func:`paid_bound.blue_crosses`)."""
    fewest: dict[tuple[int, int, int, int], int] = {}
    for cells in sorted(range(1 << size * size), key=int.bit_count):
        def count(line: list[tuple[int, int]], cells: int = cells) -> int:
            return sum(cells >> (r * size + c) & 1 for r, c in line)
        full = [count([(r, c) for c in range(size)]) >= 2 for r in range(size)]
        rows = sum(1 << r for r in range(size) if full[r])
        cols = sum(1 << c for c in range(size)
                   if count([(r, c) for r in range(size)]) >= 2)
        main = int(count([(i, i) for i in range(size)]) >= 2)
        anti = int(count([(i, size - 1 - i) for i in range(size)]) >= 2)
        # every subset of what this cell set fills is filled with at most its crosses
        for r in range(1 << size):
            if r & ~rows:
                continue
            for c in range(1 << size):
                if c & ~cols:
                    continue
                for m in range(main + 1):
                    for a in range(anti + 1):
                        fewest.setdefault((r, c, m, a), cells.bit_count())
    return fewest


def test_blue_crosses_are_the_exact_fewest_and_never_below_twice_the_most_lines() -> None:
    """Issue 29: blue's crosses are the fewest cells filling its rows, columns and diagonals
    (4E-6), found by every cell set of a 4 x 4 grid; one row and one column need 3, not 2."""
    size = 4
    brute = _brute_blue_crosses(size)
    assert len(brute) == (1 << size) ** 2 * 4
    for (rows, cols, main, anti), want in brute.items():
        got = paid_bound.blue_crosses(size, rows, cols, main, anti)
        assert got == want, (rows, cols, main, anti)
        assert got >= 2 * max(rows.bit_count(), cols.bit_count(), main, anti)
    assert paid_bound.blue_crosses(6, 1, 1, 0, 0) == 3
    assert paid_bound.blue_crosses(6, 0b111001, 0b111000, 1, 1) > 6
    assert paid_bound.blue_crosses(6, 63, 63, 1, 1) == 12
