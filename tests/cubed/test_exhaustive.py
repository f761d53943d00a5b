"""Exhaustive: in states from random games, the listed moves are exactly the moves of the whole
move space that break no rule (two independent readings of the rules agree on every move)."""

from __future__ import annotations

import random

from oracle import Phase, diagnose, legal_moves
from oracle.engine.legal import is_legal
from tests.cubed.builders import GAME
from tests.cubed.builders import random_game

SPACE = GAME.move_space()


def test_move_space_size() -> None:
    assert len(SPACE) == len(set(SPACE)) > 10_000


def test_listed_moves_are_exactly_the_rule_abiding_ones() -> None:
    rng = random.Random(2026)
    seen_phases: set[Phase] = set()
    checked = 0
    pending = 0
    for seed in range(16):
        states = [s for s in random_game(1 + seed % 4, 1000 + seed) if s.actor >= 0]
        with_questions = [s for s in states if s.sheets[s.actor].pending]
        picked = rng.sample(states, min(5, len(states))) + with_questions[:2]
        for state in picked:
            listed = set(legal_moves(state))
            abiding = {m for m in SPACE if diagnose(state, m) is None}
            assert listed == abiding, (state, listed ^ abiding)
            assert {m for m in SPACE if is_legal(state, m)} == listed
            seen_phases.add(state.phase)
            pending += bool(state.sheets[state.actor].pending)
            checked += 1
    assert checked >= 90 and pending >= 15
    assert {Phase.CHOOSE, Phase.PASSIVE_CHOOSE, Phase.PASSIVE_EXTRA} <= seen_phases
