"""Clever 4Ever as the shared engine sees it: the :class:`~oracle.variant.Variant` ``FOUREVER``.

Everything here is what the Clever 4Ever sheet and rules give: the dice (white, yellow, blue,
grey, green, pink; the white die a colour joker, for blue only under ``white_for_blue``, ruling
4E-2), the five areas (:mod:`oracle.fourever.areas`), the bonuses (the black question mark
chooses its area, 4E-11), the three action tracks (re-roll 7 fields with a pink question mark at
its end, extra die 7, polish the silver 9; ruling 4E-4), the round bonuses (4E-3), no
end-of-game extra dice (4E-12), polish the silver (:mod:`oracle.fourever.polish`), the rule
catalogue, the ruleset (a fox scores 0 for a negative lowest area under ``fox_floor_zero``,
4E-10), the solo titles, the drawing and the independent checks.
"""

from __future__ import annotations

from typing import Any

from oracle.area import Problem
from oracle.fourever import invariants, render
from oracle.fourever.areas import Area
from oracle.fourever.dice import Die, Roll
from oracle.fourever.polish import POLISH
from oracle.fourever.rules import RULES
from oracle.fourever.ruleset import DEFAULT_RULESET
from oracle.fourever.sheet import RENAMED, ROUND_BONUS, SOLO_TITLES, TRACKS, Bonus
from oracle.sheet import Sheet
from oracle.variant import Variant

__all__ = ["FOUREVER", "FourEverSheet"]


class FourEverSheet(Sheet):
    """A Clever 4Ever player's sheet: parts yellow, blue, grey, green, pink (see the area
    modules); tracks re-roll, extra die, polish the silver."""

    __slots__ = ()


_NO_WHITE_FOR_BLUE: tuple[Area, Problem] = (Area.BLUE, (
    "WHITE-FOR-BLUE",
    "under this ruleset the white die is no joker for blue (option white_for_blue)",
))


def _white_limit(ruleset: Any) -> tuple[Area, Problem] | None:
    """Blue, unless ``white_for_blue`` (ruling 4E-2)."""
    return None if ruleset.white_for_blue else _NO_WHITE_FOR_BLUE


def _fox_floor(ruleset: Any) -> bool:
    """``fox_floor_zero`` (ruling 4E-10)."""
    return bool(ruleset.fox_floor_zero)


FOUREVER = Variant(
    name="clever-4ever",
    title="Clever 4Ever",
    dice=Die,
    areas=Area,
    bonuses=Bonus,
    renamed=RENAMED,
    tracks=TRACKS,
    round_bonus=ROUND_BONUS,
    end_extra=False,
    action=POLISH,
    roll=Roll,
    sheet=FourEverSheet,
    rules=RULES,
    default_ruleset=DEFAULT_RULESET,
    white_limit=_white_limit,
    fox_floor=_fox_floor,
    solo_titles=SOLO_TITLES,
    draw_text=render.sheet_text,
    draw_svg=render.sheet_svg,
    sheet_problems=invariants.sheet_problems,
    sheet_step_problems=invariants.sheet_step_problems,
)
