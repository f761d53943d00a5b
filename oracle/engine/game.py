"""The seam between the shared oracle and one Clever game: the :class:`Game` protocol.

Everything outside a game's package (records, the command line, play, the property suites, the
certification harness, the solvers) talks to a game only through this protocol, and finds the
game by name in :mod:`oracle.games` (as python-chess finds a variant, or OpenSpiel looks up a
registered game).  A game's states, moves, sheets and rulesets cross the seam as the small
read-only protocols below; the game checks that what it is given is its own (a Clever Cubed
state passed to Clever 4Ever is refused with an :class:`~oracle.engine.errors.OracleError`, never a
crash).

What every Clever game shares and therefore lives here: who is to move (:data:`CHANCE`,
:data:`NOBODY` or a player index), the round structure (rounds by player count), the three
action tracks' counting, scores with a total, and rule ids.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Protocol, TypeVar, runtime_checkable

import attrs

from oracle.engine.errors import OracleError
from oracle.engine.kinds import DieAt
from oracle.engine.phase import CHANCE as CHANCE
from oracle.engine.phase import NOBODY as NOBODY
from oracle.engine.phase import Phase
from oracle.engine.rulebook import Rule


class Move(Protocol):
    """A move of any game: it has exactly one canonical text (``str(move)``)."""

    def __str__(self) -> str: ...


class State(Protocol):
    """What every game's state tells: who is to move, the round, the players' sheets."""

    @property
    def players(self) -> int:
        """The number of players."""
        ...

    @property
    def actor(self) -> int:
        """Who is to move: a player index (0-based), :data:`CHANCE` or :data:`NOBODY`."""
        ...

    @property
    def active(self) -> int:
        """The active player of the current turn."""
        ...

    @property
    def round(self) -> int:
        """The current round, 1-based."""
        ...

    @property
    def rounds(self) -> int:
        """How many rounds this game has."""
        ...

    @property
    def is_chance(self) -> bool:
        """True when the dice are to be rolled."""
        ...

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        ...

    @property
    def sheets(self) -> tuple[object, ...]:
        """Every player's sheet, in seat order (the game's own sheet type)."""
        ...


class Score(Protocol):
    """A sheet's final scoring: the area scores in sheet order, the foxes, the total."""

    @property
    def areas(self) -> tuple[int, ...]:
        """Each area's points, in the order the sheet prints them."""
        ...

    @property
    def foxes(self) -> int:
        """The number of foxes."""
        ...

    @property
    def fox_points(self) -> int:
        """What the foxes score together (each the lowest area, ruling 21)."""
        ...

    @property
    def total(self) -> int:
        """The total score."""
        ...

    def to_json(self) -> dict[str, int]:
        """The breakdown as a JSON-ready mapping (area names, foxes, fox points, total)."""
        ...

    def area(self, label: str) -> int:
        """The points of the area called ``label`` (``yellow`` ...)."""
        ...


class Ruleset(Protocol):
    """A game's ruleset: our ruling on each open point, the other readings as named options."""

    def options(self) -> dict[str, str | bool]:
        """The options as a JSON-friendly mapping (what a record stores)."""
        ...


@attrs.frozen
class RulesetOption:
    """One named option of a game's ruleset: its ``name``, its ``values`` as written on the
    command line, the ``default`` (our ruling), the ruling it implements (``ruling``, as
    numbered in ``docs/rulings.md``) and a one-line ``help``."""

    name: str
    values: tuple[str, ...]
    default: str
    ruling: str
    help: str


