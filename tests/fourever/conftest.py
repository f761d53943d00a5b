"""Helpers for the Clever 4Ever tests, given to tests as fixtures: a state built exactly where a
rule applies (``at``), the rule id a refusal names (``rule_of``), a seeded random game
(``random_game``)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from oracle.engine.dice import Place
from oracle.engine.errors import IllegalMoveError
from oracle.games.fourever.ruleset import DEFAULT_RULESET, Ruleset
from oracle.engine.phase import Phase
from tests.fourever.kit import (
    FOUREVER,
    FourEverSheet,
    GameState,
    apply,
    is_legal,
    legal_moves,
    new_game,
    sample_chance,
    settle,
    sheet_with,
)

CUP, PLATTER = Place.CUP, Place.PLATTER
F1, F2, F3 = Place.FIELD_I, Place.FIELD_II, Place.FIELD_III


def build(
    phase: Phase,
    faces: tuple[int, ...],
    places: tuple[Place, ...] = (CUP,) * 6,
    sheet: FourEverSheet = sheet_with(),
    *,
    players: int = 1,
    seat: int = 0,
    active: int = 0,
    rolls: int = 0,
    ruleset: Ruleset = DEFAULT_RULESET,
    others: FourEverSheet = sheet_with(),
    extras: int = 0,
    round: int = 1,
) -> GameState:
    """A state in ``phase`` with the given dice, ``sheet`` for player ``seat`` (the others get
    ``others``), settled so the right player is to move."""
    sheets = tuple(sheet if i == seat else others for i in range(players))
    state = GameState(
        FOUREVER, ruleset, sheets, round, active, phase, seat, 0, rolls, faces, places,
        tuple(extras if i == seat else 0 for i in range(players)),
    )
    return settle(state)


def refusal(state: GameState, move: object) -> str:
    """The rule id apply() names when refusing ``move``; fails if the move is listed, called
    legal, or accepted."""
    assert move not in legal_moves(state), f"{move} is listed as legal"
    assert not is_legal(state, move)
    try:
        apply(state, move)
    except IllegalMoveError as error:
        assert error.legal == legal_moves(state)
        return error.rule
    raise AssertionError(f"{move} was accepted")


def play(players: int, seed: int, ruleset: Ruleset = DEFAULT_RULESET) -> list[GameState]:
    """Every state of a seeded random game, first to last."""
    rng = random.Random(seed)
    state = new_game(players, ruleset)
    states = [state]
    while not state.is_terminal:
        move = sample_chance(state, rng) if state.is_chance else rng.choice(legal_moves(state))
        state = apply(state, move)
        states.append(state)
    return states


@pytest.fixture
def at() -> Callable[..., GameState]:
    return build


@pytest.fixture
def rule_of() -> Callable[[GameState, object], str]:
    return refusal


@pytest.fixture
def random_game() -> Callable[..., list[GameState]]:
    return play
