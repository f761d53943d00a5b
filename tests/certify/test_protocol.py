"""The adapter protocol: version 2's schemas name the step kinds and phases the harness sends;
every step of a game is named with one; a version-1 adapter is still served and certified; an
app is never asked for an option it did not declare."""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping

import attrs
import pytest

from oracle.adapter.jsonl import SubprocessImplementation
from oracle.adapter.messages import schema
from oracle.adapter.protocol import PHASES, STEP_KINDS, Answer, AppState, Hello
from oracle.adapter.reference import ReferenceImplementation
from oracle.adapter.steps import step_of
from oracle.engine.errors import OracleError
from oracle.games import find_game
from properties.certify import certify
from tests.processes import PATIENCE

CUBED = find_game("clever-cubed")


def test_schemas_name_the_step_kinds_and_phases() -> None:
    request = schema("apply", 2)["$defs"]["request"]  # type: ignore[index]  # JSON data
    assert tuple(request["properties"]["step"]["enum"]) == STEP_KINDS
    assert tuple(request["properties"]["phase"]["enum"]) == PHASES


@pytest.mark.parametrize("name", ["clever-cubed", "clever-4ever"])
def test_every_step_of_a_game_has_a_kind(name: str) -> None:
    game = find_game(name)
    kinds = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(1 + seed)
        while not state.is_terminal:
            move = (game.sample_chance(state, rng) if state.is_chance
                    else rng.choice(game.legal_moves(state)))
            step = step_of(game, state, str(move))
            assert step.kind in STEP_KINDS
            assert (step.turn.player is None) == state.is_chance
            kinds.add(step.kind)
            state = game.apply(state, move)
    assert {"roll", "solo-roll", "active-pick", "passive-pick", "decline"} <= kinds


class Version1:
    """A version-1 app: bare moves, no seed, no turn (our engine underneath)."""

    def __init__(self) -> None:
        self.inner = ReferenceImplementation(CUBED)

    def hello(self) -> Hello:
        return Hello("clever-cubed", "old app", frozenset({"probe"}))

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool]) -> None:
        self.inner.new_game(game, players, ruleset)

    def apply(self, move: str) -> Answer:
        return self.inner.apply(step_of(CUBED, self.inner._now(), move))

    def probe(self, move: str) -> Answer:
        return self.inner.probe(step_of(CUBED, self.inner._now(), move))

    def state(self) -> AppState:
        return self.inner.state()

    def legal(self) -> tuple[str, ...]:
        raise OracleError("no legal")

    def close(self) -> None:
        pass


def test_a_version_1_app_is_still_certified_in_process() -> None:
    result = certify(CUBED, Version1(), max_examples=2)
    assert result.findings == () and result.hello.protocol == 1


def test_a_version_1_adapter_is_still_served_over_json_lines() -> None:
    app = SubprocessImplementation(f"{sys.executable} -m tests.certify.test_protocol", PATIENCE)
    try:
        result = certify(CUBED, app, max_examples=1)
    finally:
        app.close()
    assert result.findings == () and result.hello.protocol == 1


class Declares(ReferenceImplementation):
    """Plays only our rulings (declares no option); notes the options it is sent."""

    def __init__(self) -> None:
        super().__init__(CUBED)
        self.sent: list[Mapping[str, str | bool]] = []

    def hello(self) -> Hello:
        return attrs.evolve(super().hello(), options={})

    def new_game(self, game: str, players: int, ruleset: Mapping[str, str | bool],
                 seed: int = 0) -> None:
        self.sent.append(dict(ruleset))
        super().new_game(game, players, ruleset, seed)


def test_new_game_sends_only_declared_options_and_refuses_undeclared_claims() -> None:
    app = Declares()
    certify(CUBED, app, max_examples=1)
    assert app.sent and all(sent == {} for sent in app.sent)
    with pytest.raises(OracleError, match="does not declare joker_same_face"):
        certify(CUBED, Declares(), CUBED.make_ruleset({"joker_same_face": "true"}),
                max_examples=1)


if __name__ == "__main__":
    from oracle.adapter.serve import serve

    raise SystemExit(serve(Version1()))
