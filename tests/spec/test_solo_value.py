"""The worth of a solo position (spec/cubed/solo_value.py) and the target-free beam ranked by
it (spec/cubed/solo_improve.py): the area tables are the best worth over every way on (checked
against a plain recursion over the brown and pink areas), the worth of a finished game is its
areas' worth, and a beam (a small width: a node budget, no clock) writes a record that the
engine verifies with the total the search claims."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import numpy as np

from oracle import Area, score
from oracle.records.record import load_records, verify
from spec.cubed import solo_improve, solo_record
from spec.cubed import solo_game as sg
from spec.cubed import solo_sheet as ss
from spec.cubed.patterns import BROWN_PATTERNS, completed
from spec.cubed.printed import BROWN_POINTS_BY_CROSSES, PINK_FACTOR, PINK_FIELD_BONUS
from spec.cubed.solo_value import MOST, Prices, Worth, pays_back

PRICES = Prices(floor=40.0, shortfall=3.0, reroll=5.0, joker=1.0)


@functools.cache
def _worth() -> Worth:
    return Worth(PRICES)


def _brown_best(state: int, budget: int) -> float:
    """The best worth of a brown state ``state`` can grow into with ``budget`` entries, by
    plain recursion: each cross right of the last costs an entry, and each entry-giving bonus
    it completes pays one back."""
    earned = completed(BROWN_PATTERNS, 0, state)
    best = PRICES.area(BROWN_POINTS_BY_CROSSES[bin(state).count("1")]) + sum(
        PRICES.bonus(b) for b in earned if not pays_back(b, Area.BROWN))
    for field in range(state.bit_length(), 12):
        after = state | 1 << field
        back = sum(1 for b in completed(BROWN_PATTERNS, state, after)
                   if pays_back(b, Area.BROWN))
        if budget - 1 + back >= 0:
            best = max(best, _brown_best(after, min(budget - 1 + back, MOST)))
    return best


def test_brown_tables_are_the_best_way_on() -> None:
    worth = _worth()
    rng = random.Random(3)
    for state in [0, 1, 0b11, 0b1011, 0b100000000000] + rng.sample(range(4096), 12):
        for budget in (0, 1, 2, 4, 7):
            assert worth.plain.brown[state, budget] == _brown_best(state, budget), (state, budget)


def _pink_best(field: int, written: int, budget: int) -> float:
    best = PRICES.area(written)
    if field >= 12:
        return best
    options = [(3, PINK_FIELD_BONUS[field])] + ([(6 * PINK_FACTOR[field], None)] if field
                                                else [])
    for value, bonus in options:
        back = 1 if bonus is not None and pays_back(bonus, Area.PINK) else 0
        gain = PRICES.bonus(bonus) if bonus is not None and not back else 0.0
        if budget - 1 + back >= 0:
            best = max(best, _pink_best(field + 1, written + value,
                                        min(budget - 1 + back, MOST)) + gain)
    return best


def test_pink_tables_are_the_best_way_on() -> None:
    worth = _worth()
    for field, written in ((0, 0), (3, 9), (8, 30), (11, 40), (12, 50)):
        table = worth.plain.pink(field, written)
        assert [table[n] for n in range(6)] == [_pink_best(field, written, n)
                                                 for n in range(6)]


def test_tables_grow_with_the_budget() -> None:
    worth = _worth()
    for tables in (worth.plain, worth.rerolls):
        assert tables is not None
        for table in (tables.yellow[0], tables.brown[5], tables.turquoise(0),
                      tables.blue((), (8,)), tables.pink(2, 6)):
            assert np.all(table[1:] >= table[:-1])


def test_reroll_tables_earn_every_source() -> None:
    """The tables for the re-roll track's fox hold only ways that earn every re-roll
    source: pink half on field 8 (from field 3 on: six fields, the extra die of field 4's
    half paying one back, so five entries at least), brown fields 4 and 5
    (two entries), turquoise row 1's last cell, blue's second right field."""
    worth = _worth()
    rerolls = worth.rerolls
    assert rerolls is not None
    assert rerolls.pink(2, 6)[4] == -np.inf
    assert rerolls.pink(2, 6)[5] > -np.inf
    assert np.array_equal(rerolls.pink(8, 30), worth.plain.pink(8, 30))
    assert rerolls.brown[0, 1] == -np.inf
    assert rerolls.brown[0b1000, 1] > -np.inf
    assert rerolls.blue((), ())[1] == -np.inf
    assert rerolls.blue((), (8,))[1] > -np.inf
    assert rerolls.turquoise(0)[0] == -np.inf


def test_a_finished_game_is_worth_its_areas() -> None:
    """With no entries to come, the worth is each area's own worth: the score less the
    shortfall, and the bonuses that give no entry (the re-roll track's fox included)."""
    rng = random.Random(5)
    node = sg.start()
    while node.phase != sg.OVER:
        node = rng.choice(list(sg.children(node)))
    worth = _worth()
    s = node.sheet
    plain = worth.plain
    tables = (plain.yellow[s.yellow, 0], plain.brown[s.brown, 0], plain.turquoise(s.turquoise)[0],
              plain.blue(s.left, s.right)[0], plain.pink(len(s.pink), sum(s.pink))[0])
    assert worth(node) == sum(tables) + (PRICES.floor if s.rerolls == 7 else 0.0)
    scores = ss.area_scores(s)
    assert tables[1] == PRICES.area(scores[3]) + sum(
        PRICES.bonus(b) for b in completed(BROWN_PATTERNS, 0, s.brown)
        if not pays_back(b, Area.BROWN))


def test_a_beam_writes_a_record_that_verifies(tmp_path: Path) -> None:
    found = solo_improve.beam(_worth(), width=2, branch=2, rng=random.Random(0))
    assert found is not None
    path = tmp_path / "beam.json"
    total = solo_record.write_record(found, str(path))
    assert total == found.total == ss.total(found.node.sheet)
    (_, record), = load_records(str(path))
    assert not isinstance(record, Exception)
    verdict = verify(record, "beam")
    assert verdict.status == "legal"
    assert score(found.node.sheet.to_player_sheet()).total == total


def test_a_beam_continues_a_given_game() -> None:
    """Begun at a game's position (here a random game's, in round 6), the beam's game has
    that game's steps first."""
    rng = random.Random(8)
    node = sg.start()
    while node.round < 6:
        node = rng.choice(list(sg.children(node)))
    found = solo_improve.beam(_worth(), width=2, branch=2, rng=random.Random(0), first=node)
    assert found is not None
    before = sg.steps(node)
    assert sg.steps(found.node)[:len(before)] == before
    assert found.node.phase == sg.OVER
