"""Shared by the solo tests: the bundled best solo game's final sheet; a random open-face game."""

from __future__ import annotations

import random

from oracle import PlayerSheet, apply_unchecked, new_game
from oracle.records.record import load_records
from spec.cubed import solo_game

#: The bundled best solo game (README, "The highest solo score").
WITNESS = "examples/solo-best.json"
#: The previous best, whose final sheet the solo realiser reaches from scratch within a node
#: budget (the best game's sheet it does not: README, "The highest solo score").
REALISED = "examples/solo-594.json"


def witness_sheet(path: str = WITNESS) -> PlayerSheet:
    """The final sheet of the bundled solo game at ``path`` (the best one by default)."""
    (_, record), = load_records(path)
    assert not isinstance(record, Exception)
    state = new_game(1)
    for step in record.steps:
        state = apply_unchecked(state, step.move)
    assert state.is_terminal
    sheet = state.sheets[0]
    assert isinstance(sheet, PlayerSheet)
    return sheet


def random_game(seed: int) -> solo_game.Node:
    """A finished solo game of the open-face model with random decisions (seeded)."""
    rng = random.Random(seed)
    node = solo_game.start()
    while node.phase != solo_game.OVER:
        node = rng.choice(list(solo_game.children(node)))
    return node
