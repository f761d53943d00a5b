"""Which rule a difference between another app's state and ours points at, for the
certification report (any Clever game).

When an app's sheet, dice or score differ from ours after a step both accepted, the rule involved
is read off what differs and the step that made it differ: the area the move entered (the area's
``ENTRY_RULE``), another part of the sheet (that area's bonuses, ``BONUS-<AREA>``), the game's
own action (its ``rule``), the dice after an active pick (the silver-platter rules), the score's
fox count (``FOX``), and so on.

When an app refuses (or does not list) a move our rules allow, :func:`legal_rules` names the rules
that make that move legal here, most specific first, each with the group of moves it covers (so
a harness can tell which one the app reads otherwise by asking it about the others in a group).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from oracle.engine.diagnose import diagnose
from oracle.engine.dice import Place
from oracle.formats.model.sheet import track_key
from oracle.engine.moves import DieMove, ExtraDie, Forfeit, Pass, QuestionMark, ReRoll, Roll, SoloRoll, Take
from oracle.engine.phase import Phase
from oracle.engine.sheet import ACTION, EXTRA_DIE
from oracle.engine.state import GameState
from oracle.engine.variant import Variant

__all__ = ["dice_rule", "legal_rules", "legal_rules_of", "score_rule", "sheet_rule"]


def _fields(variant: Variant, sheet: str | Mapping[str, object]) -> dict[str, object]:
    """A sheet's parts by their sheet-notation keys: from sheet notation, or from sheet JSON
    (docs/formats.md, section 6: areas by label, tracks under ``actions``)."""
    if isinstance(sheet, str):
        return dict(token.partition("=")[::2] for token in sheet.split(" "))
    out: dict[str, object] = {a.rules.KEY: sheet.get(a.label) for a in variant.areas}
    actions = sheet.get("actions")
    for track in variant.tracks:
        out[track.code] = actions.get(track_key(track)) if isinstance(actions, Mapping) else None
    out["q"] = sheet.get("question_marks")
    out["fox"] = sheet.get("foxes")
    return out


def _circled(track: object) -> int:
    """How many fields of an action track (sheet notation: ``x`` spent, ``o`` circled, ``.``
    open; sheet JSON: ``circled``) are circled: a difference there is a bonus earned, not an
    action spent."""
    if isinstance(track, Mapping):
        circled = track.get("circled")
        return circled if isinstance(circled, int) else -1
    return sum(1 for ch in str(track) if ch != ".")


def sheet_rule(variant: Variant, before: GameState[Any, Any], move: object,
               ours: str | Mapping[str, object], theirs: str | Mapping[str, object]) -> str:
    """The rule behind a sheet that differs (ours vs theirs, both sheet notation or both
    sheet JSON) after ``move``."""
    a, b = _fields(variant, ours), _fields(variant, theirs)
    differ = {k for k in a.keys() | b.keys() if a.get(k) != b.get(k)} - {"fox"}
    tracks = {t.code for t in variant.tracks}
    if isinstance(move, ExtraDie) and variant.tracks[EXTRA_DIE].code in differ:
        return "EXTRA-DIE"
    action = variant.tracks[ACTION].code
    if (isinstance(move, DieMove) and move.action is not None and action in differ
            and _circled(a.get(action, "")) == _circled(b.get(action, ""))):
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


def _other_readings(state: GameState[Any, Any]) -> list[tuple[str, GameState[Any, Any]]]:
    """The same position under each other value of each ruleset option, by option name."""
    variant = state.variant
    current = state.ruleset.options()
    out = []
    for option in variant.ruleset_options:
        for value in option.values:
            if value != str(current.get(option.name, option.default)).lower():
                other = variant.make_ruleset({option.name: value}, state.ruleset)
                out.append((option.name, attrs.evolve(state, ruleset=other)))
    return out


def legal_rules(state: GameState[Any, Any], move: object) -> tuple[tuple[str, str], ...]:
    """The rules that make ``move`` (legal in ``state``) legal here, most specific first, each
    with its group: a key shared by the legal moves that rule allows for the same reason.

    In order: the end-of-game extra dice (END-EXTRA, ruling 7); the player's choice among
    pending question marks of several kinds (QUESTION-FIRST, ruling 18; the group is the kind);
    the passive fallback (PASSIVE-FALLBACK, ruling 4); the rules one other ruleset option would
    apply (BLUE-SEVEN, WHITE-FOR-BLUE, ...); the game's own action (NUMBER-JOKER, POLISH); the
    step itself (extra die, re-roll, forfeit, declining); last, the entry's area rule."""
    return legal_rules_of(state, (move,))[0]


def legal_rules_of(state: GameState[Any, Any], moves: tuple[object, ...],
                   ) -> tuple[tuple[tuple[str, str], ...], ...]:
    """:func:`legal_rules` of each of ``moves`` (the other readings worked out once)."""
    readings = _other_readings(state)
    return tuple(_rules(state, move, readings) for move in moves)


def _rules(state: GameState[Any, Any], move: object,
           readings: list[tuple[str, GameState[Any, Any]]]) -> tuple[tuple[str, str], ...]:
    variant = state.variant
    phase, actor = state.phase, state.actor
    out: list[tuple[str, str]] = []
    if phase is Phase.END_EXTRA and isinstance(move, (ExtraDie, Pass)):
        out.append(("END-EXTRA", "end"))
    if isinstance(move, QuestionMark) and len(set(state.pending(actor))) > 1:
        out.append(("QUESTION-FIRST", f"kind:{move.bonus.code}"))
    if (isinstance(move, Take) and phase is Phase.PASSIVE_CHOOSE
            and state.places[move.die] != Place.PLATTER):
        out.append(("PASSIVE-FALLBACK", "fallback"))
    for name, other in readings:
        problem = diagnose(other, move)
        if problem is not None and (problem[0], f"option:{name}") not in out:
            out.append((problem[0], f"option:{name}"))
    if isinstance(move, DieMove) and move.action is not None:
        out.append((variant.action.rule, "action"))
    if isinstance(move, ExtraDie):
        out.append(("EXTRA-DIE", "extra"))
    elif isinstance(move, ReRoll):
        out.append(("REROLL", "reroll"))
    elif isinstance(move, Forfeit):
        out.append(("FORFEIT", "forfeit"))
    elif isinstance(move, Pass):
        out.append(("PASSIVE-PLATTER" if phase is Phase.PASSIVE_CHOOSE else "EXTRA-DIE", "pass"))
    if isinstance(move, QuestionMark):
        out.append(("QUESTION-USE", f"question:{move.area.label}"))
    elif isinstance(move, DieMove):
        out.append((move.area.rules.ENTRY_RULE, f"area:{move.area.label}"))
    return tuple(out)
