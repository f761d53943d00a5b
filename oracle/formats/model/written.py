"""A position's JSON text exactly as the oracle writes it (:func:`~oracle.formats.model.state.state_to_json_text`,
``json.dumps`` of the JSON game model), read quickly: what an app sends back as the service gave
it.

:func:`state_from_written` answers the position whose text is, byte for byte, the given text, or
None for any other text (which may still be a position: :func:`~oracle.formats.model.state.state_from_json`
reads it and names any fault).  It reads the text's head (everything but the players) and each
player's text apart, and keeps each player's reading with the text it was read from
(:func:`_player_written`): the next position mostly brings the same players back, and a player
known by its text is neither parsed nor checked again.  A player's text is kept only when it is
what the oracle writes for the player read from it, and the head only counts when it is what
the oracle writes for the position read; so the whole text is what the oracle writes for the
position answered, which has no key twice in one object and reads back as that position
(``state_from_json(v, state_to_json(s)) == s``): both readings give the same position, and
neither refuses it.  The parts are parsed without the look for a key twice
(:func:`~oracle.formats.jsontext.loads_keys_unseen`), which that equality rules out.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from oracle.engine.sheet import Sheet
from oracle.engine.state import GameState
from oracle.engine.variant import Variant
from oracle.formats.jsontext import loads_keys_unseen
from oracle.formats.model.state import (
    PLAYERS_KEPT,
    PLAYERS_TEXT,
    STATE_FORMAT,
    check_score,
    head_text,
    player_text,
    read_player,
    read_top,
    read_turn,
)

__all__ = ["state_from_written"]

_PLAYERS = PLAYERS_TEXT.encode("ascii")
#: What begins each player's text but the first, after the ``", "`` between them.
_NEXT = b', {"id": '


class _NotWritten(Exception):
    """A part of a text that is not what the oracle writes for what was read from it."""


def state_from_written(variant: Variant, text: bytes) -> GameState[Any, Any] | None:
    """The position of ``variant`` whose JSON text as the oracle writes it is ``text``, or None
    (see the module docstring)."""
    if not text.startswith(_start(variant)) or not text.endswith(b"]}"):
        return None
    cut = text.find(_PLAYERS)
    if cut < 0:
        return None
    head = text[:cut]
    players = text[cut + len(_PLAYERS):-2].split(_NEXT)
    slices = [players[0], *(b'{"id": ' + player for player in players[1:])]
    try:
        top, listed, ruleset, round_ = read_top(variant, {
            **_object(loads_keys_unseen(head + b"}")), "players": slices})
        read = [_player_written(variant, ruleset, round_, i, part)
                for i, part in enumerate(listed)]
        state = read_turn(variant, top, ruleset, round_, [sheet for sheet, _ in read],
                          [extras for _, extras in read])
    except Exception:  # noqa: BLE001  # any fault: not as the oracle writes a position
        return None
    return state if head_text(state).encode("ascii") == head else None


@lru_cache(maxsize=8)
def _start(variant: Variant) -> bytes:
    """How the text of every position of ``variant`` begins (its format and game)."""
    return f'{{"format": "{STATE_FORMAT}", "game": "{variant.name}", '.encode("ascii")


def _object(value: object) -> dict[str, object]:
    if not isinstance(value, dict):
        raise _NotWritten("not an object")
    return value


@lru_cache(maxsize=PLAYERS_KEPT)
def _player_written(variant: Variant, ruleset: Any, round_: int, i: int,
                    text: object) -> tuple[Sheet, int]:
    """Player ``i``'s sheet and extra dice read from ``text`` (bytes) and checked as
    :func:`~oracle.formats.model.state.state_from_json` checks a player (its score too), when
    ``text`` is what the oracle writes for them; else :class:`_NotWritten` (or the reading's
    own error).  A pure function of its arguments, cached: a player's text comes back in the
    next positions."""
    assert isinstance(text, bytes)
    data = _object(loads_keys_unseen(text))
    sheet, extras = read_player(variant, ruleset, round_, i, data)
    check_score(variant, sheet, ruleset, data, f"/players/{i}")
    if player_text(variant, ruleset, i, extras, sheet).encode("ascii") != text:
        raise _NotWritten(f"player {i + 1}")
    return sheet, extras
