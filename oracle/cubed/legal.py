"""The legal moves of a state: every legal move and nothing else, in a deterministic order.

This is the contract certification rests on (design.md).  Order: for a pending question mark,
by bonus kind, then area, number, target; for dice, by die colour (W Y T B Br P), then no joker
before jokers (printed fields by number, then '?' fields by number), then area and target; then
``reroll``, ``forfeit`` or ``pass`` last.  At a chance node there are no player moves: see
:mod:`oracle.cubed.chance`.
"""

from __future__ import annotations

from functools import cache

from oracle.dice import Place, Position
from oracle.cubed.areas import AREAS
from oracle.cubed.areas.blue import sides as blue_sides
from oracle.cubed.areas.brown import fields as brown_fields
from oracle.cubed.areas.context import blue_value, die_context, group_matches, question_value
from oracle.cubed.areas.pink import options as pink_options
from oracle.cubed.areas.turquoise import row_sets as turquoise_row_sets
from oracle.cubed.areas.yellow import rows_free as yellow_rows_free
from oracle.cubed.dice import Die
from oracle.cubed.moves import (
    FORFEIT,
    JOKER_BY_INDEX,
    PASS,
    REROLL,
    ExtraDie,
    Forfeit,
    Joker,
    Pass,
    PlayerMove,
    QuestionMark,
    ReRoll,
    Take,
    joker_index,
    well_formed,
)
from oracle.cubed.playersheet import PlayerSheet, joker_number
from oracle.cubed.ruleset import BlueQuestion
from oracle.cubed.sheet import BLUE_MAX, BLUE_MIN, NUMBER_JOKER_FIELDS, Area, Bonus
from oracle.cubed.state import GameState, Phase

ALL_AREAS: tuple[Area, ...] = tuple(Area)
_OWN_AREA: tuple[tuple[Area, ...], ...] = (
    ALL_AREAS,
    (Area.YELLOW,),
    (Area.TURQUOISE,),
    (Area.BLUE,),
    (Area.BROWN,),
    (Area.PINK,),
)
NUMBERS = (1, 2, 3, 4, 5, 6)

# Enum members as plain module constants: reading ``Phase.CHOOSE`` costs an enum look-up, and
# these run in the hottest loops.
_YELLOW, _TURQUOISE, _BLUE, _BROWN = Area.YELLOW, Area.TURQUOISE, Area.BLUE, Area.BROWN
_CUP, _PLATTER = Place.CUP, Place.PLATTER
_FIELD_I, _FIELD_III = Place.FIELD_I, Place.FIELD_III
_CHOOSE, _PASSIVE_CHOOSE = Phase.CHOOSE, Phase.PASSIVE_CHOOSE
_QUESTION = Position.QUESTION
_FROM_PLATTER = Position.PLATTER
#: The position a die lying at a place is entered from (:meth:`Position.of`), by place.
_POSITION_OF: tuple[Position, ...] = tuple(Position.of(p) for p in Place)


def areas_for(die: Die) -> tuple[Area, ...]:
    """The areas a die may be entered in: its own colour; the white die any (colour joker)."""
    return _OWN_AREA[die]


@cache
def _joker_options(available: int, face: int, same_face: bool) -> tuple[Joker, ...]:
    """The jokers the circled unspent fields ``available`` (a mask) give on ``face`` (cached:
    a pure function of three small values)."""
    fields = [i for i in range(len(NUMBER_JOKER_FIELDS)) if available >> i & 1]
    printed = sorted({joker_number(i) for i in fields if joker_number(i)})
    out = [JOKER_BY_INDEX[n] for n in printed if same_face or n != face]
    if any(not joker_number(i) for i in fields):
        out.extend(JOKER_BY_INDEX[6 + n] for n in NUMBERS if same_face or n != face)
    return tuple(j for j in out if j is not None)


@cache
def _joker_choices(same_face: bool, available: int, face: int) -> tuple[tuple[int, int], ...]:
    """The jokers of :func:`jokers` as (joker index, number) pairs (see
    :func:`oracle.cubed.moves.joker_index`), for the move generators (cached: a pure function
    of three small values)."""
    return tuple((joker_index(j), j.number) for j in _joker_options(available, face, same_face))


@cache
def _joker_mask(same_face: bool, available: int, face: int) -> int:
    """The jokers of :func:`jokers` as a mask of joker indices, for the direct check."""
    return sum(1 << joker_index(j) for j in _joker_options(available, face, same_face))


def _available(sheet: PlayerSheet) -> int:
    """The mask of the circled, unspent number-joker fields."""
    return ((1 << sheet.jokers) - 1) & ~sheet.jokers_spent


