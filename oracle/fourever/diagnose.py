"""Why a move is illegal: the first broken rule, by id, in words a player understands.

Legality itself is decided by :func:`oracle.fourever.legal.legal_moves` (one source of truth);
this module only explains a refusal, reading the rules again on its own (the area modules'
``problem`` functions, not their ``targets``).  The random-game suite checks that the two agree:
a move is listed exactly when this module finds nothing wrong with it.
"""

from __future__ import annotations

from oracle.dice import Place
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
from oracle.fourever import entries
from oracle.fourever.dice import Die
from oracle.fourever.legal import (
    die_context,
    legal_moves,
    partner_of,
    passive_takes,
    question_context,
)
from oracle.fourever.moves import (
    DieMove,
    ExtraDie,
    Forfeit,
    Pass,
    QuestionMark,
    ReRoll,
    Roll,
    SoloRoll,
    Take,
    well_formed,
)
from oracle.fourever.playersheet import PlayerSheet
from oracle.fourever.sheet import Area
from oracle.fourever.state import GameState, Phase


def illegal(state: GameState, move: object) -> IllegalMoveError:
    """The error for a move that :func:`legal_moves` does not list."""
    rule, reason = diagnose(state, move) or (
        "NOT-LEGAL", "the move is not among the legal moves"
    )
    return IllegalMoveError(rule, reason, state, legal_moves(state))


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
        return reroll_problem(phase, sheet.rerolls_left)
    if isinstance(move, Forfeit):
        return forfeit_problem(phase)
    if isinstance(move, Pass):
        return pass_problem(phase)
    if isinstance(move, Take):
        return _take(state, sheet, move)
    if isinstance(move, ExtraDie):
        return _extra(state, sheet, move)
    return "MOVE-FORM", "this is not a move"


def _polish(state: GameState, sheet: PlayerSheet, move: DieMove) -> Problem | None:
    """Polish the silver (docs/rulings.md, ruling 4E-1)."""
    if move.polish_uses > sheet.polish_left:
        return "POLISH", (
            f"the move polishes {move.polish_uses} times, but only {sheet.polish_left} circled "
            "polish fields are unspent"
        )
    any_die = state.ruleset.polish_any_die
    for die, change in ((move.die, move.polish), (partner_of(move.die), move.partner)):
        if change and not any_die and state.places[die] is not Place.PLATTER:
            return "POLISH-PLATTER", (
                f"only a die taken from the silver platter may be polished; the "
                f"{Die(die).name.lower()} die lies elsewhere"
            )
        if change and not 1 <= state.faces[die] + change <= 6:
            return "POLISH-RANGE", (
                f"the {Die(die).name.lower()} die shows {state.faces[die]}; polished by "
                f"{change:+d} it would leave 1 to 6 (1 and 6 are not adjacent)"
            )
    return None


def _die_entry(state: GameState, sheet: PlayerSheet, move: DieMove) -> Problem | None:
    problem = _polish(state, sheet, move)
    if problem:
        return problem
    die, area = move.die, move.area
    if die is Die.WHITE and area is Area.BLUE and not state.ruleset.white_for_blue:
        return "WHITE-FOR-BLUE", (
            "under this ruleset the white die is no joker for blue (option white_for_blue)"
        )
    if die is not Die.WHITE and int(area) != int(die):
        return "WHITE-JOKER", (
            f"the {die.name.lower()} die goes in the {die.name.lower()} area; only the white die "
            "is a colour joker"
        )
    ctx = die_context(state, die, area, move.polish, move.partner)
    return entries.problem(sheet, area, move.target, ctx)


def _take(state: GameState, sheet: PlayerSheet, move: Take) -> Problem | None:
    phase = state.phase
    place = state.places[move.die]
    if phase is Phase.CHOOSE:
        if place is not Place.CUP:
            return not_in_roll(move.die.name.lower())
        return _die_entry(state, sheet, move)
    if phase is Phase.PASSIVE_CHOOSE:
        if place.is_die_field:
            usable = [m for m in passive_takes(state, state.actor)
                      if isinstance(m, Take) and state.places[m.die] is Place.PLATTER
                      and m.polish_uses == 0]
            if usable:
                return fallback_problem(usable[0])
        elif place is not Place.PLATTER:
            return PASSIVE_PLATTER
        return _die_entry(state, sheet, move)
    return AFTER_ROLLS


def _extra(state: GameState, sheet: PlayerSheet, move: ExtraDie) -> Problem | None:
    problem = extra_problem(
        state.phase, sheet.extra_dice_left, state.extras[state.actor], move.die,
        move.die.name.lower(), in_cup=state.places[move.die] is Place.CUP,
    )
    if problem:
        return problem
    return _die_entry(state, sheet, move)


def _question(state: GameState, sheet: PlayerSheet, move: QuestionMark) -> Problem | None:
    if move.bonus not in sheet.pending:
        return "QUESTION-USE", f"there is no pending {move.bonus.code} question mark"
    if move.bonus.area is not None and move.area is not move.bonus.area:
        return "QUESTION-USE", (
            f"a {move.bonus.code} question mark is used in the {move.bonus.area.label} area"
        )
    ctx = question_context(state, move.area, move.number)
    return entries.problem(sheet, move.area, move.target, ctx)
