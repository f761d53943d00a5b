"""The registry of games: every Clever game the oracle knows, by the name records use.

This is the only module outside a game's own package that imports one (the package's public
names in :mod:`oracle` are kept for compatibility).  To add a game, add its :class:`Game` value
to :data:`GAMES` (see CONTRIBUTING.md, "How to add a game").  The registry is a read-only
mapping built at import, as python-chess lists its variants for ``find_variant``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle.errors import OracleError
from oracle.game import Game
from oracle.cubed.game import CleverCubed
from oracle.fourever.game import CleverFourEver

#: Every known game by name, in the order they are listed to users.
GAMES: Mapping[str, Game] = MappingProxyType({
    "clever-cubed": CleverCubed(),
    "clever-4ever": CleverFourEver(),
})

#: The game a record or command means when it names none.
DEFAULT_GAME = "clever-cubed"


def find_game(name: str) -> Game:
    """The game called ``name`` (as in a record's ``game`` field); :class:`OracleError` lists
    the known names when there is none."""
    game = GAMES.get(name)
    if game is None:
        raise OracleError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return game
