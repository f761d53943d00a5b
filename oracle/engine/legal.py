"""The legal moves of a state: every legal move and nothing else, in a deterministic order.

This is the contract certification rests on.  Order: for pending question marks, by bonus kind,
then area, number, target; for dice, by die (white first), then no use of the game's own action
before its uses (in the order the action lists them), then area and target; then ``reroll``,
``forfeit`` or ``pass`` last.  At a chance node there are no player moves (see
:mod:`oracle.engine.chance`).

Legality is decided here only, for every game: each area answers with its ``targets`` (table
look-ups on plain values, :mod:`oracle.engine.area`), and moves are built once per (die, use, area,
targets) and shared.  :func:`is_legal` checks one move directly against the same tables.

:func:`check` is that check as :func:`oracle.engine.apply` uses it: it answers with what it
checked, a die move's :data:`~oracle.engine.entries.DieReading`, which ``apply`` hands to the
entering step (:mod:`oracle.engine.entries` reads nothing here again).  :func:`question_readings`
is what :func:`oracle.engine.turn.settle` decides the question marks by (ruling 19), read once.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from oracle.engine.area import QUESTION_DIE
from oracle.engine.dice import DICE_COUNT, POSITION_OF, Place, Position
from oracle.engine.entries import DieReading
from oracle.engine.kinds import AreaKind, Coded
from oracle.engine.moves import (
    FORFEIT,
    PASS,
    REROLL,
    DieMove,
    ExtraDie,
    Forfeit,
    Pass,
    PlayerMove,
    QuestionMark,
    ReRoll,
    SoloRoll,
    Take,
)
from oracle.engine.phase import Phase
from oracle.engine.sheet import EXTRA_DIE, Sheet
from oracle.engine.sheet import REROLL as REROLL_TRACK
from oracle.engine.state import GameState
from oracle.engine.variant import Variant

__all__ = [
    "EXTRA_PHASES", "POSITION_OF", "QuestionReading", "active_takes", "check", "die_reading",
    "extra_candidates", "extra_moves", "has_extra", "has_passive_take", "is_legal", "legal_moves",
    "passive_choice", "passive_takes", "question_moves", "question_readings", "question_use_count",
    "question_uses", "well_formed",
]

State = GameState[Any, Any]

# Enum members as plain module constants: these run in the hottest loops.
_CUP, _PLATTER = Place.CUP, Place.PLATTER
_FIELD_I, _FIELD_III = Place.FIELD_I, Place.FIELD_III
_CHOOSE, _PASSIVE_CHOOSE = Phase.CHOOSE, Phase.PASSIVE_CHOOSE
_PASSIVE_EXTRA = Phase.PASSIVE_EXTRA
_QUESTION = int(Position.QUESTION)
_FROM_PLATTER = int(Position.PLATTER)
#: The largest number a question-mark move can name (a blue total, ruling 13); 0 names none.
QUESTION_NUMBER_MAX = 12
#: The steps at the end of a turn (or of the game) in which extra dice are used.
EXTRA_PHASES = (Phase.ACTIVE_EXTRA, Phase.PASSIVE_EXTRA, Phase.END_EXTRA)


@cache
def _entry_moves(
    variant: Variant, extra: bool, die: int, index: int, area: int, targets: tuple[int, ...]
) -> tuple[PlayerMove, ...]:
    """The takes (extra dice) of ``die`` in ``area`` at each of ``targets`` with the action use
    ``index``: built once and shared (a pure function of a few small values)."""
    cls: type[Take] | type[ExtraDie] = ExtraDie if extra else Take
    d, a = variant.dice(die), variant.areas[area - 1]
    action = variant.action.by_index[index]
    return tuple(cls(d, a, t, action) for t in targets)


@cache
def _question_moves(
    variant: Variant, bonus: Coded, number: int, area: int, targets: tuple[int, ...]
) -> tuple[PlayerMove, ...]:
    """The moves ``QuestionMark(bonus, number, area, target)`` for each of ``targets``."""
    a = variant.areas[area - 1]
    return tuple(QuestionMark(bonus, number, a, t) for t in targets)


def _die_moves(
    state: State, sheet: Sheet, dice: Sequence[int], positions: Sequence[int], extra: bool
) -> list[PlayerMove]:
    """Every take (or extra die) of ``dice`` entered from ``positions``: for each die, without
    the game's action first, then with each use of it the player can afford."""
    variant = state.variant
    action = variant.action
    key = action.key(state, sheet)
    areas_by_die = variant.areas_for(state.ruleset)
    targets_of, reads_partner, partner = variant.targets_of, variant.reads_partner, variant.partner
    parts, faces, places = sheet.parts, state.faces, state.places
    out: list[PlayerMove] = []
    for d, position in zip(dice, positions):
        other = partner[d]
        face, partner_face = faces[d], faces[other]
        areas = areas_by_die[d]
        for area in areas:
            targets = targets_of[area](parts[area - 1], face, partner_face, position, d, state)
            if targets:
                out += _entry_moves(variant, extra, d, 0, area, targets)
        if key is None:
            continue
        for index, number, partner_number in action.choices(key, d, face, partner_face,
                                                            places[d], places[other]):
            moved = partner_number != partner_face
            for area in areas:
                if moved and not reads_partner[area]:
                    continue
                targets = targets_of[area](parts[area - 1], number, partner_number, position, d,
                                           state)
                if targets:
                    out += _entry_moves(variant, extra, d, index, area, targets)
    return out


