"""A real solo game as the turn model sees it: every entry with its turn, die, face and area, read
from the engine's moves (:mod:`spec.turns.model`), so that a test can fix the model's variables to
a real game and ask the model to admit it (each bound is a relaxation: it cuts no real game).

A question mark with exactly one use is entered by the engine with no move (ruling 19); such
entries are found by counting each area's entries before and after every step
(``entries_of``, the game's own count).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from oracle.engine.legal import use_numbers
from oracle.engine.moves import DieMove, ExtraDie, QuestionMark, Take
from oracle.engine.phase import Phase
from oracle.engine.state import GameState

State = GameState[Any, Any]
#: The phases of the passive turn (the end-of-game extra dice belong to it, ruling 7).
PASSIVE_PHASES = frozenset({Phase.SOLO_ROLL, Phase.PASSIVE_CHOOSE, Phase.PASSIVE_EXTRA,
                            Phase.END_EXTRA, Phase.OVER})


@attrs.frozen
class DieEntry:
    """A die entered: in ``turn``, die ``die`` (its index, white 0) showing ``face``, into area
    ``area`` (0-based), chosen (``extra`` False) or as an extra die, with the game's own action
    (``own``) or not; ``number`` is what was entered."""

    turn: int
    die: int
    face: int
    area: int
    extra: bool
    own: bool
    number: int


@attrs.frozen
class Trace:
    """A solo game's entries: the dice, and the question marks per (turn, area)."""

    dice: tuple[DieEntry, ...]
    questions: tuple[tuple[int, int, int], ...]
    final: object
    rounds: int


def turn_of(state: State) -> int:
    """The turn (0-based) a move in ``state`` belongs to."""
    return 2 * (state.round - 1) + (1 if state.phase in PASSIVE_PHASES else 0)


def trace(game: Any, moves: Sequence[object],
          entries_of: Callable[[object], tuple[int, ...]]) -> Trace:
    """The entries of the solo game of ``game`` (an :class:`oracle.engine.game.Game`) played with
    ``moves`` from the start (chance moves included)."""
    state: State = game.new_game(1, None)
    dice: list[DieEntry] = []
    questions: dict[tuple[int, int], int] = {}
    for move in moves:
        before = state
        turn = turn_of(state)
        own_area = -1
        if isinstance(move, (Take, ExtraDie)):
            die = int(move.die)
            numbers = use_numbers(state, state.sheets[0], move)
            assert numbers is not None, f"{move} is not legal here"
            dice.append(DieEntry(turn, die, state.faces[die], int(move.area) - 1,
                                 isinstance(move, ExtraDie), _own(move), numbers[0]))
            own_area = int(move.area) - 1
        elif isinstance(move, QuestionMark):
            own_area = int(move.area) - 1
            key = (turn, own_area)
            questions[key] = questions.get(key, 0) + 1
        state = game.apply_unchecked(state, move)
        if before.actor < 0:
            continue
        grown = [n - o for o, n in zip(entries_of(before.sheets[0]), entries_of(state.sheets[0]))]
        if own_area >= 0:
            grown[own_area] -= 1
        for a, more in enumerate(grown):
            if more > 0:  # one-use question marks, entered with no move (ruling 19)
                questions[(turn, a)] = questions.get((turn, a), 0) + more
    assert state.is_terminal
    return Trace(tuple(dice), tuple((t, a, n) for (t, a), n in sorted(questions.items())),
                 state.sheets[0], state.rounds)


def _own(move: DieMove) -> bool:
    """The move uses the game's own action (a number joker, polish the silver)."""
    return move.action is not None
