"""Builders of game states for the rule tests: a state exactly where a rule applies."""

from __future__ import annotations

import random

import attrs

from oracle import (
    DEFAULT_RULESET,
    GameState,
    IllegalMoveError,
    Move,
    Phase,
    Place,
    PlayerSheet,
    Ruleset,
    apply,
    legal_moves,
    new_game,
    sample_chance,
)
from oracle.games import find_game
from oracle.engine.turn import settle

CUP, PLATTER = Place.CUP, Place.PLATTER
F1, F2, F3 = Place.FIELD_I, Place.FIELD_II, Place.FIELD_III


def at(
    phase: Phase,
    faces: tuple[int, ...],
    places: tuple[Place, ...] = (CUP,) * 6,
    sheet: PlayerSheet = PlayerSheet(),
    *,
    players: int = 1,
    seat: int = 0,
    active: int = 0,
    rolls: int = 0,
    ruleset: Ruleset = DEFAULT_RULESET,
    others: PlayerSheet = PlayerSheet(),
    extras: int = 0,
    round: int = 1,
) -> GameState:
    """A state in ``phase`` with the given dice, ``sheet`` for the player ``seat`` (the others
    get ``others``), settled so the right player is to move."""
    sheets = tuple(sheet if i == seat else others for i in range(players))
    base = new_game(players, ruleset)
    state = attrs.evolve(
        base,
        sheets=sheets,
        phase=phase,
        faces=faces,
        places=places,
        seat=seat,
        active=active,
        rolls=rolls,
        round=round,
        extras=tuple(extras if i == seat else 0 for i in range(players)),
    )
    return settle(state)


def rule_of(state: GameState, move: Move) -> str:
    """The rule id that apply() names when refusing ``move``; fails if the move is accepted or
    listed as legal."""
    assert move not in legal_moves(state), f"{move} is listed as legal"
    try:
        apply(state, move)
    except IllegalMoveError as error:
        assert error.legal == legal_moves(state)
        return error.rule
    raise AssertionError(f"{move} was accepted")


def random_game(players: int, seed: int) -> list[GameState]:
    """Every state of a seeded random game, first to last."""
    rng = random.Random(seed)
    state = new_game(players)
    states = [state]
    while not state.is_terminal:
        move = sample_chance(state, rng) if state.is_chance else rng.choice(legal_moves(state))
        state = apply(state, move)
        states.append(state)
    return states


GAME = find_game("clever-cubed")


def format_sheet(sheet: PlayerSheet) -> str:
    """A Clever Cubed sheet in sheet notation."""
    return GAME.format_sheet(sheet)


def parse_sheet(text: str) -> PlayerSheet:
    """A Clever Cubed sheet from sheet notation."""
    sheet = GAME.parse_sheet(text)
    assert isinstance(sheet, PlayerSheet)
    return sheet


def parse_cubed(text: str) -> GameState:
    """A Clever Cubed position."""
    return GAME.parse_position(text)
