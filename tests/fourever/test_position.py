"""Clever 4Ever positions: round trip for every state of many random games, the ruleset in the
position, and clear refusals (the grammar is shared: oracle/formats/positiontext.py)."""

from __future__ import annotations

import random

import pytest

from oracle.engine.errors import NotationError
from oracle.games import find_game
from oracle.records.position import parse_position

GAME = find_game("clever-4ever")


def test_round_trip_for_every_state_of_random_games() -> None:
    phases = set()
    for seed in range(40):
        rng = random.Random(seed)
        options = {"polish_any_die": rng.choice(["true", "false"]),
                   "fox_floor_zero": rng.choice(["true", "false"])}
        state = GAME.new_game(1 + seed % 4, GAME.make_ruleset(options))
        while True:
            text = GAME.format_position(state)
            assert text.startswith("clever-4ever ") and "\n" not in text
            assert parse_position(text) == state == GAME.parse_position(text)
            phases.add(text.split(" ", 4)[3])
            if state.is_terminal:
                break
            move = (GAME.sample_chance(state, rng) if state.is_chance
                    else rng.choice(GAME.legal_moves(state)))
            state = GAME.apply(state, move)
    assert len(phases) >= 7


def test_ruleset_is_part_of_the_position() -> None:
    state = GAME.new_game(2, GAME.make_ruleset({"white_for_blue": "false"}))
    text = GAME.format_position(state)
    assert "ruleset=white_for_blue:false " in text
    assert parse_position(text) == state != GAME.new_game(2)


@pytest.mark.parametrize("change,field", [
    (("round=1", "round=9"), "round"),
    (("dice=W-", "dice=T-"), "dice"),
    (("ruleset=default", "ruleset=joker_same_face:true"), "ruleset"),
    (("to=dice", "to=p1"), "decision"),
    (("ps=.........", "ps=o........"), "polish the silver fields circled"),
    (("xd=.......", "xd=ooooooo"), "extra die fields circled"),
    (("phase=roll", "phase=end-extra"), "phase=end-extra"),
])
def test_refusals_name_the_field(change: tuple[str, str], field: str) -> None:
    text = GAME.format_position(GAME.new_game(1)).replace(*change, 1)
    with pytest.raises(NotationError) as error:
        GAME.parse_position(text)
    message = str(error.value)
    assert message.startswith("position:") and "\n" not in message
    assert field in message
