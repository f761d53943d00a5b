"""The error classes of the oracle.

Every error a user can cause is an :class:`OracleError` (a ``ValueError``), so callers can catch
one class and print one line.  :class:`IllegalMoveError` names the broken rule by its stable id
(see :mod:`oracle.cubed.rules`) and carries the legal alternatives, as python-chess's
``IllegalMoveError`` names the position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - import for annotations only
    from oracle.cubed.moves import Move
    from oracle.cubed.state import GameState


class OracleError(ValueError):
    """Base class: something the user gave us is not acceptable."""


class IllegalMoveError(OracleError):
    """A move that the rules do not allow in this state.

    ``rule`` is a stable rule id from the catalogue, ``reason`` a sentence a player understands,
    ``state`` the state the move was tried in and ``legal`` the moves that were legal there.
    """

    def __init__(
        self, rule: str, reason: str, state: GameState, legal: tuple[Move, ...]
    ) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason
        self.state = state
        self.legal = legal


class NotationError(OracleError):
    """Text that is not valid move or sheet notation; the message says what and where."""


class RecordError(OracleError):
    """A game record that cannot be read: bad JSON, schema violation, wrong format or version."""
