"""The context of one entry: everything besides the sheet that decides where a number may go.

Built once per entry by :func:`die_context` or :func:`question_context` and handed to the area's
module, so that each area's rules read one small value: the number entered (for blue, the value
written: the die plus its partner die, docs/rulings.md ruling 15), where the die lies (ruling 5;
:attr:`Position.QUESTION` for a question mark), how many other dice of its group show the
number (turquoise extra crosses, ruling 11), and the ruleset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from oracle.dice import Place, Position
from oracle.cubed.dice import Die
from oracle.cubed.ruleset import BlueQuestion, Ruleset
from oracle.cubed.sheet import Area

if TYPE_CHECKING:  # pragma: no cover - annotations only; the state module imports the areas
    from oracle.cubed.state import GameState


class Context(NamedTuple):
    """One entry's context (see the module docstring); a tuple, as it is built in hot loops."""

    number: int
    position: Position
    matches: int
    ruleset: Ruleset


def group_matches(state: GameState, die: int, position: int, number: int) -> int:
    """How many OTHER dice lie in the same group as ``die`` showing ``number`` (ruling 11): the
    die fields for a die-field position, the silver platter for the platter."""
    faces, places = state.faces, state.places
    count = 0
    if position > _PLATTER:
        for d in range(6):
            if faces[d] == number and d != die and _FIELD_I <= places[d] <= _FIELD_III:
                count += 1
    else:
        for d in range(6):
            if faces[d] == number and d != die and places[d] == _ON_PLATTER:
                count += 1
    return count


_PLATTER = Position.PLATTER
_FIELD_I = Place.FIELD_I
_FIELD_III = Place.FIELD_III
_ON_PLATTER = Place.PLATTER
_BLUE = Area.BLUE
_TURQUOISE = Area.TURQUOISE
#: The partner die whose face is added to a die entered in blue (ruling 15): white for the blue
#: die, blue for the white die (and for any other die, which is never entered in blue).
_PARTNER: tuple[int, ...] = tuple(
    Die.WHITE if d is Die.BLUE else Die.BLUE for d in Die
)


def blue_value(faces: tuple[int, ...], die: int, number: int) -> int:
    """The value written in blue for ``die`` entered as ``number``: the number plus the partner
    die's face (blue and white, ruling 15)."""
    return number + faces[_PARTNER[die]]


def die_context(state: GameState, die: Die, area: Area, position: Position, number: int) -> Context:
    """The context of ``die`` entered as ``number`` in ``area`` from ``position``.  This is the
    one place where the blue value (die + partner die: blue and white, ruling 15) and the
    turquoise matches are worked out."""
    if area == _BLUE:
        return Context(blue_value(state.faces, die, number), position, 0, state.ruleset)
    if area == _TURQUOISE:
        return Context(number, position, group_matches(state, die, position, number),
                       state.ruleset)
    return Context(number, position, 0, state.ruleset)


def question_value(state: GameState, area: Area, number: int) -> int:
    """The value a question mark writes: the number, except blue under ``number_plus_white``
    where the white die's face is added (ruling 13)."""
    if area is Area.BLUE and state.ruleset.blue_question is BlueQuestion.NUMBER_PLUS_WHITE:
        return number + state.faces[Die.WHITE]
    return number


def question_context(state: GameState, area: Area, number: int) -> Context:
    """The context of a question mark used with ``number`` in ``area`` (rulings 10, 13, 16,
    17): no die, so no position and no matching dice (one turquoise cross)."""
    return Context(question_value(state, area, number), Position.QUESTION, 0, state.ruleset)
