"""Judging streams of records: one at a time, on every core, or on a Dask cluster; output in
input order.

:func:`judged` takes the records as read (:func:`oracle.records.record.record_texts`: name and JSON
text, never more than a bounded window of them at once) and yields one :class:`Outcome` per
record, in input order, as soon as it and every record before it are judged.  The judging of a
batch (:func:`judge_batch`: parse, verify, format the text and the JSON line) runs wherever the
executor puts it: inline (one job), in worker processes (``--jobs N``), or on Dask workers
(``--dask``; any :class:`concurrent.futures.Executor`, such as
``distributed.Client.get_executor()``).  Batches start small, so the first verdict appears at
once, and grow to :data:`MAX_BATCH`.  Text for a terminal escapes control characters
(:func:`printable`), so a player's name cannot colour the terminal or forge a ``LEGAL`` line.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Generator, Iterable, Iterator, Mapping
from concurrent.futures import Executor, Future
from typing import Literal

import attrs

from oracle.engine.errors import OracleError, RecordError
from oracle.engine.game import Game, Ruleset
from oracle.formats.shown import printable
from oracle.records.record import Item, Verdict, load_item, verify

#: The most records one batch sent to a worker holds.
MAX_BATCH = 256
#: How many batches per job are in flight at once (bounds memory; keeps every worker busy).
WINDOW_PER_JOB = 4

Kind = Literal["legal", "illegal", "incomplete", "legal-so-far", "unusable"]
#: Every kind of outcome, in the order the summary lists them.
KINDS: tuple[Kind, ...] = ("legal", "illegal", "incomplete", "legal-so-far", "unusable")

@attrs.frozen
class Judging:
    """How to judge: ``options`` (ruleset overrides as (name, value) pairs; each game takes the
    ones it knows), ``partial`` (a game in progress is ``legal-so-far``), ``game`` (accept only
    records of this game; None: any)."""

    options: tuple[tuple[str, str], ...] = ()
    partial: bool = False
    game: str | None = None


@attrs.frozen
class Outcome:
    """One record judged: its ``name``, its ``kind``, the ``text`` for people (escaped, one or
    more lines) and the ``line`` for ``--json`` (one JSON object, schema
    ``oracle/schema/verdict-1.json``)."""

    name: str
    kind: Kind
    text: str
    line: str


def with_options(game: Game, base: Ruleset, options: Iterable[tuple[str, str]]) -> Ruleset:
    """``base`` with the options this game knows applied."""
    names = {o.name for o in game.ruleset_options}
    return game.make_ruleset({k: v for k, v in options if k in names}, base)


def _under(verdict: Verdict) -> str:
    """`` under ruleset NAME=VALUE, ...`` when the record was judged under options that are not
    the game's defaults (every verdict says so: a game can be legal under one reading only)."""
    if not verdict.ruleset:
        return ""
    return " under ruleset " + ", ".join(f"{k}={v}" for k, v in verdict.ruleset)


def format_verdict(verdict: Verdict, game: Game) -> str:
    """A verdict as text for people (the lines ``clever-oracle verify`` prints)."""
    under = _under(verdict)
    if verdict.status == "legal":
        lines = [f"{verdict.name}: LEGAL{under} ({verdict.steps} steps)"]
        won = game.winner_seats(verdict.scores) if len(verdict.scores) > 1 else ()
        for i, (name, s) in enumerate(zip(verdict.players, verdict.scores)):
            mark = " (winner)" if i in won else ""
            lines.append(f"  p{i + 1} {name}: {s}{mark}")
        if len(verdict.scores) == 1:
            lines.append(f"  solo rating: {game.solo_rating(verdict.scores[0].total)}")
        return "\n".join(printable(line) for line in lines)
    if verdict.status == "legal-so-far":
        lines = [f"{verdict.name}: LEGAL SO FAR{under} ({verdict.steps} steps; the game is "
                 "not over)",
                 f"  position: {verdict.position}", f"  to move: {verdict.to_move}"]
    else:
        head = "ILLEGAL" if verdict.status == "illegal" else "INCOMPLETE"
        if verdict.step is not None:
            lines = [f"{verdict.name}: {head}{under} at step {verdict.step} of "
                     f"{verdict.steps}: {verdict.player}: {verdict.move}"]
        else:
            lines = [f"{verdict.name}: {head}{under}"]
        lines.append(f"  rule {verdict.rule}: {verdict.reason}")
        if verdict.position:
            lines.append(f"  position: {verdict.position}")
    if verdict.sheet_before:
        lines.append(f"  sheet before: {verdict.sheet_before}")
    if verdict.dice_before:
        lines.append(f"  dice before:  {verdict.dice_before}")
    if verdict.legal:
        shown = list(verdict.legal[:40])
        more = f" ... and {len(verdict.legal) - 40} more" if len(verdict.legal) > 40 else ""
        label = "legal" if verdict.status == "legal-so-far" else "legal instead"
        lines.append(f"  {label} ({len(verdict.legal)}): " + ", ".join(shown) + more)
    for i, s in enumerate(verdict.scores):
        lines.append(f"  p{i + 1}: {s}")
    return "\n".join(printable(line) for line in lines)


