"""Clever Cubed moves and their canonical text notation.

Every choice the rules give is a move (design.md, "The decision model"); dice are chance moves.
``parse_move(str(m)) == m`` for every move.  The grammar (tokens separated by one space)::

    roll DIE+                       chance: the dice rolled, each as code+face, e.g. roll W3 Y5 Br1
    solo-roll DIE DIE DIE DIE DIE DIE
                                    chance, solo passive turn: all six dice, closest to the
                                    silver platter first (ruling 9)
    take CODE [JOKER] ENTRY         choose a die (active pick, or passive choice)
    extra CODE [JOKER] ENTRY        the extra-die action (+1) on a die
    question BONUS NUMBER ENTRY     resolve a pending question mark, e.g. question ?* 4 brown:7
    reroll | forfeit | pass         re-roll action; forfeit the roll; end the optional part

    CODE   = W | Y | T | B | Br | P                 (white yellow turquoise blue brown pink)
    JOKER  = joker=N | joker=?N                     printed number-joker field N, or a "?" field
                                                    used as N (rulebook "Any Number")
    BONUS  = ?Y | ?T | ?B | ?Br | ?P | ?*
    ENTRY  = yellow:I|II|III  turquoise:ROWS (e.g. 2 or 1+4)  blue:left|right
             brown:FIELD (1..12)  pink:half|times

For a question mark NUMBER is the number chosen (1..6); for a blue question mark under the
default ruleset it is the value written (2..12, ruling 13).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Union

import attrs

from oracle.cubed.areas import AREAS
from oracle.cubed.dice import DIE_BY_CODE, Die
from oracle.errors import NotationError
from oracle.moves import FORFEIT as FORFEIT, PASS as PASS, REROLL as REROLL  # shared plain moves
from oracle.moves import Forfeit as Forfeit, Pass as Pass, ReRoll as ReRoll
from oracle.cubed.sheet import AREA_BY_LABEL, BONUS_BY_CODE, Area, Bonus


@attrs.frozen
class Joker:
    """A number joker spent on a die: a printed field (``free`` False) or a '?' field used as
    ``number`` (``free`` True)."""

    number: int
    free: bool

    def __str__(self) -> str:
        return f"joker={'?' if self.free else ''}{self.number}"


def entry_text(area: Area, target: int) -> str:
    """Notation of where an entry goes: ``yellow:II``, ``turquoise:1+3``, ``blue:left`` ...
    (each area writes its own targets)."""
    return f"{area.label}:{AREAS[area].target_text(target)}"


@attrs.frozen
class Roll:
    """Chance: the dice in the cup rolled.  ``faces[die]`` is the new face, 0 for a die not
    rolled (it lies on a die field or the platter)."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return "roll " + " ".join(
            f"{Die(d).code}{f}" for d, f in enumerate(self.faces) if f
        )


@attrs.frozen
class SoloRoll:
    """Chance, solo passive turn: all six dice rolled, ``order`` from closest to the silver
    platter to farthest (ruling 9); ``faces[die]`` is each die's face."""

    faces: tuple[int, ...]
    order: tuple[Die, ...]

    def __str__(self) -> str:
        return "solo-roll " + " ".join(f"{d.code}{self.faces[d]}" for d in self.order)


@attrs.frozen
class DieMove:
    """A die entered in ``area`` at ``target``, optionally with a number joker; the base of
    :class:`Take` and :class:`ExtraDie` (moves of different classes are never equal)."""

    die: Die
    area: Area
    target: int
    joker: Joker | None = None
    VERB = ""

    def __str__(self) -> str:
        joker = f" {self.joker}" if self.joker else ""
        return f"{self.VERB} {self.die.code}{joker} {entry_text(self.area, self.target)}"


@attrs.frozen
class Take(DieMove):
    """Choose ``die`` and enter it (an active pick from the roll, or a passive player's die)."""

    VERB = "take"


@attrs.frozen
class ExtraDie(DieMove):
    """Spend an extra-die action on ``die`` (rulebook "Extra Die"), entered by its position."""

    VERB = "extra"


@attrs.frozen
class QuestionMark:
    """Resolve a pending question-mark bonus ``bonus`` with ``number`` in ``area`` at
    ``target`` (rulebook "Question-Mark Bonuses")."""

    bonus: Bonus
    number: int
    area: Area
    target: int

    def __str__(self) -> str:
        return f"question {self.bonus.code} {self.number} {entry_text(self.area, self.target)}"


ChanceMove = Union[Roll, SoloRoll]
PlayerMove = Union[Take, ExtraDie, QuestionMark, ReRoll, Forfeit, Pass]
Move = Union[Roll, SoloRoll, Take, ExtraDie, QuestionMark, ReRoll, Forfeit, Pass]

#: The targets each area's moves can name: yellow rows, turquoise row sets, blue sides, brown
#: fields, pink options.
TARGETS: Mapping[Area, range] = MappingProxyType({a: m.TARGETS for a, m in AREAS.items()})


