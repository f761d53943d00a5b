"""Clever 4Ever's rare situations are reached: the steers with a plan (properties/plans.py) bring
up several kinds of question mark pending at once (ruling 18) and a passive fallback in which a
platter die fits only after polishing (ruling 4), and certification in its default budget finds
an app that bends those rules, one-die polish and partner polish (tests/certify/fourever_bends.py)
on every seed of 0, 1, 2."""

from __future__ import annotations

import random

import pytest

from oracle.engine.game import Game, State
from oracle.games import find_game
from properties.certify import certify, game_seed
from properties.findings import Finding
from properties.steering import FALLBACK, QUESTIONS, Choice, Steer, fallback_kind
from tests.certify.fourever_bends import FOUREVER_FOUR, ONE_DIE_HINT, fourever_four, fourever_one

FOUREVER = find_game("clever-4ever")


def _reaches(game: Game, steer: Steer, seed: int, seen: object) -> bool:
    """Whether a game steered by ``steer`` (seeded as certification seeds it) reaches a state in
    which ``seen`` holds."""
    assert callable(seen)
    rng = random.Random(seed)
    state: State = game.new_game(steer.draw_players(rng, game.min_players, game.max_players))
    while not state.is_terminal:
        if state.is_chance:
            roll = random.Random(steer.roll(game, state, rng))
            state = game.apply(state, game.sample_chance(state, roll))
            continue
        if seen(state):
            return True
        moves = game.legal_moves(state)
        texts = tuple(str(m) for m in moves)
        state = game.apply(state, moves[steer.choose(
            Choice(game, state, moves, texts, tuple(range(len(moves)))), rng)])
    return False


def test_questions_steer_queues_two_kinds_of_question_mark() -> None:
    """Random play never queues two kinds in Clever 4Ever (0 of 1,500 games): the plan does in
    most games of the steer."""
    hits = sum(_reaches(FOUREVER, QUESTIONS, game_seed(0, n),
                        lambda s: len(set(FOUREVER.pending(s, s.actor))) > 1)
               for n in range(6))
    assert hits >= 3


def test_fallback_steer_opens_the_fallback_with_a_polish_only_platter_die() -> None:
    hits = sum(_reaches(FOUREVER, FALLBACK, game_seed(0, n),
                        lambda s: fallback_kind(FOUREVER, s) == 2)
               for n in range(10))
    assert hits >= 2


def _found(findings: tuple[Finding, ...]) -> set[tuple[str, str, str | None]]:
    return {(f.kind, f.rule, f.option) for f in findings}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_four_bent_rules_of_clever_4ever_are_all_found(seed: int) -> None:
    result = certify(FOUREVER, fourever_four(), seed=seed)
    rules = {f.rule for f in result.findings}
    for rule in ("PASSIVE-FALLBACK", "QUESTION-FIRST", "POLISH-ONE-DIE", "POLISH-PARTNER"):
        assert rule in rules, (rule, _found(result.findings))
    assert _found(result.findings) == FOUREVER_FOUR
    assert result.complete


def test_one_die_polish_alone_gets_its_checked_hint() -> None:
    """With no other bend at its disputed steps, one-die polish is found once, with the hint
    ``polish_one_die=true`` checked on a new game on both sides."""
    result = certify(FOUREVER, fourever_one("POLISH-ONE-DIE"), seed=0)
    assert _found(result.findings) == {ONE_DIE_HINT}
