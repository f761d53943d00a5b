"""A move in the JSON game model (docs/formats.md, section 6), beside its text (move notation,
:mod:`oracle.engine.moves`): the same move, as data.  JSON Schema: ``oracle/schema/move-1.json``.

Every move is an object with its ``kind``, the move notation's verb::

    {"kind": "roll", "dice": [{"die": "W", "face": 3}, {"die": "Y", "face": 5}]}
                                          the dice in the cup rolled, in die order
    {"kind": "solo-roll", "dice": [...]}  all six dice, closest to the silver platter first
    {"kind": "take", "die": "W", "area": "yellow", "row": "I"}
    {"kind": "extra", "die": "T", "number_joker": {"number": 5, "field": "?"},
     "area": "turquoise", "rows": [1, 3]}
    {"kind": "question", "question_mark": "?B", "number": 9, "area": "blue", "side": "right"}
    {"kind": "reroll"}  {"kind": "forfeit"}  {"kind": "pass"}

A die move's use of the game's own action is under the action's name (``number_joker``,
``polish_the_silver``: the action's ``to_json``); a question mark's ``number`` is left out
where the area's question marks choose none; the target is named by the area's own keys
(``row``, ``rows``, ``side``, ``field``, ``option``, ``column``, ``part``, ``line``: the area
module's ``target_json``; none for Clever 4Ever's pink).  ``move_from_json(v,
move_to_json(v, m)) == m`` and ``move_from_json(v, move_to_json(v, parse_move(v, t)))``
writes ``t`` back.
"""

from __future__ import annotations

from functools import cache

from oracle.formats import jsontext
from oracle.formats.jsonread import JSONModelError, choice, integer, items, key, obj, pointer
from oracle.engine.kinds import AreaKind, Coded
from oracle.engine.legal import QUESTION_NUMBER_MAX
from oracle.engine.moves import (
    FORFEIT,
    PASS,
    REROLL,
    DieMove,
    ExtraDie,
    Forfeit,
    Move,
    Pass,
    QuestionMark,
    ReRoll,
    Roll,
    SoloRoll,
    Take,
)
from oracle.engine.variant import Variant

__all__ = ["KINDS", "MOVE_FORMAT", "move_from_json", "move_to_json"]

#: The kinds of move, as move notation's verbs.
KINDS: tuple[str, ...] = ("roll", "solo-roll", "take", "extra", "question", "reroll", "forfeit",
                          "pass")
#: The name of the move model (the schema's title names it).
MOVE_FORMAT = "clever-oracle-move/1"
_PLAIN: dict[str, Move] = {"reroll": REROLL, "forfeit": FORFEIT, "pass": PASS}


def _entry(area: AreaKind, target: int) -> dict[str, object]:
    out: dict[str, object] = {"area": area.label}
    out.update(area.rules.target_json(target))
    return out


def move_to_json(variant: Variant, move: object) -> dict[str, object]:
    """A well-formed move of ``variant`` as JSON data (see the module docstring)."""
    if isinstance(move, DieMove):
        out: dict[str, object] = {"kind": move.VERB, "die": move.die.code}
        if move.action is not None:
            out[variant.action.json_key] = variant.action.to_json(move.action)
        out.update(_entry(move.area, move.target))
        return out
    if isinstance(move, QuestionMark):
        out = {"kind": "question", "question_mark": move.bonus.code}
        if move.number:
            out["number"] = move.number
        out.update(_entry(move.area, move.target))
        return out
    if isinstance(move, Roll):
        codes = type(move).CODES
        return {"kind": "roll", "dice": [{"die": codes[d], "face": f}
                                         for d, f in enumerate(move.faces) if f]}
    if isinstance(move, SoloRoll):
        return {"kind": "solo-roll", "dice": [{"die": d.code, "face": move.faces[d]}
                                              for d in move.order]}
    if isinstance(move, (ReRoll, Forfeit, Pass)):
        return {"kind": str(move)}
    raise JSONModelError("", f"not a move: {type(move).__name__}")


