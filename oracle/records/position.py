"""Position notation for any registered game: one line for a whole game in progress, like FEN.

A position begins with its game's name (``clever-cubed round=1 active=p1 ...``); the rest is the
game's own grammar (Clever Cubed: :mod:`oracle.games.cubed.position`).  :func:`parse_position` finds
the game by that first word in the registry (:mod:`oracle.games`), so a position needs no
``--game`` option.  ``parse_position(format_position(s)) == s`` for every reachable state.
"""

from __future__ import annotations

from oracle.formats import jsontext
from oracle.engine.errors import NotationError, OracleError
from oracle.engine.game import Game, State
from oracle.games import GAMES, find_game
from oracle.formats.jsonread import JSONModelError, choice, obj


def position_game(text: str) -> Game:
    """The game a position names by its first word; :class:`NotationError` if none."""
    if not isinstance(text, str):
        raise NotationError(f"position: {type(text).__name__} is not text")
    name = text.split(" ", 1)[0]
    try:
        return find_game(name)
    except OracleError:
        raise NotationError(f"position: begins with {name[:40]!r}, not a game's name "
                            f"(known: {', '.join(GAMES)})") from None


def parse_position(text: str) -> State:
    """The state a position describes; :class:`NotationError` names the field at fault."""
    return position_game(text).parse_position(text)


def format_position(state: State, game: Game | None = None) -> str:
    """``state`` in position notation (``game``: the state's game; by default the registered
    game that accepts the state)."""
    if game is not None:
        return game.format_position(state)
    for candidate in GAMES.values():
        try:
            return candidate.format_position(state)
        except OracleError:
            continue
    raise OracleError(f"{type(state).__name__} is not a state of any known game")


def state_from_json(data: object) -> State:
    """The state a position's JSON data (or JSON text) describes, of the game its ``game`` key
    names (docs/formats.md, section 6); :class:`~oracle.formats.jsonread.JSONModelError` names the JSON
    pointer of the fault."""
    if isinstance(data, (str, bytes)):
        try:
            data = jsontext.loads(data)
        except jsontext.JSONTextError as exc:
            raise JSONModelError("", str(exc)) from None
    if not isinstance(data, dict) or "game" not in data:
        obj(data, "", ("game",))
    assert isinstance(data, dict)
    return find_game(choice(data["game"], "/game", tuple(GAMES), "the game")).from_json(data)


def is_position(text: str) -> bool:
    """True when ``text`` looks like a position (a game's name, a space, then ``KEY=VALUE``
    fields), so a command line argument can be a position or a record file name."""
    name, _, rest = text.partition(" ")
    return name in GAMES and "=" in rest
