"""Clever 4Ever's own action: polish the silver (the ○ icon; docs/rulings.md, ruling 4E-1).

Each use changes one die by +1 or -1 for the entry the player makes with it, without turning the
die: its face still decides everything else.  Uses may be stacked (+2, -3 ...); no wrap: the
number stays 1 to 6.  Only a die taken from the silver platter may be polished, and for a blue
entry also the partner die (white for blue, blue for white) when it lies on the platter.  Option
``polish_any_die``: any die entered; option ``polish_one_die``: one die per entry.  Polish
fields are spent left to right.

In a move: ``polish=+N`` / ``polish=-N`` (the die entered), or ``polish=±A/±B`` (A on the die
entered, B, not 0, on its partner; A may be +0).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

import attrs

from oracle.engine.action import Choice
from oracle.engine.area import EntryState, Problem
from oracle.engine.dice import Place
from oracle.engine.errors import NotationError
from oracle.formats.jsonread import JSONModelError, integer, key, obj
from oracle.games.fourever.dice import Die
from oracle.games.fourever.ruleset import Ruleset
from oracle.engine.sheet import ACTION, Sheet

__all__ = ["MAX_POLISH", "POLISH", "Polish", "PolishTheSilver"]

#: The most a die can be polished either way (1 and 6 are not adjacent: no wrap).
MAX_POLISH = 5
_CHANGES = range(-MAX_POLISH, MAX_POLISH + 1)
_PLATTER = Place.PLATTER


@attrs.frozen
class Polish:
    """Polish the silver on a die move: ``own`` changes the die entered, ``partner`` its partner
    die (blue entries)."""

    own: int
    partner: int = 0

    @property
    def uses(self) -> int:
        """How many polish fields the move spends (one per ±1)."""
        return abs(self.own) + abs(self.partner)

    def __str__(self) -> str:
        if self.partner:
            return f"polish={self.own:+d}/{self.partner:+d}"
        return f"polish={self.own:+d}"


#: Every polish a move can carry, by index (0: none); the order of the move space.
BY_INDEX: tuple[Polish | None, ...] = (None,) + tuple(
    Polish(p, q) for p in _CHANGES for q in _CHANGES if (p, q) != (0, 0)
)
_INDEX: Mapping[Polish, int] = MappingProxyType(
    {p: i for i, p in enumerate(BY_INDEX) if p is not None}
)


@cache
def _choices(
    left: int, any_die: bool, one_die: bool, blue: bool, face: int, partner_face: int,
    own_here: bool, partner_here: bool,
) -> tuple[Choice, ...]:
    """The polishing the player can afford (``left`` fields): on the die (if it may be
    polished: ``any_die`` or ``own_here`` on the platter) and, for a die that may go in blue,
    on its partner; by fields spent, then the die's change, then the partner's."""
    own = _CHANGES if any_die or own_here else (0,)
    theirs = _CHANGES if blue and (any_die or partner_here) else (0,)
    pairs = [
        (p, q) for p in own for q in theirs
        if 0 < abs(p) + abs(q) <= left and 1 <= face + p <= 6
        and (q == 0 or 1 <= partner_face + q <= 6) and not (one_die and p and q)
    ]
    pairs.sort(key=lambda pq: (abs(pq[0]) + abs(pq[1]), pq[0], pq[1]))
    return tuple((_INDEX[Polish(p, q)], face + p, partner_face + q) for p, q in pairs)


class PolishTheSilver:
    """Polish the silver as the engine's :class:`~oracle.engine.action.OwnAction`."""

    token = "polish"
    rule = "POLISH"
    spends_in_order = True
    by_index: tuple[object, ...] = BY_INDEX

    def index(self, action: object) -> int:
        if action is None:
            return 0
        return _INDEX.get(action, -1) if isinstance(action, Polish) else -1

    def key(self, state: EntryState[Ruleset], sheet: Sheet) -> Hashable | None:
        left = sheet.left(ACTION)
        if not left:
            return None
        ruleset = state.ruleset
        return left, ruleset.polish_any_die, ruleset.polish_one_die, ruleset.white_for_blue

    def choices(
        self, key: Any, die: int, face: int, partner_face: int, place: int, partner_place: int
    ) -> tuple[Choice, ...]:
        left, any_die, one_die, white_for_blue = key
        blue = die == Die.BLUE or (die == Die.WHITE and white_for_blue)
        return _choices(left, any_die, one_die, blue, face, partner_face, place == _PLATTER,
                        partner_place == _PLATTER)

    def spend(self, spent: int, index: int) -> int:
        polish = BY_INDEX[index]
        assert polish is not None
        return (1 << (spent.bit_count() + polish.uses)) - 1

    def numbers(self, action: object, face: int, partner_face: int) -> tuple[int, int]:
        if isinstance(action, Polish):
            return face + action.own, partner_face + action.partner
        return face, partner_face

    def problem(
        self, state: EntryState[Ruleset], sheet: Sheet, die: int, partner: int, action: object,
        reads_partner: bool,
    ) -> Problem | None:
        """POLISH-PARTNER, POLISH-ONE-DIE, POLISH, POLISH-PLATTER, POLISH-RANGE (ruling 4E-1)."""
        if not isinstance(action, Polish):
            return None
        ruleset = state.ruleset
        if action.partner and not reads_partner:
            return "POLISH-PARTNER", (
                "polish the silver changes the partner die only for a blue entry (the blue and "
                "the white die together)"
            )
        if action.own and action.partner and ruleset.polish_one_die:
            return "POLISH-ONE-DIE", (
                "under this ruleset one entry polishes one die only (option polish_one_die)"
            )
        left = sheet.left(ACTION)
        if action.uses > left:
            return "POLISH", (
                f"the move polishes {action.uses} times, but only {left} circled polish fields "
                "are unspent"
            )
        for polished, change in ((die, action.own), (partner, action.partner)):
            name = Die(polished).name.lower()
            if change and not ruleset.polish_any_die and state.places[polished] != _PLATTER:
                return "POLISH-PLATTER", (
                    f"only a die taken from the silver platter may be polished; the {name} die "
                    "lies elsewhere"
                )
            face = state.faces[polished]
            if change and not 1 <= face + change <= 6:
                return "POLISH-RANGE", (
                    f"the {name} die shows {face}; polished by {change:+d} it would leave 1 to 6 "
                    "(1 and 6 are not adjacent)"
                )
        return None

    json_key = "polish_the_silver"
    JSON_SCHEMA: dict[str, object] = {
        "description": "Polish the silver on the entry (rule POLISH, ruling 4E-1): how many "
                       "times, and which way (+ up, - down), the die entered and its partner die "
                       "(white for blue, blue for white: blue entries only) are polished; one "
                       "polish field per step, so not both 0.",
        "type": "object", "required": ["die", "partner"], "additionalProperties": False,
        "properties": {
            "die": {"type": "integer", "minimum": -MAX_POLISH, "maximum": MAX_POLISH,
                    "description": f"The change to the die entered, -{MAX_POLISH} to "
                                   f"+{MAX_POLISH}: no wrap, the number stays 1 to 6 (rule "
                                   "POLISH-RANGE, ruling 4E-1)."},
            "partner": {"type": "integer", "minimum": -MAX_POLISH, "maximum": MAX_POLISH,
                        "description": f"The change to the partner die, -{MAX_POLISH} to "
                                       f"+{MAX_POLISH}: the number stays 1 to 6 (rules "
                                       "POLISH-RANGE, POLISH-PARTNER; ruling 4E-1); 0 for "
                                       "none."},
        },
        "not": {"properties": {"die": {"const": 0}, "partner": {"const": 0}}},
    }

    def to_json(self, action: object) -> object:
        """``{"die": 2, "partner": 0}``."""
        assert isinstance(action, Polish)
        return {"die": action.own, "partner": action.partner}

    def from_json(self, data: object, where: str) -> Polish:
        """The polish of :meth:`to_json` data."""
        fields = obj(data, where, ("die", "partner"))
        own, at = key(fields, "die", where)
        partner, partner_at = key(fields, "partner", where)
        polish = Polish(integer(own, at, -MAX_POLISH, MAX_POLISH, "a polish change"),
                        integer(partner, partner_at, -MAX_POLISH, MAX_POLISH,
                                "a polish change"))
        if polish == Polish(0, 0):
            raise JSONModelError(where, "polishes nothing: leave polish_the_silver out")
        return polish

    def parse(self, value: str) -> Polish | None:
        """``+N``, ``-N`` or ``±A/±B`` (0 to 5); ``+0`` polishes nothing (None)."""
        own, sep, other = value.partition("/")
        amounts = [own, other] if sep else [own]
        if any(len(a) != 2 or a[0] not in "+-" or a[1] not in "012345" for a in amounts):
            raise NotationError(f"a polish amount is +N or -N with N from 0 to {MAX_POLISH}")
        p, q = int(own), int(other) if sep else 0
        return Polish(p, q) if (p, q) != (0, 0) else None


POLISH = PolishTheSilver()