@cache
def _tables(variant: Variant) -> tuple[dict[str, Coded], dict[str, AreaKind], dict[str, Coded],
                                       dict[str, tuple[str, ...]]]:
    """Dice, areas and question marks by code or name; each area's target keys."""
    dice = {d.code: d for d in variant.dice}
    areas = {a.label: a for a in variant.areas}
    questions = {b.code: b for b in variant.bonuses if variant.is_question[b]}
    target_keys = {a.label: tuple(a.rules.JSON_TARGET) for a in variant.areas}
    return dice, areas, questions, target_keys


def _dice(variant: Variant, value: object, where: str, kind: str) -> tuple[int, ...] | SoloRoll:
    dice = _tables(variant)[0]
    codes = tuple(dice)
    solo = kind == "solo-roll"
    listed = items(value, where, len(codes), "the dice rolled", len(codes) if solo else 1)
    faces = [0] * len(codes)
    order: list[Coded] = []
    for i, entry in enumerate(listed):
        at = pointer(where, i)
        fields = obj(entry, at, ("die", "face"))
        code, code_at = key(fields, "die", at)
        die = dice[choice(code, code_at, codes, "a die")]
        if faces[die] or (not solo and order and die < order[-1]):
            raise JSONModelError(code_at, "list each die once" + ("" if solo else
                                 f", in die order ({' '.join(codes)})"))
        faces[die] = integer(fields["face"], at + "/face", 1, 6, "a face")
        order.append(die)
    return SoloRoll(tuple(faces), tuple(order)) if solo else tuple(faces)


def _target(variant: Variant, fields: dict[str, object], where: str) -> tuple[AreaKind, int]:
    area = _tables(variant)[1][str(fields["area"])]
    return area, area.rules.target_from_json(fields, where)


def move_from_json(variant: Variant, value: object) -> Move:
    """A move of ``variant`` from its JSON data (or JSON text); :class:`JSONModelError` names
    the JSON pointer of the fault.  As with move notation, a move the rules refuse (a die in
    another colour's area ...) is read here and refused by the rules."""
    if isinstance(value, (str, bytes)):
        try:
            value = jsontext.loads(value)
        except jsontext.JSONTextError as exc:
            raise JSONModelError("", str(exc)) from None
    if not isinstance(value, dict) or "kind" not in value:
        obj(value, "", ("kind",))
    assert isinstance(value, dict)
    kind = choice(value["kind"], "/kind", KINDS, "a move's kind")
    if kind in _PLAIN:
        obj(value, "", ("kind",))
        return _PLAIN[kind]
    if kind in ("roll", "solo-roll"):
        fields = obj(value, "", ("kind", "dice"))
        rolled = _dice(variant, fields["dice"], "/dice", kind)
        return rolled if isinstance(rolled, SoloRoll) else variant.roll(rolled)
    dice, areas, questions, target_keys = _tables(variant)
    targets: tuple[str, ...] = ()
    if "area" in value:  # the area first: it says which keys name the target
        targets = target_keys[choice(value["area"], "/area", tuple(areas), "an area")]
    if kind == "question":
        fields = obj(value, "", ("kind", "question_mark", "area", *targets), ("number",))
        code, at = key(fields, "question_mark", "")
        if isinstance(code, str) and code in variant.renamed:
            raise JSONModelError(at, f"{code!r} is now written {variant.renamed[code]!r}")
        bonus = questions[choice(code, at, tuple(questions), "a question mark")]
        number = (integer(fields["number"], "/number", 1, QUESTION_NUMBER_MAX,
                          "a question-mark number") if "number" in fields else 0)
        area, target = _target(variant, fields, "")
        return QuestionMark(bonus, number, area, target)
    action_key = variant.action.json_key
    fields = obj(value, "", ("kind", "die", "area", *targets), (action_key,))
    code, at = key(fields, "die", "")
    die = dice[choice(code, at, tuple(dice), "a die")]
    action = (variant.action.from_json(fields[action_key], pointer("", action_key))
              if action_key in fields else None)
    area, target = _target(variant, fields, "")
    return (Take if kind == "take" else ExtraDie)(die, area, target, action)