def jokers(sheet: PlayerSheet, face: int, same_face: bool = False) -> tuple[Joker, ...]:
    """The number jokers the player can spend on a die showing ``face``: each circled unspent
    printed field's number, then every number through a circled unspent '?' field; never the
    face itself ("as if it were showing a different number"), unless ``same_face`` (the
    ``joker_same_face`` option, docs/rulings.md ruling 23)."""
    return _joker_options(_available(sheet), face, same_face)


def _targets(
    state: GameState, sheet: PlayerSheet, die: int, area: int, position: int, number: int
) -> tuple[int, ...]:
    """``AREAS[area].targets(sheet, die_context(state, die, area, position, number))``, asked of
    each area module from plain values (no context built; the blue value and the turquoise
    matches come from the same functions of :mod:`~oracle.cubed.areas.context`)."""
    if area == _YELLOW:
        return yellow_rows_free(sheet.yellow, number, position)
    if area == _TURQUOISE:
        return turquoise_row_sets(sheet.turquoise, number,
                                  group_matches(state, die, position, number))
    if area == _BLUE:
        return blue_sides(sheet.blue_left, sheet.blue_right, blue_value(state.faces, die, number),
                          state.ruleset.blue_seven_after_seven)
    if area == _BROWN:
        return brown_fields(sheet.brown, number)
    return pink_options(sheet.pink)


def _question_targets(
    state: GameState, sheet: PlayerSheet, area: int, number: int
) -> tuple[int, ...]:
    """``AREAS[area].targets(sheet, question_context(state, area, number))`` from plain
    values: no position, no matching dice (one turquoise cross)."""
    if area == _YELLOW:
        return yellow_rows_free(sheet.yellow, number, _QUESTION)
    if area == _TURQUOISE:
        return turquoise_row_sets(sheet.turquoise, number, 0)
    if area == _BLUE:
        return blue_sides(sheet.blue_left, sheet.blue_right,
                          question_value(state, _BLUE, number),
                          state.ruleset.blue_seven_after_seven)
    if area == _BROWN:
        return brown_fields(sheet.brown, number)
    return pink_options(sheet.pink)


@cache
def _entry_moves(
    extra: bool, die: int, joker: int, area: int, targets: tuple[int, ...]
) -> tuple[PlayerMove, ...]:
    """The takes (extra dice) of ``die`` in ``area`` at each of ``targets`` with the joker of
    index ``joker``: built once and shared (a pure function of a few small values)."""
    cls: type[Take] | type[ExtraDie] = ExtraDie if extra else Take
    d, a, j = Die(die), Area(area), JOKER_BY_INDEX[joker]
    return tuple(cls(d, a, t, j) for t in targets)


@cache
def _question_moves(
    bonus: Bonus, number: int, area: int, targets: tuple[int, ...]
) -> tuple[PlayerMove, ...]:
    """The moves ``QuestionMark(bonus, number, area, target)`` for each of ``targets``, built
    once and shared."""
    a = Area(area)
    return tuple(QuestionMark(bonus, number, a, t) for t in targets)


def die_options(
    state: GameState, sheet: PlayerSheet, die: Die, position: Position, number: int
) -> list[tuple[Area, int]]:
    """Every (area, target) for ``die`` entered as ``number`` from ``position``."""
    out: list[tuple[Area, int]] = []
    for area in _OWN_AREA[die]:
        ctx = die_context(state, die, area, position, number)
        out.extend((area, t) for t in AREAS[area].targets(sheet, ctx))
    return out


def _enterable(
    state: GameState, sheet: PlayerSheet, die: int, position: int, number: int
) -> bool:
    """True when ``die`` entered as ``number`` from ``position`` has a target somewhere."""
    for area in _OWN_AREA[die]:
        if _targets(state, sheet, die, area, position, number):
            return True
    return False


def _die_moves(
    state: GameState,
    sheet: PlayerSheet,
    dice: tuple[int, ...],
    positions: tuple[int, ...],
    extra: bool,
) -> list[PlayerMove]:
    """Every take (or extra die) of ``dice`` entered from ``positions``, without a joker first,
    then with each joker the player can spend."""
    same_face, available = state.ruleset.joker_same_face, _available(sheet)
    faces = state.faces
    out: list[PlayerMove] = []
    for d, position in zip(dice, positions):
        face = faces[d]
        areas = _OWN_AREA[d]
        for area in areas:
            targets = _targets(state, sheet, d, area, position, face)
            if targets:
                out += _entry_moves(extra, d, 0, area, targets)
        for joker, number in _joker_choices(same_face, available, face):
            for area in areas:
                targets = _targets(state, sheet, d, area, position, number)
                if targets:
                    out += _entry_moves(extra, d, joker, area, targets)
    return out


