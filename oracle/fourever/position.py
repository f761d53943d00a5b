"""Position notation for Clever 4Ever: one line for a whole game in progress, like FEN.

The grammar is shared by every Clever game (:mod:`oracle.positiontext`); this module gives it
Clever 4Ever's name, dice codes (W Y B Gy Gn P), sheet notation (:mod:`oracle.fourever.sheettext`),
ruleset options and state.
"""

from __future__ import annotations

from oracle.game import own
from oracle.positiontext import PositionNotation
from oracle.fourever.dice import DIE_CODES
from oracle.fourever.invariants import sheet_problems
from oracle.fourever.playersheet import PlayerSheet
from oracle.fourever.ruleset import DEFAULT_RULESET, OPTIONS, make_ruleset
from oracle.fourever.sheet import MAX_PLAYERS, ROUNDS_BY_PLAYERS
from oracle.fourever.sheettext import format_sheet, parse_sheet
from oracle.fourever.state import GameState
from oracle.fourever.turn import settle


def _sheet(sheet: object) -> PlayerSheet:
    return own(sheet, PlayerSheet, "a Clever 4Ever sheet")


NOTATION: PositionNotation[GameState] = PositionNotation(
    name="clever-4ever",
    dice_codes=DIE_CODES,
    max_players=MAX_PLAYERS,
    rounds_by_players=ROUNDS_BY_PLAYERS,
    format_sheet=lambda sheet: format_sheet(_sheet(sheet)),
    parse_sheet=parse_sheet,
    sheet_problems=lambda sheet: sheet_problems(_sheet(sheet)),
    default_ruleset=DEFAULT_RULESET,
    options=OPTIONS,
    make_ruleset=make_ruleset,
    make_state=GameState,
    settle=settle,
)


def format_position(state: GameState) -> str:
    """The state's one-line notation (see :mod:`oracle.positiontext`)."""
    return NOTATION.format(state)


def parse_position(text: str) -> GameState:
    """A state from its notation; :class:`~oracle.errors.NotationError` names the field."""
    return NOTATION.parse(text)
