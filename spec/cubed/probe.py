"""Asking the engine about one area, through its public names only (``new_game``, ``apply``,
``legal_moves``, ``parse_move``, the sheet's fields and ``foxes``, the game's ``score``): the
engine's side of :mod:`spec.cubed.equality`.

An entry's context (the number, where the die lies, how many other dice of its group show the
number; docs/rulings.md, rulings 5, 11, 15) is made real: a game is played up to the moment a die
of the area's colour lies at that position showing that number, with that many matching dice,
and the sheet to be asked about is put in.  Targets are read from the legal moves' notation
(docs/formats.md), so the spec's targets (yellow row, turquoise row set, blue side, brown field,
pink option) are compared as the notation writes them.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType

from oracle import (
    Area,
    Bonus,
    Die,
    Forfeit,
    Move,
    Place,
    PlayerSheet,
    Position,
    QuestionMark,
    Roll,
    Ruleset,
    Take,
    apply,
    legal_moves,
    new_game,
    parse_move,
)
from spec.cubed.engine_view import spends_joker
from spec.cubed.printed import OWN_QUESTION
from spec.cubed.seam import GameState, pending

#: The area names and target words of move notation (docs/formats.md, "Move notation").
ROMAN = ("I", "II", "III")
SIDE_WORDS = ("left", "right")
OPTION_WORDS = ("half", "times")


def target_text(area: Area, target: int) -> str:
    """The notation of a spec target: yellow row 1..3 as I..III, a turquoise row set (bit
    ``row - 1``) as ``1+3``, blue side 0/1 as left/right, brown field as its number, pink option
    0/1 as half/times."""
    if area is Area.YELLOW:
        return ROMAN[target - 1]
    if area is Area.TURQUOISE:
        return "+".join(str(r + 1) for r in range(5) if target >> r & 1)
    if area is Area.BLUE:
        return SIDE_WORDS[target]
    if area is Area.PINK:
        return OPTION_WORDS[target]
    return str(target)


def parse_target(area: Area, text: str) -> int:
    """The spec target of an entry's notation (the inverse of :func:`target_text`)."""
    if area is Area.YELLOW:
        return ROMAN.index(text) + 1
    if area is Area.TURQUOISE:
        return sum(1 << (int(r) - 1) for r in text.split("+"))
    if area is Area.BLUE:
        return SIDE_WORDS.index(text)
    if area is Area.PINK:
        return OPTION_WORDS.index(text)
    return int(text)


def die_of(area: Area) -> Die:
    """The die of the area's colour."""
    return Die[area.name]


#: The die whose face is added to the blue die in blue (ruling 15).
PARTNER = Die.WHITE


#: The dice picked before the die asked about, in this order.
FILLERS = (Die.BROWN, Die.PINK, Die.YELLOW, Die.TURQUOISE, Die.WHITE, Die.BLUE)


def _faces(cup: tuple[Die, ...], shown: Mapping[Die, int], other: int) -> Roll:
    return Roll(tuple((shown.get(d, other) if d in cup else 0) for d in Die))


def _cup(state: GameState) -> tuple[Die, ...]:
    return tuple(d for d in Die if state.places[d] == Place.CUP)


def _split_blue(value: int) -> tuple[int, int]:
    """A blue value 2..12 as (blue die, white die)."""
    blue = min(6, value - 1)
    return blue, value - blue


def _shown(area: Area, number: int, matches: int, others: tuple[Die, ...]) -> dict[Die, int]:
    """The faces that make the context: the area's die shows the number (blue: with the white
    die, the value), ``matches`` of ``others`` show it too."""
    if area is Area.BLUE:
        blue, white = _split_blue(number)
        return {Die.BLUE: blue, PARTNER: white}
    shown = {die_of(area): number}
    for d in others[:matches]:
        shown[d] = number
    return shown


#: The dice a question-mark state shows (any: a question mark takes no die).
QUESTION_STATE_NUMBER: Mapping[Area, int] = MappingProxyType(
    {a: 7 if a is Area.BLUE else 1 for a in Area})


def _other_face(number: int) -> int:
    return 6 if number != 6 else 5


@functools.cache
def entry_state(area: Area, position: Position, number: int, matches: int,
                ruleset: Ruleset) -> tuple[GameState, int]:
    """A game state and a seat where the area's die may be entered from ``position`` as
    ``number`` (blue: the value written) with ``matches`` other dice of its group showing it.

    Die field k: a solo game's k-th roll, after k - 1 picks of other dice (the first
    ``matches`` of them showing the number).  Platter: a two-player game whose active player
    forfeited all three rolls, so all six dice lie on the silver platter (rulings 1, 4);
    player 2 chooses.  Question mark: any moment of the player's turn (the sheet asked about
    carries the question mark)."""
    if position is Position.QUESTION:
        number = QUESTION_STATE_NUMBER[area]
    die = die_of(area)
    # Dice picked before, each into its own area (two picks in different areas earn nothing).
    fillers = tuple(d for d in FILLERS if d is not die and not (area is Area.BLUE and d is PARTNER))
    if position is Position.PLATTER:
        fillers = tuple(d for d in Die if d not in (die, PARTNER if area is Area.BLUE else die))
        state = new_game(2, ruleset)
        for roll in range(3):
            shown = _shown(area, number, matches, fillers) if roll == 2 else {}
            state = apply(state, _faces(_cup(state), shown, _other_face(number)))
            state = apply(state, Forfeit())
        return state, 1
    state = new_game(1, ruleset)
    field = 1 if position is Position.QUESTION else int(position)
    for j in range(field - 1):
        pick = fillers[j]
        face = number if j < matches else _other_face(number)
        state = apply(state, _faces(_cup(state), {pick: face}, 6))
        take = next(m for m in legal_moves(state) if isinstance(m, Take) and m.die is pick
                    and m.area.name == pick.name and not spends_joker(m))
        state = apply(state, take)
    state = apply(state, _faces(_cup(state), _shown(area, number, 0, ()), 6))
    return state, 0


