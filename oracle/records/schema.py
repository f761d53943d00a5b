"""The JSON Schemas of the JSON game model (draft 2020-12), built from the games themselves: each
area module's and each game's own action's schema (``JSON_SCHEMA``, ``JSON_SCORE``,
``JSON_TARGET``), the action tracks, dice, phases and ruleset options of every registered game.

The shipped files ``oracle/schema/state-1.json`` (a position) and ``oracle/schema/move-1.json``
(a move) are what :func:`state_schema` and :func:`move_schema` build (a test checks it); after
changing a game, write them again with ``python -m oracle.records.schema``.

Every bound carries a description naming the rule or ruling that gives it.  The schemas say what
a position's or a move's JSON looks like; the readers (:mod:`oracle.formats.model.state`,
:mod:`oracle.formats.model.move`) check that too, and more (a sheet no game reaches, a die listed out
of order, a position in which nobody has a decision).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from oracle.games.clever import CleverGame
from oracle.engine.dice import DICE_COUNT, PLACE_LABELS
from oracle.games import GAMES
from oracle.engine.legal import QUESTION_NUMBER_MAX
from oracle.formats.model.move import KINDS, MOVE_FORMAT
from oracle.formats.model.sheet import track_key
from oracle.formats.model.state import KEYS, STATE_FORMAT
from oracle.formats.positiontext import PHASE_NAMES
from oracle.engine.sheet import ACTION
from oracle.engine.variant import Variant

__all__ = ["move_schema", "state_schema", "write"]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE = "https://clever-oracle.invalid/schema/"
#: The most pending question marks a sheet's JSON may list (the oracle's bound on input).
MOST_PENDING = 64
_ROUNDS = "6 with 1 or 2 players, 5 with 3, 4 with 4 (rule ROUNDS)"


def _variants() -> list[Variant]:
    return [g.variant for g in GAMES.values() if isinstance(g, CleverGame)]


def _ids(count: int) -> list[str]:
    return [f"p{i}" for i in range(1, count + 1)]


def _ruleset(variant: Variant) -> dict[str, object]:
    options: dict[str, object] = {}
    for option in variant.ruleset_options:
        flag = set(option.values) == {"false", "true"}
        kind: dict[str, object] = {"type": "boolean"} if flag else {"enum": list(option.values)}
        options[option.name] = {"description": f"{option.help} (ruling {option.ruling}; "
                                               f"default {option.default}: our ruling).", **kind}
    return {
        "description": "The ruleset: every option by name (docs/rulings.md); an option left "
                       "out takes its default.",
        "type": "object", "additionalProperties": False, "properties": options,
    }


def _sheet(variant: Variant) -> dict[str, object]:
    areas = {a.label: a.rules.JSON_SCHEMA for a in variant.areas}
    tracks: dict[str, object] = {}
    for t in variant.track_order:
        track = variant.tracks[t]
        in_order = t != ACTION or variant.action.spends_in_order
        where = "any order (ruling 20)" if not in_order else "left to right"
        tracks[track_key(track)] = {
            "description": f"The {track.label} track: {track.length} fields, circled left to "
                           f"right, used {where} (the printed sheet; rulebook 'Actions', rule "
                           "ACTION-TRACK).",
            "type": "object", "required": ["circled", "used"], "additionalProperties": False,
            "properties": {
                "circled": {"type": "integer", "minimum": 0, "maximum": track.length,
                            "description": f"How many fields are circled: 0 to the track's "
                                          f"{track.length} fields (rule ACTION-TRACK: circled "
                                          "left to right; a full track gains nothing more, "
                                          "ruling 20)."},
                "used": {"type": "array", "maxItems": track.length, "uniqueItems": True,
                         "description": "The fields used (crossed), by position from the left, "
                                        f"ascending: each of the {track.length} printed fields "
                                        "at most once, and only circled ones (rule "
                                        "ACTION-TRACK, ruling 20).",
                         "items": {"type": "integer", "minimum": 1, "maximum": track.length,
                                   "description": f"A field, 1 to {track.length} (the printed "
                                                  "track, rule ACTION-TRACK)."}},
            },
        }
    codes = [b.code for b in variant.bonuses if variant.is_question[b]]
    return {
        "description": f"A {variant.title} sheet, area by area as the sheet prints them, then "
                       "the action tracks, the pending question marks and the foxes.",
        "type": "object",
        "required": [*areas, "actions", "question_marks"],
        "additionalProperties": False,
        "properties": {
            **areas,
            "actions": {"description": "The action tracks by name, in the order the sheet "
                                       "prints them.",
                        "type": "object", "required": list(tracks),
                        "additionalProperties": False, "properties": tracks},
            "question_marks": {
                "description": "The pending question-mark bonuses, in the sheet's order (the "
                               "order of the codes below): each is resolved before the player's "
                               "next other move (rule QUESTION-FIRST, ruling 18). At most "
                               f"{MOST_PENDING} (not a rule: the oracle's bound on input, far "
                               "more than a sheet prints).",
                "type": "array", "maxItems": MOST_PENDING,
                "items": {"enum": codes, "description": "A question mark's code: ? and its "
                                                       "area's die code, ?* the black one."}},
            "foxes": {"type": "integer", "minimum": 0,
                      "description": "The foxes the sheet shows, 0 or more (rule FOX: a fox "
                                     "earned is never lost; read off the sheet: given back, it "
                                     "is checked)."},
        },
    }


def _lowest(score: dict[str, object]) -> int:
    """The ``minimum`` of an area's score schema."""
    lowest = score["minimum"]
    assert isinstance(lowest, int)
    return lowest