def _unusable(name: str, error: str) -> Outcome:
    line = json.dumps({"name": name, "status": "unusable", "error": error})
    return Outcome(name, "unusable", printable(error), line)


def judge_item(judging: Judging, item: Item) -> Outcome:
    """Parse and judge one record (never raises for bad input: an unusable record is an
    outcome too)."""
    name, loaded = load_item(item)
    if isinstance(loaded, RecordError):
        return _unusable(name, str(loaded))
    if judging.game is not None and loaded.game.name != judging.game:
        return _unusable(name, f"{name}: a {loaded.game.name} record, not {judging.game}")
    try:
        ruleset = with_options(loaded.game, loaded.options, judging.options)
        verdict = verify(loaded, name, ruleset, judging.partial)
    except OracleError as exc:
        return _unusable(name, f"{name}: {exc}")
    return Outcome(name, verdict.status, format_verdict(verdict, loaded.game),
                   json.dumps(verdict.to_json()))


def judge_batch(judging: Judging, items: tuple[Item, ...]) -> tuple[Outcome, ...]:
    """Judge a batch of records (what one worker task does)."""
    return tuple(judge_item(judging, item) for item in items)


def _batches(items: Iterable[Item]) -> Iterator[tuple[Item, ...]]:
    """``items`` in batches of 1, 2, 4, ... up to :data:`MAX_BATCH` records."""
    size, batch = 1, []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield tuple(batch)
            batch, size = [], min(size * 2, MAX_BATCH)
    if batch:
        yield tuple(batch)


def judged(
    items: Iterable[Item], judging: Judging, executor: Executor | None = None, jobs: int = 1,
    *, cancel: bool = True,
) -> Generator[Outcome, None, None]:
    """Every record of ``items`` judged, in input order, each yielded as soon as it and those
    before it are done.  Without an ``executor`` the records are judged here, one at a time
    (each verdict comes before the next record is read: right for a slow stream).  With one,
    at most ``jobs`` × :data:`WINDOW_PER_JOB` batches are in flight; a batch's verdicts come
    once the next batch has been read.  When the stream ends early (closed, or interrupted)
    the batches in flight are cancelled, unless ``cancel`` is False: the executor's owner
    stops them (a process pool, whose futures must not be cancelled from outside while its
    workers are being stopped: :func:`oracle.cli._pool_stopper`)."""
    if executor is None:
        for item in items:
            yield judge_item(judging, item)
        return
    window = max(1, jobs) * WINDOW_PER_JOB
    pending: deque[Future[tuple[Outcome, ...]]] = deque()
    try:
        for batch in _batches(items):
            pending.append(executor.submit(judge_batch, judging, batch))
            while pending and (len(pending) >= window or pending[0].done()):
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    finally:
        for future in pending if cancel else ():
            future.cancel()


def summary_line(counts: Mapping[str, int], code: int) -> str:
    """The last ``--json`` line: how many records of each kind, and the exit code."""
    return json.dumps({"summary": {"records": sum(counts.values()), **counts}, "exit": code})
