"""The engine of every Clever game: a new game, applying a move.

``apply(state, move)`` returns a new state or raises :class:`~oracle.engine.errors.IllegalMoveError`
naming the broken rule (diagnosed by :mod:`oracle.engine.diagnose`), the reason in words and the legal
moves; the old state stays valid.  The state names its game, so these functions serve every game.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from oracle.engine.diagnose import illegal
from oracle.engine.dice import DICE_COUNT, Place, solo_placement
from oracle.engine.entries import DieReading, enter_die, enter_question
from oracle.engine.errors import IllegalMoveError, NotationError, OracleError
from oracle.engine.legal import check, die_reading, legal_moves, well_formed
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
from oracle.engine.phase import CHANCE, Phase
from oracle.engine.sheet import EXTRA_DIE, REROLL, Sheet
from oracle.engine.state import GameState
from oracle.engine.turn import after_extra, rolls_done, settle, start_round
from oracle.engine.variant import Variant

__all__ = ["apply", "apply_unchecked", "new_game"]

StateT = TypeVar("StateT", bound=GameState[Any, Any])

_CUP, _PLATTER = Place.CUP, Place.PLATTER
_ROLL, _CHOOSE, _SOLO_ROLL = Phase.ROLL, Phase.CHOOSE, Phase.SOLO_ROLL
_PASSIVE_CHOOSE, _PASSIVE_EXTRA = Phase.PASSIVE_CHOOSE, Phase.PASSIVE_EXTRA
_FIELDS: tuple[Place, ...] = (Place.CUP, Place.FIELD_I, Place.FIELD_II, Place.FIELD_III)


def new_game(variant: Variant, players: int, ruleset: object = None) -> GameState[Any, Any]:
    """A new game of ``variant`` for its number of players (``ruleset``: the game's ruleset,
    by default our rulings): round 1 begins, every player has the round-1 bonus, and the first
    player's dice are to be rolled."""
    if type(players) is not int or not variant.min_players <= players <= variant.max_players:
        raise OracleError(f"players: {players!r} is not a number of players from "
                          f"{variant.min_players} to {variant.max_players}")
    if ruleset is None:
        ruleset = variant.default_ruleset
    elif not isinstance(ruleset, variant.ruleset_type):
        raise OracleError(f"ruleset: {ruleset!r} is not a {variant.title} ruleset")
    state: GameState[Any, Any] = GameState(
        variant, ruleset, (variant.blank,) * players, 1, 0, Phase.ROLL, 0, CHANCE, 0,
        (0,) * DICE_COUNT, (Place.CUP,) * DICE_COUNT, (0,) * players,
    )
    return settle(start_round(state, 1))


def _faces_ok(faces: object, low: int) -> bool:
    return (
        isinstance(faces, tuple)
        and len(faces) == DICE_COUNT
        and all(type(f) is int and low <= f <= 6 for f in faces)
    )


def _roll_ok(faces: object, places: tuple[Place, ...]) -> bool:
    """True when ``faces`` gives faces 1 to 6 to exactly the dice in the cup (0 to the rest)."""
    if not isinstance(faces, tuple) or len(faces) != DICE_COUNT:
        return False
    for f, p in zip(faces, places):
        if type(f) is not int or not 0 <= f <= 6 or (f != 0) != (p == _CUP):
            return False
    return True


def _check_chance(state: GameState[Any, Any], move: object) -> None:
    """Refuse a chance move that is not the roll due (TURN-ORDER, ROLL-DICE, SOLO-ROLL)."""
    variant = state.variant
    if state.phase == _SOLO_ROLL:
        if not isinstance(move, SoloRoll):
            raise IllegalMoveError(
                "SOLO-ROLL", "the solo passive turn is rolled with all six dice in their order "
                "from the silver platter (solo-roll)", state, ())
        order = move.order
        if (
            not _faces_ok(move.faces, 1)
            or not isinstance(order, tuple)
            or not all(isinstance(d, variant.dice) for d in order)
            or sorted(order) != list(range(DICE_COUNT))
        ):
            raise IllegalMoveError(
                "SOLO-ROLL", "a solo roll names each of the six dice once, with faces 1 to 6",
                state, ())
        return
    if not isinstance(move, variant.roll):
        raise IllegalMoveError(
            "TURN-ORDER", "the dice in the cup must be rolled now (a roll move)", state, ())
    if not _roll_ok(move.faces, state.places):
        names = " ".join(variant.dice(d).code for d in state.dice_at(_CUP))
        raise IllegalMoveError(
            "ROLL-DICE", f"the roll must give faces 1 to 6 to exactly the dice in the cup: {names}",
            state, ())