def _score(variant: Variant) -> dict[str, object]:
    labels = [a.label for a in variant.areas]
    negative = any(_lowest(a.rules.JSON_SCORE) < 0 for a in variant.areas)
    return {
        "description": "The score breakdown (output: given back, it is checked against the "
                       "sheet): each area's points, the foxes, what they score together (each "
                       "fox the lowest area, ruling 21; 4E-10 in Clever 4Ever), the total.",
        "type": "object",
        "required": [*labels, "foxes", "fox_points", "total"],
        "additionalProperties": False,
        "properties": {
            **{a.label: a.rules.JSON_SCORE for a in variant.areas},
            "foxes": {"type": "integer", "minimum": 0,
                      "description": "The foxes, 0 or more (rule FOX)."},
            "fox_points": {"type": "integer",
                           "description": "The foxes times the lowest area (rule FOX)" + (
                               "; no minimum: negative when the lowest area is (ruling "
                               "4E-10)." if negative else ".")},
            "total": {"type": "integer",
                      "description": "The areas and the fox points (rule SCORE-TOTAL)" + (
                          "; no minimum: a total may be negative (rule SCORE-YELLOW)."
                          if negative else ".")},
        },
    }


def _position(variant: Variant) -> dict[str, object]:
    codes = [d.code for d in variant.dice]
    most = variant.max_players
    rounds = max(variant.rounds_by_players.values())
    dice = [{
        "type": "object", "required": ["die", "face", "place"], "additionalProperties": False,
        "properties": {
            "die": {"const": code},
            "face": {"description": "The face, 1 to 6, or null: not rolled yet in this turn's "
                                    "first roll (a six-sided die).",
                     "anyOf": [{"type": "integer", "minimum": 1, "maximum": 6,
                                "description": "1 to 6: a six-sided die (rule "
                                               "ROLL-DICE)."},
                               {"type": "null"}]},
            "place": {"enum": list(PLACE_LABELS),
                      "description": "Where the die lies: the cup, the active player's die "
                                     "fields I to III, or the silver platter (rulebook 'The "
                                     "active player')."},
        },
    } for code in codes]
    players = [{
        "type": "object", "required": ["id", "extra_dice", "sheet"],
        "additionalProperties": False,
        "properties": {
            "id": {"const": pid},
            "extra_dice": {
                "description": "The dice this player took as extra dice this turn, in die "
                               "order: each die at most once per turn (rule EXTRA-DIE-ONCE, "
                               f"ruling 6), so at most {DICE_COUNT}.",
                "type": "array", "maxItems": DICE_COUNT, "uniqueItems": True,
                "items": {"enum": codes}},
            "sheet": {"$ref": f"#/$defs/{variant.name}-sheet"},
            "score": {"$ref": f"#/$defs/{variant.name}-score"},
        },
    } for pid in _ids(most)]
    return {
        "description": f"A {variant.title} position.",
        "type": "object",
        "required": list(KEYS),
        "additionalProperties": False,
        "properties": {
            "format": {"const": STATE_FORMAT},
            "game": {"const": variant.name},
            "ruleset": _ruleset(variant),
            "round": {"type": "integer", "minimum": 1, "maximum": rounds,
                      "description": f"The round, 1 to the game's rounds: {_ROUNDS}."},
            "phase": {"enum": list(PHASE_NAMES),
                      "description": "The step of the turn (docs/rulings.md, rulings 1-9)."},
            "to_move": {"enum": [*_ids(most), "dice", "nobody"],
                        "description": "Who is to move: a player, dice (a roll is due) or "
                                       "nobody (the game is over)."},
            "active": {"enum": _ids(most), "description": "The active player of the turn."},
            "seat": {"enum": _ids(most),
                     "description": "Whose part of the turn it is: the passive or end-phase "
                                    "player; the active player in the active phases."},
            "rolls_used": {"type": "integer", "minimum": 0, "maximum": 3,
                           "description": "How many of the active player's 3 rolls are used, "
                                          "0 to 3 (rule PLATTER-AFTER-THIRD: after the third "
                                          "roll the remaining dice go to the silver platter; "
                                          "rule ROLL-DICE)."},
            "dice": {"description": f"The {DICE_COUNT} dice, in die order "
                                    f"({' '.join(codes)}): a turn's first roll rolls all "
                                    f"{DICE_COUNT} (rules ACTIVE-PICK, ROLL-DICE).",
                     "type": "array", "minItems": DICE_COUNT, "maxItems": DICE_COUNT,
                     "prefixItems": dice, "items": False},
            "players": {"description": f"The players in seat order, {variant.min_players} to "
                                       f"{most} (rule ROUNDS: the game's rounds for "
                                       f"{variant.min_players} to {most} players).",
                        "type": "array", "minItems": variant.min_players, "maxItems": most,
                        "prefixItems": players, "items": False},
        },
    }


