"""The large-neighbourhood search (spec/cubed/improve.py): a replanned game keeps the moves
before its cut, is never worse than the game it started from, and its record verifies; the
fox-progress term counts what it says."""

from __future__ import annotations

import random

import attrs
import pytest

from oracle import Bonus, Place, PlayerSheet, Roll, SoloRoll, new_game, score
from oracle.record import record_game, verify
from spec.cubed.improve import (fox_progress, improve, load_found, open_sources,
                                 roll_indices)
from spec.cubed.planner import replay, search

WITNESS = "examples/solo-best.json"


def test_load_found_reads_the_witness() -> None:
    found = load_found(WITNESS)
    assert score(replay(found.moves).sheets[0]).total == found.total
    assert all(isinstance(found.moves[i], (Roll, SoloRoll)) for i in roll_indices(found.moves))
    assert len(roll_indices(found.moves)) >= 18


def test_improve_is_never_worse_and_verifies() -> None:
    start = load_found(WITNESS)
    found = improve(start, 2, random.Random(5), width=2, branch=2, tail=3)
    assert found.total >= start.total
    cut = roll_indices(start.moves)[-3]
    assert found.moves[:cut] == start.moves[:cut]
    verdict = verify(record_game(found.moves, ("Solo",), game="clever-cubed"), "improved")
    assert verdict.status == "legal"
    assert score(replay(found.moves).sheets[0]).total == found.total


def test_guided_search_keeps_the_guide() -> None:
    """A width-1 beam from the last roll, guided by the witness, ends no worse than it."""
    start = load_found(WITNESS)
    cut = roll_indices(start.moves)[-1]
    found = search(1, branch=1, start=start.moves[:cut], guide=start.moves)
    assert found.total >= start.total
    assert found.moves[:cut] == start.moves[:cut]


def test_search_refuses_a_start_that_is_not_before_a_roll() -> None:
    start = load_found(WITNESS)
    with pytest.raises(ValueError):
        search(1, start=start.moves[:1])


def test_open_sources() -> None:
    """A new sheet may still earn six re-rolls (yellow I/II column 1, turquoise column 6, brown
    fields 4-5, blue right field 2, pink fields 2 and 8) and five printed foxes."""
    sheet = new_game(1).sheets[0]
    assert sheet.rerolls == 1
    assert open_sources(sheet, Bonus.REROLL) == 6
    assert open_sources(sheet, Bonus.FOX) == 5
    # Pink field 2 taken times, brown field 4 skipped, blue right field 2 written: three lost.
    later = sheet.but(pink=(1, 6), blue_right=(8, 9), brown=1 << 4)
    assert open_sources(later, Bonus.REROLL) == 3


def test_fox_progress() -> None:
    assert fox_progress(PlayerSheet()) == 0.0
    # Half of yellow column 6 (rows I/II), 3 of 6 in turquoise row 1, 3 of 6 blue right fields,
    # brown field 11 of 11-12, 3 of 9 pink fields; the re-roll track's fox is lost (pink field
    # 2 was taken times), so its 2 circles count nothing.
    sheet = PlayerSheet(yellow=1 << 5, turquoise=0b111, blue_right=(8, 9, 10), brown=1 << 10,
                        pink=(1, 2, 3), rerolls=2)
    assert fox_progress(sheet) == pytest.approx(0.5 + 0.5 + 0.5 + 0.5 + 3 / 9)
    # While every re-roll field may still come, each circle counts a seventh.
    assert fox_progress(new_game(1).sheets[0]) == pytest.approx(1 / 7)
    # A fox on the sheet, or one that can no longer come, adds nothing.
    done = PlayerSheet(yellow=(1 << 5) | (1 << 11), turquoise=63, brown=1 << 11,
                       pink=(1,) * 9, rerolls=7)
    assert fox_progress(done) == 0.0


def test_jokers_only_on_extra_dice() -> None:
    """With jokers, a guided search from the last rolls stays no worse than its guide, verifies,
    and spends number jokers on extra dice only."""
    from oracle import ExtraDie, Take
    from spec.cubed.engine_view import spends_joker

    start = load_found(WITNESS)
    cut = roll_indices(start.moves)[-2]
    found = search(2, branch=2, start=start.moves[:cut], guide=start.moves, jokers=True)
    assert found.total >= start.total
    assert not any(isinstance(m, Take) and spends_joker(m) for m in found.moves)
    assert all(isinstance(m, ExtraDie) for m in found.moves[cut:] if spends_joker(m))
    verdict = verify(record_game(found.moves, ("Solo",), game="clever-cubed"), "jokers")
    assert verdict.status == "legal"


def test_spread_rolls_only_on_the_third_roll() -> None:
    """Spread rolls come only before the third active roll with an extra-die action left: one
    cup die on one face, the other cup dice on another; a guided search with them from the last
    rolls is no worse than its guide and verifies."""
    from oracle import apply_unchecked
    from spec.cubed.witness import ALL_DICE
    from spec.cubed.planner import LAST_ROLL, spread_rolls

    start = load_found(WITNESS)
    state = new_game(1)
    assert list(spread_rolls(state)) == []  # the first roll: dice not picked may stay in the cup
    third = None
    for move in start.moves:
        if state.is_chance and state.rolls == LAST_ROLL and state.sheets[0].extra_dice_left:
            third = state
            break
        state = apply_unchecked(state, move)
    assert third is not None
    cup = [d for d in ALL_DICE if third.places[d] is Place.CUP]
    found_rolls = list(spread_rolls(third))
    assert len(found_rolls) == len(cup) * 30
    for roll in found_rolls:
        assert isinstance(roll, Roll)
        shown = [roll.faces[d] for d in cup]
        assert len(set(shown)) == 2 and sorted(shown.count(f) for f in set(shown))[0] == 1
        assert all(roll.faces[d] == 0 for d in ALL_DICE if d not in cup)
    sheet = third.sheets[0]
    spent = attrs.evolve(third, sheets=(sheet.but(extra_dice_spent=sheet.extra_dice),))
    assert list(spread_rolls(spent)) == []
    cut = roll_indices(start.moves)[-4]
    found = search(1, branch=1, start=start.moves[:cut], guide=start.moves, spread=True)
    assert found.total >= start.total
    verdict = verify(record_game(found.moves, ("Solo",), game="clever-cubed"), "spread")
    assert verdict.status == "legal"
