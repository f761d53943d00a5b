"""Clever Cubed's own action: the number joker (rulebook "Any Number"; rulings 12, 20, 23).

"You may use this action to change the number on any one die, as if it were showing a different
number."  A use crosses a circled number-joker field: a field printed with a number gives that
number; a "?" field any number 1 to 6.  Only the number entered changes; the die's face still
decides what goes to the silver platter (ruling 12).  Circled fields may be spent in any order
(ruling 20).  Option ``joker_same_face`` (ruling 23) lets a joker name the face itself.

In a move: ``joker=N`` (the field printed N) or ``joker=?N`` (a "?" field used as N).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from typing import Any

import attrs

from oracle.engine.action import Choice
from oracle.engine.area import EntryState, Problem
from oracle.games.cubed.ruleset import Ruleset
from oracle.games.cubed.sheet import NUMBER_JOKER_FIELDS
from oracle.engine.errors import NotationError
from oracle.formats.jsonread import choice, integer, key, obj
from oracle.engine.sheet import ACTION, Sheet

__all__ = ["JOKER", "JOKER_BY_INDEX", "Joker", "NumberJoker"]

NUMBERS = (1, 2, 3, 4, 5, 6)


@attrs.frozen
class Joker:
    """A number joker spent on a die: a printed field (``free`` False) or a '?' field used as
    ``number`` (``free`` True)."""

    number: int
    free: bool

    def __str__(self) -> str:
        return f"joker={'?' if self.free else ''}{self.number}"


#: Every number joker by its index: no joker (0), a printed field ``n`` (index ``n``), a '?'
#: field used as ``n`` (index ``6 + n``).
JOKER_BY_INDEX: tuple[Joker | None, ...] = (None,) + tuple(
    Joker(n, free) for free in (False, True) for n in NUMBERS
)
_PRINTED = tuple(sorted({n for n in NUMBER_JOKER_FIELDS if n}))
#: How a use names its field in the JSON model: the field printed with the number, or a '?'.
FIELD_KINDS: tuple[str, ...] = ("printed", "?")
_FREE_FIELDS = tuple(i for i, n in enumerate(NUMBER_JOKER_FIELDS) if not n)


@cache
def _choices(same_face: bool, available: int, face: int, partner: int) -> tuple[Choice, ...]:
    """Each joker the unspent circled fields ``available`` give on ``face``: printed fields by
    number, then '?' fields by number; never the face itself unless ``same_face``."""
    out: list[Choice] = []
    printed = {NUMBER_JOKER_FIELDS[i] for i in range(len(NUMBER_JOKER_FIELDS))
               if available >> i & 1 and NUMBER_JOKER_FIELDS[i]}
    out += [(n, n, partner) for n in _PRINTED if n in printed and (same_face or n != face)]
    if any(available >> i & 1 for i in _FREE_FIELDS):
        out += [(6 + n, n, partner) for n in NUMBERS if same_face or n != face]
    return tuple(out)


class NumberJoker:
    """The number joker as the engine's :class:`~oracle.engine.action.OwnAction`."""

    token = "joker"
    rule = "NUMBER-JOKER"
    spends_in_order = False
    by_index: tuple[object, ...] = JOKER_BY_INDEX

    def index(self, action: object) -> int:
        if action is None:
            return 0
        if (isinstance(action, Joker) and type(action.number) is int
                and 1 <= action.number <= 6 and type(action.free) is bool):
            return action.number + 6 * action.free
        return -1

    def key(self, state: EntryState[Ruleset], sheet: Sheet) -> Hashable | None:
        available = ((1 << sheet.circled[ACTION]) - 1) & ~sheet.spent[ACTION]
        return (state.ruleset.joker_same_face, available) if available else None

    def choices(
        self, key: Any, die: int, face: int, partner_face: int, place: int, partner_place: int
    ) -> tuple[Choice, ...]:
        same_face, available = key
        return _choices(same_face, available, face, partner_face)

    def spend(self, spent: int, index: int) -> int:
        """Cross the field used: the one printed with the number, or the first unspent '?'
        field (the '?' fields are alike)."""
        if index <= 6:
            field = NUMBER_JOKER_FIELDS.index(index)
        else:
            field = next(i for i in _FREE_FIELDS if not spent >> i & 1)
        return spent | 1 << field

    def numbers(self, action: object, face: int, partner_face: int) -> tuple[int, int]:
        return (action.number if isinstance(action, Joker) else face), partner_face

    def problem(
        self, state: EntryState[Ruleset], sheet: Sheet, die: int, partner: int, action: object,
        reads_partner: bool,
    ) -> Problem | None:
        """NUMBER-JOKER: the joker must change the number (unless ``joker_same_face``) and a
        circled, unspent field of its kind must be left."""
        if not isinstance(action, Joker):
            return None
        face = state.faces[die]
        same_face = state.ruleset.joker_same_face
        if action.number == face and not same_face:
            return "NUMBER-JOKER", (
                f"the die already shows {face}; a number joker changes the number"
            )
        available = ((1 << sheet.circled[ACTION]) - 1) & ~sheet.spent[ACTION]
        fields = _FREE_FIELDS if action.free else tuple(
            i for i, n in enumerate(NUMBER_JOKER_FIELDS) if n == action.number
        )
        if not any(available >> i & 1 for i in fields):
            kind = "a '?' field" if action.free else f"a field printed {action.number}"
            return "NUMBER-JOKER", f"no circled, unspent number-joker field: {kind}"
        return None

    json_key = "number_joker"
    JSON_SCHEMA: dict[str, object] = {
        "description": "A number joker spent on the die (rulebook 'Any Number'; rulings 12, "
                       "20, 23): the number the die is entered as, and the field crossed: the "
                       "one printed with that number, or a '?' field.",
        "type": "object", "required": ["number", "field"], "additionalProperties": False,
        "properties": {
            "number": {"type": "integer", "minimum": 1, "maximum": 6,
                       "description": "The number entered, 1 to 6 (rulebook 'Any Number'; "
                                      "rule NUMBER-JOKER, ruling 12); a printed field has 3, 4, "
                                      "5 or 6."},
            "field": {"enum": list(FIELD_KINDS),
                      "description": "printed: the field printed with the number; ?: a '?' "
                                     "field used as the number (the sheet's number-joker track "
                                     "prints 3 4 5 6 ? ? ?)."},
        },
    }

    def to_json(self, action: object) -> object:
        """``{"number": 5, "field": "?"}``."""
        assert isinstance(action, Joker)
        return {"number": action.number, "field": FIELD_KINDS[action.free]}

    def from_json(self, data: object, where: str) -> Joker:
        """The joker of :meth:`to_json` data (a printed field must print the number: the rules
        judge that, as for ``joker=N``)."""
        fields = obj(data, where, ("number", "field"))
        field, at = key(fields, "field", where)
        free = choice(field, at, FIELD_KINDS, "a number-joker field") == "?"
        number, at = key(fields, "number", where)
        return Joker(integer(number, at, 1, 6, "a number joker's number"), free)

    def parse(self, value: str) -> Joker:
        """``N`` or ``?N`` (N 1..6)."""
        free = value.startswith("?")
        digits = value[1:] if free else value
        if digits not in ("1", "2", "3", "4", "5", "6"):
            raise NotationError("a joker number must be 1 to 6")
        return Joker(int(digits), free)


JOKER = NumberJoker()
