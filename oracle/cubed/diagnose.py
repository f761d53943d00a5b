"""Why a move is illegal: the first broken rule, by id, in words a player understands.

Legality itself is decided by :func:`oracle.cubed.legal.legal_moves` (one source of truth); this
module only explains a refusal.  The property suite checks that the two agree: a move is listed
exactly when this module finds nothing wrong with it.
"""

from __future__ import annotations

from oracle.dice import ROMAN, Place
from oracle.cubed.dice import Die
from oracle.errors import IllegalMoveError
from oracle.cubed import blue, brown, entries, pink, turquoise, yellow
from oracle.cubed.legal import (
    EXTRA_PHASES,
    areas_for,
    group_matches,
    jokers,
    legal_moves,
    passive_takes,
    question_numbers,
    question_value,
)
from oracle.cubed.moves import (
    ExtraDie,
    Forfeit,
    Joker,
    Move,
    Pass,
    QuestionMark,
    ReRoll,
    Roll,
    SoloRoll,
    Take,
    well_formed,
)
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.sheet import (
    BLUE_MIDDLE,
    BLUE_SIDE_FIELDS,
    BROWN_FIELDS,
    BROWN_NUMBERS,
    YELLOW_GREY_ROW,
    Area,
)
from oracle.cubed.state import GameState, Phase

Problem = tuple[str, str]


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
            return "REROLL", (
                "only the active player may re-roll, before choosing a die from the roll"
            )
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


def _joker_problem(sheet: PlayerSheet, face: int, joker: Joker | None) -> Problem | None:
    if joker is None or joker in jokers(sheet, face):
        return None
    if joker.number == face:
        return "NUMBER-JOKER", f"the die already shows {face}; a number joker changes the number"
    kind = "a '?' field" if joker.free else f"a field printed {joker.number}"
    return "NUMBER-JOKER", f"no circled, unspent number-joker field: {kind}"


def _die_entry(
    state: GameState,
    sheet: PlayerSheet,
    die: Die,
    position: int,
    area: Area,
    target: int,
    joker: Joker | None,
) -> Problem | None:
    face = state.faces[die]
    problem = _joker_problem(sheet, face, joker)
    if problem:
        return problem
    if area not in areas_for(die):
        return "WHITE-JOKER", (
            f"the {die.name.lower()} die goes in the {die.name.lower()} area; only the white die "
            "is a colour joker"
        )
    number = joker.number if joker is not None else face
    if area is Area.BLUE:
        other = Die.WHITE if die is Die.BLUE else Die.BLUE
        return _area(state, sheet, area, target, number + state.faces[other], (), 0, position)
    extra = group_matches(state, die, position, number) if area is Area.TURQUOISE else 0
    rows = entries.yellow_rows(position, number)
    return _area(state, sheet, area, target, number, rows, extra, position)


def _take(state: GameState, sheet: PlayerSheet, move: Take) -> Problem | None:
    phase = state.phase
    place = state.places[move.die]
    if phase is Phase.CHOOSE:
        if place is not Place.CUP:
            return "ACTIVE-PICK", (
                f"the {move.die.name.lower()} die is not in this roll; the active player takes a "
                "die from the dice just rolled"
            )
        return _die_entry(
            state, sheet, move.die, state.rolls + 1, move.area, move.target, move.joker
        )
    if phase is Phase.PASSIVE_CHOOSE:
        if place.is_die_field:
            usable = [m for m in passive_takes(state, state.actor)
                      if isinstance(m, Take) and state.places[m.die] is Place.PLATTER
                      and m.joker is None]
            if usable:
                return "PASSIVE-FALLBACK", (
                    f"a die-field die may be taken only when no silver-platter die can be used; "
                    f"{usable[0]} is possible"
                )
        elif place is not Place.PLATTER:
            return "PASSIVE-PLATTER", "a passive player takes a die from the silver platter"
        position = int(place) if place.is_die_field else 0
        return _die_entry(state, sheet, move.die, position, move.area, move.target, move.joker)
    return "EXTRA-DIE", (
        "the dice of the turn are chosen; at the end of a turn only an extra die ('extra') can be "
        "taken"
    )


