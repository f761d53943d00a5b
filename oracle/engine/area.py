"""The one shape of an area module: what the shared engine asks of each colour area of a sheet.

Every area of every Clever game is a module with the names of :class:`AreaRules`.  An area works
on its own part of the sheet (a small immutable value: a mask of crosses, the numbers written)
and never sees the sheet that holds it.  One entry in an area is described by plain values:

* ``number`` — the number entered (for a die: its face, changed by the game's own action such as
  a number joker; for a question mark: the number chosen, 0 when the area's question marks choose
  none);
* ``partner`` — for an area that reads two dice (``PARTNER`` true: blue), the partner die's
  number (docs/rulings.md, rulings 15 and 4E-2); 0 for a question mark;
* ``position`` — where the die lies (:class:`~oracle.engine.dice.Position`; ``QUESTION`` for a question
  mark, ruling 5);
* ``die`` — the die entered (its index), or :data:`QUESTION_DIE` for a question mark;
* ``state`` — the dice (faces and places, for areas that count matching dice) and the ruleset.

The seam is generic: :class:`AreaRules` is parametrised by the area's part type, its game's
ruleset class and its game's bonus class, and each game's ``areas`` package lists its modules
as ``AREA_MODULES``, a tuple annotated with each module's ``AreaRules[Part, Ruleset, Bonus]``,
each module passed through :func:`checked`: mypy --strict checks every area module against the
seam (a part type used inconsistently, a missing name, a ruleset option or a bonus of another
game are type errors).  The shared engine holds the areas of a sheet side by side, each of its
own part type: it sees each as :data:`oracle.engine.kinds.SomeArea` (the part and the ruleset erased;
see there why that is sound).

The area answers with two independent readings of its rules: ``targets`` (every legal target:
what the legal-move generator lists) and ``problem`` (why one target is not legal, as a rule id
and a sentence: what a refusal says).  The property suites check that the two agree.

Each area also owns its part of the JSON game model (docs/formats.md, section 6): its part of a
sheet as data a person reads without our notation (``to_json``/``from_json``, the schema
``JSON_SCHEMA``, the points ``JSON_SCORE``), the keys a move's JSON names a target with
(``JSON_TARGET``, ``target_json``/``target_from_json``), and the same part as a typed,
immutable value (``reading``).
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from oracle.engine.dice import Place

__all__ = ["AreaRules", "EntryState", "Problem", "QUESTION_DIE", "checked"]

#: An area's part: its own value (an ``int`` mask, a tuple of numbers ...).
PartT = TypeVar("PartT")
#: A game's ruleset class, as an area reads it (contravariant: it is only ever given one).
RulesetT = TypeVar("RulesetT", contravariant=True)
#: A game's ruleset class, as a state holds it.
RulesetT_co = TypeVar("RulesetT_co", covariant=True)
#: A game's bonus class (its :class:`~oracle.engine.kinds.Coded` enum of bonuses), as an area earns
#: them.  (A parameter, not ``Coded`` itself: :mod:`oracle.engine.kinds` names this module, and no
#: import may go round in a circle, tests/test_imports.py.)
BonusT_co = TypeVar("BonusT_co", covariant=True)

#: A broken rule: (rule id, reason in words).
Problem = tuple[str, str]

#: The ``die`` of an entry made by a question mark (no die).
QUESTION_DIE = -1


class EntryState(Protocol[RulesetT_co]):
    """What an area may read of the game state: the dice and the ruleset (a game's own: an area
    module reads ``EntryState[Ruleset]`` of its game's ``Ruleset`` class)."""

    @property
    def faces(self) -> tuple[int, ...]: ...

    @property
    def places(self) -> tuple[Place, ...]: ...

    @property
    def ruleset(self) -> RulesetT_co: ...


class AreaRules(Protocol[PartT, RulesetT, BonusT_co]):
    """The names every area module has (see the module docstring).  ``part`` is the area's own
    value, of type ``PartT`` (its type is the area's business: an ``int`` mask, a tuple of
    numbers ...); ``RulesetT`` is its game's ruleset class, ``BonusT_co`` its game's bonus
    class."""

    @property
    def KEY(self) -> str:  # noqa: N802 - a module constant
        """The area's key in sheet notation (``y``, ``t``, ``gy`` ...)."""
        ...

    @property
    def TARGETS(self) -> tuple[int, ...]:  # noqa: N802
        """Every target a move can name (one target: the move names only the area)."""
        ...

    @property
    def EMPTY(self) -> PartT:  # noqa: N802
        """The part of a blank sheet."""
        ...

    @property
    def PARTNER(self) -> bool:  # noqa: N802
        """True when an entry reads the partner die too (blue)."""
        ...

    @property
    def ENTRY_RULE(self) -> str:  # noqa: N802
        """The rule id that decides what an entry crosses or writes (for reports)."""
        ...

    def question_numbers(self, ruleset: RulesetT) -> tuple[int, ...]:
        """The numbers a question mark may choose here under ``ruleset``."""
        ...

    def targets(
        self, part: PartT, number: int, partner: int, position: int, die: int,
        state: EntryState[RulesetT],
    ) -> tuple[int, ...]:
        """Every legal target of the entry, in the order moves are listed."""
        ...

    def problem(
        self, part: PartT, target: int, number: int, partner: int, position: int, die: int,
        state: EntryState[RulesetT],
    ) -> Problem | None:
        """Why the entry at ``target`` breaks a rule (rule id, reason), or None."""
        ...

    def enter(
        self, part: PartT, target: int, number: int, partner: int, position: int, die: int,
        state: EntryState[RulesetT],
    ) -> tuple[PartT, tuple[BonusT_co, ...]]:
        """The part after the entry (one :meth:`targets` listed) and the bonuses it earns."""
        ...

    def earned(self, part: PartT) -> tuple[BonusT_co, ...]:
        """Every bonus the part has earned, read off it (for the checks of a sheet given as
        text: its action tracks must show what its areas and the rounds gave)."""
        ...

    def score(self, part: PartT) -> int:
        """The area's points."""
        ...

    def foxes(self, part: PartT) -> int:
        """The foxes the area shows."""
        ...

    def target_text(self, target: int) -> str:
        """A target in move notation (after ``AREA:``)."""
        ...

    def parse_target(self, text: str) -> int:
        """The target of :meth:`target_text`; :class:`~oracle.engine.errors.NotationError` if none."""
        ...

    def notation(self, part: PartT) -> str:
        """The part in sheet notation (after ``KEY=``)."""
        ...

    def read(self, text: str) -> PartT:
        """The part of :meth:`notation`; :class:`~oracle.engine.errors.NotationError` if not one."""
        ...

    # --- the JSON game model (docs/formats.md, section 6) ----------------------------------

    @property
    def JSON_SCHEMA(self) -> dict[str, object]:  # noqa: N802
        """The JSON Schema of the part in a sheet's JSON (every bound described with the rule
        that gives it)."""
        ...

    @property
    def JSON_SCORE(self) -> dict[str, object]:  # noqa: N802
        """The JSON Schema of the area's points in a score breakdown."""
        ...

    @property
    def JSON_TARGET(self) -> dict[str, dict[str, object]]:  # noqa: N802
        """The keys a move's JSON names a target with, and each one's schema (none for an area
        with one target)."""
        ...

    def to_json(self, part: PartT) -> object:
        """The part as JSON data (``JSON_SCHEMA``)."""
        ...

    def from_json(self, data: object, where: str) -> PartT:
        """The part of :meth:`to_json` data; :class:`~oracle.formats.jsonread.JSONModelError` naming
        the JSON pointer of the fault (``where`` is the pointer of ``data``)."""
        ...

    def target_json(self, target: int) -> dict[str, object]:
        """A target as the keys of a move's JSON (``JSON_TARGET``)."""
        ...

    def target_from_json(self, move: dict[str, object], where: str) -> int:
        """The target a move's JSON names (``move`` holds the keys of ``JSON_TARGET``, ``where``
        is the move's pointer); :class:`~oracle.formats.jsonread.JSONModelError` if none."""
        ...

    def reading(self, part: PartT) -> object:
        """The part as a typed, immutable value with the same content as :meth:`to_json`."""
        ...



def checked(
    module: AreaRules[PartT, RulesetT, BonusT_co],
) -> AreaRules[PartT, RulesetT, BonusT_co]:
    """``module`` itself.  Written where a game lists its area modules, under an annotation
    naming each one's ``AreaRules[Part, Ruleset, Bonus]``, it makes mypy check the module
    against that shape and name the member that differs (run once, at import)."""
    return module
