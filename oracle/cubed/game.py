"""Clever Cubed behind the game seam: :class:`CleverCubed` implements :class:`oracle.game.Game`.

Each method checks that what it is given belongs to Clever Cubed (a state, a sheet) and hands it
to the module that owns the job; nothing here decides a rule.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from fractions import Fraction

import attrs

from oracle.game import Move, RulesetOption, Score, State, own
from oracle.rulebook import Rule
from oracle.cubed import chance, diagnose, engine, explain, invariants, legal, movespace
from oracle.cubed import position, render
from oracle.cubed import scoring, sheettext
from oracle.cubed.dice import DIE_CODES
from oracle.cubed.moves import PlayerMove, parse_move
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.rules import RULES
from oracle.cubed.ruleset import DEFAULT_RULESET, OPTIONS, Ruleset, make_ruleset
from oracle.cubed.sheet import MAX_PLAYERS, MIN_PLAYERS
from oracle.cubed.state import GameState


def _state(state: object) -> GameState:
    return own(state, GameState, "a Clever Cubed game state")


def _sheet(sheet: object) -> PlayerSheet:
    return own(sheet, PlayerSheet, "a Clever Cubed sheet")


def _ruleset(ruleset: object) -> Ruleset:
    return own(ruleset, Ruleset, "a Clever Cubed ruleset")


@attrs.frozen
class CleverCubed:
    """Clever Cubed (Clever hoch Drei) as a :class:`oracle.game.Game`."""

    name: str = "clever-cubed"
    title: str = "Clever Cubed"
    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    rules: tuple[Rule, ...] = RULES
    ruleset_options: tuple[RulesetOption, ...] = OPTIONS
    default_ruleset: Ruleset = DEFAULT_RULESET
    dice_codes: tuple[str, ...] = DIE_CODES

    def make_ruleset(self, options: Mapping[str, object], base: object = None) -> Ruleset:
        return make_ruleset(options, DEFAULT_RULESET if base is None else _ruleset(base))

    def new_game(self, players: int, ruleset: object = None) -> GameState:
        return engine.new_game(players, DEFAULT_RULESET if ruleset is None else _ruleset(ruleset))

    def legal_moves(self, state: State) -> tuple[PlayerMove, ...]:
        return legal.legal_moves(_state(state))

    def is_legal(self, state: State, move: object) -> bool:
        return legal.is_legal(_state(state), move)

    def apply(self, state: State, move: object) -> GameState:
        return engine.apply(_state(state), move)

    def apply_unchecked(self, state: State, move: Move) -> GameState:
        return engine.apply_unchecked(_state(state), move)

    def diagnose(self, state: State, move: object) -> tuple[str, str] | None:
        return diagnose.diagnose(_state(state), move)

    def chance_outcomes(self, state: State) -> Iterator[tuple[Move, Fraction]]:
        return chance.chance_outcomes(_state(state))

    def sample_chance(self, state: State, rng: random.Random) -> Move:
        return chance.sample_chance(_state(state), rng)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def move_space(self) -> tuple[Move, ...]:
        return movespace.all_player_moves()

    def format_sheet(self, sheet: object) -> str:
        return sheettext.format_sheet(_sheet(sheet))

    def parse_sheet(self, text: str) -> PlayerSheet:
        return sheettext.parse_sheet(text)

    def format_position(self, state: State) -> str:
        return position.format_position(_state(state))

    def parse_position(self, text: str) -> GameState:
        return position.parse_position(text)

    def score(self, sheet: object) -> Score:
        return scoring.score(_sheet(sheet))

    def scores(self, state: State) -> tuple[Score, ...]:
        return scoring.scores(_state(state))

    def winners(self, scores: tuple[Score, ...]) -> tuple[int, ...]:
        return scoring.winners_of(scores)

    def solo_rating(self, total: int) -> str:
        return scoring.solo_rating(total)

    def dice_text(self, state: State) -> str:
        return render.dice_text(_state(state))

    def sheet_text(self, sheet: object, title: str = "") -> str:
        return render.sheet_text(_sheet(sheet), title)

    def sheet_svg(self, sheet: object, title: str = "") -> str:
        return render.sheet_svg(_sheet(sheet), title)

    def state_problems(self, state: State) -> list[str]:
        return invariants.state_problems(_state(state))

    def step_problems(self, before: State, after: State) -> list[str]:
        pairs = zip(_state(before).sheets, _state(after).sheets)
        return [p for old, new in pairs for p in invariants.step_problems(old, new)]


    # Optional for a game (the certification harness uses them when present): which rule a
    # difference between an app's state and ours points at (oracle/cubed/explain.py).

    def explain_sheet(self, before: State, move: object, ours: str, theirs: str) -> str:
        return explain.sheet_rule(_state(before), move, ours, theirs)

    def explain_dice(self, before: State, move: object) -> str:
        return explain.dice_rule(_state(before), move)

    def explain_score(self, key: str) -> str:
        return explain.score_rule(key)
