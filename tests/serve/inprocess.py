"""The checking service run in the test's own process (no server, no port): the application
with chosen limits and a clock the test controls, so that what a time limit decides depends on
the clock's readings, never on how busy the machine is."""

from __future__ import annotations

import threading

import httpx

from oracle.serve.app import create_app
from oracle.serve.limits import Clock, Limits
from tests.serve.live import SAFETY



class FakeClock:
    """A clock that stands still until the test moves it (``advance``)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` on."""
        self.now += seconds


class CountingClock:
    """A clock that moves ``step`` seconds each time it is read: time counted in work done."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            self.now += self.step
            return self.now


def client(limits: Limits, clock: Clock) -> httpx.AsyncClient:
    """A client of the application with ``limits`` and ``clock``."""
    app = create_app(limits, clock)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://oracle")


class Gate:
    """A stand-in for a piece of the service's work that waits, in its thread, until the test
    opens the gate: ``entered`` is set once the work has begun."""

    def __init__(self, result: object) -> None:
        self.entered = threading.Event()
        self.opened = threading.Event()
        self.result = result

    def work(self, *args: object) -> object:
        """The work: signal it has begun, wait for the gate (at most :data:`SAFETY` s)."""
        self.entered.set()
        self.opened.wait(SAFETY)
        return self.result
