"""Improving a solo game by searching its ending again (spec/cubed/solo_improve.py): the
replayed positions are the game's own, a search from them keeps the game's opening and never
returns a worse game, and the soft guide counts entries outside a sheet.  Small budgets (a
random game, beams of width 2), no clock."""

from __future__ import annotations

import functools
import random

from oracle import PlayerSheet
from spec.cubed import solo_game as sg
from spec.cubed import solo_improve
from spec.cubed import solo_sheet as ss
from spec.cubed.solo_record import Found
from spec.cubed.solo_value import Prices

PRICES = Prices(floor=40.0, shortfall=3.0, reroll=5.0, joker=1.0)


@functools.cache
def _game() -> sg.Node:
    rng = random.Random(11)
    node = sg.start()
    while node.phase != sg.OVER:
        node = rng.choice(list(sg.children(node)))
    return node


def test_positions_replay_the_game() -> None:
    node = _game()
    replayed = solo_improve.positions(node)
    assert len(replayed) == len(sg.steps(node)) + 1
    assert replayed[-1].sheet == node.sheet
    assert sg.steps(replayed[-1]) == sg.steps(node)
    starts = solo_improve.starts(node)
    assert starts[0] == sg.start()
    assert all(sg.slot(p) == at for at, p in starts.items())


def test_improving_keeps_the_opening_and_never_loses() -> None:
    node = _game()
    start = Found(node, ss.total(node.sheet))
    seen: list[Found] = []
    best = solo_improve.improve(start, PRICES, [30, 12], tries=1, width=2, branch=2, seed=0,
                                keep=seen.append)
    assert best.total >= start.total
    assert best.total == ss.total(best.node.sheet)
    assert all(later.total > earlier.total for earlier, later in zip([start] + seen, seen))
    if best is not start:
        opening = solo_improve.starts(node)[12]
        assert sg.steps(best.node)[:len(sg.steps(opening))] == sg.steps(opening)


def test_outside_counts_entries_off_the_guide() -> None:
    guide = PlayerSheet(yellow=0b11, blue_left=(6, 5), pink=(3, 6))
    assert solo_improve.outside(PlayerSheet(yellow=0b1, blue_left=(6,), pink=(3,)), guide) == 0
    assert solo_improve.outside(PlayerSheet(yellow=0b101, blue_left=(7, 6), pink=(3, 4)),
                                guide) == 4
