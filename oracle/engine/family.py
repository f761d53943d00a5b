"""What every Clever game shares as plain data: the number of players, the rounds by number of
players, and the scale of the solo rating (Clever Cubed rulebook, "Game Play" and "How 'Clever'
Did You Play?"; Clever 4Ever's sheet prints the same scale with its own titles)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "ROUNDS_BY_PLAYERS", "SOLO_THRESHOLDS"]

MIN_PLAYERS = 1
MAX_PLAYERS = 4
#: Rounds by number of players: 4 with 4 players, 5 with 3, 6 with 1 or 2 (solo: ruling 9).
ROUNDS_BY_PLAYERS: Mapping[int, int] = MappingProxyType({1: 6, 2: 6, 3: 5, 4: 4})
#: The lowest total of each solo level, highest first (a game gives one title per level).
SOLO_THRESHOLDS: tuple[int, ...] = (450, 420, 390, 360, 330, 300, 270, 240, 210, 180, 0)
