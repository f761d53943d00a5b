"""The one implementation of the :class:`oracle.engine.game.Game` protocol: :class:`CleverGame`, a Clever
game given by its :class:`~oracle.engine.variant.Variant`.

Each method checks that what it is given belongs to its game (a state, a sheet, a ruleset) and
raises :class:`~oracle.engine.errors.OracleError` otherwise, never another exception; a move that is
not the game's is refused by ``apply`` and ``diagnose`` with rule MOVE-FORM.  The registry
(:mod:`oracle.games`) holds one per game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any, TypeVar

import oracle.engine as engine
from oracle.engine import chance, legal, scoring
from oracle.formats import jsontext, movespace, notation, positiontext, sheettext
from oracle.formats.model.move import move_from_json, move_to_json
from oracle.formats.model.sheet import sheet_from_json, sheet_to_json
from oracle.formats.model.state import state_from_json, state_to_json
from oracle.formats.model.written import state_from_written
from oracle.games import explain
from oracle.engine.diagnose import diagnose
from oracle.engine.dice import PLACE_LABELS, Place
from oracle.engine.errors import IllegalMoveError, NotationError, OracleError
from oracle.engine.game import Move, Ruleset, RulesetOption, Score, State
from oracle.formats.jsonread import JSONModelError
from oracle.engine.legal import well_formed
from oracle.engine.phase import Phase
from oracle.engine.rulebook import Rule
from oracle.engine.sheet import Sheet
from oracle.engine.state import DieAt, GameState
from oracle.engine.variant import Variant

__all__ = ["CleverGame"]

AnyState = GameState[Any, Any]


StateT = TypeVar("StateT", bound="GameState[Any, Any]")


def apply(state: StateT, move: object) -> StateT:
    """The state after ``move`` (:func:`oracle.engine.apply`), where ``move`` may also be its
    text (move notation, ``"take W yellow:I"``) or its JSON data (a dict, docs/formats.md,
    section 6): text or data that is no move of the game is refused with rule MOVE-FORM, the
    reason saying why."""
    if type(move) is str or type(move) is dict:
        try:
            move = (notation.parse_move(state.variant, move) if type(move) is str
                    else move_from_json(state.variant, move))
        except NotationError as exc:
            raise IllegalMoveError("MOVE-FORM", str(exc), state,
                                   legal.legal_moves(state)) from None
    return engine.apply(state, move)


@lru_cache(maxsize=1024)
def _die_token(code: str, face: int, place: Place) -> str:
    """One die in :meth:`CleverGame.dice_text`: its code, its face or ``-``, its place
    (``W3:cup``; cached: codes x faces x places, a few hundred)."""
    return f"{code}{face or '-'}:{PLACE_LABELS[place]}"


class CleverGame:
    """A Clever game behind the seam (see the module docstring)."""

    __slots__ = ("variant",)

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def __repr__(self) -> str:
        return f"CleverGame({self.variant.name})"

    # --- what crosses the seam is checked to be this game's ------------------------------

    def _state(self, state: object) -> AnyState:
        if not isinstance(state, GameState) or state.variant is not self.variant:
            raise OracleError(f"not a {self.variant.title} game state: {type(state).__name__}")
        return state

    def _sheet(self, sheet: object) -> Sheet:
        if type(sheet) is not self.variant.sheet:
            raise OracleError(f"not a {self.variant.title} sheet: {type(sheet).__name__}")
        assert isinstance(sheet, Sheet)
        return sheet

    def _ruleset(self, ruleset: object) -> Any:
        if ruleset is None:
            return self.variant.default_ruleset
        if not isinstance(ruleset, self.variant.ruleset_type):
            raise OracleError(f"not a {self.variant.title} ruleset: {type(ruleset).__name__}")
        return ruleset

    # --- the game's description ----------------------------------------------------------

    @property
    def name(self) -> str:
        return self.variant.name

    @property
    def title(self) -> str:
        return self.variant.title

    @property
    def min_players(self) -> int:
        return self.variant.min_players

    @property
    def max_players(self) -> int:
        return self.variant.max_players

    @property
    def dice_codes(self) -> tuple[str, ...]:
        return positiontext.dice_codes(self.variant)

    @property
    def rules(self) -> tuple[Rule, ...]:
        return self.variant.rules

    @property
    def ruleset_options(self) -> tuple[RulesetOption, ...]:
        return self.variant.ruleset_options

    @property
    def default_ruleset(self) -> Ruleset:
        return self.variant.default_ruleset

    def make_ruleset(self, options: Mapping[str, object], base: object = None) -> Ruleset:
        made: Ruleset = self.variant.make_ruleset(options, self._ruleset(base))
        return made

    # --- playing ----------------------------------------------------------------------------

    def new_game(self, players: int, ruleset: object = None) -> AnyState:
        return engine.new_game(self.variant, players, self._ruleset(ruleset))

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        return legal.legal_moves(self._state(state))

    def is_legal(self, state: State, move: object) -> bool:
        return legal.is_legal(self._state(state), move)

    def apply(self, state: State, move: object) -> AnyState:
        return apply(self._state(state), move)

    def apply_unchecked(self, state: State, move: Move) -> AnyState:
        return engine.apply_unchecked(self._state(state), move)

    def diagnose(self, state: State, move: object) -> tuple[str, str] | None:
        """As :meth:`apply` judges ``move`` (a move, its text or its JSON data; text or data
        that is no move of the game breaks MOVE-FORM)."""
        checked = self._state(state)
        if type(move) is str or type(move) is dict:
            try:
                move = (notation.parse_move(self.variant, move) if type(move) is str
                        else move_from_json(self.variant, move))
            except NotationError as exc:
                return "MOVE-FORM", str(exc)
        return diagnose(checked, move)

    def chance_outcomes(self, state: State) -> Iterator[tuple[Move, Fraction]]:
        yield from chance.chance_outcomes(self._state(state))

    def sample_chance(self, state: State, rng: random.Random) -> Move:
        return chance.sample_chance(self._state(state), rng)

    def move_space(self) -> tuple[Move, ...]:
        return movespace.move_space(self.variant)

    # --- what a state shows ---------------------------------------------------------------

    def phase(self, state: State) -> Phase:
        """The step of the turn ``state`` is in."""
        return self._state(state).phase

    def dice(self, state: State) -> tuple[DieAt, ...]:
        """Every die, what it shows and where it lies."""
        return self._state(state).dice

    def pending(self, state: State, player: int) -> tuple[str, ...]:
        """The codes of ``player``'s pending question marks, in order."""
        return tuple(b.code for b in self._state(state).pending(player))

    def dice_text(self, state: State) -> str:
        given = self._state(state)
        codes = positiontext.dice_codes(self.variant)
        return " ".join(map(_die_token, codes, given.faces, given.places))

    # --- notation ---------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return notation.parse_move(self.variant, text)

    def read_move(self, text: str, version: int, ruleset: object,
                  state: object = None) -> Move | None:
        return notation.read_move(self.variant, text, version, self._ruleset(ruleset),
                                  None if state is None else self._state(state))

    def format_sheet(self, sheet: object) -> str:
        return sheettext.format_sheet(self.variant, self._sheet(sheet))

    def parse_sheet(self, text: str) -> Sheet:
        return sheettext.parse_sheet(self.variant, text)

    def format_position(self, state: State) -> str:
        return positiontext.format_position(self._state(state))

    def parse_position(self, text: str) -> AnyState:
        return positiontext.parse_position(self.variant, text)

    # --- the JSON game model ----------------------------------------------------------------

    def to_json(self, state: State) -> dict[str, object]:
        return state_to_json(self._state(state))

    def from_json(self, data: object) -> AnyState:
        return state_from_json(self.variant, data)

    def from_written_json(self, text: bytes) -> AnyState | None:
        return state_from_written(self.variant, text)

    def move_to_json(self, move: Move) -> dict[str, object]:
        if not well_formed(self.variant, move):
            raise OracleError(f"not a {self.variant.title} move: {move!r}"[:200])
        return move_to_json(self.variant, move)

    def move_from_json(self, data: object) -> Move:
        return move_from_json(self.variant, data)

    def sheet_to_json(self, sheet: object) -> dict[str, object]:
        return sheet_to_json(self.variant, self._sheet(sheet))

    def sheet_from_json(self, data: object) -> Sheet:
        if isinstance(data, (str, bytes)):
            try:
                data = jsontext.loads(data)
            except jsontext.JSONTextError as exc:
                raise JSONModelError("", str(exc)) from None
        return sheet_from_json(self.variant, data)

    def areas(self, sheet: object) -> object:
        checked = self._sheet(sheet)
        return self.variant.readings(*(a.rules.reading(checked.parts[i])
                                        for i, a in enumerate(self.variant.areas)))

    # --- scores -----------------------------------------------------------------------------

    def score(self, sheet: object, ruleset: object = None) -> Score:
        return scoring.score(self.variant, self._sheet(sheet), self._ruleset(ruleset))

    def scores(self, state: State) -> tuple[Score, ...]:
        return scoring.scores(self._state(state))

    def winners(self, scores: tuple[Score, ...]) -> tuple[str, ...]:
        return tuple(f"p{seat + 1}" for seat in self.winner_seats(scores))

    def winner_seats(self, scores: tuple[Score, ...]) -> tuple[int, ...]:
        if not scores:
            raise OracleError("winners: want one or more score breakdowns")
        return scoring.winners_of(scores)

    def solo_rating(self, total: int) -> str:
        return scoring.solo_rating(self.variant, total)

    # --- drawing and checks -----------------------------------------------------------------

    def sheet_text(self, sheet: object, title: str = "", ruleset: object = None) -> str:
        checked = self._sheet(sheet)
        breakdown = scoring.score(self.variant, checked, self._ruleset(ruleset))
        return self.variant.draw_text(checked, sheettext.format_sheet(self.variant, checked),
                                      breakdown, title)

    def sheet_svg(self, sheet: object, title: str = "", ruleset: object = None) -> str:
        checked = self._sheet(sheet)
        breakdown = scoring.score(self.variant, checked, self._ruleset(ruleset))
        return self.variant.draw_svg(checked, breakdown, title)

    def state_problems(self, state: State) -> list[str]:
        checked = self._state(state)
        problems = [f"player {i + 1}: {p}" for i, s in enumerate(checked.sheets)
                    for p in self.variant.sheet_problems(s, checked.ruleset)]
        if not 1 <= checked.round <= checked.rounds:
            problems.append(f"round {checked.round} of {checked.rounds}")
        if not 0 <= checked.rolls <= 3:
            problems.append(f"{checked.rolls} rolls used")
        return problems

    def step_problems(self, before: State, after: State) -> list[str]:
        old, new = self._state(before), self._state(after)
        problems = [f"player {i + 1}: {p}" for i, (b, a) in enumerate(zip(old.sheets, new.sheets))
                    for p in self.variant.sheet_step_problems(b, a)]
        if new.round < old.round:
            problems.append("the round went back")
        return problems

    # --- for the certification report: which rule a difference points at ---------------------

    def explain_sheet(self, before: State, move: object, ours: str | Mapping[str, object],
                      theirs: str | Mapping[str, object]) -> str:
        return explain.sheet_rule(self.variant, self._state(before), move, ours, theirs)

    def explain_dice(self, before: State, move: object) -> str:
        return explain.dice_rule(self._state(before), move)

    def explain_score(self, key: str) -> str:
        return explain.score_rule(self.variant, key)

    def explain_legal(self, state: State, moves: tuple[object, ...],
                      ) -> tuple[tuple[tuple[str, str], ...], ...]:
        return explain.legal_rules_of(self._state(state), moves)
