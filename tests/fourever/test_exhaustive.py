"""Exhaustive: in states sampled from random games, the listed moves are exactly the moves of
the whole move space that ``diagnose`` finds nothing wrong with, and ``is_legal`` agrees (two
independent readings of the rules agree on every move)."""

from __future__ import annotations

import random
from collections.abc import Callable

from oracle.games.fourever.ruleset import Ruleset
from oracle.engine.phase import Phase
from tests.fourever.kit import (
    GAME,
    GameState,
    diagnose,
    is_legal,
    legal_moves,
)

SPACE = GAME.move_space()
RULESETS = (Ruleset(), Ruleset(polish_any_die=True, white_for_blue=False),
            Ruleset(green_upper_after_lower=True, polish_one_die=True))


def test_move_space_size() -> None:
    assert len(SPACE) == len(set(SPACE)) > 50_000


def test_listed_moves_are_exactly_the_rule_abiding_ones(
    random_game: Callable[..., list[GameState]]
) -> None:
    rng = random.Random(2026)
    seen: set[Phase] = set()
    checked = pending = polished = 0
    for seed in range(9):
        ruleset = RULESETS[seed % 3]
        states = [s for s in random_game(1 + seed % 4, 500 + seed, ruleset) if s.actor >= 0]
        questions = [s for s in states if s.sheets[s.actor].pending]
        for state in rng.sample(states, min(3, len(states))) + questions[:1]:
            listed = legal_moves(state)
            abiding = [m for m in SPACE if diagnose(state, m) is None]
            assert set(listed) == set(abiding), (state, set(listed) ^ set(abiding))
            assert all(is_legal(state, m) for m in listed)
            others = rng.sample([m for m in SPACE if m not in set(listed)], 300)
            assert not any(is_legal(state, m) for m in others)
            seen.add(state.phase)
            pending += bool(state.sheets[state.actor].pending)
            polished += any("polish" in str(m) for m in listed)
            checked += 1
    assert checked >= 30 and pending >= 5 and polished >= 3
    assert {Phase.CHOOSE, Phase.PASSIVE_CHOOSE} <= seen
