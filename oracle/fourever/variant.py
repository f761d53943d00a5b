"""Clever 4Ever as the shared engine sees it: the :class:`~oracle.variant.Variant` ``FOUREVER``.

Everything here is what the Clever 4Ever sheet and rules give: the dice (white, yellow, blue,
grey, green, pink; the white die a colour joker, for blue only under ``white_for_blue``, ruling
4E-2), the five areas (:mod:`oracle.fourever.areas`), the bonuses and their question marks (the
black one chooses its area, 4E-11), the three action tracks (re-roll 7 fields with a pink
question mark at its end, extra die 7, polish the silver 9; ruling 4E-4), the round bonuses
(4E-3), no end-of-game extra dice (4E-12), polish the silver (:mod:`oracle.fourever.polish`),
the rule catalogue, the ruleset, the solo rating table, the drawing and the independent checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from oracle.area import Problem
from oracle.sheet import Sheet
from oracle.variant import Variant
from oracle.fourever import invariants, render
from oracle.fourever.areas import QUESTION_AREA, Area
from oracle.fourever.dice import PARTNER, Die, Roll
from oracle.fourever.polish import POLISH
from oracle.fourever.rules import RULES
from oracle.fourever.ruleset import DEFAULT_RULESET, OPTIONS, Ruleset, make_ruleset
from oracle.fourever.sheet import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    RENAMED,
    ROUND_BONUS,
    ROUNDS_BY_PLAYERS,
    SOLO_RATINGS,
    TRACKS,
    Bonus,
)

__all__ = ["FOUREVER", "FourEverSheet"]


class FourEverSheet(Sheet):
    """A Clever 4Ever player's sheet: parts yellow, blue, grey, green, pink (see the area
    modules); tracks re-roll, extra die, polish the silver."""

    __slots__ = ()


_ALL: tuple[Area, ...] = tuple(Area)
_NO_BLUE: tuple[Area, ...] = tuple(a for a in Area if a is not Area.BLUE)
#: The areas each die may be entered in, without and with the white die for blue.
_AREAS_FOR: Mapping[bool, tuple[tuple[Area, ...], ...]] = MappingProxyType({
    white_for_blue: ((_ALL if white_for_blue else _NO_BLUE),) + tuple((a,) for a in Area)
    for white_for_blue in (False, True)
})
_QUESTION_AREAS: Mapping[Bonus, tuple[Area, ...]] = MappingProxyType({
    b: ((QUESTION_AREA[b],) if b in QUESTION_AREA else _ALL)
    for b in Bonus if b.is_question
})


def _areas_for(ruleset: Any) -> tuple[tuple[Area, ...], ...]:
    return _AREAS_FOR[ruleset.white_for_blue]


def _colour_problem(die: int, area: Area, ruleset: Any) -> Problem | None:
    """WHITE-FOR-BLUE (option ``white_for_blue``), WHITE-JOKER."""
    if die == Die.WHITE:
        if area is Area.BLUE and not ruleset.white_for_blue:
            return "WHITE-FOR-BLUE", (
                "under this ruleset the white die is no joker for blue (option white_for_blue)"
            )
        return None
    if die == area:
        return None
    name = Die(die).name.lower()
    return "WHITE-JOKER", (
        f"the {name} die goes in the {name} area; only the white die is a colour joker"
    )


def _fox_value(lowest: int, ruleset: Any) -> int:
    """Each fox scores the lowest area, even a negative one (ruling 4E-10; option
    ``fox_floor_zero``: 0 at the least)."""
    return max(0, lowest) if ruleset.fox_floor_zero else lowest


FOUREVER = Variant(
    name="clever-4ever",
    title="Clever 4Ever",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rounds_by_players=ROUNDS_BY_PLAYERS,
    dice=Die,
    partner=PARTNER,
    areas=_ALL,
    areas_for=_areas_for,
    colour_problem=_colour_problem,
    bonuses=Bonus,
    question_areas=_QUESTION_AREAS,
    fox=Bonus.FOX,
    renamed=RENAMED,
    tracks=TRACKS,
    track_order=(0, 1, 2),
    round_bonus=ROUND_BONUS,
    end_extra=False,
    action=POLISH,
    roll=Roll,
    sheet=FourEverSheet,
    rules=RULES,
    ruleset_options=OPTIONS,
    default_ruleset=DEFAULT_RULESET,
    make_ruleset=lambda options, base: make_ruleset(options, base or DEFAULT_RULESET),
    ruleset_type=Ruleset,
    fox_value=_fox_value,
    solo_ratings=SOLO_RATINGS,
    draw_text=render.sheet_text,
    draw_svg=render.sheet_svg,
    sheet_problems=invariants.sheet_problems,
    sheet_step_problems=invariants.sheet_step_problems,
)
