"""The public engine: a new game, applying a move, whose move it is.

``apply(state, move)`` returns a new state or raises :class:`IllegalMoveError` naming the broken
rule (diagnosed by :mod:`oracle.fourever.diagnose`), the reason in words and the legal moves.
Any object that is not a well-formed move is refused with rule MOVE-FORM.
"""

from __future__ import annotations

import attrs

from oracle.dice import Place, solo_placement
from oracle.errors import IllegalMoveError, OracleError
from oracle.fourever import entries
from oracle.fourever.diagnose import illegal
from oracle.fourever.dice import Die
from oracle.fourever.legal import die_context, is_legal, question_context
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
from oracle.fourever.ruleset import DEFAULT_RULESET, Ruleset
from oracle.fourever.sheet import MAX_PLAYERS, MIN_PLAYERS
from oracle.fourever.state import CHANCE, GameState, Phase
from oracle.fourever.turn import after_extra, end_rolls, settle, start_round


def new_game(players: int, ruleset: Ruleset = DEFAULT_RULESET) -> GameState:
    """A new game for 1 to 4 players: round 1 begins (every player has the round-1 re-roll) and
    the first player's dice are to be rolled."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OracleError(f"players: {players!r} is not a number of players from 1 to 4")
    if not isinstance(ruleset, Ruleset):
        raise OracleError(f"ruleset: {ruleset!r} is not a Clever 4Ever ruleset")
    state = GameState.before_play(ruleset, (PlayerSheet(),) * players)
    return settle(start_round(state, 1))


def _enter_die(state: GameState, sheet: PlayerSheet, move: DieMove) -> PlayerSheet:
    ctx = die_context(state, move.die, move.area, move.polish, move.partner)
    sheet = attrs.evolve(sheet, polish_spent=sheet.polish_spent + move.polish_uses)
    return entries.enter(sheet, move.area, move.target, ctx)


def _faces_ok(faces: object, low: int) -> bool:
    return (
        isinstance(faces, tuple)
        and len(faces) == 6
        and all(type(f) is int and low <= f <= 6 for f in faces)
    )


def _check_chance(state: GameState, move: object) -> None:
    if state.phase is Phase.SOLO_ROLL:
        if not isinstance(move, SoloRoll):
            raise IllegalMoveError(
                "SOLO-ROLL", "the solo passive turn is rolled with all six dice in their order "
                "from the silver platter (solo-roll)", state, ())
        order = move.order
        if (
            not _faces_ok(move.faces, 1)
            or not isinstance(order, tuple)
            or not all(isinstance(d, Die) for d in order)
            or sorted(order) != list(Die)
        ):
            raise IllegalMoveError(
                "SOLO-ROLL", "a solo roll names each of the six dice once, with faces 1 to 6",
                state, ())
        return
    if not isinstance(move, Roll):
        raise IllegalMoveError(
            "TURN-ORDER", "the dice in the cup must be rolled now (a roll move)", state, ())
    cup = [d for d in range(6) if state.places[d] is Place.CUP]
    if not _faces_ok(move.faces, 0) or [d for d in range(6) if move.faces[d]] != cup:
        names = " ".join(Die(d).code for d in cup)
        raise IllegalMoveError(
            "ROLL-DICE", f"the roll must give faces 1 to 6 to exactly the dice in the cup: {names}",
            state, ())


def apply(state: GameState, move: object) -> GameState:
    """The state after ``move``; the old state stays valid.  Raises :class:`IllegalMoveError`
    (rule id, reason, legal moves) when the move is not legal in ``state``."""
    if not isinstance(state, GameState):
        raise OracleError(f"not a Clever 4Ever state: {type(state).__name__}")
    if not well_formed(move):
        raise illegal(state, move)
    if state.is_terminal:
        raise illegal(state, move)
    if state.actor == CHANCE:
        _check_chance(state, move)
    elif not is_legal(state, move):
        raise illegal(state, move)
    assert isinstance(move, (Roll, SoloRoll, Take, ExtraDie, QuestionMark, ReRoll, Forfeit, Pass))
    return apply_unchecked(state, move)


def apply_unchecked(
    state: GameState, move: Roll | SoloRoll | Take | ExtraDie | QuestionMark | ReRoll | Forfeit | Pass
) -> GameState:
    """:func:`apply` for a move known to be legal; it skips the check."""
    actor = state.actor
    if isinstance(move, Roll):
        faces = tuple(f if f else old for f, old in zip(move.faces, state.faces))
        return settle(state.but(faces=faces, phase=Phase.CHOOSE))
    if isinstance(move, SoloRoll):
        places = solo_placement(move.faces, tuple(int(d) for d in move.order))
        return settle(
            state.but(faces=move.faces, places=places, phase=Phase.PASSIVE_CHOOSE, seat=0, rolls=3)
        )
    sheet = state.sheets[actor]
    if isinstance(move, QuestionMark):
        pending = list(sheet.pending)
        pending.remove(move.bonus)
        sheet = attrs.evolve(sheet, pending=tuple(pending))
        ctx = question_context(state, move.area, move.number)
        return settle(state.with_sheet(actor, entries.enter(sheet, move.area, move.target, ctx)))
    if isinstance(move, Take):
        state = state.with_sheet(actor, _enter_die(state, sheet, move))
        if state.phase is Phase.PASSIVE_CHOOSE:
            return settle(state.but(phase=Phase.PASSIVE_EXTRA))
        field = state.rolls + 1
        face = state.faces[move.die]
        places = tuple(
            Place(field) if d == move.die
            else Place.PLATTER if p is Place.CUP and state.faces[d] < face
            else p
            for d, p in enumerate(state.places)
        )
        return settle(end_rolls(state.but(places=places, rolls=field)))
    if isinstance(move, ExtraDie):
        sheet = _enter_die(state, sheet, move)
        sheet = attrs.evolve(sheet, extra_dice_spent=sheet.extra_dice_spent + 1)
        state = state.with_sheet(actor, sheet)
        extras = state.extras
        extras = extras[:actor] + (extras[actor] | 1 << move.die,) + extras[actor + 1:]
        return settle(state.but(extras=extras))
    if isinstance(move, ReRoll):
        sheet = attrs.evolve(sheet, rerolls_spent=sheet.rerolls_spent + 1)
        return settle(state.with_sheet(actor, sheet).but(phase=Phase.ROLL))
    if isinstance(move, Forfeit):
        return settle(end_rolls(state.but(rolls=state.rolls + 1)))
    if isinstance(move, Pass):
        if state.phase is Phase.PASSIVE_CHOOSE:
            return settle(state.but(phase=Phase.PASSIVE_EXTRA))
        return settle(after_extra(state))
    raise OracleError(f"not a move: {move!r}")
