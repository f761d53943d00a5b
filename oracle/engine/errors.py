"""The error classes of the oracle.

Every error a user can cause is an :class:`OracleError` (a ``ValueError``), so callers can catch
one class and print one line.  :class:`IllegalMoveError` names the broken rule by its stable id
(each game's rule catalogue; ``clever-oracle rules``) and carries the legal alternatives, as python-chess's
``IllegalMoveError`` names the position.
"""

from __future__ import annotations

from collections.abc import Sequence


class OracleError(ValueError):
    """Base class: something the user gave us is not acceptable."""


class IllegalMoveError(OracleError):
    """A move that the rules do not allow in this state.

    ``rule`` is a stable rule id from the catalogue, ``reason`` a sentence a player understands,
    ``state`` the state the move was tried in (the game's own state value) and ``legal`` the
    moves that were legal there.  The shared core names no game, so both are plain objects here;
    each game's ``apply`` documents its own types.
    """

    def __init__(
        self, rule: str, reason: str, state: object, legal: Sequence[object]
    ) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason
        self.state = state
        self.legal = tuple(legal)


class NotationError(OracleError):
    """Text that is not valid move or sheet notation; the message says what and where."""


class RecordError(OracleError):
    """A game record that cannot be read: bad JSON, schema violation, wrong format or version."""
