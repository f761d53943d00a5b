"""clever-oracle: the reference oracle for the Clever family of dice games.

Every game is found by name through the game seam (:mod:`oracle.game`, :mod:`oracle.games`)::

    from oracle import find_game
    game = find_game("clever-cubed")
    state = game.new_game(2)

The names below are Clever Cubed's engine, kept here so that ``from oracle import new_game``
goes on working (this module and the registry are the only ones outside a game's package that
import it)::

    from oracle import new_game, legal_moves, apply, sample_chance
    state = new_game(2)
    while not state.is_terminal:
        move = sample_chance(state, rng) if state.is_chance else legal_moves(state)[0]
        state = apply(state, move)
    print(scores(state), winners(state))

For any game: :func:`verify` judges a :class:`Record` (:func:`load_records` reads them from
files, directories and JSON Lines), and :func:`format_position` / :func:`parse_position` write
and read the one-line position notation.
"""

__version__ = "0.1.0"

from oracle.dice import Place, Position
from oracle.game import Game, RulesetOption
from oracle.games import DEFAULT_GAME, GAMES, find_game
from oracle.cubed.dice import Die
from oracle.errors import IllegalMoveError, NotationError, OracleError, RecordError
from oracle.rulebook import Rule
from oracle.cubed.chance import chance_outcomes, sample_chance
from oracle.cubed.diagnose import diagnose
from oracle.cubed.engine import apply, apply_unchecked, new_game
from oracle.cubed.legal import legal_moves
from oracle.cubed.moves import (
    ChanceMove,
    ExtraDie,
    Forfeit,
    Joker,
    Move,
    Pass,
    PlayerMove,
    QuestionMark,
    ReRoll,
    Roll,
    SoloRoll,
    Take,
    parse_move,
)
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.rules import RULES, RULES_BY_ID
from oracle.cubed.ruleset import DEFAULT_RULESET, BlueQuestion, Ruleset
from oracle.cubed.scoring import ScoreBreakdown, score, scores, solo_rating, winners
from oracle.cubed.sheet import Area, Bonus
from oracle.cubed.state import CHANCE, NOBODY, GameState, Phase
from oracle.position import format_position, parse_position
from oracle.record import Record, Verdict, load_records, verify

__all__ = [
    "DEFAULT_GAME", "GAMES", "Game", "Position", "RulesetOption", "find_game",
    "Area", "BlueQuestion", "Bonus", "CHANCE", "ChanceMove", "DEFAULT_RULESET", "Die",
    "ExtraDie", "Forfeit", "GameState", "IllegalMoveError", "Joker", "Move", "NOBODY",
    "NotationError", "OracleError", "Pass", "Phase", "Place", "PlayerMove", "PlayerSheet",
    "QuestionMark", "RULES", "RULES_BY_ID", "ReRoll", "RecordError", "Roll", "Rule", "Ruleset",
    "ScoreBreakdown", "SoloRoll", "Take", "apply", "apply_unchecked", "chance_outcomes",
    "diagnose", "legal_moves", "new_game", "parse_move", "sample_chance", "score", "scores",
    "solo_rating", "winners", "format_position", "parse_position", "Record", "Verdict",
    "load_records", "verify", "__version__",
]
