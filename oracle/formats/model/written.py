"""A position's JSON text exactly as the oracle writes it (:func:`~oracle.formats.model.state.state_to_json_text`,
``json.dumps`` of the JSON game model), read quickly: what an app sends back as the service gave
it.

:func:`state_from_written` answers the position whose text is, byte for byte, the given text, or
None for any other text (which may still be a position:
:func:`~oracle.formats.model.state.state_from_json` reads it and names any fault).  The text is
read in parts: the head (everything but the players), each player's text
(:func:`_player_written`), and within a player the part up to the sheet, each area of the sheet,
the sheet's keys after its areas (:func:`~oracle.formats.model.sheet.sheet_from_written`) and
the score.  Each part is kept with what it read, and only when it is what the oracle writes for
what was read from it (the head counts only when it is what the oracle writes for the position
read): so the whole text is what the oracle writes for the position answered, which has no key
twice in one object and reads back as that position (``state_from_json(v, state_to_json(s)) ==
s``).  Both readings give the same position and neither refuses it; the quick one reads a player
known by its text, or an area known by its text, without parsing or checking it again (the next
position mostly brings the same players back, and a changed sheet mostly one changed area).  The
parts are parsed without the look for a key twice
(:func:`~oracle.formats.jsontext.loads_keys_unseen`), which that equality rules out.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from oracle.engine.scoring import ScoreBreakdown
from oracle.engine.sheet import Sheet
from oracle.engine.state import GameState
from oracle.engine.variant import Variant
from oracle.formats.jsontext import loads_keys_unseen
from oracle.formats.model.sheet import NotWritten, sheet_from_written
from oracle.formats.model.state import (
    PLAYERS_KEPT,
    PLAYERS_TEXT,
    STATE_FORMAT,
    breakdown,
    head_text,
    read_top,
    read_turn,
    seat_written,
    sheet_fault,
)

__all__ = ["state_from_written"]

_PLAYERS = PLAYERS_TEXT.encode("ascii")
#: What begins each player's text but the first, after the ``", "`` between them.
_NEXT = b', {"id": '


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
        raise NotWritten("not an object")
    return value


@lru_cache(maxsize=PLAYERS_KEPT)
def _player_written(variant: Variant, ruleset: Any, round_: int, i: int,
                    text: object) -> tuple[Sheet, int]:
    """Player ``i``'s sheet and extra dice read from ``text`` (bytes) and checked as
    :func:`~oracle.formats.model.state.state_from_json` checks a player (a sheet no game
    reaches by round ``round_``, the foxes and the score given), when ``text`` is what the
    oracle writes for them (:func:`~oracle.formats.model.state.player_text`): its part up to the
    sheet, the sheet (:func:`~oracle.formats.model.sheet.sheet_from_written`) and the score each
    so; else :class:`~oracle.formats.model.sheet.NotWritten` or the reading's own error.  A pure
    function of its arguments, cached: a player's text comes back in the next positions."""
    assert isinstance(text, bytes)
    sheet_at, score_at = text.find(_SHEET), text.rfind(_SCORE)
    seat = seat_written(variant, text[:sheet_at]) if 0 < sheet_at < score_at else None
    if seat is None or seat[0] != i or not text.endswith(b"}"):
        raise NotWritten(f"player {i + 1}")
    sheet, foxes = sheet_from_written(variant, text[sheet_at + len(_SHEET):score_at])
    fault = sheet_fault(variant, sheet, ruleset, round_)
    if fault is not None:
        raise NotWritten(fault[1])
    scored = breakdown(variant, sheet, ruleset)
    if foxes != scored.foxes or text[score_at + len(_SCORE):-1] != _score_text(scored):
        raise NotWritten(f"player {i + 1}'s foxes or score")
    return sheet, seat[1]


_SHEET = b', "sheet": '
_SCORE = b', "score": '


def _score_text(scored: ScoreBreakdown) -> bytes:
    """A score breakdown's JSON text, as the oracle writes it."""
    return json.dumps(scored.to_json()).encode("ascii")
