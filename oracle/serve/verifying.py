"""``POST /verify``: judge a record, or JSON Lines of records, as ``clever-oracle verify --json``
does (schema ``verdict-1.json``; rulings 1-22 give the rule ids of a refusal).

A body sent as ``application/json`` is one record; the answer is its verdict object (a record
that is not usable is a 422 naming where).  A body sent as JSON Lines (``application/x-ndjson``)
holds one record per line; the answer is JSON Lines, the very lines ``clever-oracle verify
--json -`` prints for the same input: a verdict (or an unusable line) per record, in order, then
the summary.  Query: ``partial=true`` (a game in progress is ``legal-so-far``), ``ruleset=
OPTION=VALUE`` (repeatable; judge by the other reading of an open rule), ``game=NAME`` (accept
only that game's records).  At most ``--max-records`` records per request; the records (one
or many) are judged within the time limit per request by the service's clock, or the answer is
a 503 saying how far it got.
"""

from __future__ import annotations

import io
import itertools

from starlette.requests import Request
from starlette.responses import Response

from oracle.games import GAMES
from oracle.records.record import Item, record_texts
from oracle.serve.bodies import JSON, JSON_LINES, read_body, require_media, text_of
from oracle.serve.problems import ApiError, record_problem
from oracle.serve.service import Service, game_named, service, within
from oracle.records.verifier import KINDS, Judging, judge_item, summary_line

#: The query parameters ``POST /verify`` takes.
QUERY = ("partial", "ruleset", "game")
_TRUTH = {"true": True, "1": True, "false": False, "0": False}


def judging(request: Request) -> Judging:
    """The query's judging options; 422 naming the parameter at fault."""
    query = request.query_params
    for key in query:
        if key not in QUERY:
            raise ApiError(422, f"unknown query parameter {key[:40]!r} (allowed: "
                           f"{', '.join(QUERY)})", f"query: {key[:40]}")
    partial = query.get("partial", "false").lower()
    if partial not in _TRUTH:
        raise ApiError(422, f"partial={partial[:20]!r}: want true or false", "query: partial")
    name = query.get("game")
    games = (game_named(name, "query: game"),) if name else tuple(GAMES.values())
    options = []
    for pair in query.getlist("ruleset"):
        key, sep, value = pair.partition("=")
        known = [o for g in games for o in g.ruleset_options if o.name == key]
        if not sep or not any(value in o.values for o in known):
            allowed = "; ".join(f"{o.name}={'|'.join(o.values)}"
                                for g in games for o in g.ruleset_options)
            raise ApiError(422, f"ruleset={pair[:60]!r}: want one of {allowed}",
                           "query: ruleset")
        options.append((key, value))
    return Judging(tuple(options), _TRUTH[partial], name)


def _one(rules: Judging, text: str) -> bytes:
    outcome = judge_item(rules, ("-", text))
    if outcome.kind == "unusable":
        raise record_problem(outcome.text, "-")
    return outcome.line.encode("utf-8")


def _exit(counts: dict[str, int]) -> int:
    if counts["unusable"]:
        return 2
    return 1 if counts["illegal"] or counts["incomplete"] else 0


class _Batch:
    """Judging JSON Lines of records: how many are judged so far (read by the request while a
    thread judges them)."""

    def __init__(self, rules: Judging, items: list[Item]) -> None:
        self.rules = rules
        self.items = items
        self.done = 0

    def progress(self) -> str:
        """How far it got, for the 503 once the time limit runs out."""
        return (f" after {self.done} of {len(self.items)} records; send fewer records per "
                "request")

    def lines(self, settings: Service, deadline: float) -> bytes:
        """The verdict lines and the summary; stops once the clock passes ``deadline``."""
        counts: dict[str, int] = dict.fromkeys(KINDS, 0)
        lines = []
        for item in self.items:
            if settings.clock() >= deadline:
                raise ApiError(503, f"the time limit of {settings.limits.timeout:g} s per "
                               f"request (--timeout) ran out{self.progress()}", "body")
            outcome = judge_item(self.rules, item)
            counts[outcome.kind] += 1
            lines.append(outcome.line)
            self.done += 1
        lines.append(summary_line(counts, _exit(counts)))
        return "".join(line + "\n" for line in lines).encode("utf-8")


async def verify(request: Request) -> Response:
    """``POST /verify`` (see the module docstring)."""
    settings = service(request)
    limits = settings.limits
    rules = judging(request)
    kind = require_media(request, (JSON, *JSON_LINES))
    body = await read_body(request)
    deadline = settings.deadline()
    if not body.strip():
        raise ApiError(400, "the body is empty; send a record (or JSON Lines of records)", "body")
    if kind == JSON:
        line = await within(settings, deadline, _one, rules, text_of(body),
                            doing=lambda: " judging the record")
        return Response(line, media_type="application/json")
    items = list(itertools.islice(record_texts("-", stdin=io.BytesIO(body)),
                                  limits.max_records + 1))
    if len(items) > limits.max_records:
        raise ApiError(413, f"more than {limits.max_records} records in one request "
                       "(--max-records)", "body")
    batch = _Batch(rules, items)
    out = await within(settings, deadline, batch.lines, settings, deadline,
                       doing=batch.progress)
    return Response(out, media_type="application/x-ndjson")
