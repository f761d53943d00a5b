"""The adapter protocol's Python form: what an implementation under test must answer.

An app is tested by the harness (``clever-oracle certify``, ``clever-oracle conformance``)
through this :class:`Implementation` protocol, in-process for a Python app, or over JSON Lines
for any other (:mod:`oracle.adapter.jsonl`; the messages are documented in docs/certify.md and
``oracle/schema/adapter-1/``).  Moves and sheets cross in our notations (move notation, sheet
notation), so the app never has to list moves our way: it only has to say *accepted* or
*refused* to a move; :data:`LEGAL` and :data:`PROBE` are optional capabilities that give the
harness more (the app's whole legal-move list; a move tried without applying it).

Anything that is not an answer — a crash, a timeout, garbage — is an :class:`AdapterError`, which
the harness reports as an unusable adapter and never as a rule difference.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

import attrs

from oracle.errors import OracleError

#: The protocol version this oracle speaks (``"protocol": 1`` in ``hello``).
PROTOCOL_VERSION = 1
#: Capability: the app lists its legal moves (message ``legal``).
LEGAL = "legal"
#: Capability: the app says whether a move is legal without applying it (message ``probe``).
PROBE = "probe"
CAPABILITIES: frozenset[str] = frozenset({LEGAL, PROBE})


class AdapterError(OracleError):
    """The adapter did not answer as the protocol says: it crashed, timed out, wrote garbage,
    or asked for a capability it does not have.  Never a rule difference."""


@attrs.frozen
class Hello:
    """The app's greeting: the ``game`` it plays (a registry name), its ``version`` (free text)
    and its ``capabilities`` (a subset of :data:`CAPABILITIES`)."""

    game: str
    version: str
    capabilities: frozenset[str] = frozenset()


@attrs.frozen
class Answer:
    """The app's answer to a move: ``accepted``, or refused with the app's ``reason``."""

    accepted: bool
    reason: str = ""


ACCEPTED = Answer(True)


@attrs.frozen
class AppState:
    """What the app shows of its game: each seat's sheet in sheet notation (``sheets``), each
    seat's score (``scores``: pairs of breakdown key and points, e.g. ``("total", 87)``, in the
    keys of the game's ``Score.to_json``; at least ``total``), and optionally the dice as the
    game's ``dice_text`` prints them.  A part the app does not show is None."""

    sheets: tuple[str, ...] | None = None
    scores: tuple[tuple[tuple[str, int], ...], ...] | None = None
    dice: str | None = None

    def score_map(self, seat: int) -> Mapping[str, int]:
        """The score breakdown of ``seat`` as a mapping (empty when no scores are shown)."""
        if self.scores is None or seat >= len(self.scores):
            return {}
        return dict(self.scores[seat])


@runtime_checkable
class Implementation(Protocol):
    """An implementation of a Clever game under test (see the module docstring).

    One game at a time: :meth:`new_game` starts a new one and forgets the last.  ``legal`` and
    ``probe`` are only called when ``hello().capabilities`` names them.
    """

    def hello(self) -> Hello:
        """The game, version and capabilities."""
        ...

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool]) -> None:
        """Start a new game of ``game`` for ``players`` with the ruleset options given."""
        ...

    def apply(self, move: str) -> Answer:
        """Apply one move (chance moves included); refused moves change nothing."""
        ...

    def state(self) -> AppState:
        """The app's sheets, scores and dice now."""
        ...

    def legal(self) -> tuple[str, ...]:
        """The app's legal player moves now (capability :data:`LEGAL`)."""
        ...

    def probe(self, move: str) -> Answer:
        """Whether the app would accept ``move`` now, without applying it (:data:`PROBE`)."""
        ...

    def close(self) -> None:
        """Release what the implementation holds (a subprocess)."""
        ...
