"""Reading move notation (the grammar in :mod:`oracle.engine.moves` and docs/formats.md), for any game.

``parse_move(variant, text)`` accepts the canonical text only, so every move has exactly one
text; a :class:`~oracle.engine.errors.NotationError` names the token at fault and what it wants.  The
notation holds every move the rules can judge: a move that names a wrong area for its die, a
question-mark number where none is chosen, or a partner die's change for an area that reads no
partner is read here and refused by the rules (an illegal step, with its rule id).

A move's text means the same under every ruleset.  The notation has a version, :data:`NOTATION`;
``read_move(variant, text, notation, ruleset, state)`` reads a text of an older version (records
of format ``clever-oracle-record/1`` are in notation 1) as the move it meant then.
"""

from __future__ import annotations

from typing import Any

from oracle.engine.errors import NotationError
from oracle.engine.kinds import AreaKind, Coded
from oracle.engine.legal import QUESTION_NUMBER_MAX
from oracle.engine.moves import (
    FORFEIT,
    PASS,
    REROLL,
    ExtraDie,
    Move,
    QuestionMark,
    SoloRoll,
    Take,
)
from oracle.engine.variant import Variant

__all__ = ["NOTATION", "parse_move", "read_move"]

#: The move notation's version (docs/formats.md, "Notation versions").  2: Clever 4Ever's grey
#: parts are numbered from 1 like every other target, and a Clever Cubed blue question mark
#: names the total written under every ruleset (ruling 13).  1: grey parts from 0, and under
#: ``blue_question=number_plus_white`` a blue question mark named the number added to the white
#: die.
NOTATION = 2

_FACES = ("1", "2", "3", "4", "5", "6")
_VERBS = "roll, solo-roll, take, extra, question, reroll, forfeit, pass"
_ENTRY_VERBS = ("take", "extra", "question")


def _fail(text: str, where: str, what: str) -> NotationError:
    return NotationError(f"move {text[:120]!r}: {where}: {what}")


def _token(text: str, token: str, index: int) -> str:
    return f"token {index + 1} {token[:40]!r}"


def _die(variant: Variant, text: str, code: str, index: int) -> Coded:
    for die in variant.dice:
        if die.code == code:
            return die
    codes = " ".join(d.code for d in variant.dice)
    raise _fail(text, _token(text, code, index), f"unknown die colour (want {codes})")


def _die_face(variant: Variant, text: str, token: str, index: int) -> tuple[Coded, int]:
    die = _die(variant, text, token[:-1], index) if token[:-1] else None
    if die is None:
        raise _fail(text, _token(text, token, index), "unknown die colour")
    if token[-1:] not in _FACES:
        raise _fail(text, _token(text, token, index), "a die face must be 1 to 6")
    return die, int(token[-1])


def _entry(variant: Variant, text: str, token: str, index: int) -> tuple[AreaKind, int]:
    """``AREA:TARGET``, or ``AREA`` for an area with one target."""
    where = _token(text, token, index)
    label, sep, spot = token.partition(":")
    areas = {a.label: a for a in variant.areas}
    if label not in areas:
        raise _fail(text, where, f"want AREA:WHERE with area {'/'.join(areas)}")
    area = areas[label]
    targets = area.rules.TARGETS
    if len(targets) == 1:
        if sep:
            raise _fail(text, where, f"{label} names no target (the sheet fixes its next "
                        f"field): write {label!r}")
        return area, targets[0]
    if not sep:
        raise _fail(text, where, f"want {label}:WHERE")
    try:
        return area, area.rules.parse_target(spot)
    except NotationError as exc:
        raise _fail(text, where, str(exc)) from None


def _question_bonus(variant: Variant, text: str, token: str, index: int) -> Coded:
    codes = {b.code: b for b in variant.bonuses if variant.is_question[b]}
    if token in variant.renamed:
        raise _fail(text, _token(text, token, index),
                    f"{token} is now written {variant.renamed[token]}")
    if token not in codes:
        raise _fail(text, _token(text, token, index), f"want {' '.join(codes)}")
    return codes[token]


def _dice(variant: Variant, text: str, tokens: list[str]) -> tuple[tuple[int, ...], list[Coded]]:
    faces = [0] * len(variant.dice)
    order: list[Coded] = []
    for i, token in enumerate(tokens[1:], start=1):
        die, face = _die_face(variant, text, token, i)
        if faces[die]:
            raise _fail(text, _token(text, token, i), "die listed twice")
        faces[die] = face
        order.append(die)
    return tuple(faces), order


def parse_move(variant: Variant, text: str) -> Move:
    """Parse one move of ``variant`` from its canonical notation; :class:`NotationError` names
    what is wrong and where."""
    move = _parse(variant, text)
    if str(move) != text:
        raise _fail(text, "form", f"not canonical; write it as {str(move)!r}")
    return move


