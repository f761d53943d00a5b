"""The engine as the Clever Cubed solvers see it: the typed state, sheet notation and scores,
through the game seam and the top-level names (the engine's internals are not the spec's)."""

from __future__ import annotations

from typing import TypeAlias

from oracle import PlayerSheet, Ruleset
from oracle.games import find_game
from oracle.state import GameState as _GameState

__all__ = ["GameState", "format_sheet", "parse_sheet"]

#: A Clever Cubed game state.
GameState: TypeAlias = _GameState[Ruleset, PlayerSheet]

_GAME = find_game("clever-cubed")


def format_sheet(sheet: PlayerSheet) -> str:
    """The sheet in sheet notation."""
    return _GAME.format_sheet(sheet)


def parse_sheet(text: str) -> PlayerSheet:
    """A sheet from sheet notation (:class:`~oracle.errors.NotationError` if not one)."""
    sheet = _GAME.parse_sheet(text)
    assert isinstance(sheet, PlayerSheet)
    return sheet
