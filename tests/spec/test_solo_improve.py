"""Improving a solo game by searching its ending again (spec/cubed/solo_improve.py): the
replayed positions are the game's own, a search from them keeps the game's opening and never
returns a worse game; repaired targets are near the game's sheet.  Small budgets (a random
game, beams of width 2), no clock."""

from __future__ import annotations

import functools
import random

import pytest

from oracle import PlayerSheet
from spec.cubed import solo_game as sg
from spec.cubed import solo_improve, solo_realise
from spec.cubed import solo_sheet as ss
from spec.cubed.solo_record import Found
from spec.cubed.solo_targets import target_total
from spec.cubed.solo_value import Prices
from tests.spec.solo import random_game

PRICES = Prices(floor=40.0, shortfall=3.0, reroll=5.0, joker=1.0)


@functools.cache
def _game_of(seed: int) -> sg.Node:
    return random_game(seed)


def _game() -> sg.Node:
    return _game_of(11)


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
                                fixes=1, realiser=(2, 2), own=1, keep=seen.append)
    assert best.total >= start.total
    assert best.total == ss.total(best.node.sheet)
    assert all(later.total > earlier.total for earlier, later in zip([start] + seen, seen))
    if best is not start:
        opening = solo_improve.starts(node)[12]
        assert sg.steps(best.node)[:len(sg.steps(opening))] == sg.steps(opening)


def test_repairs_are_near_the_sheet_and_best_first() -> None:
    sheet = _game().sheet
    base = sheet.to_player_sheet()
    out = solo_improve.repairs(sheet, random.Random(0), sample=3)
    totals = [target_total(t) for t in out]
    assert totals == sorted(totals, reverse=True)
    assert len(set(out)) == len(out) > 60
    for target in out:
        changed = sum(bin(a ^ b).count("1") for a, b in (
            (base.yellow, target.yellow), (base.turquoise, target.turquoise),
            (base.brown, target.brown)))
        changed += (base.blue_left != target.blue_left) + (base.blue_right != target.blue_right)
        changed += (base.pink, base.pink_bonus) != (target.pink, target.pink_bonus)
        assert 1 <= changed <= 2


def test_a_repair_continues_the_game_where_it_still_fits() -> None:
    """The realiser takes over the game at a position inside the repaired sheet, the later
    the smaller ``back``."""
    node = _game()
    target = solo_improve.repairs(node.sheet, random.Random(0), sample=1)[0]
    late = solo_improve.continued(node, target, 0)
    early = solo_improve.continued(node, target, 6)
    assert solo_realise.fits_target(late, target)
    assert solo_realise.fits_target(early, target)
    assert sg.slot(early) <= sg.slot(late) - 6 or sg.slot(early) == 0
    assert sg.steps(late)[:len(sg.steps(early))] == sg.steps(early)


def test_a_gain_is_repaired_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a beam's gain, the new best game's own repairs are tried (the 632 game came from
    the 627 game's own repairs); with no gain, its own repairs are not tried again."""
    start_node, better_node = _game(), _game_of(12)
    start = Found(start_node, ss.total(start_node.sheet))
    better = Found(better_node, start.total + 1)
    repaired: list[ss.Sheet] = []

    def fake_repairs(sheet: ss.Sheet, rng: random.Random, sample: int = 40) -> list[PlayerSheet]:
        repaired.append(sheet)
        return []

    monkeypatch.setattr(solo_improve, "repairs", fake_repairs)
    monkeypatch.setattr(solo_improve, "beam", lambda *a, **k: better)
    best = solo_improve.improve(start, PRICES, [30], tries=1, width=2, branch=2, seed=0,
                                fixes=1, own=1)
    assert best is better
    # own repairs of the start, the beam game's repairs, own repairs of the new best
    assert repaired == [start_node.sheet, better_node.sheet, better_node.sheet]
    repaired.clear()
    monkeypatch.setattr(solo_improve, "beam", lambda *a, **k: start)
    solo_improve.improve(start, PRICES, [30], tries=1, width=2, branch=2, seed=0, fixes=1,
                         own=1)
    assert repaired == [start_node.sheet, start_node.sheet]
