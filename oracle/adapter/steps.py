"""What a version-2 request tells the app about a move: who makes it, the kind of step and where
the game stands (docs/certify.md, "Who moves, and what"), read off our state through the game
seam.

``pass`` means four things in our notation (a passive player declines; the active player, a
passive player or, after the last round, any player ends their extra dice): the step kind tells
which.  The kinds are named by the move's first word and the part of the turn
(:class:`oracle.engine.phase.Phase`): a question mark is ``question-mark`` in any part.
"""

from __future__ import annotations

from oracle.adapter.protocol import PHASES, Step, Turn
from oracle.engine.game import Game, State
from oracle.engine.phase import Phase

_BY_WORD = {"roll": "roll", "solo-roll": "solo-roll", "reroll": "reroll", "forfeit": "forfeit",
            "extra": "extra-die", "question": "question-mark"}


def turn_of(game: Game, state: State) -> Turn:
    """Where ``state`` stands: who is to move (1-based; None for the dice and at the end), the
    phase, the round and the active player."""
    actor = state.actor
    return Turn(actor + 1 if actor >= 0 else None, PHASES[game.phase(state)], state.round,
                state.active + 1)


def step_of(game: Game, state: State, move: str) -> Step:
    """The step of ``move`` (our notation) made in ``state``, as versions 2 and 3 send it (its
    move JSON is read off the text when a version-3 app asks for it)."""
    turn = turn_of(game, state)
    word = move.split(" ", 1)[0]
    kind = _BY_WORD.get(word)
    if kind is None:
        phase = game.phase(state)
        if word == "take":
            kind = "passive-pick" if phase is Phase.PASSIVE_CHOOSE else "active-pick"
        else:  # pass
            kind = "decline" if phase is Phase.PASSIVE_CHOOSE else "end-extra-dice"
    return Step(move, kind, turn, game=game)
