"""The moves of every Clever game and their canonical text (docs/formats.md, "Move notation").

Every choice the rules give a player is a move; the dice are chance moves (design: explicit
chance nodes).  A move names the game's own dice, areas and bonuses (their members carry their
codes and labels, :mod:`oracle.engine.kinds`), so it writes itself in the game's notation;
:mod:`oracle.formats.notation` reads it back (``parse_move(variant, str(m)) == m``).  Grammar::

    roll DIE+                      chance: the dice rolled, code+face each, e.g. roll W3 Y5 Br1
    solo-roll DIE DIE DIE DIE DIE DIE
                                   chance, solo passive turn: all six dice, closest to the silver
                                   platter first (ruling 9)
    take CODE [ACTION] ENTRY       choose a die (active pick, or passive choice)
    extra CODE [ACTION] ENTRY      the extra-die action (+1) on a die
    question BONUS [NUMBER] ENTRY  resolve a pending question mark
    reroll | forfeit | pass        re-roll action; forfeit the roll; end the optional part
    ENTRY = AREA:TARGET, or AREA alone where the area has one target

A game's Roll class says its dice codes (a roll lists faces by die index).
"""

from __future__ import annotations

from typing import ClassVar, Union

import attrs

from oracle.engine.kinds import AreaKind, Coded

__all__ = [
    "FORFEIT", "PASS", "REROLL", "ChanceMove", "DieMove", "ExtraDie", "Forfeit", "Move", "Pass",
    "PlayerMove", "QuestionMark", "ReRoll", "Roll", "SoloRoll", "Take", "entry_text",
]


def entry_text(area: AreaKind, target: int) -> str:
    """Where an entry goes: ``yellow:II``, ``turquoise:1+3``, ``grey:7``; an area with one target
    only (Clever 4Ever's pink, whose next field the sheet fixes) is named alone: ``pink``."""
    rules = area.rules
    if len(rules.TARGETS) == 1:
        return area.label
    return f"{area.label}:{rules.target_text(target)}"


@attrs.frozen
class Roll:
    """Chance: the dice in the cup rolled.  ``faces[die]`` is the new face, 0 for a die not rolled
    (it lies on a die field or the platter).  A game subclasses it with its dice ``CODES``."""

    faces: tuple[int, ...]
    CODES: ClassVar[tuple[str, ...]] = ()

    def __str__(self) -> str:
        codes = self.CODES
        return "roll " + " ".join(f"{codes[d]}{f}" for d, f in enumerate(self.faces) if f)


@attrs.frozen
class SoloRoll:
    """Chance, solo passive turn: all six dice rolled, ``order`` from closest to the silver
    platter to farthest (ruling 9); ``faces[die]`` is each die's face."""

    faces: tuple[int, ...]
    order: tuple[Coded, ...]

    def __str__(self) -> str:
        return "solo-roll " + " ".join(f"{d.code}{self.faces[d]}" for d in self.order)


@attrs.frozen
class DieMove:
    """A die entered in ``area`` at ``target``, with the game's own ``action`` (a number joker,
    polish the silver) or None; the base of :class:`Take` and :class:`ExtraDie` (moves of
    different classes are never equal)."""

    die: Coded
    area: AreaKind
    target: int
    action: object = None
    VERB: ClassVar[str] = ""

    def __str__(self) -> str:
        action = "" if self.action is None else f" {self.action}"
        return f"{self.VERB} {self.die.code}{action} {entry_text(self.area, self.target)}"


@attrs.frozen
class Take(DieMove):
    """Choose ``die`` and enter it (an active pick from the roll, or a passive player's die)."""

    VERB: ClassVar[str] = "take"


@attrs.frozen
class ExtraDie(DieMove):
    """Spend an extra-die action on ``die`` (rulebook "Extra Die"), entered by its position."""

    VERB: ClassVar[str] = "extra"


@attrs.frozen
class QuestionMark:
    """Resolve a pending question mark ``bonus`` with ``number`` (0 where the area's question
    marks choose no number) in ``area`` at ``target`` (rulebook "Question-Mark Bonuses")."""

    bonus: Coded
    number: int
    area: AreaKind
    target: int

    def __str__(self) -> str:
        number = f" {self.number}" if self.number else ""
        return f"question {self.bonus.code}{number} {entry_text(self.area, self.target)}"


@attrs.frozen
class ReRoll:
    """Spend a re-roll action: roll the dice just rolled again (rulebook "Re-Roll"; ruling 3)."""

    def __str__(self) -> str:
        return "reroll"


@attrs.frozen
class Forfeit:
    """Use no die of this roll; the die field stays empty (rulebook "Special case"; ruling 1)."""

    def __str__(self) -> str:
        return "forfeit"


@attrs.frozen
class Pass:
    """End the optional part: decline a passive die, or stop using extra dice."""

    def __str__(self) -> str:
        return "pass"


REROLL = ReRoll()
FORFEIT = Forfeit()
PASS = Pass()

ChanceMove = Union[Roll, SoloRoll]
PlayerMove = Union[Take, ExtraDie, QuestionMark, ReRoll, Forfeit, Pass]
Move = Union[Roll, SoloRoll, Take, ExtraDie, QuestionMark, ReRoll, Forfeit, Pass]
