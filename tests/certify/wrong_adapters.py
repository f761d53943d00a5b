"""Deliberately wrong apps: our engine with one rule bent each, for testing that certification
catches every one with a minimal game that names the rule.

Each is a :class:`~oracle.adapter.reference.ReferenceImplementation` of Clever Cubed (found
through the registry) with one hook changed: ``accepts`` (a lenient app also accepts moves the
rules refuse with one rule id), ``shown`` (what the app shows of its state), or the ruleset the
app really plays.  A lenient app never needs to apply its illegal move: certification stops at
the first difference.  One more bends the engine's yellow bonus table itself and so only runs as a
subprocess (``python -m tests.certify.bent_adapter``).
"""

from __future__ import annotations

from collections.abc import Mapping

from oracle.adapter.protocol import ACCEPTED, AppState, Answer
from oracle.adapter.reference import ReferenceImplementation
from oracle import Take
from oracle import GameState, Phase
from oracle.games import find_game

CUBED = find_game("clever-cubed")


class Lenient(ReferenceImplementation):
    """Accepts, besides the legal moves, the moves the rules refuse with rule ``rule``."""

    def __init__(self, rule: str) -> None:
        super().__init__(CUBED)
        self.rule = rule

    def probe(self, move: str) -> Answer:
        answer = super().probe(move)
        if not answer.accepted and answer.reason.startswith(self.rule + ":"):
            return ACCEPTED
        return answer

    def apply(self, move: str) -> Answer:
        answer = self.probe(move)
        if answer.accepted:
            self.current = CUBED.apply_unchecked(self._now(), CUBED.parse_move(move))
        return answer


class PlaysOption(ReferenceImplementation):
    """Plays with ruleset option ``name=value`` whatever ruleset it is asked for."""

    def __init__(self, name: str, value: str) -> None:
        super().__init__(CUBED)
        self.option = {name: value}

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool]) -> None:
        super().new_game(game, players, {**ruleset, **self.option})


class EqualDiceToPlatter(ReferenceImplementation):
    """After an active pick, shows dice equal to the chosen one on the platter too."""

    def __init__(self) -> None:
        super().__init__(CUBED)
        self.last_face = 0

    def apply(self, move: str) -> Answer:
        state = self._now()
        assert isinstance(state, GameState)
        parsed = CUBED.parse_move(move)
        picking = isinstance(parsed, Take) and state.phase is Phase.CHOOSE
        self.last_face = state.faces[parsed.die] if picking and isinstance(parsed, Take) else 0
        return super().apply(move)

    def state(self) -> AppState:
        shown = super().state()
        if not self.last_face or shown.dice is None:
            return shown
        tokens = [t.replace(":cup", ":platter") if t.split(":")[0][-1] == str(self.last_face)
                  and t.endswith(":cup") else t for t in shown.dice.split(" ")]
        return AppState(shown.sheets, shown.scores, " ".join(tokens))


class FoxOffByOne(ReferenceImplementation):
    """Counts one fox too many once a sheet has a fox."""

    def __init__(self) -> None:
        super().__init__(CUBED)

    def state(self) -> AppState:
        shown = super().state()
        assert shown.scores is not None
        scores = []
        for breakdown in shown.scores:
            table = dict(breakdown)
            if table["foxes"]:
                table["foxes"] += 1
            scores.append(tuple(table.items()))
        return AppState(shown.sheets, tuple(scores), shown.dice)


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
