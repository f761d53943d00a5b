"""The position endpoints: ``POST /new`` (a new game's start), ``POST /legal`` (a position's
legal moves, who is to move, the dice and where they lie) and ``POST /apply`` (a move in a
position: the new position, or the broken rule's id, the reason and the legal moves instead).
Positions in, positions out: the service keeps nothing between requests.

A position is given in the JSON game model (``state``, docs/formats.md section 6) or in position
notation (``position``, section 5), and a move as JSON or as move notation (section 1).  Every
answer that carries a position carries its ``state``, and its position notation too when the
request gave its position so or asks for it (``position_text``: formatting it is work an app of
the JSON model does not need); legal moves are listed as text (``legal``) and as JSON
(``legal_json``), in the same order.

The work of these requests is done at once, on the worker's event loop, not in a thread under
the time limit per request as other endpoints' work is: it is bounded by what the body's schema
lets a request give (a position of at most four sheets, or 20,000 characters of position
notation; a move of at most 1,000) and takes about a millisecond, well under what handing it to
a thread and back costs.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Hashable
from typing import cast

from starlette.requests import Request
from starlette.responses import Response

from oracle.engine.errors import IllegalMoveError, OracleError
from oracle.engine.game import CHANCE, NOBODY, Game, Move, State
from oracle.games import GAMES
from oracle.formats.jsonread import JSONModelError
from oracle.serve.bodies import checked, json_body, parse_json, read_body, require_media
from oracle.serve.problems import ApiError, dumps
from oracle.serve.memo import PositionMemo
from oracle.serve.service import (
    answer_text,
    answer_with_json,
    json_answer,
    game_named,
    given_state,
    model_problem,
    model_state,
    service,
)


def who(actor: int) -> str:
    """Who is to move: ``pN`` (1-based), ``dice`` or ``nobody``."""
    if actor == CHANCE:
        return "dice"
    return "nobody" if actor == NOBODY else f"p{actor + 1}"


#: An answer: its fields, then fields given as JSON text already (the legal moves, made of
#: each move's cached text; last the ``state``, :class:`PositionMemo`), in order.
Answer = tuple[dict[str, object], tuple[tuple[str, bytes], ...]]
#: The position of a request, when it is known already (:func:`_known_body`).
Known = tuple[Game, State] | None
#: How a body that gives a position as JSON begins, and where its move follows.
_STATE_FIRST = b'{"state": '
_MOVE_NEXT = b', "move": '


def _move_json(game: Game, move: Move) -> dict[str, object]:
    """A move as JSON."""
    loaded = json.loads(_texts(game.name, cast(Hashable, move))[1])
    assert isinstance(loaded, dict)
    return loaded


@functools.lru_cache(maxsize=8192)
def _texts(game: str, move: Hashable) -> tuple[bytes, bytes]:
    """A move's text and JSON, each as JSON text (pure functions of the move, an immutable
    value: cached)."""
    given = cast(Move, move)
    return dumps(str(given)), dumps(GAMES[game].move_to_json(given))


def _moves(game: Game, moves: tuple[Move, ...]) -> tuple[tuple[str, bytes], ...]:
    """The ``legal`` and ``legal_json`` fields of ``moves``, as JSON text."""
    texts = [_texts(game.name, cast(Hashable, m)) for m in moves]
    return (("legal", b"[" + b", ".join(t for t, _ in texts) + b"]"),
            ("legal_json", b"[" + b", ".join(j for _, j in texts) + b"]"))


def position_answer(game: Game, state: State, text: bool, memo: PositionMemo) -> Answer:
    """A position as ``POST /legal`` answers it (schema ``position-answer``), with its position
    notation when ``text``."""
    dice = game.dice_text(state)
    out: dict[str, object] = {
        "game": game.name, "to_move": who(state.actor), "over": state.is_terminal,
        "round": state.round, "rounds": state.rounds, "dice_text": dice,
    }
    if text:
        out["position"] = game.format_position(state)
    return out, (("dice", _dice_json(dice)), *_moves(game, game.legal_moves(state)),
                 ("state", memo.write(game, state)))


def _dice_json(dice_text: str) -> bytes:
    """The ``dice`` field of a position's answer as JSON text: each die's code, face (null: not
    rolled) and place, in die order, read from the dice's text (``W3:cup Y-:platter ...``,
    :meth:`~oracle.engine.game.Game.dice_text`: a die's code, its face or ``-``, its place),
    which says all of it; each die's JSON text is kept (:func:`_die_json`)."""
    return b"[" + b", ".join(map(_die_json, dice_text.split())) + b"]"


