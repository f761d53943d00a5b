"""The shape of a game's own action: what changes the number a die enters (Clever Cubed's number
joker, Clever 4Ever's polish the silver).

The action is spent from the sheet's third action track (:data:`oracle.engine.sheet.ACTION`) and named
in a die move by one token (``joker=?5``, ``polish=+1/-1``).  The engine sees each possible use
as an index: 0 is "no action", and ``by_index[i]`` is the value a move carries.  For one die the
action lists its uses with :meth:`OwnAction.choices` as ``(index, number, partner)``: the number
the die enters and the number its partner die (blue's partner) counts as; a use that changes the
partner is only for areas that read the partner.

In the JSON game model (docs/formats.md, section 6) a die move carries the use under the key
``json_key`` (the action's name: ``number_joker``, ``polish_the_silver``), its value read and
written by the action (``to_json``/``from_json``, schema ``JSON_SCHEMA``).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol, TypeVar

from oracle.engine.area import EntryState, Problem
from oracle.engine.sheet import Sheet

__all__ = ["Choice", "OwnAction"]

#: One use of the action on a die: (index, number entered, partner's number).
Choice = tuple[int, int, int]


#: A game's ruleset class, as its action reads it from the state.
RulesetT = TypeVar("RulesetT", contravariant=True)


class OwnAction(Protocol[RulesetT]):
    """A game's own action (see the module docstring), reading its game's ruleset
    (``RulesetT``) from the state."""

    @property
    def token(self) -> str:
        """The key of the action's token in a die move, e.g. ``joker`` for ``joker=4``."""
        ...

    @property
    def rule(self) -> str:
        """The rule id of the action's uses (``NUMBER-JOKER``, ``POLISH``)."""
        ...

    @property
    def spends_in_order(self) -> bool:
        """True when the action's fields are spent left to right (else the use names a field,
        as a printed number joker does)."""
        ...

    @property
    def by_index(self) -> tuple[object, ...]:
        """Every value a move can carry, by index; index 0 is None (no action)."""
        ...

    def index(self, action: object) -> int:
        """The index of a move's action value (0 for None), or -1 if it is not well-formed."""
        ...

    def key(self, state: EntryState[RulesetT], sheet: Sheet) -> Hashable | None:
        """What the uses open to the player with ``sheet`` depend on besides the die (the
        unspent action fields, the ruleset), or None when the player can make no use at all:
        asked once per list of moves."""
        ...

    def choices(
        self, key: Hashable, die: int, face: int, partner_face: int, place: int,
        partner_place: int,
    ) -> tuple[Choice, ...]:
        """The uses open to the player (``key``, not None) for ``die`` showing ``face`` and lying
        at ``place`` (its partner die showing ``partner_face`` at ``partner_place``), in the order
        moves are listed after the die's entries without the action.  A pure function of its
        arguments (a game caches it: it runs for every die of a list of moves)."""
        ...

    def spend(self, spent: int, index: int) -> int:
        """The action track's spent mask after the use ``index`` (ruling 20)."""
        ...

    def numbers(self, action: object, face: int, partner_face: int) -> tuple[int, int]:
        """The number the die enters and its partner's number under the well-formed use
        ``action`` (None: the faces themselves)."""
        ...

    def problem(
        self, state: EntryState[RulesetT], sheet: Sheet, die: int, partner: int, action: object,
        reads_partner: bool,
    ) -> Problem | None:
        """Why ``action`` cannot be used on ``die`` (partner die ``partner``) in an area that
        reads the partner (``reads_partner``) or not, or None: the diagnosing reading of
        :meth:`choices`, written on its own."""
        ...

    def parse(self, value: str) -> Any:
        """The action value of a token's ``value`` (after ``token=``); NotationError if none."""
        ...

    # --- the JSON game model (docs/formats.md, section 6) -----------------------------------

    @property
    def json_key(self) -> str:
        """The key of a use in a die move's JSON, the action's name (``number_joker``)."""
        ...

    @property
    def JSON_SCHEMA(self) -> dict[str, object]:  # noqa: N802 - a constant
        """The JSON Schema of a use's value."""
        ...

    def to_json(self, action: object) -> object:
        """A well-formed use (not None) as JSON data."""
        ...

    def from_json(self, data: object, where: str) -> object:
        """The use of :meth:`to_json` data; :class:`~oracle.formats.jsonread.JSONModelError` naming the
        JSON pointer of the fault (``where``: the data's pointer)."""
        ...
