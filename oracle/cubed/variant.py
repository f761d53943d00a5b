"""Clever Cubed as the shared engine sees it: the :class:`~oracle.variant.Variant` ``CUBED``.

Everything here is what the Clever Cubed sheet and rulebook give: the dice (white, yellow,
turquoise, blue, brown, pink; the white die a colour joker in every area, "The White Die"), the
five areas (:mod:`oracle.cubed.areas`), the bonuses and their question marks (the black one in
any area), the three action tracks (re-roll and number joker with a fox and a pink question mark
at their ends, the extra die with a brown one), the round bonuses (ruling 8), the end-of-game
extra dice (ruling 7), the number joker (:mod:`oracle.cubed.joker`), the rule catalogue, the
ruleset, the solo rating table, the drawing and the independent sheet checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from oracle.area import Problem
from oracle.variant import Variant
from oracle.cubed import invariants, render
from oracle.cubed.areas import QUESTION_AREA, Area
from oracle.cubed.dice import PARTNER, Die, Roll
from oracle.cubed.joker import JOKER
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.rules import RULES
from oracle.cubed.ruleset import DEFAULT_RULESET, OPTIONS, Ruleset, make_ruleset
from oracle.cubed.sheet import (
    ENGINE_TRACKS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUND_BONUS,
    ROUNDS_BY_PLAYERS,
    SOLO_RATINGS,
    TRACKS,
    Bonus,
)

__all__ = ["CUBED"]

_ALL: tuple[Area, ...] = tuple(Area)
#: The areas each die may be entered in: its own colour; the white die any (colour joker).
_AREAS_FOR: tuple[tuple[Area, ...], ...] = (_ALL,) + tuple((a,) for a in Area)
_QUESTION_AREAS: Mapping[Bonus, tuple[Area, ...]] = MappingProxyType({
    b: ((QUESTION_AREA[b],) if b in QUESTION_AREA else _ALL)
    for b in Bonus if b.is_question
})


def _areas_for(ruleset: Any) -> tuple[tuple[Area, ...], ...]:
    return _AREAS_FOR


def _colour_problem(die: int, area: Area, ruleset: Any) -> Problem | None:
    """WHITE-JOKER: a coloured die goes in its own area; the white die in any."""
    if die == Die.WHITE or die == area:
        return None
    name = Die(die).name.lower()
    return "WHITE-JOKER", (
        f"the {name} die goes in the {name} area; only the white die is a colour joker"
    )


def _fox_value(lowest: int, ruleset: Any) -> int:
    """Each fox scores the lowest area (ruling 21)."""
    return lowest


CUBED = Variant(
    name="clever-cubed",
    title="Clever Cubed",
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
    renamed=MappingProxyType({}),
    tracks=ENGINE_TRACKS,
    track_order=tuple(ENGINE_TRACKS.index(t) for t in TRACKS),
    round_bonus=ROUND_BONUS,
    end_extra=True,
    action=JOKER,
    roll=Roll,
    sheet=PlayerSheet,
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
    sheet_step_problems=invariants.step_problems,
)
