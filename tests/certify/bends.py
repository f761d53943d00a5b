"""Wrong apps that bend several rules at once, the way a real engine departs from our rulings:
our engine behind the version-2 protocol, with bends stacked on it.  Their refusals name no
rule id (a real engine has its own messages), so certification must name every rule itself.

* :data:`CUBED_FIVE` (Clever Cubed): two common bends — a number joker may name the die's own
  face (``joker_same_face=true``); the solo passive roll lays its die-field dice by face,
  highest on die field I — and three rare ones — question marks only in the order earned
  (first in, first out); no passive fallback while a platter die is usable with the number
  joker; no extra dice after the last turn.
* :data:`CUBED_REAL` (Clever Cubed): the five departures of a real engine, at once — a blue
  question mark read as a chosen 1 to 6 plus the white die (``blue_question=number_plus_white``,
  not declared); question marks first in, first out; no passive fallback while a platter die is
  usable only with the number joker; no passive fallback at all in a solo game; no extra dice
  after the last turn.  Each must be one finding, once, with its rule (and the hint where an
  option exists), and nothing else.
* :data:`FOUREVER_THREE` (Clever 4Ever): polish on any die (``polish_any_die=true``), the white
  die never for blue (``white_for_blue=false``), and the solo passive roll's die fields by face.
  (Its passive fallback is not among them: with three platter dice and its open areas, a
  Clever 4Ever passive player who can use none of them is too rare for a test's budget.)

``python -m tests.certify.bends NAME [--listless]`` serves one over JSON Lines.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import ClassVar

from oracle.adapter.protocol import (
    ACCEPTED,
    LEGAL,
    PROBE,
    Answer,
    AppState,
    Hello,
    Step,
    Turn,
)
from oracle.adapter.reference import ReferenceImplementation
from oracle.adapter.serve import serve
from oracle.engine.game import Game, State
from oracle.games import find_game
from oracle.engine.phase import Phase

CUBED = find_game("clever-cubed")
FOUREVER = find_game("clever-4ever")
NOT_ALLOWED = "that move is not allowed here"


class Bend:
    """One departure from our rules (hooks the :class:`BentApp` asks)."""

    #: Ruleset options the app really plays.
    options: ClassVar[Mapping[str, str]] = {}

    def start(self, game: Game, state: State) -> None:
        """A new game begins."""

    def rewrite(self, game: Game, state: State, move: str) -> str:
        """The move the app really applies for ``move``."""
        return move

    def refuses(self, game: Game, state: State, move: str) -> str | None:
        """Why the app refuses ``move`` although its engine allows it (None: it does not)."""
        return None

    def applied(self, game: Game, before: State, after: State, move: str) -> None:
        """The app applied ``move``."""


class OwnFace(Bend):
    """A number joker may name the number the die already shows (ruling 23's other reading)."""

    options = {"joker_same_face": "true"}


class SoloFieldsByFace(Bend):
    """The solo passive roll lays the three dice that stay off the platter on die fields I, II,
    III by face, highest first (ours: by their distance from the platter, ruling 9)."""

    def rewrite(self, game: Game, state: State, move: str) -> str:
        tokens = move.split(" ")
        if tokens[0] != "solo-roll":
            return move
        dice = [(t.rstrip("0123456789"), int(t[-1])) for t in tokens[1:]]
        lowest = sorted(range(6), key=lambda i: (dice[i][1], i))[:3]
        platter = [dice[i] for i in range(6) if i in lowest]
        fields = sorted((dice[i] for i in range(6) if i not in lowest), key=lambda d: -d[1])
        return "solo-roll " + " ".join(f"{c}{f}" for c, f in platter + fields)


class FirstInFirstOut(Bend):
    """Several pending question marks are resolved in the order they were earned (ours: the
    player chooses, ruling 18)."""

    def __init__(self) -> None:
        self.queues: list[list[str]] = []

    def start(self, game: Game, state: State) -> None:
        self.queues = [list(game.pending(state, p)) for p in range(state.players)]

    def refuses(self, game: Game, state: State, move: str) -> str | None:
        tokens = move.split(" ")
        queue = self.queues[state.actor] if state.actor >= 0 else []
        if tokens[0] == "question" and queue and tokens[1] != queue[0]:
            return f"use your {queue[0]} first: it came first"
        return None

    def applied(self, game: Game, before: State, after: State, move: str) -> None:
        for player, queue in enumerate(self.queues):
            now = list(game.pending(after, player))
            left = list(now)
            kept = []
            for code in queue:
                if code in left:
                    left.remove(code)
                    kept.append(code)
            self.queues[player] = kept + left


class NoFallbackWithAction(Bend):
    """A passive player may not take a die-field die while a platter die can be used by
    spending the game's action (ours: only a free use of a platter die blocks the fallback,
    ruling 4)."""

    def refuses(self, game: Game, state: State, move: str) -> str | None:
        if game.phase(state) is not Phase.PASSIVE_CHOOSE or not move.startswith("take "):
            return None
        where = {d.die.code: d.place.label for d in game.dice(state)}
        if where[move.split(" ")[1]] == "platter":
            return None
        if any(str(m).startswith("take ") and where[str(m).split(" ")[1]] == "platter"
               for m in game.legal_moves(state)):
            return "take a die from the silver platter"
        return None


class NoSoloFallback(Bend):
    """A solo game's passive player may take only a platter die, never a die-field die (ours:
    the fallback of ruling 4 holds in the solo passive turn too, ruling 9)."""

    def refuses(self, game: Game, state: State, move: str) -> str | None:
        if (state.players != 1 or game.phase(state) is not Phase.PASSIVE_CHOOSE
                or not move.startswith("take ")):
            return None
        where = {d.die.code: d.place.label for d in game.dice(state)}
        return None if where[move.split(" ")[1]] == "platter" else "solo: platter dice only"


class NumberPlusWhite(Bend):
    """A blue question mark writes a chosen 1 to 6 plus the white die (ruling 13's other
    reading), without the app declaring ``blue_question``."""

    options = {"blue_question": "number_plus_white"}


class NoEndExtra(Bend):
    """The game ends after the last passive turn: no extra dice after it (ours: ruling 7)."""

    def refuses(self, game: Game, state: State, move: str) -> str | None:
        return "the game is over" if game.phase(state) is Phase.END_EXTRA else None


class PolishAnyDie(Bend):
    """Polish on any die, not only platter dice (4E-1's other reading)."""

    options = {"polish_any_die": "true"}


class WhiteNotForBlue(Bend):
    """The white die is never a joker for blue (4E-2's other reading)."""

    options = {"white_for_blue": "false"}


class BentApp(ReferenceImplementation):
    """Our engine with ``bends`` stacked on it, its refusals in its own words; with or without
    the capabilities ``legal`` and ``probe``."""

    def __init__(self, game: Game, bends: tuple[Bend, ...], lists: bool = True) -> None:
        super().__init__(game)
        self.bends = bends
        self.lists = lists

    def hello(self) -> Hello:
        capabilities = frozenset({LEGAL, PROBE}) if self.lists else frozenset()
        return Hello(self.game.name, "bent engine 0.1", capabilities, 2, {})

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                 seed: int = 0) -> None:
        played: dict[str, str | bool] = dict(ruleset)
        for bend in self.bends:
            played.update(bend.options)
        super().new_game(game, players, played)
        for bend in self.bends:
            bend.start(self.game, self._now())

    def _real(self, move: str) -> str:
        for bend in self.bends:
            move = bend.rewrite(self.game, self._now(), move)
        return move

    def probe(self, step: Step) -> Answer:
        state = self._now()
        for bend in self.bends:
            reason = bend.refuses(self.game, state, step.move)
            if reason is not None:
                return Answer(False, reason)
        answer = super().probe(Step(self._real(step.move), step.kind, step.turn))
        return answer if answer.accepted else Answer(False, NOT_ALLOWED)

    def apply(self, step: Step) -> Answer:
        answer = self.probe(step)
        if answer.accepted:
            before = self._now()
            self.current = self.game.apply(before, self.game.parse_move(self._real(step.move)))
            for bend in self.bends:
                bend.applied(self.game, before, self.current, step.move)
        return answer

    def legal(self, turn: Turn | None = None) -> tuple[str, ...]:
        state = self._now()
        return tuple(m for m in super().legal(turn)
                     if all(b.refuses(self.game, state, m) is None for b in self.bends))

    def state(self, turn: Turn | None = None) -> AppState:
        return super().state(turn)


