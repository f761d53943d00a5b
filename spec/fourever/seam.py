"""Clever 4Ever through the game seam (:func:`oracle.games.find_game`), typed for the spec:
sheets from their areas' parts, sheet notation, scoring and the ruleset options the encodings
read."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol

from oracle.engine.errors import NotationError
from oracle.games import find_game
from oracle.engine.sheet import Sheet

#: The game the spec is about.
GAME = find_game("clever-4ever")
#: The blank sheet (no track circled yet); every other sheet is made from it.
BLANK: Sheet = GAME.new_game(1).sheets[0].changed(  # type: ignore[attr-defined]  # a Sheet
    circled=(0, 0, 0), spent=(0, 0, 0), pending=())
#: A part of each area in sheet order: yellow, blue, grey, green, pink (oracle/games/fourever/areas).
Parts = tuple[Any, ...]


class Options(Hashable, Protocol):
    """The ruleset options an encoding reads (docs/rulings.md, 4E-7 and 4E-10)."""

    @property
    def green_upper_after_lower(self) -> bool: ...

    @property
    def fox_floor_zero(self) -> bool: ...


#: The default ruleset: our rulings.
DEFAULT: Options = GAME.default_ruleset  # type: ignore[assignment]  # Clever 4Ever's Ruleset


def ruleset(**options: str) -> Options:
    """The ruleset with these options (``fox_floor_zero="true"`` ...)."""
    made: Options = GAME.make_ruleset(options)  # type: ignore[assignment]  # Clever 4Ever's
    return made


def sheet_of(parts: Parts) -> Sheet:
    """A sheet showing these areas, its tracks blank."""
    return BLANK.changed(parts=tuple(parts))


def parse_sheet(text: str) -> Sheet:
    """A sheet from its one-line notation (:class:`NotationError` when bad)."""
    sheet = GAME.parse_sheet(text)
    if not isinstance(sheet, Sheet) or type(sheet) is not type(BLANK):
        raise NotationError(f"sheet {text[:60]!r}: not a Clever 4Ever sheet")
    return sheet


def format_sheet(sheet: Sheet) -> str:
    """A sheet's one-line notation."""
    return GAME.format_sheet(sheet)


def total(sheet: Sheet, options: Options = DEFAULT) -> int:
    """The engine's total (areas, foxes times the lowest area; ruling 4E-10)."""
    return GAME.score(sheet, options).total  # type: ignore[call-arg]  # CleverGame takes a ruleset


def areas(sheet: Sheet) -> tuple[int, ...]:
    """The engine's five area scores in sheet order."""
    return GAME.score(sheet).areas


def foxes(sheet: Sheet) -> int:
    """The foxes the engine counts on the sheet."""
    return GAME.score(sheet).foxes
