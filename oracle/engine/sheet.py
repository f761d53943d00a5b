"""A player's score sheet, as every Clever game has it: five areas, three action tracks, and the
question marks earned and not yet resolved.

A :class:`Sheet` is an immutable value.  ``parts`` holds each area's own value in sheet order
(the area modules know what is in it); ``circled`` and ``spent`` the action tracks in the
engine's order (:data:`REROLL`, :data:`EXTRA_DIE`, :data:`ACTION`: the game's own action, the
number joker or polish the silver), ``spent`` as masks of the spent fields (fields are spent left
to right, except where a game's own action spends a chosen field, ruling 20); ``pending`` the
pending question marks, sorted.  Foxes are not stored: they are read off the sheet, so they can
never disagree with it.

A game gives its sheets their own class (a subclass, so a sheet of one game is never taken for
another's); the engine makes new sheets of the same class with :meth:`Sheet.make`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

import attrs

from oracle.engine.kinds import AreaKind, Coded
from oracle.engine.tracks import Track

__all__ = ["ACTION", "EXTRA_DIE", "REROLL", "Sheet", "TRACK_COUNT", "count_foxes"]

#: The action tracks in the engine's order (a game prints them in its own order).
REROLL, EXTRA_DIE, ACTION = 0, 1, 2
TRACK_COUNT = 3


@attrs.frozen(cache_hash=True)
class Sheet:
    """A player's sheet (see the module docstring)."""

    parts: tuple[Any, ...]
    circled: tuple[int, ...] = (0, 0, 0)
    spent: tuple[int, ...] = (0, 0, 0)
    pending: tuple[Coded, ...] = ()

    @classmethod
    def make(
        cls,
        parts: tuple[Any, ...],
        circled: tuple[int, ...],
        spent: tuple[int, ...],
        pending: tuple[Coded, ...],
    ) -> Self:
        """A sheet of this class from its fields (a game's class may take other arguments)."""
        sheet = object.__new__(cls)
        _INIT(sheet, parts, circled, spent, pending)
        return sheet

    def changed(
        self,
        *,
        parts: tuple[Any, ...] | None = None,
        circled: tuple[int, ...] | None = None,
        spent: tuple[int, ...] | None = None,
        pending: tuple[Coded, ...] | None = None,
    ) -> Self:
        """A copy with the given fields changed."""
        return self.make(
            self.parts if parts is None else parts,
            self.circled if circled is None else circled,
            self.spent if spent is None else spent,
            self.pending if pending is None else pending,
        )

    def with_part(self, index: int, part: Any) -> Self:
        """A copy with area ``index``'s part (0-based, in sheet order) replaced."""
        parts = self.parts
        return self.make(parts[:index] + (part,) + parts[index + 1:], self.circled, self.spent,
                         self.pending)

    def left(self, track: int) -> int:
        """Circled fields of ``track`` not yet spent."""
        return self.circled[track] - self.spent[track].bit_count()


_INIT = Sheet.__init__


def count_foxes(
    sheet: Sheet, areas: Sequence[AreaKind], tracks: Sequence[Track[Any]], fox: Coded
) -> int:
    """The foxes ``sheet`` shows: each area's (``areas`` in sheet order), and the end fox of each
    full track (``tracks`` in the engine's order) whose end bonus is ``fox``."""
    parts = sheet.parts
    count = sum(area.rules.foxes(parts[i]) for i, area in enumerate(areas))
    circled = sheet.circled
    return count + sum(
        1 for i, track in enumerate(tracks) if track.end is fox and circled[i] == track.length
    )
