"""Deliberately wrong apps: our engine with one rule bent each, for testing that certification
catches every one with a minimal game that names the rule.

Each is a :class:`~oracle.adapter.reference.ReferenceImplementation` of Clever Cubed (found
through the registry) with one hook changed: ``accepts`` (a lenient app also accepts moves the
rules refuse with one rule id), ``shown`` (what the app shows of its state), or the ruleset the
app really plays.  A lenient app that applies an illegal move applies it unchecked (with
``probe`` certification never asks it to; without, it brings the app back by replaying the
game).  ``TURQUOISE_WHOLE_ROW`` bends the engine itself and so only runs as a subprocess
(``python -m tests.certify.bent_adapter``).
"""

from __future__ import annotations

from collections.abc import Mapping

from oracle import GameState, Phase, Take
from oracle.adapter.protocol import ACCEPTED, Answer, AppState, NotComparable, Step, Turn
from oracle.adapter.reference import ReferenceImplementation
from oracle.games import find_game

CUBED = find_game("clever-cubed")


class Lenient(ReferenceImplementation):
    """Accepts, besides the legal moves, the moves the rules refuse with rule ``rule``."""

    def __init__(self, rule: str) -> None:
        super().__init__(CUBED)
        self.rule = rule

    def probe(self, step: Step) -> Answer:
        answer = super().probe(step)
        if not answer.accepted and answer.reason.startswith(self.rule + ":"):
            return ACCEPTED
        return answer

    def apply(self, step: Step) -> Answer:
        answer = self.probe(step)
        if answer.accepted:
            self.current = CUBED.apply_unchecked(self._now(), CUBED.parse_move(step.move))
        return answer


class PlaysOption(ReferenceImplementation):
    """Plays with ruleset option ``name=value`` whatever ruleset it is asked for."""

    def __init__(self, name: str, value: str) -> None:
        super().__init__(CUBED)
        self.option = {name: value}

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                 seed: int = 0) -> None:
        super().new_game(game, players, {**ruleset, **self.option}, seed)


class SwapsOption(ReferenceImplementation):
    """Declares ``name`` (both values, as the reference does) but plays the other value of the
    one it is told: told ``false``, it plays ``true``, and the other way round.  So "your app
    behaves as with name=true" is false: told ``true``, it plays ``false``."""

    def __init__(self, name: str) -> None:
        super().__init__(CUBED)
        self.name = name

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                 seed: int = 0) -> None:
        told = str(ruleset.get(self.name, "false")).lower()
        super().new_game(game, players, {**ruleset,
                                         self.name: "true" if told == "false" else "false"},
                         seed)


class EqualDiceToPlatter(ReferenceImplementation):
    """After an active pick, shows dice equal to the chosen one on the platter too."""

    def __init__(self) -> None:
        super().__init__(CUBED)
        self.last_face = 0

    def apply(self, step: Step) -> Answer:
        state = self._now()
        assert isinstance(state, GameState)
        parsed = CUBED.parse_move(step.move)
        picking = isinstance(parsed, Take) and state.phase is Phase.CHOOSE
        self.last_face = state.faces[parsed.die] if picking and isinstance(parsed, Take) else 0
        return super().apply(step)

    def state(self, turn: Turn | None = None) -> AppState:
        shown = super().state(turn)
        if not self.last_face or shown.dice is None:
            return shown
        tokens = [t.replace(":cup", ":platter") if t.split(":")[0][-1] == str(self.last_face)
                  and t.endswith(":cup") else t for t in shown.dice.split(" ")]
        return AppState(shown.sheets, shown.scores, " ".join(tokens))


class FoxOffByOne(ReferenceImplementation):
    """Counts one fox too many once a sheet has a fox."""

    def __init__(self) -> None:
        super().__init__(CUBED)

    def state(self, turn: Turn | None = None) -> AppState:
        shown = super().state(turn)
        assert shown.scores is not None
        scores = []
        for breakdown in shown.scores:
            table = dict(breakdown)
            if table["foxes"]:
                table["foxes"] += 1
            scores.append(tuple(table.items()))
        return AppState(shown.sheets, tuple(scores), shown.dice)


class NeverComparable(ReferenceImplementation):
    """Answers "not comparable" to every ``every``-th ``state`` or ``legal`` request (by
    default to all of them: certification then compares nothing of it, so it would not see
    that its scores were all wrong)."""

    def __init__(self, every: int = 1) -> None:
        super().__init__(CUBED)
        self.every = every
        self.asked = 0

    def state(  # type: ignore[override]  # a version-2 app may answer "not comparable"
            self, turn: Turn | None = None) -> AppState | NotComparable:
        self.asked += 1
        if self.asked % self.every == 0:
            return NotComparable("between two of my own steps")
        return super().state(turn)

    def legal(  # type: ignore[override]  # a version-2 app may answer "not comparable"
            self, turn: Turn | None = None) -> tuple[str, ...] | NotComparable:
        self.asked += 1
        if self.asked % self.every == 0:
            return NotComparable("between two of my own steps")
        return super().legal(turn)


class AcceptsEverything(ReferenceImplementation):
    """Accepts every move, legal or not (it applies only the legal ones)."""

    def __init__(self) -> None:
        super().__init__(CUBED)

    def probe(self, step: Step) -> Answer:
        return ACCEPTED

    def apply(self, step: Step) -> Answer:
        super().apply(step)
        return ACCEPTED


#: name -> (the app, the rule id certification must name, the option it must suggest or None)
IN_PROCESS = {
    "seven-after-seven": (lambda: PlaysOption("blue_seven_after_seven", "true"), "BLUE-SEVEN",
                          "blue_seven_after_seven=true"),
    "equal-dice-to-platter": (EqualDiceToPlatter, "PLATTER-LOWER", None),
    "yellow-row-ignored": (lambda: Lenient("YELLOW-ROW"), "YELLOW-ROW", None),
    "extra-die-twice": (lambda: Lenient("EXTRA-DIE-ONCE"), "EXTRA-DIE-ONCE", None),
    "passive-fallback-early": (lambda: Lenient("PASSIVE-FALLBACK"), "PASSIVE-FALLBACK", None),
    "question-mark-skippable": (lambda: Lenient("QUESTION-FIRST"), "QUESTION-FIRST", None),
    "fox-count": (FoxOffByOne, "FOX", None),
    "pink-field-one-times": (lambda: Lenient("PINK-FIELD-ONE"), "PINK-FIELD-ONE", None),
}
