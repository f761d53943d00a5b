"""Seeded random games (1,000 of them, 1 to 4 players, every ruleset option flipped in some):
the invariants at every step, the score against an independent recomputation, move and sheet
notation round trips."""

from __future__ import annotations

import random

import pytest

from oracle.games.fourever.invariants import recomputed_total
from oracle.games.fourever.ruleset import Ruleset
from tests.fourever.kit import (
    GAME,
    Move,
    apply,
    format_sheet,
    legal_moves,
    new_game,
    parse_move,
    parse_sheet,
    sample_chance,
    scores,
)

GAMES = 1000
RULESETS = (
    Ruleset(),
    Ruleset(polish_any_die=True),
    Ruleset(white_for_blue=False),
    Ruleset(green_upper_after_lower=True),
    Ruleset(fox_floor_zero=True),
    Ruleset(polish_one_die=True),
)


@pytest.mark.parametrize("batch", range(10))
def test_random_games(batch: int) -> None:
    for seed in range(batch * GAMES // 10, (batch + 1) * GAMES // 10):
        players = 1 + seed % 4
        ruleset = RULESETS[seed // 4 % len(RULESETS)]
        rng = random.Random(seed)
        state = new_game(players, ruleset)
        steps = 0
        while not state.is_terminal:
            move: Move
            if state.is_chance:
                move = sample_chance(state, rng)
            else:
                legal = legal_moves(state)
                assert legal and [str(m) for m in legal] != ["pass"], state
                assert len(set(legal)) == len(legal)
                move = rng.choice(legal)
                if steps % 7 == 0:
                    assert all(parse_move(str(m)) == m for m in legal)
            assert parse_move(str(move)) == move
            after = apply(state, move)
            assert GAME.state_problems(after) == [], (seed, str(move))
            assert GAME.step_problems(state, after) == [], (seed, str(move))
            state = after
            steps += 1
        for sheet, breakdown in zip(state.sheets, scores(state)):
            assert parse_sheet(format_sheet(sheet)) == sheet
            assert breakdown.total == recomputed_total(sheet, ruleset), format_sheet(sheet)
            assert not sheet.pending
