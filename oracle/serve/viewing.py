"""``POST /view``: the record viewer's page for a posted record (the page ``clever-oracle show
--html`` writes, :mod:`oracle.viewer.page`), with its Content-Security-Policy as a header too.
Query ``step=K`` (ASCII digits, at most :data:`STEP_DIGITS` of them) opens it at the state
before step K (past the last step: at the end); ``partial=true`` shows a game in progress as one
(``legal-so-far``, as ``show --html --partial``), not as incomplete.  A posted
``{"position": ...}`` (position notation) is shown as one frame: its sheets, dice and legal
moves.  ``GET /view``: the page of a position (query ``position``; default: a new solo game of
Clever Cubed), to open records and positions in.  Pages served here send the records and
positions their "Open another game" is given back to this ``/view`` (their policy allows
``connect-src 'self'`` and nothing more).  Every page is made within the time limit per
request."""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import Response

from oracle.engine.errors import RecordError
from oracle.games import DEFAULT_GAME, find_game
from oracle.records.record import parse_record
from oracle.serve.bodies import checked, read_body, require_media, text_of
from oracle.serve.problems import ApiError, record_problem
from oracle.serve.schemas import definitions
from oracle.serve.service import position_state, service, within
from oracle.viewer.page import page_data, viewer_page
from oracle.viewer.timeline import position_timeline, timeline

#: What a posted record is called on its page.
NAME = "posted record"
#: The most digits of ``step`` (a record within the body limit has far fewer steps).
STEP_DIGITS = 9


def _start(request: Request) -> int:
    text = request.query_params.get("step", "1")
    unknown = [k for k in request.query_params if k not in ("step", "partial")]
    if unknown:
        raise ApiError(422, f"unknown query parameter {unknown[0][:40]!r} (allowed: step, "
                       "partial)", f"query: {unknown[0][:40]}")
    if not (text.isascii() and text.isdigit()) or len(text) > STEP_DIGITS or int(text) < 1:
        raise ApiError(422, f"step={text[:20]!r}: want a step number from 1", "query: step")
    return int(text) - 1


def _partial(request: Request) -> bool:
    """Query ``partial``: ``true`` or ``false`` (``1``, ``0``; default false)."""
    text = request.query_params.get("partial", "false").lower()
    if text not in ("true", "1", "false", "0"):
        raise ApiError(422, f"partial={text[:20]!r}: want true or false", "query: partial")
    return text in ("true", "1")


def _longest() -> int:
    """The longest position the service takes (``serve-1.json#/$defs/position``)."""
    found = definitions()["position"]
    assert isinstance(found, dict) and isinstance(found["maxLength"], int)
    return found["maxLength"]


def _position(text: str | None, where: str = "/position") -> tuple[str, str]:
    """The served page of a position (None: the start of a new solo game of Clever Cubed); a
    bad one is a 422 at ``where``."""
    if text is None:
        game = find_game(DEFAULT_GAME)
        state = game.new_game(1)
    else:
        game, state = position_state(text, where)
    return viewer_page(page_data(position_timeline(game, state), "position"), served=True)


def _asked_position(text: str) -> str | None:
    """The position of a body ``{"position": ...}`` (schema ``legal-request``); None for any
    other body (a record, or what :func:`parse_record` will say is wrong)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or "position" not in data or "steps" in data:
        return None
    return str(checked(data, "legal-request")["position"])


def _page(text: str, start: int, partial: bool = False) -> tuple[str, str]:
    position = _asked_position(text)
    if position is not None:
        return _position(position)
    try:
        record = parse_record(text, NAME)
    except RecordError as exc:
        raise record_problem(str(exc), NAME) from None
    return viewer_page(page_data(timeline(record, NAME, partial), NAME, start), served=True)


def _html(page: tuple[str, str]) -> Response:
    html, policy = page
    return Response(html, media_type="text/html", headers={"content-security-policy": policy})


async def view(request: Request) -> Response:
    """``POST /view``: body one record or ``{"position": ...}`` (``application/json``);
    answers ``text/html``."""
    settings = service(request)
    start, partial = _start(request), _partial(request)
    require_media(request)
    text = text_of(await read_body(request))
    return _html(await within(settings, settings.deadline(), _page, text, start, partial,
                              doing=lambda: " making the page"))


async def view_position(request: Request) -> Response:
    """``GET /view``: query ``position`` (default: a new solo game); answers ``text/html``."""
    settings = service(request)
    unknown = [k for k in request.query_params if k != "position"]
    if unknown:
        raise ApiError(422, f"unknown query parameter {unknown[0][:40]!r} (allowed: "
                       "position)", f"query: {unknown[0][:40]}")
    text = request.query_params.get("position")
    if text is not None and not 0 < len(text) <= _longest():
        raise ApiError(422, f"position: {len(text):,} characters; want 1 to {_longest():,}",
                       "query: position")
    return _html(await within(settings, settings.deadline(), _position, text, "query: position",
                              doing=lambda: " making the page"))
