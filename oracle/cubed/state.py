"""The Clever Cubed game state: the shared :class:`oracle.state.TurnState` with Clever Cubed's
ruleset, sheets and rounds by player count (every Clever game has the same turn fields)."""

from __future__ import annotations

import attrs

from oracle.phase import CHANCE, NOBODY, Phase
from oracle.state import TurnState
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.ruleset import Ruleset
from oracle.cubed.sheet import ROUNDS_BY_PLAYERS

__all__ = ["CHANCE", "NOBODY", "GameState", "Phase"]


@attrs.frozen(cache_hash=True)
class GameState(TurnState[Ruleset, PlayerSheet]):
    """A Clever Cubed game at one moment (the fields: :class:`oracle.state.TurnState`)."""

    ROUNDS_BY_PLAYERS = ROUNDS_BY_PLAYERS
