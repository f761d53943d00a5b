"""Final scoring in every Clever game: each area, the foxes, the total, the winners, the solo
rating.

Clever Cubed rulebook, "Game End": "For each player they multiply the number of that player's
foxes by the points of that player's color area with the lowest score ... Whoever has the most
points in total wins.  In case of a tie, the winner among those players is the one with the
highest point value in a single area.  If there is still no clear winner, there are several
winners." (rulings 21, 22; Clever 4Ever: ruling 4E-10, a negative lowest area counts, unless
the game's option says otherwise.)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import attrs

from oracle.engine.game import Score
from oracle.engine.rulesets import RulesetBase
from oracle.engine.sheet import Sheet
from oracle.engine.state import GameState
from oracle.engine.variant import Variant

__all__ = [
    "ScoreBreakdown", "score", "scores", "solo_rating", "winner_seats", "winners", "winners_of",
]


@attrs.frozen
class ScoreBreakdown:
    """A sheet's points by area (``areas``, in sheet order, named by ``labels``), its foxes,
    what each fox is worth (``fox_value``: the lowest area, ruling 21) and all of them score
    (``fox_points``), and the total."""

    labels: tuple[str, ...]
    areas: tuple[int, ...]
    foxes: int
    fox_value: int
    fox_points: int
    total: int

    def area(self, label: str) -> int:
        """The points of the area called ``label`` (``yellow`` ...)."""
        return self.areas[self.labels.index(label)]

    def __getattr__(self, name: str) -> int:
        """An area's points by its name as an attribute: ``.yellow``, ``.blue`` ... (each
        game's own areas: ``.turquoise`` and ``.brown`` in Clever Cubed, ``.grey`` and
        ``.green`` in Clever 4Ever); AttributeError for a name the game's sheet does not
        print."""
        if name.startswith("_") or name == "labels":  # not an area (copying, pickling ...)
            raise AttributeError(name)
        if name in self.labels:
            return self.areas[self.labels.index(name)]
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r} (the areas are "
                             f"{', '.join(self.labels)})")

    def to_json(self) -> dict[str, int]:
        """The breakdown as a JSON-ready mapping: each area by name, ``foxes``, ``fox_points``,
        ``total``."""
        out = dict(zip(self.labels, self.areas))
        out.update(foxes=self.foxes, fox_points=self.fox_points, total=self.total)
        return out

    def __str__(self) -> str:
        areas = ", ".join(f"{label} {points}" for label, points in zip(self.labels, self.areas))
        return (f"{areas}, foxes {self.foxes} x {self.fox_value} = {self.fox_points}, total "
                f"{self.total}")


def score(variant: Variant, sheet: Sheet, ruleset: RulesetBase | None = None) -> ScoreBreakdown:
    """Score one sheet of ``variant``: each area by its rules, each fox worth the lowest area
    (``variant.fox_value`` applies the game's option on a negative lowest area)."""
    parts = sheet.parts
    areas = tuple(area.rules.score(parts[i]) for i, area in enumerate(variant.areas))
    foxes = variant.foxes(sheet)
    value = variant.fox_value(min(areas), variant.default_ruleset if ruleset is None else ruleset)
    return ScoreBreakdown(_labels(variant), areas, foxes, value, foxes * value,
                          sum(areas) + foxes * value)


@cache
def _labels(variant: Variant) -> tuple[str, ...]:
    """The area names in sheet order (asked for every score)."""
    return tuple(a.label for a in variant.areas)


def scores(state: GameState[Any, Any]) -> tuple[ScoreBreakdown, ...]:
    """Every player's score breakdown, in seat order."""
    return tuple(score(state.variant, s, state.ruleset) for s in state.sheets)


def winners_of(table: Sequence[Score]) -> tuple[int, ...]:
    """The winners (0-based seats) among final scores in seat order: the highest total; among a
    tie, the highest single area; if still tied, all of them (ruling 22)."""
    best = max(s.total for s in table)
    tied = [i for i, s in enumerate(table) if s.total == best]
    top_area = max(max(table[i].areas) for i in tied)
    return tuple(i for i in tied if max(table[i].areas) == top_area)


def winners(state: GameState[Any, Any]) -> tuple[str, ...]:
    """The winning players of a finished game, by their ids (``("p1",)``; ruling 22)."""
    return tuple(f"p{seat + 1}" for seat in winners_of(scores(state)))


def winner_seats(state: GameState[Any, Any]) -> tuple[int, ...]:
    """:func:`winners` as 0-based seats (what ``winners`` answered before players were named by
    their ids; for old code)."""
    return winners_of(scores(state))


def solo_rating(variant: Variant, total: int) -> str:
    """The game's solo level for a total (its rating table, highest first)."""
    for lowest, level in variant.solo_ratings:
        if total >= lowest:
            return level
    return variant.solo_ratings[-1][1]
