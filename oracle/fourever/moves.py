"""Clever 4Ever moves and their canonical text notation.

Every choice the rules give is a move; dice are chance moves.  ``parse_move(str(m)) == m`` for
every move, and only the canonical text is accepted.  The grammar (tokens separated by one
space)::

    roll DIE+                        chance: the dice rolled, each as code+face: roll W3 Y5 B1
    solo-roll DIE DIE DIE DIE DIE DIE
                                     chance, solo passive turn: all six dice, closest to the
                                     silver platter first (docs/rulings.md, ruling 9)
    take CODE [POLISH] ENTRY         choose a die (active pick, or passive choice)
    extra CODE [POLISH] ENTRY        the extra-die action (+1) on a die
    question BONUS [NUMBER] ENTRY    resolve a pending question mark: question ?* 4 green:lower
    reroll | forfeit | pass          re-roll action; forfeit the roll; end the optional part

    CODE    = W | Y | B | Gy | Gn | P             (white yellow blue grey green pink)
    POLISH  = polish=+N | polish=-N               polish the silver N times on the die taken
            | polish=±A/±B                        blue only: A on the die taken, B (not 0) on its
                                                  partner die (white for blue, blue for white);
                                                  A may be +0.  Absent: no polishing.
    BONUS   = ?Y | ?B | ?G | ?Gr | ?P | ?*        (?G grey, ?Gr green, ?* black)
    ENTRY   = yellow:ROW (1 top, 2 middle, 3 bottom)   blue:ROW,COLUMN (1..6 each)
              grey:PART (0..16)   green:lower|upper   pink:FIELD (1..12, the next free one)

A question mark's NUMBER (1..6) is written for yellow, green and pink; a blue or grey question
mark chooses a cell or part directly and has no number (docs/rulings.md, rulings 4E-6, 4E-8).
"""

from __future__ import annotations

from typing import Union

import attrs

from oracle.errors import NotationError
from oracle.moves import FORFEIT as FORFEIT, PASS as PASS, REROLL as REROLL  # shared plain moves
from oracle.moves import Forfeit as Forfeit, Pass as Pass, ReRoll as ReRoll
from oracle.fourever.dice import DIE_BY_CODE, Die
from oracle.fourever.entries import TARGETS, parse_target, target_text
from oracle.fourever.sheet import AREA_BY_LABEL, BONUS_BY_CODE, Area, Bonus

#: The most a die can be polished either way (1 and 6 are not adjacent: no wrap).
MAX_POLISH = 5
#: Areas whose question marks choose a number.
NUMBERED_AREAS: tuple[Area, ...] = (Area.YELLOW, Area.GREEN, Area.PINK)


def entry_text(area: Area, target: int) -> str:
    """Notation of where an entry goes: ``yellow:2``, ``blue:3,4``, ``grey:7`` ..."""
    return f"{area.label}:{target_text(area, target)}"


def polish_text(polish: int, partner: int) -> str:
    """The POLISH token, or the empty string for no polishing."""
    if partner:
        return f"polish={polish:+d}/{partner:+d}"
    return f"polish={polish:+d}" if polish else ""