def _usable(
    state: GameState,
    sheet: PlayerSheet,
    dice: tuple[int, ...],
) -> bool:
    """True when one of ``dice`` (entered by where it lies) can be entered somewhere, with or
    without a joker: the early-exit form of :func:`_die_moves`, for deciding whether a step has
    any choice."""
    same_face, available = state.ruleset.joker_same_face, _available(sheet)
    faces, places = state.faces, state.places
    for d in dice:
        face = faces[d]
        position = _POSITION_OF[places[d]]
        if _enterable(state, sheet, d, position, face):
            return True
        for _, number in _joker_choices(same_face, available, face):
            if _enterable(state, sheet, d, position, number):
                return True
    return False


def _platter_usable(state: GameState, sheet: PlayerSheet) -> bool:
    """True when a die on the silver platter can be entered without spending a joker (else a
    passive player may take a die-field die: rulebook "Special case"; ruling 4)."""
    faces, places = state.faces, state.places
    for d in range(6):
        if places[d] == _PLATTER and _enterable(state, sheet, d, _FROM_PLATTER, faces[d]):
            return True
    return False


def has_passive_take(state: GameState, seat: int) -> bool:
    """True when :func:`passive_takes` lists anything."""
    sheet = state.sheets[seat]
    if _usable(state, sheet, state.dice_at(_PLATTER)):
        return True
    places = state.places
    return _usable(state, sheet, tuple(d for d in range(6) if _FIELD_I <= places[d] <= _FIELD_III))


def extra_candidates(state: GameState, seat: int) -> tuple[int, ...]:
    """The dice ``seat`` may take as an extra die now: none without an unspent extra-die action;
    else every die lying on a die field or the platter not yet taken as an extra die in this
    turn (ruling 6)."""
    if state.sheets[seat].extra_dice_left <= 0:
        return ()
    taken = state.extras[seat]
    places = state.places
    return tuple(d for d in range(6) if not taken >> d & 1 and places[d] != _CUP)


def has_extra(state: GameState, seat: int) -> bool:
    """True when :func:`extra_moves` lists anything."""
    return _usable(state, state.sheets[seat], extra_candidates(state, seat))


def active_takes(state: GameState) -> list[PlayerMove]:
    """The active player's takes from the current roll, entered from die field ``rolls + 1``."""
    cup = state.dice_at(_CUP)
    return _die_moves(state, state.sheets[state.active], cup, (state.rolls + 1,) * len(cup), False)


def passive_takes(state: GameState, seat: int) -> list[PlayerMove]:
    """A passive player's takes: platter dice; die-field dice too when no platter die can be
    used without spending an action (rulebook "Special case"; ruling 4)."""
    sheet = state.sheets[seat]
    platter = state.dice_at(_PLATTER)
    moves = _die_moves(state, sheet, platter, (_FROM_PLATTER,) * len(platter), False)
    if not _platter_usable(state, sheet):
        places = state.places
        fields = tuple(d for d in range(6) if _FIELD_I <= places[d] <= _FIELD_III)
        moves += _die_moves(state, sheet, fields, tuple(places[d] for d in fields), False)
    return moves


def extra_moves(state: GameState, seat: int) -> list[PlayerMove]:
    """The extra-die moves of ``seat``: any die not yet taken as an extra die in this turn,
    entered by its position (rulings 5, 6, 7)."""
    dice = extra_candidates(state, seat)
    places = state.places
    return _die_moves(
        state, state.sheets[seat], dice, tuple(_POSITION_OF[places[d]] for d in dice), True
    )


_BLUE_TOTALS = tuple(range(BLUE_MIN, BLUE_MAX + 1))
_TOTAL = BlueQuestion.TOTAL


def question_numbers(state: GameState, area: Area) -> tuple[int, ...]:
    """The numbers a question mark may choose for ``area``: 1..6, blue 2..12 (ruling 13)."""
    if area == _BLUE and state.ruleset.blue_question is _TOTAL:
        return _BLUE_TOTALS
    return NUMBERS


def _question_areas(bonus: Bonus) -> tuple[Area, ...]:
    """The areas a question mark ``bonus`` may be used in: its own; any for the black one."""
    area = bonus.area
    return ALL_AREAS if area is None else _OWN_AREA[area]


