"""The named integers a Clever game lists as data: its dice, its bonuses and its areas.

A game writes each as a table (``WHITE = 0, "W"``; ``YELLOW = 1, yellow``), and the shared engine
reads the rest from the members: a die's or a bonus's ``code`` in notation, an area's ``label``
and the area module (``rules``) that knows the area's targets, entries, score and notation.
Members are plain integers too (``IntEnum``), so the engine indexes its tables with them.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Self

import attrs

from oracle.dice import Place

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from oracle.area import SomeArea

__all__ = ["AreaKind", "Coded", "DieAt"]


class Coded(IntEnum):
    """A die or a bonus: members are written ``NAME = value, "code"`` (the code used in move,
    sheet and position notation, e.g. ``W``, ``Br``, ``?Y``)."""

    code: str

    def __new__(cls, value: int, code: str = "") -> Self:
        member = int.__new__(cls, value)
        member._value_ = value
        member.code = code
        return member


class AreaKind(IntEnum):
    """A colour area: members are written ``NAME = value, module`` where the value equals the
    matching die's and the module is the area's rules (:class:`oracle.area.AreaRules`, held as
    :data:`oracle.area.SomeArea`: mypy reads no member's value, so each game checks its modules
    against the seam in its ``areas`` package's ``AREA_MODULES``)."""

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
