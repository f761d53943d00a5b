"""Clever Cubed through the game seam (:func:`oracle.games.find_game`), typed for the spec:
sheet notation, scoring and records, without the engine's modules."""

from __future__ import annotations

from typing import TypeAlias

from oracle import Bonus, PlayerSheet, Ruleset
from oracle.games.cubed.variant import CUBED
from oracle.engine.errors import NotationError
from oracle.games import find_game
from oracle.engine.state import GameState as _GameState

#: A Clever Cubed game state.
GameState: TypeAlias = _GameState[Ruleset, PlayerSheet]

#: The game the spec is about.
GAME = find_game("clever-cubed")


def parse_sheet(text: str) -> PlayerSheet:
    """A sheet from its one-line notation (:class:`oracle.engine.errors.NotationError` when bad)."""
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


def pending(sheet: PlayerSheet) -> tuple[Bonus, ...]:
    """The sheet's pending question marks as Clever Cubed bonuses (sorted)."""
    return tuple(Bonus(int(b)) for b in sheet.pending)


def award(sheet: PlayerSheet, bonuses: tuple[Bonus, ...]) -> PlayerSheet:
    """The sheet after receiving ``bonuses`` at once, as the engine gives them (rulebook
    "Bonuses"; ruling 20: a full track gains nothing more, its last circle brings its end
    bonus)."""
    return CUBED.award(sheet, bonuses)


def circles(sheet: PlayerSheet, action: Bonus) -> int:
    """The circled fields of ``action``'s track (re-roll, number joker or extra die)."""
    return {Bonus.REROLL: sheet.rerolls, Bonus.NUMBER_JOKER: sheet.jokers,
            Bonus.EXTRA_DIE: sheet.extra_dice}[action]