def cubed_five(lists: bool = True) -> BentApp:
    """Clever Cubed with five rules bent (see the module docstring)."""
    return BentApp(CUBED, (OwnFace(), SoloFieldsByFace(), FirstInFirstOut(),
                           NoFallbackWithAction(), NoEndExtra()), lists)


def cubed_real(lists: bool = True) -> BentApp:
    """Clever Cubed with a real engine's five departures (see the module docstring)."""
    return BentApp(CUBED, (NumberPlusWhite(), FirstInFirstOut(), NoFallbackWithAction(),
                           NoSoloFallback(), NoEndExtra()), lists)


def fourever_three(lists: bool = True) -> BentApp:
    """Clever 4Ever with three rules bent (see the module docstring)."""
    return BentApp(FOUREVER, (PolishAnyDie(), WhiteNotForBlue(), SoloFieldsByFace()), lists)


#: The bent rules certification must report for each: (kind, rule id, hint or None).
CUBED_FIVE = {
    ("too-lenient", "NUMBER-JOKER", "joker_same_face=true"),
    ("state", "SOLO-ROLL", None),
    ("too-strict", "QUESTION-FIRST", None),
    ("too-strict", "PASSIVE-FALLBACK", None),
    ("too-strict", "END-EXTRA", None),
}
#: (rule, situation, hint or None): one finding per departure (docs/certify.md, "One finding per
#: departure").
CUBED_REAL = {
    ("QUESTION-USE", "option:blue_question", "blue_question=number_plus_white"),
    ("QUESTION-FIRST", "too-strict", None),
    ("PASSIVE-FALLBACK", "fallback:action-only", None),
    ("PASSIVE-FALLBACK", "fallback:solo", None),
    ("END-EXTRA", "end", None),
}
FOUREVER_THREE = {
    ("too-lenient", "POLISH-PLATTER", "polish_any_die=true"),
    ("too-strict", "WHITE-FOR-BLUE", "white_for_blue=false"),
    ("state", "SOLO-ROLL", None),
}


def main(argv: list[str]) -> int:
    lists = "--listless" not in argv
    make = {"cubed-five": cubed_five, "cubed-real": cubed_real,
            "fourever-three": fourever_three}[argv[0]]
    return serve(make(lists))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
