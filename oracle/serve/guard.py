"""The guard: the outermost layer of the checking service, which makes sure every request gets
one JSON answer, whatever happens inside, and which stops the service at once on a signal.

- Anything that escapes the application (it answered nothing, or failed before answering, or
  its work was cancelled) is answered with a JSON error (500, or 503 while stopping) rather
  than the server's plain-text one; nothing is left to the server to print as a traceback.
- :meth:`Guard.stop` (Ctrl-C or SIGTERM, see :func:`stop_on_signals`) answers every request
  still in flight that has no answer yet with a 503 JSON error, closing its connection, runs the
  ``on_stop`` callbacks (the solve processes are killed), and ends the process with 130
  (SIGINT) or 143 (SIGTERM), as every command of the command line does (README, exit codes).
  A request that arrives meanwhile is answered 503 too; a second signal ends the process at
  once.
- Every answer, the guard's own included, carries the CORS headers of its request
  (:mod:`oracle.serve.cors`), and a preflight ``OPTIONS`` on a path the service has is answered
  here, ``204 No Content``, before any limit applies.
- Processes the service starts (the workers, the solver's fork server) start with Ctrl-C held
  back (:func:`ctrl_c_held`): a Ctrl-C while one is still starting up reaches it only once it
  can stop cleanly (a worker, once :func:`stop_on_signals` is in place) or never (the fork
  server and the solves, which the service stops), rather than as a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from multiprocessing import resource_tracker
from typing import NoReturn

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from oracle.plumbing.exitcodes import EXIT_INTERRUPTED, EXIT_TERMINATED
from oracle.serve.cors import Cors, Headers
from oracle.serve.problems import ApiError, send_problem

#: Real seconds the answers to the requests in flight may take to be written when stopping
#: (a safety bound: they are a few hundred bytes each).
FLUSH = 2.0
#: The signals that stop the service.
SIGNALS = (signal.SIGINT, signal.SIGTERM)


def exit_code(signum: int) -> int:
    """The exit code for stopping on ``signum``: 143 for SIGTERM, else 130."""
    return EXIT_TERMINATED if signum == signal.SIGTERM else EXIT_INTERRUPTED


def end_process(signum: int) -> NoReturn:
    """End this process at once with :func:`exit_code`; the command's own process (one worker)
    says so in one line on standard error, as the command line does."""
    if multiprocessing.parent_process() is None:
        word = "terminated" if signum == signal.SIGTERM else "interrupted"
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write(f"clever-oracle: {word}\n")
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(exit_code(signum))


class Exchange:
    """One request in flight: its ``send``, the headers every answer to it carries
    (``extra``: CORS), and whether its answer has begun (the application's or the guard's; the
    other's messages are then dropped)."""

    def __init__(self, send: Send, extra: Headers | None = None) -> None:
        self.send = send
        self.extra = extra or []
        self.started = False
        self.guarded = False

    def _with_extra(self, message: Message) -> Message:
        if message["type"] == "http.response.start" and self.extra:
            return {**message, "headers": [*message.get("headers", ()), *self.extra]}
        return message

    async def _send(self, message: Message) -> None:
        await self.send(self._with_extra(message))

    async def forward(self, message: Message) -> None:
        """The application's ``send``: passed on unless the guard has answered."""
        if self.guarded:
            return
        if message["type"] == "http.response.start":
            self.started = True
        await self._send(message)

    async def answer(self, error: ApiError, close: bool = False) -> None:
        """Answer ``error`` unless an answer has begun."""
        if self.started:
            return
        self.started = self.guarded = True
        await send_problem(self._send, error, close)


def _stopping() -> ApiError:
    return ApiError(503, "the server is stopping; retry on another", None)


class Guard:
    """ASGI middleware around the whole application (see the module docstring)."""

    def __init__(self, app: ASGIApp, on_stop: tuple[Callable[[], None], ...] = (),
                 cors: Cors | None = None,
                 methods: Callable[[str], tuple[str, ...]] = lambda path: ()) -> None:
        self.app = app
        self.on_stop = on_stop
        self.cors = cors or Cors(())
        self.methods = methods
        self.open: set[Exchange] = set()
        self.stopping: int | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        exchange = Exchange(send, self.cors.headers(scope.get("headers", ())))
        if self.stopping is not None:
            await exchange.answer(_stopping(), close=True)
            return
        if scope.get("method") == "OPTIONS":
            methods = self.methods(str(scope.get("path", "")))
            if methods:
                await send({"type": "http.response.start", "status": 204,
                            "headers": self.cors.preflight(scope.get("headers", ()), methods)})
                await send({"type": "http.response.body", "body": b""})
                return
        self.open.add(exchange)
        try:
            await self.app(scope, receive, exchange.forward)
        except asyncio.CancelledError:
            await exchange.answer(_stopping(), close=True)
        except Exception as exc:  # noqa: BLE001 - the promise is: a JSON answer, no traceback
            if not exchange.started:
                logging.getLogger("oracle.serve").error(
                    "internal error on %s: %s: %s", scope.get("path", "?"), type(exc).__name__,
                    exc)
            await exchange.answer(ApiError(
                500, f"internal error of the oracle ({type(exc).__name__}); please report it "
                "with the request", None), close=True)
        else:
            await exchange.answer(ApiError(500, "the oracle gave no answer; please report it "
                                           "with the request", None), close=True)
        finally:
            self.open.discard(exchange)

    def stop(self, signum: int, end: Callable[[int], None] = end_process) -> None:
        """Stop on ``signum`` (see the module docstring); called in the event loop."""
        if self.stopping is not None:
            end(self.stopping)
            return
        self.stopping = signum
        answers = [asyncio.ensure_future(e.answer(_stopping(), close=True))
                   for e in list(self.open)]
        for callback in self.on_stop:
            with contextlib.suppress(Exception):
                callback()
        asyncio.ensure_future(self._end(answers, signum, end))

    async def _end(self, answers: list[asyncio.Task[None]], signum: int,
                   end: Callable[[int], None]) -> None:
        if answers:
            await asyncio.wait(answers, timeout=FLUSH)
        await asyncio.sleep(0)  # the closing transports flush what they hold
        end(signum)


@contextlib.contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back from this thread meanwhile, and from the processes it starts
    meanwhile, which keep it held (see the module docstring; a held signal is delivered once
    released)."""
    if not hasattr(signal, "pthread_sigmask"):  # not on every platform
        yield
        return
    # multiprocessing's resource tracker, started with the first process, would let Ctrl-C
    # through again as it starts: start it first
    resource_tracker.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def stop_on_signals(guard: Guard) -> None:
    """Make Ctrl-C and SIGTERM call ``guard.stop`` in the running event loop, then let a Ctrl-C
    held back since the process started through (in the main thread only; replaces the
    server's own handlers, which would wait for the requests in flight)."""
    if threading.current_thread() is not threading.main_thread():
        return
    loop = asyncio.get_running_loop()
    for signum in SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signum, guard.stop, signum)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
