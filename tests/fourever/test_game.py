"""Clever 4Ever behind the shared Game protocol: a whole game through the protocol, another
game's objects refused with OracleError, the drawings, the ruleset options."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from oracle import PlayerSheet as CubedSheet
from oracle import Ruleset as CubedRuleset
from oracle import new_game as cubed_new_game
from oracle.engine.errors import IllegalMoveError, NotationError, OracleError
from oracle.games.fourever.ruleset import Ruleset
from oracle.engine.game import Game
from oracle.engine.phase import Phase
from tests.fourever.kit import (
    GAME,
    Area,
    Take,
)

game: Game = GAME


def test_protocol_and_a_whole_game() -> None:
    assert isinstance(game, Game)
    assert (game.name, game.title, game.min_players, game.max_players) == (
        "clever-4ever", "Clever 4Ever", 1, 4)
    rng = random.Random(7)
    state = game.new_game(3)
    while not state.is_terminal:
        if state.is_chance:
            move = game.sample_chance(state, rng)
        else:
            moves = game.legal_moves(state)
            move = rng.choice(moves)
            assert game.is_legal(state, move) and game.diagnose(state, move) is None
            assert game.parse_move(str(move)) == move
        after = game.apply(state, move)
        assert game.step_problems(state, after) == [] and game.state_problems(after) == []
        state = after
    table = game.scores(state)
    assert len(table) == 3 and all(s.total == sum(s.areas) + s.to_json()["fox_points"]
                                   for s in table)
    assert set(game.winners(table)) <= {"p1", "p2", "p3"}
    for sheet in state.sheets:
        text = game.format_sheet(sheet)
        assert game.format_sheet(game.parse_sheet(text)) == text
        assert text in game.sheet_text(sheet, "P1")
        ET.fromstring(game.sheet_svg(sheet, "P1"))
    assert game.dice_text(state).startswith("W")
    assert isinstance(game.solo_rating(300), str)


def test_another_games_objects_are_refused() -> None:
    cubed = cubed_new_game(1)
    for call in (
        lambda: game.legal_moves(cubed),
        lambda: game.apply(cubed, "pass"),
        lambda: game.scores(cubed),
        lambda: game.format_sheet(CubedSheet()),
        lambda: game.score(CubedSheet()),
        lambda: game.new_game(2, CubedRuleset()),
        lambda: game.state_problems(cubed),
        lambda: game.make_ruleset({}, CubedRuleset()),
    ):
        with pytest.raises(OracleError):
            call()
    state = game.new_game(1)
    moved = game.apply(state, game.parse_move("roll W1 Y2 B3 Gy4 Gn5 P6"))
    for junk in (None, 3, object(), ["pass"]):
        with pytest.raises(IllegalMoveError) as error:
            game.apply(moved, junk)
        assert error.value.rule == "MOVE-FORM"
        assert not game.is_legal(moved, junk)
        assert game.diagnose(moved, junk) is not None
    # a move's text is read as the move (here refused by the rules, as the move is)
    with pytest.raises(IllegalMoveError) as error:
        game.apply(moved, "pass")
    assert error.value.rule == "ACTIVE-PICK" == game.diagnose(moved, "pass")[0]  # type: ignore[index]
    assert game.diagnose(moved, "take Zz yellow:1") == (
        "MOVE-FORM", "move 'take Zz yellow:1': token 2 'Zz': unknown die colour (want W Y B Gy "
        "Gn P)")
    with pytest.raises(IllegalMoveError, match="unknown die colour"):
        game.apply(moved, "take Zz yellow:1")
    assert not game.is_legal(moved, Take("W", Area.YELLOW, 1))  # type: ignore[arg-type]  # a die that is no Die
    with pytest.raises(NotationError):
        game.parse_move("take Gy polish=+0 grey:8")
    assert game.phase(moved) is Phase.CHOOSE
    assert [d.face for d in game.dice(moved)] == [1, 2, 3, 4, 5, 6]
    assert game.pending(moved, 0) == ()


def test_ruleset_options() -> None:
    assert game.default_ruleset == Ruleset()
    assert [o.name for o in game.ruleset_options] == list(Ruleset().options())
    made = game.make_ruleset({"polish_any_die": "true", "fox_floor_zero": True})
    assert made == Ruleset(polish_any_die=True, fox_floor_zero=True)
    assert made.options()["polish_any_die"] is True
    with pytest.raises(OracleError, match="unknown ruleset option"):
        game.make_ruleset({"number_joker": "true"})
    with pytest.raises(OracleError, match="true|false"):
        game.make_ruleset({"white_for_blue": "maybe"})
