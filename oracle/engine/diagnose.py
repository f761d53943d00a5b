"""Why a move is illegal: the first broken rule, by id, in words a player understands — for
every Clever game.

Legality itself is decided by :func:`oracle.engine.legal.legal_moves` (one source of truth); this
module only explains a refusal, reading the rules again on its own: the turn's rules here, the
game's own action through its ``problem``, each area through its ``problem`` (not its
``targets``).  The property suites check that the two readings agree: a move is listed exactly
when this module finds nothing wrong with it.

Turn-level rule ids: TURN-ORDER, GAME-OVER, MOVE-FORM, QUESTION-FIRST and QUESTION-USE (ruling
18), REROLL (ruling 3), FORFEIT (ruling 1), ACTIVE-PICK, PASSIVE-PLATTER, PASSIVE-FALLBACK
(ruling 4), EXTRA-DIE, EXTRA-DIE-ONCE (ruling 6).
"""

from __future__ import annotations

from typing import Any

from oracle.engine.area import QUESTION_DIE, Problem
from oracle.engine.dice import Place, Position
from oracle.engine.entries import entry_position
from oracle.engine.errors import IllegalMoveError
from oracle.engine.legal import legal_moves, passive_takes, well_formed
from oracle.engine.moves import (
    DieMove,
    ExtraDie,
    Forfeit,
    Pass,
    QuestionMark,
    ReRoll,
    Roll,
    SoloRoll,
    Take,
)
from oracle.engine.phase import Phase
from oracle.engine.sheet import EXTRA_DIE, REROLL, Sheet
from oracle.engine.state import GameState

__all__ = ["Problem", "diagnose", "illegal"]

State = GameState[Any, Any]

_QUESTION = int(Position.QUESTION)
_EXTRA_PHASES = (Phase.ACTIVE_EXTRA, Phase.PASSIVE_EXTRA, Phase.END_EXTRA)


def illegal(state: State, move: object) -> IllegalMoveError:
    """The error for a move that :func:`legal_moves` does not list."""
    rule, reason = diagnose(state, move) or ("NOT-LEGAL", "the move is not among the legal moves")
    return IllegalMoveError(rule, reason, state, legal_moves(state))


def diagnose(state: State, move: object) -> Problem | None:
    """The first rule ``move`` breaks in ``state`` as (rule id, reason), or None if none."""
    if not well_formed(state.variant, move):
        return "MOVE-FORM", f"{move!r} is not a well-formed move (see the move notation)"
    if state.is_terminal:
        return "GAME-OVER", "the game is over; no more moves can be made"
    if isinstance(move, (Roll, SoloRoll)):
        if state.actor >= 0:
            return "TURN-ORDER", f"player {state.actor + 1} is to move, not the dice"
        return None
    if state.actor < 0:
        return "TURN-ORDER", "the dice must be rolled now"
    sheet = state.sheets[state.actor]
    if sheet.pending and not isinstance(move, QuestionMark):
        codes = " ".join(b.code for b in sheet.pending)
        return "QUESTION-FIRST", f"the pending question marks ({codes}) must be resolved first"
    phase = state.phase
    if isinstance(move, QuestionMark):
        return _question(state, sheet, move)
    if isinstance(move, ReRoll):
        if phase is not Phase.CHOOSE:
            return "REROLL", "only the active player may re-roll, before choosing a die from the roll"
        if sheet.left(REROLL) <= 0:
            return "REROLL", "no circled re-roll action is left to spend"
        return None
    if isinstance(move, Forfeit):
        if phase is not Phase.CHOOSE:
            return "FORFEIT", "only the active player can forfeit a roll, right after it"
        return None
    if isinstance(move, Pass):
        if phase is Phase.CHOOSE:
            return "ACTIVE-PICK", "the active player takes a die from the roll or forfeits it"
        return None
    if isinstance(move, Take):
        return _take(state, sheet, move)
    assert isinstance(move, ExtraDie)
    return _extra(state, sheet, move)


def _die_name(die: object) -> str:
    return str(getattr(die, "name", die)).lower()


def _die_entry(state: State, sheet: Sheet, move: DieMove) -> Problem | None:
    """The game's action, the die's colour, then the area's own reading."""
    variant = state.variant
    die, area, action = move.die, move.area, move.action
    other = variant.partner[die]
    problem = variant.action.problem(state, sheet, die, other, action,
                                     variant.reads_partner[area])
    if problem:
        return problem
    problem = variant.colour_problem(die, area, state.ruleset)
    if problem:
        return problem
    number, partner = variant.action.numbers(action, state.faces[die], state.faces[other])
    return area.rules.problem(sheet.parts[area - 1], move.target, number, partner,
                              entry_position(state, die), die, state)


def _take(state: State, sheet: Sheet, move: Take) -> Problem | None:
    phase = state.phase
    place = state.places[move.die]
    if phase is Phase.CHOOSE:
        if place is not Place.CUP:
            return "ACTIVE-PICK", (
                f"the {_die_name(move.die)} die is not in this roll; the active player takes a "
                "die from the dice just rolled"
            )
        return _die_entry(state, sheet, move)
    if phase is Phase.PASSIVE_CHOOSE:
        if place.is_die_field:
            usable = [m for m in passive_takes(state, state.actor)
                      if isinstance(m, Take) and state.places[m.die] is Place.PLATTER
                      and m.action is None]
            if usable:
                return "PASSIVE-FALLBACK", (
                    "a die-field die may be taken only when no silver-platter die can be used; "
                    f"{usable[0]} is possible"
                )
        elif place is not Place.PLATTER:
            return "PASSIVE-PLATTER", "a passive player takes a die from the silver platter"
        return _die_entry(state, sheet, move)
    return "EXTRA-DIE", (
        "the dice of the turn are chosen; at the end of a turn only an extra die ('extra') can be "
        "taken"
    )


def _extra(state: State, sheet: Sheet, move: ExtraDie) -> Problem | None:
    """An extra die (ruling 6): at the end of a player's turn, with an extra-die action left, a
    die on the table, not already taken as an extra die in this turn."""
    name = _die_name(move.die)
    if state.phase not in _EXTRA_PHASES:
        return "EXTRA-DIE", (
            "an extra die is used at the end of the player's turn: after the last roll, or after "
            "the passive choice"
        )
    if sheet.left(EXTRA_DIE) <= 0:
        return "EXTRA-DIE", "no circled extra-die action is left to spend"
    if state.places[move.die] is Place.CUP:
        return "EXTRA-DIE", f"the {name} die is in the cup, not on the table"
    if state.extras[state.actor] >> move.die & 1:
        return "EXTRA-DIE-ONCE", f"the {name} die was already taken as an extra die in this turn"
    return _die_entry(state, sheet, move)


def _question(state: State, sheet: Sheet, move: QuestionMark) -> Problem | None:
    bonus, area = move.bonus, move.area
    if bonus not in sheet.pending:
        return "QUESTION-USE", f"there is no pending {bonus.code} question mark"
    areas = state.variant.question_areas[bonus]
    if area not in areas:
        return "QUESTION-USE", f"a {bonus.code} question mark is used in the {areas[0].label} area"
    numbers = area.rules.question_numbers(state.ruleset)
    if move.number not in numbers:
        if numbers == (0,):
            return "QUESTION-USE", (
                f"a question mark used in {area.label} chooses no number; name only the target"
            )
        return "QUESTION-USE", f"choose a number from {numbers[0]} to {numbers[-1]}"
    return area.rules.problem(sheet.parts[area - 1], move.target, move.number, 0,
                              _QUESTION, QUESTION_DIE, state)
