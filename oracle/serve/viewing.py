"""``POST /view``: the record viewer's page for a posted record (the page ``clever-oracle show
--html`` writes, :mod:`oracle.viewer.page`), with its Content-Security-Policy as a header too.
Query ``step=K`` (ASCII digits, at most :data:`STEP_DIGITS` of them) opens it at the state
before step K (past the last step: at the end); ``partial=true`` shows a game in progress as one
(``legal-so-far``, as ``show --html --partial``), not as incomplete.  The page is made within the
time limit per request."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from oracle.errors import RecordError
from oracle.record import parse_record
from oracle.serve.bodies import read_body, require_media, text_of
from oracle.serve.problems import ApiError, record_problem
from oracle.serve.service import service, within
from oracle.viewer.page import page_data, viewer_page
from oracle.viewer.timeline import timeline

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


def _page(text: str, start: int, partial: bool = False) -> tuple[str, str]:
    try:
        record = parse_record(text, NAME)
    except RecordError as exc:
        raise record_problem(str(exc), NAME) from None
    return viewer_page(page_data(timeline(record, NAME, partial), NAME, start))


async def view(request: Request) -> Response:
    """``POST /view``: body one record (``application/json``); answers ``text/html``."""
    settings = service(request)
    start, partial = _start(request), _partial(request)
    require_media(request)
    text = text_of(await read_body(request))
    html, policy = await within(settings, settings.deadline(), _page, text, start, partial,
                                doing=lambda: " making the page")
    return Response(html, media_type="text/html",
                    headers={"content-security-policy": policy})
