"""Action tracks: a value for each printed track, common to every Clever game.

Every Clever sheet prints its action tracks (re-roll, extra die, and the game's third action)
as a row of fields circled left to right; a track's last circle may bring an end bonus, and a
full track gains nothing more (Clever Cubed rulebook "Actions"; docs/rulings.md, ruling 20).  A
:class:`Track` says how long a track is and what its end brings, so tracks of 7, 7 and 9 fields
(Clever 4Ever) fit as well as three of 7 (Clever Cubed).
"""

from __future__ import annotations

from typing import Generic, TypeVar

import attrs

B = TypeVar("B", covariant=True)


@attrs.frozen
class Track(Generic[B]):
    """One printed action track: the ``action`` its circles give (a game's bonus value), its
    ``length`` in fields, the ``end`` bonus received with the last circle (or None), its
    ``code`` in sheet notation and its ``label`` as printed."""

    action: B
    length: int
    end: B | None
    code: str
    label: str

    def circle(self, circled: int, times: int = 1) -> tuple[int, tuple[B, ...]]:
        """Circle ``times`` more fields after ``circled``: the new count and the end bonus if
        the last field was circled now (a full track gains nothing more)."""
        after = min(self.length, circled + times)
        earned = (self.end,) if self.end is not None and circled < self.length == after else ()
        return after, earned