def _extra(state: GameState, sheet: PlayerSheet, move: ExtraDie) -> Problem | None:
    if state.phase not in EXTRA_PHASES:
        return "EXTRA-DIE", (
            "an extra die is used at the end of the player's turn: after the last roll, or after "
            "the passive choice"
        )
    if sheet.extra_dice_left <= 0:
        return "EXTRA-DIE", "no circled extra-die action is left to spend"
    if state.extras[state.actor] >> move.die & 1:
        return "EXTRA-DIE-ONCE", (
            f"the {move.die.name.lower()} die was already taken as an extra die in this turn"
        )
    place = state.places[move.die]
    position = int(place) if place.is_die_field else 0
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
    value = question_value(state, move.bonus, move.area, move.number)
    return _area(state, sheet, move.area, move.target, value, entries.ANY_ROW, 0, -1)


def _area(
    state: GameState,
    sheet: PlayerSheet,
    area: Area,
    target: int,
    number: int,
    rows: tuple[int, ...],
    extra: int,
    position: int,
) -> Problem | None:
    """Check an entry of ``number`` in ``area``; ``position`` is the die field 1..3, 0 for the
    silver platter, -1 for a question mark."""
    if area is Area.YELLOW:
        if target not in rows:
            if position > 0:
                return "YELLOW-ROW", (
                    f"a die on die field {ROMAN[position]} is entered in yellow row "
                    f"{ROMAN[position]} only"
                )
            if position == 0:
                return "YELLOW-GREY", (
                    f"a die from the silver platter crosses a grey cell only: the grey {number} "
                    f"is in row {ROMAN[YELLOW_GREY_ROW[number]]}"
                )
            return "YELLOW-ROW", "a question mark may use any yellow row"
        if sheet.yellow & yellow.bit(target, number):
            return "CELL-FREE", f"the yellow {number} in row {ROMAN[target]} is already crossed"
        return None
    if area is Area.TURQUOISE:
        if turquoise.cells(number, target) & sheet.turquoise:
            return "CELL-FREE", f"a chosen turquoise {number} is already crossed"
        if target.bit_count() > 1 + extra:
            return "TURQUOISE-EXTRA", (
                f"{target.bit_count()} crosses in column {number}, but only {extra} other "
                f"dice in the same group show {number}: at most {1 + extra}"
            )
        return None
    if area is Area.BLUE:
        values = sheet.blue_left if target == blue.LEFT else sheet.blue_right
        side = blue.SIDE_NAMES[target] if target in blue.SIDES else "?"
        if len(values) >= BLUE_SIDE_FIELDS:
            return "BLUE-FULL", f"the {side} side of the blue track is full"
        if blue.allowed(values, target, number, state.ruleset.blue_seven_after_seven):
            return None
        if number == BLUE_MIDDLE:
            return "BLUE-SEVEN", "a 7 may be written after any number except a 7"
        want = blue.previous(values) + (1 if target == blue.RIGHT else -1)
        return "BLUE-STEP", (
            f"the next {side} blue field needs exactly {want} (or a 7), not {number}"
        )
    if area is Area.BROWN:
        if not 1 <= target <= BROWN_FIELDS or BROWN_NUMBERS[target - 1] != number:
            return "BROWN-NUMBER", f"brown field {target} does not show {number}"
        last = brown.last_field(sheet.brown)
        if target <= last:
            return "BROWN-ORDER", (
                f"brown fields are crossed left to right: field {target} is not right of the "
                f"last crossed field {last}"
            )
        return None
    options = pink.options(sheet.pink)
    if not options:
        return "PINK-FULL", "the pink track is full"
    if target not in options:
        return "PINK-FIELD-ONE", "the first pink field always takes half the number"
    return None
