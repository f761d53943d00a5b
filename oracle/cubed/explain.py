"""Which Clever Cubed rule a difference in state points at, for the certification report.

When an app's sheet, dice or score differ from ours after a step that both accepted, the rule
involved is read off what differs and the step that made it differ: the area the move entered
(its entry rule), another part of the sheet (the bonus of that area), the dice after an active
pick (the silver-platter rules), the score's fox count (``FOX``), and so on.  The ids are those of
:mod:`oracle.cubed.rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle.cubed.moves import DieMove, ExtraDie, QuestionMark, ReRoll, Roll, SoloRoll, Take
from oracle.cubed.sheet import Area
from oracle.cubed.state import GameState, Phase

#: The sheet-notation key of each area (oracle/cubed/sheettext.py).
AREA_KEY: Mapping[Area, str] = MappingProxyType({
    Area.YELLOW: "y", Area.TURQUOISE: "t", Area.BLUE: "b", Area.BROWN: "br", Area.PINK: "p",
})
#: The rule that decides what an entry in each area crosses or writes.
ENTRY_RULE: Mapping[Area, str] = MappingProxyType({
    Area.YELLOW: "YELLOW-ROW", Area.TURQUOISE: "TURQUOISE-EXTRA", Area.BLUE: "BLUE-SUM",
    Area.BROWN: "BROWN-NUMBER", Area.PINK: "PINK-NEXT",
})


def _fields(sheet: str) -> dict[str, str]:
    return dict(token.partition("=")[::2] for token in sheet.split(" "))


def sheet_rule(before: GameState, move: object, ours: str, theirs: str) -> str:
    """The rule behind a sheet that differs (ours vs theirs, sheet notation) after ``move``."""
    a, b = _fields(ours), _fields(theirs)
    differ = {k for k in a.keys() | b.keys() if a.get(k) != b.get(k)}
    if isinstance(move, ExtraDie) and "xd" in differ:
        return "EXTRA-DIE"
    if isinstance(move, DieMove) and move.joker is not None and "nj" in differ:
        return "NUMBER-JOKER"
    if isinstance(move, ReRoll):
        return "REROLL"
    if isinstance(move, (DieMove, QuestionMark)):
        if AREA_KEY[move.area] in differ:
            return ENTRY_RULE[move.area]
        return f"BONUS-{move.area.label.upper()}"
    if isinstance(move, (Roll, SoloRoll)):
        return "ROUND-BONUS"
    return "ACTION-TRACK" if differ <= {"rr", "nj", "xd"} else "QUESTION-USE"


def dice_rule(before: GameState, move: object) -> str:
    """The rule behind dice that lie differently after ``move``."""
    if isinstance(move, Take) and before.phase is Phase.CHOOSE:
        return "PLATTER-AFTER-THIRD" if before.rolls >= 2 else "PLATTER-LOWER"
    if isinstance(move, SoloRoll):
        return "SOLO-ROLL"
    if isinstance(move, Roll):
        return "ROLL-DICE"
    return "TURN-ORDER"


def score_rule(key: str) -> str:
    """The rule behind a score breakdown entry that differs (``foxes``, ``yellow``, ...)."""
    if key.startswith("fox"):
        return "FOX"
    if key in {a.label for a in Area}:
        return f"SCORE-{key.upper()}"
    return "SCORE-TOTAL"
