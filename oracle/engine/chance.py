"""Chance in every Clever game: the outcomes of a roll with their probabilities, and a seeded
sampler.

Dice are explicit chance moves, so another app's game is replayed with its own dice.  A roll of
the k dice in the cup has 6**k equally likely outcomes.  The solo passive roll (docs/rulings.md,
ruling 9) is all six faces and the order of the dice by distance from the silver platter; its
6**6 * 720 raw outcomes are grouped by what they decide (the faces, which dice go to the
platter, and which die lies on which die field), and each group is listed once, with its weight,
by a representative whose order lists the platter dice first and then the die-field dice from
field I to III.  :func:`chance_outcomes` and :func:`sample_chance` give them as the state's
game's ``Roll`` and ``SoloRoll`` moves.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import factorial
from typing import Any

from oracle.engine.dice import DICE_COUNT, Place
from oracle.engine.errors import OracleError
from oracle.engine.moves import ChanceMove, SoloRoll
from oracle.engine.phase import Phase
from oracle.engine.state import GameState

FACES = range(1, 7)
DICE: tuple[int, ...] = tuple(range(DICE_COUNT))


def solo_groups(faces: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """The distinct solo placements of six dice showing ``faces``: a representative order
    (closest to the platter first) and the probability of faces and placement together."""
    ranked = sorted(DICE, key=lambda d: faces[d])
    threshold = faces[ranked[2]]
    below = [d for d in DICE if faces[d] < threshold]
    tied = [d for d in DICE if faces[d] == threshold]
    above = [d for d in DICE if faces[d] > threshold]
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
            yield tuple(platter) + tuple(fields), weight


def solo_outcomes() -> Iterator[tuple[tuple[int, ...], tuple[int, ...], Fraction]]:
    """Every grouped outcome of the solo passive roll: (faces, order, probability)."""
    for faces in itertools.product(FACES, repeat=DICE_COUNT):
        for order, weight in solo_groups(faces):
            yield faces, order, weight


def roll_outcomes(places: Sequence[Place]) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every outcome of rolling the dice in the cup: faces by die (0 for a die not rolled) and
    the probability."""
    cup = [d for d in DICE if places[d] is Place.CUP]
    weight = Fraction(1, 6 ** len(cup))
    for values in itertools.product(FACES, repeat=len(cup)):
        faces = [0] * DICE_COUNT
        for die, value in zip(cup, values):
            faces[die] = value
        yield tuple(faces), weight


def sample_solo(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A solo passive roll drawn with ``rng``: (faces, order closest to the platter first)."""
    faces = tuple(rng.randint(1, 6) for _ in DICE)
    order = list(DICE)
    rng.shuffle(order)
    return faces, tuple(order)


def sample_roll(places: Sequence[Place], rng: random.Random) -> tuple[int, ...]:
    """A roll of the dice in the cup drawn with ``rng``: faces by die, 0 for a die not rolled."""
    randint, cup = rng.randint, Place.CUP
    return tuple(randint(1, 6) if place is cup else 0 for place in places)


def chance_outcomes(state: GameState[Any, Any]) -> Iterator[tuple[ChanceMove, Fraction]]:
    """Every outcome of the pending roll of ``state`` with its probability, equal outcomes
    grouped (solo: by what they decide)."""
    if not state.is_chance:
        raise OracleError("chance_outcomes: it is a player's move, not the dice's")
    variant = state.variant
    if state.phase is Phase.SOLO_ROLL:
        members = tuple(variant.dice)
        for faces, order, weight in solo_outcomes():
            yield SoloRoll(faces, tuple(members[d] for d in order)), weight
        return
    for faces, weight in roll_outcomes(state.places):
        yield variant.roll(faces), weight


def sample_chance(state: GameState[Any, Any], rng: random.Random) -> ChanceMove:
    """Draw the pending roll of ``state`` with ``rng`` (seed it for a reproducible game)."""
    if not state.is_chance:
        raise OracleError("sample_chance: it is a player's move, not the dice's")
    variant = state.variant
    if state.phase is Phase.SOLO_ROLL:
        faces, order = sample_solo(rng)
        members = tuple(variant.dice)
        return SoloRoll(faces, tuple(members[d] for d in order))
    return variant.roll(sample_roll(state.places, rng))