def apply(state: StateT, move: object) -> StateT:
    """The state after ``move``; the old state stays valid.  Raises :class:`IllegalMoveError`
    when the move is not legal in ``state`` (what is no move of the game: rule MOVE-FORM).  A
    move's text or JSON data is read into a move a layer up, where the formats are known
    (:func:`oracle.games.clever.apply`, which ``oracle.apply`` is)."""
    if state.actor == CHANCE:
        if not well_formed(state.variant, move):
            raise illegal(state, move)
        _check_chance(state, move)
        return apply_unchecked(state, move)
    checked = check(state, move)
    if checked is False:
        raise illegal(state, move)
    if checked is True:
        return apply_unchecked(state, move)
    # a die move, with what the check read of it: entered with exactly that
    return _die_step(state, cast("DieMove", move), checked)


def _with_sheet(
    state: GameState[Any, Any], player: int, sheet: Sheet
) -> tuple[Sheet, ...]:
    sheets = state.sheets
    return sheets[:player] + (sheet,) + sheets[player + 1:]


def apply_unchecked(state: StateT, move: object) -> StateT:
    """:func:`apply` for a move known to be legal (one :func:`~oracle.engine.legal.legal_moves` listed,
    or a valid chance move); it skips the check.  Each step builds its next state in one go,
    naming the actor it most likely has; then :func:`~oracle.engine.turn.settle` brings it to a
    decision (it works the actor out afresh, and keeps the state when the guess was right)."""
    actor = state.actor
    if isinstance(move, Roll):
        faces = tuple(f if f else old for f, old in zip(move.faces, state.faces))
        return settle(state.but(faces=faces, phase=_CHOOSE, actor=state.active))
    if isinstance(move, SoloRoll):
        places = solo_placement(move.faces, tuple(move.order))
        return settle(
            state.but(faces=move.faces, places=places, phase=_PASSIVE_CHOOSE, seat=0, rolls=3,
                      actor=0)
        )
    sheet = state.sheets[actor]
    if isinstance(move, QuestionMark):
        sheet = enter_question(state, sheet, move)
        return settle(state.but(sheets=_with_sheet(state, actor, sheet)))
    if isinstance(move, (Take, ExtraDie)):
        reading = die_reading(state, sheet, move)
        assert reading is not None, f"apply_unchecked: {move} is not legal here"
        return _die_step(state, move, reading)
    if isinstance(move, ReRoll):
        spent = sheet.spent
        spent = spent[:REROLL] + (_spend_next(spent[REROLL]),) + spent[REROLL + 1:]
        return settle(state.but(sheets=_with_sheet(state, actor, sheet.changed(spent=spent)),
                                phase=_ROLL, actor=CHANCE))
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


def _die_step(state: StateT, move: DieMove, reading: DieReading) -> StateT:
    """The state after the legal die move ``move`` (a take, or an extra die), entered as
    ``reading`` says (what the check read of it): the entry, then the dice move on (rulings 1,
    2, 6) and :func:`~oracle.engine.turn.settle`."""
    actor = state.actor
    sheet = enter_die(state, state.sheets[actor], move, reading)
    if isinstance(move, Take):
        sheets = _with_sheet(state, actor, sheet)
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
    # an extra die (ruling 6): its action spent, the die marked as taken in this turn
    spent = sheet.spent
    spent = spent[:EXTRA_DIE] + (_spend_next(spent[EXTRA_DIE]),) + spent[EXTRA_DIE + 1:]
    sheet = sheet.changed(spent=spent)
    extras = state.extras
    extras = extras[:actor] + (extras[actor] | 1 << move.die,) + extras[actor + 1:]
    return settle(state.but(sheets=_with_sheet(state, actor, sheet), extras=extras))


def _spend_next(mask: int) -> int:
    """A track's spent mask with its next field spent (fields spent left to right)."""
    return mask | (mask + 1)