def _usable(state: State, sheet: Sheet, dice: Sequence[int], free_only: bool = False) -> bool:
    """True when one of ``dice`` (entered by where it lies) can be entered somewhere: the
    early-exit form of :func:`_die_moves` (``free_only``: without spending the game's action),
    for deciding whether a step has any choice."""
    variant = state.variant
    action = variant.action
    key = None if free_only else action.key(state, sheet)
    areas_by_die = variant.areas_for(state.ruleset)
    targets_of, reads_partner, partner = variant.targets_of, variant.reads_partner, variant.partner
    parts, faces, places = sheet.parts, state.faces, state.places
    for d in dice:
        other = partner[d]
        face, partner_face = faces[d], faces[other]
        position = POSITION_OF[places[d]]
        areas = areas_by_die[d]
        for area in areas:
            if targets_of[area](parts[area - 1], face, partner_face, position, d, state):
                return True
        if key is None:
            continue
        for _, number, partner_number in action.choices(key, d, face, partner_face, places[d],
                                                        places[other]):
            moved = partner_number != partner_face
            for area in areas:
                if moved and not reads_partner[area]:
                    continue
                if targets_of[area](parts[area - 1], number, partner_number, position, d, state):
                    return True
    return False


def _field_dice(places: tuple[Place, ...]) -> tuple[int, ...]:
    return tuple(d for d in range(DICE_COUNT) if _FIELD_I <= places[d] <= _FIELD_III)


def has_passive_take(state: State, seat: int) -> bool:
    """True when :func:`passive_takes` lists anything."""
    sheet = state.sheets[seat]
    return _usable(state, sheet, state.dice_at(_PLATTER)) or _usable(
        state, sheet, _field_dice(state.places)
    )


def extra_candidates(state: State, seat: int) -> tuple[int, ...]:
    """The dice ``seat`` may take as an extra die now: none without an unspent extra-die action;
    else every die on a die field or the platter not yet taken as an extra die in this turn
    (ruling 6)."""
    if state.sheets[seat].left(EXTRA_DIE) <= 0:
        return ()
    taken = state.extras[seat]
    places = state.places
    return tuple(d for d in range(DICE_COUNT) if not taken >> d & 1 and places[d] != _CUP)


def has_extra(state: State, seat: int) -> bool:
    """True when :func:`extra_moves` lists anything."""
    return _usable(state, state.sheets[seat], extra_candidates(state, seat))


