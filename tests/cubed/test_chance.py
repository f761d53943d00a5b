"""Chance outcomes: complete, grouped, with the right probabilities; the sampler is seeded."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from oracle import Die, Phase, Roll, SoloRoll, apply, chance_outcomes, new_game, sample_chance
from oracle.engine.chance import solo_groups
from oracle.engine.dice import solo_placement
from tests.cubed.builders import CUP, F1, PLATTER, at


def test_first_roll_has_all_outcomes_equally_likely() -> None:
    outcomes = list(chance_outcomes(new_game(2)))
    assert len(outcomes) == 6**6
    assert len({m for m, _ in outcomes}) == 6**6
    assert sum(p for _, p in outcomes) == 1
    assert all(p == Fraction(1, 6**6) for _, p in outcomes)


def test_later_roll_rolls_only_the_cup() -> None:
    state = at(Phase.ROLL, (1, 2, 3, 4, 5, 6), (CUP, F1, PLATTER, CUP, PLATTER, PLATTER),
               rolls=1)
    outcomes = list(chance_outcomes(state))
    assert len(outcomes) == 36
    assert all(isinstance(m, Roll) and m.faces[1] == 0 and m.faces[2] == 0 for m, _ in outcomes)
    for move, _ in outcomes:
        apply(state, move)


def _brute_force(faces: tuple[int, ...]) -> dict[tuple[object, ...], Fraction]:
    counts: dict[tuple[object, ...], Fraction] = {}
    for order in itertools.permutations(list(Die)):
        key = solo_placement(faces, order)
        counts[key] = counts.get(key, Fraction(0)) + Fraction(1, 720 * 6**6)
    return counts


def test_solo_roll_groups_match_brute_force() -> None:
    for faces in [(1, 2, 3, 4, 5, 6), (3, 3, 3, 3, 3, 3), (1, 3, 3, 3, 2, 6), (2, 2, 5, 5, 1, 1),
                  (4, 4, 4, 1, 6, 6)]:
        grouped = {solo_placement(faces, order): p for order, p in solo_groups(faces)}
        assert grouped == _brute_force(faces)


def test_sampler_is_seeded() -> None:
    state = at(Phase.SOLO_ROLL, (1,) * 6)
    first = sample_chance(state, random.Random(5))
    assert isinstance(first, SoloRoll) and sorted(first.order) == list(Die)
    assert first == sample_chance(state, random.Random(5))
