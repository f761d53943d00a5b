"""The named integers a Clever game lists as data: its dice, its bonuses and its areas.

A game writes each as a table (``WHITE = 0, "W"``; ``YELLOW = 1, yellow``), and the shared engine
reads the rest from the members: a die's or a bonus's ``code`` in notation, an area's ``label``
and the area module (``rules``) that knows the area's targets, entries, score and notation.
Members are plain integers too (``IntEnum``), so the engine indexes its tables with them.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Self, TypeAlias

import attrs

from oracle.engine.dice import Place

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from oracle.engine.area import AreaRules

__all__ = ["AreaKind", "Coded", "DieAt", "SomeArea"]


class Coded(IntEnum):
    """A die or a bonus: members are written ``NAME = value, "code"`` (the code used in move,
    sheet and position notation, e.g. ``W``, ``Br``, ``?Y``)."""

    code: str

    def __new__(cls, value: int, code: str = "") -> Self:
        member = int.__new__(cls, value)
        member._value_ = value
        member.code = code
        return member


#: An area of some game as the shared engine holds it (:attr:`AreaKind.rules`,
#: :attr:`oracle.engine.variant.Variant.rules_of`): an :class:`oracle.engine.area.AreaRules` for *some* part
#: type and ruleset class (an existential), both erased to ``object``, earning bonuses of its
#: game (a :class:`Coded` enum).  The engine hands an area only parts it made (the sheet's part
#: at the area's own index, which the area's ``EMPTY``, ``enter``, ``read`` or ``from_json``
#: gave) and only its own game's ruleset (``CleverGame`` checks a ruleset's class where it
#: enters), so no call through this view gives an area a value its own signature refuses.  A
#: game's ``Area`` enum is where a module becomes a ``SomeArea``: mypy reads no enum member's
#: value, so no cast is written and nothing wraps the module (the hot paths call it directly);
#: each game's ``areas`` package checks its modules against the seam (``AREA_MODULES``).
SomeArea: TypeAlias = "AreaRules[object, object, Coded]"


class AreaKind(IntEnum):
    """A colour area: members are written ``NAME = value, module`` where the value equals the
    matching die's and the module is the area's rules (:class:`oracle.engine.area.AreaRules`, held as
    :data:`SomeArea`)."""

    rules: SomeArea

    def __new__(cls, value: int, *rules: SomeArea) -> Self:
        member = int.__new__(cls, value)
        member._value_ = value
        if rules:
            member.rules = rules[0]
        return member

    @property
    def label(self) -> str:
        """The area's name in notation: its name in lower case (``yellow``)."""
        return self.name.lower()


@attrs.frozen
class DieAt:
    """One die as a program driving a game sees it: its ``die`` (the game's member, with its
    ``code``), its ``face`` (None before it was first rolled) and the ``place`` where it lies."""

    die: Coded
    face: int | None
    place: Place