def passive_choice(state: State, seat: int) -> Phase | None:
    """The first of passive player ``seat``'s two steps in which they have a choice (rulings 4,
    6): ``PASSIVE_CHOOSE`` when :func:`passive_takes` lists anything, else ``PASSIVE_EXTRA``
    when :func:`extra_moves` does, else None.  One reading for
    :func:`oracle.engine.turn.settle` (neither depends on which of the two steps the state is
    in)."""
    sheet = state.sheets[seat]
    if _usable(state, sheet, state.dice_at(_PLATTER)) or _usable(
        state, sheet, _field_dice(state.places)
    ):
        return _PASSIVE_CHOOSE
    if _usable(state, sheet, extra_candidates(state, seat)):
        return _PASSIVE_EXTRA
    return None


def active_takes(state: State) -> list[PlayerMove]:
    """The active player's takes from the current roll, entered from die field ``rolls + 1``."""
    cup = state.dice_at(_CUP)
    return _die_moves(state, state.sheets[state.active], cup, (state.rolls + 1,) * len(cup),
                      False)


def passive_takes(state: State, seat: int) -> list[PlayerMove]:
    """A passive player's takes: platter dice; die-field dice too when no platter die can be
    used without spending the game's action (rulebook "Special case"; ruling 4)."""
    sheet = state.sheets[seat]
    platter = state.dice_at(_PLATTER)
    moves = _die_moves(state, sheet, platter, (_FROM_PLATTER,) * len(platter), False)
    if not _usable(state, sheet, platter, free_only=True):
        places = state.places
        fields = _field_dice(places)
        moves += _die_moves(state, sheet, fields, tuple(places[d] for d in fields), False)
    return moves


def extra_moves(state: State, seat: int) -> list[PlayerMove]:
    """The extra-die moves of ``seat``: any die not yet taken as an extra die in this turn,
    entered by its position (rulings 5, 6, 7)."""
    dice = extra_candidates(state, seat)
    places = state.places
    return _die_moves(state, state.sheets[seat], dice, tuple(POSITION_OF[places[d]] for d in dice),
                      True)


def question_uses(state: State, sheet: Sheet, bonus: Coded) -> list[PlayerMove]:
    """Every way to resolve one pending question mark ``bonus`` (rulings 10, 13, 16, 17,
    4E-6, 4E-8, 4E-11): a number and a target in one of its areas."""
    variant = state.variant
    ruleset, parts = state.ruleset, sheet.parts
    out: list[PlayerMove] = []
    for area in variant.question_areas[bonus]:
        rules = area.rules
        part = parts[area - 1]
        for number in rules.question_numbers(ruleset):
            targets = rules.targets(part, number, 0, _QUESTION, QUESTION_DIE, state)
            if targets:
                out += _question_moves(variant, bonus, number, area, targets)
    return out


def question_use_count(state: State, sheet: Sheet, bonus: Coded, most: int = 2) -> int:
    """How many ways there are to resolve ``bonus``, counted up to ``most`` (0: it is lost,
    1: it is entered at once; ruling 19)."""
    variant = state.variant
    ruleset, parts = state.ruleset, sheet.parts
    count = 0
    for area in variant.question_areas[bonus]:
        rules = area.rules
        part = parts[area - 1]
        for number in rules.question_numbers(ruleset):
            count += len(rules.targets(part, number, 0, _QUESTION, QUESTION_DIE, state))
            if count >= most:
                return most
    return count


#: What :func:`question_readings` tells of one kind of pending question mark: the kind, its
#: number of uses counted up to 2, and its one use when it has exactly one.
QuestionReading = tuple[Coded, int, QuestionMark | None]


def _question_reading(state: State, sheet: Sheet, bonus: Coded) -> QuestionReading:
    """``bonus`` with its uses counted up to 2 (:func:`question_use_count`) and its one use when
    it has exactly one (:func:`question_uses`' only move)."""
    variant = state.variant
    ruleset, parts = state.ruleset, sheet.parts
    only: tuple[int, AreaKind, tuple[int, ...]] | None = None
    for area in variant.question_areas[bonus]:
        rules = area.rules
        part = parts[area - 1]
        for number in rules.question_numbers(ruleset):
            targets = rules.targets(part, number, 0, _QUESTION, QUESTION_DIE, state)
            if targets:
                if only is not None or len(targets) > 1:
                    return bonus, 2, None
                only = number, area, targets
    if only is None:
        return bonus, 0, None
    number, area, targets = only
    move = _question_moves(variant, bonus, number, area, targets)[0]
    assert isinstance(move, QuestionMark)
    return bonus, 1, move


