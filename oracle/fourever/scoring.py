"""Final scoring (rules "Point score", "Fin de la partie"): every area, foxes, the total, the
winners, the solo rating.

"The scored points of all color ranges are added together with the points for the foxes."  Each
fox scores the player's lowest area, even a negative one (docs/rulings.md, ruling 4E-10; option
``fox_floor_zero`` counts a negative lowest area as 0).  Winner: ruling 22.
"""

from __future__ import annotations

import attrs

from oracle.fourever.areas import blue, green, grey, pink, yellow
from oracle.fourever.playersheet import PlayerSheet
from oracle.fourever.ruleset import DEFAULT_RULESET, Ruleset
from oracle.fourever.sheet import SOLO_RATINGS
from oracle.fourever.state import GameState


@attrs.frozen
class ScoreBreakdown:
    """A sheet's points by area, its foxes and what they score, and the total."""

    yellow: int
    blue: int
    grey: int
    green: int
    pink: int
    foxes: int
    fox_points: int
    total: int

    @property
    def areas(self) -> tuple[int, ...]:
        """The five area scores in sheet order (yellow, blue, grey, green, pink)."""
        return (self.yellow, self.blue, self.grey, self.green, self.pink)

    def to_json(self) -> dict[str, int]:
        """The breakdown as a JSON-ready mapping."""
        return {
            "yellow": self.yellow, "blue": self.blue, "grey": self.grey, "green": self.green,
            "pink": self.pink, "foxes": self.foxes, "fox_points": self.fox_points,
            "total": self.total,
        }

    def __str__(self) -> str:
        return (
            f"yellow {self.yellow}, blue {self.blue}, grey {self.grey}, green {self.green}, "
            f"pink {self.pink}, foxes {self.foxes} = {self.fox_points}, total {self.total}"
        )


def score(sheet: PlayerSheet, ruleset: Ruleset = DEFAULT_RULESET) -> ScoreBreakdown:
    """Score one sheet: each area by its rules, each fox worth the lowest area."""
    areas = (
        yellow.score(sheet.yellow),
        blue.score(sheet.blue),
        grey.score(sheet.grey),
        green.score(sheet.green),
        pink.score(sheet.pink),
    )
    lowest = min(areas)
    if ruleset.fox_floor_zero:
        lowest = max(0, lowest)
    foxes = sheet.foxes
    return ScoreBreakdown(*areas, foxes, foxes * lowest, sum(areas) + foxes * lowest)


def scores(state: GameState) -> tuple[ScoreBreakdown, ...]:
    """Every player's score breakdown, in seat order."""
    return tuple(score(s, state.ruleset) for s in state.sheets)


def winners_of(table: tuple[ScoreBreakdown, ...]) -> tuple[int, ...]:
    """The winners: highest total; among a tie, the highest single area; if still tied, all of
    them (docs/rulings.md, ruling 22)."""
    best = max(s.total for s in table)
    tied = [i for i, s in enumerate(table) if s.total == best]
    top_area = max(max(table[i].areas) for i in tied)
    return tuple(i for i in tied if max(table[i].areas) == top_area)


def winners(state: GameState) -> tuple[int, ...]:
    """The winning players (0-based) of a state's scores."""
    return winners_of(scores(state))


def solo_rating(total: int) -> str:
    """The solo title for a total, from the sheet's rating table."""
    for lowest, level in SOLO_RATINGS:
        if total >= lowest:
            return level
    return SOLO_RATINGS[-1][1]
