"""The legal moves of a state: every legal move and nothing else, in a deterministic order.

Order: for a pending question mark, by bonus kind (RR +1 PS FOX ?Y ?B ?G ?Gr ?P ?*), then area,
number, target; for dice, by die (W Y B Gy Gn P), then polishing (none first, then by the number
of polish fields spent, then the die's change, then the partner's change, each ascending), then
area and target; then ``reroll``, ``forfeit`` or ``pass`` last.  At a chance node there are no
player moves (see :mod:`oracle.fourever.chance`).
"""

from __future__ import annotations

from oracle.dice import Place, Position
from oracle.fourever import entries
from oracle.fourever.context import Context
from oracle.fourever.dice import Die
from oracle.fourever.moves import (
    FORFEIT,
    MAX_POLISH,
    NUMBERED_AREAS,
    PASS,
    REROLL,
    ExtraDie,
    PlayerMove,
    QuestionMark,
    Take,
    well_formed,
)
from oracle.fourever.playersheet import PlayerSheet
from oracle.fourever.ruleset import Ruleset
from oracle.fourever.sheet import ALL_AREAS, NUMBERS, Area, Bonus
from oracle.fourever.state import GameState, Phase

#: The steps at the end of a turn (or of the game) in which extra dice are used.
EXTRA_PHASES = (Phase.ACTIVE_EXTRA, Phase.PASSIVE_EXTRA, Phase.END_EXTRA)
_NO_BLUE: tuple[Area, ...] = tuple(a for a in ALL_AREAS if a is not Area.BLUE)


def areas_for(die: Die, ruleset: Ruleset) -> tuple[Area, ...]:
    """The areas a die may be entered in: its own; the white die any (a colour joker), blue
    only under ``white_for_blue`` (docs/rulings.md, ruling 4E-2)."""
    if die is Die.WHITE:
        return ALL_AREAS if ruleset.white_for_blue else _NO_BLUE
    return (Area(int(die)),)


def partner_of(die: Die) -> Die:
    """The other die of a blue entry: white for blue, blue for white."""
    return Die.WHITE if die is Die.BLUE else Die.BLUE


def may_polish(state: GameState, die: int) -> bool:
    """Polish the silver may change ``die``: it lies on the silver platter, or any die under
    ``polish_any_die`` (docs/rulings.md, ruling 4E-1)."""
    return state.ruleset.polish_any_die or state.places[die] is Place.PLATTER


def polish_pairs(
    state: GameState, sheet: PlayerSheet, die: Die, blue: bool
) -> tuple[tuple[int, int], ...]:
    """The (die change, partner change) pairs the player can afford for ``die``, no polishing
    first; the partner change only for a blue entry (docs/rulings.md, ruling 4E-1)."""
    left = sheet.polish_left
    faces = state.faces
    own = range(-MAX_POLISH, MAX_POLISH + 1) if may_polish(state, die) else range(0, 1)
    other = partner_of(die)
    with_partner = blue and may_polish(state, other)
    theirs = range(-MAX_POLISH, MAX_POLISH + 1) if with_partner else range(0, 1)
    pairs = [
        (p, q) for p in own for q in theirs
        if abs(p) + abs(q) <= left
        and 1 <= faces[die] + p <= 6 and (q == 0 or 1 <= faces[other] + q <= 6)
    ]
    pairs.sort(key=lambda pq: (abs(pq[0]) + abs(pq[1]), pq[0], pq[1]))
    return tuple(pairs)


def die_context(
    state: GameState, die: Die, area: Area, polish: int, partner: int
) -> Context:
    """The entry of ``die`` polished by ``polish`` (and its partner by ``partner``) in ``area``."""
    faces = state.faces
    position = Position.of(state.places[die])
    if area is Area.BLUE:
        mine = faces[die] + polish
        theirs = faces[partner_of(die)] + partner
        row, column = (mine, theirs) if die is Die.BLUE else (theirs, mine)
        return Context(row, column, position, False, state.ruleset)
    return Context(faces[die] + polish, 0, position, False, state.ruleset)


def _die_moves(
    state: GameState, sheet: PlayerSheet, dice: tuple[int, ...], extra: bool
) -> list[PlayerMove]:
    """Every take (or extra die) of ``dice``, without polishing first, then polished."""
    cls = ExtraDie if extra else Take
    out: list[PlayerMove] = []
    for d in dice:
        die = Die(d)
        areas = areas_for(die, state.ruleset)
        for p, q in polish_pairs(state, sheet, die, Area.BLUE in areas):
            for area in areas:
                if q and area is not Area.BLUE:
                    continue
                ctx = die_context(state, die, area, p, q)
                for target in entries.targets(sheet, area, ctx):
                    out.append(cls(die, area, target, p, q))
    return out


