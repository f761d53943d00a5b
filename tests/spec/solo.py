"""Shared by the solo tests: the bundled best solo game's final sheet."""

from __future__ import annotations

from oracle import PlayerSheet, apply_unchecked, new_game
from oracle.record import load_records

#: The bundled best solo game (README, "The highest solo score").
WITNESS = "examples/solo-best.json"


def witness_sheet() -> PlayerSheet:
    """The final sheet of the bundled best solo game."""
    (_, record), = load_records(WITNESS)
    assert not isinstance(record, Exception)
    state = new_game(1)
    for step in record.steps:
        state = apply_unchecked(state, step.move)
    assert state.is_terminal
    sheet = state.sheets[0]
    assert isinstance(sheet, PlayerSheet)
    return sheet
