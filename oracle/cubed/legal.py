"""The legal moves of a state: every legal move and nothing else, in a deterministic order.

This is the contract certification rests on (design.md).  Order: for a pending question mark,
by bonus kind, then area, number, target; for dice, by die colour (W Y T B Br P), then no joker
before jokers (printed fields by number, then '?' fields by number), then area and target; then
``reroll``, ``forfeit`` or ``pass`` last.  At a chance node there are no player moves: see
:mod:`oracle.cubed.chance`.
"""

from __future__ import annotations

from oracle.dice import Place, Position
from oracle.cubed.areas import AREAS
from oracle.cubed.areas.context import die_context, question_context
from oracle.cubed.dice import Die
from oracle.cubed.moves import (
    FORFEIT,
    PASS,
    REROLL,
    ExtraDie,
    Joker,
    PlayerMove,
    QuestionMark,
    Take,
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


def areas_for(die: Die) -> tuple[Area, ...]:
    """The areas a die may be entered in: its own colour; the white die any (colour joker)."""
    return _OWN_AREA[die]


def _joker_options(available: int, face: int, same_face: bool) -> tuple[Joker, ...]:
    fields = [i for i in range(len(NUMBER_JOKER_FIELDS)) if available >> i & 1]
    printed = sorted({joker_number(i) for i in fields if joker_number(i)})
    out = [Joker(n, False) for n in printed if same_face or n != face]
    if any(not joker_number(i) for i in fields):
        out.extend(Joker(n, True) for n in NUMBERS if same_face or n != face)
    return tuple(out)


#: _JOKERS[same_face][available fields mask][face]: the number jokers those fields give on that
#: face, without (0) or with (1) the ``joker_same_face`` option.
_JOKERS: tuple[tuple[tuple[tuple[Joker, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(_joker_options(available, face, bool(same_face)) for face in range(7))
        for available in range(1 << len(NUMBER_JOKER_FIELDS))
    )
    for same_face in (0, 1)
)


def jokers(sheet: PlayerSheet, face: int, same_face: bool = False) -> tuple[Joker, ...]:
    """The number jokers the player can spend on a die showing ``face``: each circled unspent
    printed field's number, then every number through a circled unspent '?' field; never the
    face itself ("as if it were showing a different number"), unless ``same_face`` (the
    ``joker_same_face`` option, docs/rulings.md ruling 23)."""
    return _JOKERS[same_face][((1 << sheet.jokers) - 1) & ~sheet.jokers_spent][face]


def die_options(
    state: GameState, sheet: PlayerSheet, die: Die, position: Position, number: int
) -> list[tuple[Area, int]]:
    """Every (area, target) for ``die`` entered as ``number`` from ``position``."""
    out: list[tuple[Area, int]] = []
    for area in _OWN_AREA[die]:
        ctx = die_context(state, die, area, position, number)
        out.extend((area, t) for t in AREAS[area].targets(sheet, ctx))
    return out


def _die_moves(
    state: GameState,
    sheet: PlayerSheet,
    dice: tuple[int, ...],
    positions: tuple[Position, ...],
    extra: bool,
) -> list[PlayerMove]:
    """Every take (or extra die) of ``dice`` entered from ``positions``, without a joker first,
    then with each joker the player can spend."""
    cls = ExtraDie if extra else Take
    same_face = state.ruleset.joker_same_face
    out: list[PlayerMove] = []
    for d, position in zip(dice, positions):
        die = Die(d)
        face = state.faces[d]
        for area, target in die_options(state, sheet, die, position, face):
            out.append(cls(die, area, target))
        for joker in jokers(sheet, face, same_face):
            for area, target in die_options(state, sheet, die, position, joker.number):
                out.append(cls(die, area, target, joker))
    return out


def _usable(
    state: GameState,
    sheet: PlayerSheet,
    dice: tuple[int, ...],
) -> bool:
    """True when one of ``dice`` (entered by where it lies) can be entered somewhere, with or
    without a joker: the early-exit form of :func:`_die_moves`, for deciding whether a step has
    any choice."""
    same_face = state.ruleset.joker_same_face
    for d in dice:
        die = Die(d)
        face = state.faces[d]
        position = Position.of(state.places[d])
        for number in (face,) + tuple(j.number for j in jokers(sheet, face, same_face)):
            if die_options(state, sheet, die, position, number):
                return True
    return False


def has_passive_take(state: GameState, seat: int) -> bool:
    """True when :func:`passive_takes` lists anything."""
    sheet = state.sheets[seat]
    platter = state.dice_at(Place.PLATTER)
    if _usable(state, sheet, platter):
        return True
    fields = tuple(d for d in range(6) if state.places[d].is_die_field)
    return _usable(state, sheet, fields)


def extra_candidates(state: GameState, seat: int) -> tuple[int, ...]:
    """The dice ``seat`` may take as an extra die now: none without an unspent extra-die action;
    else every die lying on a die field or the platter not yet taken as an extra die in this
    turn (ruling 6)."""
    if state.sheets[seat].extra_dice_left <= 0:
        return ()
    taken = state.extras[seat]
    return tuple(d for d in range(6) if not taken >> d & 1 and state.places[d] is not Place.CUP)


def has_extra(state: GameState, seat: int) -> bool:
    """True when :func:`extra_moves` lists anything."""
    return _usable(state, state.sheets[seat], extra_candidates(state, seat))


def active_takes(state: GameState) -> list[PlayerMove]:
    """The active player's takes from the current roll, entered from die field ``rolls + 1``."""
    cup = state.dice_at(Place.CUP)
    field = Position(state.rolls + 1)
    return _die_moves(state, state.sheets[state.active], cup, (field,) * len(cup), False)


def passive_takes(state: GameState, seat: int) -> list[PlayerMove]:
    """A passive player's takes: platter dice; die-field dice too when no platter die can be
    used without spending an action (rulebook "Special case"; ruling 4)."""
    sheet = state.sheets[seat]
    platter = state.dice_at(Place.PLATTER)
    moves = _die_moves(state, sheet, platter, (Position.PLATTER,) * len(platter), False)
    if not any(isinstance(m, Take) and m.joker is None for m in moves):
        fields = tuple(d for d in range(6) if state.places[d].is_die_field)
        moves += _die_moves(
            state, sheet, fields, tuple(Position.of(state.places[d]) for d in fields), False
        )
    return moves


def extra_moves(state: GameState, seat: int) -> list[PlayerMove]:
    """The extra-die moves of ``seat``: any die not yet taken as an extra die in this turn,
    entered by its position (rulings 5, 6, 7)."""
    dice = extra_candidates(state, seat)
    return _die_moves(
        state, state.sheets[seat], dice, tuple(Position.of(state.places[d]) for d in dice), True
    )


def question_numbers(state: GameState, area: Area) -> tuple[int, ...]:
    """The numbers a question mark may choose for ``area``: 1..6, blue 2..12 (ruling 13)."""
    if area is Area.BLUE and state.ruleset.blue_question is BlueQuestion.TOTAL:
        return tuple(range(BLUE_MIN, BLUE_MAX + 1))
    return NUMBERS


def question_uses(
    state: GameState, sheet: PlayerSheet, bonus: Bonus
) -> list[PlayerMove]:
    """Every way to resolve one pending question mark ``bonus`` (rulings 10, 13, 16, 17): a
    number and a target in its area (any area for the black one), one cross in turquoise."""
    out: list[PlayerMove] = []
    area_of = bonus.area
    for area in (area_of,) if area_of is not None else ALL_AREAS:
        rules = AREAS[area]
        for number in question_numbers(state, area):
            for target in rules.targets(sheet, question_context(state, area, number)):
                out.append(QuestionMark(bonus, number, area, target))
    return out


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
    if phase is Phase.CHOOSE:
        moves = active_takes(state)
        if sheet.rerolls_left > 0:
            moves.append(REROLL)
        moves.append(FORFEIT)
        return tuple(moves)
    if phase is Phase.PASSIVE_CHOOSE:
        moves = passive_takes(state, actor)
    else:
        moves = extra_moves(state, actor)
    moves.append(PASS)
    return tuple(moves)


#: The steps at the end of a turn (or of the game) in which extra dice are used.
EXTRA_PHASES = (Phase.ACTIVE_EXTRA, Phase.PASSIVE_EXTRA, Phase.END_EXTRA)


def is_legal(state: GameState, move: object) -> bool:
    """True exactly when ``move in legal_moves(state)``, computed from the same generators
    restricted to the move's die or question mark (so :func:`apply` need not list every move)."""
    actor = state.actor
    if actor < 0:
        return False
    sheet = state.sheets[actor]
    if sheet.pending:
        return (
            isinstance(move, QuestionMark)
            and move.bonus in sheet.pending
            and move in question_uses(state, sheet, move.bonus)
        )
    phase = state.phase
    if isinstance(move, Take):
        if phase is Phase.CHOOSE:
            return state.places[move.die] is Place.CUP and move in _die_moves(
                state, sheet, (move.die,), (Position(state.rolls + 1),), False
            )
        return phase is Phase.PASSIVE_CHOOSE and move in passive_takes(state, actor)
    if isinstance(move, ExtraDie):
        return (
            phase in EXTRA_PHASES
            and move.die in extra_candidates(state, actor)
            and move in _die_moves(
                state, sheet, (move.die,), (Position.of(state.places[move.die]),), True
            )
        )
    if move == REROLL:
        return phase is Phase.CHOOSE and sheet.rerolls_left > 0
    if move == FORFEIT:
        return phase is Phase.CHOOSE
    if move == PASS:
        return phase is not Phase.CHOOSE
    return False
