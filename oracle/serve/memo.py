"""A worker's memo of positions in the JSON game model: what it has read and written lately, so
that a position an app sends back as the service gave it (the usual loop: ``/apply`` with the
``state`` of the last answer) is not read again, nor written again when it is answered again.

It changes no answer, only how quickly it comes: reading a position's JSON
(:meth:`~oracle.engine.game.Game.from_json`) and writing it (:meth:`~oracle.engine.game.Game.to_json`, then
the JSON text) are pure functions, and the memo keeps their results for the exact JSON text of
a position (as :func:`oracle.serve.problems.dumps` writes it, or as a request spelt it when the
body shows where it lies exactly) and for the state, the last
:data:`SIZE` of each.  The service stays stateless: another worker, or this one after a restart,
gives the same answer, reading the position afresh.  Positions that are not read (refused with
a 422) are not kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

from oracle.engine.game import Game, State
from oracle.formats.model.state import state_to_json_text
from oracle.serve.problems import dumps
from oracle.engine.state import GameState

#: How many positions the memo keeps in each direction (a few megabytes).
SIZE = 2048

K = TypeVar("K")
V = TypeVar("V")


class _Recent(Generic[K, V]):
    """The last ``size`` entries used (a lock: the endpoints that run in threads share it)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._found: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._found.get(key)
            if value is not None:
                self._found.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._found[key] = value
            self._found.move_to_end(key)
            while len(self._found) > self.size:
                self._found.popitem(last=False)


class PositionMemo:
    """Positions read from JSON text and written as JSON text, lately (module docstring)."""

    def __init__(self, size: int = SIZE) -> None:
        self._read: _Recent[bytes, tuple[Game, State]] = _Recent(size)
        self._written: _Recent[State, bytes] = _Recent(size)

    def read(self, data: object, reader: Callable[[object], tuple[Game, State]]) -> \
            tuple[Game, State]:
        """The game and state of the position ``data`` (JSON data read from a request):
        ``reader(data)``, unless this very JSON text was read or written lately."""
        try:
            text = dumps(data)
        except (TypeError, ValueError):  # no JSON text: the reader says what is wrong
            return reader(data)
        found = self._read.get(text)
        if found is None:
            found = reader(data)
            self._read.put(text, found)
        return found

    def read_text(self, text: bytes, data: object,
                  reader: Callable[[object], tuple[Game, State]]) -> tuple[Game, State]:
        """:meth:`read` for ``data`` whose JSON text in the request is ``text`` (the service
        knows it: :func:`oracle.serve.positions._read`), kept under that text: as a client
        spells it, not as :func:`dumps` would (no need to write it again to look it up)."""
        found = self._read.get(text)
        if found is None:
            found = reader(data)
            self._read.put(text, found)
        return found

    def keep(self, game: Game, state: State, text: bytes) -> None:
        """Keep ``text`` as the JSON text of ``state``'s position, as the service writes it (a
        text read that is exactly so, :meth:`~oracle.engine.game.Game.from_written_json`), both
        ways."""
        self._written.put(state, text)
        self._read.put(text, (game, state))

    def known(self, text: bytes) -> tuple[Game, State] | None:
        """The game and state of a position whose JSON text (as :func:`dumps` writes it) was
        read or written lately, or None."""
        return self._read.get(text)

    def write(self, game: Game, state: State) -> bytes:
        """The JSON text of ``state``'s position (``game.to_json``), as the service writes it
        (:func:`oracle.formats.model.state.state_to_json_text`: each sheet's text kept)."""
        text = self._written.get(state)
        if text is None:
            text = (state_to_json_text(state).encode("ascii") if isinstance(state, GameState)
                    else dumps(game.to_json(state)))
            self._written.put(state, text)
            self._read.put(text, (game, state))
        return text