@runtime_checkable
class Game(Protocol):
    """One Clever game, as the shared oracle sees it (see the module docstring).

    ``apply`` and ``diagnose`` accept any object as a move: what is not a well-formed move of
    this game is refused with rule ``MOVE-FORM``.  ``legal_moves`` lists every legal player move
    in a fixed order (empty at chance nodes and at the end); ``move_space`` lists every
    well-formed player move of the game, legal or not (for exhaustive and certification
    checks).
    """

    @property
    def name(self) -> str:
        """The name in records and on the command line, e.g. ``clever-cubed``."""
        ...

    @property
    def title(self) -> str:
        """The printed title, e.g. ``Clever Cubed``."""
        ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def dice_codes(self) -> tuple[str, ...]:
        """The six dice's codes in move notation, in die order (white first)."""
        ...

    @property
    def rules(self) -> tuple[Rule, ...]:
        """The rule catalogue: every rule id with its source."""
        ...

    @property
    def ruleset_options(self) -> tuple[RulesetOption, ...]:
        """The named options of this game's ruleset."""
        ...

    @property
    def default_ruleset(self) -> Ruleset: ...

    def make_ruleset(self, options: Mapping[str, object], base: Ruleset | None = None) -> Ruleset:
        """``base`` (default: our rulings) with ``options`` set; a value may be given as its
        text (``"true"``) or as JSON (``True``).  An unknown option or value raises
        :class:`~oracle.engine.errors.OracleError` naming it and the allowed values."""
        ...

    def new_game(self, players: int, ruleset: Ruleset | None = None) -> State:
        """A new game; the first roll is due."""
        ...

    def legal_moves(self, state: State) -> tuple[Move, ...]: ...

    def is_legal(self, state: State, move: object) -> bool:
        """True exactly when ``move in legal_moves(state)``."""
        ...

    def apply(self, state: State, move: object) -> State:
        """The state after ``move``, or :class:`~oracle.engine.errors.IllegalMoveError` naming the
        broken rule."""
        ...

    def apply_unchecked(self, state: State, move: Move) -> State:
        """:meth:`apply` for a move known to be legal."""
        ...

    def diagnose(self, state: State, move: object) -> tuple[str, str] | None:
        """The first rule ``move`` breaks as (rule id, reason), or None when it is legal."""
        ...

    def chance_outcomes(self, state: State) -> Iterator[tuple[Move, Fraction]]:
        """Every outcome of the pending roll with its probability."""
        ...

    def sample_chance(self, state: State, rng: random.Random) -> Move:
        """Draw the pending roll."""
        ...

    def parse_move(self, text: str) -> Move:
        """A move from its canonical text; :class:`~oracle.engine.errors.NotationError` if not."""
        ...

    def read_move(self, text: str, version: int, ruleset: Ruleset,
                  state: State | None = None) -> Move | None:
        """The move ``text`` meant when written in move notation ``version`` (records of format
        ``clever-oracle-record/1`` are in notation 1; docs/formats.md, "Notation versions") in
        a game under ``ruleset``; ``state`` is the position before it, needed only where the
        old meaning depended on the position (None is answered when it was not given).
        :class:`~oracle.engine.errors.NotationError` if the text is no move of that notation."""
        ...

    def move_space(self) -> tuple[Move, ...]:
        """Every well-formed player move of this game (legal somewhere or not)."""
        ...

    def format_sheet(self, sheet: object) -> str:
        """A sheet in sheet notation (one line)."""
        ...

    def parse_sheet(self, text: str) -> object:
        """A sheet from sheet notation; :class:`~oracle.engine.errors.NotationError` if not."""
        ...

    def format_position(self, state: State) -> str:
        """The whole position in position notation: one line, like FEN, beginning with the
        game's name (all sheets, round, active player, phase, who is to move, dice and where
        they lie, extra dice taken this turn, pending question marks, the ruleset)."""
        ...

    def parse_position(self, text: str) -> State:
        """A state from position notation; :class:`~oracle.engine.errors.NotationError` if not.
        ``parse_position(format_position(s)) == s`` for every reachable state."""
        ...

    # --- the JSON game model (docs/formats.md, section 6) -----------------------------------

    def to_json(self, state: State) -> dict[str, object]:
        """The whole position as JSON data (schema ``oracle/schema/state-1.json``): the same
        content as :meth:`format_position`."""
        ...

    def from_json(self, data: object) -> State:
        """A state from its JSON data (or JSON text), checked as :meth:`parse_position` checks
        a position; :class:`~oracle.formats.jsonread.JSONModelError` (a
        :class:`~oracle.engine.errors.NotationError`) names the JSON pointer of the fault.
        ``from_json(to_json(s)) == s`` for every reachable state."""
        ...

    def from_written_json(self, text: bytes) -> State | None:
        """The state whose JSON text, exactly as the oracle writes it (``json.dumps`` of
        :meth:`to_json`: ASCII, the default separators), is ``text``; None for any other text
        (which may still be a position: :meth:`from_json` reads it, naming any fault).  Quicker
        than :meth:`from_json` for a position an app sends back as the oracle gave it."""
        ...

    def move_to_json(self, move: Move) -> dict[str, object]:
        """A move as JSON data (schema ``oracle/schema/move-1.json``), beside its text."""
        ...

    def move_from_json(self, data: object) -> Move:
        """A move from its JSON data (or JSON text); :class:`~oracle.formats.jsonread.JSONModelError`
        names the JSON pointer of the fault."""
        ...

    def sheet_to_json(self, sheet: object) -> dict[str, object]:
        """A sheet as JSON data, area by area: the same content as :meth:`format_sheet`."""
        ...

    def sheet_from_json(self, data: object) -> object:
        """A sheet from its JSON data, read as :meth:`parse_sheet` reads sheet notation."""
        ...

    def areas(self, sheet: object) -> object:
        """A sheet's areas as typed, immutable values: the game's ``SheetAreas`` (one attribute
        per area, ``.yellow`` ...; :mod:`oracle.games.cubed.areas`, :mod:`oracle.games.fourever.areas`)."""
        ...

    def score(self, sheet: object) -> Score: ...

    def scores(self, state: State) -> tuple[Score, ...]: ...

    def winners(self, scores: tuple[Score, ...]) -> tuple[str, ...]:
        """The winners among final scores (in seat order), by the game's tie-break, named by
        their ids: ``("p1",)``."""
        ...

    def winner_seats(self, scores: tuple[Score, ...]) -> tuple[int, ...]:
        """:meth:`winners` as 0-based seats (what ``winners`` answered before players were
        named by their ids)."""
        ...

    def solo_rating(self, total: int) -> str:
        """The rulebook's solo level for a total."""
        ...

    def dice_text(self, state: State) -> str:
        """Where each die lies and what it shows, e.g. ``W3:platter Y5:I ...``."""
        ...

    def phase(self, state: State) -> Phase:
        """The step of the turn ``state`` is in (:class:`oracle.engine.phase.Phase`)."""
        ...

    def dice(self, state: State) -> tuple[DieAt, ...]:
        """Every die as a typed value: its code, its face (None before the first roll) and the
        place where it lies."""
        ...

    def pending(self, state: State, player: int) -> tuple[str, ...]:
        """The codes of ``player``'s pending question marks, in order (``?Y``, ``?*`` ...)."""
        ...

    def sheet_text(self, sheet: object, title: str = "") -> str:
        """A sheet drawn in plain text."""
        ...

    def sheet_svg(self, sheet: object, title: str = "") -> str:
        """A sheet drawn as an SVG picture like the printed sheet."""
        ...

    def state_problems(self, state: State) -> list[str]:
        """What is wrong with a reachable state (empty when nothing is): the invariants the
        random-game and property suites check after every step."""
        ...

    def step_problems(self, before: State, after: State) -> list[str]:
        """What is wrong with a step from ``before`` to ``after`` (nothing un-crossed, ...)."""
        ...


T = TypeVar("T")


def own(value: object, kind: type[T], what: str) -> T:
    """``value`` if it is a ``kind`` (a game's own state, sheet or ruleset), else
    :class:`~oracle.engine.errors.OracleError` naming ``what`` was expected: how each game checks what
    crosses the seam into it."""
    if not isinstance(value, kind):
        raise OracleError(f"not {what}: {type(value).__name__}")
    return value
