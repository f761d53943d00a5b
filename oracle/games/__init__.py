"""The registry of games: every Clever game the oracle knows, by the name records use.

Each game is one :class:`~oracle.games.clever.CleverGame` given its package's
:class:`~oracle.engine.variant.Variant`.  This is the only module outside a game's own package that
imports one (the package's public names in :mod:`oracle` are kept for compatibility).  To add a
game, add its variant here (see CONTRIBUTING.md, "How to add a game").  The registry is a
read-only mapping built at import, as python-chess lists its variants for ``find_variant``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle.games.clever import CleverGame
from oracle.games.cubed.variant import CUBED
from oracle.engine.errors import OracleError
from oracle.games.fourever.variant import FOUREVER
from oracle.engine.game import Game

#: Every known game by name, in the order they are listed to users.
GAMES: Mapping[str, Game] = MappingProxyType({
    variant.name: CleverGame(variant) for variant in (CUBED, FOUREVER)
})

#: The game a record or command means when it names none.
DEFAULT_GAME = "clever-cubed"


def find_game(name: str) -> Game:
    """The game called ``name`` (as in a record's ``game`` field); :class:`OracleError` lists
    the known names when there is none."""
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise OracleError(f"unknown game {str(name)[:40]!r} (known: {', '.join(GAMES)})")
    return game
