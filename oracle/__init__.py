"""clever-oracle: the reference oracle for the Clever family of dice games.

Every game is found by name through the game seam (:mod:`oracle.engine.game`, :mod:`oracle.games`)::

    from oracle import find_game
    game = find_game("clever-cubed")
    state = game.new_game(2)

The engine's functions take any game's state (a state names its game): ``legal_moves``,
``apply``, ``apply_unchecked``, ``sample_chance``, ``chance_outcomes``, ``diagnose``, ``scores``,
``winners``.  The names that need a game to be named (``new_game``, ``parse_move``, ``score``,
``solo_rating``) and the move, sheet and ruleset types below are Clever Cubed's, kept here so
that ``from oracle import new_game`` goes on working (this module and the registry are the only
ones outside a game's package that import it)::

    from oracle import new_game, legal_moves, apply, sample_chance
    state = new_game(2)
    while not state.is_terminal:
        move = sample_chance(state, rng) if state.is_chance else legal_moves(state)[0]
        state = apply(state, move)
    print(scores(state), winners(state))

For any game: :func:`verify` judges a :class:`Record` (:func:`load_records` reads them from
files, directories and JSON Lines), and :func:`format_position` / :func:`parse_position` write
and read the one-line position notation.  :func:`parse_move` reads any game's move
(``game=`` names it), ``apply`` takes a move, its text or its JSON data, and positions, sheets
and moves are JSON data too (docs/formats.md, section 6): ``state.to_json()``,
:func:`state_from_json`, ``find_game(name).move_to_json(move)`` / ``.move_from_json(data)``,
``.sheet_to_json(sheet)``, ``.areas(sheet)`` (a sheet's areas as typed values).

Players are named by their ids (``"p1"``): ``winners(state)`` answers ``("p2",)``;
:func:`winner_seats` gives the 0-based seats ``(1,)`` as ``winners`` did before, for old code.
"""

from typing import Any, cast

from oracle.engine.chance import chance_outcomes, sample_chance
from oracle.plumbing.version import __version__
from oracle.games.clever import CleverGame
from oracle.games.cubed.areas import Area, SheetAreas
from oracle.games.cubed.dice import Die, Roll
from oracle.games.cubed.joker import Joker
from oracle.games.cubed.playersheet import PlayerSheet
from oracle.games.cubed.rules import RULES, RULES_BY_ID
from oracle.games.cubed.ruleset import DEFAULT_RULESET, BlueQuestion, Ruleset
from oracle.games.cubed.sheet import Bonus
from oracle.games.cubed.variant import CUBED
from oracle.engine.diagnose import diagnose
from oracle.engine.dice import Place, Position
from oracle.engine import apply_unchecked
from oracle.games.clever import apply
from oracle.engine import new_game as _new_game
from oracle.engine.errors import IllegalMoveError, NotationError, OracleError, RecordError
from oracle.engine.game import Game, RulesetOption
from oracle.games import DEFAULT_GAME, GAMES, find_game
from oracle.formats.jsonread import JSONModelError
from oracle.engine.legal import legal_moves
from oracle.engine.moves import (
    ChanceMove,
    ExtraDie,
    Forfeit,
    Move,
    Pass,
    PlayerMove,
    QuestionMark,
    ReRoll,
    SoloRoll,
    Take,
)
from oracle.formats.notation import parse_move as _parse_move
from oracle.engine.phase import CHANCE, NOBODY, Phase
from oracle.records.position import format_position, parse_position, state_from_json
from oracle.records.record import Record, Verdict, load_records, verify
from oracle.engine.rulebook import Rule
from oracle.engine.scoring import ScoreBreakdown, scores, winner_seats, winners
from oracle.engine.scoring import score as _score
from oracle.engine.scoring import solo_rating as _solo_rating
from oracle.engine.sheet import Sheet
from oracle.engine.state import GameState


def new_game(players: int, ruleset: Ruleset = DEFAULT_RULESET) -> GameState[Ruleset, PlayerSheet]:
    """A new game of Clever Cubed for 1 to 4 players (``ruleset``: our rulings by default)."""
    return cast(GameState[Ruleset, PlayerSheet], _new_game(CUBED, players, ruleset))


def parse_move(text: str, game: str | Game | None = None) -> Move:
    """A move from its canonical text (:class:`NotationError` if not one).  ``game`` (a name or
    a game) says whose move it is; without it the text is read as Clever Cubed's, else as the
    first other game's that reads it (``take Gy grey:0`` is Clever 4Ever's; a text every game
    reads, like ``pass`` or ``roll W3``, is Clever Cubed's)."""
    if game is not None:
        found = find_game(game) if isinstance(game, str) else game
        if not isinstance(found, CleverGame):
            raise OracleError(f"not a game: {found!r}"[:200])
        return _parse_move(found.variant, text)
    try:
        return _parse_move(CUBED, text)
    except NotationError as first:
        for other in GAMES.values():
            if isinstance(other, CleverGame) and other.variant is not CUBED:
                try:
                    return _parse_move(other.variant, text)
                except NotationError:
                    continue
        raise first from None


def score(sheet: Sheet, ruleset: Any = None) -> ScoreBreakdown:
    """A sheet's score breakdown (a Clever Cubed :class:`PlayerSheet`, or another game's sheet:
    its game scores it), with each area's points as an attribute (``.yellow``) and by name
    (``.area("yellow")``)."""
    for game in GAMES.values():
        if isinstance(game, CleverGame) and type(sheet) is game.variant.sheet:
            return _score(game.variant, sheet, ruleset)
    raise OracleError(f"not a sheet of a known game: {type(sheet).__name__}")


def solo_rating(total: int) -> str:
    """The Clever Cubed rulebook's solo level for a total."""
    return _solo_rating(CUBED, total)


__all__ = [
    "DEFAULT_GAME", "GAMES", "Game", "Position", "RulesetOption", "find_game",
    "Area", "BlueQuestion", "Bonus", "CHANCE", "ChanceMove", "DEFAULT_RULESET", "Die",
    "ExtraDie", "Forfeit", "GameState", "IllegalMoveError", "Joker", "Move", "NOBODY",
    "NotationError", "OracleError", "Pass", "Phase", "Place", "PlayerMove", "PlayerSheet",
    "QuestionMark", "RULES", "RULES_BY_ID", "ReRoll", "RecordError", "Roll", "Rule", "Ruleset",
    "ScoreBreakdown", "SoloRoll", "Take", "apply", "apply_unchecked", "chance_outcomes",
    "diagnose", "legal_moves", "new_game", "parse_move", "sample_chance", "score", "scores",
    "solo_rating", "winners", "format_position", "parse_position", "Record", "Verdict",
    "load_records", "verify", "__version__", "JSONModelError", "SheetAreas", "state_from_json",
    "winner_seats",
]
