"""Chance: the outcomes of a roll with their probabilities, and a seeded sampler.

Dice are explicit chance moves (design.md), so another app's game is replayed with its own dice.
A roll of k dice in the cup has 6**k equally likely outcomes.  The solo passive roll (ruling 9)
is all six faces and the order of the dice by distance from the silver platter; its 6**6 * 720
raw outcomes are grouped by what they decide (the faces, which dice go to the platter, and which
die lies on which die field), and each group is listed once, with its weight, by a representative
whose order lists the platter dice first and then the die-field dice from field I to III.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from fractions import Fraction
from math import factorial

from oracle.dice import Place
from oracle.cubed.dice import ALL_DICE
from oracle.errors import OracleError
from oracle.cubed.moves import ChanceMove, Roll, SoloRoll
from oracle.cubed.state import GameState, Phase


def _solo_groups(faces: tuple[int, ...]) -> Iterator[tuple[SoloRoll, Fraction]]:
    ranked = sorted(ALL_DICE, key=lambda d: faces[d])
    threshold = faces[ranked[2]]
    below = [d for d in ALL_DICE if faces[d] < threshold]
    tied = [d for d in ALL_DICE if faces[d] == threshold]
    above = [d for d in ALL_DICE if faces[d] > threshold]
    need = 3 - len(below)
    for chosen in itertools.combinations(tied, need):
        platter = below + list(chosen)
        rest = [d for d in tied if d not in chosen] + above
        tied_platter = len(chosen)
        for fields in itertools.permutations(rest):
            # Orders giving this placement: the field dice in this order, and every tied die
            # that goes to the platter closer than the first tied die on a die field.
            first_tied = next((i for i, d in enumerate(fields) if d in tied), 3)
            arrangements = factorial(first_tied + tied_platter) // factorial(first_tied)
            count = factorial(6) // factorial(3 + tied_platter) * arrangements
            weight = Fraction(count, factorial(6) * 6**6)
            yield SoloRoll(faces, tuple(platter) + tuple(fields)), weight


def chance_outcomes(state: GameState) -> Iterator[tuple[ChanceMove, Fraction]]:
    """Every outcome of the pending roll with its probability, equal outcomes grouped."""
    if state.phase is Phase.SOLO_ROLL and state.is_chance:
        for all_faces in itertools.product(range(1, 7), repeat=6):
            yield from _solo_groups(all_faces)
        return
    if not state.is_chance:
        raise OracleError("chance_outcomes: it is a player's move, not the dice's")
    cup = [d for d in ALL_DICE if state.places[d] is Place.CUP]
    weight = Fraction(1, 6 ** len(cup))
    for values in itertools.product(range(1, 7), repeat=len(cup)):
        faces = [0] * 6
        for die, value in zip(cup, values):
            faces[die] = value
        yield Roll(tuple(faces)), weight


def sample_chance(state: GameState, rng: random.Random) -> ChanceMove:
    """Draw the pending roll with ``rng`` (seed it for a reproducible game)."""
    if not state.is_chance:
        raise OracleError("sample_chance: it is a player's move, not the dice's")
    if state.phase == _SOLO_ROLL:
        faces = tuple(rng.randint(1, 6) for _ in ALL_DICE)
        order = list(ALL_DICE)
        rng.shuffle(order)
        return SoloRoll(faces, tuple(order))
    randint = rng.randint
    return Roll(tuple(randint(1, 6) if p == _CUP else 0 for p in state.places))


_CUP = Place.CUP
_SOLO_ROLL = Phase.SOLO_ROLL