@functools.lru_cache(maxsize=1024)
def _die_json(die: str) -> bytes:
    """One die of :func:`_dice_json` (``W3:cup``) as JSON text (cached: a game's dice have a
    few hundred such texts, codes x faces x places)."""
    shown, place = die.split(":")
    face = shown[-1]
    return dumps({"code": shown[:-1], "value": None if face == "-" else int(face),
                  "place": place})


def as_json(found: Answer) -> dict[str, object]:
    """An answer as one JSON-ready mapping (the OpenAPI document's examples)."""
    data, given = found
    return {**data, **{key: json.loads(text) for key, text in given}}


def _text_wanted(body: dict[str, object]) -> bool:
    """Whether the answer gives position notation: asked (``position_text``), or by default
    when the request gave its position so."""
    wanted = body.get("position_text")
    return wanted if isinstance(wanted, bool) else "position" in body


def _new(body: dict[str, object], memo: PositionMemo) -> Answer:
    game = game_named(str(body["game"]), "/game")
    players = body["players"]
    assert isinstance(players, int)
    if not game.min_players <= players <= game.max_players:
        raise ApiError(422, f"{game.title} is played by {game.min_players} to "
                       f"{game.max_players} players, not {players}", "/players")
    options = body.get("ruleset", {})
    assert isinstance(options, dict)
    known = {o.name: o for o in game.ruleset_options}
    for name in options:
        if name not in known:
            raise ApiError(422, f"unknown ruleset option {name[:40]!r} of {game.name} "
                           f"(known: {', '.join(known)})", f"/ruleset/{name[:40]}")
    try:
        ruleset = game.make_ruleset(options)
    except OracleError as exc:
        raise ApiError(422, str(exc), "/ruleset") from None
    return position_answer(game, game.new_game(players, ruleset), _text_wanted(body), memo)


def _legal(body: dict[str, object], known: Known, memo: PositionMemo) -> Answer:
    game, state = known or given_state(body, memo)
    return position_answer(game, state, _text_wanted(body), memo)


def _move(game: Game, given: object) -> Move:
    """The move a request gives, as text or as JSON; 422 naming where when it is no move of the
    game."""
    try:
        if isinstance(given, dict):
            return game.move_from_json(given)
        return game.parse_move(str(given))
    except JSONModelError as exc:
        raise model_problem(exc, "/move") from None
    except OracleError as exc:
        raise ApiError(422, str(exc), "/move") from None


def _given_json(game: Game, move: Move, given: object) -> object:
    """A move as JSON: as given, when it was; null for a move the JSON model cannot spell."""
    if isinstance(given, dict):
        return given
    try:
        return _move_json(game, move)
    except OracleError:
        return None


def _apply(body: dict[str, object], known: Known, memo: PositionMemo) -> Answer:
    game, state = known or given_state(body, memo)
    text = _text_wanted(body)
    move = _move(game, body["move"])
    try:
        after = game.apply(state, move)
    except IllegalMoveError as exc:
        refused: dict[str, object] = {
            "accepted": False, "move": str(move),
            "move_json": _given_json(game, move, body["move"]), "game": game.name,
            "rule": exc.rule, "reason": exc.reason,
        }
        if text:
            refused["position"] = (str(body["position"]) if "position" in body
                                   else game.format_position(state))
        return refused, (*_moves(game, exc.legal), ("state", memo.write(game, state)))
    found, given = position_answer(game, after, text, memo)
    move_text, move_json = _texts(game.name, cast(Hashable, move))
    return {"accepted": True, **found}, (("move", move_text), ("move_json", move_json), *given)


