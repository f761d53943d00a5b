"""Final scoring (rulebook "Game End"): every area, foxes, the total, the winners, solo rating.

"For each player they multiply the number of that player's foxes by the points of that player's
color area with the lowest score ... Whoever has the most points in total wins.  In case of a
tie, the winner among those players is the one with the highest point value in a single area.
If there is still no clear winner, there are several winners."
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from oracle.game import Score

from oracle.cubed.areas import AREA_MODULES
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.sheet import SOLO_RATINGS
from oracle.cubed.state import GameState


@attrs.frozen
class ScoreBreakdown:
    """A sheet's points by area, its foxes and what they score, and the total."""

    yellow: int
    turquoise: int
    blue: int
    brown: int
    pink: int
    foxes: int
    fox_points: int
    total: int

    def to_json(self) -> dict[str, int]:
        """The breakdown as a JSON-ready mapping."""
        return attrs.asdict(self)

    @property
    def areas(self) -> tuple[int, ...]:
        """The five area scores in sheet order."""
        return (self.yellow, self.turquoise, self.blue, self.brown, self.pink)

    def __str__(self) -> str:
        return (
            f"yellow {self.yellow}, turquoise {self.turquoise}, blue {self.blue}, brown "
            f"{self.brown}, pink {self.pink}, foxes {self.foxes} x {min(self.areas)} = "
            f"{self.fox_points}, total {self.total}"
        )


def score(sheet: PlayerSheet) -> ScoreBreakdown:
    """Score one sheet: each area by its table, each fox worth the lowest area (ruling 21)."""
    yellow, turquoise, blue, brown, pink = (area.score(sheet) for area in AREA_MODULES)
    areas = (yellow, turquoise, blue, brown, pink)
    foxes = sheet.foxes
    fox_points = foxes * min(areas)
    return ScoreBreakdown(
        yellow, turquoise, blue, brown, pink, foxes, fox_points, sum(areas) + fox_points
    )


def scores(state: GameState) -> tuple[ScoreBreakdown, ...]:
    """Every player's score breakdown, in seat order."""
    return tuple(score(s) for s in state.sheets)


def winners(state: GameState) -> tuple[int, ...]:
    """The winning players (0-based): highest total; among a tie, the highest single area; if
    still tied, all of them (ruling 22)."""
    return winners_of(scores(state))


def winners_of(table: Sequence[Score]) -> tuple[int, ...]:
    """The winners among score breakdowns in seat order (ruling 22)."""
    best = max(s.total for s in table)
    tied = [i for i, s in enumerate(table) if s.total == best]
    top_area = max(max(table[i].areas) for i in tied)
    return tuple(i for i in tied if max(table[i].areas) == top_area)


def solo_rating(total: int) -> str:
    """The rulebook's solo level for a total ("How 'Clever' Did You Play?")."""
    for lowest, level in SOLO_RATINGS:
        if total >= lowest:
            return level
    return SOLO_RATINGS[-1][1]