def contexts(area: Area, positions: tuple[Position, ...] = tuple(Position),
             most_matches: int = 5) -> tuple[tuple[Position, int, int], ...]:
    """Every context an entry in ``area`` can have: (position, number, matches).  Numbers 1..6
    (blue: values 2..12); matches only in turquoise, up to the dice a group can hold: k - 1 on
    die field k, five on a platter of six, none for a question mark."""
    numbers = range(2, 13) if area is Area.BLUE else range(1, 7)
    out = []
    for position in positions:
        most = 0
        if area is Area.TURQUOISE:
            most = {Position.QUESTION: 0, Position.PLATTER: most_matches}.get(
                position, int(position) - 1)
        for n in numbers:
            for m in range(min(most, most_matches) + 1):
                out.append((position, n, m))
    return tuple(out)


def bonuses(before: PlayerSheet, after: PlayerSheet, foxes: bool = True) -> tuple[Bonus, ...]:
    """The bonuses an entry brought, read off the sheets: circles gained on each action track,
    question marks now pending, foxes gained (with ``foxes``), sorted.  ``before`` is the sheet
    without the question mark the entry used, if it used one."""
    got: Counter[Bonus] = Counter()
    got[Bonus.REROLL] = after.rerolls - before.rerolls
    got[Bonus.NUMBER_JOKER] = after.jokers - before.jokers
    got[Bonus.EXTRA_DIE] = after.extra_dice - before.extra_dice
    if foxes:
        got[Bonus.FOX] = after.foxes - before.foxes
    got.update(pending(after))
    got.subtract(pending(before))
    return tuple(sorted(got.elements()))


def area_only(sheet: PlayerSheet, area: Area) -> PlayerSheet:
    """``sheet`` with only ``area`` kept (no tracks, nothing pending)."""
    if area is Area.YELLOW:
        return PlayerSheet(yellow=sheet.yellow)
    if area is Area.TURQUOISE:
        return PlayerSheet(turquoise=sheet.turquoise)
    if area is Area.BLUE:
        return PlayerSheet(blue_left=sheet.blue_left, blue_right=sheet.blue_right)
    if area is Area.BROWN:
        return PlayerSheet(brown=sheet.brown)
    return PlayerSheet(pink=sheet.pink, pink_bonus=sheet.pink_bonus)


@functools.cache
def entries(area: Area, sheet: PlayerSheet, position: Position, number: int, matches: int,
            ruleset: Ruleset) -> Mapping[int, tuple[PlayerSheet, tuple[Bonus, ...]]]:
    """The engine's legal entries of the context on ``sheet`` (an area-only sheet): for each
    target, the area after it and the bonuses it brought.  Without a number joker; a question
    mark's number is the number (blue: the value).  Remembered: the engine's answer does not
    change, and the mutation test asks it once per changed encoding."""
    state, seat = entry_state(area, position, number, matches, ruleset)
    asked = sheet.but(pending=(OWN_QUESTION[area],)) if position is Position.QUESTION else sheet
    state = state.with_sheet(seat, asked)
    die = die_of(area)
    out: dict[int, tuple[PlayerSheet, tuple[Bonus, ...]]] = {}
    for move in legal_moves(state):
        if position is Position.QUESTION:
            if not isinstance(move, QuestionMark) or move.area is not area \
                    or move.number != number:
                continue
        elif not (isinstance(move, Take) and move.die is die and move.area is area
                  and not spends_joker(move)):
            continue
        target = parse_target(area, str(move).rsplit(":", 1)[1])
        after = apply(state, move).sheets[seat]
        out[target] = (area_only(after, area), bonuses(sheet, after))
    return MappingProxyType(out)


@functools.cache
def question_move(area: Area, number: int, target: int) -> Move:
    """The move using a question mark of the area's colour with ``number`` at ``target``."""
    code = OWN_QUESTION[area].code
    return parse_move(f"question {code} {number} {area.label}:{target_text(area, target)}")


def step(area: Area, sheet: PlayerSheet, number: int, target: int,
         ruleset: Ruleset) -> tuple[PlayerSheet, tuple[Bonus, ...]]:
    """The area after one question-mark entry on an area-only ``sheet``, and the bonuses it
    brought, foxes aside (:class:`oracle.IllegalMoveError` when the engine refuses it)."""
    state, seat = entry_state(area, Position.QUESTION, 1, 0, ruleset)
    asked = sheet.but(pending=(OWN_QUESTION[area],))
    after = apply(state.with_sheet(seat, asked), question_move(area, number, target))
    return area_only(after.sheets[seat], area), bonuses(sheet, after.sheets[seat], foxes=False)
