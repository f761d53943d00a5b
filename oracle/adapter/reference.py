"""The reference adapter: our own engine behind the adapter protocol (version 2).

It is the example to copy (docs/certify.md) and what ``certify`` must find conforming.  As a
command it speaks JSON Lines on standard input and output::

    clever-oracle certify --adapter "python -m oracle.adapter.reference"

The whole adapter is :class:`ReferenceImplementation` (about forty lines): parse the move, ask
the engine, answer; :func:`oracle.adapter.serve.serve` does the JSON Lines part.  Our engine
needs neither the step kind nor the turn a request names (its moves say everything, and it is
never behind): an app that asks for explicit steps uses them (the worked adapter in
docs/certify.md).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import ClassVar

from oracle.adapter.protocol import ACCEPTED, LEGAL, PROBE, Answer, AppState, Hello, Step, Turn
from oracle.adapter.serve import serve
from oracle.engine.errors import NotationError, OracleError
from oracle.engine.game import Game, State
from oracle.games import DEFAULT_GAME, GAMES, find_game


class ReferenceImplementation:
    """Our engine for ``game`` as an :class:`~oracle.adapter.protocol.Implementation2`."""

    PROTOCOL: ClassVar[int] = 2

    def __init__(self, game: Game) -> None:
        self.game = game
        self.current: State | None = None

    def hello(self) -> Hello:
        options = {o.name: o.values for o in self.game.ruleset_options}  # it plays them all
        return Hello(self.game.name, "clever-oracle reference", frozenset({LEGAL, PROBE}), 2,
                     options)

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                 seed: int = 0) -> None:
        if game != self.game.name:
            raise OracleError(f"this adapter plays {self.game.name}, not {game}")
        self.current = self.game.new_game(players, self.game.make_ruleset(ruleset))

    def _now(self) -> State:
        if self.current is None:
            raise OracleError("no game: send new_game first")
        return self.current

    def probe(self, step: Step) -> Answer:
        try:
            parsed = self.game.parse_move(step.move)
        except NotationError as exc:
            return Answer(False, f"MOVE-FORM: {exc}")
        problem = self.game.diagnose(self._now(), parsed)
        return ACCEPTED if problem is None else Answer(False, f"{problem[0]}: {problem[1]}")

    def apply(self, step: Step) -> Answer:
        answer = self.probe(step)
        if answer.accepted:
            self.current = self.game.apply(self._now(), self.game.parse_move(step.move))
        return answer

    def state(self, turn: Turn | None = None) -> AppState:
        now = self._now()
        return AppState(
            sheets=tuple(self.game.format_sheet(s) for s in now.sheets),
            scores=tuple(tuple(s.to_json().items()) for s in self.game.scores(now)),
            dice=self.game.dice_text(now),
        )

    def legal(self, turn: Turn | None = None) -> tuple[str, ...]:
        return tuple(str(m) for m in self.game.legal_moves(self._now()))

    def close(self) -> None:
        self.current = None


def main(argv: list[str] | None = None) -> int:
    """Serve the reference adapter over standard input and output."""
    parser = argparse.ArgumentParser(description="The reference adapter (JSON Lines).")
    parser.add_argument("--game", choices=list(GAMES), default=DEFAULT_GAME)
    args = parser.parse_args(argv)
    return serve(ReferenceImplementation(find_game(args.game)))


if __name__ == "__main__":
    raise SystemExit(main())