@attrs.frozen
class Roll:
    """Chance: the dice in the cup rolled; ``faces[die]`` the new face, 0 for a die not rolled."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return "roll " + " ".join(f"{Die(d).code}{f}" for d, f in enumerate(self.faces) if f)


@attrs.frozen
class SoloRoll:
    """Chance, solo passive turn: all six dice, ``order`` closest to the silver platter first."""

    faces: tuple[int, ...]
    order: tuple[Die, ...]

    def __str__(self) -> str:
        return "solo-roll " + " ".join(f"{d.code}{self.faces[d]}" for d in self.order)


@attrs.frozen
class DieMove:
    """A die entered in ``area`` at ``target``; ``polish`` is the change polish the silver makes
    to the die's number, ``partner`` the change to the partner die's (blue only).  The base of
    :class:`Take` and :class:`ExtraDie` (moves of different classes are never equal)."""

    die: Die
    area: Area
    target: int
    polish: int = 0
    partner: int = 0
    VERB = ""

    @property
    def polish_uses(self) -> int:
        """How many polish fields the move spends (docs/rulings.md, ruling 4E-1: ±1 each)."""
        return abs(self.polish) + abs(self.partner)

    def __str__(self) -> str:
        polish = polish_text(self.polish, self.partner)
        middle = f" {polish}" if polish else ""
        return f"{self.VERB} {self.die.code}{middle} {entry_text(self.area, self.target)}"


@attrs.frozen
class Take(DieMove):
    """Choose ``die`` and enter it (an active pick from the roll, or a passive player's die)."""

    VERB = "take"


@attrs.frozen
class ExtraDie(DieMove):
    """Spend an extra-die action on ``die`` (rules "Actions": "additional cube")."""

    VERB = "extra"


@attrs.frozen
class QuestionMark:
    """Resolve a pending question mark ``bonus`` with ``number`` (0 for blue and grey) in
    ``area`` at ``target``."""

    bonus: Bonus
    number: int
    area: Area
    target: int

    def __str__(self) -> str:
        number = f" {self.number}" if self.area in NUMBERED_AREAS else ""
        return f"question {self.bonus.code}{number} {entry_text(self.area, self.target)}"


ChanceMove = Union[Roll, SoloRoll]
PlayerMove = Union[Take, ExtraDie, QuestionMark, ReRoll, Forfeit, Pass]
Move = Union[Roll, SoloRoll, Take, ExtraDie, QuestionMark, ReRoll, Forfeit, Pass]


def _int(value: object) -> bool:
    return type(value) is int


def well_formed(move: object) -> bool:
    """True for a move of a known kind whose parts have the right kinds and ranges (what the
    notation can express); anything else is refused as MOVE-FORM before the rules are asked."""
    if isinstance(move, DieMove):
        return (
            isinstance(move.die, Die)
            and isinstance(move.area, Area)
            and _int(move.target)
            and move.target in TARGETS[move.area]
            and _int(move.polish)
            and _int(move.partner)
            and abs(move.polish) <= MAX_POLISH
            and abs(move.partner) <= MAX_POLISH
            and (move.partner == 0 or move.area is Area.BLUE)
        )
    if isinstance(move, QuestionMark):
        return (
            isinstance(move.bonus, Bonus)
            and move.bonus.is_question
            and isinstance(move.area, Area)
            and _int(move.number)
            and (1 <= move.number <= 6 if move.area in NUMBERED_AREAS else move.number == 0)
            and _int(move.target)
            and move.target in TARGETS[move.area]
        )
    return isinstance(move, (Roll, SoloRoll, ReRoll, Forfeit, Pass))


def _fail(text: str, where: str, what: str) -> NotationError:
    return NotationError(f"move {text!r}: {where}: {what}")


def _die_face(text: str, token: str, index: int) -> tuple[Die, int]:
    code, face = token[:-1], token[-1:]
    if code not in DIE_BY_CODE:
        raise _fail(text, f"token {index + 1} {token!r}", "unknown die (want W Y B Gy Gn P)")
    if not face or face not in "123456":
        raise _fail(text, f"token {index + 1} {token!r}", "a die face must be 1 to 6")
    return DIE_BY_CODE[code], int(face)


def _entry(text: str, token: str, index: int) -> tuple[Area, int]:
    where = f"token {index + 1} {token!r}"
    label, sep, spot = token.partition(":")
    if not sep or label not in AREA_BY_LABEL:
        raise _fail(text, where, "want AREA:WHERE with area yellow/blue/grey/green/pink")
    area = AREA_BY_LABEL[label]
    try:
        return area, parse_target(area, spot)
    except NotationError as error:
        raise _fail(text, where, str(error)) from None


def _signed(text: str, token: str, where: str) -> int:
    if len(token) != 2 or token[0] not in "+-" or token[1] not in "012345":
        raise _fail(text, where, f"a polish amount is +N or -N with N from 0 to {MAX_POLISH}")
    return int(token)


def _polish(text: str, token: str, index: int) -> tuple[int, int]:
    where = f"token {index + 1} {token!r}"
    if not token.startswith("polish="):
        raise _fail(text, where, "want polish=+N, polish=-N or polish=+A/+B")
    own, sep, other = token[len("polish="):].partition("/")
    return _signed(text, own, where), _signed(text, other, where) if sep else 0


def parse_move(text: str) -> Move:
    """Parse one move from its canonical notation; :class:`NotationError` names the token."""
    move = _parse(text)
    if str(move) != text:
        raise _fail(text, "form", f"not canonical; write it as {str(move)!r}")
    return move


def _dice(text: str, tokens: list[str]) -> tuple[tuple[int, ...], tuple[Die, ...]]:
    faces = [0] * 6
    order: list[Die] = []
    for i, token in enumerate(tokens[1:], start=1):
        die, face = _die_face(text, token, i)
        if faces[die]:
            raise _fail(text, f"token {i + 1} {token!r}", "die listed twice")
        faces[die] = face
        order.append(die)
    return tuple(faces), tuple(order)


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
        if not 2 <= len(tokens) <= 7:
            raise _fail(text, "dice", "a roll lists 1 to 6 dice")
        return Roll(_dice(text, tokens)[0])
    if head == "solo-roll":
        if len(tokens) != 7:
            raise _fail(text, "dice", "a solo roll lists all six dice")
        faces, order = _dice(text, tokens)
        return SoloRoll(faces, order)
    if head in ("take", "extra"):
        if len(tokens) not in (3, 4):
            raise _fail(text, "shape", f"want '{head} DIE [polish=±N] AREA:WHERE'")
        code = tokens[1]
        if code not in DIE_BY_CODE:
            raise _fail(text, f"token 2 {code!r}", "unknown die (want W Y B Gy Gn P)")
        polish, partner = _polish(text, tokens[2], 2) if len(tokens) == 4 else (0, 0)
        area, target = _entry(text, tokens[-1], len(tokens) - 1)
        if partner and area is not Area.BLUE:
            raise _fail(text, f"token 3 {tokens[2]!r}", "a partner die is polished only for blue")
        cls = Take if head == "take" else ExtraDie
        return cls(DIE_BY_CODE[code], area, target, polish, partner)
    if head == "question":
        if len(tokens) not in (3, 4):
            raise _fail(text, "shape", "want 'question BONUS [NUMBER] AREA:WHERE'")
        bonus = BONUS_BY_CODE.get(tokens[1])
        if bonus is None or not bonus.is_question:
            raise _fail(text, f"token 2 {tokens[1]!r}", "want ?Y ?B ?G ?Gr ?P or ?*")
        area, target = _entry(text, tokens[-1], len(tokens) - 1)
        number = 0
        if len(tokens) == 4:
            token = tokens[2]
            if len(token) != 1 or token not in "123456":
                raise _fail(text, f"token 3 {token!r}", "a question-mark number is 1 to 6")
            number = int(token)
        if (number != 0) != (area in NUMBERED_AREAS):
            raise _fail(text, f"token {len(tokens)} {tokens[-1]!r}",
                        "yellow, green and pink question marks take a number 1 to 6; blue and "
                        "grey ones none")
        return QuestionMark(bonus, number, area, target)
    raise _fail(
        text, f"token 1 {head!r}",
        "unknown move (want roll, solo-roll, take, extra, question, reroll, forfeit, pass)",
    )
