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
from oracle.diagnose import (
    AFTER_ROLLS,
    DICE_DUE,
    PASSIVE_PLATTER,
    Problem,
    chance_order,
    extra_problem,
    fallback_problem,
    forfeit_problem,
    not_in_roll,
    pass_problem,
    question_first,
    reroll_problem,
)
from oracle.errors import IllegalMoveError
from oracle.cubed.legal import (
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
        return chance_order(state.actor)
    if state.actor < 0:
        return DICE_DUE
    sheet = state.sheets[state.actor]
    if sheet.pending and not isinstance(move, QuestionMark):
        return question_first(b.code for b in sheet.pending)
    if isinstance(move, QuestionMark):
        return _question(state, sheet, move)
    phase = state.phase
    if isinstance(move, ReRoll):
        return reroll_problem(
            phase, sheet.rerolls_left,
            "only the active player may re-roll, before choosing a die from the roll",
        )
    if isinstance(move, Forfeit):
        return forfeit_problem(phase)
    if isinstance(move, Pass):
        return pass_problem(phase)
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
            return not_in_roll(move.die.name.lower())
        return _die_entry(
            state, sheet, move.die, Position(state.rolls + 1), move.area, move.target, move.joker
        )
    if phase is Phase.PASSIVE_CHOOSE:
        if place.is_die_field:
            usable = [m for m in passive_takes(state, state.actor)
                      if isinstance(m, Take) and state.places[m.die] is Place.PLATTER
                      and m.joker is None]
            if usable:
                return fallback_problem(usable[0])
        elif place is not Place.PLATTER:
            return PASSIVE_PLATTER
        return _die_entry(
            state, sheet, move.die, Position.of(place), move.area, move.target, move.joker
        )
    return AFTER_ROLLS


def _extra(state: GameState, sheet: PlayerSheet, move: ExtraDie) -> Problem | None:
    problem = extra_problem(
        state.phase, sheet.extra_dice_left, state.extras[state.actor], move.die,
        move.die.name.lower(),
    )
    if problem:
        return problem
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
