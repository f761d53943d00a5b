"""The public engine: a new game, applying a move, whose move it is.

``apply(state, move)`` returns a new state or raises :class:`IllegalMoveError` naming the broken
rule (diagnosed by :mod:`oracle.cubed.diagnose`), the reason in words and the legal moves.
"""

from __future__ import annotations

from oracle.dice import Place, Position, solo_placement
from oracle.cubed.areas import enter
from oracle.cubed.areas.context import die_context, question_context
from oracle.cubed.dice import ALL_DICE, Die
from oracle.errors import IllegalMoveError, OracleError
from oracle.cubed.diagnose import illegal
from oracle.cubed.legal import is_legal_formed
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
from oracle.cubed.playersheet import PlayerSheet, joker_number
from oracle.cubed.ruleset import DEFAULT_RULESET, Ruleset
from oracle.cubed.sheet import MAX_PLAYERS, MIN_PLAYERS, Area
from oracle.cubed.state import CHANCE, GameState, Phase
from oracle.cubed.turn import after_extra, rolls_done, settle, start_round


def new_game(players: int, ruleset: Ruleset = DEFAULT_RULESET) -> GameState:
    """A new game for 1 to 4 players: round 1 begins, every player has the round-1 re-roll, and
    the first player's dice are to be rolled."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OracleError(f"players: {players!r} is not a number of players from 1 to 4")
    state = GameState.before_play(ruleset, (PlayerSheet(),) * players)
    return settle(start_round(state, 1))


def spend_joker(sheet: PlayerSheet, joker: Joker | None) -> PlayerSheet:
    """Cross out the number-joker field used: the printed field with that number, or the first
    circled unspent '?' field (the '?' fields are alike)."""
    if joker is None:
        return sheet
    for i in sheet.joker_fields_left():
        printed = joker_number(i)
        if (joker.free and printed == 0) or (not joker.free and printed == joker.number):
            return sheet.but(jokers_spent=sheet.jokers_spent | 1 << i)
    raise AssertionError("spend_joker: no such joker field (the move was not legal)")


def _enter_die(
    state: GameState, sheet: PlayerSheet, die: Die, area: Area, target: int, joker: Joker | None
) -> PlayerSheet:
    number = joker.number if joker is not None else state.faces[die]
    place = state.places[die]
    # an active pick lies in the cup until it goes onto the next die field
    position = _FIELD_POSITIONS[state.rolls + 1] if place == _CUP else Position.of(place)
    ctx = die_context(state, die, area, position, number)
    return enter(spend_joker(sheet, joker), area, target, ctx)


def _faces_ok(faces: object, low: int) -> bool:
    return (
        isinstance(faces, tuple)
        and len(faces) == 6
        and all(type(f) is int and low <= f <= 6 for f in faces)
    )


def _roll_ok(faces: object, places: tuple[Place, ...]) -> bool:
    """True when ``faces`` gives faces 1 to 6 to exactly the dice in the cup (0 to the rest)."""
    if not isinstance(faces, tuple) or len(faces) != 6:
        return False
    for f, p in zip(faces, places):
        if type(f) is not int or not 0 <= f <= 6 or (f != 0) != (p == _CUP):
            return False
    return True


def _check_chance(state: GameState, move: object) -> None:
    if state.phase == _SOLO_ROLL:
        if not isinstance(move, SoloRoll):
            raise IllegalMoveError(
                "SOLO-ROLL", "the solo passive turn is rolled with all six dice in their order "
                "from the silver platter (solo-roll)", state, ())
        order = move.order
        if (
            not _faces_ok(move.faces, 1)
            or not isinstance(order, tuple)
            or not all(isinstance(d, Die) for d in order)
            or tuple(sorted(order)) != ALL_DICE
        ):
            raise IllegalMoveError(
                "SOLO-ROLL", "a solo roll names each of the six dice once, with faces 1 to 6",
                state, ())
        return
    if not isinstance(move, Roll):
        raise IllegalMoveError(
            "TURN-ORDER", "the dice in the cup must be rolled now (a roll move)", state, ())
    if not _roll_ok(move.faces, state.places):
        cup = [d for d in range(6) if state.places[d] is Place.CUP]
        names = " ".join(Die(d).code for d in cup)
        raise IllegalMoveError(
            "ROLL-DICE", f"the roll must give faces 1 to 6 to exactly the dice in the cup: {names}",
            state, ())


def apply(state: GameState, move: object) -> GameState:
    """The state after ``move``; the old state stays valid.  Raises :class:`IllegalMoveError`
    when the move is not legal in ``state``."""
    if state.actor == CHANCE:
        _check_chance(state, move)
    elif not well_formed(move) or not is_legal_formed(state, move):
        raise illegal(state, move)
    return apply_unchecked(state, move)


def _sheets_with(state: GameState, player: int, sheet: PlayerSheet) -> tuple[PlayerSheet, ...]:
    sheets = state.sheets
    return sheets[:player] + (sheet,) + sheets[player + 1 :]


_CUP, _PLATTER = Place.CUP, Place.PLATTER
_ROLL, _CHOOSE, _SOLO_ROLL = Phase.ROLL, Phase.CHOOSE, Phase.SOLO_ROLL
_PASSIVE_CHOOSE, _PASSIVE_EXTRA = Phase.PASSIVE_CHOOSE, Phase.PASSIVE_EXTRA
_FIELDS: tuple[Place, ...] = (Place.CUP, Place.FIELD_I, Place.FIELD_II, Place.FIELD_III)
_FIELD_POSITIONS: tuple[Position, ...] = (
    Position.PLATTER, Position.FIELD_I, Position.FIELD_II, Position.FIELD_III
)


def apply_unchecked(state: GameState, move: object) -> GameState:
    """:func:`apply` for a move known to be legal (one :func:`legal_moves` listed, or a valid
    chance move); it skips the check.  Faster for players that pick from the legal moves.
    Each step builds its next state in one go, naming the actor it most likely has; then
    :func:`settle` brings it to a decision (it works the actor out afresh, and keeps the state
    when the guess was right)."""
    actor = state.actor
    if isinstance(move, Roll):
        faces = tuple(f if f else old for f, old in zip(move.faces, state.faces))
        return settle(state.but(faces=faces, phase=_CHOOSE, actor=state.active))
    if isinstance(move, SoloRoll):
        places = solo_placement(move.faces, move.order)
        return settle(
            state.but(faces=move.faces, places=places, phase=_PASSIVE_CHOOSE, seat=0, rolls=3,
                      actor=0)
        )
    sheet = state.sheets[actor]
    if isinstance(move, QuestionMark):
        pending = list(sheet.pending)
        pending.remove(move.bonus)
        sheet = sheet.but(pending=tuple(pending))
        ctx = question_context(state, move.area, move.number)
        sheet = enter(sheet, move.area, move.target, ctx)
        return settle(state.but(sheets=_sheets_with(state, actor, sheet)))
    if isinstance(move, Take):
        sheet = _enter_die(state, sheet, move.die, move.area, move.target, move.joker)
        sheets = _sheets_with(state, actor, sheet)
        if state.phase == _PASSIVE_CHOOSE:
            return settle(state.but(sheets=sheets, phase=_PASSIVE_EXTRA))
        field = state.rolls + 1
        faces = state.faces
        face = faces[move.die]
        place = _FIELDS[field]
        places = tuple(
            place if d == move.die
            else _PLATTER if p == _CUP and faces[d] < face
            else p
            for d, p in enumerate(state.places)
        )
        phase, places = rolls_done(places, field)
        return settle(state.but(sheets=sheets, places=places, rolls=field, phase=phase,
                                actor=CHANCE if phase == _ROLL else actor))
    if isinstance(move, ExtraDie):
        sheet = _enter_die(state, sheet, move.die, move.area, move.target, move.joker)
        sheet = sheet.but(extra_dice_spent=sheet.extra_dice_spent + 1)
        extras = state.extras
        extras = extras[:actor] + (extras[actor] | 1 << move.die,) + extras[actor + 1 :]
        return settle(state.but(sheets=_sheets_with(state, actor, sheet), extras=extras))
    if isinstance(move, ReRoll):
        sheet = sheet.but(rerolls_spent=sheet.rerolls_spent + 1)
        return settle(state.but(sheets=_sheets_with(state, actor, sheet), phase=_ROLL,
                                actor=CHANCE))
    if isinstance(move, Forfeit):
        rolls = state.rolls + 1
        phase, places = rolls_done(state.places, rolls)
        return settle(state.but(rolls=rolls, phase=phase, places=places,
                                actor=CHANCE if phase == _ROLL else actor))
    if isinstance(move, Pass):
        if state.phase == _PASSIVE_CHOOSE:
            return settle(state.but(phase=_PASSIVE_EXTRA))
        return settle(after_extra(state))
    raise OracleError(f"not a move: {move!r}")