def state_schema() -> dict[str, object]:
    """The schema of a position's JSON (``oracle/schema/state-1.json``)."""
    variants = _variants()
    defs: dict[str, object] = {}
    for variant in variants:
        defs[variant.name] = _position(variant)
        defs[f"{variant.name}-sheet"] = _sheet(variant)
        defs[f"{variant.name}-score"] = _score(variant)
    return {
        "$schema": DRAFT,
        "$id": BASE + "state-1.json",
        "title": f"clever-oracle position, format {STATE_FORMAT}",
        "description": "A whole game in progress of a Clever game (Clever Cubed, Clever 4Ever), "
                       "as data: the same content as position notation (docs/formats.md, "
                       "sections 5 and 6). The game's own schema is $defs/<game>; a sheet "
                       "alone is $defs/<game>-sheet.",
        "type": "object",
        "required": ["format", "game"],
        "properties": {"format": {"const": STATE_FORMAT},
                       "game": {"enum": [v.name for v in variants]}},
        "allOf": [{"if": {"properties": {"game": {"const": v.name}}, "required": ["game"]},
                   "then": {"$ref": f"#/$defs/{v.name}"}} for v in variants],
        "$defs": defs,
    }


def _question_number(variant: Variant) -> str:
    """The description of a question mark's number: the most the game's question marks choose
    (under its default ruleset) against the reader's bound, shared by every game."""
    most = max(n for a in variant.areas
               for n in a.rules.question_numbers(variant.default_ruleset))
    if most == QUESTION_NUMBER_MAX:
        return ("The number chosen: 1 to 6, or a blue question mark's total, 2 to "
                f"{QUESTION_NUMBER_MAX} (rule QUESTION-USE, ruling 13); left out where the "
                "area's question marks choose none.")
    return (f"The number chosen: 1 to {most} (rule QUESTION-USE); left out where the area's "
            "question marks choose none (a cell or a part instead). The reader takes 1 to "
            f"{QUESTION_NUMBER_MAX} (not a rule: move notation's bound, shared by every Clever "
            f"game); a number above {most} is an illegal move.")


