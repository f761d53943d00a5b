"""Clever 4Ever's chance moves: the shared outcomes and sampler (:mod:`oracle.chance`) as this
game's ``Roll`` and ``SoloRoll`` moves."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

from oracle import chance
from oracle.errors import OracleError
from oracle.fourever.dice import Die
from oracle.fourever.moves import ChanceMove, Roll, SoloRoll
from oracle.fourever.state import GameState, Phase


def chance_outcomes(state: GameState) -> Iterator[tuple[ChanceMove, Fraction]]:
    """Every outcome of the pending roll with its probability, equal outcomes grouped."""
    if state.phase is Phase.SOLO_ROLL and state.is_chance:
        for faces, order, weight in chance.solo_outcomes():
            yield SoloRoll(faces, tuple(Die(d) for d in order)), weight
        return
    if not state.is_chance:
        raise OracleError("chance_outcomes: it is a player's move, not the dice's")
    for faces, weight in chance.roll_outcomes(state.places):
        yield Roll(faces), weight


def sample_chance(state: GameState, rng: random.Random) -> ChanceMove:
    """Draw the pending roll with ``rng`` (seed it for a reproducible game)."""
    if not state.is_chance:
        raise OracleError("sample_chance: it is a player's move, not the dice's")
    if state.phase is Phase.SOLO_ROLL:
        faces, order = chance.sample_solo(rng)
        return SoloRoll(faces, tuple(Die(d) for d in order))
    return Roll(chance.sample_roll(state.places, rng))