def question_uses(
    state: GameState, sheet: PlayerSheet, bonus: Bonus
) -> list[PlayerMove]:
    """Every way to resolve one pending question mark ``bonus`` (rulings 10, 13, 16, 17): a
    number and a target in its area (any area for the black one), one cross in turquoise."""
    out: list[PlayerMove] = []
    for area in _question_areas(bonus):
        for number in question_numbers(state, area):
            targets = _question_targets(state, sheet, area, number)
            if targets:
                out += _question_moves(bonus, number, area, targets)
    return out


def question_usable(state: GameState, sheet: PlayerSheet, bonus: Bonus) -> bool:
    """True when :func:`question_uses` lists anything (it stops at the first use)."""
    for area in _question_areas(bonus):
        for number in question_numbers(state, area):
            if _question_targets(state, sheet, area, number):
                return True
    return False


def question_moves(state: GameState, sheet: PlayerSheet) -> list[PlayerMove]:
    """The moves resolving any one of the pending question marks, kinds in order."""
    out: list[PlayerMove] = []
    for bonus in sorted(set(sheet.pending)):
        out.extend(question_uses(state, sheet, bonus))
    return out


def legal_moves(state: GameState) -> tuple[PlayerMove, ...]:
    """Every legal player move in ``state``, in a deterministic order; empty at chance nodes and
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
        if sheet.rerolls_left > 0:
            moves.append(REROLL)
        moves.append(FORFEIT)
        return tuple(moves)
    if phase == _PASSIVE_CHOOSE:
        moves = passive_takes(state, actor)
    else:
        moves = extra_moves(state, actor)
    moves.append(PASS)
    return tuple(moves)


#: The steps at the end of a turn (or of the game) in which extra dice are used.
EXTRA_PHASES = (Phase.ACTIVE_EXTRA, Phase.PASSIVE_EXTRA, Phase.END_EXTRA)


def is_legal(state: GameState, move: object) -> bool:
    """True exactly when ``move in legal_moves(state)``.  A well-formed move is checked directly
    (:func:`is_legal_formed`); anything else is looked up among the listed moves."""
    if well_formed(move):
        return is_legal_formed(state, move)
    return move in legal_moves(state)


def _entry_ok(
    state: GameState,
    sheet: PlayerSheet,
    move: Take | ExtraDie,
    position: int,
) -> bool:
    """True when ``move``'s die, entered from ``position``, may be entered where the move says
    with the joker it names: what :func:`_die_moves` lists for that die, checked directly."""
    die = move.die
    face = state.faces[die]
    joker = move.joker
    if joker is None:
        number = face
    else:
        mask = _joker_mask(state.ruleset.joker_same_face, _available(sheet), face)
        if not mask >> joker_index(joker) & 1:
            return False
        number = joker.number
    area = move.area
    return area in _OWN_AREA[die] and move.target in _targets(
        state, sheet, die, area, position, number
    )


def is_legal_formed(state: GameState, move: object) -> bool:
    """:func:`is_legal` for a move that is :func:`~oracle.cubed.moves.well_formed`: the one move
    is checked directly against the same tables and area targets that :func:`legal_moves` lists
    from (the exhaustive tests check that the two agree on every move)."""
    actor = state.actor
    if actor < 0:
        return False
    sheet = state.sheets[actor]
    if sheet.pending:
        if not isinstance(move, QuestionMark) or move.bonus not in sheet.pending:
            return False
        area = move.area
        number = move.number
        return (
            area in _question_areas(move.bonus)
            and number in question_numbers(state, area)
            and move.target in _question_targets(state, sheet, area, number)
        )
    phase = state.phase
    if isinstance(move, Take):
        place = state.places[move.die]
        if phase == _CHOOSE:
            return place == _CUP and _entry_ok(state, sheet, move, state.rolls + 1)
        if phase != _PASSIVE_CHOOSE:
            return False
        if place == _PLATTER:
            return _entry_ok(state, sheet, move, _FROM_PLATTER)
        return (
            _FIELD_I <= place <= _FIELD_III
            and not _platter_usable(state, sheet)
            and _entry_ok(state, sheet, move, place)
        )
    if isinstance(move, ExtraDie):
        return (
            phase in EXTRA_PHASES
            and move.die in extra_candidates(state, actor)
            and _entry_ok(state, sheet, move, _POSITION_OF[state.places[move.die]])
        )
    if isinstance(move, ReRoll):
        return phase == _CHOOSE and sheet.rerolls_left > 0
    if isinstance(move, Forfeit):
        return phase == _CHOOSE
    if isinstance(move, Pass):
        return phase != _CHOOSE
    return False
