"""Which rule a difference between another app's state and ours points at, for the
certification report (any Clever game).

When an app's sheet, dice or score differ from ours after a step both accepted, the rule involved
is read off what differs and the step that made it differ: the area the move entered (the area's
``ENTRY_RULE``), another part of the sheet (that area's bonuses, ``BONUS-<AREA>``), the game's
own action (its ``rule``), the dice after an active pick (the silver-platter rules), the score's
fox count (``FOX``), and so on.
"""

from __future__ import annotations

from typing import Any

from oracle.moves import DieMove, ExtraDie, QuestionMark, ReRoll, Roll, SoloRoll, Take
from oracle.phase import Phase
from oracle.sheet import ACTION, EXTRA_DIE
from oracle.state import GameState
from oracle.variant import Variant

__all__ = ["dice_rule", "score_rule", "sheet_rule"]


def _fields(sheet: str) -> dict[str, str]:
    return dict(token.partition("=")[::2] for token in sheet.split(" "))


def sheet_rule(variant: Variant, before: GameState[Any, Any], move: object, ours: str,
               theirs: str) -> str:
    """The rule behind a sheet that differs (ours vs theirs, sheet notation) after ``move``."""
    a, b = _fields(ours), _fields(theirs)
    differ = {k for k in a.keys() | b.keys() if a.get(k) != b.get(k)} - {"fox"}
    tracks = {t.code for t in variant.tracks}
    if isinstance(move, ExtraDie) and variant.tracks[EXTRA_DIE].code in differ:
        return "EXTRA-DIE"
    if (isinstance(move, DieMove) and move.action is not None
            and variant.tracks[ACTION].code in differ):
        return variant.action.rule
    if isinstance(move, ReRoll):
        return "REROLL"
    if isinstance(move, (DieMove, QuestionMark)):
        if move.area.rules.KEY in differ:
            return move.area.rules.ENTRY_RULE
        return f"BONUS-{move.area.label.upper()}"
    if isinstance(move, (Roll, SoloRoll)):
        return "ROUND-BONUS"
    return "ACTION-TRACK" if differ <= tracks else "QUESTION-USE"


def dice_rule(before: GameState[Any, Any], move: object) -> str:
    """The rule behind dice that lie differently after ``move``."""
    if isinstance(move, Take) and before.phase is Phase.CHOOSE:
        return "PLATTER-AFTER-THIRD" if before.rolls >= 2 else "PLATTER-LOWER"
    if isinstance(move, SoloRoll):
        return "SOLO-ROLL"
    if isinstance(move, Roll):
        return "ROLL-DICE"
    return "TURN-ORDER"


def score_rule(variant: Variant, key: str) -> str:
    """The rule behind a score breakdown entry that differs (``foxes``, ``yellow``, ...)."""
    if key.startswith("fox"):
        return "FOX"
    if key in {a.label for a in variant.areas}:
        return f"SCORE-{key.upper()}"
    return "SCORE-TOTAL"
