"""A worked adapter (protocol 2, docs/certify.md): for an engine that rolls its own dice inside
its move functions and asks for explicit steps (end a turn, decline the platter, end extra dice).

    clever-oracle certify --adapter "python -m oracle.adapter.own_dice"

``OtherEngine`` stands in for your engine: replace its calls with your engine's.  (To run here it
is built on the oracle's engine, but it keeps the shape a real engine has: it rolls with its own
generator, and it does not move on until it is told to.)  ``Adapter`` is the part you write.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from typing import ClassVar

from oracle.adapter.protocol import (
    ACCEPTED,
    ROLLS_ITSELF,
    Answer,
    AppState,
    Hello,
    NotComparable,
    Rolled,
    Step,
    Turn,
)
from oracle.adapter.serve import serve
from oracle.games import find_game


class OtherEngine:
    """Your engine (a stand-in): it rolls the dice itself, and after a turn, a passive player's
    choice or extra dice it waits for an explicit step."""

    def __init__(self, game_name: str, players: int, options: Mapping[str, str | bool],
                 seed: int) -> None:
        self.game = find_game(game_name)
        self.state = self.game.new_game(players, self.game.make_ruleset(options))
        self.dice = random.Random(seed)  # its own generator, seeded as the harness asks
        self.waiting = False  # a turn ended: end_turn() must be called before the next roll

    def roll(self) -> str:
        """Roll the dice in the cup; returns what was rolled, in the oracle's move notation."""
        if self.waiting:
            raise RuntimeError("end the turn first")
        move = self.game.sample_chance(self.state, self.dice)
        self.state = self.game.apply(self.state, move)
        return str(move)

    def play(self, move: str) -> str | None:
        """Play a player's move; None, or why it is refused (in the engine's own words)."""
        problem = self.game.diagnose(self.state, self.game.parse_move(move))
        if problem is not None:
            return "not allowed"
        before = self.state.active
        self.state = self.game.apply(self.state, self.game.parse_move(move))
        self.waiting = self.state.active != before or self.state.is_terminal
        return None

    def decline(self) -> str | None:
        """A passive player takes no die."""
        return self.play("pass")

    def end_extra_dice(self) -> str | None:
        """The player to move uses no more extra dice."""
        return self.play("pass")

    def end_turn(self) -> None:
        self.waiting = False

    def sheets(self) -> tuple[str, ...]:
        return tuple(self.game.format_sheet(s) for s in self.state.sheets)

    def totals(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.game.scores(self.state))

    def dice_text(self) -> str:
        return self.game.dice_text(self.state)


class Adapter:
    """The adapter: protocol 2 (``PROTOCOL = 2``), capability ``rolls_itself``."""

    PROTOCOL: ClassVar[int] = 2

    def __init__(self, game_name: str = "clever-cubed") -> None:
        self.game_name = game_name
        self.engine: OtherEngine | None = None

    def hello(self) -> Hello:
        # Declare the ruleset options your engine plays (here: only our rulings, so none).
        return Hello(self.game_name, "OtherEngine 1.0 (worked adapter)",
                     frozenset({ROLLS_ITSELF}), 2, {})

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                 seed: int) -> None:
        self.engine = OtherEngine(game, players, ruleset, seed)

    def _engine(self) -> OtherEngine:
        if self.engine is None:
            raise RuntimeError("no game: new_game first")
        return self.engine

    def apply(self, step: Step) -> Answer | Rolled:
        engine = self._engine()
        if step.kind in ("roll", "solo-roll"):
            if engine.waiting:  # the oracle moves on by itself; your engine is told to
                engine.end_turn()
            return Rolled(engine.roll())  # your dice, in our notation
        if step.kind == "decline":
            refused = engine.decline()
        elif step.kind == "end-extra-dice":
            refused = engine.end_extra_dice()
        else:  # active-pick, passive-pick, extra-die, question-mark, reroll, forfeit
            refused = engine.play(step.move)
        return ACCEPTED if refused is None else Answer(False, refused)

    def probe(self, step: Step) -> Answer:
        raise RuntimeError("no probe capability")

    def state(self, turn: Turn) -> AppState | NotComparable:
        engine = self._engine()
        totals = tuple((("total", t),) for t in engine.totals())
        return AppState(sheets=engine.sheets(), scores=totals, dice=engine.dice_text())

    def legal(self, turn: Turn) -> tuple[str, ...]:
        raise RuntimeError("no legal capability")

    def close(self) -> None:
        self.engine = None


if __name__ == "__main__":
    raise SystemExit(serve(Adapter(sys.argv[1] if len(sys.argv) > 1 else "clever-cubed")))
