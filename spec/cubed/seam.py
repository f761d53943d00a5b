"""Clever Cubed through the game seam (:func:`oracle.games.find_game`), typed for the spec:
sheet notation, scoring and records, without the engine's modules."""

from __future__ import annotations

from oracle import PlayerSheet
from oracle.errors import NotationError
from oracle.games import find_game

#: The game the spec is about.
GAME = find_game("clever-cubed")


def parse_sheet(text: str) -> PlayerSheet:
    """A sheet from its one-line notation (:class:`oracle.errors.NotationError` when bad)."""
    sheet = GAME.parse_sheet(text)
    if not isinstance(sheet, PlayerSheet):
        raise NotationError(f"sheet {text!r}: not a Clever Cubed sheet")
    return sheet


def format_sheet(sheet: PlayerSheet) -> str:
    """A sheet's one-line notation."""
    return GAME.format_sheet(sheet)


def total(sheet: PlayerSheet) -> int:
    """The engine's total of a finished sheet (areas, foxes times the lowest area)."""
    return GAME.score(sheet).total


def areas(sheet: PlayerSheet) -> tuple[int, ...]:
    """The engine's five area scores in sheet order."""
    return GAME.score(sheet).areas