def _parse(variant: Variant, text: str) -> Move:
    if not isinstance(text, str):
        raise NotationError(f"move {text!r}: not a string")
    tokens = text.split(" ")
    if not text or any(not t for t in tokens):
        raise _fail(text, "spacing", "tokens must be separated by exactly one space")
    head = tokens[0]
    if head in ("reroll", "forfeit", "pass"):
        if len(tokens) != 1:
            raise _fail(text, _token(text, tokens[1], 1), f"{head} takes nothing more")
        return REROLL if head == "reroll" else FORFEIT if head == "forfeit" else PASS
    if head == "roll":
        if not 2 <= len(tokens) <= 7:
            raise _fail(text, "dice", "a roll lists 1 to 6 dice")
        return variant.roll(_dice(variant, text, tokens)[0])
    if head == "solo-roll":
        if len(tokens) != 7:
            raise _fail(text, "dice", "a solo roll lists all six dice")
        faces, order = _dice(variant, text, tokens)
        return SoloRoll(faces, tuple(order))
    if head in ("take", "extra"):
        token = variant.action.token
        if len(tokens) not in (3, 4):
            raise _fail(text, "shape", f"want '{head} DIE [{token}=...] AREA:WHERE'")
        die = _die(variant, text, tokens[1], 1)
        action: object = None
        if len(tokens) == 4:
            key, sep, value = tokens[2].partition("=")
            if key != token or not sep:
                raise _fail(text, _token(text, tokens[2], 2), f"want {token}=...")
            try:
                action = variant.action.parse(value)
            except NotationError as exc:
                raise _fail(text, _token(text, tokens[2], 2), str(exc)) from None
        area, target = _entry(variant, text, tokens[-1], len(tokens) - 1)
        cls = Take if head == "take" else ExtraDie
        return cls(die, area, target, action)
    if head == "question":
        if len(tokens) not in (3, 4):
            raise _fail(text, "shape", "want 'question BONUS [NUMBER] AREA:WHERE'")
        bonus = _question_bonus(variant, text, tokens[1], 1)
        number = 0
        if len(tokens) == 4:
            digits = tokens[2]
            if not (digits.isascii() and digits.isdigit()) or len(digits) > 2 \
                    or not 1 <= int(digits) <= QUESTION_NUMBER_MAX:
                raise _fail(text, _token(text, digits, 2),
                            f"a question-mark number must be 1 to {QUESTION_NUMBER_MAX}")
            number = int(digits)
        area, target = _entry(variant, text, tokens[-1], len(tokens) - 1)
        return QuestionMark(bonus, number, area, target)
    raise _fail(text, _token(text, head, 0), f"unknown move (want {_VERBS})")


def _renumber(variant: Variant, text: str) -> str:
    """``text`` of notation 1 rewritten in notation 2: the target of an area the game renumbered
    (``renumbered``: counted from 0 in notation 1) counted from 1."""
    head, _, entry = text.rpartition(" ")
    label, sep, spot = entry.partition(":")
    count = variant.renumbered.get(label)
    if not head or not sep or count is None or head.split(" ")[0] not in _ENTRY_VERBS:
        return text
    if not spot.isdigit() or len(spot) > 2 or str(int(spot)) != spot or int(spot) >= count:
        raise _fail(text, f"token {len(text.split(' '))} {entry[:40]!r}",
                    f"in notation 1 (records of format clever-oracle-record/1) a {label} target "
                    f"is 0 to {count - 1}")
    return f"{head} {label}:{int(spot) + 1}"


def read_move(
    variant: Variant, text: str, notation: int, ruleset: Any, state: Any = None
) -> Move | None:
    """The move ``text`` meant when written in move notation ``notation`` (:data:`NOTATION` or
    older) in a game under ``ruleset``: a text of notation 1 is read with its grey part
    counted from 0 and, where the game says the old meaning depended on the position (a Clever
    Cubed blue question mark under ``blue_question=number_plus_white``: the number plus the
    white die), as it reads in ``state``, the position before the move.  None when such a move
    is given no ``state``; :class:`NotationError` when the text is not a move of that
    notation."""
    if notation >= NOTATION:
        return parse_move(variant, text)
    renumbered = _renumber(variant, text)
    try:
        move = parse_move(variant, renumbered)
    except NotationError as exc:
        if renumbered == text:
            raise
        raise NotationError(f"{exc} (the notation-1 move {text[:120]!r} read in notation 2)"
                            ) from None
    if variant.old_meaning is None:
        return move
    return variant.old_meaning(move, ruleset, state)