def _body_state(raw: bytes, definition: str) -> bytes | None:
    """The JSON text of the position in a body that is ``{"state": TEXT}`` (``/legal``) or
    ``{"state": TEXT, "move": MOVE}`` (``/apply``), as the body spells it; None for any other
    body.  A cut only: whether TEXT really is the ``state`` is for :func:`_read` to confirm."""
    if not (raw.startswith(_STATE_FIRST) and raw.endswith(b"}")):
        return None
    cut = raw.rfind(_MOVE_NEXT) if definition == "apply-request" else len(raw) - 1
    return raw[len(_STATE_FIRST):cut] if cut > len(_STATE_FIRST) else None


def _spelt_alone(body: dict[str, object], raw: bytes, text: bytes, definition: str) -> bool:
    """True when ``raw`` is exactly ``{"state": TEXT}`` or ``{"state": TEXT, "move": MOVE}``
    with MOVE written as :func:`dumps` writes ``body["move"]``: then TEXT is the ``state``'s
    own JSON text (the body read has no other field, and no key twice), which the memo may
    keep as it is."""
    if definition == "apply-request":
        return (body.keys() == {"state", "move"}
                and raw[len(_STATE_FIRST) + len(text) + len(_MOVE_NEXT):-1] == dumps(body["move"]))
    return body.keys() == {"state"}


def _read(raw: bytes, memo: PositionMemo, definition: str) -> tuple[dict[str, object], Known]:
    """The body ``raw``, checked, and its position if it is known already.  A body that is
    ``{"state": TEXT}`` (``/legal``) or ``{"state": TEXT, "move": MOVE}`` (``/apply``), where
    TEXT is, byte for byte, the JSON text of a position the memo read or wrote lately (what an
    app sends back as the service gave it), or else the JSON text the service writes for a
    position (:func:`_as_written`), needs only its move read; any other body is read and
    checked as every body is (:func:`~oracle.serve.bodies.parse_json`,
    :func:`~oracle.serve.bodies.checked`), which words the errors, and its position is read
    (and kept in the memo under the body's own TEXT, when the body is so spelt)."""
    text = _body_state(raw, definition)
    known = (memo.known(text) or _as_written(text, memo)) if text is not None else None
    if known is not None:
        assert text is not None
        body: dict[str, object] = {"state": {}}  # a position known: no need to read it
        try:
            if definition == "apply-request":
                body["move"] = parse_json(raw[len(_STATE_FIRST) + len(text) + len(_MOVE_NEXT):-1],
                                          "move")
            return checked(body, definition), known
        except ApiError:
            pass  # read and checked in full below, to word the error
    body = checked(parse_json(raw), definition)
    if text is not None and "state" in body and _spelt_alone(body, raw, text, definition):
        return body, memo.read_text(text, body["state"], model_state)
    return body, given_state(body, memo)


def _as_written(text: bytes, memo: PositionMemo) -> Known:
    """The game and position whose JSON text, byte for byte as the service writes it, is
    ``text`` (:meth:`~oracle.engine.game.Game.from_written_json`: a position the service gave,
    though not lately or by this worker), kept in the memo; None for any other text."""
    for game in GAMES.values():
        state = game.from_written_json(text)
        if state is not None:
            memo.keep(game, state, text)
            return game, state
    return None


def legal_answer(raw: bytes, memo: PositionMemo) -> bytes:
    """``POST /legal``'s answer to the body ``raw`` (its media type checked already)."""
    return answer_text(*_legal(*_read(raw, memo, "legal-request"), memo=memo))


def apply_answer(raw: bytes, memo: PositionMemo) -> bytes:
    """``POST /apply``'s answer to the body ``raw`` (its media type checked already)."""
    return answer_text(*_apply(*_read(raw, memo, "apply-request"), memo=memo))


async def new(request: Request) -> Response:
    """``POST /new``: body ``{"game", "players", "ruleset"?}``."""
    body = await json_body(request, "new-request")
    return answer_with_json(*_new(body, service(request).memo))


async def legal(request: Request) -> Response:
    """``POST /legal``: body ``{"state": ...}`` or ``{"position": ...}`` (the service answers
    it directly, :mod:`oracle.serve.direct`; this is the same through the routes)."""
    require_media(request)
    return json_answer(legal_answer(await read_body(request), service(request).memo))


async def apply(request: Request) -> Response:
    """``POST /apply``: body ``{"state": ..., "move": ...}`` or ``{"position": ...,
    "move": ...}``."""
    require_media(request)
    return json_answer(apply_answer(await read_body(request), service(request).memo))
