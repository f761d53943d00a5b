"""Clever 4Ever as the shared engine sees it: the :class:`~oracle.engine.variant.Variant` ``FOUREVER``.

Everything is what the Clever 4Ever sheet and rules give, read from this package's modules: the
printed sheet (:mod:`oracle.games.fourever.sheet`: the action tracks, re-roll 7 fields with a pink
question mark at its end, extra die 7, polish the silver 9, ruling 4E-4; the round bonuses,
4E-3), the dice, the five areas (:mod:`oracle.games.fourever.areas`), polish the silver
(:mod:`oracle.games.fourever.polish`), the rule catalogue, the ruleset, the drawing and the
independent checks.  Beyond its sheet the game says: the white die is a colour joker, for blue
only under ``white_for_blue`` (4E-2); a fox scores 0 for a negative lowest area under
``fox_floor_zero`` (4E-10); there are no end-of-game extra dice (4E-12).
"""

from __future__ import annotations

from oracle.engine.area import Problem
from oracle.games.fourever import dice, invariants, render, rules, ruleset, sheet
from oracle.games.fourever.areas import Area, SheetAreas
from oracle.games.fourever.ruleset import Ruleset
from oracle.games.fourever.polish import POLISH
from oracle.engine.sheet import Sheet
from oracle.formats.model.state import state_to_json
from oracle.engine.variant import Variant

__all__ = ["FOUREVER", "FourEverSheet"]


class FourEverSheet(Sheet):
    """A Clever 4Ever player's sheet: parts yellow, blue, grey, green, pink (see the area
    modules); tracks re-roll, extra die, polish the silver."""

    __slots__ = ()


_NO_WHITE_FOR_BLUE: tuple[Area, Problem] = (Area.BLUE, (
    "WHITE-FOR-BLUE",
    "under this ruleset the white die is no joker for blue (option white_for_blue)",
))


def _white_limit(ruleset: Ruleset) -> tuple[Area, Problem] | None:
    """Blue, unless ``white_for_blue`` (ruling 4E-2)."""
    return None if ruleset.white_for_blue else _NO_WHITE_FOR_BLUE


def _fox_floor(ruleset: Ruleset) -> bool:
    """``fox_floor_zero`` (ruling 4E-10)."""
    return bool(ruleset.fox_floor_zero)


FOUREVER = Variant.of("clever-4ever", "Clever 4Ever", sheet=sheet, dice=dice, areas=Area,
                      action=POLISH, rules=rules, ruleset=ruleset, drawing=render,
                      checks=invariants, sheet_class=FourEverSheet, end_extra=False,
                      white_limit=_white_limit, fox_floor=_fox_floor, readings=SheetAreas,
                      state_json=state_to_json)
