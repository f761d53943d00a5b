"""Clever Cubed as the shared engine sees it: the :class:`~oracle.variant.Variant` ``CUBED``.

Everything is what the Clever Cubed sheet and rulebook give, read from this package's modules:
the printed sheet (:mod:`oracle.cubed.sheet`), the dice (the white die a colour joker in every
area, "The White Die"), the five areas (:mod:`oracle.cubed.areas`), the number joker
(:mod:`oracle.cubed.joker`), the rule catalogue, the ruleset, the drawing and the independent
sheet checks.  The game ends with the end-of-game extra dice (ruling 7).
"""

from __future__ import annotations

from oracle.model.state import state_to_json
from oracle.variant import Variant
from oracle.cubed import dice, invariants, render, rules, ruleset, sheet
from oracle.cubed.areas import Area, SheetAreas
from oracle.cubed.joker import JOKER
from oracle.cubed.playersheet import PlayerSheet

__all__ = ["CUBED"]

CUBED = Variant.of("clever-cubed", "Clever Cubed", sheet=sheet, dice=dice, areas=Area,
                   action=JOKER, rules=rules, ruleset=ruleset, drawing=render, checks=invariants,
                   sheet_class=PlayerSheet, readings=SheetAreas,
                   state_json=state_to_json)