def question_readings(state: State, sheet: Sheet) -> tuple[QuestionReading, ...]:
    """Each kind of ``sheet``'s pending question marks (in the order pending lists them, each
    once) with its uses counted up to 2 and its one use when it has exactly one: none, it is
    lost; one, it is entered at once; two, the player chooses (ruling 19).  What
    :func:`oracle.engine.turn.settle` decides by, read once per sheet (the counts are
    :func:`question_use_count`'s, the one use :func:`question_uses`')."""
    return tuple(_question_reading(state, sheet, bonus) for bonus in dict.fromkeys(sheet.pending))


def question_moves(state: State, sheet: Sheet) -> list[PlayerMove]:
    """The moves resolving any one of the pending question marks, kinds in order."""
    out: list[PlayerMove] = []
    for bonus in sorted(set(sheet.pending)):
        out += question_uses(state, sheet, bonus)
    return out


def legal_moves(state: State) -> tuple[PlayerMove, ...]:
    """Every legal player move in ``state``, in the documented order; empty at chance nodes and
    at the end of the game."""
    actor = state.actor
    if actor < 0:
        return ()
    sheet = state.sheets[actor]
    if sheet.pending:
        return tuple(question_moves(state, sheet))
    phase = state.phase
    if phase == _CHOOSE:
        moves = active_takes(state)
        if sheet.left(REROLL_TRACK) > 0:
            moves.append(REROLL)
        moves.append(FORFEIT)
        return tuple(moves)
    if phase == _PASSIVE_CHOOSE:
        moves = passive_takes(state, actor)
    else:
        moves = extra_moves(state, actor)
    moves.append(PASS)
    return tuple(moves)


def well_formed(variant: Variant, move: object) -> bool:
    """True for a move of a known kind whose parts are the game's own and in range (what the
    notation can express); anything else is refused as MOVE-FORM before the rules are asked."""
    if isinstance(move, DieMove):
        area = move.area
        return (
            isinstance(move.die, variant.dice)
            and isinstance(area, variant.area_type)
            and _whole(move.target)
            and move.target in area.rules.TARGETS
            and variant.action.index(move.action) >= 0
        )
    if isinstance(move, QuestionMark):
        area = move.area
        return (
            isinstance(move.bonus, variant.bonuses)
            and variant.is_question[move.bonus]
            and isinstance(area, variant.area_type)
            and _whole(move.number)
            and 0 <= move.number <= QUESTION_NUMBER_MAX
            and _whole(move.target)
            and move.target in area.rules.TARGETS
        )
    return isinstance(move, (variant.roll, SoloRoll, ReRoll, Forfeit, Pass))


