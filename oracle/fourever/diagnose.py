"""Why a move is illegal: the first broken rule, by id, in words a player understands.

Legality itself is decided by :func:`oracle.fourever.legal.legal_moves` (one source of truth);
this module only explains a refusal, reading the rules again on its own (the area modules'
``problem`` functions, not their ``targets``).  The random-game suite checks that the two agree:
a move is listed exactly when this module finds nothing wrong with it.
"""

from __future__ import annotations

from oracle.dice import Place
from oracle.errors import IllegalMoveError
from oracle.fourever import entries
from oracle.fourever.dice import Die
from oracle.fourever.legal import (
    EXTRA_PHASES,
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

Problem = tuple[str, str]


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
            return "REROLL", "only the active player may re-roll, before choosing a die"
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
            return "ACTIVE-PICK", (
                f"the {move.die.name.lower()} die is not in this roll; the active player takes a "
                "die from the dice just rolled"
            )
        return _die_entry(state, sheet, move)
    if phase is Phase.PASSIVE_CHOOSE:
        if place.is_die_field:
            usable = [m for m in passive_takes(state, state.actor)
                      if isinstance(m, Take) and state.places[m.die] is Place.PLATTER
                      and m.polish_uses == 0]
            if usable:
                return "PASSIVE-FALLBACK", (
                    f"a die-field die may be taken only when no silver-platter die can be used; "
                    f"{usable[0]} is possible"
                )
        elif place is not Place.PLATTER:
            return "PASSIVE-PLATTER", "a passive player takes a die from the silver platter"
        return _die_entry(state, sheet, move)
    return "EXTRA-DIE", (
        "the dice of the turn are chosen; at the end of a turn only an extra die ('extra') can "
        "be taken"
    )


def _extra(state: GameState, sheet: PlayerSheet, move: ExtraDie) -> Problem | None:
    if state.phase not in EXTRA_PHASES:
        return "EXTRA-DIE", (
            "an extra die is used at the end of the player's turn: after the last roll, or after "
            "the passive choice"
        )
    if sheet.extra_dice_left <= 0:
        return "EXTRA-DIE", "no circled extra-die action is left to spend"
    if state.places[move.die] is Place.CUP:
        return "EXTRA-DIE", f"the {move.die.name.lower()} die is in the cup, not on the table"
    if state.extras[state.actor] >> move.die & 1:
        return "EXTRA-DIE-ONCE", (
            f"the {move.die.name.lower()} die was already taken as an extra die in this turn"
        )
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