def _usable(state: GameState, sheet: PlayerSheet, dice: tuple[int, ...]) -> bool:
    """True when one of ``dice`` can be entered somewhere (early-exit :func:`_die_moves`)."""
    for d in dice:
        die = Die(d)
        areas = areas_for(die, state.ruleset)
        for p, q in polish_pairs(state, sheet, die, Area.BLUE in areas):
            for area in areas:
                if (not q or area is Area.BLUE) and entries.targets(
                    sheet, area, die_context(state, die, area, p, q)
                ):
                    return True
    return False


def _field_dice(state: GameState) -> tuple[int, ...]:
    return tuple(d for d in range(6) if state.places[d].is_die_field)


def has_passive_take(state: GameState, seat: int) -> bool:
    """True when :func:`passive_takes` lists anything."""
    sheet = state.sheets[seat]
    return _usable(state, sheet, state.dice_at(Place.PLATTER)) or _usable(
        state, sheet, _field_dice(state)
    )


def extra_candidates(state: GameState, seat: int) -> tuple[int, ...]:
    """The dice ``seat`` may take as an extra die now: none without an unspent extra-die action;
    else every die on a die field or the platter not yet taken as an extra die in this turn
    (docs/rulings.md, ruling 6)."""
    if state.sheets[seat].extra_dice_left <= 0:
        return ()
    taken = state.extras[seat]
    return tuple(d for d in range(6) if not taken >> d & 1 and state.places[d] is not Place.CUP)


def has_extra(state: GameState, seat: int) -> bool:
    """True when :func:`extra_moves` lists anything."""
    return _usable(state, state.sheets[seat], extra_candidates(state, seat))


def active_takes(state: GameState) -> list[PlayerMove]:
    """The active player's takes from the current roll."""
    return _die_moves(state, state.sheets[state.active], state.dice_at(Place.CUP), False)


def passive_takes(state: GameState, seat: int) -> list[PlayerMove]:
    """A passive player's takes: platter dice; die-field dice too when no platter die can be used
    without polishing (rules "Special case"; docs/rulings.md, ruling 4)."""
    sheet = state.sheets[seat]
    moves = _die_moves(state, sheet, state.dice_at(Place.PLATTER), False)
    if not any(isinstance(m, Take) and m.polish_uses == 0 for m in moves):
        moves += _die_moves(state, sheet, _field_dice(state), False)
    return moves


def extra_moves(state: GameState, seat: int) -> list[PlayerMove]:
    """The extra-die moves of ``seat`` (docs/rulings.md, rulings 6, 7)."""
    return _die_moves(state, state.sheets[seat], extra_candidates(state, seat), True)


def question_context(state: GameState, area: Area, number: int) -> Context:
    """The entry of a question mark: a number (yellow, green, pink) or a free choice."""
    return Context(number, 0, Position.QUESTION, True, state.ruleset)


def question_numbers(area: Area) -> tuple[int, ...]:
    """The numbers a question mark chooses in ``area``: 1..6, none (0) for blue and grey."""
    return NUMBERS if area in NUMBERED_AREAS else (0,)


def question_uses(state: GameState, sheet: PlayerSheet, bonus: Bonus) -> list[PlayerMove]:
    """Every way to resolve one pending question mark ``bonus``: its area (any area for the
    black one, docs/rulings.md, ruling 4E-11), a number, a target."""
    out: list[PlayerMove] = []
    area_of = bonus.area
    for area in (area_of,) if area_of is not None else ALL_AREAS:
        for number in question_numbers(area):
            ctx = question_context(state, area, number)
            for target in entries.targets(sheet, area, ctx):
                out.append(QuestionMark(bonus, number, area, target))
    return out


def question_moves(state: GameState, sheet: PlayerSheet) -> list[PlayerMove]:
    """The moves resolving any one of the pending question marks, kinds in order."""
    out: list[PlayerMove] = []
    for bonus in sorted(set(sheet.pending)):
        out.extend(question_uses(state, sheet, bonus))
    return out


def legal_moves(state: GameState) -> tuple[PlayerMove, ...]:
    """Every legal player move in ``state``, in the documented order; empty at chance nodes and
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


def is_legal(state: GameState, move: object) -> bool:
    """True exactly when ``move in legal_moves(state)``, computed from the same generators
    restricted to the move's die or question mark."""
    actor = state.actor
    if actor < 0 or not well_formed(move):
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
                state, sheet, (move.die,), False
            )
        return phase is Phase.PASSIVE_CHOOSE and move in passive_takes(state, actor)
    if isinstance(move, ExtraDie):
        return (
            phase in EXTRA_PHASES
            and move.die in extra_candidates(state, actor)
            and move in _die_moves(state, sheet, (move.die,), True)
        )
    if move == REROLL:
        return phase is Phase.CHOOSE and sheet.rerolls_left > 0
    if move == FORFEIT:
        return phase is Phase.CHOOSE
    if move == PASS:
        return phase is not Phase.CHOOSE
    return False