def _whole(value: object) -> bool:
    """A whole number: an int or a named integer, never a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_legal(state: State, move: object) -> bool:
    """True exactly when ``move in legal_moves(state)``: a well-formed move is checked directly
    against the same tables and area targets that :func:`legal_moves` lists from (the
    exhaustive tests check that the two agree on every move)."""
    if well_formed(state.variant, move):
        return check(state, move, formed=True) is not False
    return move in legal_moves(state)


def _checked_die(
    state: State, sheet: Sheet, move: DieMove, position: int
) -> DieReading | None:
    """The reading of ``move``'s die entered from ``position`` when it may be entered where the
    move says with the action use it names (what :func:`_die_moves` lists for that die, checked
    directly), else None."""
    variant = state.variant
    reading = _reading(state, sheet, move, position)
    if reading is None:
        return None
    number, partner_number = reading[0], reading[1]
    area, die = move.area, move.die
    if area not in variant.areas_for(state.ruleset)[die]:
        return None
    if partner_number != state.faces[variant.partner[die]] and not variant.reads_partner[area]:
        return None
    if move.target in variant.targets_of[area](
        sheet.parts[area - 1], number, partner_number, position, die, state
    ):
        return reading
    return None


def _reading(state: State, sheet: Sheet, move: DieMove, position: int) -> DieReading | None:
    """``move``'s die entered from ``position`` with the action use the move names, or None when
    the player cannot make that use (:func:`use_numbers`)."""
    variant = state.variant
    die = move.die
    other = variant.partner[die]
    faces = state.faces
    if move.action is None:  # no use of the action (index 0): the faces themselves
        return faces[die], faces[other], position, 0
    action = variant.action
    index = action.index(move.action)
    if index == 0:
        return faces[die], faces[other], position, 0
    places = state.places
    key = action.key(state, sheet)
    if key is None:
        return None
    for use, number, partner_number in action.choices(key, die, faces[die], faces[other],
                                                      places[die], places[other]):
        if use == index:
            return number, partner_number, position, index
    return None


def die_reading(state: State, sheet: Sheet, move: DieMove) -> DieReading | None:
    """The reading of a die move that :func:`legal_moves` listed for the player with ``sheet``
    (its target not checked again): the numbers it enters with the action use it names, and the
    position it is entered from (ruling 5: an active pick, still in the cup, goes onto die
    field ``rolls + 1``; any other die is entered where it lies); None when the player cannot
    make that use.  What :func:`oracle.engine.apply_unchecked` enters such a move with."""
    place = state.places[move.die]
    return _reading(state, sheet, move, state.rolls + 1 if place == _CUP else POSITION_OF[place])


def use_numbers(state: State, sheet: Sheet, move: DieMove) -> tuple[int, int] | None:
    """(number entered, partner's number) of ``move``'s die with the action use it names, or
    None when the player cannot make that use (what :func:`_die_moves` would list)."""
    reading = _reading(state, sheet, move, 0)
    return None if reading is None else reading[:2]


def is_legal_formed(state: State, move: object) -> bool:
    """:func:`is_legal` for a move that is :func:`well_formed` in the state's game."""
    return check(state, move, formed=True) is not False


def check(state: State, move: object, formed: bool = False) -> DieReading | bool:
    """The legality check of a player move in ``state``, answering with what it checked: the
    :data:`~oracle.engine.entries.DieReading` of a legal die move (what
    :func:`oracle.engine.apply` enters it with), True for any other legal move, False for an
    illegal one, or one that is not :func:`well_formed` (rule MOVE-FORM; ``formed``: the
    caller has found it well-formed already)."""
    if not formed and not well_formed(state.variant, move):
        return False
    actor = state.actor
    if actor < 0:
        return False
    sheet = state.sheets[actor]
    if sheet.pending:
        if not isinstance(move, QuestionMark) or move.bonus not in sheet.pending:
            return False
        area = move.area
        if area not in state.variant.question_areas[move.bonus]:
            return False
        rules = area.rules
        return move.number in rules.question_numbers(state.ruleset) and move.target in (
            rules.targets(sheet.parts[area - 1], move.number, 0, _QUESTION, QUESTION_DIE, state)
        )
    phase = state.phase
    reading: DieReading | None
    if isinstance(move, Take):
        place = state.places[move.die]
        if phase == _CHOOSE:
            if place != _CUP:
                return False
            reading = _checked_die(state, sheet, move, state.rolls + 1)
        elif phase != _PASSIVE_CHOOSE:
            return False
        elif place == _PLATTER:
            reading = _checked_die(state, sheet, move, _FROM_PLATTER)
        elif (
            _FIELD_I <= place <= _FIELD_III
            and not _usable(state, sheet, state.dice_at(_PLATTER), free_only=True)
        ):
            reading = _checked_die(state, sheet, move, place)
        else:
            return False
        return False if reading is None else reading
    if isinstance(move, ExtraDie):
        if phase not in EXTRA_PHASES or move.die not in extra_candidates(state, actor):
            return False
        reading = _checked_die(state, sheet, move, POSITION_OF[state.places[move.die]])
        return False if reading is None else reading
    if isinstance(move, ReRoll):
        return phase == _CHOOSE and sheet.left(REROLL_TRACK) > 0
    if isinstance(move, Forfeit):
        return phase == _CHOOSE
    if isinstance(move, Pass):
        return phase != _CHOOSE
    return False