def _int(value: object) -> bool:
    """A whole number: an int or a named integer (an area's target), never a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def well_formed(move: object) -> bool:
    """True for a move of a known kind whose parts are of the right kinds and ranges (what the
    notation can express); anything else is refused as MOVE-FORM before the rules are asked."""
    if isinstance(move, DieMove):
        joker = move.joker
        return (
            isinstance(move.die, Die)
            and isinstance(move.area, Area)
            and _int(move.target)
            and move.target in TARGETS[move.area]
            and (joker is None or (isinstance(joker, Joker) and _int(joker.number)
                                   and 1 <= joker.number <= 6 and type(joker.free) is bool))
        )
    if isinstance(move, QuestionMark):
        return (
            isinstance(move.bonus, Bonus)
            and move.bonus.is_question
            and _int(move.number)
            and isinstance(move.area, Area)
            and _int(move.target)
            and move.target in TARGETS[move.area]
        )
    return isinstance(move, (Roll, SoloRoll, ReRoll, Forfeit, Pass))


#: Every number joker by its index (see :func:`joker_index`): no joker (0), a printed field
#: ``n`` (index ``n``), a '?' field used as ``n`` (index ``6 + n``) — built once and shared by
#: the legal-move lists.
JOKER_BY_INDEX: tuple[Joker | None, ...] = (None,) + tuple(
    Joker(n, free) for free in (False, True) for n in range(1, 7)
)


def joker_index(joker: Joker | None) -> int:
    """The index of a (well-formed) joker in :data:`JOKER_BY_INDEX`; 0 for no joker."""
    return 0 if joker is None else joker.number + 6 * joker.free

def _fail(text: str, where: str, what: str) -> NotationError:
    return NotationError(f"move {text!r}: {where}: {what}")


def _die_face(text: str, token: str, index: int) -> tuple[Die, int]:
    code, face = token[:-1], token[-1:]
    if code not in DIE_BY_CODE:
        raise _fail(text, f"token {index + 1} {token!r}", "unknown die colour (want W Y T B Br P)")
    if face not in "123456" or not face:
        raise _fail(text, f"token {index + 1} {token!r}", "a die face must be 1 to 6")
    return DIE_BY_CODE[code], int(face)


def _number(text: str, token: str, index: int, low: int, high: int, what: str) -> int:
    if not token.isdigit() or not low <= int(token) <= high:
        raise _fail(text, f"token {index + 1} {token!r}", f"{what} must be {low} to {high}")
    return int(token)


def _entry(text: str, token: str, index: int) -> tuple[Area, int]:
    where = f"token {index + 1} {token!r}"
    label, sep, spot = token.partition(":")
    if not sep or label not in AREA_BY_LABEL:
        raise _fail(text, where, "want AREA:WHERE with area yellow/turquoise/blue/brown/pink")
    area = AREA_BY_LABEL[label]
    try:
        return area, AREAS[area].parse_target(spot)
    except NotationError as exc:
        raise _fail(text, where, str(exc)) from None


def _joker(text: str, token: str, index: int) -> Joker:
    value = token[len("joker="):]
    free = value.startswith("?")
    number = _number(text, value[1:] if free else value, index, 1, 6, "a joker number")
    return Joker(number, free)


def parse_move(text: str) -> Move:
    """Parse one move from its canonical notation; :class:`NotationError` names what is wrong.

    Only the canonical form is accepted, so every move has exactly one text.
    """
    move = _parse(text)
    if str(move) != text:
        raise _fail(text, "form", f"not canonical; write it as {str(move)!r}")
    return move


def _parse(text: str) -> Move:
    if not isinstance(text, str):
        raise NotationError(f"move {text!r}: not a string")
    tokens = text.split(" ")
    if not text or any(not t for t in tokens):
        raise _fail(text, "spacing", "tokens must be separated by exactly one space")
    head = tokens[0]
    if head in ("reroll", "forfeit", "pass"):
        if len(tokens) != 1:
            raise _fail(text, f"token 2 {tokens[1]!r}", f"{head} takes nothing more")
        return REROLL if head == "reroll" else FORFEIT if head == "forfeit" else PASS
    if head == "roll":
        if len(tokens) < 2 or len(tokens) > 7:
            raise _fail(text, "dice", "a roll lists 1 to 6 dice")
        faces = [0] * 6
        for i, token in enumerate(tokens[1:], start=1):
            die, face = _die_face(text, token, i)
            if faces[die]:
                raise _fail(text, f"token {i + 1} {token!r}", "die listed twice")
            faces[die] = face
        return Roll(tuple(faces))
    if head == "solo-roll":
        if len(tokens) != 7:
            raise _fail(text, "dice", "a solo roll lists all six dice")
        faces = [0] * 6
        order: list[Die] = []
        for i, token in enumerate(tokens[1:], start=1):
            die, face = _die_face(text, token, i)
            if die in order:
                raise _fail(text, f"token {i + 1} {token!r}", "die listed twice")
            faces[die] = face
            order.append(die)
        return SoloRoll(tuple(faces), tuple(order))
    if head in ("take", "extra"):
        if len(tokens) not in (3, 4):
            raise _fail(text, "shape", f"want '{head} DIE [joker=N|joker=?N] AREA:WHERE'")
        code = tokens[1]
        if code not in DIE_BY_CODE:
            raise _fail(text, f"token 2 {code!r}", "unknown die colour (want W Y T B Br P)")
        joker = None
        if len(tokens) == 4:
            if not tokens[2].startswith("joker="):
                raise _fail(text, f"token 3 {tokens[2]!r}", "want joker=N or joker=?N")
            joker = _joker(text, tokens[2], 2)
        area, target = _entry(text, tokens[-1], len(tokens) - 1)
        cls = Take if head == "take" else ExtraDie
        return cls(DIE_BY_CODE[code], area, target, joker)
    if head == "question":
        if len(tokens) != 4:
            raise _fail(text, "shape", "want 'question BONUS NUMBER AREA:WHERE'")
        bonus = BONUS_BY_CODE.get(tokens[1])
        if bonus is None or not bonus.is_question:
            raise _fail(text, f"token 2 {tokens[1]!r}", "want ?Y ?T ?B ?Br ?P or ?*")
        number = _number(text, tokens[2], 2, 1, 12, "a question-mark number")
        area, target = _entry(text, tokens[3], 3)
        return QuestionMark(bonus, number, area, target)
    raise _fail(
        text, f"token 1 {head!r}",
        "unknown move (want roll, solo-roll, take, extra, question, reroll, forfeit, pass)",
    )
