"""Why a move is illegal: the first broken rule, by id, in words a player understands.

Legality itself is decided by :func:`oracle.cubed.legal.legal_moves` (one source of truth); this
module only explains a refusal.  The property suite checks that the two agree: a move is listed
exactly when this module finds nothing wrong with it.
"""

from __future__ import annotations

from oracle.dice import Place, Position
from oracle.cubed.areas import AREAS
from oracle.cubed.areas.context import die_context, question_context
from oracle.cubed.dice import Die
from oracle.errors import IllegalMoveError
from oracle.cubed.legal import (
    EXTRA_PHASES,
    areas_for,
    jokers,
    legal_moves,
    passive_takes,
    question_numbers,
)
from oracle.cubed.moves import (
    ExtraDie,
    Forfeit,
    Joker,
    Move,
    Pass,
    QuestionMark,
    ReRoll,
    Roll,
    SoloRoll,
    Take,
    well_formed,
)
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.sheet import Area
from oracle.cubed.state import GameState, Phase

Problem = tuple[str, str]


def illegal(state: GameState, move: object) -> IllegalMoveError:
    """The error for a move that :func:`legal_moves` does not list."""
    legal = legal_moves(state)
    rule, reason = diagnose(state, move) or (
        "NOT-LEGAL", "the move is not among the legal moves"
    )
    return IllegalMoveError(rule, reason, state, legal)


def diagnose(state: GameState, move: object) -> Problem | None:
    """The first rule ``move`` breaks in ``state`` as (rule id, reason), or None if none."""
    if not well_formed(move):
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
    if isinstance(move, QuestionMark):
        return _question(state, sheet, move)
    phase = state.phase
    if isinstance(move, ReRoll):
        if phase is not Phase.CHOOSE:
            return "REROLL", (
                "only the active player may re-roll, before choosing a die from the roll"
            )
        if sheet.rerolls_left <= 0:
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
    if isinstance(move, ExtraDie):
        return _extra(state, sheet, move)
    return "MOVE-FORM", "this is not a move"


def _joker_problem(
    sheet: PlayerSheet, face: int, joker: Joker | None, same_face: bool
) -> Problem | None:
    if joker is None or joker in jokers(sheet, face, same_face):
        return None
    if joker.number == face and not same_face:
        return "NUMBER-JOKER", f"the die already shows {face}; a number joker changes the number"
    kind = "a '?' field" if joker.free else f"a field printed {joker.number}"
    return "NUMBER-JOKER", f"no circled, unspent number-joker field: {kind}"


def _die_entry(
    state: GameState,
    sheet: PlayerSheet,
    die: Die,
    position: Position,
    area: Area,
    target: int,
    joker: Joker | None,
) -> Problem | None:
    face = state.faces[die]
    problem = _joker_problem(sheet, face, joker, state.ruleset.joker_same_face)
    if problem:
        return problem
    if area not in areas_for(die):
        return "WHITE-JOKER", (
            f"the {die.name.lower()} die goes in the {die.name.lower()} area; only the white die "
            "is a colour joker"
        )
    number = joker.number if joker is not None else face
    return AREAS[area].problem(sheet, target, die_context(state, die, area, position, number))


def _take(state: GameState, sheet: PlayerSheet, move: Take) -> Problem | None:
    phase = state.phase
    place = state.places[move.die]
    if phase is Phase.CHOOSE:
        if place is not Place.CUP:
            return "ACTIVE-PICK", (
                f"the {move.die.name.lower()} die is not in this roll; the active player takes a "
                "die from the dice just rolled"
            )
        return _die_entry(
            state, sheet, move.die, Position(state.rolls + 1), move.area, move.target, move.joker
        )
    if phase is Phase.PASSIVE_CHOOSE:
        if place.is_die_field:
            usable = [m for m in passive_takes(state, state.actor)
                      if isinstance(m, Take) and state.places[m.die] is Place.PLATTER
                      and m.joker is None]
            if usable:
                return "PASSIVE-FALLBACK", (
                    f"a die-field die may be taken only when no silver-platter die can be used; "
                    f"{usable[0]} is possible"
                )
        elif place is not Place.PLATTER:
            return "PASSIVE-PLATTER", "a passive player takes a die from the silver platter"
        return _die_entry(
            state, sheet, move.die, Position.of(place), move.area, move.target, move.joker
        )
    return "EXTRA-DIE", (
        "the dice of the turn are chosen; at the end of a turn only an extra die ('extra') can be "
        "taken"
    )


def _extra(state: GameState, sheet: PlayerSheet, move: ExtraDie) -> Problem | None:
    if state.phase not in EXTRA_PHASES:
        return "EXTRA-DIE", (
            "an extra die is used at the end of the player's turn: after the last roll, or after "
            "the passive choice"
        )
    if sheet.extra_dice_left <= 0:
        return "EXTRA-DIE", "no circled extra-die action is left to spend"
    if state.extras[state.actor] >> move.die & 1:
        return "EXTRA-DIE-ONCE", (
            f"the {move.die.name.lower()} die was already taken as an extra die in this turn"
        )
    position = Position.of(state.places[move.die])
    return _die_entry(state, sheet, move.die, position, move.area, move.target, move.joker)


def _question(state: GameState, sheet: PlayerSheet, move: QuestionMark) -> Problem | None:
    if move.bonus not in sheet.pending:
        return "QUESTION-USE", f"there is no pending {move.bonus.code} question mark"
    if move.bonus.area is not None and move.area is not move.bonus.area:
        return "QUESTION-USE", (
            f"a {move.bonus.code} question mark is used in the {move.bonus.area.label} area"
        )
    numbers = question_numbers(state, move.area)
    if move.number not in numbers:
        return "QUESTION-USE", f"choose a number from {numbers[0]} to {numbers[-1]}"
    ctx = question_context(state, move.area, move.number)
    return AREAS[move.area].problem(sheet, move.target, ctx)
