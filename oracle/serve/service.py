"""What every endpoint of the checking service shares: the service's settings (its limits and
clock, the process context solves run in and the solves running), running a request's work
within the time limit (:func:`within`), JSON answers, and finding the game or position a
request names, as position notation or in the JSON game model (a bad one is a 4xx naming
where)."""

from __future__ import annotations

import asyncio
import functools
import multiprocessing.context
import multiprocessing.process
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import TypeVar

import attrs
from starlette.requests import Request
from starlette.responses import Response

from oracle.engine.errors import OracleError
from oracle.engine.game import Game, State
from oracle.games import GAMES, find_game
from oracle.formats.jsonread import JSONModelError
from oracle.records.position import position_game, state_from_json
from oracle.serve.limits import MONOTONIC, POLL, Clock, Limits
from oracle.serve.memo import PositionMemo
from oracle.serve.problems import ApiError, dumps

T = TypeVar("T")

#: A context that starts processes: a fork server's, or a spawning one.
Processes = multiprocessing.context.ForkServerContext | multiprocessing.context.SpawnContext


class Solves:
    """The solve processes running now, so that stopping the service stops them
    (:mod:`oracle.serve.guard`); once stopped, a solve that starts is stopped at once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: set[multiprocessing.process.BaseProcess] = set()
        self._stopped = False

    def add(self, process: multiprocessing.process.BaseProcess) -> None:
        """Count ``process`` as running (it is killed now if the service has stopped)."""
        with self._lock:
            if not self._stopped:
                self._running.add(process)
                return
        process.kill()

    def discard(self, process: multiprocessing.process.BaseProcess) -> None:
        """``process`` has ended."""
        with self._lock:
            self._running.discard(process)

    def stop(self) -> None:
        """Kill every solve process, now and from now on."""
        with self._lock:
            self._stopped = True
            running = list(self._running)
        for process in running:
            process.kill()


def threads_for(limits: Limits) -> ThreadPoolExecutor:
    """The threads a worker runs its requests' work in: one per request it admits at once, and
    as many again for work whose request was answered when its time ran out (a thread cannot be
    stopped; such work ends by itself, and work beyond waits for a thread, its time running)."""
    return ThreadPoolExecutor(2 * limits.max_concurrent, thread_name_prefix="oracle-serve")


@attrs.frozen
class Service:
    """One worker's settings: the ``limits`` and the ``clock`` they read
    (:data:`oracle.serve.limits.Clock`), the ``processes`` context solves run in and the
    ``solves`` running (:mod:`oracle.serve.solving`), the ``threads`` requests' work runs
    in (:func:`threads_for`), and the ``memo`` of positions read and written lately
    (:mod:`oracle.serve.memo`)."""

    limits: Limits
    processes: Processes
    clock: Clock = MONOTONIC
    solves: Solves = attrs.field(factory=Solves, eq=False)
    threads: Executor = attrs.field(
        default=attrs.Factory(lambda self: threads_for(self.limits), takes_self=True), eq=False)
    memo: PositionMemo = attrs.field(factory=PositionMemo, eq=False)

    def deadline(self) -> float:
        """The clock's reading when a request's work begun now must be done."""
        return self.clock() + self.limits.timeout


async def within(settings: Service, deadline: float, work: Callable[..., T], *args: object,
                 doing: Callable[[], str] = lambda: "") -> T:
    """``work(*args)`` run in a thread; its result, or its exception.  Once the clock passes
    ``deadline`` first, the answer is a 503 (the limit ``--timeout``, and ``doing()``: how far
    it got): a thread cannot be stopped, so the work is left to end on its own (work the
    service runs in threads is bounded by the size of a body)."""
    loop = asyncio.get_running_loop()
    future = loop.run_in_executor(settings.threads, functools.partial(work, *args))
    while not future.done():
        left = deadline - settings.clock()
        if left <= 0:
            future.cancel()  # not begun yet: it never will
            raise ApiError(503, f"the time limit of {settings.limits.timeout:g} s per request "
                           f"(--timeout) ran out{doing()}", "body")
        await asyncio.wait({future}, timeout=min(left, POLL))
    return future.result()


def service(request: Request) -> Service:
    """The settings of the application serving ``request``."""
    found = request.app.state.service
    assert isinstance(found, Service)
    return found


def answer(data: object, status: int = 200) -> Response:
    """A JSON answer."""
    return Response(dumps(data), status, media_type="application/json")


def answer_text(data: dict[str, object], given: tuple[tuple[str, bytes], ...]) -> bytes:
    """An answer's JSON text: ``data``, then the fields ``given`` as JSON text already (a
    position's ``state``, :meth:`oracle.serve.memo.PositionMemo.write`), in order."""
    head = dumps(data)[:-1]
    parts = [head]
    for key, text in given:
        parts.append(b'%s"%s": %s' % (b", " if len(parts) > 1 or len(head) > 1 else b"",
                                      key.encode("ascii"), text))
    parts.append(b"}")
    return b"".join(parts)


def json_answer(text: bytes) -> Response:
    """A JSON answer whose text is made already."""
    return Response(text, media_type="application/json")


def answer_with_json(data: dict[str, object], given: tuple[tuple[str, bytes], ...]) -> Response:
    """A JSON answer: :func:`answer_text`."""
    return json_answer(answer_text(data, given))


def game_named(name: str, where: str, status: int = 422) -> Game:
    """The game called ``name``; ``status`` (422 for a body field, 404 for a path) if none."""
    try:
        return find_game(name)
    except OracleError:
        raise ApiError(status, f"unknown game {name[:60]!r} (known: {', '.join(GAMES)})",
                       where) from None


def position_state(text: str, where: str = "/position") -> tuple[Game, State]:
    """The game and state a position describes; 422 naming the field at fault."""
    try:
        game = position_game(text)
        return game, game.parse_position(text)
    except OracleError as exc:
        raise ApiError(422, str(exc), where) from None


def model_problem(exc: JSONModelError, where: str) -> ApiError:
    """A 422 for JSON model data at ``where`` in the body that is not what it should be: where
    is the JSON pointer of the fault in the body."""
    return ApiError(422, exc.reason, where + exc.pointer)


def model_state(data: object, where: str = "/state") -> tuple[Game, State]:
    """The game and state of a position in the JSON game model (docs/formats.md, section 6);
    422 naming the JSON pointer at fault."""
    try:
        name = data.get("game") if isinstance(data, dict) else None
        if isinstance(name, str) and name in GAMES:
            game = GAMES[name]
            return game, game.from_json(data)
        state_from_json(data)  # names the fault
        raise AssertionError("unreachable: a position without its game's name")
    except JSONModelError as exc:
        raise model_problem(exc, where) from None
    except OracleError as exc:
        raise ApiError(422, str(exc), where) from None


def given_state(body: dict[str, object], memo: PositionMemo | None = None) -> tuple[Game, State]:
    """The game and state of a request that gives its position in the JSON game model
    (``state``; through ``memo`` if given) or in position notation (``position``; its body's
    schema lets it give one)."""
    if "state" in body:
        return memo.read(body["state"], model_state) if memo else model_state(body["state"])
    return position_state(str(body["position"]))
