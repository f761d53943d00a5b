"""Clever Cubed as the shared engine sees it: the :class:`~oracle.engine.variant.Variant` ``CUBED``.

Everything is what the Clever Cubed sheet and rulebook give, read from this package's modules:
the printed sheet (:mod:`oracle.games.cubed.sheet`), the dice (the white die a colour joker in every
area, "The White Die"), the five areas (:mod:`oracle.games.cubed.areas`), the number joker
(:mod:`oracle.games.cubed.joker`), the rule catalogue, the ruleset, the drawing and the independent
sheet checks.  The game ends with the end-of-game extra dice (ruling 7).  A blue question mark
of move notation 1 under ``blue_question=number_plus_white`` named the number added to the white
die (:func:`old_meaning`).
"""

from __future__ import annotations

import attrs

from oracle.engine.area import EntryState
from oracle.formats.model.state import state_to_json
from oracle.engine.variant import Variant
from oracle.games.cubed import dice, invariants, render, rules, ruleset, sheet
from oracle.games.cubed.areas import Area, SheetAreas
from oracle.games.cubed.joker import JOKER
from oracle.games.cubed.ruleset import Ruleset
from oracle.games.cubed.playersheet import PlayerSheet
from oracle.engine.moves import Move, QuestionMark

__all__ = ["CUBED", "old_meaning"]

_NUMBERS = range(1, 7)


def old_meaning(move: Move, rules: Ruleset, state: EntryState[Ruleset] | None) -> Move | None:
    """The move a text of move notation 1 meant (:func:`oracle.formats.notation.read_move`): under
    ``blue_question=number_plus_white`` a blue question mark named a number 1..6 and wrote it
    plus the white die (ruling 13); notation 2 names the total written, so the number becomes
    the number plus the white die's face in ``state`` (None without a state).  A number that
    was never legal there (not 1..6) becomes no number, which is still refused (QUESTION-USE).
    Every other move means what it did."""
    if not (isinstance(move, QuestionMark) and move.area is Area.BLUE
            and rules.blue_question is ruleset.BlueQuestion.NUMBER_PLUS_WHITE):
        return move
    if state is None:
        return None
    if move.number not in _NUMBERS:
        return attrs.evolve(move, number=0)
    return attrs.evolve(move, number=move.number + state.faces[dice.Die.WHITE])


CUBED = Variant.of("clever-cubed", "Clever Cubed", sheet=sheet, dice=dice, areas=Area,
                   action=JOKER, rules=rules, ruleset=ruleset, drawing=render, checks=invariants,
                   sheet_class=PlayerSheet, readings=SheetAreas,
                   state_json=state_to_json, old_meaning=old_meaning)