def _move(variant: Variant) -> dict[str, object]:
    codes = [d.code for d in variant.dice]
    questions = [b.code for b in variant.bonuses if variant.is_question[b]]
    action = variant.action
    die = {"enum": codes, "description": "The die, by its code (white first: the colour "
                                         "joker, rulebook 'The White Die')."}
    faces = {"type": "object", "required": ["die", "face"], "additionalProperties": False,
             "properties": {"die": die, "face": {
                 "type": "integer", "minimum": 1, "maximum": 6,
                 "description": "The face: 1 to 6, a six-sided die (rule "
                                "ROLL-DICE)."}}}

    def entries(fixed: dict[str, object], required: list[str]) -> list[object]:
        return [{"if": {"properties": {"area": {"const": a.label}}, "required": ["area"]},
                 "then": {"required": [*required, "area", *a.rules.JSON_TARGET],
                          "additionalProperties": False,
                          "properties": {**fixed, "area": {"const": a.label},
                                         **a.rules.JSON_TARGET}}}
                for a in variant.areas]

    kind = {"enum": list(KINDS)}
    die_move = {"kind": kind, "die": die, action.json_key: action.JSON_SCHEMA}
    question = {
        "kind": kind,
        "question_mark": {"enum": questions,
                          "description": "The pending question mark resolved (rulebook "
                                         "'Question-Mark Bonuses', rule QUESTION-FIRST)."},
        "number": {"type": "integer", "minimum": 1, "maximum": QUESTION_NUMBER_MAX,
                   "description": _question_number(variant)},
    }
    areas = [a.label for a in variant.areas]
    return {
        "description": f"A {variant.title} move.",
        "type": "object", "required": ["kind"], "properties": {"kind": kind},
        "allOf": [
            {"if": {"properties": {"kind": {"const": "roll"}}},
             "then": {"required": ["kind", "dice"], "additionalProperties": False,
                      "properties": {"kind": kind, "dice": {
                          "description": "The dice in the cup, rolled, in die order: 1 to "
                                         f"{DICE_COUNT} (rule ROLL-DICE: the dice not yet "
                                         "placed are rolled; a re-roll rolls the same dice, "
                                         "rule REROLL, ruling 3).",
                          "type": "array", "minItems": 1, "maxItems": DICE_COUNT,
                          "items": faces}}}},
            {"if": {"properties": {"kind": {"const": "solo-roll"}}},
             "then": {"required": ["kind", "dice"], "additionalProperties": False,
                      "properties": {"kind": kind, "dice": {
                          "description": f"All {DICE_COUNT} dice, closest to the silver "
                                         "platter first (rule SOLO-ROLL, ruling 9).",
                          "type": "array", "minItems": DICE_COUNT, "maxItems": DICE_COUNT,
                          "items": faces}}}},
            {"if": {"properties": {"kind": {"enum": ["take", "extra"]}}},
             "then": {"required": ["kind", "die", "area"],
                      "properties": {"area": {"enum": areas}},
                      "allOf": entries(die_move, ["kind", "die"])}},
            {"if": {"properties": {"kind": {"const": "question"}}},
             "then": {"required": ["kind", "question_mark", "area"],
                      "properties": {"area": {"enum": areas}},
                      "allOf": entries(question, ["kind", "question_mark"])}},
            {"if": {"properties": {"kind": {"enum": ["reroll", "forfeit", "pass"]}}},
             "then": {"additionalProperties": False, "properties": {"kind": kind}}},
        ],
    }


def move_schema() -> dict[str, object]:
    """The schema of a move's JSON (``oracle/schema/move-1.json``): a move of any game; one
    game's moves are ``$defs/<game>``."""
    variants = _variants()
    return {
        "$schema": DRAFT,
        "$id": BASE + "move-1.json",
        "title": f"clever-oracle move, {MOVE_FORMAT}",
        "description": "One move of a Clever game as data, beside its text (move notation, "
                       "docs/formats.md, sections 1 and 6). A move of one game is "
                       "$defs/<game>; the whole schema takes a move of any game.",
        "anyOf": [{"$ref": f"#/$defs/{v.name}"} for v in variants],
        "$defs": {v.name: _move(v) for v in variants},
    }


def text(schema: dict[str, object]) -> str:
    """A schema as the shipped file holds it."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write(folder: Path) -> list[Path]:
    """Write both schemas into ``folder``; the files written."""
    written = []
    for name, schema in (("state-1.json", state_schema()), ("move-1.json", move_schema())):
        path = folder / name
        path.write_text(text(schema), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover - the maintainer's command
    for path in write(Path(__file__).resolve().parents[1] / "schema"):
        sys.stdout.write(f"wrote {path}\n")
