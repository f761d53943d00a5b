"""Stopping ``clever-oracle serve``: one Ctrl-C or SIGTERM stops it at once with 130 or 143
(README, exit codes), however many workers and whatever is in flight; a request in flight is
answered with a 503 JSON error (or its connection is closed), nothing prints a traceback, and no
process of the server is left.

Each test waits for signs, not for time: the server has printed its address and answers, a
solve is in flight (a server taking one request at a time refuses another), the server has
ended.  Their bounds (:data:`SAFETY`) are generous and never decide a verdict: the solve asked
would take minutes, and stopping takes a fraction of a second.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time

import httpx
import pytest

from tests.serve.live import SAFETY, Served, alive, serving

#: A solve that takes minutes (Clever 4Ever's best sheet of 200 entries).
LONG_SOLVE = {"game": "clever-4ever", "question": "sheet-max", "most": 200, "timeout": 600}


class Solve:
    """The long solve, asked in a thread of its own: its answer (or the client's error) lands
    in ``answers``."""

    def __init__(self, served: Served) -> None:
        self.answers: list[httpx.Response | Exception] = []
        self.thread = threading.Thread(target=self._ask, args=(served.url,), daemon=True)
        self.thread.start()

    def _ask(self, url: str) -> None:
        try:
            self.answers.append(httpx.post(f"{url}/solve", json=LONG_SOLVE, timeout=SAFETY))
        except httpx.HTTPError as exc:
            self.answers.append(exc)

    def answer(self) -> httpx.Response | Exception:
        """The answer, once it has come."""
        self.thread.join(SAFETY)
        assert self.answers, "the solve was never answered"
        return self.answers[0]


def _in_flight(served: Served) -> Solve:
    """The long solve, once the server (which takes one request at a time) refuses another:
    the solve holds its place."""
    solve = Solve(served)
    deadline = time.monotonic() + SAFETY
    while time.monotonic() < deadline:
        if httpx.get(f"{served.url}/health", timeout=SAFETY).status_code == 503:
            return solve
        assert not solve.answers, f"the solve ended first: {solve.answers}"
    raise AssertionError("the solve was never seen in flight")


def _ended(served: Served) -> int:
    """The server's exit code, once it and every process of its group have ended."""
    code = served.process.wait(SAFETY)
    deadline = time.monotonic() + SAFETY
    while alive(served.process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(served.process.pid), "a process of the server was left running"
    return code


def _clean(answer: httpx.Response | Exception) -> None:
    """A 503 JSON error, or the connection closed: nothing else."""
    if isinstance(answer, Exception):
        assert isinstance(answer, (httpx.RemoteProtocolError, httpx.ReadError)), answer
        return
    assert answer.status_code == 503, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.json()["error"] == "the server is stopping; retry on another"


@pytest.mark.parametrize("workers", ["1", "2"])
def test_sigterm_with_a_solve_in_flight_stops_at_once_with_143(workers: str) -> None:
    with serving("--workers", workers, "--max-concurrent", "1", "--timeout", "600") as served:
        solve = _in_flight(served)
        os.kill(served.process.pid, signal.SIGTERM)
        assert _ended(served) == 143
        _clean(solve.answer())
        assert served.log() == "clever-oracle: terminated\n"


@pytest.mark.parametrize("workers", ["1", "2"])
def test_two_ctrl_cs_with_a_solve_in_flight_stop_at_once_with_130(workers: str) -> None:
    with serving("--workers", workers, "--max-concurrent", "1", "--timeout", "600") as served:
        solve = _in_flight(served)
        for _ in range(2):  # a terminal's Ctrl-C reaches every process of the group
            os.killpg(served.process.pid, signal.SIGINT)
        assert _ended(served) == 130
        _clean(solve.answer())
        assert "Traceback" not in served.log()
        assert served.log().endswith("clever-oracle: interrupted\n")


def test_ctrl_c_while_idle_stops_at_once_with_130() -> None:
    with serving() as served:
        os.killpg(served.process.pid, signal.SIGINT)
        assert _ended(served) == 130
        assert served.log() == "clever-oracle: interrupted\n"


def test_the_process_group_helper_sees_a_running_process() -> None:
    """:func:`tests.serve.live.alive` finds a live process of a group, and not a zombie."""
    sleeper = subprocess.Popen(["sleep", "30"], start_new_session=True)
    try:
        assert alive(sleeper.pid) == [sleeper.pid]
    finally:
        sleeper.kill()
    deadline = time.monotonic() + SAFETY
    while alive(sleeper.pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert alive(sleeper.pid) == []
    sleeper.wait()
