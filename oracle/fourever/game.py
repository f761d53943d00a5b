"""Clever 4Ever behind the shared :class:`oracle.game.Game` protocol.

Every method narrows its ``State``/``object`` arguments with ``isinstance`` and raises
:class:`~oracle.errors.OracleError` for another game's objects (a Clever Cubed state, sheet or
ruleset), never another exception.  A move that is not this game's is refused by ``apply`` and
``diagnose`` with rule MOVE-FORM.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from fractions import Fraction

from oracle.errors import OracleError
from oracle.fourever import chance, diagnose as diagnosis, engine, invariants, legal, render
from oracle.fourever import position, scoring, sheettext
from oracle.fourever.dice import DIE_CODES, Die
from oracle.fourever.movespace import move_space
from oracle.fourever.moves import (
    ExtraDie,
    Forfeit,
    Pass,
    PlayerMove,
    QuestionMark,
    ReRoll,
    Roll,
    SoloRoll,
    Take,
    parse_move,
    well_formed,
)
from oracle.fourever.playersheet import PlayerSheet
from oracle.fourever.rules import RULES
from oracle.fourever.ruleset import DEFAULT_RULESET, OPTIONS, make_ruleset
from oracle.fourever.ruleset import Ruleset as FourEverRuleset
from oracle.fourever.scoring import ScoreBreakdown
from oracle.fourever.sheet import MAX_PLAYERS, MIN_PLAYERS
from oracle.fourever.state import GameState
from oracle.game import Move, Ruleset, RulesetOption, Score, State, own
from oracle.rulebook import Rule

_PLACES = ("cup", "I", "II", "III", "platter")


def _state(state: object) -> GameState:
    return own(state, GameState, "a Clever 4Ever game state")


def _sheet(sheet: object) -> PlayerSheet:
    return own(sheet, PlayerSheet, "a Clever 4Ever sheet")


def _ruleset(ruleset: object) -> FourEverRuleset:
    return own(ruleset, FourEverRuleset, "a Clever 4Ever ruleset")


_MOVE_TYPES = (Roll, SoloRoll, Take, ExtraDie, QuestionMark, ReRoll, Forfeit, Pass)


class CleverFourEver:
    """Clever 4Ever, as the shared oracle sees it."""

    @property
    def name(self) -> str:
        return "clever-4ever"

    @property
    def title(self) -> str:
        return "Clever 4Ever"

    @property
    def min_players(self) -> int:
        return MIN_PLAYERS

    @property
    def max_players(self) -> int:
        return MAX_PLAYERS

    @property
    def dice_codes(self) -> tuple[str, ...]:
        return DIE_CODES

    @property
    def rules(self) -> tuple[Rule, ...]:
        return RULES

    @property
    def ruleset_options(self) -> tuple[RulesetOption, ...]:
        return OPTIONS

    @property
    def default_ruleset(self) -> Ruleset:
        return DEFAULT_RULESET

    def make_ruleset(self, options: Mapping[str, object], base: Ruleset | None = None) -> Ruleset:
        return make_ruleset(options, DEFAULT_RULESET if base is None else _ruleset(base))

    def new_game(self, players: int, ruleset: Ruleset | None = None) -> State:
        return engine.new_game(players, DEFAULT_RULESET if ruleset is None else _ruleset(ruleset))

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        return legal.legal_moves(_state(state))

    def is_legal(self, state: State, move: object) -> bool:
        return legal.is_legal(_state(state), move)

    def apply(self, state: State, move: object) -> State:
        return engine.apply(_state(state), move)

    def apply_unchecked(self, state: State, move: Move) -> State:
        if not isinstance(move, _MOVE_TYPES) or not well_formed(move):
            raise OracleError(f"not a Clever 4Ever move: {move!r}")
        return engine.apply_unchecked(_state(state), move)

    def diagnose(self, state: State, move: object) -> tuple[str, str] | None:
        return diagnosis.diagnose(_state(state), move)

    def chance_outcomes(self, state: State) -> Iterator[tuple[Move, Fraction]]:
        for move, weight in chance.chance_outcomes(_state(state)):
            yield move, weight

    def sample_chance(self, state: State, rng: random.Random) -> Move:
        return chance.sample_chance(_state(state), rng)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def move_space(self) -> tuple[Move, ...]:
        moves: tuple[PlayerMove, ...] = move_space()
        return moves

    def format_sheet(self, sheet: object) -> str:
        return sheettext.format_sheet(_sheet(sheet))

    def parse_sheet(self, text: str) -> object:
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
        table = tuple(s for s in scores if isinstance(s, ScoreBreakdown))
        if len(table) != len(scores) or not table:
            raise OracleError("winners: want one or more Clever 4Ever score breakdowns")
        return scoring.winners_of(table)

    def solo_rating(self, total: int) -> str:
        return scoring.solo_rating(total)

    def dice_text(self, state: State) -> str:
        s = _state(state)
        return " ".join(
            f"{Die(d).code}{s.faces[d] or '-'}:{_PLACES[s.places[d]]}" for d in range(6)
        )

    def sheet_text(self, sheet: object, title: str = "") -> str:
        return render.sheet_text(_sheet(sheet), title)

    def sheet_svg(self, sheet: object, title: str = "") -> str:
        return render.sheet_svg(_sheet(sheet), title)

    def state_problems(self, state: State) -> list[str]:
        return invariants.state_problems(_state(state))

    def step_problems(self, before: State, after: State) -> list[str]:
        return invariants.step_problems(_state(before), _state(after))


GAME = CleverFourEver()
