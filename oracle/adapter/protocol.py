"""The adapter protocol's Python form: what an implementation under test must answer.

An app is tested by the harness (``clever-oracle certify``, ``clever-oracle conformance``)
through these protocols, in-process for a Python app, or over JSON Lines for any other
(:mod:`oracle.adapter.jsonl`; the messages are documented in docs/certify.md and
``oracle/schema/adapter-1/`` to ``adapter-3/``).  The app never has to list moves our way: it
only has to say *accepted* or *refused* to a move.

Three versions are served.  Version 1 (:class:`Implementation`) is given the bare move in move
notation and shows its sheets in sheet notation.  Version 2 (:class:`Implementation2`) is told
with every move who moves and the kind of step (:class:`Step`), and with every ``state`` and
``legal`` request where the game stands (:class:`Turn`); it declares the ruleset options it
plays (``Hello.options``), may roll its own dice (:data:`ROLLS_ITSELF`: it answers a roll with
:class:`Rolled`), and may answer :class:`NotComparable` while it cannot show its state.
Version 3 (:class:`Implementation3`) is version 2 in the JSON game model (docs/formats.md,
section 6): every move is also given as move JSON (:attr:`Step.data`), and the app may answer
with its own reading of its sheets, area by area (sheet JSON), its dice as the model's dice,
its rolls and legal moves as move JSON, instead of our notations.  :func:`current` gives any
app the shape the harness uses.

Anything that is not an answer — a crash, a timeout, garbage — is an :class:`AdapterError`, which
the harness reports as an unusable adapter and never as a rule difference.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol, cast, runtime_checkable

import attrs

from oracle.engine.errors import OracleError

if TYPE_CHECKING:
    from oracle.engine.game import Game

#: The newest protocol version this oracle speaks; :data:`PROTOCOLS` all it serves.
PROTOCOL_VERSION = 3
PROTOCOLS: tuple[int, ...] = (1, 2, 3)
#: JSON data of the game model (docs/formats.md, section 6): a move (``move-1.json``), a sheet
#: (``state-1.json#/$defs/<game>-sheet``) or a die (an item of a position's ``dice``).
JSONData = Mapping[str, object]
#: Capability: the app lists its legal moves (message ``legal``).
LEGAL = "legal"
#: Capability: the app says whether a move is legal without applying it (message ``probe``).
PROBE = "probe"
#: Capability (version 2): the app rolls its own dice; it answers a roll with its dice.
ROLLS_ITSELF = "rolls_itself"
CAPABILITIES: frozenset[str] = frozenset({LEGAL, PROBE})

#: The kinds of step a version-2 ``apply`` names (docs/certify.md, "Who moves, and what").
STEP_KINDS: tuple[str, ...] = (
    "roll", "solo-roll", "active-pick", "reroll", "forfeit", "passive-pick", "decline",
    "extra-die", "end-extra-dice", "question-mark",
)
#: The parts of a turn a version-2 request names (``phase``; :class:`oracle.engine.phase.Phase`).
PHASES: tuple[str, ...] = (
    "roll", "choose", "active-extra", "solo-roll", "passive-choose", "passive-extra",
    "end-extra", "over",
)


class AdapterError(OracleError):
    """The adapter did not answer as the protocol says: it crashed, timed out, wrote garbage,
    or asked for a capability it does not have.  Never a rule difference."""


@attrs.frozen
class Hello:
    """The app's greeting: the ``game`` it plays (a registry name), its ``version`` (free text),
    its ``capabilities``, the ``protocol`` version it speaks, and (version 2 and 3) the ruleset
    ``options`` it plays: each option's values as written on the command line; an option not
    named is played with our ruling only.  None (version 1): not declared."""

    game: str
    version: str
    capabilities: frozenset[str] = frozenset()
    protocol: int = 1
    options: Mapping[str, tuple[str, ...]] | None = None


@attrs.frozen
class Answer:
    """The app's answer to a move: ``accepted``, or refused with the app's ``reason``."""

    accepted: bool
    reason: str = ""


ACCEPTED = Answer(True)


@attrs.frozen
class Rolled:
    """A version-2 app with :data:`ROLLS_ITSELF` answers a roll with the dice it rolled, as a
    chance move in our notation (``roll W3 Y5 ...``, ``solo-roll ...``); a version-3 app may
    give it as move JSON instead (``{"kind": "roll", "dice": [{"die": "W", "face": 3}, ...]}``).
    """

    move: str | JSONData


@attrs.frozen
class NotComparable:
    """A version-2 app cannot show its state or legal moves now (it is between two of its own
    steps); the harness skips the comparison there and counts it."""

    reason: str = ""


@attrs.frozen
class AppState:
    """What the app shows of its game: each seat's sheet in sheet notation or (version 3) as
    sheet JSON, the app's own reading of it area by area (``sheets``); each seat's score
    (``scores``: pairs of breakdown key and points, e.g. ``("total", 87)``, in the keys of the
    game's ``Score.to_json``; at least ``total``), and optionally the dice, as the game's
    ``dice_text`` prints them or (version 3) as the model's dice (each ``{"die": "W", "face": 3,
    "place": "I"}``, in die order).  A part the app does not show is None."""

    sheets: tuple[str | JSONData, ...] | None = None
    scores: tuple[tuple[tuple[str, int], ...], ...] | None = None
    dice: str | Sequence[JSONData] | None = None

    def score_map(self, seat: int) -> Mapping[str, int]:
        """The score breakdown of ``seat`` as a mapping (empty when no scores are shown)."""
        if self.scores is None or seat >= len(self.scores):
            return {}
        return dict(self.scores[seat])


@attrs.frozen
class Turn:
    """Where the game stands (version 2): the ``player`` to move (1-based seat; None when the
    dice are to be rolled or the game is over), the ``phase`` (one of :data:`PHASES`), the
    ``round`` and the ``active`` player (1-based)."""

    player: int | None
    phase: str
    round: int
    active: int


@attrs.frozen
class Step:
    """One move as a version-2 or version-3 app is given it: the ``move`` in our notation, the
    ``kind`` of step (one of :data:`STEP_KINDS`) and the ``turn`` it is made in (its ``player``
    moves); :attr:`data` is the move as move JSON (version 3).  ``game`` (the harness's) or
    ``given`` (a request's move JSON) is where :attr:`data` comes from."""

    move: str
    kind: str
    turn: Turn
    given: JSONData | None = attrs.field(default=None, eq=False)
    game: Game | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def player(self) -> int | None:
        """Who makes the move (1-based), None for the dice."""
        return self.turn.player

    @property
    def data(self) -> JSONData:
        """The move as JSON data (docs/formats.md, section 6; ``oracle/schema/move-1.json``),
        read off its text when it is asked for."""
        if self.given is not None:
            return self.given
        if self.game is None:
            raise AdapterError(f"the step {self.move!r} came without its move JSON")
        return self.game.move_to_json(self.game.parse_move(self.move))


@runtime_checkable
class Implementation(Protocol):
    """An implementation of a Clever game under test, version 1 (see the module docstring).

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


class Implementation2(Protocol):
    """An implementation under test, version 2 (see the module docstring): a class with
    ``PROTOCOL = 2``.  ``new_game`` is given a ``seed`` (an app that rolls its own dice seeds
    them with it, so that the same seed and moves give the same dice) and only ruleset options
    the app declared; ``apply`` a :class:`Step`; ``state`` and ``legal`` the :class:`Turn`."""

    PROTOCOL: ClassVar[int]

    def hello(self) -> Hello: ...

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                 seed: int) -> None: ...

    def apply(self, step: Step) -> Answer | Rolled: ...

    def probe(self, step: Step) -> Answer: ...

    def state(self, turn: Turn) -> AppState | NotComparable: ...

    def legal(self, turn: Turn) -> tuple[str, ...] | NotComparable: ...

    def close(self) -> None: ...


class Implementation3(Protocol):
    """An implementation under test, version 3 (see the module docstring): a class with
    ``PROTOCOL = 3``, as :class:`Implementation2` but in the JSON game model: each
    :class:`Step` carries its move JSON (:attr:`Step.data`); ``apply`` may answer a roll with
    :class:`Rolled` move JSON; ``state`` may show each sheet as sheet JSON (the app's own
    reading, area by area) and the dice as the model's dice; ``legal`` may list move JSON.
    Text is still accepted wherever version 2 takes it.  This is also the shape the harness
    uses for every app (:func:`current`)."""

    PROTOCOL: ClassVar[int]

    def hello(self) -> Hello: ...

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                 seed: int) -> None: ...

    def apply(self, step: Step) -> Answer | Rolled: ...

    def probe(self, step: Step) -> Answer: ...

    def state(self, turn: Turn) -> AppState | NotComparable: ...

    def legal(self, turn: Turn) -> tuple[str | JSONData, ...] | NotComparable: ...

    def close(self) -> None: ...


class _Version1:
    """A version-1 implementation in the harness's shape: it is given the bare move."""

    PROTOCOL: ClassVar[int] = 2

    def __init__(self, app: Implementation) -> None:
        self.app = app

    def hello(self) -> Hello:
        return self.app.hello()

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                 seed: int) -> None:
        self.app.new_game(game, players, ruleset)

    def apply(self, step: Step) -> Answer:
        return self.app.apply(step.move)

    def probe(self, step: Step) -> Answer:
        return self.app.probe(step.move)

    def state(self, turn: Turn) -> AppState:
        return self.app.state()

    def legal(self, turn: Turn) -> tuple[str, ...]:
        return self.app.legal()

    def close(self) -> None:
        self.app.close()


#: Any app the harness takes, of any version.
AnyImplementation = Implementation | Implementation2 | Implementation3


def current(app: AnyImplementation) -> Implementation3:
    """``app`` in the shape the harness uses (:class:`Implementation3`, whose answers are a
    version-2 app's or richer): as it is when its class says ``PROTOCOL = 2`` or ``3``, else a
    version-1 implementation wrapped."""
    if getattr(type(app), "PROTOCOL", 1) in (2, 3):
        return cast(Implementation3, app)
    return _Version1(cast(Implementation, app))
