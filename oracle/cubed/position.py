"""Position notation for Clever Cubed: one line for a whole game in progress, like FEN.

The grammar is shared by every Clever game (:mod:`oracle.positiontext`); this module gives it
Clever Cubed's name, dice codes (W Y T B Br P), sheet notation (:mod:`oracle.cubed.sheettext`),
ruleset options and state.  Example (a new 2-player game)::

    clever-cubed round=1 active=p1 phase=roll seat=p1 to=dice rolls=0 dice=W-:cup,Y-:cup,...
    extras=-,- ruleset=default ; y=....../....../...... t=... ; y=...
"""

from __future__ import annotations

from oracle.game import own
from oracle.positiontext import PositionNotation
from oracle.cubed.dice import DIE_CODES
from oracle.cubed.invariants import sheet_problems
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.ruleset import DEFAULT_RULESET, OPTIONS, make_ruleset
from oracle.cubed.sheet import MAX_PLAYERS, ROUNDS_BY_PLAYERS
from oracle.cubed.sheettext import format_sheet, parse_sheet
from oracle.cubed.state import GameState
from oracle.cubed.turn import settle


def _sheet(sheet: object) -> PlayerSheet:
    return own(sheet, PlayerSheet, "a Clever Cubed sheet")


NOTATION: PositionNotation[GameState] = PositionNotation(
    name="clever-cubed",
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
