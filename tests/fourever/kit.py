"""Clever 4Ever for its tests: the engine's functions bound to the game, a sheet built from
named parts (``sheet_with(yellow=..., polish=2)``) and read by name (``view(sheet).pink``)."""

from __future__ import annotations

from typing import Any, NamedTuple

from oracle.engine import scoring
from oracle.engine.chance import chance_outcomes, sample_chance
from oracle.engine.diagnose import diagnose
from oracle.engine import apply_unchecked
from oracle.games.clever import apply
from oracle.engine import new_game as _new_game
from oracle.games.fourever.areas import Area
from oracle.games.fourever.areas.pink import NEXT
from oracle.games.fourever.dice import Die, Roll
from oracle.games.fourever.polish import Polish
from oracle.games.fourever.ruleset import DEFAULT_RULESET, Ruleset
from oracle.games.fourever.sheet import Bonus
from oracle.games.fourever.variant import FOUREVER, FourEverSheet
from oracle.games import find_game
from oracle.engine.legal import is_legal, legal_moves
from oracle.engine.moves import (
    FORFEIT,
    PASS,
    REROLL,
    ExtraDie,
    Move,
    QuestionMark,
    SoloRoll,
    Take,
)
from oracle.formats.notation import parse_move as _parse_move
from oracle.engine.scoring import ScoreBreakdown, scores
from oracle.engine.sheet import ACTION, EXTRA_DIE
from oracle.engine.sheet import REROLL as REROLL_TRACK
from oracle.engine.state import GameState
from oracle.engine.turn import settle, start_round

__all__ = [
    "FORFEIT", "FOUREVER", "GAME", "NEXT", "PASS", "REROLL", "Area", "Bonus", "Die", "ExtraDie",
    "FourEverSheet", "GameState", "Move", "Polish", "QuestionMark", "Roll", "Ruleset",
    "SoloRoll", "Take", "apply", "apply_unchecked", "award", "chance_outcomes", "diagnose",
    "format_sheet", "foxes", "is_legal", "legal_moves", "new_game", "parse_move", "parse_sheet",
    "sample_chance", "score", "scores", "settle", "sheet_with", "solo_rating", "start_round", "view",
]

GAME = find_game("clever-4ever")


def new_game(players: int = 1, ruleset: Ruleset = DEFAULT_RULESET) -> GameState[Any, Any]:
    return _new_game(FOUREVER, players, ruleset)


def parse_move(text: str) -> Move:
    return _parse_move(FOUREVER, text)


def format_sheet(sheet: FourEverSheet) -> str:
    return GAME.format_sheet(sheet)


def parse_sheet(text: str) -> FourEverSheet:
    sheet = GAME.parse_sheet(text)
    assert isinstance(sheet, FourEverSheet)
    return sheet


def foxes(sheet: FourEverSheet) -> int:
    return FOUREVER.foxes(sheet)


def score(sheet: FourEverSheet, ruleset: Ruleset = DEFAULT_RULESET) -> ScoreBreakdown:
    return scoring.score(FOUREVER, sheet, ruleset)


def solo_rating(total: int) -> str:
    return scoring.solo_rating(FOUREVER, total)


def award(sheet: FourEverSheet, bonuses: tuple[Bonus, ...]) -> FourEverSheet:
    return FOUREVER.award(sheet, bonuses)


def _mask(count: int) -> int:
    return (1 << count) - 1


def sheet_with(
    yellow: tuple[tuple[int, ...], ...] = ((), (), ()),
    blue: int = 0,
    grey: int = 0,
    green: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
    pink: tuple[int, ...] = (),
    rerolls: int = 0,
    rerolls_spent: int = 0,
    extra_dice: int = 0,
    extra_dice_spent: int = 0,
    polish: int = 0,
    polish_spent: int = 0,
    pending: tuple[Bonus, ...] = (),
) -> FourEverSheet:
    """A sheet with the given parts and tracks (circled and spent counts)."""
    return FourEverSheet.make(
        (yellow, blue, grey, green, pink), (rerolls, extra_dice, polish),
        (_mask(rerolls_spent), _mask(extra_dice_spent), _mask(polish_spent)), pending,
    )


class View(NamedTuple):
    """A sheet read by name."""

    yellow: tuple[tuple[int, ...], ...]
    blue: int
    grey: int
    green: tuple[tuple[int, ...], tuple[int, ...]]
    pink: tuple[int, ...]
    rerolls: int
    extra_dice: int
    polish: int
    rerolls_left: int
    extra_dice_left: int
    polish_left: int
    pending: tuple[Any, ...]


def view(sheet: Any) -> View:
    return View(*sheet.parts, *sheet.circled, sheet.left(REROLL_TRACK), sheet.left(EXTRA_DIE),
                sheet.left(ACTION), sheet.pending)
