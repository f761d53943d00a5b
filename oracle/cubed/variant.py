"""Clever Cubed as the shared engine sees it: the :class:`~oracle.variant.Variant` ``CUBED``.

Everything here is what the Clever Cubed sheet and rulebook give: the dice (white, yellow,
turquoise, blue, brown, pink; the white die a colour joker in every area, "The White Die"), the
five areas (:mod:`oracle.cubed.areas`), the bonuses, the three action tracks (re-roll and number
joker with a fox and a pink question mark at their ends, the extra die with a brown one), the
round bonuses (ruling 8), the end-of-game extra dice (ruling 7), the number joker
(:mod:`oracle.cubed.joker`), the rule catalogue, the ruleset, the solo titles, the drawing and
the independent sheet checks.
"""

from __future__ import annotations

from oracle.cubed import invariants, render
from oracle.cubed.areas import Area
from oracle.cubed.dice import Die, Roll
from oracle.cubed.joker import JOKER
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.rules import RULES
from oracle.cubed.ruleset import DEFAULT_RULESET
from oracle.cubed.sheet import ENGINE_TRACKS, ROUND_BONUS, SOLO_TITLES, TRACKS, Bonus
from oracle.variant import Variant

__all__ = ["CUBED"]

CUBED = Variant(
    name="clever-cubed",
    title="Clever Cubed",
    dice=Die,
    areas=Area,
    bonuses=Bonus,
    tracks=ENGINE_TRACKS,
    track_order=tuple(ENGINE_TRACKS.index(t) for t in TRACKS),
    round_bonus=ROUND_BONUS,
    end_extra=True,
    action=JOKER,
    roll=Roll,
    sheet=PlayerSheet,
    rules=RULES,
    default_ruleset=DEFAULT_RULESET,
    solo_titles=SOLO_TITLES,
    draw_text=render.sheet_text,
    draw_svg=render.sheet_svg,
    sheet_problems=invariants.sheet_problems,
    sheet_step_problems=invariants.step_problems,
)
